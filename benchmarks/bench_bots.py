"""How fast each bot level answers, over whole games, and how much memory a search move takes (a benchmark).

    .venv/bin/python benchmarks/bench_bots.py [--edition caylus] [--players 4] [--games 2] [--bots normal,hard]

For each bot: its seconds a move (mean, median and max over every decision it made with more than one legal
action), the searches' simulations a second (MCTS iterations; the lookahead's futures), and the peak memory of one move (tracemalloc, measured on a
separate move at the start of the game so the timing runs are not slowed by tracing). The other seats are greedy.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import caylus
from caylus.agents import Position, make_agent, play_game


def timings(edition: str, players: int, spec: str, games: int, seed: int):
    seconds, sims = [], []
    for g in range(games):
        bot_seat = g % players
        agents = [make_agent(spec if p == bot_seat else "greedy", seed + 17 * g + p) for p in range(players)]

        game = caylus.new_game(edition, players=players, seed=seed + g)
        while not game.is_terminal:
            player = game.current_player
            position = Position(game)
            start = time.perf_counter()
            action = agents[player].choose(position)
            took = time.perf_counter() - start
            if player == bot_seat and len(position.legal) > 1:
                seconds.append(took)
                # A search's simulations: MCTS iterations, or the lookahead's futures played on.
                it = getattr(agents[player], "last_iterations", 0) or getattr(agents[player], "last_futures", 0)
                if it and took > 0:
                    sims.append(it / took)
            game.apply(action)
    return seconds, sims


def peak_memory(edition: str, players: int, spec: str, seed: int) -> float:
    game = caylus.new_game(edition, players=players, seed=seed)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    bot = make_agent(spec, seed)
    tracemalloc.start()
    bot.choose(Position(game))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="caylus")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bots", default="greedy,normal,hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.edition}, {args.players} players, {args.games} games a bot (the other seats greedy)")
    print(f"{'bot':>10} {'moves':>6} {'mean s':>7} {'median s':>9} {'max s':>7} {'sims/s':>8} {'peak MB':>8}")
    for spec in args.bots.split(","):
        seconds, sims = timings(args.edition, args.players, spec, args.games, args.seed)
        rate = f"{statistics.median(sims):8.0f}" if sims else f"{'-':>8}"
        print(f"{spec:>10} {len(seconds):6d} {statistics.mean(seconds):7.3f} {statistics.median(seconds):9.3f} "
              f"{max(seconds):7.3f} {rate} {peak_memory(args.edition, args.players, spec, args.seed):8.2f}")


if __name__ == "__main__":
    main()
