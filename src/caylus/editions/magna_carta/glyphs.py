"""What each Magna Carta card costs and gives, as glyphs a board draws on the card (docs/glyphs.md), from the
catalog and the figures the card texts (words.py) give. ``owner`` is what the card's owner gets when another
player's worker is on it; ``token`` is a castle token. Gold may stand for any cube, except in a prestige
building's cost."""

from __future__ import annotations

from .catalog import (
    BANK, CHURCH, CUBE_NAMES, GATHER, GOLD_MINE, LARGE_PRODUCTION, LAWYER, MARKET, NEUTRAL_PEDDLER, PEDDLER,
    RESIDENCE_COST, RESIDENCE_PRESTIGE, SMALL_PRODUCTION, TRADING_POST,
)

OR, TO = ["or", 0], ["to", 0]


def _cubes(amounts, any_cubes: int = 0) -> list[list]:
    return [[CUBE_NAMES[k], n] for k, n in enumerate(amounts) if n] + ([["any", any_cubes]] if any_cubes else [])


def _gives(card) -> list[list]:
    e = card.effect
    if e in (GATHER, SMALL_PRODUCTION):
        return [[CUBE_NAMES[card.cube], 1]]
    if e == LARGE_PRODUCTION:
        return [[CUBE_NAMES[card.cube], 2]]
    if e == TRADING_POST:
        return [["denier", 2]]
    if e == NEUTRAL_PEDDLER:
        return [["denier", 1], TO, ["cube", 1]]
    if e == PEDDLER:
        return [["denier", 1], TO, ["cube", 1], OR, ["denier", 2], TO, ["cube", 2]]
    if e == MARKET:
        return [["cube", 1], TO, ["denier", 4]]
    if e == LAWYER:
        return [*_cubes(RESIDENCE_COST), TO, ["build", "residence"]]
    if e == GOLD_MINE:
        return [["gold", 1]]
    if e == BANK:
        return [["denier", 1], TO, ["gold", 1], OR, ["denier", 3], TO, ["gold", 2]]
    if e == CHURCH:
        return [["denier", 2], TO, ["token", 1], OR, ["denier", 5], TO, ["token", 2]]
    return []


def _owner(card) -> list[list]:
    e = card.effect
    if e in (SMALL_PRODUCTION, LARGE_PRODUCTION):
        return [[CUBE_NAMES[card.cube], 1]]
    return {PEDDLER: [["denier", 1], TO, ["cube", 1]], MARKET: [["denier", 1]], LAWYER: [["denier", 2]],
            GOLD_MINE: [["cube", 1], TO, ["gold", 1]], BANK: [["denier", 2], TO, ["gold", 1]],
            CHURCH: [["denier", 3], TO, ["token", 1]]}.get(e, [])


def card(c, neutral: bool = False) -> dict:
    return {"cost": [] if neutral else _cubes(c.cost, c.any_cubes),
            "built": [] if neutral else [["prestige", c.prestige]],
            "gives": _gives(c), "owner": [] if neutral else _owner(c)}


def prestige(p, income: int = 0) -> dict:
    return {"cost": _cubes(p.cost), "built": [["prestige", p.prestige]] + ([["income", income]] if income else []),
            "gives": [], "owner": []}


RESIDENCE = {"cost": _cubes(RESIDENCE_COST), "built": [["prestige", RESIDENCE_PRESTIGE], ["income", 1]],
             "gives": [], "owner": []}
