"""Variants of the Caylus (2005) planner for `caylus arena` and `benchmarks/census_bots.py`, named by their
settings (a benchmark aid, not a level):

    PYTHONPATH=src:benchmarks caylus arena --edition caylus --players 2 --bots planner_variants:K4H16,normal

`R<n>`: the planner, each move followed by up to n decisions of the other seats. `K<k>H<h>[T<t>]`: the planner
search, its k best moves each played on h decisions (stopped at the start of the t-th turn after, with T; counted
from the board the move is chosen on with a D after it, as `hard` does: `K4H40T1D`). `hard_20261127`: the `hard` of
session 2026-11-27 (K4H16, its own follow-ups running on into the next turn), to measure a new `hard` against.
"""

from __future__ import annotations

import re
import types

from caylus.agents.planner import PlannerAgent, PlannerSearch
from caylus.editions.classic import planner


def _through_turns():
    """The planner with the follow-ups of session 2026-11-27: the seat's own decisions played on after a move even
    into the next turn."""
    module = types.SimpleNamespace(**{k: getattr(planner, k) for k in dir(planner) if not k.startswith("__")})
    module.follow_ups_end = lambda b, start: False
    return module


def hard_20261127(seed=None):
    return _named(PlannerSearch(_through_turns(), seed, 4, 16), "hard_20261127")


def __getattr__(name: str):
    m = re.fullmatch(r"R(\d+)", name)
    if m:
        return lambda seed=None: _named(PlannerAgent(planner, seed, replies=int(m[1])), name)
    m = re.fullmatch(r"K(\d+)H(\d+)(?:T(\d+)(D?))?", name)
    if m:
        return lambda seed=None: _named(PlannerSearch(planner, seed, int(m[1]), int(m[2]), int(m[3] or 0),
                                                      from_decision=bool(m[4])), name)
    raise AttributeError(name)


def _named(agent, name: str):
    agent.name = f"planner_variants:{name}"
    return agent
