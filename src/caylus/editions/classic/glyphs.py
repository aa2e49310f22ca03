"""What each Caylus tile costs and gives, as glyphs a board draws inside the tile (docs/glyphs.md): drawn from the
catalog, never from the printed art.

A glyph is ``[what, n]``: a cube (``food``, ``wood``, ``stone``, ``cloth``, ``gold``), ``cube`` (any but gold),
``any`` (any cube, gold too), ``denier``, ``prestige``, ``favor``, ``income`` (deniers every turn), ``worker``,
``place`` (any free road space), ``order`` (a first place in the turn order), ``provost`` (up to n steps either
way); and the signs ``["to", 0]`` (pay what is before, get what is after), ``["or", 0]`` and ``["build", kind]``
(kind: wood, stone, prestige, residence).
"""

from __future__ import annotations

from .catalog import (
    ALCHEMIST, ALCHEMIST_DEALS, ARCHITECT, BANK, BANK_DEALS, CARPENTER, CHURCH, CHURCH_DEALS, CUBES, FAVOR_DENIERS,
    FAVOR_PRESTIGE, GUILD_MOST, INN_HOLDER_PRICE, JEWELLER, JEWELLER_DEALS, JOUST_DENIERS, LAWYER, LAWYER_PRESTIGE, MARKET, MASON, PEDDLER,
    PRESTIGE, PRODUCE, RESIDENCE_DENIERS, RESIDENTIAL, SECTION_PRESTIGE, SECTIONS, STONE_TILE, TAILOR, TAILOR_DEALS, TRADING_POST_DENIERS,
    WOOD_TILE,
)

OR, TO = ["or", 0], ["to", 0]


def _cubes(amounts) -> list[list]:
    return [[CUBES[k], n] for k, n in enumerate(amounts) if n]


def _either(options: list[list[list]]) -> list[list]:
    out: list[list] = []
    for k, option in enumerate(options):
        out += ([OR] if k else []) + option
    return out


def _deals(table: dict, pays: str, gets: str) -> list[list]:
    return _either([[[pays, paid], TO, [gets, got]] for got, paid in table.items()])


def cost(tile) -> list[list]:
    """What building the tile takes, and what it gives its builder at once (prestige, favors, income)."""
    if tile.kind not in (WOOD_TILE, STONE_TILE, PRESTIGE, RESIDENTIAL):
        return []
    if tile.kind == RESIDENTIAL:
        return [["cloth", 1], ["denier", RESIDENCE_DENIERS]]
    return _cubes(tile.cost) + ([["any", tile.cost_any]] if tile.cost_any else [])


def built(tile) -> list[list]:
    """What its builder gets once, when it is built (and for good: income)."""
    prestige = LAWYER_PRESTIGE if tile.kind == RESIDENTIAL else tile.prestige
    return ([["prestige", prestige]] if prestige else []) + ([["favor", tile.favors]] if tile.favors else []) \
        + ([["income", tile.income]] if tile.income else [])


def gives(tile) -> list[list]:
    """What a worker on the tile does."""
    e = tile.effect
    if e == PRODUCE:
        return _either([_cubes(o) for o in tile.produces])
    if e in (CARPENTER, MASON, ARCHITECT):
        return [["build", {CARPENTER: "wood", MASON: "stone", ARCHITECT: "prestige"}[e]]]
    if e == LAWYER:
        return [["cloth", 1], ["denier", RESIDENCE_DENIERS], TO, ["build", "residence"]]
    if e == MARKET:
        return [["any", 1], TO, ["denier", tile.price]]
    if e == PEDDLER:
        return [["denier", tile.price], TO, ["cube", 1]] + ([OR, ["denier", 2 * tile.price], TO, ["cube", 2]]
                                                          if tile.most > 1 else [])
    deals = {CHURCH: (CHURCH_DEALS, "denier", "prestige"), TAILOR: (TAILOR_DEALS, "cloth", "prestige"),
             BANK: (BANK_DEALS, "denier", "gold"), ALCHEMIST: (ALCHEMIST_DEALS, "cube", "gold"),
             JEWELLER: (JEWELLER_DEALS, "gold", "prestige")}
    if e in deals:
        return _deals(*deals[e])
    return []


def of(tile) -> dict:
    return {"cost": cost(tile), "built": built(tile), "gives": gives(tile)}


# The favor table: what each line gives in each of its columns 1-5 (rules p7), left to right.
FAVOR_CELLS = {
    "prestige": [[["prestige", n]] for n in FAVOR_PRESTIGE[1:]],
    "deniers": [[["denier", n]] for n in FAVOR_DENIERS[1:]],
    "cubes": [[["food", 1]], [["wood", 1], OR, ["stone", 1]], [["cloth", 1]], [["cube", 1], TO, ["cube", 2]],
              [["gold", 1]]],
    "buildings": [[], [["build", "wood"], ["wood", -1]], [["build", "stone"], ["stone", -1]],
                  [["build", "residence"], ["denier", -1]], [["build", "prestige"]]],
}


# The special buildings before the bridge (rules p5-p6): what their worker does. `place` is any free space of the
# road, `order` a first place in the next turn order, `provost` up to n steps either way.
SPECIALS = {
    "gate": [["worker", 1], TO, ["place", 1]],
    "trading_post": [["denier", TRADING_POST_DENIERS]],
    "merchants_guild": [["provost", GUILD_MOST]],
    "joust_field": [["denier", JOUST_DENIERS], ["cloth", 1], TO, ["favor", 1]],
    "stables": [["order", 1]],
    "inn": [["denier", INN_HOLDER_PRICE], TO, ["worker", 1]],
    "castle": [["food", 1], ["any", 2], TO, ["prestige", SECTION_PRESTIGE[0]]],
}

# The castle's sections: a batch (1 food and 2 other different cubes, gold too) for each section's prestige (p6).
CASTLE_SECTIONS = {name: [["food", 1], ["any", 2], TO, ["prestige", prestige]]
                   for name, prestige in zip(SECTIONS, SECTION_PRESTIGE)}
