"""Scenarios for the discrepancies found by the rules audit of the Magna Carta edition, each section citing its
passage of shared/rules/magna-carta-rules.md; the scenarios of each section failed before its fix.

1. Gold is wild at the payer's choice (it used to be spent only for what the player's cubes could not pay).
2. The Lawyer turns over any of your cards but a Lawyer (it used to refuse every card with a worker on it).
"""

import pytest

import caylus
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import PRESTIGE_BY_NAME

from .mc_scenario import (
    BLUE, GREEN, ORANGE, RED, bystander_stops_at_castle, cubes, new, play, residence, set_player, set_road, tidy_cards,
    to_actions, to_castle, to_effects, top, worker,
)

ROAD = ["park", "forest", "quarry", "peddler"]


def acting(player=BLUE, rules="standard", road=None, **supplies):
    g = new(4, rules)
    set_road(g, road or ROAD)
    set_player(g, player, **supplies)
    return to_actions(g, player)


def left(g, p):
    return [cubes(g, p)[k] for k in ("food", "wood", "stone", "gold")]


# -- 1. Gold is wild: spending it instead of a cube one holds is the player's choice ---------------------------------
# "Be careful: In this game, gold is a wild resource. A cube of gold equals a cube of any type, no matter if it is used
# to build a building or a part of the Castle." (Progress of the game). The engine used to spend gold only for what
# the player's own cubes could not pay, so a player could never keep a stone and give a gold instead.
def test_a_building_cost_may_be_paid_with_gold_while_holding_the_cube():
    g = acting(hand=["bank"], food=0, wood=1, stone=2, gold=1)  # Bank: 1 wood + 2 stone
    play(g, "build:bank")
    assert top(g) == ("pay", BLUE) and g.legal_tokens() == ["pay:wood", "pay:gold"]
    play(g, "pay:gold")  # the gold pays the wood; the stone has nothing left to choose
    assert left(g, BLUE) == [0, 1, 0, 0] and g.current_player == RED


def test_pay_in_kind_pays_every_cube_of_that_kind_still_owed():
    """`pay:stone` pays all the stone owed with stone; `pay:gold` pays one of them with gold and asks again, so each
    way of paying is reached by exactly one sequence of answers."""
    g = acting(hand=["large_quarry"], food=1, wood=0, stone=2, gold=2)  # 1 food + 2 stone
    play(g, "build:large_quarry")
    assert g.legal_tokens() == ["pay:food", "pay:gold"]
    with pytest.raises(caylus.IllegalAction, match=r"the food of the cost is paid now \(pay:food or pay:gold\)"):
        g.apply("pay:stone")
    play(g, "pay:food")
    assert g.legal_tokens() == ["pay:stone", "pay:gold"]
    play(g, "pay:gold")
    assert g.legal_tokens() == ["pay:stone", "pay:gold"]  # the second stone: a stone or the other gold
    play(g, "pay:stone")
    assert left(g, BLUE) == [0, 0, 1, 1]


def test_the_white_cube_may_be_paid_with_gold_while_other_cubes_are_left():
    """"White cubes stand for cubes of any kind (including gold)." The Market costs 1 wood + 1 cube of any kind."""
    g = acting(hand=["market"], food=1, wood=1, stone=1, gold=1)
    play(g, "build:market")
    # The white cube first. Paying it with wood would need a second wood: paying the wood with gold and the white
    # cube with wood is the same payment as pay:gold here, so it is not offered twice.
    assert g.legal_tokens() == ["pay:food", "pay:stone", "pay:gold"]
    play(g, "pay:gold")  # then the wood is paid with the wood (no gold left)
    assert left(g, BLUE) == [1, 0, 1, 0]
    g = acting(hand=["market"], food=1, wood=0, stone=1, gold=1)  # the gold must pay the wood
    play(g, "build:market")
    assert g.legal_tokens() == ["pay:food", "pay:stone"]
    with pytest.raises(caylus.IllegalAction, match="Blue's gold must pay the cubes they lack"):
        g.apply("pay:gold")


@pytest.mark.parametrize("answers,kept", [
    (["pay:food", "pay:wood"], [0, 1, 1, 1]),
    (["pay:food", "pay:gold"], [0, 2, 1, 0]),
    (["pay:stone", "pay:wood"], [1, 1, 0, 1]),
    (["pay:stone", "pay:gold"], [1, 2, 0, 0]),
    (["pay:wood"], [1, 0, 1, 1]),
    (["pay:gold"], [1, 1, 1, 0]),
])
def test_every_way_to_pay_the_peddler_is_offered_once(answers, kept):
    g = acting(hand=["peddler"], food=1, wood=2, stone=1, gold=1)  # Peddler: 1 wood + 1 cube of any kind
    play(g, "build:peddler", *answers)
    assert left(g, BLUE) == kept and g.current_player == RED


def test_a_castle_batch_may_use_gold_and_keep_a_cube():
    """Phase 5: a batch is 1 food, 1 wood and 1 stone, gold wild ("Blue offers 1 batch (with 1 gold to replace the
    food cube)"): a player holding all four may keep the food and give the gold."""
    g = new(2)
    set_player(g, BLUE, food=1, wood=1, stone=1, gold=1)
    set_player(g, RED, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [BLUE, RED])
    play(g, "batch")
    assert top(g) == ("pay", BLUE) and g.legal_tokens() == ["pay:food", "pay:gold"]
    play(g, "pay:gold")
    assert left(g, BLUE) == [1, 0, 0, 1]  # kept the food; +1 gold for the most batches
    assert g.board.tokens[BLUE] == [1, 0, 0]


def test_a_second_batch_is_offered_once_the_first_is_paid():
    g = new(2)
    set_player(g, BLUE, food=2, wood=2, stone=1, gold=1)
    set_player(g, RED, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [BLUE, RED])
    play(g, "batch", "pay:food", "pay:wood", "pay:stone")
    assert top(g) == ("castle", BLUE) and g.legal_tokens() == ["pass", "batch"]  # 1 food, 1 wood and the gold left
    play(g, "batch")  # only one way to pay it: the gold for the stone
    assert g.board.tokens[BLUE] == [2, 0, 0] and left(g, BLUE) == [0, 0, 0, 1]  # +1 gold for the most batches


def test_the_residence_food_may_be_paid_with_gold_while_holding_food():
    """Lawyer: "Construct a residential building by paying 1 food cube" - gold stands for the food if its owner
    wishes."""
    g = new(4)
    set_road(g, ROAD + ["green:lawyer", "red:market"])
    worker(g, 4, RED)
    for p in range(4):
        set_player(g, p, deniers=0, food=0, wood=0, stone=0, gold=0)
    set_player(g, RED, food=1, gold=1)
    bystander_stops_at_castle(g, ORANGE)
    to_effects(g)
    play(g, "residence:market")
    assert top(g) == ("pay", RED) and g.legal_tokens() == ["pay:food", "pay:gold"]
    play(g, "pay:gold")
    assert left(g, RED) == [1, 0, 0, 0] and g.board.road_face[5] == R.RESIDENCE


def test_a_prestige_cost_may_use_extra_gold():
    """The Statue costs 2 stone + 1 gold; another gold may stand for a stone."""
    g = new(4)
    set_road(g, ROAD + ["green:market"])
    residence(g, 4)
    set_player(g, GREEN, food=0, wood=0, stone=2, gold=2)
    to_actions(g, GREEN)
    play(g, "prestige:statue")
    assert g.legal_tokens() == ["pay:stone", "pay:gold"]
    play(g, "pay:gold")  # then the other stone, with the stone (no gold is left)
    assert left(g, GREEN) == [0, 0, 1, 0] and g.board.road_face[4] == PRESTIGE_BY_NAME["statue"]


def test_no_question_when_there_is_one_way_to_pay():
    g = acting(hand=["bank"], food=3, wood=1, stone=2, gold=0)
    play(g, "build:bank")
    assert left(g, BLUE) == [3, 0, 0, 0] and g.current_player == RED and g.history[-1].token == "build:bank"
    g = acting(hand=["bank"], food=0, wood=0, stone=1, gold=2)  # the gold must pay the wood and a stone
    play(g, "build:bank")
    assert left(g, BLUE) == [0, 0, 0, 0] and g.current_player == RED


# -- 2. The Lawyer may turn over any of your cards but a Lawyer, a worker on it or not ------------------------------
# Lawyer: "Construct a residential building by paying 1 food cube and turning over one of your cards along the road
# (except a Lawyer)." The engine also refused every card with a worker on it, even one whose worker had already
# worked this turn. Like the Lawyer of Caylus ("If there is a worker in the building the player wants to transform,
# the latter pays immediately, but the lawyer's action will be delayed until the building has been activated"), a
# card whose worker has yet to work is turned over once it has worked.
def lawyer_scene(road, placed, pools=None, provost=None, **red):
    g = new(4)
    set_road(g, road, pools=pools, provost=provost)
    for i, p in placed.items():
        worker(g, i, p)
    for p in range(4):
        set_player(g, p, deniers=0, food=0, wood=0, stone=0, gold=0)
    set_player(g, RED, **red)
    bystander_stops_at_castle(g, ORANGE)
    tidy_cards(g)
    return to_effects(g)


def test_the_lawyer_turns_over_a_card_whose_worker_has_worked():
    g = lawyer_scene(ROAD + ["red:large_farm", "green:lawyer"], {4: BLUE, 5: RED}, food=1)
    assert cubes(g, BLUE)["food"] == 2 and cubes(g, RED)["food"] == 2  # the farm has worked (Red: 1 + 1 secondary)
    assert top(g) == ("lawyer", RED) and g.legal_tokens() == ["pass", "residence:large_farm"]
    play(g, "residence:large_farm")
    assert g.board.road_face[4] == R.RESIDENCE and cubes(g, RED)["food"] == 1
    assert top(g) == ("castle", ORANGE)


def test_a_card_turned_over_before_its_worker_works_still_works_this_turn():
    g = lawyer_scene(ROAD + ["green:lawyer", "red:small_farm"], {4: RED, 5: BLUE}, pools={5: 3}, food=1)
    assert g.legal_tokens() == ["pass", "residence:small_farm"]
    play(g, "residence:small_farm")
    b = g.board
    assert cubes(g, BLUE)["food"] == 1  # Blue's worker still took the farm's food
    assert cubes(g, RED)["food"] == 1  # Red paid the Residence's food, then took 1 from the farm's pool
    assert b.road_face[5] == R.RESIDENCE and b.road_pool[5] == 0  # then it turned; the pool's cubes went back
    assert top(g) == ("castle", ORANGE)


def test_while_it_waits_for_its_worker_a_card_is_shown_as_becoming_a_residence():
    g = lawyer_scene(ROAD + ["green:lawyer", "red:market"], {4: RED, 5: BLUE}, food=1)
    set_player(g, BLUE, wood=1)
    play(g, "residence:market")
    assert top(g) == ("sell", BLUE)  # Blue's worker on the Market works: it may sell its wood
    v = g.view(BLUE)
    assert v["road"][5]["face"] == "becoming_residence"
    assert caylus.determinize(v, 1).view(BLUE) == v
    assert "residence:market" not in g.legal_tokens()
    play(g, "sell:wood")
    assert g.board.road_face[5] == R.RESIDENCE and g.board.deniers == [4, 1, 2, 0]  # Market and Lawyer owners


def test_a_card_beyond_the_provost_is_turned_over_at_once():
    g = lawyer_scene(ROAD + ["green:lawyer", "red:large_farm"], {4: RED, 5: BLUE}, provost=4, food=1)
    play(g, "residence:large_farm")
    assert g.board.road_face[5] == R.RESIDENCE and cubes(g, BLUE)["food"] == 0  # beyond the provost: no effect
