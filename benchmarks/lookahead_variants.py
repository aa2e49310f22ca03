"""Lookahead settings other than the levels', as bots the arena can seat (`module:Class`), for choosing a level.

    PYTHONPATH=benchmarks caylus arena --edition magna-carta --players 3 \
        --bots lookahead_variants:K5H12S4,normal,greedy --games 60 --seed 1

`KkHhSs` plays its k best moves on for h more decisions, in s deals of the hidden cards a move (Magna Carta; one
game where nothing is hidden), with a 5-second cap like `hard` (K5H40S2); `...Icxh` has every seat in the futures
look ahead too, playing its c best moves on h decisions greedily (`inner`); `...Dd` counts the greedy's value of
a move as d futures (`doubt`); `...Pp` counts the placed workers' plans (`worker_out`, Caylus 2005 and
1303) at p of their worth where a future stops (`leaf`); `...Tt` ends every future once t turns have begun after
the decision's, sooner than h decisions if so (`turns`: the turn played out, provost and castle included);
`...Aa` stops after a rounds of deals if every move's
futures were the same in each (`agree`). Trials and results: `benchmarks/RESULTS-bots.md`, "The ladder".
"""

from __future__ import annotations

from caylus.agents.lookahead import LookaheadAgent


def _variant(candidates: int, horizon: int, samples: int, inner: tuple[int, int] | None = None,
             doubt: float = 0.0, plans: float | None = None, agree: int = 0, turns: int = 0) -> type:
    class Variant(LookaheadAgent):
        name = (f"K{candidates}H{horizon}S{samples}" + (f"I{inner[0]}x{inner[1]}" if inner else "")
                + (f"D{doubt:g}" if doubt else "") + (f"P{plans:g}" if plans is not None else "")
                + (f"T{turns}" if turns else "") + (f"A{agree}" if agree else ""))

        def __init__(self, seed: int | None = None):
            super().__init__(seed, candidates=candidates, horizon=horizon, samples=samples, seconds=5.0,
                             inner=inner, doubt=doubt,
                             leaf=None if plans is None else {"worker_out": plans}, agree=agree, turns=turns)

    Variant.__name__ = Variant.__qualname__ = Variant.name
    return Variant


K5H12S4 = _variant(5, 12, 4)
K5H24S4 = _variant(5, 24, 4)
K5H40S6 = _variant(5, 40, 6)
K5H24S12 = _variant(5, 24, 12)
K8H24S8 = _variant(8, 24, 8)
K3H4S1 = _variant(3, 4, 1)
K5H12S4I2x4 = _variant(5, 12, 4, (2, 4))
K5H12S1I2x4 = _variant(5, 12, 1, (2, 4))
# The greedy's value of a move counted as `doubt` futures (`LookaheadAgent(doubt=...)`): the castle blunder.
K5H40S1D2 = _variant(5, 40, 1, doubt=2.0)
K5H40S1D3 = _variant(5, 40, 1, doubt=3.0)
K3H8S1D1 = _variant(3, 8, 1, doubt=1.0)
# The placed workers' plans at a share of their worth where a future stops (`leaf`): the castle blunder.
K3H8S1P0_6 = _variant(3, 8, 1, plans=0.6)
K3H8S1P0_8 = _variant(3, 8, 1, plans=0.8)
K3H8S1 = _variant(3, 8, 1)  # Caylus 2005 `normal` before `leaf`
K5H12S1I2x4P0_6 = _variant(5, 12, 1, (2, 4), plans=0.6)
K5H8S1I2x4P0_6 = _variant(5, 8, 1, (2, 4), plans=0.6)
# Magna Carta's `hard` with the placed workers at 0.6 where a future stops (session 2026-11-27d), and the same
# stopping after 2 deals where every move's futures agreed in both.
K5H12S4I2x4P0_6 = _variant(5, 12, 4, (2, 4), plans=0.6)
K5H12S4I2x4P0_6A2 = _variant(5, 12, 4, (2, 4), plans=0.6, agree=2)
# Magna Carta's `hard` of 2026-11-27d (futures cut after 12 decisions), for matches against today's.
K5H12S4I2x4A2 = _variant(5, 12, 4, (2, 4), agree=2)
# Magna Carta's `hard` with every future played to where the next turn begins (at most 40 decisions), not cut
# after 12 mid-turn (session 2026-11-27e; made `hard`).
K5H40S4I2x4T1A2 = _variant(5, 40, 4, (2, 4), turns=1, agree=2)
# The candidate of session 2026-11-27g (branch `bots-mc`): every future played through the next turn's castle (to
# where the turn after next begins) in 2 deals; not made `hard` (benchmarks/RESULTS-bots.md, "Magna Carta, session
# 2026-11-27g").
K5H40S2I2x4T2 = _variant(5, 40, 2, (2, 4), turns=2)
