"""One scenario per character power (and the interactions the rulebook calls out), with refusals."""

from __future__ import annotations

import pytest

import caylus
from caylus.editions.c1303 import rules

from .c1303_helpers import BLUE, CHAR, GREEN, RED, YELLOW, Table


def planning(players=3, first=BLUE, workers=5) -> Table:
    t = Table(players=players, first=first)
    for p in range(players):
        t.workers(p, workers)
    return t


# -- Early Riser ---------------------------------------------------------------------------------------------------

def test_early_riser_places_before_the_first_player_for_one_extra_worker():
    """"At the beginning of the Planning Phase, before the First Player takes their turn, you may place 1 Worker.
    If you do, you must return 1 Worker to the Camp. After this placement, play the Planning Phase as detailed
    on page 4, starting with the First Player."""
    t = planning().give(GREEN, "early_riser").plan()
    assert t.who == GREEN and t.deciding() == rules.D_EARLY
    camp = t.b.camp[GREEN]
    t.play("place:starting_farm_1")
    assert t.b.workers[GREEN] == 3 and t.b.camp[GREEN] == camp + 1
    assert t.who == BLUE and t.deciding() == rules.D_PLAN          # then the First Player
    assert "place:starting_farm_1" not in t.legal()


def test_early_riser_may_decline():
    t = planning().give(GREEN, "early_riser").plan()
    t.play("pass")                                                 # declining is not passing the round
    assert t.who == BLUE and t.b.passed == [] and t.b.workers[GREEN] == 5


def test_early_riser_first_player_plays_twice_in_a_row():
    """"If the First Player has the Early Riser, they can play twice in a row at the beginning of the Planning
    Phase (if they return 1 Worker to the Camp)."""
    t = planning().give(BLUE, "early_riser").plan()
    t.play("place:starting_farm_1")
    assert t.who == BLUE and t.deciding() == rules.D_PLAN
    t.play("place:starting_sawmill")
    assert t.b.workers[BLUE] == 2 and t.who == RED


def test_early_riser_needs_two_workers():
    t = planning().give(GREEN, "early_riser").workers(GREEN, 1).plan()
    assert t.who == BLUE and t.deciding() == rules.D_PLAN          # not asked


def test_night_worker_does_not_cancel_the_early_riser_cost():
    """Night Worker: "Note: The Night Worker does not cancel the additional cost of the Early Riser."""
    t = planning().give(GREEN, "early_riser", "night_worker").plan()
    t.play("place:starting_farm_1")
    assert t.b.workers[GREEN] == 3


# -- Night Worker --------------------------------------------------------------------------------------------------

def test_night_worker_places_at_no_additional_cost_after_a_pass():
    """"When at least one other player has passed their turn, you can keep placing Workers at no additional
    cost." Others still pay 1 extra."""
    t = planning().give(RED, "night_worker").plan()
    t.play("pass")                                                 # Blue passes first
    t.play("place:starting_farm_1")                                # Red: 1 Worker only
    assert t.b.workers[RED] == 4
    t.play("place:starting_sawmill")                               # Green: 1 + 1
    assert t.b.workers[GREEN] == 3


def test_night_worker_with_one_worker_left_can_still_place():
    t = planning().give(RED, "night_worker").workers(RED, 2).workers(GREEN, 1).plan()
    t.play("pass")
    assert t.who == RED and "place:starting_farm_1" in t.legal()
    t.play("place:starting_farm_1")
    # Green, with a single Worker and the extra cost, must pass: it happens without asking.
    assert t.b.passed == [BLUE, GREEN] and t.who == RED


# -- Journeyman ----------------------------------------------------------------------------------------------------

def test_journeyman_joins_an_occupied_building_once_per_round_and_acts_second():
    """"Once per round, you can place a Worker on a Building occupied by another player's Worker. The effect of
    your Worker is activated after that of the Worker already in place."""
    t = planning().give(RED, "journeyman").plan()
    t.play("place:starting_market_1")                              # Blue
    assert "place:starting_market_1" in t.legal()                  # Red, the Journeyman
    t.play("place:starting_market_1")
    assert t.b.journeyman_used
    t.play("place:starting_farm_1")                                # Green
    t.play("place:starting_sawmill")                               # Blue
    assert "place:starting_farm_1" not in t.legal() and "place:starting_sawmill" not in t.legal()
    with pytest.raises(caylus.IllegalAction, match="already used the Journeyman"):
        t.play("place:starting_farm_1")
    # Activation: Blue's Market choice comes before Red's.
    t.play("pass", "pass", "pass")
    t.skip_bridge()
    assert t.who == BLUE and t.deciding() == rules.D_OFFER
    t.play("take:wood")
    assert t.who == RED and t.deciding() == rules.D_OFFER
    t.play("take:stone")
    assert t.res(BLUE) == {"wood": 2} and t.res(RED) == {"stone": 1}   # (Blue's Sawmill came first)


def test_journeyman_cannot_join_their_own_worker_or_a_full_building():
    t = planning().give(RED, "journeyman", "early_riser").plan()
    t.play("place:starting_farm_1")                                # Red, as the Early Riser
    t.play("place:starting_sawmill")                               # Blue
    assert "place:starting_farm_1" not in t.legal()                # Red's own worker
    assert "place:starting_sawmill" in t.legal()


def test_journeyman_owner_bonus_rule():
    """Power of the Journeyman: "The owner of the production Buildings (i.e.; Quarry, Sawmill, Farm) only takes 1
    bonus Resource even if 2 other players are on their Building. The owner does not take any bonus Resource if
    they are among the 2 players on their Building."""
    t = Table(players=4)
    t.build(8, "stone_quarry", BLUE).worker("stone_quarry", RED).worker("stone_quarry", GREEN).hold(YELLOW)
    t.activate().skip_bridge()
    assert t.res(BLUE) == {"stone": 1}
    assert t.res(RED) == {"stone": 2, "fabric": 1} and t.res(GREEN) == {"stone": 2, "fabric": 1}
    t = Table(players=4)
    t.build(8, "stone_quarry", BLUE).worker("stone_quarry", RED).worker("stone_quarry", BLUE).hold(YELLOW)
    t.activate().skip_bridge()
    assert t.res(BLUE) == {"stone": 2, "fabric": 1}                # no bonus: the owner is on it


# -- Thief and Steward ---------------------------------------------------------------------------------------------

def test_owner_gains_one_point_per_placement_by_another_player():
    t = planning(first=RED).build(8, "wood_farm", BLUE).plan()
    t.play("place:wood_farm")
    assert t.pp(BLUE) == 1
    t = planning(first=BLUE).build(8, "wood_farm", BLUE).plan()
    t.play("place:wood_farm")
    assert t.pp(BLUE) == 0                                         # own building


def test_steward_gains_two_points():
    """Steward: "Gain 2 PP when another player places a Worker on one of your Buildings."""
    t = planning(first=RED).give(BLUE, "steward").build(8, "wood_farm", BLUE).plan()
    t.play("place:wood_farm")
    assert t.pp(BLUE) == 2


def test_thief_denies_the_owner_even_with_the_steward():
    """Thief: "When you place a Worker on another player's Building, the latter does not gain any PP (even if
    they have the Steward)."""
    t = planning(first=RED).give(RED, "thief").give(BLUE, "steward").build(8, "wood_farm", BLUE).plan()
    t.play("place:wood_farm")
    assert t.pp(BLUE) == 0


# -- Bailiff -------------------------------------------------------------------------------------------------------

def test_bailiff_moves_the_provost_one_step_after_the_guilds_bridge():
    """Bailiff: "After all players have played stage e) of the Activation Phase (Guilds Bridge), you may move
    the Provost 1 step forward or backward at no cost."""
    t = Table(players=3).give(GREEN, "bailiff")
    for p in range(3):
        t.workers(p, 2)
    t.activate(provost=10)
    t.play("provost:+1", "pass", "provost:-2")                     # Blue, Red, Green at the Bridge
    assert t.who == GREEN and t.legal() == ["provost:-1", "provost:+1", "pass"]
    t.play("provost:-1")
    assert t.b.round == 2 and t.b.workers[GREEN] == 0 + 3          # the Bailiff's step was free
    t = Table(players=3).give(GREEN, "bailiff")
    for p in range(3):
        t.workers(p, 0)
    t.activate(provost=10)
    assert t.who == GREEN and t.legal() == ["provost:-1", "provost:+1", "pass"]
    with pytest.raises(caylus.IllegalAction):
        t.play("provost:+2")


# -- Architect -----------------------------------------------------------------------------------------------------

def test_architect_one_more_point_per_construction():
    """Architect: "Gain 1 additional PP when you construct a Wood Building, a Stone Building, or a Monument."""
    t = Table(players=3).give(RED, "architect")
    t.resources(RED, food=2, wood=1, stone=1)
    t.build(8, "wood_stonemason", RED).worker("carpenter", RED).worker("wood_stonemason", RED).workers(RED, 0)
    t.activate()
    t.play("build:wood_farm")                                      # 2 + 1
    t.skip_bridge()
    assert t.pp(RED) == 3
    t.play("build:stone_quarry")                                   # 3 + 1
    assert t.pp(RED) == 7
    t = Table(players=3).give(RED, "architect")
    t.road(0, "starting_farm_1", "residence", owner=RED).resources(RED, gold=1, fabric=1)
    t.steward()
    t.play("monument:factory")
    assert t.pp(RED) == 5 + 1


# -- Delivery: Deliveryman, Chamberlain, Foreman, Goldsmith -------------------------------------------------------

def test_deliveryman_delivers_last_without_a_worker_and_can_win_the_favor():
    """Deliveryman: "You can deliver bundles at the Construction Site without placing a Worker there, but you
    deliver last."""
    t = Table(players=3).give(GREEN, "deliveryman").give(BLUE, "thief")
    t.resources(RED, food=1, wood=1, stone=1).resources(GREEN, food=2, wood=2, fabric=2)
    t.site_worker(RED).deliver()
    assert t.who == RED
    t.play("bundle:food_wood_stone")
    assert t.who == GREEN and t.b.stack[-1][2] == 1                 # last
    t.play("bundle:food_wood_fabric", "bundle:food_wood_fabric")
    assert t.pp(GREEN) == 10
    assert t.deciding() == rules.D_FAVOR and t.who == GREEN          # 2 bundles beat 1


def test_deliveryman_without_a_worker_loses_ties():
    t = Table(players=3).give(GREEN, "deliveryman").give(BLUE, "thief")
    t.resources(RED, food=1, wood=1, stone=1).resources(GREEN, food=1, wood=1, fabric=1)
    t.site_worker(RED).deliver()
    t.play("bundle:food_wood_stone", "bundle:food_wood_fabric")
    assert t.deciding() == rules.D_FAVOR and t.who == RED


def test_deliveryman_with_a_worker_delivers_in_turn_then_again_and_keeps_the_position():
    """"If you already have 1 Worker at the Construction Site, you can provide a certain number of bundles, then
    add more with the Deliveryman (once the other players have made their decisions). The total number of
    bundles and the position of your Worker are taken into account for determining who gets the Favor."""
    t = Table(players=3).give(RED, "deliveryman").give(BLUE, "thief")
    t.resources(RED, food=2, wood=2, stone=2).resources(GREEN, food=2, wood=2, stone=2)
    t.site_worker(RED).site_worker(GREEN).deliver()
    assert t.who == RED
    t.play("bundle:food_wood_stone", "pass")
    assert t.who == GREEN
    t.play("bundle:food_wood_stone", "bundle:food_wood_stone")
    assert t.who == RED                                              # the Deliveryman's second turn
    t.play("bundle:food_wood_stone")
    assert t.b.bundles[RED] == 2 == t.b.bundles[GREEN]
    assert t.deciding() == rules.D_FAVOR and t.who == RED            # tie: Red's worker came first


def test_only_the_deliveryman_delivers_without_a_worker():
    t = Table(players=3).resources(RED, food=1, wood=1, stone=1)
    t.deliver()
    assert t.b.round == 2 and t.pp(RED) == 0


def test_bundle_is_three_different_resources_with_food():
    t = Table(players=3).resources(RED, food=1, wood=3, gold=1).site_worker(RED).deliver()
    assert t.legal() == ["bundle:food_wood_gold", "pass"]
    with pytest.raises(caylus.IllegalAction, match="Chamberlain"):
        t.play("bundle:wood_wood_wood")


def test_chamberlain_delivers_any_three_resources():
    """Chamberlain: "You can deliver bundles at the Construction Site without any Resource constraint"."""
    t = Table(players=3).give(RED, "chamberlain").give(BLUE, "thief").resources(RED, wood=3, stone=1).site_worker(RED).deliver()
    assert t.legal() == ["bundle:wood_wood_wood", "bundle:wood_wood_stone", "pass"]
    t.play("bundle:wood_wood_wood")
    assert t.pp(RED) == 5 and t.res(RED) == {"stone": 1}


def test_foreman_and_goldsmith_bonuses_add_up():
    """Foreman: "Gain 1 additional PP per bundle"; Goldsmith: "Once per round, if you deliver a bundle containing
    at least 1 [Gold] ... an additional 5 PP for that bundle." "The Foreman's and the Goldsmith's bonuses are
    cumulative."""
    t = Table(players=3).give(RED, "foreman", "goldsmith")
    t.resources(RED, food=3, wood=3, gold=2).site_worker(RED).deliver()
    t.play("bundle:food_wood_gold")
    assert t.pp(RED) == 5 + 1 + 5
    t.play("bundle:food_wood_gold")                                  # once per round only
    assert t.pp(RED) == 11 + 6


def test_goldsmith_needs_gold_in_the_bundle():
    t = Table(players=3).give(RED, "goldsmith").resources(RED, food=1, wood=1, stone=1).site_worker(RED).deliver()
    t.play("bundle:food_wood_stone")
    assert t.pp(RED) == 5


# -- Day Laborer ---------------------------------------------------------------------------------------------------

def test_day_laborer_recruits_one_more_worker():
    """Day Laborer: "Take 1 additional Worker in Phase 4 (Recruitment)."""
    t = Table(players=5).give(RED, "day_laborer")
    for p in range(5):
        t.workers(p, 0)
    t.steward()
    assert t.b.workers == [2, 3, 2, 2, 2]                            # 2 each with 5 players


# -- Favors and characters -----------------------------------------------------------------------------------------

def test_favor_takes_a_character_from_another_player():
    t = Table(players=3).give(BLUE, "thief", "foreman").resources(RED, food=1, wood=1, stone=1)
    t.site_worker(RED).deliver().play("bundle:food_wood_stone")
    assert t.legal() == ["character:thief", "character:foreman", "site:1"]
    t.play("character:foreman")
    assert t.b.chars[CHAR["foreman"]] == RED


def test_favor_site_effect_then_optional_board_character():
    t = Table(players=3, round_number=5).on_board("bailiff", "steward")
    t.resources(RED, food=1, wood=1, stone=1).site_worker(RED).deliver().play("bundle:food_wood_stone")
    assert t.legal() == ["site:1", "site:2"]                         # rounds 4-6: the first two buildings
    t.play("site:2")                                                  # this Table's site 2: a Manor (2 PP)
    assert t.pp(RED) == 5 + 2
    assert t.legal() == ["character:steward", "character:bailiff", "pass"]
    t.play("character:bailiff")
    assert t.b.chars[CHAR["bailiff"]] == RED


@pytest.mark.parametrize("round_number,open_sites", [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3)])
def test_favor_construction_site_slots_by_round(round_number, open_sites):
    t = Table(players=3, round_number=round_number).give(BLUE, "thief")
    t.resources(RED, food=1, wood=1, stone=1).site_worker(RED).deliver().play("bundle:food_wood_stone")
    assert [a for a in t.legal() if a.startswith("site:")] == [f"site:{k}" for k in range(1, open_sites + 1)]
    if open_sites < 3:
        with pytest.raises(caylus.IllegalAction, match=f"round {round_number}"):
            t.play("site:3")


def test_favor_at_round_seven_uses_the_stone_building():
    t = Table(players=3, round_number=7).give(BLUE, "thief")
    t.resources(RED, food=1, wood=1, stone=1).site_worker(RED).deliver().play("bundle:food_wood_stone")
    t.play("site:3")                                                   # Gold Mine, Setup side
    assert t.res(RED) == {"gold": 1}


def test_nobody_delivering_means_no_favor():
    t = Table(players=3).site_worker(RED).deliver()
    assert t.b.round == 2 and t.b.site_workers == [] and t.b.workers[RED] == 6 + 3   # worker back, then 3 recruited


def test_journeyman_on_the_toll_moves_the_provost_twice():
    t = Table(players=3).give(RED, "journeyman")
    t.worker("toll", BLUE).worker("toll", RED)
    for p in range(3):
        t.workers(p, 0)
    t.activate(provost=10)
    assert t.who == BLUE
    t.play("provost:+2")
    assert t.who == RED and t.b.provost == 12
    t.play("provost:-1")
    assert t.b.round == 2                                    # then nobody at the Bridge (no Workers)


def test_guilds_bridge_steps_limited_by_workers():
    t = Table(players=3)
    t.workers(BLUE, 1).workers(RED, 0).workers(GREEN, 0)
    t.activate(provost=10)
    assert t.who == BLUE and t.legal() == ["provost:-1", "provost:+1", "pass"]
    with pytest.raises(caylus.IllegalAction, match="only 1 worker"):
        t.play("provost:+2")


def test_a_favor_with_a_single_answer_is_played_without_asking():
    """Round 1, no character in front of another player: the first Site building is the only answer."""
    t = Table(players=3).resources(RED, food=1, wood=1, stone=1).site_worker(RED).deliver()
    t.play("bundle:food_wood_stone")
    assert t.b.round == 2 and t.res(RED) == {"food": 1}      # this Table's Site building 1 is a Farm


def test_theater_favor_in_round_nine_may_use_the_third_site_building():
    t = Table(players=3, round_number=9).give(BLUE, "thief")
    t.road(0, "starting_farm_1", "residence", owner=RED).resources(RED, gold=3, wood=4)
    for p in range(3):
        t.workers(p, 0)
    t.steward()
    t.play("monument:theater")
    assert t.legal() == ["character:thief", "site:1", "site:2", "site:3"]
    t.play("site:3")                                         # Gold Mine: 1 Gold, worth 2 at the end
    assert t.game.is_terminal and t.game.scores()[RED] == 12 + 2
