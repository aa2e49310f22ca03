"""Caylus (2005) phase 5, "Activation of the buildings": order, the provost, production, construction, the lawyer.

The per-tile effects are in test_buildings.py; this file checks the rules every building shares (rules p3-p4
"Phase 5"). Positions come from tests/editions/classic/scenario.py; everything else goes through the public API.
Quotes are from shared/rules/caylus-rules.txt.
"""

from __future__ import annotations

import pytest

from . import scenario as sc
from .scenario import BLUE, GREEN, ORANGE, RED

ORDER = [BLUE, RED, GREEN, ORANGE]
NO_CUBES = {"food": 0, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}
CASTLE_WAITS = "give batches to the castle"  # Orange's worker in the castle: phase 5 is over


def hand(**cubes) -> dict:
    return {**NO_CUBES, **cubes}


def view(game) -> dict:
    return game.view(None)


# ==========================================================================================================
# Order, the provost, what is mandatory
# ==========================================================================================================

def test_buildings_are_activated_in_road_order_up_to_the_provost():
    """Rules p3 "Phase 5": "Buildings are activated in order (following the road) from the first space after the
    bridge to the space the provost is now occupying. The buildings beyond the provost's current location will not
    be used." Green's food farm on space 9 is reached (provost on 9); Orange's on space 10 is not."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "food_farm", owner=ORANGE)  # 9
    sc.put_tile(game, "cloth_farm", owner=ORANGE)  # 10
    sc.hold_in_castle(game, ORANGE)
    workers = {"forest": BLUE, "neutral_farm": RED, "food_farm": GREEN, "cloth_farm": BLUE}
    sc.start_activation(game, workers, provost=9)
    asked = []
    while sc.decision(game) != CASTLE_WAITS:
        asked.append(game.current_player)
        game.apply(game.legal_tokens()[0])
    first, second = sorted(["forest", "neutral_farm"], key=lambda t: sc.pos(game, t))
    assert asked == [workers[first], workers[second], GREEN]
    assert sc.cubes_of(game, BLUE)["cloth"] == 0  # the cloth farm beyond the provost did nothing
    assert sc.seat_view(game, BLUE)["workers"] == 6  # both of Blue's workers came home


PRODUCTION = ["neutral_farm", "forest", "food_farm", "cloth_farm"]
OPTIONAL = ["neutral_carpenter", "neutral_marketplace", "fixed_peddler", "marketplace", "peddler", "lawyer",
            "mason", "architect", "church", "tailor", "bank", "alchemist"]


@pytest.mark.parametrize("tile", PRODUCTION + OPTIONAL)
def test_production_is_mandatory_other_buildings_are_optional(tile):
    """Rules p3 "Phase 5": "A player doesn't have to apply the effect of a building, unless it is a production
    building." Blue can afford every offer here, so each optional building asks, with `pass` among the answers."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=BLUE)  # for the architect
    sc.set_hand(game, BLUE, 9, food=4, wood=4, stone=4, cloth=4, gold=2)
    sc.use_building(game, tile, BLUE, owner=RED)
    assert game.current_player == BLUE
    if tile in PRODUCTION:
        assert "pass" not in game.legal_tokens()
        sc.refused(game, "pass", "Blue must now choose what the building produces")
    else:
        assert "pass" in game.legal_tokens() and len(game.legal_tokens()) > 1
        before = sc.seat_view(game, BLUE)
        game.apply("pass")
        after = sc.seat_view(game, BLUE)
        assert (after["deniers"], after["cubes"], after["prestige"]) == (
            before["deniers"], before["cubes"], before["prestige"])
        assert after["workers"] == 6
        assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("tile,gain", [
    ("stone_farm", {"food": 2, "cloth": 1}), ("park", {"wood": 2, "food": 1}), ("workshop", {"stone": 2, "cloth": 1}),
])
def test_stone_production_gives_no_bonus_to_its_owner_as_worker(tile, gain):
    """Rules p4 a: "If the building is activated by its owner, the latter takes the normal income granted by the
    building, but no additional cube." (The bonus when someone else works there: test_buildings.py.)"""
    game = sc.new(order=ORDER)
    sc.set_hand(game, RED, 3)
    sc.use_building(game, tile, RED, owner=RED)
    assert sc.cubes_of(game, RED) == hand(**gain)
    assert sc.decision(game) == CASTLE_WAITS


def test_the_stone_production_bonus_is_chosen_by_the_owner_after_the_worker_is_paid():
    """Rules p4 a: "if a stone production building (gray background) is activated by anyone but its owner, the
    latter takes one resource cube (chosen among the resources produced by the building)". The owner decides, and
    only once the worker has been paid; the next building waits for that choice."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "park", owner=RED)  # 9
    sc.put_tile(game, "food_farm", owner=RED)  # 10
    sc.set_hand(game, BLUE, 0)
    sc.set_hand(game, RED, 0)
    sc.set_hand(game, GREEN, 0)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"park": BLUE, "food_farm": GREEN}, provost=10)
    assert (game.current_player, sc.decision(game)) == (RED, "choose the owner's bonus cube")
    assert sc.cubes_of(game, BLUE) == hand(wood=2, food=1)
    game.apply("take:wood")
    assert (game.current_player, sc.decision(game)) == (GREEN, "choose what the building produces")
    game.apply("take:food")
    assert sc.cubes_of(game, RED) == hand(wood=1)  # no bonus from a wood building
    assert sc.cubes_of(game, GREEN) == hand(food=2)


def test_workers_beyond_the_provost_go_home_without_effect_and_the_owner_keeps_the_prestige():
    """Rules p3 "Phase 5": "The players who have workers on these unused buildings get them back without a
    compensation (the prestige points granted by these workers are not canceled)." Played from phase 2: Blue
    works at Red's sawmill (space 9), Blue brings the provost there, Red sends it back one space."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "sawmill", owner=RED)  # 9
    for who in ORDER:
        sc.set_hand(game, who, 6)
    sc.sync(game)
    game.apply("place:sawmill")  # Blue: 1 denier, Red +1 PP
    game.apply("place:forest")  # Red: 1 denier
    sc.play(game, "pass", "pass", "pass", "pass")  # Green (+1), Orange, Blue, Red
    assert view(game)["phase"] == "provost" and game.current_player == GREEN
    sc.play(game, "pass", "pass", "provost:+3", "provost:-1")  # Green, Orange, Blue (3 deniers), Red (1)
    assert view(game)["provost"] == 8
    while view(game)["turn"] == 1:  # Red's forest (before the provost) asks wood or food
        game.apply("take:wood")
    assert sc.cubes_of(game, BLUE) == NO_CUBES  # the sawmill was not used
    assert sc.seat_view(game, BLUE)["workers"] == 6
    assert sc.seat_view(game, RED)["prestige"] == 1
    assert sc.cubes_of(game, RED) == hand(wood=1)


def test_a_building_built_this_turn_without_a_worker_does_nothing():
    """Rules p3 "Phase 5": buildings are activated where workers stand ("Once a building has been activated, the
    player gets their worker back"); a building new this turn has no worker on it, even if it lies before the
    provost."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, food=1, wood=1)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"neutral_carpenter": BLUE}, provost=12)
    game.apply("build:sawmill")
    assert sc.space(game, 9) == {"space": 9, "tile": "sawmill", "owner": BLUE, "worker": None}
    assert sc.decision(game) == CASTLE_WAITS
    assert sc.cubes_of(game, BLUE) == NO_CUBES  # nothing produced on space 9


# ==========================================================================================================
# Construction: carpenter, mason, architect, the stock, the first unbuilt space, houses (rules p4 b)
# ==========================================================================================================

RICH = dict(food=5, wood=5, stone=5, cloth=5, gold=5)


@pytest.mark.parametrize("builder,owner,kind,wrong", [
    ("neutral_carpenter", -1, "wood", ["bank", "statue"]),
    ("fixed_carpenter", -1, "wood", ["church", "library"]),
    ("mason", RED, "stone", ["sawmill", "hotel"]),
    ("architect", RED, "prestige", ["peddler", "tailor"]),
])
def test_each_construction_building_builds_its_own_kind_only(builder, owner, kind, wrong):
    """Rules p4 b: "the carpenter allows you to build wood craft buildings only (tiles with a brown background). -
    the mason allows you to build stone craft buildings only ... - the architect allows you to build prestige
    buildings only"."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=BLUE)
    sc.set_hand(game, BLUE, 3, **RICH)
    sc.use_building(game, builder, BLUE, owner)
    offered = {t[6:] for t in game.legal_tokens() if t.startswith("build:")}
    expected = {"wood": {"food_farm", "cloth_farm", "quarry", "sawmill", "marketplace", "peddler", "lawyer", "mason"},
                "stone": {"stone_farm", "park", "workshop", "architect", "architect2", "church", "tailor", "bank",
                          "alchemist"},
                "prestige": {"statue", "theater", "college", "monument", "granary", "weaver", "cathedral", "library",
                             "hotel"}}[kind]
    assert offered == expected - {builder}
    for tile in wrong:
        sc.refused(game, f"build:{tile}", f"builds {kind} tiles only")


def test_a_tile_can_be_built_once_and_lands_on_the_first_unbuilt_space():
    """Rules p4 b: "It is only possible to build a building if it is still available in the stock ... the new
    building is placed on the first free (unbuilt) space on the road". Space 9 is free, 10 holds Green's quarry:
    Blue's sawmill goes on 9, then Red (at the fixed carpenter) finds no sawmill left and builds on 11."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "quarry", owner=GREEN, pos=10)
    sc.set_hand(game, BLUE, 3, food=1, wood=1)
    sc.set_hand(game, RED, 3, food=2, wood=2)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"neutral_carpenter": BLUE, "fixed_carpenter": RED}, provost=8)
    game.apply("build:sawmill")
    assert sc.space(game, 9)["tile"] == "sawmill" and sc.space(game, 9)["owner"] == BLUE
    assert game.current_player == RED and "build:sawmill" not in game.legal_tokens()
    sc.refused(game, "build:sawmill", "the Sawmill is not in the stock (it is on the road)")
    game.apply("build:food_farm")
    assert sc.space(game, 11) == {"space": 11, "tile": "food_farm", "owner": RED, "worker": None}


def test_the_architect_builds_only_on_the_builders_own_residence():
    """Rules p4 b: prestige buildings "can only be built on the sites of the residential buildings owned by a given
    player"; "He discards one of his residential buildings and replaces it with the Statue." Red's residence is
    not Blue's: Blue, without one, is not asked anything and keeps his cubes."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=RED)  # 9
    sc.set_hand(game, BLUE, 3, stone=2, gold=1)
    sc.use_building(game, "architect", BLUE, owner=GREEN)
    assert sc.decision(game) == CASTLE_WAITS
    assert sc.cubes_of(game, BLUE) == hand(stone=2, gold=1)
    assert sc.space(game, 9) == {"space": 9, "tile": "residence", "owner": RED, "worker": None}


def test_the_architect_replaces_the_builders_residence_not_anothers():
    """Rules p4 b (as above): with Red's residence on space 9 and Blue's on 10, Blue's statue replaces space 10."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=RED)  # 9
    sc.put_tile(game, "residence", owner=BLUE)  # 10
    sc.set_hand(game, BLUE, 3, stone=2, gold=1)
    sc.use_building(game, "architect", BLUE, owner=GREEN)
    game.apply("build:statue")
    assert sc.space(game, 9)["tile"] == "residence"
    assert sc.space(game, 10) == {"space": 10, "tile": "statue", "owner": BLUE, "worker": None}


def test_without_a_house_nothing_can_be_built_but_a_prestige_building():
    """Rules p1 "Contents": 20 houses a player; p4 b "the owner puts one of his houses on ... the tile". With no
    house left the carpenter offers nothing; a prestige building takes the residence's place (and its house)."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "architect", owner=RED)  # 9
    sc.put_tile(game, "residence", owner=BLUE)  # 10
    game.board.houses[BLUE] = 0
    sc.set_hand(game, BLUE, 3, food=1, wood=1, stone=2, gold=1)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"neutral_carpenter": BLUE, "architect": BLUE}, provost=9)
    assert sc.cubes_of(game, BLUE) == hand(food=1, wood=1, stone=2, gold=1)  # the carpenter asked nothing
    assert sc.decision(game) == "choose a building to build"
    assert set(game.legal_tokens()) == {"pass", "build:statue"}
    game.apply("build:statue")
    assert sc.space(game, 10)["tile"] == "statue"
    assert sc.seat_view(game, BLUE)["houses"] == 0


def test_without_a_house_no_batch_can_be_given():
    """Rules p4-p5 "Phase 6": "Every time a player gives the stock a batch, he has the right to put a house in the
    section"; a player who "won't or can't give a batch ... lose 2 prestige points". Blue has the cubes but no
    house."""
    game = sc.new(order=ORDER)
    game.board.houses[BLUE] = 0
    sc.set_prestige(game, blue=5)
    sc.set_hand(game, BLUE, 3, food=1, wood=1, stone=1)
    sc.set_hand(game, ORANGE, 3, food=1, wood=1, stone=1)
    sc.start_castle(game, [BLUE, ORANGE])
    assert sc.seat_view(game, BLUE)["prestige"] == 3  # no batch was offered to Blue
    assert sc.cubes_of(game, BLUE) == hand(food=1, wood=1, stone=1)
    assert game.current_player == ORANGE


# ==========================================================================================================
# The lawyer (rules p4 c)
# ==========================================================================================================

def lawyer_game(deniers: int = 2, cloth: int = 1, lawyer_owner: int = RED):
    """Lawyer on space 9 (owned by `lawyer_owner`), Blue's sawmill on 10, Red's quarry on 11; Blue's hand."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "lawyer", owner=lawyer_owner)
    sc.put_tile(game, "sawmill", owner=BLUE)
    sc.put_tile(game, "quarry", owner=RED)
    sc.set_hand(game, BLUE, deniers, cloth=cloth)
    return game


NEUTRALS = {"neutral_carpenter", "neutral_farm", "forest", "neutral_sawmill", "neutral_quarry",
            "neutral_marketplace"}


def test_lawyer_turns_a_neutral_building_into_a_residence_for_good():
    """Rules p4 c: "The lawyer allows the player to transform a neutral building ... or one of their own craft
    buildings into a residential building ... the player must give the stock 1 cloth cube and 1 denier ... and
    immediately gains 2 prestige points. The player must put one of his houses on the tile"; "Neutral buildings are
    permanently discarded." (The rulebook's example: Blue turns the neutral quarry into a residence.)"""
    game = lawyer_game()
    sc.use_building(game, "lawyer", BLUE, owner=RED)
    assert set(game.legal_tokens()) == {"pass", "transform:sawmill"} | {f"transform:{t}" for t in NEUTRALS}
    where = sc.pos(game, "neutral_quarry")
    game.apply("transform:neutral_quarry")
    me = sc.seat_view(game, BLUE)
    assert (me["deniers"], me["cubes"]["cloth"], me["prestige"], me["houses"]) == (1, 0, 2, 18)
    assert sc.space(game, where) == {"space": where, "tile": "residence", "owner": BLUE, "worker": None}
    assert sc.pos(game, "neutral_quarry") == -1 and "neutral_quarry" not in view(game)["stock"]
    assert sc.seat_view(game, RED)["prestige"] == 0
    assert sc.decision(game) == CASTLE_WAITS


def test_lawyer_turns_your_own_building_into_a_residence_and_the_tile_can_be_rebuilt():
    """Rules p4 c: "Whenever a player's building is transformed, it goes back into the stock and can consequently
    be rebuilt." Blue's sawmill keeps Blue's house (now on the residence); later Green builds the sawmill again."""
    game = lawyer_game(lawyer_owner=BLUE)
    sc.use_building(game, "lawyer", BLUE)
    game.apply("transform:sawmill")
    me = sc.seat_view(game, BLUE)
    assert (me["deniers"], me["cubes"]["cloth"], me["prestige"], me["houses"]) == (1, 0, 2, 18)
    assert sc.space(game, 10) == {"space": 10, "tile": "residence", "owner": BLUE, "worker": None}
    assert "sawmill" in view(game)["stock"]
    sc.set_hand(game, GREEN, 0, food=1, wood=1)
    sc.start_activation(game, {"neutral_carpenter": GREEN})  # a later phase 5 (Orange still waits in the castle)
    game.apply("build:sawmill")
    assert sc.space(game, 12) == {"space": 12, "tile": "sawmill", "owner": GREEN, "worker": None}


@pytest.mark.parametrize("token,why", [
    ("transform:quarry", "the lawyer transforms neutral buildings or Blue's own buildings, and the Quarry is Red's"),
    ("transform:lawyer", "the lawyer can never be transformed"),
    ("transform:fixed_peddler", "cannot transform a fixed building"),  # basic (fixed) buildings
    ("transform:gold_mine", "cannot transform a fixed building"),
    ("transform:residence", "cannot transform a residential building"),
    ("transform:statue", "cannot transform a prestige building"),
])
def test_lawyer_refusals(token, why):
    """Rules p4 c: "a neutral building ... or one of their own craft buildings"; "The lawyer can't transform a
    prestige building, a basic building or a residential building. Furthermore, the lawyer can never be
    transformed." """
    game = lawyer_game(lawyer_owner=BLUE)
    sc.put_tile(game, "residence", owner=BLUE)
    sc.put_tile(game, "statue", owner=BLUE)
    sc.use_building(game, "lawyer", BLUE)
    assert token not in game.legal_tokens()
    sc.refused(game, token, why)


def test_lawyer_needs_a_house_for_a_neutral_building_only():
    """Rules p4 c: "The player must put one of his houses on the tile of the residential building" - a neutral
    building needs a new house; one's own building already carries one."""
    game = lawyer_game()
    game.board.houses[BLUE] = 0
    sc.use_building(game, "lawyer", BLUE, owner=RED)
    assert set(game.legal_tokens()) == {"pass", "transform:sawmill"}
    sc.refused(game, "transform:forest", "Blue has no house left for the residence")
    game.apply("transform:sawmill")
    assert sc.space(game, 10)["tile"] == "residence" and sc.seat_view(game, BLUE)["houses"] == 0


@pytest.mark.parametrize("deniers,cloth", [(0, 1), (3, 0)])
def test_lawyer_costs_1_cloth_and_1_denier(deniers, cloth):
    """Rules p4 c: "To transform a building, the player must give the stock 1 cloth cube and 1 denier." Without
    either, nothing is offered and the worker goes home."""
    game = lawyer_game(deniers=deniers, cloth=cloth)
    sc.use_building(game, "lawyer", BLUE, owner=RED)
    assert sc.decision(game) == CASTLE_WAITS
    me = sc.seat_view(game, BLUE)
    assert (me["deniers"], me["cubes"]["cloth"], me["prestige"]) == (deniers, cloth, 0)
    assert sc.space(game, 10)["tile"] == "sawmill"


def test_lawyer_on_an_occupied_building_is_paid_now_and_done_after_its_activation():
    """Rules p4 c: "If there is a worker in the building the player wants to transform, the latter pays
    immediately, but the lawyer's action will be delayed until the building has been activated." Red works at
    Blue's food farm (space 10) behind the lawyer (space 9)."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "lawyer", owner=BLUE)  # 9
    sc.put_tile(game, "food_farm", owner=BLUE)  # 10
    sc.set_hand(game, BLUE, 2, cloth=1)
    sc.set_hand(game, RED, 0)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"lawyer": BLUE, "food_farm": RED}, provost=10)
    game.apply("transform:food_farm")
    me = sc.seat_view(game, BLUE)
    assert (me["deniers"], me["cubes"]["cloth"]) == (1, 0)  # paid at once
    assert view(game)["pending_transformations"] == [{"space": 10, "player": BLUE}]
    assert sc.space(game, 10) == {"space": 10, "tile": "food_farm", "owner": BLUE, "worker": RED}
    assert (game.current_player, set(game.legal_tokens())) == (RED, {"take:food", "take:cloth"})
    game.apply("take:food")  # the farm still works for Red
    assert sc.cubes_of(game, RED) == hand(food=2)
    assert sc.space(game, 10) == {"space": 10, "tile": "residence", "owner": BLUE, "worker": None}
    assert view(game)["pending_transformations"] == []
    assert sc.seat_view(game, BLUE)["prestige"] == 2
    assert "food_farm" in view(game)["stock"]


def test_lawyer_on_an_occupied_building_beyond_the_provost_is_done_when_the_worker_goes_home():
    """Rules p4 c (the delay above) and p3 "Phase 5" (workers beyond the provost "get them back without a
    compensation"): Red's worker on Blue's food farm (space 10) is beyond the provost (space 9); he goes home with
    nothing, and the transformation is done then."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "lawyer", owner=BLUE)  # 9
    sc.put_tile(game, "food_farm", owner=BLUE)  # 10
    sc.set_hand(game, BLUE, 2, cloth=1)
    sc.set_hand(game, RED, 0)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"lawyer": BLUE, "food_farm": RED}, provost=9)
    game.apply("transform:food_farm")
    assert sc.decision(game) == CASTLE_WAITS
    assert sc.cubes_of(game, RED) == NO_CUBES
    assert sc.seat_view(game, RED)["workers"] == 6
    assert sc.space(game, 10) == {"space": 10, "tile": "residence", "owner": BLUE, "worker": None}
    assert sc.seat_view(game, BLUE)["prestige"] == 2
