"""Magna Carta `hard` with exact beliefs (today's: it deals only worlds that fit everything it saw) against `hard`
with the forgetful beliefs of before (it deals from its current view only, as if no pile had been shuffled from a
discard pile it saw), heads-up, each seed played twice with the seats swapped.

    nice -n 15 .venv/bin/python benchmarks/bench_beliefs.py --games 40 --records /tmp/beliefs.jsonl

The forgetful `hard` is also a bot the arena can seat (`module:Class`), which is how the effect is decided: a
sequential test on paired seeds, seats swapped (README, "Exact beliefs"; journal
benchmarks/results/sprt-magna-carta-hard-exact-forgetful/):

    PYTHONPATH=benchmarks nice -n 15 caylus arena --edition magna-carta --players 2 \
        --bots hard,bench_beliefs:Forgetful --sprt=-50,50 --games 400 --seed 1 --jobs 1 \
        --records benchmarks/results/sprt-magna-carta-hard-exact-forgetful --resume

`--records` keeps one JSON line per finished game, and a run with the same file goes on where it stopped. Prints
the exact bot's wins (with a 95% interval) and the paired difference of score margins over the seeds played both
ways.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import caylus
from caylus.agents import make_agent
from caylus.agents.play import play_game


class Forgetful:
    """`hard`, but its determinizations forget every reshuffle: the view it plans from says each pile is still the
    one dealt at the setup (`pile_from` None), so the unseen cards are dealt as the old `determinize` dealt them."""

    def __init__(self, seed: int | None = None):
        self.inner = make_agent("hard", seed=0 if seed is None else seed)
        self.name = "hard-forgetful"

    def choose(self, position):
        view = dict(position.view)
        view["seats"] = [{**s, "pile_from": None} for s in view["seats"]]
        position.view = view
        return self.inner.choose(position)


def play(seed: int, exact_seat: int) -> dict:
    game = caylus.new_game("magna-carta", players=2, seed=seed)
    agents = [None, None]
    agents[exact_seat] = make_agent("hard", seed=seed * 2 + exact_seat)
    agents[1 - exact_seat] = Forgetful(seed * 2 + 1 - exact_seat)
    play_game(game, agents)
    scores = game.scores()
    return {"seed": seed, "exact_seat": exact_seat, "scores": scores, "winners": game.winners(),
            "margin": scores[exact_seat] - scores[1 - exact_seat]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games (each seed twice, seats swapped)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--records", type=Path, default=None)
    args = parser.parse_args()
    done = []
    if args.records is not None and args.records.exists():
        done = [json.loads(line) for line in args.records.read_text().splitlines() if line.strip()]
    have = {(r["seed"], r["exact_seat"]) for r in done}
    for k in range(args.games):
        seed, seat = args.seed + k // 2, k % 2
        if (seed, seat) in have:
            continue
        result = play(seed, seat)
        done.append(result)
        if args.records is not None:
            with args.records.open("a") as f:
                f.write(json.dumps(result) + "\n")
        print(json.dumps(result), flush=True)
    report(done)


def report(done: list[dict]) -> None:
    n = len(done)
    wins = sum(r["exact_seat"] in r["winners"] for r in done)
    p = wins / n if n else 0.0
    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0
    print(f"exact beliefs won {wins}/{n} heads-up games ({p:.1%} +- {half:.1%}, shared wins counted for both)")
    by_seed: dict[int, list[int]] = {}
    for r in done:
        by_seed.setdefault(r["seed"], []).append(r["margin"])
    pairs = [sum(m) / 2 for m in by_seed.values() if len(m) == 2]
    if len(pairs) >= 2:
        mean = sum(pairs) / len(pairs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in pairs) / (len(pairs) - 1))
        print(f"paired margin (exact - forgetful), {len(pairs)} seeds both ways: {mean:+.2f} "
              f"+- {1.96 * sd / math.sqrt(len(pairs)):.2f}")


if __name__ == "__main__":
    main()
