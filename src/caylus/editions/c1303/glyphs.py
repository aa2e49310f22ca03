"""What each Caylus 1303 building costs and gives, as glyphs a board draws on the tile (docs/glyphs.md), from the
catalog. Workers are the money of 1303: ``["worker", n]`` is n workers taken from the camp (or, before an arrow,
given back to it). ``gives`` is the construction side, ``setup`` the setup side where it differs; a monument's
``gives`` is what it brings at every Recruitment (no worker goes on it)."""

from __future__ import annotations

from .catalog import (
    ARCHITECT_BONUS, BUILD_STONE, BUILD_STONE_NO_STONE, BUILD_WOOD, BUNDLE_PRESTIGE, DAY_LABORER_BONUS, FAVOR,
    FOREMAN_BONUS, GAIN, GOLDSMITH_BONUS, LAWYER, MONUMENT, OFFER, OFFERS, RESOURCES, STEWARD_PRESTIGE, TOLL,
)

OR, TO = ["or", 0], ["to", 0]

# Offers with one answer per resource, in short: pay (or take) one of several resources.
_PER_RESOURCE = {
    "market_for_a_worker": [["worker", 1], TO, ["cube", 1]],
    "market": [["cube", 1]],
    "guild_any_3": [["cube", 1], TO, ["worker", 3]],
    "guild_stone_4": [["stone", 1], TO, ["worker", 4]],
    "guild_any_5": [["cube", 1], TO, ["worker", 5]],
}


def _res(amounts) -> list[list]:
    return [[RESOURCES[k], n] for k, n in enumerate(amounts) if n]


def _offer(o) -> list[list]:
    pays = _res(o.cost) + ([["worker", o.workers_back]] if o.workers_back else []) \
        + ([["cube", o.any_cost]] if o.any_cost else [])
    gets = _res(o.gain) + ([["worker", o.workers]] if o.workers else []) \
        + ([["prestige", o.prestige]] if o.prestige else []) + ([["favor", 1]] if o.favor else [])
    return pays + ([TO] if pays else []) + gets


def effect(e) -> list[list]:
    if e is None:
        return []
    if e.code == GAIN:
        return _res(e.gain) + ([["worker", e.workers]] if e.workers else []) \
            + ([["prestige", e.prestige]] if e.prestige else [])
    if e.code == OFFER:
        if e.offer in _PER_RESOURCE:
            return _PER_RESOURCE[e.offer]
        out: list[list] = []
        for k, o in enumerate(OFFERS[e.offer].offers):
            out += ([OR] if k else []) + _offer(o)
        return out
    if e.code == LAWYER:
        return [["fabric", 1], TO, ["build", "residence"]]
    if e.code == BUILD_WOOD:
        return [["build", "wood"]]
    if e.code == BUILD_STONE:
        return [["build", "stone"]]
    if e.code == BUILD_STONE_NO_STONE:
        return [["build", "stone"], ["stone", -1]]
    if e.code == TOLL:
        return [["provost", 2]]  # the provost up to 2 steps either way
    if e.code == FAVOR:
        return [["favor", 1]]
    return []


def of(tile) -> dict:
    cost = _res(tile.cost) + ([["cube", tile.wild]] if tile.wild else [])
    built = ([["prestige", tile.prestige]] if tile.prestige else []) + ([["favor", 1]] if tile.favor else [])
    if tile.kind == MONUMENT:
        gives = ([["worker", tile.recruit_workers]] if tile.recruit_workers else []) + _res(tile.recruit)
        return {"cost": cost, "built": built, "gives": gives, "setup": gives}
    setup = effect(tile.setup)
    gives = effect(tile.construction) if tile.construction is not None else setup
    return {"cost": cost, "built": built, "gives": gives, "setup": setup}



# The characters whose power is a gain a glyph says (the others change a rule of placing or delivering: their words
# say it). ``order`` is a place before the first player, ``provost`` steps either way.
CHARACTERS = {
    "early_riser": [["order", 1], ["worker", 1]],
    "steward": [["prestige", STEWARD_PRESTIGE]],
    "bailiff": [["provost", 1]],
    "architect": [["build", "any"], TO, ["prestige", ARCHITECT_BONUS]],
    "foreman": [["food", 1], ["cube", 2], TO, ["prestige", FOREMAN_BONUS]],
    "chamberlain": [["any", 3], TO, ["prestige", BUNDLE_PRESTIGE]],  # a bundle of any 3 resources
    "goldsmith": [["gold", 1], TO, ["prestige", GOLDSMITH_BONUS]],
    "day_laborer": [["worker", DAY_LABORER_BONUS]],
}
