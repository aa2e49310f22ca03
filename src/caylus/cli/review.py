"""`caylus review`: grade every decision of a game record with a bot level (`caylus.agents.review`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from caylus.core.errors import BadRecord

from .common import UsageError, path_text, positive_int, whole_number, why


def add(commands) -> None:
    p = commands.add_parser("review", help="grade every decision of a game record, like a chess engine's review",
                            description="Review a game record (docs/notation.md): for each decision of the chosen "
                                        "seat(s), the move played, the reviewer's best, the expected prestige lost "
                                        "and a label (docs/agents.md, 'Game review').")
    p.add_argument("file", metavar="FILE", help="the record to review")
    p.add_argument("--seat", type=whole_number, action="append", help="a seat to review (repeat; default: all)")
    p.add_argument("--level", default="hard", choices=("normal", "hard"),
                   help="the reviewer (default hard: the planner's search in Caylus 2005 and 1303)")
    p.add_argument("--jobs", type=positive_int, default=1, help="processes sharing the work (default 1)")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object on the last line")
    p.add_argument("--chart", metavar="FILE.png", help="draw each seat's expected final margin (matplotlib)")
    p.set_defaults(run=run_review)


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total if total else width
    sys.stderr.write(f"\rreviewing [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_review(args) -> int:
    from caylus.agents.review import review_record

    if args.chart:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise UsageError("caylus review: --chart needs matplotlib (pip install 'caylus[arena]')") from None
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise UsageError(f"caylus review: cannot read {path_text(args.file)}: {why(exc)}") from None
    try:
        review = review_record(text, seats=args.seat, level=args.level, jobs=args.jobs,
                               progress=_bar if sys.stderr.isatty() or not args.json else None)
    except BadRecord as exc:
        raise UsageError(f"caylus review: {path_text(args.file)}: {exc}") from None
    except ValueError as exc:
        raise UsageError(f"caylus review: {exc}") from None
    if args.chart:
        _chart(review, args.chart)
    if args.json:
        print(json.dumps(review.to_json()))
        return 0
    for d in review.decisions:
        mark = "" if d.label == "best" else f" [{d.label}, -{d.loss:.1f}]"
        print(f"{d.index:4d} seat {d.seat}: {d.played}{mark}")
        if d.label != "best":
            print(f"       {d.reason}")
    for seat in review.seats:
        s = review.summary(seat)
        counts = ", ".join(f"{k} {v}" for k, v in s["labels"].items())
        print(f"seat {seat}: mean loss {s['mean_loss']:.2f} a decision; {counts}; turning points: "
              f"{', '.join(str(i) for i in s['turning_points']) or 'none'}")
    return 0


def _chart(review, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4))
    for seat in review.seats:
        points = review.margins(seat)
        ax.plot([i for i, _ in points], [v for _, v in points], label=f"seat {seat}")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("decision")
    ax.set_ylabel("expected final margin (prestige)")
    ax.set_title(f"{review.edition}: review at level {review.level}")
    ax.legend()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise UsageError(f"caylus review: cannot write {path_text(path)}: {why(exc)}") from None
    finally:
        plt.close(fig)
