"""Random play through OpenSpiel next to `caylus bench`, in one process (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_openspiel.py [--edition caylus] [--players 4] [--games 200] [--repeat 5]

Both sides play the same setups (game i uses engine seed SEED+i; through OpenSpiel, the setup chance node's
outcome i) with uniformly random legal actions, and count player decisions. The OpenSpiel side is a plain Python
loop over `pyspiel` states (`legal_actions`, `apply_action`, `is_terminal`), as research code would write it.
Each side reports the median of its repetitions, timed in CPU time of this process, so that other work on a shared
machine counts less. Within a repetition the two sides take turns game by game (game i on one side, then on the
other, the side that goes first alternating), so that both see the same machine noise to within one game (a few
milliseconds): on a machine whose load moves, runs of whole repetitions one after the other scattered their
ratios from 0.6 to 0.8. The ratio is the median of each repetition's own ratio.
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


def openspiel_game(game, i: int) -> tuple[int, float]:
    """Game i through OpenSpiel: (decisions, CPU seconds)."""
    start = time.process_time()
    choose = random.Random(i).choice
    state = game.new_initial_state()
    state.apply_action(i)  # the setup: engine seed SEED+i
    n = 0
    while not state.is_terminal():
        state.apply_action(choose(state.legal_actions()))
        n += 1
    return n, time.process_time() - start


def engine_game(edition: str, players: int, seed: int) -> tuple[int, float]:
    """The same setup through `caylus bench` (`simulate`: random playouts, no undo kept): (decisions, CPU seconds)."""
    start = time.process_time()
    run = simulate(edition, players, 1, seed)
    return run.decisions, time.process_time() - start


def paired_run(game, edition: str, players: int, games: int, seed: int) -> tuple[float, float, int]:
    """One repetition, the two sides taking turns game by game: (`caylus bench` decisions a CPU second, OpenSpiel's,
    the longest game in OpenSpiel actions)."""
    sides = {"engine": [0, 0.0], "spiel": [0, 0.0]}
    longest = 0
    for i in range(games):
        for side in (("engine", "spiel") if i % 2 == 0 else ("spiel", "engine")):
            n, seconds = engine_game(edition, players, seed + i) if side == "engine" else openspiel_game(game, i)
            sides[side][0] += n
            sides[side][1] += seconds
            if side == "spiel":
                longest = max(longest, n + 1)
    return sides["engine"][0] / sides["engine"][1], sides["spiel"][0] / sides["spiel"][1], longest


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
        engine, spiel, longest_run = paired_run(game, args.edition, args.players, args.games, args.seed)
        engine_rates.append(engine)
        spiel_rates.append(spiel)
        ratios.append(spiel / engine)
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
