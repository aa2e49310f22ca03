"""Magna Carta's planner (`style:planner`) with some of its worths changed, heads-up against a bot (a benchmark).

    PYTHONPATH=src .venv/bin/python benchmarks/mc_planner_variants.py greedy 32 '{"DENIER": [0.3333, 0.5]}'

Arguments: the opponent (any bot name), the number of games (seats swapped every other game, deal i // 2 of seed
2000 on), and a JSON object of `editions/magna_carta/planner.py` constants to change (a tuple as a list; for a
table, only the entries given). Prints the planner's wins, its mean score margin, the buildings (prestige buildings)
it ends a game with on the road and the deniers it ends with, and the seconds taken. Nothing
is written anywhere; the figures of "Magna Carta: the planner" in RESULTS-bots.md came from it.
"""

from __future__ import annotations

import json
import sys
import time

import caylus
from caylus.agents import make_agent, play_game
from caylus.editions.magna_carta import planner as P


def change(changes: dict) -> None:
    for name, value in changes.items():
        if not hasattr(P, name):
            raise SystemExit(f"planner.py has no constant {name!r}")
        current = getattr(P, name)
        if isinstance(current, dict):
            current = dict(current)
            current.update({k: tuple(v) if isinstance(v, list) else v for k, v in value.items()})
            value = current
        elif isinstance(value, list):
            value = tuple(value)
        setattr(P, name, value)
    P._WEIGHTS.clear()


def main() -> None:
    opponent, games, changes = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3] if len(sys.argv) > 3 else "{}")
    change(changes)
    wins = margin = built = prestige = deniers = 0.0
    start = time.time()
    for i in range(games):
        names = ["style:planner", opponent] if i % 2 == 0 else [opponent, "style:planner"]
        game = play_game(caylus.new_game("magna-carta", players=2, seed=2000 + i // 2),
                         [make_agent(name, seed=i) for name in names])
        s = game.scores()
        me = i % 2
        wins += 1 if s[me] > s[1 - me] else 0.5 if s[me] == s[1 - me] else 0
        margin += s[me] - s[1 - me]
        b = game.board
        built += sum(owner == me for owner in b.road_owner)
        prestige += sum(owner == me and face >= 0 for owner, face in zip(b.road_owner, b.road_face))
        deniers += b.deniers[me]
    print(f"{json.dumps(changes)}: planner won {wins:g} of {games} against {opponent}, mean margin "
          f"{margin / games:+.2f}, {built / games:.2f} buildings ({prestige / games:.2f} prestige) and "
          f"{deniers / games:.1f} deniers a game at the end, {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
