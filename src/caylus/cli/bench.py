"""`caylus bench`: the random-playout throughput benchmark (median of repetitions)."""

from __future__ import annotations

import json

from caylus.core import get_edition

from . import runs
from .common import add_game_arguments, check_seeds, options_text, positive_float, positive_int


def add(commands) -> None:
    bench = commands.add_parser("bench", help="the random-playout throughput benchmark (median of repetitions)",
                                description="Random playouts, repeated; reports the median decisions per second.")
    add_game_arguments(bench, games_default=500)
    bench.add_argument("--seconds", type=positive_float, metavar="T",
                       help="play for T seconds per repetition instead of a fixed number of games")
    bench.add_argument("--repeat", type=positive_int, default=5, metavar="R", help="repetitions (default 5)")
    bench.set_defaults(run=run_bench)


def run_bench(args) -> int:
    runs.check_setup(args.edition, args.players, dict(args.option))
    if args.seconds is None:
        check_seeds(args)
    games = None if args.seconds is not None else args.games
    result = runs.benchmark(args.edition, args.players, games=games, seconds=args.seconds, repeat=args.repeat,
                            seed=args.seed, options=dict(args.option))
    if args.json:
        print(json.dumps(result))
    else:
        ed = get_edition(args.edition)
        per_repeat = f"{games} games" if games is not None else f"{args.seconds} s"
        print(f"{ed.title}, edition {ed.id}, {result['players']} players, options: {options_text(result['options'])}")
        print(f"{result['repeats']} repetitions of {per_repeat} of random playouts "
              f"(Python {result['python']}, {result['implementation']}, {result['machine']})")
        print(f"decisions/s: median {result['median_decisions_per_s']:.0f} "
              f"(min {result['min_decisions_per_s']:.0f}, max {result['max_decisions_per_s']:.0f})")
        print(f"games/s:     median {result['median_games_per_s']:.1f}")
        print(f"errors:      {result['errors']}")
    return 1 if result["errors"] else 0
