"""Phase 4: one scenario per building effect, primary (the worker's owner) and secondary (the card's owner).

Rulebook, "Detail of the Buildings" and Phase 4. A bystander (Orange, with one batch) stops the turn at the castle so
the state right after phase 4 can be checked.
"""

import pytest

import caylus
from caylus.editions.magna_carta import rules as R

from .mc_scenario import (
    BLUE, GREEN, ORANGE, RED, bystander_stops_at_castle, cubes, new, play, residence, set_player, set_road,
    to_effects, top, worker,
)

NEUTRAL_ROAD = ["park", "forest", "quarry", "peddler"]


def effects(road, placed, setup=None, players=4, rules="standard", provost=None, pools=None, bystander=ORANGE,
            castle=None):
    """Phase 4 on `road` with workers {road index: player}; everyone starts with nothing unless `setup` says."""
    g = new(players, rules)
    if castle is not None:
        g.board.castle[:] = castle
    set_road(g, road, provost=provost, pools=pools)
    for i, p in placed.items():
        worker(g, i, p)
    for p in range(players):
        set_player(g, p, deniers=0, food=0, wood=0, stone=0, gold=0)
    for p, kw in (setup or {}).items():
        set_player(g, p, **kw)
    if bystander is not None:
        bystander_stops_at_castle(g, bystander)
    return to_effects(g)


def at_castle(g):
    assert top(g) == ("castle", ORANGE), "phase 4 should be over"


# -- neutral cards -----------------------------------------------------------------------------------------------
def test_park_forest_and_quarry_give_one_cube():
    """Park: 1 food; Forest: 1 wood; Quarry: 1 stone."""
    g = effects(NEUTRAL_ROAD, {0: BLUE, 1: RED, 2: GREEN})
    at_castle(g)
    assert cubes(g, BLUE)["food"] == 1 and cubes(g, RED)["wood"] == 1 and cubes(g, GREEN)["stone"] == 1


def test_trading_post_gives_two_deniers():
    """Trading Post: get 2 deniers from the stock."""
    g = effects(["trading_post", "peddler"], {0: BLUE})
    at_castle(g)
    assert g.board.deniers[BLUE] == 2


def test_neutral_peddler_buys_one_cube():
    """Peddler (neutral): buy 1 cube (any resource but gold) with 1 denier."""
    g = effects(NEUTRAL_ROAD, {3: BLUE}, {BLUE: {"deniers": 2}})
    assert top(g) == ("buy", BLUE)
    assert g.legal_tokens() == ["pass", "buy:food", "buy:wood", "buy:stone"]
    play(g, "buy:stone")
    at_castle(g)
    assert g.board.deniers[BLUE] == 1 and cubes(g, BLUE)["stone"] == 1


def test_neutral_peddler_asks_nothing_without_a_denier():
    g = effects(NEUTRAL_ROAD, {3: BLUE})
    at_castle(g)
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}


def test_neutral_peddler_can_be_declined():
    g = effects(NEUTRAL_ROAD, {3: BLUE}, {BLUE: {"deniers": 2}})
    play(g, "pass")
    at_castle(g)
    assert g.board.deniers[BLUE] == 2


# -- production cards --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,cube", [("small_farm", "food"), ("small_sawmill", "wood"), ("small_quarry", "stone")])
def test_small_production_primary_and_secondary_from_the_pool(name, cube):
    """Primary: 1 cube from the stock. Secondary: the owner takes 1 cube from the card's pool."""
    g = effects(NEUTRAL_ROAD + [f"green:{name}"], {4: RED}, pools={4: 4})
    at_castle(g)
    assert cubes(g, RED)[cube] == 1 and cubes(g, GREEN)[cube] == 1
    assert g.board.road_pool[4] == 3


def test_small_production_secondary_with_an_empty_pool_gives_nothing():
    """"(if there is no cube left, the owner gets nothing)"."""
    g = effects(NEUTRAL_ROAD + ["green:small_farm"], {4: RED}, pools={4: 0})
    at_castle(g)
    assert cubes(g, RED)["food"] == 1 and cubes(g, GREEN)["food"] == 0


def test_own_worker_gets_the_primary_effect_only():
    """"If a player has placed a worker on one of their own buildings, they only take advantage of the building's
    primary effect"."""
    g = effects(NEUTRAL_ROAD + ["green:small_farm", "green:market"], {4: GREEN, 5: GREEN}, pools={4: 4})
    assert cubes(g, GREEN)["food"] == 1 and g.board.road_pool[4] == 4  # no cube from the pool
    play(g, "pass")  # Green declines to sell the food at their own market
    at_castle(g)
    assert g.board.deniers[GREEN] == 0  # and no market secondary either


@pytest.mark.parametrize("name,cube", [("large_farm", "food"), ("large_sawmill", "wood"), ("large_quarry", "stone")])
def test_large_production_primary_two_secondary_one(name, cube):
    """Primary: 2 cubes of the type produced. Secondary: 1 cube of that type."""
    g = effects(NEUTRAL_ROAD + [f"green:{name}"], {4: RED})
    at_castle(g)
    assert cubes(g, RED)[cube] == 2 and cubes(g, GREEN)[cube] == 1


# -- peddler, market, gold mine, bank ---------------------------------------------------------------------------
def test_peddler_primary_buys_two_and_secondary_buys_one():
    """Peddler primary: buy 1 or 2 cubes with 1 or 2 deniers. Secondary: buy 1 cube with 1 denier."""
    g = effects(NEUTRAL_ROAD + ["green:peddler"], {4: RED}, {RED: {"deniers": 3}, GREEN: {"deniers": 1}})
    assert top(g) == ("buy", RED)
    play(g, "buy:food")
    assert top(g) == ("buy", RED)  # a second cube is offered
    play(g, "buy:stone")
    assert top(g) == ("buy", GREEN)
    play(g, "buy:wood")
    at_castle(g)
    assert cubes(g, RED) == {"food": 1, "wood": 0, "stone": 1, "gold": 0} and g.board.deniers[RED] == 1
    assert cubes(g, GREEN)["wood"] == 1 and g.board.deniers[GREEN] == 0


def test_peddler_primary_one_cube_then_stop():
    g = effects(NEUTRAL_ROAD + ["green:peddler"], {4: RED}, {RED: {"deniers": 3}})
    play(g, "buy:wood", "pass")
    at_castle(g)  # Green has no denier: no secondary question
    assert g.board.deniers[RED] == 2 and cubes(g, RED)["wood"] == 1


def test_secondary_offered_even_when_primary_declined():
    """"The owner of a building may use its secondary effect even if the worker's owner chose not to use the primary
    effect." (Phase 4)"""
    g = effects(NEUTRAL_ROAD + ["green:peddler"], {4: RED}, {RED: {"deniers": 3}, GREEN: {"deniers": 1}})
    play(g, "pass")
    assert top(g) == ("buy", GREEN)
    play(g, "buy:food")
    at_castle(g)
    assert g.board.deniers[RED] == 3 and cubes(g, GREEN)["food"] == 1


def test_market_primary_sells_any_cube_for_four_deniers_and_owner_gets_one():
    """Market primary: exchange 1 cube from your personal stock with 4 deniers. Secondary: 1 denier."""
    g = effects(NEUTRAL_ROAD + ["green:market"], {4: RED}, {RED: {"gold": 1, "wood": 1}})
    assert g.legal_tokens() == ["pass", "sell:wood", "sell:gold"]
    play(g, "sell:gold")
    at_castle(g)
    assert g.board.deniers[RED] == 4 and cubes(g, RED)["gold"] == 0 and g.board.deniers[GREEN] == 1


def test_market_owner_paid_even_if_the_worker_has_nothing_to_sell():
    g = effects(NEUTRAL_ROAD + ["green:market"], {4: RED})
    at_castle(g)
    assert g.board.deniers[RED] == 0 and g.board.deniers[GREEN] == 1


def test_gold_mine_primary_one_gold_secondary_swap():
    """Gold Mine primary: 1 gold. Secondary: exchange 1 cube from your stock with 1 gold."""
    g = effects(NEUTRAL_ROAD + ["green:gold_mine"], {4: RED}, {GREEN: {"stone": 1, "food": 1}})
    assert top(g) == ("swap", GREEN)
    assert g.legal_tokens() == ["pass", "swap:food", "swap:stone"]
    play(g, "swap:stone")
    at_castle(g)
    assert cubes(g, RED)["gold"] == 1
    assert cubes(g, GREEN) == {"food": 1, "wood": 0, "stone": 0, "gold": 1}


def test_gold_mine_secondary_not_asked_without_a_cube_to_swap():
    g = effects(NEUTRAL_ROAD + ["green:gold_mine"], {4: RED}, {GREEN: {"gold": 2}})
    at_castle(g)
    assert cubes(g, GREEN)["gold"] == 2


def test_bank_primary_two_gold_for_three_deniers_secondary_one_for_two():
    """Bank primary: 1 gold for 1 denier or 2 gold for 3 deniers. Secondary: 1 gold for 2 deniers."""
    g = effects(NEUTRAL_ROAD + ["green:bank"], {4: RED}, {RED: {"deniers": 3}, GREEN: {"deniers": 3}})
    assert g.legal_tokens() == ["pass", "bank:1", "bank:2"]
    play(g, "bank:2")
    assert top(g) == ("bank", GREEN) and g.legal_tokens() == ["pass", "bank:1"]
    with pytest.raises(caylus.IllegalAction, match="owner may buy 1 gold only"):
        g.apply("bank:2")
    play(g, "bank:1")
    at_castle(g)
    assert cubes(g, RED)["gold"] == 2 and g.board.deniers[RED] == 0
    assert cubes(g, GREEN)["gold"] == 1 and g.board.deniers[GREEN] == 1


def test_bank_primary_one_gold_for_one_denier():
    g = effects(NEUTRAL_ROAD + ["green:bank"], {4: RED}, {RED: {"deniers": 2}})
    assert g.legal_tokens() == ["pass", "bank:1"]
    with pytest.raises(caylus.IllegalAction, match="Red has 2 deniers"):
        g.apply("bank:2")
    play(g, "bank:1")
    at_castle(g)  # Green has no deniers: no secondary question
    assert cubes(g, RED)["gold"] == 1 and g.board.deniers[RED] == 1


# -- standard-rules buildings --------------------------------------------------------------------------------------
def test_church_primary_two_tokens_for_five_deniers_from_the_best_section():
    """Church primary: 1 castle token for 2 deniers or 2 for 5; "Tokens are always taken from the best section
    available". Secondary: 1 token for 3 deniers."""
    g = effects(NEUTRAL_ROAD + ["green:church"], {4: RED}, {RED: {"deniers": 5}, GREEN: {"deniers": 3}},
                castle=[1, 8, 9])  # one Dungeon token left
    assert g.legal_tokens() == ["pass", "church:1", "church:2"]
    play(g, "church:2")
    assert g.board.tokens[RED] == [1, 1, 0]
    assert top(g) == ("church", GREEN) and g.legal_tokens() == ["pass", "church:1"]
    play(g, "church:1")
    at_castle(g)
    assert g.board.tokens[GREEN] == [0, 1, 0] and g.board.deniers == [0, 0, 0, 0]
    assert g.board.castle == [0, 6, 9]


def test_church_primary_one_token_for_two_deniers_and_limited_by_the_stock():
    g = effects(NEUTRAL_ROAD + ["green:church"], {4: RED}, {RED: {"deniers": 6}}, castle=[0, 0, 1])
    assert g.legal_tokens() == ["pass", "church:1"]
    with pytest.raises(caylus.IllegalAction, match="only 1 castle tokens are left"):
        g.apply("church:2")
    play(g, "church:1")
    assert g.board.tokens[RED] == [0, 0, 1] and g.board.deniers[RED] == 4


def test_lawyer_primary_turns_one_of_your_cards_into_a_residence():
    """Lawyer primary: construct a residential building by paying 1 food cube and turning over one of your cards along
    the road (except a Lawyer). Secondary: 2 deniers."""
    road = NEUTRAL_ROAD + ["green:lawyer", "red:market", "red:lawyer", "red:bank", "red:small_farm"]
    g = effects(road, {4: RED, 7: BLUE}, {RED: {"food": 1}}, pools={8: 3})
    assert top(g) == ("lawyer", RED)
    # Not a Lawyer, not someone else's card; the Bank may turn although a worker stands on it.
    assert g.legal_tokens() == ["pass", "residence:market", "residence:bank", "residence:small_farm"]
    with pytest.raises(caylus.IllegalAction, match="Red has no Gold Mine on the road"):
        g.apply("residence:gold_mine")
    with pytest.raises(caylus.IllegalAction, match="not an action|no such argument"):
        g.apply("residence:lawyer")  # a Lawyer can never become a Residence: there is no such token
    play(g, "residence:small_farm")
    b = g.board
    assert b.road_face[8] == R.RESIDENCE and b.road_pool[8] == 0
    assert cubes(g, RED)["food"] == 0
    assert b.deniers[GREEN] == 2  # the Lawyer's owner
    assert R.income(b, RED) == 3


def test_lawyer_food_may_be_paid_with_gold():
    """Gold is wild for costs: a Residence's food can be paid with gold."""
    g = effects(NEUTRAL_ROAD + ["green:lawyer", "red:market"], {4: RED}, {RED: {"gold": 1}})
    play(g, "residence:market")
    assert cubes(g, RED)["gold"] == 0 and g.board.road_face[5] == R.RESIDENCE


def test_lawyer_not_asked_without_food_or_a_card_to_turn():
    g = effects(NEUTRAL_ROAD + ["green:lawyer", "red:market"], {4: RED})
    at_castle(g)
    assert g.board.road_face[5] == R.BUILDING and g.board.deniers[GREEN] == 2


def test_buildings_beyond_the_provost_do_nothing():
    """"Buildings are activated in order ... up to and including the building card the provost is now occupying."
    "The buildings beyond the Provost's current location have no effect.\""""
    g = effects(NEUTRAL_ROAD + ["green:large_farm", "green:market"], {0: BLUE, 4: RED, 5: RED}, provost=4,
                setup={RED: {"gold": 1}})
    at_castle(g)  # the market (beyond the provost) never asks Red to sell
    assert cubes(g, BLUE)["food"] == 1 and cubes(g, RED)["food"] == 2 and cubes(g, GREEN)["food"] == 1
    assert g.board.deniers[GREEN] == 0 and cubes(g, RED)["gold"] == 1


def test_beginner_rules_activate_the_whole_road():
    """Beginner rules: no provost; every card with a worker works."""
    g = effects(NEUTRAL_ROAD + ["green:large_farm", "green:market"], {0: BLUE, 5: RED}, rules="beginner")
    assert g.board.provost == -1
    at_castle(g)
    assert cubes(g, BLUE)["food"] == 1 and g.board.deniers[GREEN] == 1


def test_effects_run_in_road_order():
    """Activation goes from the start of the road: a cube bought early can be sold later the same phase."""
    g = effects(NEUTRAL_ROAD + ["green:market"], {3: RED, 4: RED}, {RED: {"deniers": 1}})
    play(g, "buy:wood")
    assert top(g) == ("sell", RED) and g.legal_tokens() == ["pass", "sell:wood"]
    play(g, "sell:wood")
    assert g.board.deniers[RED] == 4


def test_residence_and_hotel_income():
    """Phase 1: 2 deniers, +1 per residential building, +1 for the Hotel; a covered Residence gives nothing."""
    g = new(4)
    set_road(g, NEUTRAL_ROAD + ["red:market", "red:bank", "red:peddler"])
    residence(g, 4)
    residence(g, 5)
    residence(g, 6, "hotel")
    assert R.income(g.board, RED) == 2 + 2 + 1
    assert R.income(g.board, BLUE) == 2
    g2 = new(4, "beginner")
    assert R.income(g2.board, RED) == 2
