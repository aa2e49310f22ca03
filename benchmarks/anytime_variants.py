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

`<EDITION>_T<n>` is the edition's own `hard:SECONDS` schedule (`LOOKAHEAD["hard"]["agent"]["deeper"]`) cut at n
searches instead of a time: `hard:SECONDS` at a fixed budget (`T1` is `hard`).

`<EDITION>_A<s>` is `hard`'s own single search with another value of a future, not more search: the mean of its
margins at each stop from s decisions before `hard`'s horizon to s after (Caylus 1303, `A2`: after 10, 11, 12, 13
and 14 decisions; a future the edition ends sooner counts its last margin for the stops past its end), so that
where exactly a future stops (whose placement it has just seen) weighs less in a move's value.
"""

from __future__ import annotations

import re

from caylus.agents.planner import PlannerSearch, edition_planner, play_on
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


class Stops(PlannerSearch):
    """`hard`'s search where a future's value is the mean of its margins at the stops `horizon - around` to
    `horizon + around` (the one-decision policy's own line; no samples, no looks)."""

    around = 2

    def _future(self, world, action, seat, horizon, turns, looks, sample, deadline):
        if sample or looks[0]:
            raise ValueError("Stops: the own line only")
        planner = self.planner.planner
        begun = world.clone()
        begun.apply(action)
        judged = world.board if self.from_decision else begun.board
        g = play_on(planner, begun, max(0, horizon - self.around), turns, deadline, start=judged)
        margins = [planner.margin(g.board, seat)]
        for _ in range(2 * self.around):
            g = play_on(planner, g, 1, turns, deadline, start=judged)
            margins.append(planner.margin(g.board, seat))
        return sum(margins) / len(margins), not (g.is_terminal or planner.future_end(g.board, judged, turns))


def __getattr__(name: str):
    m = re.fullmatch(r"([A-Z0-9]+?)_(\w+)", name)
    if not m or m[1] not in EDITIONS:
        raise AttributeError(name)
    edition = get_edition(EDITIONS[m[1]])
    spec = {k: v for k, v in edition.heuristics.LOOKAHEAD["hard"]["agent"].items()
            if k not in ("player", "deeper")}
    searches = re.fullmatch(r"T(\d+)", m[2])
    if searches:
        deeper = edition.heuristics.LOOKAHEAD["hard"]["agent"]["deeper"]

        def budgeted(seed=None):
            agent = PlannerSearch(edition_planner(edition), seed, steps=int(searches[1]), deeper=deeper, **spec)
            agent.name = f"anytime_variants:{name}"
            return agent
        return budgeted
    around = re.fullmatch(r"A(\d+)", m[2])
    if around:
        def stops(seed=None):
            agent = Stops(edition_planner(edition), seed, steps=1, **spec)
            agent.around = int(around[1])
            agent.name = f"anytime_variants:{name}"
            return agent
        return stops
    step = step_of(m[2])

    def make(seed=None):
        agent = PlannerSearch(edition_planner(edition), seed, steps=2, deeper=[step], **spec)
        agent.name = f"anytime_variants:{name}"
        return agent
    return make
