"""Extra search on top of `hard` (Caylus 1303 and Caylus 2005), by name, for `caylus arena` (a benchmark aid, not a
level): the question under `hard:SECONDS` (issue 28) is which extra search makes `hard` stronger at all, measured
with budgets in searches, not seconds (deterministic, so the machine's load changes nothing):

    PYTHONPATH=src:benchmarks caylus arena --edition caylus-1303 --players 2 \
        --bots anytime_variants:C1303_L2x4,hard --sprt 0,50 --seed 1 --jobs 1 --records DIR --resume

Each is the edition's own `hard` (`LOOKAHEAD["hard"]["agent"]`: its candidates, horizon, turns, from_decision) as
`PlannerSearch(..., steps=2, deeper=[STEP])`: `hard`'s own search, then one more by STEP, the second's answer played
(a move valued for the first time leads only by `MARGIN_ERRORS` standard errors where futures were sampled).
`<EDITION>_<STEP>`, EDITION `C1303` or `CAYLUS`, STEP one of:

- `L<k>x<a>`: the same moves, in futures where every seat weighs its k best moves a decisions ahead
  (`planner.looking`) instead of the one-decision policy;
- `H<h>`: the same moves, futures of up to h decisions (still stopped where the edition ends a future);
- `K<c>`: c moves, each on `hard`'s own single line (no samples: no margin can be measured);
- `K<c>S<s>`: c moves, s futures each (the own line, then slipped ones), with the margin for newcomers.
"""

from __future__ import annotations

import re

from caylus.agents.planner import PlannerSearch, edition_planner
from caylus.core.registry import get_edition

EDITIONS = {"C1303": "caylus-1303", "CAYLUS": "caylus"}


def step_of(text: str) -> dict:
    """The `deeper` step a variant's STEP names."""
    m = re.fullmatch(r"L(\d+)x(\d+)", text)
    if m:
        return {"looks": int(m[1]), "look_ahead": int(m[2])}
    m = re.fullmatch(r"H(\d+)", text)
    if m:
        return {"horizon": int(m[1])}
    m = re.fullmatch(r"K(\d+)(?:S(\d+))?", text)
    if m:
        return {"candidates": int(m[1]), **({"samples": int(m[2])} if m[2] else {})}
    raise AttributeError(text)


def __getattr__(name: str):
    m = re.fullmatch(r"([A-Z0-9]+?)_(\w+)", name)
    if not m or m[1] not in EDITIONS:
        raise AttributeError(name)
    edition = get_edition(EDITIONS[m[1]])
    step = step_of(m[2])
    spec = {k: v for k, v in edition.heuristics.LOOKAHEAD["hard"]["agent"].items()
            if k not in ("player", "deeper")}

    def make(seed=None):
        agent = PlannerSearch(edition_planner(edition), seed, steps=2, deeper=[step], **spec)
        agent.name = f"anytime_variants:{name}"
        return agent
    return make
