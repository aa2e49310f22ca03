"""How likely a longer ladder is to tell the levels apart, judged from the games already played (a bootstrap).

    .venv/bin/python benchmarks/ladder_bootstrap.py DIR [--games 480] [--draws 30]

DIR holds an arena journal (`caylus arena ... --records DIR`) whose bots are listed strongest first, such as
`--bots hard,normal,greedy`. Each draw takes `--games` games at random, with replacement, from those played, rates
them in turn as the arena does (`caylus.arena.ratings.Ratings`), and checks whether each bot's rating interval
(mu +- 2 sigma) lies wholly above the next one's. It prints the share of draws where each pair, and every pair,
came apart: a run of that length is about that likely to reach the ladder's target, if the games so far are typical.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from caylus.arena.journal import NAME
from caylus.arena.ratings import Ratings


def played(directory: Path) -> tuple[list[str], list[tuple[list[str], list[int]]]]:
    """The arena's bots (as listed) and each finished game's seat names and scores."""
    lines = [json.loads(line) for line in (directory / NAME).read_text().splitlines() if line.strip()]
    bots = list(lines[0]["arena"]["bots"])
    games = [([bots[i] for i in g["seating"]], g["scores"]) for g in lines[1:] if "scores" in g]
    return bots, games


def apart(bots: list[str], games) -> list[bool]:
    """For each bot but the last: is its rating interval wholly above the next bot's?"""
    ratings = Ratings(sorted(set(bots)))
    for names, scores in games:
        ratings.update(names, scores)
    return [ratings.interval(a)[0] > ratings.interval(b)[1] for a, b in zip(bots, bots[1:])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--games", type=int, default=480, help="length of the run to judge (default 480)")
    parser.add_argument("--draws", type=int, default=30, help="bootstrap draws (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bots, games = played(args.directory)
    if not games:
        parser.error(f"{args.directory} holds no finished game")
    rng = random.Random(args.seed)
    pairs = [0] * (len(bots) - 1)
    every = 0
    for _ in range(args.draws):
        result = apart(bots, [rng.choice(games) for _ in range(args.games)])
        pairs = [n + r for n, r in zip(pairs, result)]
        every += all(result)
    print(f"{len(games)} games played; now apart: {apart(bots, games)}")
    for (a, b), n in zip(zip(bots, bots[1:]), pairs):
        print(f"{a} above {b}: {n / args.draws:.0%} of {args.draws} draws of {args.games} games")
    print(f"every pair apart: {every / args.draws:.0%}")


if __name__ == "__main__":
    main()
