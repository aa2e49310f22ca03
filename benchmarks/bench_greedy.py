"""How fast the greedy policy is in each edition: `greedy_successor` (the greedy policy on a full game, what the
lookahead bots play their futures with) over fixed positions of a seeded 4-player greedy game, and the `hard`
level's move (the lookahead bot: 5 moves played on 40 decisions) at a few of them.

    .venv/bin/python benchmarks/bench_greedy.py [--players 4] [--every 5] [--repeat 3] [--hard 4] [--json]
                                                [editions...]

The positions are every `--every`-th decision of the game (those with more than one legal action), each a game
with `keep_undo = False` as the lookahead bot plays them. Greedy steps a second: the median of `--repeat` passes
over the positions on one core, each pass with the heuristics' module loaded anew (what they remember from one
pass would otherwise speed up the next). Hard moves: `--hard` positions spread over the game, each move by a new
`hard` bot without its seconds cap (so that it always does the same work), the heuristics loaded anew once.
Times are the process's CPU seconds (one thread), so that the waits of a loaded machine do not count. To compare
two versions, run this file against each checkout in turn, several times alternately, and compare the ratios: `PYTHONPATH=OTHER/src .venv/bin/python benchmarks/bench_greedy.py`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import time

import caylus
from caylus.agents import Position, make_agent, play_game
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


def fresh_heuristics(game) -> None:
    """Load the edition's heuristics anew: nothing they remember carries over."""
    importlib.reload(game.edition.heuristics)  # the edition reads `evaluate` from the module at each call


def steps_per_second(games: list, repeat: int) -> list[float]:
    """Greedy steps a second, one figure a pass over `games`."""
    runs = []
    for _ in range(repeat):
        fresh_heuristics(games[0])
        start = time.process_time()
        for game in games:
            greedy_successor(game)
        runs.append(len(games) / (time.process_time() - start))
    return runs


def hard_seconds(games: list, moves: int) -> list[float]:
    """The CPU seconds of a `hard` move at `moves` of the positions, spread over the game."""
    fresh_heuristics(games[0])
    out = []
    for game in games[len(games) // (moves + 1)::len(games) // (moves + 1)][:moves]:
        bot = make_agent("hard", 1)
        bot.seconds = None
        start = time.process_time()
        bot.choose(Position(game))
        out.append(time.process_time() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=5, help="take every n-th decision of the game")
    parser.add_argument("--repeat", type=int, default=3, help="passes of greedy steps over the positions")
    parser.add_argument("--hard", type=int, default=4, help="hard moves to time (0: none)")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON object")
    parser.add_argument("editions", nargs="*", default=caylus.available_editions())
    args = parser.parse_args()
    print(f"caylus from {caylus.__file__}")
    print("| edition | positions | greedy steps/s (median) | slowest pass | fastest pass | hard move s (median) |")
    print("|---|---|---|---|---|---|")
    figures = {}
    for edition in args.editions:
        games = positions(edition, args.players, args.every)
        runs = steps_per_second(games, args.repeat) if args.repeat else []
        hard = hard_seconds(games, args.hard) if args.hard else []
        figures[edition] = {"positions": len(games), "steps_per_second": runs, "hard_seconds": hard}
        steps = (f"{statistics.median(runs):,.1f} | {min(runs):,.1f} | {max(runs):,.1f}" if runs else "- | - | -")
        print(f"| `{edition}` | {len(games)} | {steps} | "
              f"{statistics.median(hard) if hard else float('nan'):.3f} |", flush=True)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
