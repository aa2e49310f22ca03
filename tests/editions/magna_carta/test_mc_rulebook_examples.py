"""The worked examples of the Caylus Magna Carta rulebook (shared/rules/magna-carta-rules.md), as scenarios."""

import pytest

import caylus
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import PRESTIGE_BY_NAME

from .mc_scenario import (
    BLUE, GREEN, ORANGE, RED, bystander_stops_at_castle, cubes, new, play, residence, set_player, set_road,
    to_actions, to_castle, to_provost, top, worker,
)


def test_red_places_a_worker_on_greens_market():
    """"Example: Green has built a market building on the road. On their turn, Red decides to place a worker on it.
    Red pays 1 denier to the stock and places their worker on the card. For the duration of this turn, it is
    impossible to place another worker on this building." (Phase 2, C)"""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler", "green:market"])
    set_player(g, RED, deniers=3)
    set_player(g, GREEN, deniers=3)
    to_actions(g, RED)
    play(g, "place:green_market")
    b = g.board
    assert b.deniers[RED] == 2 and b.workers[RED] == 3
    assert b.road_worker[4] == RED
    assert g.current_player == GREEN
    assert "place:green_market" not in g.legal_tokens()
    with pytest.raises(caylus.IllegalAction, match="Red already has a worker on Green's Market"):
        g.apply("place:green_market")


def test_blue_builds_the_quarry():
    """"Example: On their turn, Blue decides to build a building from their hand. Blue chooses the quarry, pays its
    cost - 2 stone cubes and 1 food cube - to the stock, and places the new building at the end of the road. From now
    on, any player may choose to place a worker on the quarry on their turn." (Phase 2, D)"""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler"])
    set_player(g, BLUE, food=1, wood=0, stone=2, gold=0, hand=["large_quarry", "bank"])
    set_player(g, RED, deniers=2)
    to_actions(g, BLUE)
    play(g, "build:large_quarry")
    b = g.board
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}
    assert b.road_card[-1] == R.CARDS[8].id and b.road_owner[-1] == BLUE  # at the end of the road
    assert [R.CARDS[c].name for c in b.hand[BLUE]] == ["bank"]
    assert g.current_player == RED and "place:blue_large_quarry" in g.legal_tokens()


def test_green_builds_the_statue_on_a_residence():
    """"Example: It is Green's turn, and the player decides to build a prestige building. Green chooses the statue,
    pays its cost - 2 stone cubes and 1 gold - to the stock and places the statue on one of their own residential
    buildings." (Phase 2, E) The covered Residence then gives no income and scores 0; the statue scores normally."""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler", "green:market"])
    residence(g, 4)
    set_player(g, GREEN, food=0, wood=0, stone=2, gold=1)
    to_actions(g, GREEN)
    assert R.income(g.board, GREEN) == 3  # 2 + 1 for the Residence
    play(g, "prestige:statue")  # the only Residence is covered without asking
    b = g.board
    assert b.road_face[4] == PRESTIGE_BY_NAME["statue"]
    assert cubes(g, GREEN) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}
    assert PRESTIGE_BY_NAME["statue"] not in b.prestige_left
    assert R.income(b, GREEN) == 2
    assert g.scores()[GREEN] == 6


def test_orange_passes_first():
    """"Example: It is Orange's turn. The player decides to pass and places their marker on the first space of the
    bridge. Being the first to pass, Orange takes a denier from the stock." (Phase 2, F)"""
    g = new(4)
    set_player(g, ORANGE, deniers=0)
    set_player(g, BLUE, deniers=0)
    to_actions(g, ORANGE)
    play(g, "pass")
    assert g.board.bridge == [ORANGE] and g.board.deniers[ORANGE] == 1
    assert g.current_player == BLUE
    play(g, "pass")
    assert g.board.bridge == [ORANGE, BLUE] and g.board.deniers[BLUE] == 0  # only the first passer is paid


def test_the_provost_example_with_greens_bank():
    """"Example: During this turn, Orange passed first, then Green, Blue and Red. ... Orange passes. Green wants the
    Provost to advance by one square ... and pays 1 denier to the stock. Blue does the same, and the Provost ends upon
    the last building on the road. However, Red wants the Provost to move backward. The player pays 1 denier. The
    Provost ends up his movement on Green's bank. During phase 4, Blue's quarry on which Green placed a worker will be
    useless. Green and Blue will be deprived of their cubes. However, Green's bank will work normally." (Phase 3)"""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler", "green:bank", "blue:large_quarry"], provost=3)
    worker(g, 4, ORANGE)  # Orange works at Green's bank
    worker(g, 5, GREEN)  # Green works at Blue's quarry
    for p in (BLUE, RED, GREEN, ORANGE):
        set_player(g, p, deniers=5, food=0, wood=0, stone=0, gold=0)
    bystander_stops_at_castle(g, RED)
    to_provost(g, [ORANGE, GREEN, BLUE, RED])
    assert top(g) == ("provost", ORANGE)
    play(g, "pass", "provost:+1")
    assert g.board.provost == 4
    play(g, "provost:+1")
    assert g.board.provost == 5  # the last building on the road
    assert "provost:+1" not in g.legal_tokens()  # he may not leave the road
    play(g, "provost:-1")
    b = g.board
    assert b.provost == 4  # on Green's bank
    assert b.deniers == [4, 4, 4, 5]
    # Phase 4: Green's bank works (Orange buys gold, Green as the owner too); the quarry beyond the provost does not.
    assert top(g) == ("bank", ORANGE)
    play(g, "bank:2")
    assert top(g) == ("bank", GREEN)
    play(g, "bank:1")
    assert b.cubes[ORANGE][3] == 2 and b.deniers[ORANGE] == 2
    assert b.cubes[GREEN] == [0, 0, 0, 1] and b.deniers[GREEN] == 2  # no stone from the quarry
    assert b.cubes[BLUE] == [0, 0, 0, 0]  # nor for Blue, its owner
    assert top(g) == ("castle", RED) and b.road_worker == [-1] * 6  # phase 5; the workers are home


def _castle_example(green_batches: int):
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler"])
    g.board.castle = [2, 8, 9]  # two Dungeon tokens left
    set_player(g, ORANGE, food=1, wood=1, stone=1, gold=0)
    set_player(g, BLUE, food=0, wood=1, stone=1, gold=1)
    set_player(g, GREEN, food=2, wood=2, stone=2, gold=0)
    set_player(g, RED, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [ORANGE, BLUE, GREEN, RED])
    assert top(g) == ("castle", ORANGE)
    play(g, "batch")  # Orange has no second batch: Blue is asked next
    assert top(g) == ("castle", BLUE)
    play(g, "batch")  # gold stands in for the food
    assert top(g) == ("castle", GREEN)
    play(g, *(["batch"] * green_batches))
    if green_batches == 1:
        play(g, "pass")
    return g


def test_castle_example_with_the_gold_substitute():
    """"Example: During phase 5, Orange (the first player on the bridge) offers 1 batch and takes 1 Dungeon token. Blue
    offers 1 batch (with 1 gold to replace the food cube) and takes the remaining Dungeon token. Green offers 2 batches
    and takes 2 Wall tokens. Red offers nothing. Being the player who has offered the most batches, Green wins 1 gold
    cube from the stock. Had Green offered 1 batch, Orange would have won the gold cube." (Phase 5)"""
    g = _castle_example(2)
    b = g.board
    assert b.tokens[ORANGE] == [1, 0, 0]
    assert b.tokens[BLUE] == [1, 0, 0] and b.cubes[BLUE] == [0, 0, 0, 0]
    assert b.tokens[GREEN] == [0, 2, 0]
    assert b.tokens[RED] == [0, 0, 0]
    assert b.cubes[GREEN][3] == 1 and b.cubes[ORANGE][3] == 0
    assert b.castle == [0, 6, 9] and b.turn == 2  # the turn went on


def test_castle_example_tie_goes_to_the_first_to_give():
    """"Had Green offered 1 batch, Orange would have won the gold cube." (Phase 5)"""
    g = _castle_example(1)
    b = g.board
    assert b.tokens[GREEN] == [0, 1, 0]
    assert b.cubes[ORANGE][3] == 1 and b.cubes[GREEN][3] == 0 and b.cubes[BLUE][3] == 0


def test_provost_at_the_road_end():
    """"Example: The Provost must now be moved by two cards toward the end of the road, but there is only 1 card left
    after him. He is consequently placed upon this card." (Phase 6)"""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler", "red:market"], provost=3)
    for p in range(4):
        set_player(g, p, food=0, wood=0, stone=0, gold=0, deniers=0)
    to_castle(g, [0, 1, 2, 3])  # nobody can give a batch: the turn ends
    assert g.board.turn == 2 and g.board.provost == 4
    # Already at the end of the road, he does not move.
    to_castle(g, [0, 1, 2, 3])
    assert g.board.turn == 3 and g.board.provost == 4


def test_provost_advances_two_cards_at_end_of_turn():
    """"The Provost advances by 2 cards toward the end of the road." (Phase 6)"""
    g = new(4)
    set_road(g, ["park", "forest", "quarry", "peddler", "red:market", "red:bank"], provost=1)
    for p in range(4):
        set_player(g, p, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [0, 1, 2, 3])
    assert g.board.provost == 3
