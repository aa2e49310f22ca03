"""Why (or whether) the Magna Carta greedy bots build prestige buildings: a census over greedy self-play games.

    .venv/bin/python benchmarks/mc_prestige_census.py --games 20 --players 2,3,4
    .venv/bin/python benchmarks/mc_prestige_census.py --games 20 --players 2,3,4 --baseline git:9c0d17e

At every phase-2 decision it counts what the seat holds (gold, an uncovered Residence), which actions are legal (a
worker on a Lawyer, a prestige building) and which the bot chose; where it could place a worker on a Lawyer with a
card to turn over and the food to pay but did not, or could build a prestige building but did not, how much more
it valued its choice (prestige points of margin); at the Lawyer, whether it made a Residence; and the hand size at
each card drawn. `--baseline` values positions with another version of heuristics.py (as in tune_mc_weights.py).
"""

from __future__ import annotations

import argparse
import collections
import statistics

import caylus
from caylus.agents import greedy as greedy_module
from caylus.agents.base import Position
from caylus.agents.greedy import GreedyAgent
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import FOOD, GOLD

from tune_mc_weights import load_baseline


def census(games: int, players: int, seed: int) -> tuple[collections.Counter, dict]:
    """Greedy self-play games of `players` seats (deals seed, seed+1, ...): the counts and the value gaps."""
    count: collections.Counter = collections.Counter()
    gaps: dict = collections.defaultdict(list)
    for deal in range(seed, seed + games):
        game = caylus.new_game("magna-carta", players=players, seed=deal)
        agents = [GreedyAgent(deal * 10 + p) for p in range(players)]
        while not game.is_terminal:
            p, b = game.current_player, game.board
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            _world, scored = agents[p].rank(Position(game))
            value, chosen = scored[0][0], scored[0][2]
            kind = b.stack[-1][0]
            if kind == R.D_ACTION:
                _phase_two(b, p, scored, chosen, value, count, gaps)
            elif kind == R.D_LAWYER:
                count["Lawyer's effect: a Residence made"] += chosen.verb == "residence"
                count["Lawyer's effect: declined"] += chosen.verb == "pass"
            if chosen.verb == "prestige":
                count["prestige buildings built"] += 1
            game.apply(chosen)
        count["games"] += 1
        count["final score (sum)"] += sum(game.scores())
    return count, gaps


def _phase_two(b, p, scored, chosen, value, count, gaps) -> None:
    count["phase 2 decisions"] += 1
    count["... holding gold"] += b.cubes[p][GOLD] > 0
    residences = R.open_residences(b, p)
    count["... with an uncovered Residence"] += bool(residences)
    prestige = [v for v, _i, a, _g in scored if a.verb == "prestige"]
    if prestige:
        count["... a prestige building legal"] += 1
        if chosen.verb != "prestige":
            gaps["prestige building legal, not chosen"].append(value - max(prestige))
    lawyer = [(v, a) for v, _i, a, _g in scored if a.verb == "place" and "lawyer" in a.token]
    if lawyer:
        count["... a worker may go on a Lawyer"] += 1
        if chosen in [a for _v, a in lawyer]:
            count["... a worker put on a Lawyer"] += 1
        elif R.lawyer_targets(b, p) and (b.cubes[p][FOOD] or b.cubes[p][GOLD]):
            gaps["Lawyer open with a card to turn and the food, not chosen"].append(
                value - max(v for v, _a in lawyer))
    if chosen.verb == "draw":
        count[f"cards drawn into a hand of {len(b.hand[p])}"] += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per player count")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--baseline", metavar="FILE", help="heuristics.py to value with (a file or git:REV)")
    args = ap.parse_args()
    if args.baseline:
        old = load_baseline(args.baseline)
        greedy_module.values = lambda game: old.evaluate(game.board)
    total: collections.Counter = collections.Counter()
    gaps: dict = collections.defaultdict(list)
    for n in (int(x) for x in args.players.split(",")):
        count, gap = census(args.games, n, args.seed)
        total.update(count)
        for k, v in gap.items():
            gaps[k].extend(v)
    for name, n in sorted(total.items(), key=lambda kv: kv[0]):
        print(f"{name:55s} {n}")
    print(f"{'mean final score':55s} {total['final score (sum)'] / max(1, sum(_seats(args.players, args.games))):.2f}")
    for name, values in gaps.items():
        print(f"{name}: {len(values)} times, the choice valued {statistics.mean(values):.2f} more on average "
              f"(median {statistics.median(values):.2f})")


def _seats(players: str, games: int) -> list[int]:
    return [int(x) * games for x in players.split(",")]


if __name__ == "__main__":
    main()
