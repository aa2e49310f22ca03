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

`<EDITION>_R<n>` is `hard`'s own search, then the same moves each valued by the worst for the seat of n futures:
in future k the first decision of another seat is its k-th best by the one-decision policy (k = 0: `hard`'s own
line), every other decision the policy's; no slips (the opponent's best replies, not a sloppier opponent).

`<EDITION>_T<n>` is the edition's own `hard:SECONDS` schedule (`LOOKAHEAD["hard"]["agent"]["deeper"]`) cut at n
searches instead of a time: `hard:SECONDS` at a fixed budget (`T1` is `hard`).

`<EDITION>_A<s>` is `hard`'s own single search with another value of a future, not more search: the mean of its
margins at each stop from s decisions before `hard`'s horizon to s after (Caylus 1303, `A2`: after 10, 11, 12, 13
and 14 decisions; a future the edition ends sooner counts its last margin for the stops past its end), so that
where exactly a future stops (whose placement it has just seen) weighs less in a move's value.
"""

from __future__ import annotations

import re

from caylus.agents.planner import PlannerSearch, edition_planner, play_on, settle, successor
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


def replying(planner, seat: int, k: int):
    """The one-decision policy, but the first decision of a seat other than `seat` takes its k-th best move (by
    the same margins the policy ranks by; the last if it has fewer)."""
    replied = False

    def step(game):
        nonlocal replied
        legal = game.legal_actions()
        if replied or game.current_player == seat or len(legal) == 1:
            return successor(planner, game)
        replied = True
        mover, ranked = game.current_player, []
        for i, action in enumerate(legal):
            g = game.clone()
            g.apply(action)
            g, v = settle(planner, g, mover, game.board)
            ranked.append((-v, i, g))
        ranked.sort(key=lambda r: (r[0], r[1]))
        return ranked[min(k, len(ranked) - 1)][2]
    return step


class Replies(PlannerSearch):
    """`hard`'s search where a setting's `samples` are the other seats' replies: future k of a move meets the
    k-th best reply (`replying`), and the move is worth the worst of its futures for the seat."""

    def _future(self, world, action, seat, horizon, turns, looks, sample, deadline):
        if looks[0]:
            raise ValueError("Replies: the one-decision policy only")
        planner = self.planner.planner
        begun = world.clone()
        begun.apply(action)
        judged = world.board if self.from_decision else begun.board
        g = play_on(planner, begun, horizon, turns, deadline, step=replying(planner, seat, sample), start=judged)
        return planner.margin(g.board, seat), not (g.is_terminal or planner.future_end(g.board, judged, turns))

    def _worth(self, margins):
        return min(margins)

    def _lead(self, valued, futures, before, leader):
        return valued, 0.0  # each future is one exact line: the values are taken as they are


def __getattr__(name: str):
    m = re.fullmatch(r"([A-Z0-9]+?)_(\w+)", name)
    if not m or m[1] not in EDITIONS:
        raise AttributeError(name)
    edition = get_edition(EDITIONS[m[1]])
    spec = {k: v for k, v in edition.heuristics.LOOKAHEAD["hard"]["agent"].items()
            if k not in ("player", "deeper")}
    replies = re.fullmatch(r"R(\d+)", m[2])
    if replies:
        def answered(seed=None):
            agent = Replies(edition_planner(edition), seed, steps=2, deeper=[{"samples": int(replies[1])}], **spec)
            agent.name = f"anytime_variants:{name}"
            return agent
        return answered
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
