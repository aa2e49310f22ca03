"""Variants of the Caylus (2005) planner for `caylus arena` and `benchmarks/census_bots.py`, named by their
settings (a benchmark aid, not a level):

    PYTHONPATH=src:benchmarks caylus arena --edition caylus --players 2 --bots planner_variants:K4H16,normal

`R<n>`: the planner, each move followed by up to n decisions of the other seats. `K<k>H<h>[T<t>]`: the planner
search, its k best moves each played on h decisions (stopped at the start of the t-th turn after, with T).
"""

from __future__ import annotations

import re

from caylus.agents.planner import PlannerAgent, PlannerSearch
from caylus.editions.classic import planner


def __getattr__(name: str):
    m = re.fullmatch(r"R(\d+)", name)
    if m:
        return lambda seed=None: _named(PlannerAgent(planner, seed, replies=int(m[1])), name)
    m = re.fullmatch(r"K(\d+)H(\d+)(?:T(\d+))?", name)
    if m:
        return lambda seed=None: _named(PlannerSearch(planner, seed, int(m[1]), int(m[2]), int(m[3] or 0)), name)
    raise AttributeError(name)


def _named(agent, name: str):
    agent.name = f"planner_variants:{name}"
    return agent
