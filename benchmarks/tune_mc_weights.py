"""Self-play for tuning the Magna Carta heuristics: greedy with candidate weights against greedy with the current
`WEIGHTS` (seats alternate), and against random bots.

    .venv/bin/python benchmarks/tune_mc_weights.py --set deniers=0.6,0.34 --set batches=0.8,0.8 --games 40

Prints, for the candidate, its wins and mean margin in each match. The candidate's table is the current one with
the `--set` features changed; nothing is written anywhere. `--baseline FILE` plays against another version of
`heuristics.py` (e.g. `git show main:src/caylus/editions/magna_carta/heuristics.py > /tmp/old.py`) instead of the
current weights.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics

import caylus
from caylus.agents import greedy as greedy_module
from caylus.agents import make_agent
from caylus.agents.greedy import GreedyAgent
from caylus.agents.play import play_game
from caylus.core.valuation import Valuation
from caylus.editions.magna_carta import heuristics as H


class Weighted:
    """A greedy bot that values positions with its own weights table (swapped into the heuristics module while it
    decides: the module's counting reads its weights from there)."""

    def __init__(self, table: dict, seed: int):
        self.name = "greedy"
        self.inner = GreedyAgent(seed)
        v = Valuation(table, H.stage, H.amounts, H.scores)
        self.swap = {"weights": v.weights, "parts": v.parts, "evaluate": v.evaluate}

    def choose(self, position):
        saved = {k: getattr(H, k) for k in self.swap}
        for k, f in self.swap.items():
            setattr(H, k, f)
        try:
            return self.inner.choose(position)
        finally:
            for k, f in saved.items():
                setattr(H, k, f)


class Baseline:
    """A greedy bot valuing positions with another version of heuristics.py."""

    def __init__(self, module, seed: int):
        self.name = "baseline"
        self.inner = GreedyAgent(seed)
        self.module = module

    def choose(self, position):
        saved = greedy_module.values
        greedy_module.values = lambda game: self.module.evaluate(game.board)
        try:
            return self.inner.choose(position)
        finally:
            greedy_module.values = saved


def load_baseline(path: str):
    """heuristics.py from another version, as a module of the Magna Carta package (for its relative imports)."""
    spec = importlib.util.spec_from_file_location("caylus.editions.magna_carta._baseline_heuristics", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(games: int, players: int, seed: int, make_seats) -> tuple[float, float]:
    """Seat 0 of each game's seating (rotated) is the candidate: its wins (ties split) and mean margin."""
    wins, margins = 0.0, []
    for g in range(games):
        seats = make_seats(seed + g)
        shift = g % players
        seats = seats[shift:] + seats[:shift]
        game = play_game(caylus.new_game("magna-carta", players=players, seed=seed + g), seats)
        me = (players - shift) % players
        s = game.scores()
        best_other = max(v for p, v in enumerate(s) if p != me)
        winners = [p for p, v in enumerate(s) if v == max(s)]
        wins += 1.0 / len(winners) if me in winners else 0.0
        margins.append(s[me] - best_other)
    return wins / games, statistics.mean(margins)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=[], metavar="FEATURE=EARLY,LATE")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="4", help="player counts, e.g. 2,3,4")
    ap.add_argument("--versus", default="random,current", help="opponents: random, current")
    ap.add_argument("--baseline", metavar="FILE", help="'current' means this heuristics.py file instead")
    args = ap.parse_args()
    table = dict(H.WEIGHTS)
    for item in args.set:
        name, _, pair = item.partition("=")
        if name not in table:
            ap.error(f"no feature {name!r} (features: {', '.join(table)})")
        early, late = (float(x) for x in pair.split(","))
        table[name] = (early, late)
    for n in (int(x) for x in args.players.split(",")):
        for versus in args.versus.split(","):
            if versus == "random":
                def seats(s, n=n):
                    return [Weighted(table, s)] + [make_agent("random", s * 7 + i) for i in range(1, n)]
            elif args.baseline:
                old = load_baseline(args.baseline)

                def seats(s, n=n, old=old):
                    return [Weighted(table, s)] + [Baseline(old, s * 7 + i) for i in range(1, n)]
            else:
                def seats(s, n=n):
                    return [Weighted(table, s)] + [Weighted(dict(H.WEIGHTS), s * 7 + i) for i in range(1, n)]
            rate, m = play(args.games, n, args.seed, seats)
            print(f"{n}p vs {versus}: candidate wins {rate:.3f}, mean margin {m:+.2f}", flush=True)


if __name__ == "__main__":
    main()
