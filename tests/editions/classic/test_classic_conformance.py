"""Random-playout conformance for Caylus (2005): invariants that must hold after every single decision.

Generic API properties (undo, clone, JSON, records, illegal tokens) are checked for every edition in
tests/core/test_conformance.py; this file checks what only Caylus has: workers, houses, tiles and the castle.
"""

from __future__ import annotations

import random

import pytest

import caylus
from caylus.editions.classic import rules
from caylus.editions.classic.catalog import (
    HOUSES, NEUTRAL, PRESTIGE, RESIDENCE, ROAD_LENGTH, SECTION_PARTS, STONE_TILE, TILES, WOOD_TILE, WORKERS,
)

CONFIGS = [(n, opts) for n in (2, 3, 4, 5) for opts in ({}, {"favors": "simplified"}, {"jeweller": "true"})]


def check_invariants(game: caylus.Game) -> None:
    b = game.board
    n = b.n
    for seat in range(n):
        # Every worker is at home or on exactly one space.
        placed = sum(1 for p in range(1, ROAD_LENGTH + 1) if b.worker[p] == seat)
        placed += sum(1 for s in b.special if s == seat) + b.stables.count(seat) + b.castle.count(seat)
        placed += (b.inn_left == seat) + (b.inn_right == seat)
        assert b.workers[seat] + placed == WORKERS, f"seat {seat} workers"
        # Every house is in the player's supply, on a building they own, in the castle, or reserved by a
        # lawyer's delayed transformation of a neutral building.
        owned = sum(1 for p in range(1, ROAD_LENGTH + 1) if b.owner[p] == seat)
        in_castle = sum(b.castle_houses[s * n + seat] for s in range(3))
        reserved = sum(1 for p, who in b.pending if who == seat and TILES[b.road[p]].kind == NEUTRAL)
        assert b.houses[seat] + owned + in_castle + reserved == HOUSES, f"seat {seat} houses"
        assert b.houses[seat] >= 0 and b.deniers[seat] >= 0 and b.prestige[seat] >= 0
        assert all(c >= 0 for c in b.cubes[seat * 5:seat * 5 + 5])
        assert 0 <= b.favor[seat * 4] <= 5
    assert len(b.stables) == len(set(b.stables)) <= 3
    assert len(b.castle) == len(set(b.castle))
    assert not (b.two_player and b.stables)
    # Each unique tile is in at most one place: on the road once, or in the stock, or out of the game.
    for t, tile in enumerate(TILES):
        if t == RESIDENCE:
            continue
        on_road = b.road.count(t)
        assert on_road <= 1
        if tile.kind in (WOOD_TILE, STONE_TILE, PRESTIGE):
            assert not (on_road and b.in_stock[t])
        assert (b.pos_of[t] >= 0) == bool(on_road)
    for s in range(3):
        assert 0 <= b.filled[s] <= SECTION_PARTS[s]
        assert b.filled[s] == sum(b.castle_houses[s * n + seat] for seat in range(n))
    assert 1 <= b.provost <= ROAD_LENGTH and 1 <= b.bailiff <= ROAD_LENGTH
    if b.stack and b.stack[-1][0] == rules.D_PLACE:
        assert b.order[b.placer] == b.stack[-1][1]  # phase 2 asks the player its `placer` points at
    # The spaces open to a worker, kept up to date move by move, are those the road shows.
    fresh = b.copy()
    rules.reindex(fresh)
    assert b.vacant == fresh.vacant


@pytest.mark.parametrize("players,options", CONFIGS)
def test_random_games_keep_every_invariant(players, options):
    for seed in range(4):
        game = caylus.new_game("caylus", players=players, seed=seed, **options)
        rng = random.Random(seed)
        steps = 0
        while not game.is_terminal:
            check_invariants(game)
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
            assert steps < 5000, "a game must end"
        check_invariants(game)
        assert game.board.counted == 3  # the game ends only after the Towers count
        assert game.winners()


def test_games_with_a_castle_loving_player_still_end():
    """Bias play towards the castle and batches so that sections fill before the bailiff arrives."""
    for seed in range(6):
        game = caylus.new_game("caylus", players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal:
            acts = game.legal_actions()
            keen = [a for a in acts if a.verb in ("batch", "take", "build") or a.token == "place:castle"]
            game.apply(rng.choice(keen) if keen and rng.random() < 0.8 else rng.choice(acts))
            check_invariants(game)
        assert game.board.counted == 3
