"""How a bot values a Caylus 1303 position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige plus what the rest of its position is worth in prestige at this stage of the
game (0 in the first round, 1 in the ninth). Workers are the money of Caylus 1303: they are worth something all
game long; resources build early, and at the end only Gold scores (2 prestige each). Buildings one owns pay
their owner when others use them, so they are worth more the more rounds are left.
"""

from __future__ import annotations

from .catalog import (
    BUILD_STONE, BUILD_STONE_NO_STONE, BUILD_WOOD, FAVOR, GAIN, GOLD_PRESTIGE_AT_END, KIND_NAMES, LAWYER, OFFER,
    PRINTED_SLOTS, SETUP, TILES, TOLL,
)
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature.
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "workers": (0.55, 0.15),        # workers in the player's supply: they pay for places and buildings
    "food": (0.9, 0.1),
    "wood": (1.0, 0.1),
    "stone": (1.3, 0.1),
    "fabric": (1.3, 0.1),
    "gold": (2.6, float(GOLD_PRESTIGE_AT_END)),
    "wood_building": (2.0, 0.0),    # owned buildings bring their owner something when others use them
    "stone_building": (3.0, 0.0),
    "residence": (1.5, 0.0),        # a residence can carry a monument
    "worker_out": (1.0, 1.0),       # a worker placed on a building that will be activated this round
    "character": (1.2, 0.3),        # a character in hand
}
FEATURES = tuple(WEIGHTS)
# What a placed worker is expected to bring when its building is activated, by the building's effect, if its
# owner has what the building asks for (`_worth`); a gain is worth what it gives.
EFFECT_WORTH = {OFFER: 1.2, LAWYER: 1.0, BUILD_WOOD: 2.6, BUILD_STONE: 3.4, BUILD_STONE_NO_STONE: 3.4, TOLL: 0.6,
                FAVOR: 1.6}
GAIN_WORTH = (0.9, 1.0, 1.3, 1.3, 2.6)  # a food, wood, stone, fabric, gold gained (early-game worth)
_KIND_COLUMN = {KIND_NAMES.index("wood"): 7, KIND_NAMES.index("stone"): 8}
_RESIDENCE_FACE = 2  # catalog.FACE_NAMES: setup, construction, residence


def stage(b) -> float:
    return min(1.0, (b.round - 1) / 8.0)


def amounts(b) -> list[list[float]]:
    """For each seat, one number per feature, in `FEATURES` order."""
    n = b.n
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for seat in range(n):
        row = rows[seat]
        row[0] = b.pp[seat]
        row[1] = b.workers[seat]
        row[2:7] = b.res[5 * seat:5 * seat + 5]
    for s, tile in enumerate(b.tile):
        if tile < 0:
            continue
        who = b.owner[s]
        if who >= 0 and s >= PRINTED_SLOTS:
            if b.face[s] == _RESIDENCE_FACE:
                rows[who][9] += 1
            else:
                column = _KIND_COLUMN.get(TILES[tile].kind)
                if column is not None:
                    rows[who][column] += 1
        for who in (b.worker_on[s], b.journeyman_on[s]):
            if who >= 0:
                rows[who][10] += _worth(b, s, tile, who)
    for holder in b.chars:
        if 0 <= holder < n:
            rows[holder][11] += 1
    return rows


def _worth(b, slot: int, tile: int, seat: int) -> float:
    """What the seat's worker on `slot` should bring when the building is activated."""
    t = TILES[tile]
    effect = t.setup if b.face[slot] == SETUP else t.construction
    if effect is None:
        return 0.0
    r = b.res[5 * seat:5 * seat + 5]
    if effect.code == GAIN:
        return sum(g * w for g, w in zip(effect.gain, GAIN_WORTH)) + 0.55 * effect.workers + effect.prestige
    if effect.code == BUILD_WOOD and not (r[1] >= 1 and sum(r[:4]) >= 2):
        return 0.0
    if effect.code in (BUILD_STONE, BUILD_STONE_NO_STONE) and not (r[2] >= 1 and sum(r[:4]) >= 2):
        return 0.0
    if effect.code == LAWYER and r[3] < 1:
        return 0.0
    if effect.code == OFFER and sum(r) == 0:
        return 0.0
    return EFFECT_WORTH.get(effect.code, 0.0)


def weights(b) -> list[float]:
    t = stage(b)
    return [early * (1 - t) + late * t for early, late in WEIGHTS.values()]


def parts(b, seat: int) -> dict[str, float]:
    """What each feature is worth to `seat` now, in prestige points (their sum is `evaluate(b)[seat]`)."""
    return {name: w * x for name, w, x in zip(FEATURES, weights(b), amounts(b)[seat])}


def evaluate(b) -> list[float]:
    """Each seat's position in prestige points; once the game is over, exactly the final scores."""
    if b.terminal:
        return [float(s) for s in scores(b)]
    w = weights(b)
    return [sum(wi * xi for wi, xi in zip(w, row)) for row in amounts(b)]


GAIN_WORDS = {
    "prestige": "prestige", "workers": "workers", "food": "food", "wood": "wood", "stone": "stone",
    "fabric": "fabric", "gold": "gold", "wood_building": "a wood building of your own",
    "stone_building": "a stone building of your own", "residence": "a residence", "character": "a character",
    "worker_out": "a worker that will be activated",
}
