"""Caylus (2005): every road tile, one scenario each, with the exact numbers (and the refusals).

Neutral, fixed, wood and stone tiles (the Jeweller with the option jeweller=true), residences and prestige tiles.
Positions are set up with tests/editions/classic/scenario.py and played through the public API. Quotes ("rules p4 e")
are from shared/rules/caylus-rules.txt; the figures the rulebook printed only as pictures (costs, prestige shields)
are from shared/reference/caylus-2005.md, with its "Rulebook overrides" table applied (the rulebook text wins).
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


# ==========================================================================================================
# Production buildings (rules p4 a)
# ==========================================================================================================

PRODUCTION_CHOICES = {
    "neutral_farm": {"take:food", "take:cloth"},
    "forest": {"take:wood", "take:food"},
    "food_farm": {"take:food", "take:cloth"},
    "cloth_farm": {"take:cloth", "take:food"},
}


@pytest.mark.parametrize("tile,owner,token,gain", [
    ("neutral_farm", -1, "take:food", {"food": 1}),
    ("neutral_farm", -1, "take:cloth", {"cloth": 1}),
    ("forest", -1, "take:wood", {"wood": 1}),
    ("forest", -1, "take:food", {"food": 1}),
    ("food_farm", RED, "take:food", {"food": 2}),
    ("food_farm", RED, "take:cloth", {"cloth": 1}),
    ("cloth_farm", RED, "take:cloth", {"cloth": 2}),
    ("cloth_farm", RED, "take:food", {"food": 1}),
])
def test_production_with_a_choice(tile, owner, token, gain):
    """Rules p4 a: production buildings "allow the player who activates them to take cubes from the stock";
    "Wood farm: produces 2 food cubes OR 1 cloth cube" (reference 2.1 / 2.3 for the neutral farm, the forest and
    the cloth farm). Production is mandatory ("unless it is a production building"): no `pass` is offered, and a
    wood building gives its owner no cube."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3)
    sc.set_hand(game, RED, 3)
    sc.use_building(game, tile, BLUE, owner)
    assert set(game.legal_tokens()) == PRODUCTION_CHOICES[tile]
    game.apply(token)
    assert sc.cubes_of(game, BLUE) == hand(**gain)
    assert sc.cubes_of(game, RED) == NO_CUBES
    assert sc.seat_view(game, BLUE)["deniers"] == 3
    assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("tile,owner,gain", [
    ("neutral_sawmill", -1, {"wood": 1}),
    ("neutral_quarry", -1, {"stone": 1}),
    ("gold_mine", -1, {"gold": 1}),
    ("quarry", RED, {"stone": 2}),
    ("sawmill", RED, {"wood": 2}),
])
def test_production_without_a_choice(tile, owner, gain):
    """Rules p4 a (production) with the tiles of reference 2.1-2.3: neutral sawmill 1 wood, neutral quarry 1 stone,
    gold mine 1 gold, wood quarry 2 stone, wood sawmill 2 wood. A single outcome is not asked about; the owner of a
    wood building gets no cube ("if a stone production building ... is activated by anyone but its owner")."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3)
    sc.set_hand(game, RED, 3)
    sc.use_building(game, tile, BLUE, owner)
    assert sc.cubes_of(game, BLUE) == hand(**gain)
    assert sc.cubes_of(game, RED) == NO_CUBES
    assert sc.decision(game) == CASTLE_WAITS


STONE_PRODUCTION = {
    "stone_farm": ({"food": 2, "cloth": 1}, {"take:food", "take:cloth"}),
    "park": ({"wood": 2, "food": 1}, {"take:wood", "take:food"}),
    "workshop": ({"stone": 2, "cloth": 1}, {"take:stone", "take:cloth"}),
}


@pytest.mark.parametrize("tile,bonus", [
    ("stone_farm", "food"), ("stone_farm", "cloth"),
    ("park", "wood"), ("park", "food"),
    ("workshop", "stone"), ("workshop", "cloth"),
])
def test_stone_production_and_the_owner_bonus(tile, bonus):
    """Rules p4 a: "Stone farm: produces 2 food cubes AND 1 cloth cube. If it is activated by anyone but its owner,
    the latter takes either 1 food cube OR 1 cloth cube"; the park gives 2 wood + 1 food and the workshop 2 stone +
    1 cloth (reference 2.4). The owner chooses the bonus cube among the building's products."""
    gain, choices = STONE_PRODUCTION[tile]
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3)
    sc.set_hand(game, RED, 3)
    sc.use_building(game, tile, BLUE, owner=RED)
    assert sc.cubes_of(game, BLUE) == hand(**gain)
    assert game.current_player == RED
    assert sc.decision(game) == "choose the owner's bonus cube"
    assert set(game.legal_tokens()) == choices
    sc.refused(game, "take:gold", "not on offer")
    game.apply(f"take:{bonus}")
    assert sc.cubes_of(game, RED) == hand(**{bonus: 1})
    assert sc.cubes_of(game, BLUE) == hand(**gain)
    assert sc.decision(game) == CASTLE_WAITS


# ==========================================================================================================
# Marketplaces and peddlers (rules p4 d, e)
# ==========================================================================================================

@pytest.mark.parametrize("tile,owner,price", [("neutral_marketplace", -1, 4), ("marketplace", RED, 6)])
@pytest.mark.parametrize("cube", ["food", "gold"])
def test_marketplace_sells_one_cube(tile, owner, price, cube):
    """Rules p4 d: "Marketplaces allow you to sell 1 cube to the stock and get deniers in return (the price
    depends on the market). It is not allowed to sell several cubes at once." Reference 2.1/2.3: the neutral
    marketplace pays 4 deniers, the wood one 6; the white cube icon means any kind, even gold."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, food=2, stone=1, gold=1)
    sc.use_building(game, tile, BLUE, owner)
    assert set(game.legal_tokens()) == {"pass", "sell:food", "sell:stone", "sell:gold"}
    sc.refused(game, "sell:cloth", "Blue has no cloth cube")
    game.apply(f"sell:{cube}")
    after = hand(food=2, stone=1, gold=1)
    after[cube] -= 1
    assert sc.cubes_of(game, BLUE) == after
    assert sc.seat_view(game, BLUE)["deniers"] == 3 + price
    assert sc.decision(game) == CASTLE_WAITS  # one cube only


def test_marketplace_may_be_declined():
    """Rules p4: "A player doesn't have to apply the effect of a building, unless it is a production building"."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, food=2)
    sc.use_building(game, "neutral_marketplace", BLUE)
    game.apply("pass")
    assert sc.cubes_of(game, BLUE) == hand(food=2)
    assert sc.seat_view(game, BLUE)["deniers"] == 3


BUY_ANY = {"pass", "buy:food", "buy:wood", "buy:stone", "buy:cloth"}


def test_fixed_peddler_sells_one_cube_for_2_deniers():
    """Rules p4 e: pedlars "don't allow you to buy gold. At the basic (fixed) pedlar's shop, you can't buy more than
    1 cube"; reference 2.2: 2 deniers for 1 cube of food, wood, stone or cloth."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 5)
    sc.use_building(game, "fixed_peddler", BLUE)
    assert set(game.legal_tokens()) == BUY_ANY
    sc.refused(game, "buy:gold", "do not sell gold")
    game.apply("buy:cloth")
    assert sc.cubes_of(game, BLUE) == hand(cloth=1)
    assert sc.seat_view(game, BLUE)["deniers"] == 3
    assert sc.decision(game) == CASTLE_WAITS  # no second cube


def test_fixed_peddler_needs_2_deniers():
    """Reference 2.2: the fixed peddler's cube costs 2 deniers; with 1 denier nothing is offered."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 1)
    sc.use_building(game, "fixed_peddler", BLUE)
    assert sc.cubes_of(game, BLUE) == NO_CUBES
    assert sc.seat_view(game, BLUE)["deniers"] == 1
    assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("deniers,buys,left", [
    (5, ["buy:wood", "buy:stone"], 3),  # 2 deniers -> 2 cubes, which may differ
    (5, ["buy:cloth", "buy:cloth"], 3),
    (5, ["buy:food", "pass"], 4),  # 1 denier -> 1 cube
    (1, ["buy:food"], 0),  # no denier left for a second cube: not asked again
])
def test_wood_peddler_sells_up_to_2_cubes_for_1_denier_each(deniers, buys, left):
    """Rules p4 e: "The non-basic pedlar (the wood building) allows you to buy 1 or 2 cubes of your choice";
    reference 2.3: 1 denier -> 1 cube, or 2 deniers -> 2 cubes (food/wood/stone/cloth, no gold)."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, deniers)
    sc.use_building(game, "peddler", BLUE, owner=RED)
    bought = dict(NO_CUBES)
    for token in buys:
        assert set(game.legal_tokens()) == BUY_ANY
        game.apply(token)
        if token != "pass":
            bought[token[4:]] += 1
    assert sc.cubes_of(game, BLUE) == bought
    assert sc.seat_view(game, BLUE)["deniers"] == left
    assert sc.decision(game) == CASTLE_WAITS


# ==========================================================================================================
# Church, tailor, bank, alchemist, jeweller (rules p4 f-i; the Jeweller from reference 2.4)
# ==========================================================================================================

@pytest.mark.parametrize("tile,before,token,after,prestige", [
    ("church", dict(deniers=4), "church:3", dict(deniers=2), 3),
    ("church", dict(deniers=4), "church:5", dict(deniers=0), 5),
    ("tailor", dict(cloth=3), "tailor:2", dict(cloth=2), 2),
    ("tailor", dict(cloth=3), "tailor:6", dict(cloth=0), 6),
    ("bank", dict(deniers=5), "bank:1", dict(deniers=3, gold=1), 0),
    ("bank", dict(deniers=5), "bank:2", dict(deniers=0, gold=2), 0),
    ("jeweller", dict(gold=2), "jeweller:5", dict(gold=1), 5),
    ("jeweller", dict(gold=2), "jeweller:9", dict(gold=0), 9),
])
def test_trade_buildings(tile, before, token, after, prestige):
    """Rules p4 f "pay 2 deniers and get 3 points, or pay 4 deniers and get 5 points"; p4 g "pay 1 cube and get 2
    points, or ... pay 3 cubes and get 6 points" (cloth; the rulebook text wins over the tile sheet's 2 -> 4);
    p4 h "pay 2 deniers and get 1 gold cube, or pay 5 deniers to get 2 gold cubes"; reference 2.4 Jeweller
    "Pay 1 gold -> 5 PP, or 2 gold -> 9 PP"."""
    game = sc.new(order=ORDER, jeweller=True)
    sc.set_hand(game, BLUE, **before)
    sc.use_building(game, tile, BLUE, owner=RED)
    offers = {"church": {"church:3", "church:5"}, "tailor": {"tailor:2", "tailor:6"}, "bank": {"bank:1", "bank:2"},
              "jeweller": {"jeweller:5", "jeweller:9"}}[tile]
    assert set(game.legal_tokens()) == {"pass"} | offers
    game.apply(token)
    me = sc.seat_view(game, BLUE)
    assert me["deniers"] == after.pop("deniers", 0)
    assert me["cubes"] == hand(**after)
    assert me["prestige"] == prestige
    assert sc.seat_view(game, RED)["prestige"] == 0
    assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("tile,before,token,why", [
    ("church", dict(deniers=3), "church:5", "Blue has only 3 deniers"),
    ("tailor", dict(cloth=2), "tailor:6", "Blue lacks the cubes"),
    ("bank", dict(deniers=4), "bank:2", "Blue has only 4 deniers"),
    ("jeweller", dict(gold=1), "jeweller:9", "Blue lacks the cubes"),
    ("alchemist", dict(food=2, wood=1, gold=3), "alchemist:2", "Blue lacks the cubes"),  # gold does not count
])
def test_trade_buildings_refuse_the_offer_you_cannot_afford(tile, before, token, why):
    """Rules p4 f-i: each offer is paid in full from the player's own stock; a player who can afford only the
    smaller offer is refused the bigger one, and nothing changes."""
    game = sc.new(order=ORDER, jeweller=True)
    sc.set_hand(game, BLUE, **before)
    sc.use_building(game, tile, BLUE, owner=RED)
    sc.refused(game, token, why)
    game.apply("pass")
    assert sc.seat_view(game, BLUE)["prestige"] == 0


@pytest.mark.parametrize("tile,before", [
    ("church", dict(deniers=1)), ("tailor", dict(deniers=5)), ("bank", dict(deniers=1)),
    ("alchemist", dict(food=1, gold=2)), ("jeweller", dict(deniers=5)),
])
def test_trade_buildings_ask_nothing_of_a_player_who_cannot_pay(tile, before):
    """Rules p4 f-i: with less than the smaller price there is nothing to choose; the worker just goes home."""
    game = sc.new(order=ORDER, jeweller=True)
    sc.set_hand(game, BLUE, **before)
    sc.use_building(game, tile, BLUE, owner=RED)
    assert sc.decision(game) == CASTLE_WAITS
    me = sc.seat_view(game, BLUE)
    assert me["deniers"] == before.pop("deniers", 0) and me["cubes"] == hand(**before) and me["prestige"] == 0


@pytest.mark.parametrize("token,pays,after", [
    ("alchemist:1", ["pay:food", "pay:stone"], hand(food=1, wood=1, gold=2)),
    ("alchemist:2", ["pay:food", "pay:food", "pay:wood"], hand(gold=3)),  # the last cube (stone) is forced
])
def test_alchemist_turns_2_cubes_into_1_gold_and_4_into_2(token, pays, after):
    """Rules p4 i: "A player can either pay 2 cubes (of any good) and get 1 gold cube, or pay 4 cubes (of any good)
    and get 2 gold cubes"; reference 2.4: any mix of food/wood/stone/cloth, never gold (multicolour icon)."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 2, food=2, wood=1, stone=1, gold=1)
    sc.use_building(game, "alchemist", BLUE, owner=RED)
    assert set(game.legal_tokens()) == {"pass", "alchemist:1", "alchemist:2"}
    game.apply(token)
    assert set(game.legal_tokens()) == {"pay:food", "pay:wood", "pay:stone"}
    sc.refused(game, "pay:gold", "gold cannot pay")
    sc.play(game, *pays)
    assert sc.cubes_of(game, BLUE) == after
    assert sc.seat_view(game, BLUE)["deniers"] == 2
    assert sc.decision(game) == CASTLE_WAITS


def test_jeweller_is_only_in_the_game_with_its_option():
    """Reference "Rulebook overrides": 9 stone tiles incl. 2 Architects; the Jeweller only as an opt-in option."""
    plain = sc.new(order=ORDER)
    assert "jeweller" not in plain.view(None)["stock"]
    assert {"architect", "architect2"} <= set(plain.view(None)["stock"])
    assert "jeweller" in sc.new(order=ORDER, jeweller=True).view(None)["stock"]
    sc.set_hand(plain, BLUE, 0, stone=2, cloth=1, food=1)
    sc.use_building(plain, "mason", BLUE, owner=RED)
    assert "build:jeweller" not in plain.legal_tokens()
    sc.refused(plain, "build:jeweller", "the Jeweller is not in the stock (it is out of the game)")


# ==========================================================================================================
# Construction: every wood, stone and prestige tile's cost and prestige (rules p4 b; reference 2.3-2.6)
# ==========================================================================================================

WOOD_TILES = [  # tile, cost (any = one cube of any kind, even gold), prestige
    ("food_farm", dict(food=1, wood=1), 2),
    ("cloth_farm", dict(food=1, wood=1), 2),
    ("quarry", dict(food=1, wood=1), 2),
    ("sawmill", dict(food=1, wood=1), 2),
    ("marketplace", dict(wood=1, any=1), 4),
    ("peddler", dict(wood=1, any=1), 4),
    ("lawyer", dict(wood=1, cloth=1), 4),
    ("mason", dict(food=1, wood=1), 4),
]
STONE_TILES = [  # tile, cost, prestige, favors when built
    ("stone_farm", dict(food=1, stone=1), 3, 0),
    ("park", dict(food=1, stone=1), 3, 0),
    ("workshop", dict(food=1, stone=1), 3, 0),
    ("architect", dict(food=1, stone=1), 6, 0),
    ("architect2", dict(food=1, stone=1), 6, 0),
    ("church", dict(stone=1, cloth=1), 4, 1),  # the rulebook text: "gains 4 prestige points and a royal favor"
    ("tailor", dict(wood=1, stone=1), 6, 0),
    ("bank", dict(wood=1, stone=1), 6, 0),
    ("alchemist", dict(food=1, stone=1), 6, 0),
    ("jeweller", dict(stone=1, cloth=1), 6, 0),
]
PRESTIGE_TILES = [  # tile, cost, prestige, favors when built
    ("statue", dict(stone=2, gold=1), 7, 1),
    ("theater", dict(wood=3, gold=2), 14, 1),
    ("college", dict(stone=3, gold=2), 14, 1),
    ("monument", dict(stone=4, gold=2), 14, 2),
    ("granary", dict(food=3, gold=1), 10, 0),
    ("weaver", dict(cloth=3, gold=1), 12, 0),
    ("cathedral", dict(stone=5, gold=3), 25, 0),
    ("library", dict(wood=3, gold=1), 10, 0),
    ("hotel", dict(stone=3, gold=2), 16, 0),
]
FAVOR_QUESTION = "choose a line of the favor table"


def pending_favors(game, who: int) -> int:
    return sum(1 for d in game.view(None)["decisions"] if d["kind"] == FAVOR_QUESTION and d["player"] == who)


def check_built(game, tile: str, space: int, prestige: int, houses: int) -> None:
    assert sc.space(game, space) == {"space": space, "tile": tile, "owner": BLUE, "worker": None}
    assert tile not in game.view(None)["stock"]
    me = sc.seat_view(game, BLUE)
    assert me["cubes"] == NO_CUBES  # exactly the cost was paid
    assert me["prestige"] == prestige
    assert me["houses"] == houses
    assert me["deniers"] == 3


@pytest.mark.parametrize("carpenter", ["neutral_carpenter", "fixed_carpenter"])
@pytest.mark.parametrize("tile,cost,prestige", WOOD_TILES)
def test_wood_tiles_cost_and_prestige(carpenter, tile, cost, prestige):
    """Rules p4 b: "the carpenter allows you to build wood craft buildings only"; "the player has to pay its price
    in cubes ... the new building is placed on the first free (unbuilt) space on the road, and the owner puts one of
    his houses on ... the tile. The player immediately scores the number of prestige points". Costs and shields
    from reference 2.3 (the marketplace and peddler's white cube: any kind, even gold - paid here with gold)."""
    cost = dict(cost)
    if cost.pop("any", 0):
        cost["gold"] = 1
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, **cost)
    sc.use_building(game, carpenter, BLUE)
    game.apply(f"build:{tile}")
    check_built(game, tile, 9, prestige, houses=19)
    assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("tile,cost,prestige,favors", STONE_TILES)
def test_stone_tiles_cost_and_prestige(tile, cost, prestige, favors):
    """Rules p4 b: "the mason allows you to build stone craft buildings only"; costs and shields from reference 2.4;
    the Church: "The player who builds this building gains 4 prestige points and a royal favor" (p4 f). The mason
    stands on space 9, so the new tile goes on space 10, the first unbuilt one."""
    game = sc.new(order=ORDER, jeweller=True)
    sc.set_hand(game, BLUE, 3, **cost)
    sc.use_building(game, "mason", BLUE, owner=RED)
    game.apply(f"build:{tile}")
    check_built(game, tile, 10, prestige, houses=19)
    assert pending_favors(game, BLUE) == favors
    assert sc.seat_view(game, RED)["prestige"] == 0  # the mason's owner gains nothing in phase 5


@pytest.mark.parametrize("tile,cost,prestige,favors", PRESTIGE_TILES)
def test_prestige_tiles_cost_prestige_and_favors(tile, cost, prestige, favors):
    """Rules p4 b: prestige buildings "can only be built on the sites of the residential buildings owned by a given
    player ... the green building is discarded and replaced with the chosen prestige building"; "the statue, the
    theater, the university: the builder immediately gains 1 royal favor"; "the monument: ... 2 royal favors".
    Costs and shields from reference 2.6. The residence's house stays on the new tile (no new house)."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "architect", owner=RED)  # space 9
    home = sc.put_tile(game, "residence", owner=BLUE)  # space 10
    sc.set_hand(game, BLUE, 3, **cost)
    sc.use_building(game, "architect", BLUE)
    game.apply(f"build:{tile}")
    check_built(game, tile, home, prestige, houses=19)
    assert pending_favors(game, BLUE) == favors


@pytest.mark.parametrize("tile,favors", [("church", 1), ("statue", 1), ("theater", 1), ("college", 1),
                                         ("monument", 2)])
def test_favors_of_a_new_building_are_taken_on_different_lines(tile, favors):
    """Rules p4 f and p4 b (Church, Statue, Theater, University: 1 royal favor; Monument: 2); p5 "If a player gains
    several favors during the same phase ... the favors must be used on different lines"."""
    cost = {t: c for t, c, *_ in STONE_TILES + PRESTIGE_TILES}[tile]
    game = sc.new(order=ORDER)
    if tile == "church":
        sc.put_tile(game, "mason", owner=RED)
        builder = "mason"
    else:
        sc.put_tile(game, "architect", owner=RED)
        sc.put_tile(game, "residence", owner=BLUE)
        builder = "architect"
    sc.set_hand(game, BLUE, 3, **cost)
    sc.use_building(game, builder, BLUE)
    game.apply(f"build:{tile}")
    assert game.current_player == BLUE and sc.decision(game) == FAVOR_QUESTION
    game.apply("favor:prestige")  # column 1: +1 PP
    if favors == 2:
        sc.refused(game, "favor:prestige", "already took a favor on the prestige line")
        game.apply("favor:deniers")  # column 1: +3 deniers
    me = sc.seat_view(game, BLUE)
    built = {t: p for t, _, p, *_ in STONE_TILES + PRESTIGE_TILES}[tile]
    assert me["prestige"] == built + 1
    assert me["deniers"] == 3 + (3 if favors == 2 else 0)
    assert me["favors"]["prestige"] == 1
    assert sc.decision(game) == CASTLE_WAITS


@pytest.mark.parametrize("tile", ["marketplace", "peddler"])
@pytest.mark.parametrize("paid,left", [("gold", "food"), ("food", "gold")])
def test_the_white_cube_of_a_cost_is_any_cube_the_builder_chooses(tile, paid, left):
    """Rules p2 "Conventions": the white cube is "1 cube of any kind (even gold)"; reference 2.3: the marketplace
    and the peddler cost 1 wood + 1 cube of any kind. The builder is asked which cube pays the white one."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, wood=1, food=1, gold=1)
    sc.use_building(game, "neutral_carpenter", BLUE)
    game.apply(f"build:{tile}")
    assert game.current_player == BLUE and sc.decision(game) == "choose a cube to pay"
    assert set(game.legal_tokens()) == {"pay:food", "pay:gold"}
    sc.refused(game, "pay:stone", "Blue has no stone cube")
    game.apply(f"pay:{paid}")
    assert sc.cubes_of(game, BLUE) == hand(**{left: 1})
    assert sc.seat_view(game, BLUE)["prestige"] == 4


# ==========================================================================================================
# Residences and prestige tiles: income, and no worker on them (rules p2 phase 1 and phase 2)
# ==========================================================================================================

def test_income_residences_library_and_hotel():
    """Rules p2 phase 1: "Each player gets 2 deniers ... Furthermore, each player also gets: 1 denier per
    residential building ..., 1 denier if they have built the Library, 2 deniers if they have built the Hotel";
    p4 c "If the residential building is changed into a prestige building at some point, this additional income
    is lost" (Orange's statue stands where a residence was)."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=BLUE)
    sc.put_tile(game, "residence", owner=BLUE)
    sc.put_tile(game, "library", owner=RED)
    sc.put_tile(game, "hotel", owner=GREEN)
    sc.put_tile(game, "residence", owner=GREEN)
    sc.put_tile(game, "statue", owner=ORANGE)
    for who in ORDER:
        sc.set_hand(game, who, 10)
    sc.start_end_of_turn(game)
    view = game.view(None)
    assert view["turn"] == 2 and view["phase"] == "placement"
    assert [view["seats"][who]["deniers"] for who in ORDER] == [10 + 2 + 2, 10 + 2 + 1, 10 + 2 + 2 + 1, 10 + 2]


@pytest.mark.parametrize("tile", ["residence", "statue", "library"])
def test_no_worker_on_a_residence_or_a_prestige_building(tile):
    """Rules p2 phase 2: "Putting a worker on a prestige building (blue), on a residential building (green) or on an
    unbuilt space is forbidden" - there is no such action at all."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, tile, owner=BLUE)
    sc.sync(game)
    assert not any(t.startswith(f"place:{tile}") for t in game.legal_tokens())
    sc.refused(game, f"place:{tile}", "no worker may be placed")


# ==========================================================================================================
# Refusals: cannot afford, occupied, not in stock (rules p2, p4 b)
# ==========================================================================================================

def test_cannot_build_what_you_cannot_afford():
    """Rules p4 b: "the player has to pay its price in cubes ... with their own stock". Blue's food + wood buy a
    farm but not the Lawyer (1 wood + 1 cloth)."""
    game = sc.new(order=ORDER)
    sc.set_hand(game, BLUE, 3, food=1, wood=1)
    sc.use_building(game, "neutral_carpenter", BLUE)
    assert "build:food_farm" in game.legal_tokens() and "build:lawyer" not in game.legal_tokens()
    sc.refused(game, "build:lawyer", "Blue cannot afford the Lawyer (1 wood, 1 cloth)")


def test_cannot_build_a_tile_that_is_not_in_the_stock():
    """Rules p4 b: "It is only possible to build a building if it is still available in the stock." Red's sawmill
    is on the road already."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "sawmill", owner=RED)
    sc.set_hand(game, BLUE, 3, food=2, wood=2)
    sc.use_building(game, "neutral_carpenter", BLUE)
    assert "build:sawmill" not in game.legal_tokens()
    sc.refused(game, "build:sawmill", "the Sawmill is not in the stock (it is on the road)")


def test_cannot_place_a_worker_on_an_occupied_building():
    """Rules p2 phase 2: "Placing a worker on a space where there already is another worker is also forbidden,
    except in three cases (stable, inn, castle)"; p3 c "The owner of the building instantaneously earns one
    prestige point"."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "sawmill", owner=GREEN)
    sc.set_hand(game, BLUE, 5)
    sc.set_hand(game, RED, 5)
    sc.sync(game)
    game.apply("place:sawmill")  # nobody has passed: 1 denier
    assert sc.seat_view(game, BLUE)["deniers"] == 4 and sc.seat_view(game, GREEN)["prestige"] == 1
    assert game.current_player == RED
    sc.refused(game, "place:sawmill", "the Sawmill is occupied by Blue")
    # A neutral building is named as a player reads it, as everywhere else ("the neutral Quarry").
    game.apply("place:neutral_quarry")
    sc.refused(game, "place:neutral_quarry", "the neutral Quarry is occupied by Red")
