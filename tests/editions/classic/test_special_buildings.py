"""Caylus (2005): the special buildings before the bridge, activated in phase 3 (rules p3 "Phase 3").

Gate, trading post, merchants' guild, joust field, stables and inn, with their refusals. Positions come from
tests/editions/classic/scenario.py; everything else goes through the public API. Quotes are from
shared/rules/caylus-rules.txt.
"""

from __future__ import annotations

import pytest

from . import scenario as sc
from .scenario import BLUE, GREEN, ORANGE, RED

ORDER = [BLUE, RED, GREEN, ORANGE]
PROVOST_QUESTION = "move the provost"  # phase 3 is over


def view(game) -> dict:
    return game.view(None)


# ==========================================================================================================
# a) the gate
# ==========================================================================================================

def gate_game(deniers: int = 0):
    """Blue's worker on the gate, Blue without a denier (the move is free); Red owns the sawmill on space 9."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "sawmill", owner=RED)
    sc.put_tile(game, "quarry", owner=BLUE)
    sc.set_hand(game, BLUE, deniers, cloth=1)
    return game


def test_gate_offers_every_unoccupied_space_but_itself():
    """Rules p3 a: "his master may place it on any unoccupied space at no cost. Thus, the worker can be placed in
    another unoccupied special building, in the castle, the inn or in the stable (if the player doesn't already
    have a worker there) or in any other building"."""
    game = gate_game()
    sc.start_special(game, {"gate": BLUE, "trading_post": GREEN})
    assert game.current_player == BLUE and sc.decision(game) == "move the gate's worker"
    legal = set(game.legal_tokens())
    assert {"pass", "place:merchants_guild", "place:joust_field", "place:stables", "place:inn", "place:castle",
            "place:sawmill", "place:quarry", "place:gold_mine", "place:fixed_peddler", "place:forest"} <= legal
    assert "place:gate" not in legal and "place:trading_post" not in legal
    sc.refused(game, "place:gate", "the gate's worker must go somewhere else")
    sc.refused(game, "place:trading_post", "the trading post is occupied")


@pytest.mark.parametrize("target", ["trading_post", "sawmill", "quarry", "forest", "castle", "inn", "stables"])
def test_gate_moves_the_worker_for_free(target):
    """Rules p3 a: the gate's worker goes "on any unoccupied space at no cost"; "If the player chooses to put his
    worker on another player's building, the latter immediately earns 1 prestige point." Then the moved worker
    does what that space does: the trading post (activated after the gate) pays 3 deniers, the stables make
    Blue first, the inn moves him to its right circle, the castle and the road wait for phases 5-6."""
    game = gate_game()
    sc.start_special(game, {"gate": BLUE})
    game.apply(f"place:{target}")
    me = sc.seat_view(game, BLUE)
    assert sc.seat_view(game, RED)["prestige"] == (1 if target == "sawmill" else 0)
    assert me["prestige"] == 0  # own quarry: no prestige
    assert me["deniers"] == (3 if target == "trading_post" else 0)  # the move itself is free
    assert me["workers"] == (6 if target in ("trading_post", "stables") else 5)
    v = view(game)
    if target in ("sawmill", "quarry", "forest"):
        assert sc.space(game, sc.pos(game, target))["worker"] == BLUE
    assert v["castle"]["workers"] == ([BLUE] if target == "castle" else [])
    assert v["special_buildings"]["inn"] == {"left": None, "right": BLUE if target == "inn" else None}
    assert v["turn_order"] == ORDER  # Blue was first already; see the stables test below
    assert sc.decision(game) == PROVOST_QUESTION


def test_gate_to_the_stables_changes_the_turn_order():
    """Rules p3 a (the stables are a legal destination) and p3 e: "if a player places a worker on circle 1, they
    become player number 1"."""
    game = sc.new(order=[RED, GREEN, ORANGE, BLUE])
    sc.start_special(game, {"gate": BLUE})
    game.apply("place:stables")
    assert view(game)["turn_order"] == [BLUE, RED, GREEN, ORANGE]


def test_gate_worker_comes_back_when_not_moved():
    """Rules p3 a: "If the player does not want to move his worker (or cannot do it), they just get their pawn
    back."""
    game = gate_game(deniers=2)
    sc.start_special(game, {"gate": BLUE})
    game.apply("pass")
    me = sc.seat_view(game, BLUE)
    assert me["workers"] == 6 and me["deniers"] == 2
    assert view(game)["special_buildings"]["gate"] is None
    assert sc.decision(game) == PROVOST_QUESTION


def test_gate_refuses_occupied_spaces_and_a_second_worker_in_the_castle_or_stables():
    """Rules p3 a: "any unoccupied space ... the castle, the inn or in the stable (if the player doesn't already
    have a worker there)"; p2 "each player can only place one" (castle), "a given player can place only one"
    (stables)."""
    game = gate_game()
    game.board.worker[sc.pos(game, "sawmill")] = GREEN
    game.board.workers[GREEN] -= 1
    sc.start_special(game, {"gate": BLUE, "castle": [BLUE], "stables": [BLUE], "inn": RED, "joust_field": GREEN})
    sc.refused(game, "place:castle", "Blue already has a worker in the castle")
    sc.refused(game, "place:stables", "Blue already has a worker in the stables")
    sc.refused(game, "place:inn", "the inn's left circle is occupied")
    sc.refused(game, "place:joust_field", "the joust field is occupied")
    sc.refused(game, "place:sawmill", "the Sawmill is occupied by Green")
    sc.refused(game, "place:bank", "the Bank is not on the road")


def test_gate_to_full_stables_is_refused():
    """Rules p2 b: "Up to 3 workers can be placed in the stable"."""
    game = sc.new(order=ORDER)
    sc.start_special(game, {"gate": BLUE, "stables": [RED, GREEN, ORANGE]})
    assert "place:stables" not in game.legal_tokens()
    sc.refused(game, "place:stables", "the stables are full")


# ==========================================================================================================
# b) the trading post; c) the merchants' guild
# ==========================================================================================================

def test_trading_post_pays_3_deniers():
    """Rules p3 b: "The player takes 3 deniers from the stock and gets the worker back." No question is asked."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, RED, 2)
    sc.start_special(game, {"trading_post": RED})
    me = sc.seat_view(game, RED)
    assert me["deniers"] == 5 and me["workers"] == 6
    assert view(game)["special_buildings"]["trading_post"] is None
    assert sc.decision(game) == PROVOST_QUESTION


@pytest.mark.parametrize("provost,token,after", [
    (6, "provost:-3", 3), (6, "provost:+3", 9), (6, "provost:+1", 7), (6, "pass", 6), (2, "provost:-1", 1),
    (27, "provost:+1", 28),
])
def test_merchants_guild_moves_the_provost_for_free(provost, token, after):
    """Rules p3 c: "The player may choose to move the provost 1 to 3 spaces backward or forward along the road.
    The player then gets the worker back." It costs nothing (unlike phase 4)."""
    game = sc.new(order=ORDER)
    sc.set_road(game, provost=provost)
    sc.set_hand(game, GREEN, 0)
    sc.start_special(game, {"merchants_guild": GREEN})
    assert game.current_player == GREEN
    game.apply(token)
    assert view(game)["provost"] == after
    me = sc.seat_view(game, GREEN)
    assert me["deniers"] == 0 and me["workers"] == 6


@pytest.mark.parametrize("provost,legal,token,why", [
    (2, {"pass", "provost:-1", "provost:+1", "provost:+2", "provost:+3"}, "provost:-2", "onto the bridge"),
    (27, {"pass", "provost:-3", "provost:-2", "provost:-1", "provost:+1"}, "provost:+2", "past space 28"),
])
def test_merchants_guild_stays_on_the_road(provost, legal, token, why):
    """Rules p4 (phase 4, the same provost): "The provost can neither go backward to the area before the bridge
    (that is, to the special buildings), nor go beyond the last space of the road."""
    game = sc.new(order=ORDER)
    sc.set_road(game, provost=provost)
    sc.start_special(game, {"merchants_guild": GREEN})
    assert set(game.legal_tokens()) == legal
    sc.refused(game, token, why)


# ==========================================================================================================
# d) the joust field
# ==========================================================================================================

def test_joust_field_trades_1_denier_and_1_cloth_for_a_favor_once():
    """Rules p3 d: "The player may choose to give the stock 1 denier and 1 cloth cube in order to get a royal favor
    ... NB: You cannot pay 1 denier and 1 cloth several times to gain a favor more than once a turn." """
    game = sc.new(order=ORDER)
    sc.set_hand(game, GREEN, 5, cloth=3)
    sc.start_special(game, {"joust_field": GREEN})
    assert set(game.legal_tokens()) == {"pass", "joust"}
    game.apply("joust")
    assert game.current_player == GREEN and sc.decision(game) == "choose a line of the favor table"
    game.apply("favor:deniers")  # column 1: 3 deniers
    me = sc.seat_view(game, GREEN)
    assert me["deniers"] == 5 - 1 + 3 and me["cubes"]["cloth"] == 2 and me["workers"] == 6
    assert me["favors"]["deniers"] == 1
    assert sc.decision(game) == PROVOST_QUESTION  # no second joust


def test_joust_field_may_be_declined():
    """Rules p3 d: "The player may choose to give ..." - passing keeps the denier and the cloth."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, GREEN, 5, cloth=1)
    sc.start_special(game, {"joust_field": GREEN})
    game.apply("pass")
    me = sc.seat_view(game, GREEN)
    assert me["deniers"] == 5 and me["cubes"]["cloth"] == 1 and me["workers"] == 6
    assert sc.decision(game) == PROVOST_QUESTION


@pytest.mark.parametrize("deniers,cloth", [(0, 1), (4, 0)])
def test_joust_field_needs_a_denier_and_a_cloth(deniers, cloth):
    """Rules p3 d: the favor costs "1 denier and 1 cloth cube"; without either the worker just comes back."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, GREEN, deniers, cloth=cloth)
    sc.start_special(game, {"joust_field": GREEN})
    me = sc.seat_view(game, GREEN)
    assert me["deniers"] == deniers and me["cubes"]["cloth"] == cloth and me["workers"] == 6
    assert me["favors"] == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 0}
    assert sc.decision(game) == PROVOST_QUESTION


def test_joust_field_can_use_the_trading_post_denier():
    """Rules p6 "Resolution order": "The denier may come from the trading post, since it comes before the joust
    field on the road." """
    game = sc.new(order=ORDER)
    sc.set_hand(game, GREEN, 0, cloth=1)
    sc.start_special(game, {"trading_post": GREEN, "joust_field": GREEN})
    assert set(game.legal_tokens()) == {"pass", "joust"}
    sc.play(game, "joust", "favor:prestige")
    me = sc.seat_view(game, GREEN)
    assert me["deniers"] == 3 - 1 and me["cubes"]["cloth"] == 0 and me["prestige"] == 1


def test_joust_field_cloth_from_this_turns_production_comes_too_late():
    """Rules p6 "Resolution order": "the cloth cube must be in the player's reserve at the beginning of the turn
    ... If a player has placed a worker on a farm ... hoping to use the cloth cube to activate the joust field,
    their plan will not succeed, since the cube will come too late!" Played through phases 2-5."""
    game = sc.new(order=ORDER)
    for who in ORDER:
        sc.set_hand(game, who, 6)
    sc.sync(game)
    sc.play(game, "place:joust_field", "pass", "pass", "pass", "place:neutral_farm")  # Blue pays 1 + 4
    # Blue, with 1 denier left, can only pass (played for him); the joust field asks nothing: no cloth in hand.
    assert view(game)["phase"] == "provost" and game.current_player == RED
    sc.play(game, "pass", "pass", "pass", "pass")
    assert game.current_player == BLUE and set(game.legal_tokens()) == {"take:food", "take:cloth"}
    game.apply("take:cloth")
    me = sc.seat_view(game, BLUE)
    assert me["cubes"]["cloth"] == 1  # the cloth came in phase 5, after the joust field
    assert me["favors"] == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 0}


# ==========================================================================================================
# e) the stables
# ==========================================================================================================

@pytest.mark.parametrize("order,stables,after", [
    ([RED, GREEN, ORANGE, BLUE], [BLUE, RED], [BLUE, RED, GREEN, ORANGE]),  # the rulebook's example
    ([BLUE, RED, GREEN, ORANGE], [ORANGE], [ORANGE, BLUE, RED, GREEN]),
    ([BLUE, RED, GREEN, ORANGE], [GREEN, ORANGE, RED], [GREEN, ORANGE, RED, BLUE]),
])
def test_stables_reorder_the_turn(order, stables, after):
    """Rules p3 e: "if a player places a worker on circle 1, they become player number 1; the second circle grants
    you rank 2; the third circle grants rank 3. The other players' positions are changed accordingly ... Then, the
    players get their workers back from the stable." Example: order Red/Green/Orange/Blue, Blue on 1 and Red on 2
    -> Blue, Red, Green, Orange."""
    game = sc.new(order=order)
    sc.start_special(game, {"stables": stables})
    assert view(game)["turn_order"] == after
    assert view(game)["special_buildings"]["stables"] == []
    assert all(sc.seat_view(game, who)["workers"] == 6 for who in ORDER)


def test_stables_take_three_workers_one_per_player_in_placement():
    """Rules p2 b: "If the worker is placed in the stables, the player puts him on the smallest number available.
    Up to 3 workers can be placed in the stable, but a given player can place only one." """
    game = sc.new(order=ORDER)
    for who in ORDER:
        sc.set_hand(game, who, 9)
    sc.sync(game)
    sc.play(game, "place:forest", "place:stables", "place:stables", "place:stables")  # Red 1, Green 2, Orange 3
    sc.refused(game, "place:stables", "the stables are full")  # Blue
    game.apply("pass")
    sc.refused(game, "place:stables", "Red already has a worker in the stables")
    sc.play(game, "pass", "pass", "pass")
    assert view(game)["turn_order"] == [RED, GREEN, ORANGE, BLUE]


# ==========================================================================================================
# f) the inn
# ==========================================================================================================

def test_inn_newcomer_moves_right_and_drives_the_old_guest_out():
    """Rules p3 f: "If a player has placed a worker during this turn, the worker is now moved to the circle on the
    right ... The worker who previously occupied this circle is driven out and gets back to his master." """
    game = sc.new(order=ORDER)
    sc.settle_in_inn(game, RED)
    sc.start_special(game, {"inn": BLUE})
    assert view(game)["special_buildings"]["inn"] == {"left": None, "right": BLUE}
    assert sc.seat_view(game, RED)["workers"] == 6
    assert sc.seat_view(game, BLUE)["workers"] == 5
    assert sc.decision(game) == PROVOST_QUESTION  # the newcomer is not asked anything


def test_inn_a_player_may_be_on_both_circles():
    """Rules p2 b: "one player may have two of their workers in the inn simultaneously"; p3 f: the old one is
    driven out by the new one."""
    game = sc.new(order=ORDER)
    sc.settle_in_inn(game, BLUE)
    sc.start_special(game, {"inn": BLUE})
    assert view(game)["special_buildings"]["inn"] == {"left": None, "right": BLUE}
    assert sc.seat_view(game, BLUE)["workers"] == 5


@pytest.mark.parametrize("token,right,workers", [("inn:stay", RED, 5), ("inn:leave", None, 6)])
def test_inn_guest_not_driven_out_stays_or_leaves(token, right, workers):
    """Rules p3 f: "if nobody has played in the inn during this turn, they can either get the pawn back or leave it
    where it is for the next turn." """
    game = sc.new(order=ORDER)
    sc.settle_in_inn(game, RED)
    sc.start_special(game, {})
    assert game.current_player == RED and set(game.legal_tokens()) == {"inn:stay", "inn:leave"}
    game.apply(token)
    assert view(game)["special_buildings"]["inn"] == {"left": None, "right": right}
    assert sc.seat_view(game, RED)["workers"] == workers


def test_inn_guest_places_every_worker_for_1_denier():
    """Rules p3 f: "The player who occupies the circle on the right always pays 1 denier to place their workers, no
    matter how many players have passed (the player's opponents still gain 1 prestige point every time the former
    uses their buildings)." Two players have passed: the others pay 3."""
    game = sc.new(order=[RED, GREEN, BLUE, ORANGE])
    sc.put_tile(game, "sawmill", owner=RED)
    for who in ORDER:
        sc.set_hand(game, who, 9)
    sc.settle_in_inn(game, BLUE)
    sc.play(game, "pass", "pass")  # Red (+1 first passer), Green
    game.apply("place:sawmill")  # Blue on Red's sawmill: 1 denier, Red +1 PP
    assert sc.seat_view(game, BLUE)["deniers"] == 8 and sc.seat_view(game, RED)["prestige"] == 1
    game.apply("place:forest")  # Orange: 3 deniers
    assert sc.seat_view(game, ORANGE)["deniers"] == 6
    game.apply("place:castle")  # Blue: 1 denier
    game.apply("pass")  # Orange passes third
    game.apply("place:trading_post")  # Blue: still 1 denier
    assert sc.seat_view(game, BLUE)["deniers"] == 6


# ==========================================================================================================
# The phase-3 order
# ==========================================================================================================

def test_special_buildings_are_activated_in_order():
    """Rules p3: "Special buildings are activated in order: a) the gate b) the trading post c) the merchants' guild
    d) the joust field e) the stables f) the inn"."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, GREEN, 2, cloth=1)
    sc.settle_in_inn(game, ORANGE)
    sc.start_special(game, {"gate": BLUE, "merchants_guild": RED, "joust_field": GREEN})
    asked = []
    while sc.decision(game) != PROVOST_QUESTION:
        asked.append((game.current_player, sc.decision(game)))
        game.apply("pass" if "pass" in game.legal_tokens() else "inn:stay")
    assert asked == [(BLUE, "move the gate's worker"), (RED, "move the provost with the merchants' guild"),
                     (GREEN, "use the joust field"), (ORANGE, "keep or take back the inn's worker")]
