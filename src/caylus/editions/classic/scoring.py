"""Caylus (2005) scoring: end-of-game bonuses and final scores (rules p6, "End of the game")."""

from __future__ import annotations

from .catalog import CUBES_PER_POINT, DENIERS_PER_POINT, GOLD, GOLD_BONUS


def end_bonus_parts(b, seat: int) -> dict[str, int]:
    """The end-of-game bonus by source: 3 per gold cube, 1 per 3 other cubes (taken together), 1 per 4 deniers."""
    base = seat * 5
    return {"gold": GOLD_BONUS * b.cubes[base + GOLD],
            "cubes": sum(b.cubes[base:base + GOLD]) // CUBES_PER_POINT,
            "deniers": b.deniers[seat] // DENIERS_PER_POINT}


def end_bonus(b, seat: int) -> int:
    """The end-of-game bonus (`end_bonus_parts` added up)."""
    return sum(end_bonus_parts(b, seat).values())


def finish(b) -> None:
    """The Towers have been counted: add the end bonuses and end the game."""
    for seat in range(b.n):
        b.bonus[seat] = end_bonus(b, seat)
        if b.events is not None:
            b.events.append({"kind": "end_bonus", "player": seat, "parts": end_bonus_parts(b, seat),
                             "total": b.bonus[seat]})
    b.stack.clear()
    b.terminal = True
    if b.events is not None:
        final = scores(b)
        b.events.append({"kind": "game_over", "player": None, "scores": final,
                         "winners": [p for p, v in enumerate(final) if v == max(final)]})


def scores(b) -> list[int]:
    """Each seat's prestige; once the game is over, end bonuses included."""
    return [b.prestige[s] + b.bonus[s] for s in range(b.n)]
