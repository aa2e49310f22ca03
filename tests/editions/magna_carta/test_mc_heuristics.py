"""The bots' valuation of a Magna Carta position (heuristics.py) counts what the rulebook says things are worth."""

from caylus.agents.base import Position
from caylus.agents.greedy import GreedyAgent
from caylus.editions.magna_carta import heuristics as H
from caylus.editions.magna_carta.catalog import CARDS
from caylus.editions.magna_carta.catalog import BUILDING

from .mc_scenario import (
    BLUE, GREEN, ORANGE, RED, new, residence, set_player, set_road, tidy_cards, to_actions, to_castle, to_effects,
    top, worker,
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


def _late_with_residence(stone, gold, hand=("large_farm", "bank")):
    # 3 players, the last Towers tokens left: the game ends within a turn or two. Blue's Small Farm is a Residence.
    g = new(3)
    set_road(g, ["park", "forest", "quarry", "peddler", "blue:small_farm", "red:market"], provost=5)
    residence(g, 4)
    b = g.board
    b.castle, b.removed = [0, 0, 2], [6, 7, 4]
    b.tokens[RED][1] = 2  # the other tokens were taken, some by Red
    for p in (BLUE, RED, GREEN):
        set_player(g, p, deniers=2, food=0, wood=0, stone=0, gold=0)
    deck = [c.name for c in CARDS[:12] if c.name not in hand and c.name != "small_farm"]
    set_player(g, BLUE, stone=stone, gold=gold, hand=list(hand), deck=deck, discard=[])
    tidy_cards(g)
    return to_actions(g, BLUE)


def test_late_in_the_game_a_seat_with_a_residence_builds_the_statue():
    # Rulebook, phase 2 E) and its example: Green pays 2 stone + 1 gold and places the Statue on one of their
    # Residences; scoring: the covered Residence yields no point, the Statue its own (6). Worth 5 more prestige than
    # the 3 cubes could ever be (1 gold = 1, 2 stone < 1): a Magna Carta player builds it.
    g = _late_with_residence(stone=2, gold=1)
    assert "prestige:statue" in g.legal_tokens()
    assert "draw" in g.legal_tokens()
    best = GreedyAgent(1).explain(Position(g), top=1)[0]
    assert best.action.token == "prestige:statue"


def test_cubes_toward_a_prestige_building_are_worth_more_with_a_residence_to_carry_it():
    # Rulebook E): a prestige building covers one of its builder's Residences; without one it cannot be built.
    with_room = _late_with_residence(stone=2, gold=1)
    without = _late_with_residence(stone=2, gold=1)
    without.board.road_face[4] = BUILDING  # no Residence: a Small Farm again
    assert H.parts(with_room.board, BLUE)["prestige_ready"] > 0
    assert H.parts(without.board, BLUE)["prestige_ready"] == 0
    # Covering the Residence takes its worth off: the Statue ready stands for it.
    assert H.amounts(with_room.board)[BLUE][H.FEATURES.index("residence")] == 0


def test_a_card_beyond_a_full_hand_is_not_worth_its_denier():
    # Phase 2 A): drawing costs 1 denier. With 9 cards in hand and no cube to build any of them, another card only
    # waits; the denier scores at the end (1 prestige per 3) or pays a worker.
    nine = ["market", "small_sawmill", "small_quarry", "peddler", "large_farm", "large_quarry", "gold_mine",
            "bank", "church"]
    g = _late_with_residence(stone=0, gold=0, hand=nine)
    g.board.castle, g.board.removed = [0, 5, 8], [6, 2, 0]  # mid-game
    g = to_actions(g, BLUE)
    assert "draw" in g.legal_tokens()
    assert H.parts(g.board, BLUE)["spare_cards"] == 0.0
    advice = GreedyAgent(1).explain(Position(g), top=len(g.legal_tokens()))
    draw = next(a for a in advice if a.action.token == "draw")
    keep = next(a for a in advice if a.action.token == "pass")
    assert draw.value < keep.value


def test_at_the_lawyer_a_seat_holding_a_statues_cubes_makes_the_residence_it_needs():
    # Rulebook, Lawyer: pay 1 food to turn one of your road cards into a Residence; E): a prestige building is built
    # only on one's own Residence. Blue's worker works Red's Lawyer in mid-game, Blue holding the Statue's 2 stone and
    # 1 gold: the Residence (1 prestige, as the Small Farm it turns over) lets Blue build the Statue (6) next.
    g = new(3)
    set_road(g, ["park", "forest", "quarry", "peddler", "red:lawyer", "blue:small_farm", "green:market"], pools={5: 2})
    g.board.castle, g.board.removed = [0, 7, 8], [6, 0, 0]  # the Dungeon's tokens are gone: the Walls are next
    for p in (BLUE, RED, GREEN):
        set_player(g, p, deniers=3, food=0, wood=0, stone=0, gold=0)
    hand = ["large_farm", "bank"]
    deck = [c.name for c in CARDS[:12] if c.name not in hand and c.name != "small_farm"]
    set_player(g, BLUE, food=1, stone=2, gold=1, hand=hand, deck=deck, discard=[])
    tidy_cards(g)
    worker(g, 4, BLUE)
    g = to_effects(g, [BLUE, RED, GREEN])
    assert top(g) == ("lawyer", BLUE)
    best = GreedyAgent(1).explain(Position(g), top=1)[0]
    assert best.action.token == "residence:small_farm"
