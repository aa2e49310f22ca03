"""How a bot values a Caylus Magna Carta position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige so far (castle tokens and buildings) plus what the rest of its position is worth
at this stage of the game: 0 while the castle is full of tokens, 1 when it is nearly empty (the game ends when
the castle's tokens run out). At the end, 1 gold is 1 prestige, 3 other cubes 1, 3 deniers 1; earlier, cubes
and deniers build. Only what the seat may see counts: the other players' hands are counted by their size.
"""

from __future__ import annotations

from caylus.core.valuation import Valuation

from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature.
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "deniers": (0.45, 0.34),        # late: 1 prestige per 3 deniers
    "food": (0.9, 0.34),            # late: 1 prestige per 3 cubes
    "wood": (1.0, 0.34),
    "stone": (1.2, 0.34),
    "gold": (1.6, 1.0),             # late: 1 prestige a gold
    "workers": (0.5, 0.1),          # workers at home this turn
    "buildings": (1.2, 0.0),        # own cards on the road: others' workers pay their owner
    "hand": (0.6, 0.0),             # cards in hand: buildings to come
    "worker_out": (1.0, 1.0),       # a worker placed on a card that will be activated this turn
}
FEATURES = tuple(WEIGHTS)
WORKER_OUT_WORTH = 1.0


def stage(b) -> float:
    left = sum(b.castle)
    taken = sum(sum(t) for t in b.tokens) + sum(b.removed)
    return taken / (left + taken) if left + taken else 1.0


def amounts(b) -> list[list[float]]:
    """For each seat, one number per feature, in `FEATURES` order."""
    n = b.num_players
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    prestige = scores(b)
    for seat in range(n):
        row = rows[seat]
        row[0] = prestige[seat]
        row[1] = b.deniers[seat]
        row[2:6] = b.cubes[seat]
        row[6] = b.workers[seat]
        row[8] = len(b.hand[seat])
    for owner, worker in zip(b.road_owner, b.road_worker):
        if owner >= 0:
            rows[owner][7] += 1
        if worker >= 0:
            rows[worker][9] += WORKER_OUT_WORTH
    return rows


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


GAIN_WORDS = {
    "prestige": "prestige", "deniers": "deniers", "food": "food", "wood": "wood", "stone": "stone",
    "gold": "gold", "workers": "workers", "buildings": "a building of your own on the road",
    "hand": "a card in hand", "worker_out": "a worker that will be activated",
}
