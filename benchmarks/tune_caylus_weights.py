"""Try a change of the Caylus (2005) heuristics' weights by self-play (a tuning aid, not a test).

    .venv/bin/python benchmarks/tune_caylus_weights.py '{"batch": [2.0, 0.3]}' --games 40 --players 4
    .venv/bin/python benchmarks/tune_caylus_weights.py '{"FAVOR_WORTH": 3.5}' --against greedy --players 2

The candidate is `greedy` with some of `editions/classic/heuristics.py`'s weights changed: a `WEIGHTS` feature
(its early and late worth) or a named worth such as `FAVOR_WORTH`. It plays one seat, rotated, against `random`
or against `greedy` with the table as it stands; every game has its own seed, the same for every candidate, so two
candidates are compared on the same deals. Printed: the candidate's win share, mean score and mean margin over the
best other seat. Winners go into the one table, `WEIGHTS`, with a comment.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool

import caylus
from caylus.agents import GreedyAgent, make_agent, play_game
from caylus.editions.classic import heuristics


class Candidate(GreedyAgent):
    """`greedy` that values positions with some weights changed, for its own decisions only."""

    name = "candidate"

    def __init__(self, seed: int, changes: dict):
        super().__init__(seed)
        self.changes = changes

    def choose(self, position):
        saved = {name: heuristics.WEIGHTS[name] if name in heuristics.WEIGHTS else getattr(heuristics, name)
                 for name in self.changes}
        for name, worth in self.changes.items():
            if name in heuristics.WEIGHTS:
                heuristics.WEIGHTS[name] = tuple(worth)
            else:
                setattr(heuristics, name, worth)
        try:
            return super().choose(position)
        finally:
            for name, worth in saved.items():
                if name in heuristics.WEIGHTS:
                    heuristics.WEIGHTS[name] = worth
                else:
                    setattr(heuristics, name, worth)


def one_game(job):
    seed, players, changes, against = job
    seat = seed % players
    agents = [Candidate(seed, changes) if p == seat else make_agent(against, seed * 7 + p) for p in range(players)]
    final = play_game(caylus.new_game("caylus", players=players, seed=seed), agents).scores()
    best = max(final)
    win = 1.0 / final.count(best) if final[seat] == best else 0.0
    return win, final[seat], final[seat] - max(v for p, v in enumerate(final) if p != seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("changes", help='JSON: {"feature": [early, late], "NAMED_WORTH": value}')
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--against", default="random", choices=("random", "greedy"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    changes = json.loads(args.changes)
    for name in changes:
        if name not in heuristics.WEIGHTS and not isinstance(getattr(heuristics, name, None), (int, float)):
            parser.error(f"{name!r} is neither a feature of WEIGHTS nor a named worth of the Caylus heuristics")
    jobs = [(1000 + g, args.players, changes, args.against) for g in range(args.games)]
    with Pool(args.jobs) as pool:
        results = pool.map(one_game, jobs)
    n = len(results)
    print(f"{changes} against {args.against}, {args.players} players, {n} games: "
          f"win share {sum(r[0] for r in results) / n:.3f} (even: {1 / args.players:.3f}), "
          f"mean score {sum(r[1] for r in results) / n:.1f}, mean margin {sum(r[2] for r in results) / n:+.1f}")


if __name__ == "__main__":
    main()
