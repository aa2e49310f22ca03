"""One scenario per building side: the printed buildings, the 9 starting buildings (Setup and Residence sides),
the 9 Wood and 9 Stone buildings (Setup and Construction sides), with refusals."""

from __future__ import annotations

import pytest

import caylus
from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import PRINTED_SLOTS, PROVOST_MAX, TILE_ID

from .c1303_helpers import BLUE, GREEN, RED, Table, road_keys


def activate_one(key: str, side: str, p: int = RED, workers: int = 3, **resources) -> Table:
    """`p` has a worker on `key` (put on Road space 8 unless it is already on the Road); Activation runs up to
    that building's effect (Green's Jeweler on space 22 holds the game still afterwards)."""
    t = Table(players=3)
    if key not in road_keys(t.b) and key not in ("fairground", "lawyer", "carpenter", "toll"):
        t.road(8, key, side)
    elif key.startswith("starting_"):
        t.b.face[t.slot(key)] = 1 if side == "construction" else 0
    t.resources(p, **resources)
    t.worker(key, p)
    t.workers(p, workers)
    t.workers(BLUE, 0)
    t.hold(GREEN)
    t.workers(GREEN, 0)
    t.activate()
    if key not in ("fairground", "lawyer", "carpenter", "toll"):
        t.skip_bridge()   # the Road comes after the Guilds Bridge
    return t


GAINS = [
    # building, side, resources gained, workers gained, prestige gained
    ("starting_farm_1", "setup", {"food": 1}, 0, 0),
    ("starting_sawmill", "setup", {"wood": 1}, 0, 0),
    ("starting_quarry", "setup", {"stone": 1}, 0, 0),
    ("wood_covered_market", "construction", {}, 3, 0),
    ("wood_covered_market", "setup", {}, 2, 1),
    ("wood_manor", "setup", {}, 0, 2),
    ("wood_quarry", "construction", {"stone": 2}, 0, 0),
    ("wood_quarry", "setup", {"stone": 1}, 0, 1),
    ("wood_sawmill", "construction", {"wood": 2}, 0, 0),
    ("wood_sawmill", "setup", {"wood": 1}, 0, 1),
    ("wood_farm", "construction", {"food": 2}, 0, 0),
    ("wood_farm", "setup", {"food": 1}, 0, 1),
    ("wood_spinning_mill", "construction", {"fabric": 2}, 0, 0),
    ("wood_spinning_mill", "setup", {"fabric": 1}, 0, 1),
    ("stone_quarry", "construction", {"stone": 2, "fabric": 1}, 0, 0),
    ("stone_quarry", "setup", {"stone": 1, "fabric": 1}, 0, 0),
    ("stone_sawmill", "construction", {"wood": 2, "fabric": 1}, 0, 0),
    ("stone_sawmill", "setup", {"wood": 1, "fabric": 1}, 0, 0),
    ("stone_farm", "construction", {"food": 2, "fabric": 1}, 0, 0),
    ("stone_farm", "setup", {"food": 1, "fabric": 1}, 0, 0),
    ("stone_gold_mine", "construction", {"gold": 1}, 0, 0),
    ("stone_gold_mine", "setup", {"gold": 1}, 0, 0),
]


@pytest.mark.parametrize("key,side,resources,workers,prestige", GAINS)
def test_automatic_gains(key, side, resources, workers, prestige):
    t = activate_one(key, side)
    t.skip_bridge()
    assert t.at_hold()
    assert t.res(RED) == resources
    assert t.b.workers[RED] == 3 + workers
    assert t.pp(RED) == prestige


def test_workers_beyond_the_fifteenth_are_lost():
    """Limited quantities: "Any taken Worker beyond the 15th is lost." (Covered Market with 1 in the Camp.)"""
    t = activate_one("wood_covered_market", "construction", workers=13)
    t.skip_bridge()
    # 1 Worker was in the Camp: Red takes it, the 2 others are lost; then the worker on the Covered Market
    # goes back to the Camp.
    assert t.b.workers[RED] == 14 and t.b.camp[RED] == 1


OFFERS = [
    # building, side, resources before, workers before, answers, resources after, workers after, prestige
    ("starting_market_1", "setup", {}, 2, ["take:fabric"], {"fabric": 1}, 1, 0),
    ("starting_guild_any", "setup", {"food": 1}, 0, ["spend:food"], {}, 3, 0),
    ("starting_guild_stone", "setup", {"stone": 1, "food": 1}, 0, ["spend:stone"], {"food": 1}, 4, 0),
    ("wood_market", "construction", {}, 0, ["take:stone"], {"stone": 1}, 0, 0),
    ("wood_market", "setup", {}, 0, ["take:wood"], {"wood": 1}, 0, 0),
    ("wood_tailor", "construction", {"fabric": 2}, 0, ["prestige:6"], {}, 0, 6),
    ("wood_tailor", "setup", {"fabric": 2}, 0, ["prestige:4"], {"fabric": 1}, 0, 4),
    ("stone_foundry", "construction", {}, 3, ["gold:2"], {"gold": 2}, 0, 0),
    ("stone_foundry", "setup", {}, 3, ["gold:1"], {"gold": 1}, 2, 0),
    ("stone_alchemist", "construction", {"food": 2, "fabric": 1}, 0, ["gold:2", "spend:food", "spend:fabric"],
     {"food": 1, "gold": 2}, 0, 0),
    # (the only resource it can be paid with is then spent without asking)
    ("stone_alchemist", "setup", {"wood": 2}, 0, ["gold:1"], {"wood": 1, "gold": 1}, 0, 0),
    ("stone_guild", "construction", {"fabric": 1}, 0, ["spend:fabric"], {}, 5, 0),
    ("stone_guild", "setup", {"wood": 1}, 0, ["spend:wood"], {}, 5, 0),
    ("stone_church", "construction", {}, 4, ["prestige:6"], {}, 0, 6),
    ("stone_church", "setup", {}, 4, ["prestige:4"], {}, 2, 4),
    ("stone_jeweler", "construction", {"gold": 2}, 0, ["prestige:9"], {}, 0, 9),
    ("stone_jeweler", "setup", {"gold": 2}, 0, ["prestige:5"], {"gold": 1}, 0, 5),
]


@pytest.mark.parametrize("key,side,before,workers,answers,after,workers_after,prestige", OFFERS)
def test_buildings_with_a_choice(key, side, before, workers, answers, after, workers_after, prestige):
    t = activate_one(key, side, workers=workers, **before)
    assert t.who == RED and t.deciding() == rules.D_OFFER
    t.play(*answers)
    t.skip_bridge()
    assert t.at_hold()
    assert t.res(RED) == after
    assert t.b.workers[RED] == workers_after
    assert t.pp(RED) == prestige


def test_starting_market_needs_a_second_worker():
    """"Return 1 Worker to the Camp (in addition to the one on the Market)": with none left, nothing is asked."""
    t = activate_one("starting_market_1", "setup", workers=0, food=3)
    assert t.at_hold() and t.res(RED) == {"food": 3}


@pytest.mark.parametrize("key,before,workers,missing", [
    ("starting_guild_stone", {"food": 1}, 0, "spend:food"),      # only Stone
    ("stone_foundry", {}, 2, "gold:2"),                          # 3 Workers for 2 Gold
    ("stone_church", {}, 3, "prestige:6"),                       # 4 Workers for 6 PP
    ("stone_jeweler", {"gold": 1}, 0, "prestige:9"),             # 2 Gold for 9 PP
    ("wood_tailor", {"fabric": 1}, 0, "prestige:6"),             # 2 Fabric for 6 PP
    ("stone_alchemist", {"gold": 3, "food": 1}, 0, "gold:2"),    # Gold is not an Alchemist input
])
def test_choices_refused_when_unaffordable(key, before, workers, missing):
    t = activate_one(key, "setup", workers=workers, **before)
    assert missing not in t.legal()
    with pytest.raises(caylus.IllegalAction):
        t.play(missing)
    assert "pass" in t.legal()


def test_wood_market_cannot_be_declined():
    t = activate_one("wood_market", "construction")
    assert "pass" not in t.legal() and sorted(t.legal()) == ["take:fabric", "take:food", "take:stone", "take:wood"]


def test_fairground_wood_for_a_favor():
    """a) Fairground: "The player spends 1 [Wood] to immediately gain 1 Favor"."""
    t = activate_one("fairground", "setup", wood=1)
    t.give(BLUE, "thief")
    assert t.legal() == ["spend:wood", "pass"]
    t.play("spend:wood")
    assert t.deciding() == rules.D_FAVOR and t.legal() == ["character:thief", "site:1"]
    t.play("site:1")                      # this Table's first site building is a starting Farm
    assert t.res(RED) == {"food": 1}
    # without Wood, nothing is asked
    t = activate_one("fairground", "setup", food=3)
    assert t.who != RED or t.deciding() == rules.D_PROVOST


def test_lawyer_house_then_residence():
    """b) Lawyer: 1 Fabric and a House above a yellow-flag building, flipped to a Residence in Stewardship,
    which then takes no worker and recruits 1 Worker for its owner."""
    t = activate_one("lawyer", "setup", fabric=1)
    assert "lawyer:starting_farm_1" in t.legal() and "lawyer:wood_farm" not in t.legal()
    houses = t.b.houses[RED]
    t.play("lawyer:starting_quarry")
    s = t.slot("starting_quarry")
    assert t.b.owner[s] == RED and t.b.houses[RED] == houses - 1 and t.res(RED) == {}
    assert t.b.face[s] == 0                          # still yellow until Stewardship
    t.skip_bridge()
    t.play("pass")                                   # Green's Jeweler
    assert t.b.round == 2 and t.b.face[s] == 2       # now a Residence
    assert t.b.workers[RED] == 3 + 3 + 1             # recruitment 3 + 1 for the Residence
    t.b.workers[RED] = 5
    t.plan()
    while t.who != RED:
        t.play("pass")
    assert "place:starting_quarry" not in t.legal()
    with pytest.raises(caylus.IllegalAction, match="residence"):
        t.play("place:starting_quarry")


def test_lawyer_refused_without_house_or_fabric():
    t = activate_one("lawyer", "setup", fabric=0)
    assert t.who != RED or t.deciding() != rules.D_LAWYER
    t = Table(players=3)
    t.resources(RED, fabric=1).worker("lawyer", RED)
    t.b.houses[RED] = 0
    t.workers(BLUE, 0).workers(GREEN, 0).workers(RED, 0)
    t.hold(GREEN)
    t.activate()
    assert t.at_hold() and t.res(RED) == {"fabric": 1}


@pytest.mark.parametrize("key", ["carpenter", "starting_carpenter"])
def test_carpenter_builds_wood_with_a_wildcard(key):
    """c) Carpenter and the starting Carpenter: a Wood building, its cost (the wildcard paid with a resource of
    the player's choice), first empty Road space, a House, its PP."""
    t = activate_one(key, "setup", wood=1, stone=1, fabric=1)
    t.play("build:wood_covered_market")
    assert t.deciding() == rules.D_PAY and sorted(t.legal()) == ["spend:fabric", "spend:stone"]
    t.play("spend:stone")
    assert road_keys(t.b)[8] == "wood_covered_market" and t.b.owner[PRINTED_SLOTS + 8] == RED
    assert t.res(RED) == {"fabric": 1} and t.pp(RED) == 3


def test_construction_refused_without_house_space_or_resources():
    t = activate_one("carpenter", "setup", wood=2, food=2)
    assert "build:wood_manor" not in t.legal()       # needs Fabric
    t = Table(players=3)
    t.resources(RED, wood=2, food=2).worker("carpenter", RED)
    t.b.houses[RED] = 0
    t.workers(BLUE, 0).workers(GREEN, 0).workers(RED, 0)
    t.activate()
    assert t.b.phase != rules.ACTIVATION and t.res(RED) == {"food": 2, "wood": 2}   # nothing was asked
    # no empty space left on the Road
    t = Table(players=3)
    spare = [k for k in TILE_ID if k.startswith(("wood_", "stone_")) and TILE_ID[k] not in t.b.site]
    for r in range(8, 23):
        t.road(r, spare[r - 8], "setup")
    t.resources(RED, wood=2, food=2).worker("carpenter", RED)
    t.workers(BLUE, 0).workers(GREEN, 0).workers(RED, 0)
    t.activate()
    assert t.res(RED) == {"food": 2, "wood": 2}


def test_toll_moves_the_provost_up_to_two_steps():
    """d) Toll: "moves the Provost by 0, 1, or 2 steps either forward or backward"."""
    t = activate_one("toll", "setup")
    t.b.provost = 10
    t.game._legal = None
    assert t.legal() == ["provost:-2", "provost:-1", "provost:+1", "provost:+2", "pass"]
    t.play("provost:-2")
    assert t.b.provost == 8 and t.b.workers[RED] == 3     # free


def test_provost_stays_between_guilds_bridge_and_road_end():
    t = activate_one("toll", "setup")
    t.b.provost = 1
    t.game._legal = None
    assert "provost:-2" not in t.legal() and "provost:-1" in t.legal()
    with pytest.raises(caylus.IllegalAction, match="Guilds Bridge"):
        t.play("provost:-2")
    t.b.provost = PROVOST_MAX - 1
    t.game._legal = None
    assert "provost:+2" not in t.legal()


def test_manor_construction_side_gives_a_favor():
    t = Table(players=3)
    t.give(BLUE, "thief").build(8, "wood_manor", BLUE).worker("wood_manor", RED).workers(RED, 0).activate().skip_bridge()
    assert t.pp(BLUE) == 0             # (no placement happened in Planning, so no owner point)
    assert t.deciding() == rules.D_FAVOR and t.who == RED


@pytest.mark.parametrize("side,paid", [("construction", {}), ("setup", {"stone": 1})])
def test_stonemason_builds_stone(side, paid):
    """Stonemason: a Stone building paying its cost; on the Setup side without the Stone."""
    t = activate_one("wood_stonemason", side, stone=1, fabric=1)
    t.play("build:stone_church")
    assert road_keys(t.b)[9] == "stone_church" and t.b.owner[PRINTED_SLOTS + 9] == RED
    assert t.res(RED) == paid and t.pp(RED) == 5


def test_setup_stonemason_pays_only_the_wildcard_of_the_stone_guild():
    t = activate_one("wood_stonemason", "setup", fabric=1)
    assert t.legal() == ["build:stone_guild", "build:stone_church", "pass"]
    t.play("build:stone_guild")       # its 1 wildcard is the Fabric (the only choice: paid without asking)
    assert t.res(RED) == {} and t.pp(RED) == 4


def test_stone_production_owner_bonus_only_when_someone_else_activates():
    for key, bonus in (("stone_quarry", "stone"), ("stone_sawmill", "wood"), ("stone_farm", "food")):
        t = Table(players=3)
        t.build(8, key, BLUE).worker(key, RED).hold(GREEN)
        t.activate()
        t.skip_bridge()
        assert t.res(BLUE) == {bonus: 1}
        # the Setup side has no owner bonus (and no owner)
        t = Table(players=3)
        t.road(8, key, "setup").worker(key, RED).hold(GREEN)
        t.activate()
        t.skip_bridge()
        assert t.res(BLUE) == {}


def test_starting_buildings_on_the_construction_site_take_no_worker():
    t = Table(players=3)
    t.workers(RED, 5)
    t.b.first = RED
    t.plan()
    for key in ("starting_farm_2", "wood_manor", "stone_gold_mine"):   # this Table's Construction Site
        assert "place:" + key not in t.legal()
        with pytest.raises(caylus.IllegalAction, match="construction site"):
            t.play("place:" + key)


def test_workers_past_the_provost_do_nothing():
    """h) "These Buildings are not activated: Workers that are placed there are returned to the Camp."""
    t = Table(players=3)
    t.road(8, "wood_farm", "construction").worker("wood_farm", RED).workers(RED, 0)
    t.workers(BLUE, 0).workers(GREEN, 0)
    camp = t.b.camp[RED]
    t.activate(provost=8)
    assert t.res(RED) == {} and t.b.camp[RED] == camp - 3 + 1   # the worker came back; 3 recruited since
