"""How a bot values a Caylus (2005) position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige plus what the rest of its position is worth in prestige at this stage of the
game. Each feature has two weights, one for the start of the game and one for its end; in between they blend
by `stage` (0 at the first turn, 1 once the towers are about to be counted). At the end, cubes and deniers are
worth what the end-of-game conversion gives (3 prestige a gold cube, 1 per 3 other cubes, 1 per 4 deniers);
earlier they are worth more, because they build.

Workers standing on the road have not produced yet: `WORKER_WORTH` says what a worker on each kind of building
is expected to bring when it is activated (if the provost leaves it in play).
"""

from __future__ import annotations

from caylus.core.valuation import Valuation

from .catalog import (
    ALCHEMIST,
    ARCHITECT,
    BANK,
    CARPENTER,
    CHURCH,
    JEWELLER,
    LAWYER,
    MARKET,
    MASON,
    PEDDLER,
    PRODUCE,
    RESIDENTIAL,
    STONE_TILE,
    TAILOR,
    TILES,
    WOOD_TILE,
)
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature.
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "deniers": (0.40, 0.25),      # late: 1 prestige per 4 deniers (the end conversion)
    "food": (1.10, 0.34),         # late: 1 prestige per 3 cubes; early: the castle's batches need food
    "wood": (1.00, 0.34),
    "stone": (1.40, 0.34),
    "cloth": (1.30, 0.34),
    "gold": (3.40, 3.00),         # late: 3 prestige a gold cube
    "wood_building": (1.60, 0.0),  # a wood tile on the road: 1 prestige each time another worker uses it
    "stone_building": (2.60, 0.0),  # a stone tile: a bonus cube each time another worker uses it
    "residence": (2.20, 0.0),      # 1 denier of income every turn
    "favor_step": (1.30, 0.30),    # a column gained on a line of the favor table
    "castle_house": (0.70, 0.0),   # a house in the section being built: no penalty at its count, maybe a favor
    "worker_out": (1.00, 1.00),    # multiplies WORKER_WORTH for each worker still to be activated
}

# What a worker on a building is expected to bring when activated, in prestige points, if its owner has what
# the building asks for (`_can_use`); a worker that will find nothing to do there is worth nothing.
WORKER_WORTH = {
    PRODUCE: 1.2, CARPENTER: 2.5, MASON: 3.5, ARCHITECT: 5.0, LAWYER: 1.0, MARKET: 1.4, PEDDLER: 0.9,
    CHURCH: 2.0, TAILOR: 2.0, BANK: 1.5, ALCHEMIST: 1.2, JEWELLER: 2.5,
}
SPECIAL_WORTH = (1.0, 1.2, 0.5, 1.3)  # the gate, the trading post, the merchants' guild, the joust field
STABLES_WORTH, INN_WORTH = 0.4, 0.6
CASTLE_WORTH = 2.4       # a worker in the castle with a batch to give
NO_BATCH_WORTH = -2.0    # ... and without one: the castle takes 2 prestige (rules p5)


def _can_use(effect: int, deniers: int, c) -> bool:
    """Whether a seat with `deniers` and cubes `c` (food, wood, stone, cloth, gold) can use a building."""
    cubes = c[0] + c[1] + c[2] + c[3]
    if effect == CARPENTER:
        return c[1] >= 1 and cubes >= 2
    if effect == MASON:
        return c[2] >= 1 and cubes >= 2
    if effect == ARCHITECT:
        return c[2] >= 1 and c[3] >= 1 and cubes >= 3
    if effect == MARKET or effect == ALCHEMIST:
        return cubes >= (2 if effect == ALCHEMIST else 1)
    if effect == PEDDLER or effect == BANK or effect == CHURCH:
        return deniers >= 2
    if effect == TAILOR:
        return c[3] >= 1
    if effect == LAWYER:
        return c[3] >= 1 and deniers >= 1
    if effect == JEWELLER:
        return c[4] >= 1
    return True


def _has_batch(c) -> bool:
    """1 food and two different cubes among wood, stone, cloth and gold (rules p5)."""
    return c[0] >= 1 and sum(1 for k in (1, 2, 3, 4) if c[k]) >= 2

CUBE_FEATURES = ("food", "wood", "stone", "cloth", "gold")


def stage(b) -> float:
    """How far the game has gone, 0 to 1: by turns, or by the castle's sections counted if that is further."""
    return min(1.0, max((b.turn - 1) / 13.0, b.counted / 3.0))


FEATURES = tuple(WEIGHTS)


def amounts(b) -> list[list[float]]:
    """The raw amounts the weights multiply: for each seat, one number per feature, in `FEATURES` order.

    One pass over the road for all seats, because search calls this at every leaf."""
    n = b.n
    t = stage(b)
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for seat in range(n):
        row = rows[seat]
        row[0] = b.prestige[seat]
        row[1] = b.deniers[seat]
        row[2:7] = [_diminished(c, t) for c in b.cubes[seat * 5:seat * 5 + 5]]
        row[10] = sum(b.favor[seat * 4:seat * 4 + 4])
        row[11] = 1 if b.castle_houses[min(b.counted, 2) * n + seat] else 0
        castle = CASTLE_WORTH if _has_batch(b.cubes[seat * 5:seat * 5 + 5]) else NO_BATCH_WORTH
        out = STABLES_WORTH * b.stables.count(seat) + castle * b.castle.count(seat)
        if b.inn_left == seat:
            out += INN_WORTH
        row[12] = out
    for special, who in enumerate(b.special):
        if who >= 0:
            rows[who][12] += SPECIAL_WORTH[special]
    road, owner, worker, provost = b.road, b.owner, b.worker, b.provost
    for pos in range(1, len(road)):
        tile = road[pos]
        if tile < 0:
            continue
        t = TILES[tile]
        who = owner[pos]
        if who >= 0:
            column = _OWNED_COLUMN.get(t.kind)
            if column is not None:
                rows[who][column] += 1
        who = worker[pos]
        if who >= 0 and pos <= provost and _can_use(t.effect, b.deniers[who], b.cubes[who * 5:who * 5 + 5]):
            rows[who][12] += WORKER_WORTH.get(t.effect, 0.0)
    return rows


_OWNED_COLUMN = {WOOD_TILE: 7, STONE_TILE: 8, RESIDENTIAL: 9}
PLENTY = 2  # cubes of one kind beyond this many build less: they count half early in the game


def _diminished(count: int, t: float) -> float:
    """Cubes of one kind, counted as worth: a varied stock builds more than a pile of one kind (early), while
    at the end every cube converts alike."""
    early = count if count <= PLENTY else PLENTY + 0.5 * (count - PLENTY)
    return early * (1 - t) + count * t


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


# The words a bot uses to say why a move is good (feature -> how a gain reads).
GAIN_WORDS = {
    "prestige": "prestige", "deniers": "deniers", "food": "food", "wood": "wood", "stone": "stone",
    "cloth": "cloth", "gold": "gold", "wood_building": "a wood building of your own",
    "stone_building": "a stone building of your own", "residence": "a residence (1 denier a turn)",
    "favor_step": "a step on the favor table", "castle_house": "a house in the castle",
    "worker_out": "a worker that will be activated",
}
