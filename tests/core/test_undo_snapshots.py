"""Undo in constant time (a snapshot before each action) stays exact whatever mix of apply, undo and clone, and
whether the game kept snapshots (`keep_undo`) or not: checked against a replay of the game's own record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

import caylus

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


def replayed(game) -> dict:
    return caylus.load_record(game.record()).view(None)


@pytest.mark.parametrize("edition", EDITIONS)
@settings(max_examples=15, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(["apply", "apply", "apply", "undo", "clone", "lean"]),
                                st.integers(0, 10_000)), max_size=80),
       seed=st.integers(0, 1000))
def test_random_apply_undo_clone_matches_a_replay_of_the_record(edition, steps, seed):
    game = caylus.new_game(edition, players=3, seed=seed)
    for op, pick in steps:
        if op == "apply" and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[pick % len(legal)])
        elif op == "undo" and game.history:
            game.undo()
        elif op == "clone":
            other = game.clone()  # the two share their old snapshots; each must stay whole
            if other.history:
                other.undo()
            game, keep = (other, game) if pick % 2 else (game, other)
            assert keep.view(None) == replayed(keep)
        elif op == "lean":
            game.keep_undo = not game.keep_undo
        assert game.view(None) == replayed(game)


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
