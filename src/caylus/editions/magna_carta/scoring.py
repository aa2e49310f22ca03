"""Prestige points: castle tokens and buildings during the game; cubes and deniers are added at the end.

Each function reads a `rules.Board` (not imported: the rules import scoring, as in the other editions).
"""

from __future__ import annotations

from .catalog import BECOMING_RESIDENCE, BUILDING, CARDS, PRESTIGE, RESIDENCE, RESIDENCE_PRESTIGE, SECTION_VALUE


def token_points(b, p: int) -> int:
    t = b.tokens[p]
    return t[0] * SECTION_VALUE[0] + t[1] * SECTION_VALUE[1] + t[2] * SECTION_VALUE[2]


def building_points(b, road: list[int] | None = None) -> list[int]:
    """What each seat's buildings show: a road card its printed prestige, a Residence 1, a covered Residence 0
    and the prestige building on it its own prestige; beginner prestige buildings lie in front of their owner.
    `road`: the board's `road_points`, where the caller keeps them already."""
    points = road_points(b) if road is None else list(road)
    for p, front in enumerate(b.front):
        for k in front:
            points[p] += PRESTIGE[k].prestige
    return points


def road_points(b) -> list[int]:
    """What each seat's buildings on the road show (`building_points` without those in front of their owner)."""
    points = [0] * b.num_players
    for owner, card, face in zip(b.road_owner, b.road_card, b.road_face):
        if owner >= 0:
            if face == BUILDING or face == BECOMING_RESIDENCE:  # the latter still shows its building side
                points[owner] += CARDS[card].prestige
            elif face == RESIDENCE:
                points[owner] += RESIDENCE_PRESTIGE
            else:
                points[owner] += PRESTIGE[face].prestige
    return points


def supply_parts(b, p: int) -> dict[str, int]:
    """End of game, by source: 1 per gold, 1 per 3 other cubes (any mix), 1 per 3 deniers."""
    c = b.cubes[p]
    return {"gold": c[3], "cubes": (c[0] + c[1] + c[2]) // 3, "deniers": b.deniers[p] // 3}


def supply_points(b, p: int) -> int:
    """End of game: `supply_parts` added up."""
    return sum(supply_parts(b, p).values())


def scores(b, road: list[int] | None = None) -> list[int]:
    """Each seat's prestige; the cube and denier points are counted once the game is over. `road`: the board's
    `road_points`, where the caller keeps them already (the research encoder, by the road's content)."""
    v0, v1, v2 = SECTION_VALUE  # `token_points`, for every seat in one pass
    out = [t[0] * v0 + t[1] * v1 + t[2] * v2 + points for t, points in zip(b.tokens, building_points(b, road))]
    if b.terminal:
        out = [s + supply_points(b, p) for p, s in enumerate(out)]
    return out
