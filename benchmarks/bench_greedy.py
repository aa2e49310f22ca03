"""Greedy steps a second in each edition: `greedy_successor` (the greedy policy on a full game, what the lookahead
bots play their futures with) over fixed positions of a seeded 4-player greedy game.

    .venv/bin/python benchmarks/bench_greedy.py [--players 4] [--every 5] [--repeat 3] [--json] [editions...]

The positions are every `--every`-th decision of the game (those with more than one legal action), each a game
with `keep_undo = False` as the lookahead bot plays them. Each figure is the median of `--repeat` passes over the
same positions on one core, each pass with the heuristics' module loaded anew (what they remember from one pass
would otherwise speed up the next). To compare two versions, run this file against each checkout in turn, several times
alternately, and compare the ratios (the machine is shared): `PYTHONPATH=OTHER/src .venv/bin/python
benchmarks/bench_greedy.py`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

import caylus
from caylus.agents import make_agent, play_game
from caylus.agents.greedy import greedy_successor


def positions(edition: str, players: int, every: int) -> list:
    """Every `every`-th position of a seeded greedy game where the seat to move has a choice."""
    games = []

    def keep(game, *_):
        if not game.is_terminal and len(game.history) % every == 0 and len(game.legal_actions()) > 1:
            kept = game.clone()
            kept.keep_undo = False
            games.append(kept)

    play_game(caylus.new_game(edition, players=players, seed=1),
              [make_agent("greedy", 10 + p) for p in range(players)], on_move=keep)
    return games


def rate(games: list, repeat: int) -> list[float]:
    """Greedy steps a second, one figure a pass over `games`."""
    runs = []
    for _ in range(repeat):
        importlib.reload(games[0].edition.heuristics)  # the games' edition reads its heuristics from the module
        start = time.perf_counter()
        for game in games:
            greedy_successor(game)
        runs.append(len(games) / (time.perf_counter() - start))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=5, help="take every n-th decision of the game")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    parser.add_argument("editions", nargs="*", default=caylus.available_editions())
    args = parser.parse_args()
    print(f"caylus from {caylus.__file__}")
    print("| edition | positions | greedy steps/s (median) | slowest pass | fastest pass |")
    print("|---|---|---|---|---|")
    figures = {}
    for edition in args.editions:
        games = positions(edition, args.players, args.every)
        runs = rate(games, args.repeat)
        figures[edition] = {"positions": len(games), "median": statistics.median(runs), "runs": runs}
        print(f"| `{edition}` | {len(games)} | {statistics.median(runs):,.1f} | {min(runs):,.1f} | "
              f"{max(runs):,.1f} |", flush=True)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
