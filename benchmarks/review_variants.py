"""Which futures would grade moves closer to what playing them on shows? (issue 29, the review's calibration)

    .venv/bin/python benchmarks/review_variants.py --edition caylus \
        --records benchmarks/results/review-calibration-caylus.jsonl --horizons 0,8,24

Reads the decisions `review_calibration.py` measured (each with the reviewer's best move, the move played and the
measured loss: both played on to the end) and grades the same two moves again with other futures: the greedy's
value one decision ahead (the seat's follow-ups settled), and one greedy future of each horizon; the value is
the greedy's moved towards the future's margin by 1 / (1 + doubt) of the way. Prints, for each horizon and
doubt, the correlation of that loss with the measured one and their mean absolute gap, over the decisions where
the two moves differ. Where nothing is hidden only (a future there is one line of play).

With `--planner` (editions whose `hard` is the planner's search: Caylus 2005 and 1303) it grades the two moves
instead as today's reviewer does: the planner's one-decision margin, and the margin where the level's planner
future ends (`review.Reviewer.weigh_planned`); a decision whose regenerated game no longer reaches the journal's
move (the `easy` bot changed since) is skipped and counted.
With `--futures` (any edition; made for Magna Carta, whose reviewer is the lookahead's futures) it grades the two
moves as `review.Reviewer.weigh` does, seeded by the decision's index, with other futures: `inner` (every seat in
them looking 2 moves 4 ahead, as Magna Carta's `hard`) or `greedy`, so many decisions ahead in so many deals, e.g.
`--futures inner:12:2,greedy:24:2,greedy:24:4,greedy:1000:2` (the first is today's reviewer: it gives the
journal's losses again).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from review_calibration import candidates, correlation, raw_loss  # noqa: E402

from caylus.agents import Position  # noqa: E402
from caylus.agents.greedy import ranked_after  # noqa: E402
from caylus.agents.lookahead import future_value  # noqa: E402
from caylus.agents.planner import play_on, settle  # noqa: E402
from caylus.agents.review import Reviewer  # noqa: E402


def planner_losses(reviewer, position, best, played) -> tuple[float, float]:
    """(one-decision loss, search loss) of `played` against `best` by the level's planner search."""
    search, _memory = reviewer.search(position.edition)
    planner = search.planner.planner
    world = position.sample(0)
    seat = position.player
    first, future = {}, {}
    for action in (best, played):
        g = world.clone()
        g.apply(action)
        first[action.token] = settle(planner, g, seat, world.board)[1]
        g = world.clone()
        g.apply(action)
        future[action.token] = planner.margin(play_on(planner, g, search.horizon, search.turns).board, seat)
    return (first[best.token] - first[played.token], future[best.token] - future[played.token])


def futures_variants(args) -> int:
    """`--futures`: each kind's loss of the journal's move played against its best, by `Reviewer.weigh` with
    those futures (3 candidates, the level's other settings), its correlation with the measured loss."""
    kinds = []
    for spec in args.futures.split(","):
        kind, ahead, deals = spec.split(":")
        if kind not in ("inner", "greedy") or int(ahead) < 1 or int(deals) < 1:
            raise SystemExit(f"--futures: inner|greedy:AHEAD:DEALS, not {spec!r}")
        reviewer = Reviewer("hard")
        reviewer.agent.level = None  # the futures below, not the edition's setting
        reviewer.agent.candidates, reviewer.agent.horizon, reviewer.agent.samples = 3, int(ahead), int(deals)
        reviewer.agent.inner = (2, 4) if kind == "inner" else None
        reviewer.budget = lambda edition, a=reviewer.agent: (a.candidates, a.horizon, a.samples)  # uncapped
        kinds.append((spec, reviewer))
    rows = {(r["seed"], r["index"]): r for r in map(json.loads, Path(args.records).read_text().splitlines())
            if not r.get("skipped") and r["best"] != r["played"]}
    rows = dict(list(rows.items())[args.after:])  # out of sample: the decisions measured after the first `after`
    graded = []  # (measured, the journal's raw loss, {kind: loss})
    for seed, index, game, move in candidates(args.edition, args.players, args.every):
        if seed > max(k[0] for k in rows):
            break
        row = rows.get((seed, index))
        if row is None:
            continue
        if move.token != row["played"]:
            raise SystemExit(f"seed {seed} decision {index}: the game no longer reaches the journal's move")
        best = game.parse(row["best"])
        losses = {}
        for spec, reviewer in kinds:
            # Each move valued as the one played (always played on), in the same deals and slips (the index's).
            value = {}
            for action in (best, move):
                weighed, _world = reviewer.weigh(Position(game), action, index)
                value[action] = next(v for v, a, _s in weighed if a == action)
            losses[spec] = value[best] - value[move]
        graded.append((row["measured"], raw_loss(row), losses))
        print(f"{len(graded)}/{len(rows)} seed {seed} decision {index}", file=sys.stderr, flush=True)
    measured = [g[0] for g in graded]
    print(json.dumps({"decisions": len(graded), "journal's reviewer": correlation([g[1] for g in graded], measured)}))
    for spec, _r in kinds:
        loss = [g[2][spec] for g in graded]
        print(json.dumps({"futures": spec, "correlation": correlation(loss, measured),
                          "mean_loss": round(statistics.mean(loss), 2)}))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--edition", default="caylus")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--every", type=int, default=3, help="as the journal was made (7 for the 2-playout `easy` ones)")
    p.add_argument("--records", required=True)
    p.add_argument("--horizons", default="0,8,24")
    p.add_argument("--doubts", default="0,1,3")
    p.add_argument("--planner", action="store_true", help="grade by the level's planner search instead")
    p.add_argument("--futures", help="grade by the reviewer's futures of these kinds: inner|greedy:AHEAD:DEALS,...")
    p.add_argument("--after", type=int, default=0,
                   help="with --futures: grade only the journal's decisions (where the moves differ) after its "
                        "first AFTER, in the journal's order (a test out of the sample the futures were chosen on)")
    args = p.parse_args(argv)
    if args.futures:
        return futures_variants(args)
    reviewer = Reviewer("hard") if args.planner else None
    skipped = 0
    rows = {(r["seed"], r["index"]): r for r in map(json.loads, Path(args.records).read_text().splitlines())
            if not r.get("skipped") and r["best"] != r["played"]}
    horizons = [int(h) for h in args.horizons.split(",")]
    doubts = [float(d) for d in args.doubts.split(",")]
    graded = []  # (measured, {horizon: (greedy loss, future loss)})
    wanted = len(rows)
    seen = 0
    for seed, index, game, _move in candidates(args.edition, args.players, args.every):
        if seed > max(k[0] for k in rows):
            break
        row = rows.get((seed, index))
        if row is None:
            continue
        position = Position(game)
        seat = position.player
        if _move.token != row["played"] or row["best"] not in game.legal_tokens():
            skipped += 1
            continue
        best, played = game.parse(row["best"]), game.parse(row["played"])
        if reviewer is not None:
            graded.append((row["measured"], raw_loss(row), {"planner": planner_losses(reviewer, position, best,
                                                                                       played)}))
            seen += 1
            print(f"{seen}/{wanted} seed {seed} decision {index}", file=sys.stderr, flush=True)
            continue
        greedy = {a.token: v for v, _i, a, _g in ranked_after(game.clone(), seat, [best, played])}
        out = {}
        for h in horizons:
            fb = future_value(position, best, 0, h, seat) if h else greedy[best.token]
            fp = future_value(position, played, 0, h, seat) if h else greedy[played.token]
            out[h] = (greedy[best.token] - greedy[played.token], fb - fp)
        graded.append((row["measured"], raw_loss(row), out))
        seen += 1
        print(f"{seen}/{wanted} seed {seed} decision {index}", file=sys.stderr, flush=True)
    measured = [g[0] for g in graded]
    if reviewer is not None:
        for k, name in ((0, "planner one decision ahead"), (1, "planner search (the reviewer)")):
            loss = [g[2]["planner"][k] for g in graded]
            print(json.dumps({"grader": name, "decisions": len(graded), "skipped": skipped,
                              "correlation": correlation(loss, measured),
                              "mean_absolute_gap": round(statistics.mean(abs(a - b) for a, b in
                                                                         zip(loss, measured)), 3)}))
        horizons = []
    print(json.dumps({"decisions": len(graded),
                      "reviewer": {"correlation": correlation([g[1] for g in graded], measured),
                                   "mean_absolute_gap": round(statistics.mean(abs(g[1] - m) for g, m in
                                                                               zip(graded, measured)), 3)}}))
    for h in horizons:
        for d in doubts if h else [0.0]:
            t = 1 / (1 + d)
            loss = [g[2][h][0] + t * (g[2][h][1] - g[2][h][0]) for g in graded]
            print(json.dumps({"horizon": h, "doubt": d,
                              "correlation": correlation(loss, measured),
                              "mean_absolute_gap": round(statistics.mean(abs(a - b) for a, b in
                                                                         zip(loss, measured)), 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
