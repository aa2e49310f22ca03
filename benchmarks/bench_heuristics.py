"""Evaluations per second of each edition's bot heuristics (`heuristics.evaluate(board)`), on the positions a
greedy bot values: every position after each legal action of each decision of seeded greedy games.

    .venv/bin/python benchmarks/bench_heuristics.py [--players 4] [--games 1] [--repeat 7] [editions...]

Each figure is the median of --repeat passes over the same positions (in the order the games met them), on one
core, each pass with the heuristics' module loaded anew. To compare two versions of the heuristics, run this file
against each checkout in turn, a few times alternately, and compare the ratios (the machine is shared):
`PYTHONPATH=OTHER/src .venv/bin/python benchmarks/bench_heuristics.py`.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time

import caylus
from caylus.agents import make_agent, play_game


def positions(edition: str, players: int, games: int) -> list:
    """The boards after every legal action of every decision of `games` seeded greedy games (not the ends)."""
    boards = []

    def children(game):
        if game.is_terminal:
            return
        for action in game.legal_actions():
            child = game.clone()
            child.keep_undo = False
            child.apply(action)
            if not child.is_terminal:
                boards.append(child.board)

    for seed in range(1, games + 1):
        game = caylus.new_game(edition, players=players, seed=seed)
        game.keep_undo = False
        children(game)
        play_game(game, [make_agent("greedy", seed * 10 + p) for p in range(players)],
                  on_move=lambda g, *_: children(g))
    return boards


def rate(edition: str, boards: list, repeat: int) -> tuple[float, float, float]:
    """Evaluations per second: (slowest, median, fastest) of `repeat` passes over `boards`."""
    runs = []
    for _ in range(repeat):
        # Each pass starts with the heuristics' remembered tables empty, as in a new process: a second pass over
        # the same positions would otherwise find what it remembers from the first.
        evaluate = importlib.reload(caylus.get_edition(edition).heuristics).evaluate
        start = time.perf_counter()
        for b in boards:
            evaluate(b)
        runs.append(len(boards) / (time.perf_counter() - start))
    return min(runs), statistics.median(runs), max(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1, help="seeded greedy games to take positions from")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("editions", nargs="*", default=caylus.available_editions())
    args = parser.parse_args()
    print(f"caylus from {caylus.__file__}")
    print("| edition | positions | evaluations/s (median) | slowest pass | fastest pass |")
    print("|---|---|---|---|---|")
    for edition in args.editions:
        boards = positions(edition, args.players, args.games)
        low, median, high = rate(edition, boards, args.repeat)
        print(f"| `{edition}` | {len(boards)} | {median:,.0f} | {low:,.0f} | {high:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
