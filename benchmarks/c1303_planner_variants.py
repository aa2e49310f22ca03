"""Caylus 1303 planner settings for the arena, by name (a benchmark, not a level):

    PYTHONPATH=src:benchmarks caylus arena --edition caylus-1303 --players 2 \
        --bots c1303_planner_variants:K4H12,hard --sprt 0,50 --seed 1 --jobs 1 --records DIR

`KxHy`: `caylus.agents.planner.PlannerSearch` over `caylus.editions.c1303.planner`, with x candidates each played on y decisions (to the end
of the round at most), every seat playing the planner's one-decision policy.
"""

from __future__ import annotations

from caylus.agents.planner import PlannerSearch
from caylus.editions.c1303 import planner


def _search(candidates: int, horizon: int):
    class Search(PlannerSearch):
        def __init__(self, seed=None):
            super().__init__(planner, seed, candidates=candidates, horizon=horizon)
    Search.__name__ = f"K{candidates}H{horizon}"
    return Search


K4H12 = _search(4, 12)
K4H24 = _search(4, 24)
K6H40 = _search(6, 40)
