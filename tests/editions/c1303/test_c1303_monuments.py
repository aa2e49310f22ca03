"""One scenario per Monument (cost, prestige, effect), built over a Residence in Stewardship, with refusals."""

from __future__ import annotations

import pytest

import caylus
from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import MONUMENT_FACE, PRINTED_SLOTS, TILES, TILE_ID

from .c1303_helpers import BLUE, GREEN, RED, Table


def with_residence(owner=RED, **resources) -> Table:
    t = Table(players=3)
    t.road(0, "starting_farm_1", "residence", owner=owner)
    t.resources(owner, **resources)
    for p in range(3):
        t.workers(p, 0)
    return t


def cost_of(key: str) -> dict:
    return {r: c for r, c in zip(("food", "wood", "stone", "fabric", "gold"), TILES[TILE_ID[key]].cost) if c}


@pytest.mark.parametrize("key,prestige", [
    ("garden", 4), ("granary", 7), ("factory", 5), ("theater", 12), ("statue", 7), ("cathedral", 15),
    ("mansion", 20),
])
def test_each_monument_costs_and_scores(key, prestige):
    t = with_residence(**cost_of(key))
    t.give(BLUE, "thief")            # so the Theater's favor is a real choice
    t.steward()
    assert t.who == RED and t.deciding() == rules.D_MONUMENT
    assert "monument:" + key in t.legal() and "pass" in t.legal()
    t.play("monument:" + key)
    s = PRINTED_SLOTS
    assert t.b.tile[s] == TILE_ID[key] and t.b.face[s] == MONUMENT_FACE and t.b.owner[s] == RED
    assert t.pp(RED) == prestige
    assert not t.b.supply[TILE_ID[key]]
    if key == "theater":
        # "The player who constructs the Theater immediately gains 1 Favor in addition to the 12 PP."
        assert t.deciding() == rules.D_FAVOR and t.who == RED
        t.play("character:thief")
    assert t.b.round == 2
    # Recruitment right after: a Monument is no longer a Residence.
    workers = {"garden": 3 + 2}.get(key, 3)
    assert t.b.workers[RED] == workers
    extra = {"granary": {"food": 1}, "factory": {"fabric": 1}}.get(key, {})
    assert t.res(RED) == extra


def test_monument_refused_when_unaffordable_or_already_built():
    t = with_residence(gold=1, wood=1)
    t.road(1, "garden", "monument", owner=GREEN)                   # Green already has the Garden
    t.steward()
    assert t.b.round == 2 and t.pp(RED) == 0                        # nothing Red could afford: not asked
    t = with_residence(gold=1, stone=1, fabric=1)
    t.steward()
    assert t.legal() == ["monument:granary", "monument:factory", "pass"]
    with pytest.raises(caylus.IllegalAction, match="cannot pay for the Theater"):
        t.play("monument:theater")
    t.play("pass")
    assert t.b.face[PRINTED_SLOTS] == 2                               # still a Residence


def test_several_residences_in_road_order_same_round():
    """"It is possible for a single player to replace more than one of their Residences with a Monument during
    the same round." Residences are offered from the Guilds Bridge along the Road."""
    t = with_residence(gold=2, wood=1, fabric=1)
    t.road(3, "starting_carpenter", "residence", owner=RED)
    t.steward()
    assert t.b.stack[-1][2] == PRINTED_SLOTS
    t.play("monument:garden")
    assert t.b.stack[-1][2] == PRINTED_SLOTS + 3
    t.play("monument:factory")
    assert t.pp(RED) == 4 + 5 and t.res(RED) == {"fabric": 1}       # Factory's Fabric at Recruitment


def test_lawyer_house_becomes_a_residence_before_monuments():
    """Stewardship 1) then 2): a House placed by the Lawyer this round flips first, so it can take a Monument
    at once."""
    t = with_residence(gold=1, wood=1)
    t.b.face[PRINTED_SLOTS] = 0                                       # yellow flag with Red's House above
    t.steward()
    assert t.b.face[PRINTED_SLOTS] == 2 and t.who == RED and t.deciding() == rules.D_MONUMENT


def test_only_residences_take_monuments():
    t = Table(players=3).build(8, "wood_farm", RED).resources(RED, gold=5, stone=5)
    for p in range(3):
        t.workers(p, 0)
    t.steward()
    assert t.b.round == 2 and t.pp(RED) == 0
