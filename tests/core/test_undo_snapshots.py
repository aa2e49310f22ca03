"""Undo in constant time (a snapshot before each action) stays exact whatever mix of apply, undo and clone, and
whether the game kept snapshots (`keep_undo`) or not: checked against a replay of the game's own record."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import caylus

from .playing import CONFIGS

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


def replayed(game) -> dict:
    return caylus.load_record(game.record()).view(None)


def same_as_replay(game) -> bool:
    """The game's state and legal actions (which read the rules' own bookkeeping, such as the open spaces) are
    those a replay of its record reaches."""
    replay = caylus.load_record(game.record())
    return game.view(None) == replay.view(None) and game.legal_tokens() == replay.legal_tokens()


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=15, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(["apply", "apply", "apply", "undo", "clone", "lean"]),
                                st.integers(0, 10_000)), max_size=80),
       seed=st.integers(0, 1000))
def test_random_apply_undo_clone_matches_a_replay_of_the_record(edition, steps, seed):
    """Every step works on one of the games made so far (clones share their snapshots with the game they came
    from, and with each other): whatever one does, each stays what a replay of its own record gives."""
    games = [caylus.new_game(edition, players=3, seed=seed)]
    for op, pick in steps:
        game = games[pick % len(games)]
        if op == "apply" and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[pick // 8 % len(legal)])
        elif op == "undo" and game.history:
            game.undo()
        elif op == "clone":
            games.append(game.clone())
        elif op == "lean":
            game.keep_undo = not game.keep_undo
        assert same_as_replay(game)
    start = caylus.new_game(edition, players=3, seed=seed).view(None)
    for game in games:
        assert same_as_replay(game)
        while game.history:  # down to the setup through every snapshot, shared or not
            game.undo()
        assert game.view(None) == start


@pytest.mark.parametrize("edition", EDITIONS)
def test_undo_back_to_the_start_restores_the_setup(edition):
    game = caylus.new_game(edition, players=4, seed=3)
    start = game.view(None)
    views = []
    while not game.is_terminal and len(game.history) < 150:
        views.append(game.view(None))
        game.apply(game.legal_actions()[len(game.history) % len(game.legal_actions())])
    while game.history:
        game.undo()
        assert game.view(None) == views[len(game.history)]
    assert game.view(None) == start


# -- every edition, player count and option combination ------------------------------------------------------------
# The checks above use each edition's default options; these run on every configuration (tests/core/playing.py),
# with and without snapshots, so that no option can change a board in a way that its copy or its undo misses.

def forced_moves_follow(game, act) -> bool:
    """Whether the engine plays a forced move right after `act` (checked on a copy of the board)."""
    board = game.board.copy()
    game.edition.apply(board, act)
    must_ask = game.edition.must_ask
    return (not board.terminal and len(game.edition.legal_actions(board)) == 1
            and not (must_ask is not None and must_ask(board)))


def play(game, rng, actions: int) -> list:
    """Play up to `actions` random actions; the omniscient views, states[k] after k actions."""
    states = [game.view(None)]
    while not game.is_terminal and len(game.history) < actions:
        game.apply(rng.choice(game.legal_actions()))
        states.append(game.view(None))
    return states


@pytest.mark.parametrize("keep_undo", [True, False], ids=["snapshots", "replay"])
@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_undo_across_many_actions_back_to_the_start(config, keep_undo):
    game = config.new_game(11)
    game.keep_undo = keep_undo
    states = play(game, random.Random(11), 120)
    while game.history:
        game.undo()
        assert game.view(None) == states[len(game.history)], f"{config}: undo to {len(game.history)} actions"
    assert game.view(None) == config.new_game(11).view(None)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_undo_after_forced_moves(config):
    """An action the engine follows with forced moves is taken back whole: the board, the player to move and the
    legal actions are those of the decision before it."""
    game = config.new_game(12)
    rng = random.Random(12)
    checked = 0
    while not game.is_terminal and checked < 4 and len(game.history) < 400:
        act = rng.choice(game.legal_actions())
        if forced_moves_follow(game, act):
            before, legal, player = game.view(None), game.legal_actions(), game.current_player
            game.apply(act)
            assert game.undo() is act
            assert game.view(None) == before and game.legal_actions() == legal and game.current_player == player
            checked += 1
        game.apply(act)
    assert checked or game.is_terminal, f"{config}: no action followed by a forced move in 400 decisions"


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_clones_stay_exact_through_undo_and_new_moves(config):
    """A clone and its original share the snapshots taken before the clone: undoing and playing on in one leaves the
    other, and both undo exactly to any earlier state."""
    game = config.new_game(13)
    rng = random.Random(13)
    states = play(game, rng, 60)
    twin = game.clone()
    assert twin.view(None) == game.view(None) and twin.history == game.history
    for _ in range(min(10, len(twin.history))):
        twin.undo()
        assert twin.view(None) == states[len(twin.history)]
    play(twin, random.Random(14), len(twin.history) + 10)  # a different future for the clone
    assert game.view(None) == states[-1]
    assert twin.view(None) == replayed(twin)
    while game.history:
        game.undo()
        assert game.view(None) == states[len(game.history)]
    assert twin.view(None) == replayed(twin)


# -- what forward play pays for undo ---------------------------------------------------------------------------------

def snapshot_starts(game) -> list[int]:
    chain, starts = game._snapshots, []
    while chain is not None:
        starts.append(chain[0])
        chain = chain[2]
    return starts


@pytest.mark.parametrize("edition", EDITIONS)
def test_forward_play_keeps_a_snapshot_only_every_checkpoint(edition):
    """A game that never undoes copies its board once every CHECKPOINT_EVERY actions, not before each action."""
    from caylus.core.game import CHECKPOINT_EVERY

    game = caylus.new_game(edition, players=4, seed=5)
    rng = random.Random(5)
    while not game.is_terminal and len(game.history) < 5 * CHECKPOINT_EVERY:
        game.apply(rng.choice(game.legal_actions()))
    starts = snapshot_starts(game)
    assert len(starts) <= len(game.history) // CHECKPOINT_EVERY + 1
    assert all(a - b >= CHECKPOINT_EVERY for a, b in zip(starts, starts[1:]) if b)


@pytest.mark.parametrize("edition", EDITIONS)
def test_after_an_undo_undo_and_apply_keep_their_snapshots(edition):
    """The first undo replays from the checkpoint below and keeps a snapshot at each decision on the way; from then
    on, each undo takes the snapshot just below, and each action played keeps one."""
    from caylus.core.game import CHECKPOINT_EVERY

    game = caylus.new_game(edition, players=4, seed=6)
    rng = random.Random(6)
    while len(game.history) < CHECKPOINT_EVERY + CHECKPOINT_EVERY // 2:
        game.apply(rng.choice(game.legal_actions()))
    game.undo()
    for _ in range(5):
        assert snapshot_starts(game)[0] == len(game.history) - 1  # the next undo is a pop
        game.undo()
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
        assert snapshot_starts(game)[0] == len(game.history) - 1
    assert same_as_replay(game)
