"""Variants of Magna Carta's planner search for `caylus arena` and `benchmarks/census_bots.py`, named by their
settings (a benchmark aid, not a level):

    PYTHONPATH=src:benchmarks caylus arena --edition magna-carta --players 2 --bots mc_search_variants:K4H16D2,hard

`K<k>H<h>[T<t>][D<d>]`: the planner search over `editions/magna_carta/planner.py`, its k best moves each played on
h decisions (stopped at the start of the t-th turn after, with T), in d deals of the hidden cards (1 without D).
"""

from __future__ import annotations

import re

from caylus.agents.planner import PlannerSearch
from caylus.editions.magna_carta import planner


def __getattr__(name: str):
    m = re.fullmatch(r"K(\d+)H(\d+)(?:T(\d+))?(?:D(\d+))?", name)
    if m:
        k, h, t, d = int(m[1]), int(m[2]), int(m[3] or 0), int(m[4] or 1)
        return lambda seed=None: _named(PlannerSearch(planner, seed, k, h, t, d), name)
    raise AttributeError(name)


def _named(agent, name: str):
    agent.name = f"mc_search_variants:{name}"
    return agent
