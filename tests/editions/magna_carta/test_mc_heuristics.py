"""The bots' valuation of a Magna Carta position (heuristics.py) counts what the rulebook says things are worth."""

from caylus.agents.base import Position
from caylus.agents.greedy import GreedyAgent
from caylus.editions.magna_carta import heuristics as H

from .mc_scenario import (
    BLUE, GREEN, ORANGE, RED, new, set_player, set_road, tidy_cards, to_actions, to_castle, worker,
)

ROAD = ["park", "forest", "quarry", "peddler", "green:large_quarry", "green:small_quarry"]


def _actions(placed=(), provost=3, supplies=None):
    g = new(4)
    set_road(g, ROAD, provost=provost, pools={5: 4})
    for i, p in placed:
        worker(g, i, p)
    for p in range(4):
        set_player(g, p, deniers=3, food=0, wood=0, stone=0, gold=0)
    for p, kw in (supplies or {}).items():
        set_player(g, p, **kw)
    return to_actions(g, BLUE)


def _value(g, seat):
    return H.evaluate(g.board)[seat]


def test_a_batch_with_gold_standing_in_is_ready_and_giving_it_is_worth_more_than_keeping_it():
    # Phase 5: a batch is 1 food, 1 wood, 1 stone, for a castle token (Dungeon first: 4 prestige); gold is wild.
    g = _actions(supplies={BLUE: dict(food=1, wood=1, gold=1)})
    assert H.parts(g.board, BLUE)["batches"] > 0
    tidy_cards(g)
    g = to_castle(g, [BLUE, RED, GREEN, ORANGE])
    best = GreedyAgent(1).explain(Position(g), top=1)[0]
    assert best.action.token == "batch"


def test_a_worker_is_worth_what_its_building_gives():
    # Detail of the Buildings: the stone Quarry gives 2 stone to the worker's owner, the Park 1 food.
    on_park = _actions(placed=[(0, BLUE)], provost=5)
    on_large = _actions(placed=[(4, BLUE)], provost=5)
    assert _value(on_large, BLUE) > _value(on_park, BLUE) > _value(_actions(provost=5), BLUE)
    # ... and its secondary effect gives the card's owner 1 stone when someone else works it.
    assert _value(on_large, GREEN) > _value(_actions(provost=5), GREEN)


def test_a_worker_beyond_the_provost_is_worth_less_than_one_he_reaches():
    # Phase 4: buildings beyond the provost's card have no effect (he may still be moved in phase 3).
    reached = _actions(placed=[(4, BLUE)], provost=4)
    beyond = _actions(placed=[(4, BLUE)], provost=3)
    assert _value(reached, BLUE) > _value(beyond, BLUE) > _value(_actions(provost=3), BLUE)


def test_two_kinds_toward_a_batch_are_worth_more_than_two_cubes_of_one_kind():
    # Phase 5: a batch needs one food, one wood and one stone, so a food and a wood are nearer a token than two
    # stone (the dearest cube on its own).
    two_kinds = _actions(supplies={BLUE: dict(food=1, wood=1)})
    one_kind = _actions(supplies={BLUE: dict(stone=2)})
    assert _value(two_kinds, BLUE) > _value(one_kind, BLUE)
