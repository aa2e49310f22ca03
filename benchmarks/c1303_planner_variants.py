"""Caylus 1303 planner settings for the arena, by name (a benchmark, not a level):

    PYTHONPATH=src:benchmarks caylus arena --edition caylus-1303 --players 2 \
        --bots c1303_planner_variants:K4H12,hard --sprt 0,50 --seed 1 --jobs 1 --records DIR

`KxHy`: `caylus.agents.planner.PlannerSearch` over `caylus.editions.c1303.planner`, with x candidates each played on y decisions (to the end
of the round at most), every seat playing the planner's one-decision policy. `K4H12FD`: today's `hard` with each
future's end counted from the board the move is chosen on (`from_decision`), so that a move which ends the round
(a pass at the Construction Site) is not played a whole round further than the moves it is compared with.
"""

from __future__ import annotations

from caylus.agents.planner import PlannerSearch
from caylus.editions.c1303 import planner


def _search(candidates: int, horizon: int, from_decision: bool = False):
    class Search(PlannerSearch):
        def __init__(self, seed=None):
            super().__init__(planner, seed, candidates=candidates, horizon=horizon, from_decision=from_decision)
    Search.__name__ = f"K{candidates}H{horizon}" + ("FD" if from_decision else "")
    return Search


K4H12 = _search(4, 12)
K4H24 = _search(4, 24)
K6H40 = _search(6, 40)
K4H12FD = _search(4, 12, from_decision=True)
