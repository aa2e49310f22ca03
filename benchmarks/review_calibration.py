"""Does the review's "value lost" agree with what playing both moves on shows? (a benchmark, issue 29)

    .venv/bin/python benchmarks/review_calibration.py --edition caylus --decisions 200 --playouts 4 \
        --records benchmarks/results/review-calibration-caylus.jsonl

The decisions come from heads-up games of `easy` players (the greedy bot with slips, so that some moves are
poor) on seeds 1, 2, ...: every `--every`-th decision with more than one legal move. For each, the reviewer
(`--level`) gives the loss of the move played against its best move; then both moves are played on to the end of
the game `--playouts` times by `--policy` players (seeded by the playout's number, the same for both moves), and
the measured loss is the seat's mean final margin after the best move less that after the move played. In Magna
Carta each playout is a world dealt from the seat's view at that moment (`caylus.determinize`), the same world for
both moves.

It prints the correlation of the two losses, their mean absolute gap, and how often a decision labelled
`blunder` really lost more than one labelled `good` (over every such pair). `--records FILE` keeps one JSON line a
decision; a rerun with the same file goes on where it stopped (run it in the background with nice -n 15).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.play import play_game
from caylus.agents.review import LABELS, Reviewer, label_for, review_position


def decisions(edition: str, players: int, every: int, wanted: int):
    """(seed, index, game at that decision, the move the easy player made) for `wanted` decisions."""
    seed = 0
    count = 0
    while count < wanted:
        seed += 1
        game = caylus.new_game(edition, players=players, seed=seed)
        bots = [make_agent("easy", seed * 10 + p) for p in range(players)]
        seen = 0
        while not game.is_terminal and count < wanted:
            move = bots[game.current_player].choose(Position(game))
            if len(game.legal_actions()) > 1:
                if seen % every == 0:
                    yield seed, len(game.history), game.clone(), move
                    count += 1
                seen += 1
            game.apply(move)


def final_margin(game, move, seat: int, policy: str, playout: int) -> float:
    """The seat's final margin after `move`, the game played to its end by `policy` players."""
    if game.edition.determinize is not None:
        g = caylus.determinize(game.view(seat), playout)
    else:
        g = game.clone()
    g.keep_undo = False
    g.apply(move.token)
    play_game(g, [make_agent(policy, 1000 * playout + p) for p in range(g.num_players)])
    s = g.scores()
    return s[seat] - max(s[:seat] + s[seat + 1:])


def measure(args) -> None:
    out = Path(args.records)
    done = set()
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["seed"], row["index"]))
    reviewer = Reviewer(args.level)
    for seed, index, game, move in decisions(args.edition, args.players, args.every, args.decisions):
        if (seed, index) in done:
            continue
        started = time.process_time()
        d = review_position(reviewer, game, index, move)
        seat = d.seat
        best = game.parse(d.best)
        if d.best == d.played:
            measured = 0.0
        else:
            best_m = [final_margin(game, best, seat, args.policy, k) for k in range(args.playouts)]
            played_m = [final_margin(game, move, seat, args.policy, k) for k in range(args.playouts)]
            measured = statistics.mean(best_m) - statistics.mean(played_m)
        row = {"edition": args.edition, "seed": seed, "index": index, "played": d.played, "best": d.best,
               "loss": d.loss, "label": d.label, "measured": round(measured, 3), "playouts": args.playouts,
               "policy": args.policy, "level": args.level,
               "cpu_seconds": round(time.process_time() - started, 2)}
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(f"seed {seed} decision {index}: {d.label} loss {d.loss:.2f}, measured {measured:.2f}", flush=True)


def report(path: str) -> dict:
    """The figures of the records; the labels are given again from each loss by today's thresholds
    (`review.THRESHOLDS`), so that thresholds set from a calibration are measured on it."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
    for r in rows:
        r["label"] = label_for(r["loss"])
    loss = [r["loss"] for r in rows]
    measured = [r["measured"] for r in rows]
    out = {"decisions": len(rows)}
    if len(rows) >= 2 and statistics.pstdev(loss) > 0 and statistics.pstdev(measured) > 0:
        out["correlation"] = round(statistics.correlation(loss, measured), 3)
    out["mean_absolute_gap"] = round(statistics.mean(abs(a - b) for a, b in zip(loss, measured)), 3) if rows else None
    blunders = [r["measured"] for r in rows if r["label"] == "blunder"]
    goods = [r["measured"] for r in rows if r["label"] == "good"]
    pairs = [(b, g) for b in blunders for g in goods]
    out["blunder_loses_more_than_good"] = (round(sum(1.0 if b > g else 0.5 if b == g else 0.0 for b, g in pairs)
                                                 / len(pairs), 3) if pairs else None)
    out["labels"] = {name: sum(1 for r in rows if r["label"] == name) for name in LABELS}
    # What each label's decisions really lost when played on (mean measured loss): the thresholds' check.
    out["measured_by_label"] = {name: round(statistics.mean(r["measured"] for r in rows if r["label"] == name), 2)
                                for name in LABELS if any(r["label"] == name for r in rows)}
    differ = [r for r in rows if r["best"] != r["played"]]
    if len(differ) >= 2 and statistics.pstdev([r["loss"] for r in differ]) > 0 \
            and statistics.pstdev([r["measured"] for r in differ]) > 0:
        # Where the reviewer's best is not the move played (the others are 0 on both sides by definition).
        out["correlation_where_moves_differ"] = round(statistics.correlation(
            [r["loss"] for r in differ], [r["measured"] for r in differ]), 3)
        out["decisions_where_moves_differ"] = len(differ)
        # The measurement's spread: how far one decision's measured loss strays (the playouts' noise mostly).
        out["measured_sd_where_moves_differ"] = round(statistics.pstdev([r["measured"] for r in differ]), 2)
        out["reviewer_mean_loss_where_moves_differ"] = round(statistics.mean(r["loss"] for r in differ), 2)
        out["measured_mean_loss_where_moves_differ"] = round(statistics.mean(r["measured"] for r in differ), 2)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--edition", default="caylus")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--decisions", type=int, default=200)
    p.add_argument("--every", type=int, default=7, help="take every N-th decision of the games")
    p.add_argument("--playouts", type=int, default=4)
    p.add_argument("--policy", default="normal", help="who plays both moves on to the end")
    p.add_argument("--level", default="hard", help="the reviewer")
    p.add_argument("--records", required=True, help="JSON lines, one a decision (resumable)")
    p.add_argument("--report", action="store_true", help="only print the figures of the records so far")
    args = p.parse_args(argv)
    if not args.report:
        measure(args)
    print(json.dumps(report(args.records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
