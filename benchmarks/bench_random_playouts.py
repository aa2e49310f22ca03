"""Random-playout throughput for every player count of an edition (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_random_playouts.py [--edition caylus] [--games 500] [--repeat 5]

Each line is `caylus bench --edition E --players N --json` for one N: the same function, the same seeds.
"""

from __future__ import annotations

import argparse
import json

from caylus import get_edition
from caylus.cli.runs import benchmark


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="caylus")
    parser.add_argument("--games", type=int, default=500, help="games per repetition")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object per player count")
    args = parser.parse_args()
    ed = get_edition(args.edition)
    if not args.json:
        print(f"{ed.title}: median of {args.repeat} repetitions of {args.games} random games")
        print(f"{'players':>7} {'decisions/s':>12} {'games/s':>9} {'decisions/game':>15} {'errors':>7}")
    for players in range(ed.min_players, ed.max_players + 1):
        result = benchmark(ed.id, players, games=args.games, repeat=args.repeat, seed=args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        per_game = result["decisions"] / max(result["games"], 1)
        print(f"{players:>7} {result['median_decisions_per_s']:>12.0f} {result['median_games_per_s']:>9.1f} "
              f"{per_game:>15.1f} {result['errors']:>7}")


if __name__ == "__main__":
    main()
