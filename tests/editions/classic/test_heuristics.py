"""Caylus (2005) bot heuristics: the valuation agrees with what the rulebook says a move brings.

Positions come from tests/editions/classic/scenario.py; values from `heuristics.evaluate` (prestige points).
Quotes are from shared/rules/caylus-rules.txt.
"""

from __future__ import annotations

import itertools

import pytest

from caylus.editions.classic import heuristics

from . import scenario as sc
from .scenario import BLUE, GREEN, ORANGE, RED

ORDER = [BLUE, RED, GREEN, ORANGE]


def value(game, seat: int = BLUE) -> float:
    return heuristics.evaluate(game.board)[seat]


def test_building_a_building_is_not_valued_as_a_loss():
    """Rules p4 b: the builder pays the cubes, places the tile and "immediately scores the number of prestige
    points" on it; the tile then earns 1 prestige each time another player's worker uses it (p3 c). Blue, on the
    neutral carpenter with 1 food, 2 wood and 1 stone, is worth no less after the best building than before, and
    every building is worth more than building nothing. (Red's worker on the marketplace keeps the turn going:
    the values compare at one stage of the game.)"""
    game = sc.new(order=ORDER)
    sc.set_cubes(game, BLUE, food=1, wood=2, stone=1)
    sc.start_activation(game, {"neutral_carpenter": BLUE, "neutral_marketplace": RED}, provost=6)
    before = value(game)
    nothing = game.clone()
    nothing.apply("pass")
    built = {}
    for token in game.legal_tokens():
        if token.startswith("build:"):
            after = game.clone()
            after.apply(token)
            if after.current_player == BLUE:  # the Marketplace's cube of any kind: the best one to pay
                after = max((_paid(after, t) for t in after.legal_tokens()), key=value)
            built[token] = value(after)
    assert {"build:mason", "build:sawmill", "build:marketplace"} <= set(built)
    assert max(built.values()) >= before - 1e-9
    assert min(built.values()) > value(nothing)


def _paid(game, token):
    game = game.clone()
    game.apply(token)
    return game


def test_a_worker_in_the_castle_is_worth_its_batch():
    """Rules p5: a batch is "three different cubes, one of which must be a food cube"; each batch for the
    Dungeon gains 5 prestige, and a worker in the castle who gives no batch loses 2 prestige. With a batch,
    placing a worker in the castle raises Blue's value; without one it lowers it."""
    values = {}
    for name, cubes in (("batch", dict(food=1, wood=1, stone=1)), ("none", dict(food=1, wood=2))):
        game = sc.new(order=ORDER)
        sc.set_cubes(game, BLUE, deniers=5, **cubes)
        before = value(game)
        game.apply("place:castle")
        values[name] = value(game) - before
    assert values["batch"] > 2.0  # 5 prestige and a house for the count, less the cubes and the denier
    assert values["none"] < 0.0


def test_a_batch_made_on_the_road_counts_in_the_castle():
    """Rules p3-p5: the road's buildings are activated (phase 5) before the castle is built (phase 6), so the
    stone Blue's worker takes at the neutral quarry this turn completes the batch Blue gives the same turn."""
    gains = {}
    for quarry in (True, False):
        game = sc.new(order=ORDER)
        sc.set_cubes(game, BLUE, deniers=6, food=1, wood=1, stone=0)
        if quarry:
            game.apply("place:neutral_quarry")
            sc.to_act(game, BLUE)
        before = value(game)
        game.apply("place:castle")
        gains[quarry] = value(game) - before
    assert gains[True] > 2.0
    assert gains[False] < 0.0


def test_no_house_in_the_section_at_its_count_is_valued_as_the_penalty():
    """Rules p5 "Counts", Dungeon: "no house: -2 prestige points; 2 houses & more: 1 royal favor". Blue, with
    two houses in the Dungeon, is worth more than Red, with none, all else being equal."""
    game = sc.new(order=ORDER)
    for seat in (BLUE, RED):
        sc.set_cubes(game, seat, deniers=6, food=0, wood=0)
    sc.set_castle(game, dungeon={BLUE: 2})
    v = heuristics.evaluate(game.board)
    assert v[BLUE] - v[RED] >= 2.0


def _most_batches(c) -> int:
    """The most batches the cubes make, by trying every way to give them."""
    food, others = c[0], list(c[1:])
    if not food:
        return 0
    best = 0
    for i in range(4):
        for j in range(i + 1, 4):
            if others[i] and others[j]:
                rest = others[:]
                rest[i] -= 1
                rest[j] -= 1
                best = max(best, 1 + _most_batches([food - 1] + rest))
    return best


def test_batches_counts_the_most_batches_the_cubes_make():
    """Rules p5: "A batch must be composed of three different cubes, one of which must be a food cube": the
    seat's cubes are counted as the most batches they can make, whatever it gives first."""
    import itertools

    for c in itertools.product(range(4), range(4), range(3), range(3), range(3)):
        assert heuristics.batches(c) == _most_batches(c), c


def test_a_pile_of_one_kind_counts_half_beyond_two_early_in_the_game():
    """Early in the game, cubes of one kind beyond `PLENTY` (2) count half: 40 food at the first turn count as
    2 + 38 / 2 = 21 food, however large the pile."""
    game = sc.new(order=ORDER)
    sc.set_cubes(game, BLUE, food=40, wood=3)
    food = heuristics.FEATURES.index("food")
    row = heuristics.amounts(game.board)[BLUE]
    assert heuristics.stage(game.board) == 0.0
    assert row[food:food + 2] == [21.0, 2.5]
