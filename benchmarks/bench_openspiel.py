"""Random play through OpenSpiel next to `caylus bench`, in one process (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_openspiel.py [--edition caylus] [--players 4] [--games 200] [--repeat 5]

Both sides play the same setups (game i uses engine seed SEED+i; through OpenSpiel, the setup chance node's
outcome i) with uniformly random legal actions, and count player decisions. The OpenSpiel side is a plain Python
loop over `pyspiel` states (`legal_actions`, `apply_action`, `is_terminal`), as research code would write it.
Each side reports the median of its repetitions; repetitions alternate so that both see the same machine noise,
and each is timed in CPU time of this process, so that other work on a shared machine counts less. The ratio is
the median of each repetition's own ratio (the two sides of a repetition run one after the other, so on a shared
machine this pairing cancels much of the drift that the ratio of the two medians keeps).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import pyspiel

import caylus.research.openspiel as caylus_openspiel
from caylus.cli.runs import simulate


def openspiel_run(game, games: int) -> tuple[int, float, int]:
    """One repetition: (decisions, seconds, the longest game in OpenSpiel actions)."""
    decisions, longest = 0, 0
    start = time.process_time()
    for i in range(games):
        choose = random.Random(i).choice
        state = game.new_initial_state()
        state.apply_action(i)  # the setup: engine seed SEED+i
        n = 0
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            n += 1
        decisions += n
        longest = max(longest, n + 1)
    return decisions, time.process_time() - start, longest


def engine_run(edition: str, players: int, games: int, seed: int) -> float:
    """One repetition of `caylus bench` (`simulate`: random playouts, no undo kept): decisions a CPU second."""
    start = time.process_time()
    run = simulate(edition, players, games, seed)
    return run.decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="caylus", choices=sorted(caylus_openspiel.SHORT_NAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="games per repetition")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()

    name = caylus_openspiel.SHORT_NAMES[args.edition]
    game = pyspiel.load_game(name, {"players": args.players, "seed": args.seed, "setups": args.games})
    engine_rates, spiel_rates, ratios, longest = [], [], [], 0
    for _ in range(args.repeat):
        engine_rates.append(engine_run(args.edition, args.players, args.games, args.seed))
        decisions, seconds, longest_run = openspiel_run(game, args.games)
        spiel_rates.append(decisions / seconds)
        ratios.append(spiel_rates[-1] / engine_rates[-1])
        longest = max(longest, longest_run)
    engine, spiel, ratio = statistics.median(engine_rates), statistics.median(spiel_rates), statistics.median(ratios)
    summary = {
        "edition": args.edition, "players": args.players, "games_per_repeat": args.games, "repeats": args.repeat,
        "seed": args.seed, "caylus_bench_decisions_per_s": round(engine), "openspiel_decisions_per_s": round(spiel),
        "ratio": round(ratio, 3), "ratio_of_medians": round(spiel / engine, 3), "longest_game_actions": longest,
        "max_game_length": caylus_openspiel.MAX_GAME_LENGTH,
        "caylus_bench_runs": [round(r) for r in engine_rates], "openspiel_runs": [round(r) for r in spiel_rates],
    }
    if args.json:
        print(json.dumps(summary))
        return
    print(f"{name}, {args.players} players: median of {args.repeat} repetitions of {args.games} random games")
    print(f"  caylus bench: {engine:>9.0f} decisions/s  (runs {summary['caylus_bench_runs']})")
    print(f"  OpenSpiel:    {spiel:>9.0f} decisions/s  (runs {summary['openspiel_runs']})")
    print(f"  ratio {ratio:.2f} (median of the repetitions' ratios; of the medians {spiel / engine:.2f})")
    print(f"  longest game {longest} OpenSpiel actions (max_game_length {caylus_openspiel.MAX_GAME_LENGTH})")


if __name__ == "__main__":
    main()
