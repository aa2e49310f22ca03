"""Throughput of random playouts through the public API: decisions (Game.apply calls) per second.

Run: .venv/bin/python tests/editions/magna_carta/bench_mc_throughput.py   (not collected by pytest)
"""

import random
import statistics
import sys
import time

import caylus


def run(rules: str, players: int, games: int, seed: int) -> float:
    rnd = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for s in range(games):
        g = caylus.new_game("magna-carta", players=players, seed=seed * 1000 + s, rules=rules)
        while not g.is_terminal:
            g.apply(rnd.choice(g.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for rules in ("standard", "beginner"):
        for players in (2, 3, 4):
            rates = [run(rules, players, 40, r) for r in range(runs)]
            print(f"{rules:8} {players}p: median {statistics.median(rates):,.0f} decisions/s over {runs} runs")
