"""Phases 1, 3 and 5 in detail: income, the provost's move and the castle (rulebook, "Progress of the game")."""

import pytest

import caylus

from .mc_scenario import (
    BLUE, GREEN, RED, new, play, residence, set_player, set_road, to_castle, to_provost, top,
)


def test_income_with_residences_and_the_hotel_at_the_start_of_a_turn():
    """"Each player gets 2 deniers ... 1 denier per residential building ... if a player has built the Hotel, they get
    1 more denier.\""""
    g = new(3)
    set_road(g, ["park", "forest", "peddler", "red:market", "red:bank", "red:peddler", "green:bank"])
    residence(g, 3)
    residence(g, 4, "hotel")
    residence(g, 6)
    for p in range(3):
        set_player(g, p, deniers=0, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [0, 1, 2])
    assert g.board.turn == 2 and g.board.deniers == [2, 2 + 1 + 1, 2 + 1]


def test_beginner_income_is_two_deniers():
    g = new(3, "beginner")
    for p in range(3):
        set_player(g, p, deniers=0, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [0, 1, 2])
    assert g.board.deniers == [2, 2, 2]
    assert g.board.provost == -1  # no provost in the beginner rules


def test_provost_moves_in_passing_order_with_its_limits():
    """"each player may pay up to 3 deniers" "The Provost may not move beyond the limits of the road." "There is only
    one turn to move the Provost.\""""
    g = new(3)
    set_road(g, ["park", "forest", "peddler", "red:market", "red:bank"], provost=2)
    set_player(g, RED, deniers=2)
    set_player(g, GREEN, deniers=0)
    set_player(g, BLUE, deniers=9, food=1, wood=1, stone=1)  # stops the turn at the castle
    to_provost(g, [RED, GREEN, BLUE])
    assert top(g) == ("provost", RED)
    assert g.legal_tokens() == ["pass", "provost:-2", "provost:-1", "provost:+1", "provost:+2"]
    with pytest.raises(caylus.IllegalAction, match="costs 3 deniers; Red has 2"):
        g.apply("provost:-3")
    play(g, "provost:+2")
    assert g.board.provost == 4 and g.board.deniers[RED] == 0
    assert top(g) == ("provost", BLUE)  # Green has no denier: not asked
    assert "provost:+1" not in g.legal_tokens()
    with pytest.raises(caylus.IllegalAction, match="cannot leave the road"):
        g.apply("provost:+1")
    play(g, "provost:-3")
    assert g.board.provost == 1 and g.board.deniers[BLUE] == 6
    assert top(g) == ("castle", BLUE)  # once everyone had their chance, the phase is over


def test_castle_refusals_and_limit_by_tokens_left():
    """"A player cannot offer more batches than there are prestige point tokens left in the stock.\""""
    g = new(2)
    g.board.castle[:] = [0, 0, 1]
    set_player(g, BLUE, food=2, wood=2, stone=2, gold=0)
    set_player(g, RED, food=1, wood=1, stone=1, gold=0)
    to_castle(g, [BLUE, RED])
    play(g, "batch")
    assert g.is_terminal  # the last token went to Blue; Red could not give one; the game is over
    assert g.board.tokens == [[0, 0, 1], [0, 0, 0]] and g.board.cubes[BLUE] == [1, 1, 1, 1]


def test_batch_refused_without_the_cubes():
    g = new(2)
    set_player(g, BLUE, food=1, wood=1, stone=1, gold=0)
    set_player(g, RED, food=1, wood=1, stone=0, gold=0)
    to_castle(g, [BLUE, RED])
    play(g, "batch")  # Blue's only batch; Red cannot give one: the turn ends
    assert top(g) == ("action", g.board.first_player)
    g2 = new(2)
    set_player(g2, BLUE, food=2, wood=1, stone=1, gold=0)
    to_castle(g2, [BLUE, RED])
    play(g2, "batch")
    with pytest.raises(caylus.IllegalAction, match="must choose an action now"):
        g2.apply("batch")


def test_most_batches_needs_at_least_one_batch_and_gold_is_wild_in_batches():
    g = new(2)
    set_player(g, BLUE, food=0, wood=0, stone=0, gold=3)
    set_player(g, RED, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [RED, BLUE])
    play(g, "batch")  # three gold make a batch
    assert g.board.tokens[BLUE] == [1, 0, 0] and g.board.cubes[BLUE] == [0, 0, 0, 1]  # +1 gold for most batches
