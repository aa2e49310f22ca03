"""Prestige: what each player has gained so far, plus 2 per Gold once the ninth round is over."""

from __future__ import annotations

from .catalog import GOLD, GOLD_PRESTIGE_AT_END


def gold_bonus(b, p: int) -> int:
    return GOLD_PRESTIGE_AT_END * b.res[5 * p + GOLD]


def end_bonus_parts(b, p: int) -> dict[str, int]:
    """The end-of-game bonus by source (only Gold scores at the end of Caylus 1303)."""
    return {"gold": gold_bonus(b, p)}


def scores(b) -> list[int]:
    if not b.terminal:
        return list(b.pp)
    return [b.pp[p] + gold_bonus(b, p) for p in range(b.n)]
