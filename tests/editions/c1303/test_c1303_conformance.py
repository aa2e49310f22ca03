"""Random-playout conformance for Caylus 1303, 2-5 players.

Games end; workers, houses, tiles, characters and resources stay accounted for after every decision; undo,
clone, JSON and records reproduce the state exactly; illegal tokens are refused without changing anything.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import caylus
from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import (
    HOUSES_TO_BUILD, IN_BOX, IN_DRAFT, MONUMENT, MONUMENT_FACE, PRINTED_SLOTS, PROVOST_MAX, RESIDENCE, SLOTS,
    STARTING, TILES, WORKERS_PER_COLOR,
)
from caylus.editions.c1303.notation import ACTIONS

EDITION = "caylus-1303"


def check_invariants(game: caylus.Game, drawn: int) -> None:
    b = game.board
    n = b.n
    for p in range(n):
        placed = b.worker_on.count(p) + b.journeyman_on.count(p) + b.site_workers.count(p)
        assert b.workers[p] >= 0 and b.camp[p] >= 0
        assert b.workers[p] + b.camp[p] + placed == WORKERS_PER_COLOR, f"player {p}: workers not conserved"
        owned = b.owner.count(p)
        assert b.houses[p] >= 0 and b.houses[p] + owned == HOUSES_TO_BUILD, f"player {p}: houses not conserved"
        assert min(b.res[5 * p:5 * p + 5]) >= 0, f"player {p}: negative resources"
        assert b.pp[p] >= 0
        assert b.site_workers.count(p) <= 1
    # Each tile is in one place at most: the Road, the Construction Site, or the supply.
    on_road = [t for t in b.tile[PRINTED_SLOTS:] if t >= 0]
    assert len(on_road) == len(set(on_road))
    assert not set(on_road) & set(b.site)
    for t in on_road:
        assert not b.supply[t]
    for s in range(PRINTED_SLOTS, SLOTS):
        t = b.tile[s]
        if t < 0:
            assert b.worker_on[s] < 0 and b.owner[s] < 0
            continue
        kind = TILES[t].kind
        if b.face[s] == MONUMENT_FACE:
            assert kind == MONUMENT and b.owner[s] >= 0
        if b.face[s] == RESIDENCE:
            assert kind == STARTING and b.owner[s] >= 0
        if b.face[s] >= RESIDENCE:
            assert b.worker_on[s] < 0
        if b.journeyman_on[s] >= 0:
            assert b.worker_on[s] >= 0 or game.board.phase == 2   # (Activation returns the first one first)
    assert 0 <= b.provost <= PROVOST_MAX
    assert sum(1 for c in b.chars if c != IN_BOX) == drawn
    if b.phase != 0:
        assert IN_DRAFT not in b.chars
    # The slots open to a worker, kept up to date move by move, are those the board shows.
    fresh = b.copy()
    rules.reindex(fresh)
    assert b.vacant == fresh.vacant


def play_random(players: int, seed: int, options=None, check=True, eager=False):
    """A uniformly random game; `eager` players decline (`pass`) only one time in five, to reach the
    constructions, Monuments and deliveries that uniform play rarely gets to."""
    game = caylus.new_game(EDITION, players=players, seed=seed, **(options or {}))
    rng = random.Random(seed * 31 + players)
    steps = 0
    last_pp = list(game.board.pp)
    while not game.is_terminal:
        if check:
            check_invariants(game, players + 3)
        legal = game.legal_actions()
        assert len(legal) >= 2, "a decision with a single answer must be played automatically"
        assert len(set(a.token for a in legal)) == len(legal)
        choices = legal
        if eager and rng.random() < 0.8:
            choices = [a for a in legal if a.token != "pass"] or legal
        game.apply(rng.choice(choices))
        assert all(now >= before for now, before in zip(game.board.pp, last_pp)), "prestige is never lost"
        last_pp = list(game.board.pp)
        steps += 1
        assert steps < 5000, "a game must end"
    if check:
        check_invariants(game, players + 3)
    assert game.board.round == 9
    assert game.winners()
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"characters": "recommended"}])
@pytest.mark.parametrize("eager", [False, True])
def test_random_games_end_and_keep_every_invariant(players, options, eager):
    for seed in range(6):
        game = play_random(players, seed, options, eager=eager)
        final = game.scores()
        b = game.board
        assert final == [b.pp[p] + 2 * b.res[5 * p + 4] for p in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_undo_clone_json_record(players, seed):
    game = caylus.new_game(EDITION, players=players, seed=100 + players + 10 * seed)
    rng = random.Random(players + seed)
    step = 0
    while not game.is_terminal:
        before = json.dumps(game.view(None), sort_keys=True)
        legal = game.legal_actions()
        eager = [a for a in legal if a.token != "pass"]
        act = rng.choice(eager if eager and rng.random() < 0.7 else legal)
        if step % 7 == 0:
            # undo restores exactly, and the same action then gives the same state again
            game.apply(act)
            after = json.dumps(game.view(None), sort_keys=True)
            assert game.undo() == act
            assert json.dumps(game.view(None), sort_keys=True) == before
            game.apply(act)
            assert json.dumps(game.view(None), sort_keys=True) == after
        elif step % 11 == 0:
            # a clone is independent
            other = game.clone()
            other.apply(rng.choice(other.legal_actions()))
            assert json.dumps(game.view(None), sort_keys=True) == before
            game.apply(act)
        else:
            game.apply(act)
        step += 1
        if step % 50 == 0:
            view = game.view(None)
            assert caylus.Game.from_json(game.to_json()).view(None) == view
            assert caylus.load_record(game.record()).view(None) == view
    view = game.view(None)
    assert caylus.Game.from_json(game.to_json()).view(None) == view
    replayed = caylus.load_record(game.record())
    assert replayed.view(None) == view and replayed.scores() == game.scores()
    json.dumps(view)  # JSON-ready


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_illegal_tokens_are_refused_without_change(players):
    game = caylus.new_game(EDITION, players=players, seed=7)
    rng = random.Random(7)
    everything = list(ACTIONS)
    while not game.is_terminal:
        legal = set(a.token for a in game.legal_actions())
        before = game.view(None)
        for act in rng.sample(everything, 6):
            if act.token in legal:
                continue
            with pytest.raises(caylus.IllegalAction) as info:
                game.apply(act.token)
            assert act.token in str(info.value) and len(str(info.value)) > len(act.token) + 5
            assert game.view(None) == before
        for junk in ("", "place", "place:nowhere", "provost:+9", "fly:away"):
            with pytest.raises(caylus.IllegalAction):
                game.apply(junk)
        assert game.view(None) == before
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(caylus.IllegalAction):
        game.apply("pass")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_every_legal_action_applies(players, seed):
    """Hypothesis: any seed, any random path; every legal action applies on a clone without raising."""
    game = caylus.new_game(EDITION, players=players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not game.is_terminal:
        legal = game.legal_actions()
        if step % 5 == 0:
            for act in legal:
                game.clone().apply(act)
        game.apply(rng.choice(legal))
        step += 1


def test_same_seed_same_game_and_setup_varies():
    a = play_random(4, 5, check=False)
    b = play_random(4, 5, check=False)
    assert a.view(None) == b.view(None) and a.record() == b.record()
    setups = {json.dumps(caylus.new_game(EDITION, players=4, seed=s).view(None)["road"]) for s in range(10)}
    assert len(setups) > 5
