"""What `hard:SECONDS` does at the positions of a Caylus 1303 game, and the futures question (issue 28):

    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py picks SEED EVERY      # hard:1 v hard:4, real clock
    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py round-end SEED...     # from_decision on or off
    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py noise SEED EVERY      # the winner's curse, fake clock
    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py ties STEPS SEED...    # ties broken by noise
    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py deviations DIR [GAMES] # moves other than hard's
    PYTHONPATH=src:benchmarks python benchmarks/anytime_probe.py together BASE DIR...   # both seats' points by deal

`picks`: a game of `hard` against itself; at every EVERY-th decision with 3 legal moves or more, the move `hard:1`
and `hard:4` choose, its rank by the one-decision planner, the searches made, the deepest setting and the seconds
(wall clock: note the load). `round-end`: at each decision where some moves end the round and others do not, the
choice of `hard` (4 moves 12 ahead) and of the search over every move to the end of the round, with each future's
end counted from the board after the move (as `hard` does) or from the board it is chosen on (`from_decision`).
`noise`: at every EVERY-th decision with 8 legal moves or more of a game of `hard`, what `hard:1` and `hard:4`
choose by the schedule of 2026-11-27c (wider, one future a move: `WIDE`) and by today's (`hard`'s edition
setting: more futures of the leaders, a margin for a newcomer), on a fake clock that moves `READS_PER_SECOND` a
read (about what this machine read at load 8: the same cut on every machine); the planner's rank of each pick, and
how far one future's margin strays from its move's mean (`spread`) against the gap between the two best moves.
`ties`: at every decision with 2 legal moves or more of a game of `hard` (Caylus 1303, random characters), whether
`hard`'s futures value its best two moves alike, and how often `hard:SECONDS` cut at STEPS searches (a budget, not
a time: deterministic) answers otherwise than `hard`, with the lead held to the margin (today's rule) and with
every known move free to lead by its mean (`FreeLead`, the rule before 2026-11-27f), at ties and elsewhere.
`deviations`: in the games of an arena's journal (its folder), each seat's decisions where `hard` on the same
position moves otherwise, and how many of those are what a cut first search plays (the one-decision planner's
first move, or the best by `hard`'s values of the planner's first 2 or 3). `together`: the two seats' points of
each journal's games against BASE's on the same game seeds (mean difference and its standard error).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.planner import PlannerSearch, edition_planner, spread
from caylus.core.record import load_record
from caylus.core.registry import get_edition

PLANNER = edition_planner(get_edition("caylus-1303"))
WIDE = [{"candidates": 6, "horizon": 40}, {"candidates": 40}, {"candidates": 3, "looks": 2, "look_ahead": 4}]
READS_PER_SECOND = 150


class FakeClock:
    """A clock that moves 1/READS_PER_SECOND seconds each time it is read."""

    def __init__(self):
        self.reads = 0

    def __call__(self):
        self.reads += 1
        return self.reads / READS_PER_SECOND


class FreeLead(PlannerSearch):
    """The rule before 2026-11-27f for a schedule that samples the same moves: the best mean leads."""

    def _lead(self, valued, futures, before, leader):
        return valued, 0.0


def ties(steps: int, seeds) -> None:
    setting = get_edition("caylus-1303").heuristics.LOOKAHEAD["hard"]["agent"]
    spec = {k: v for k, v in setting.items() if k != "player"}
    counts = {(tied, rule): 0 for tied in (True, False) for rule in ("held", "free")}
    seen = {True: 0, False: 0}
    for seed in seeds:
        game = caylus.new_game("caylus-1303", players=2, seed=seed, characters="random")
        while not game.is_terminal:
            position = Position(game)
            move = position.legal[0]
            if len(position.legal) >= 2:
                plain = PlannerSearch(PLANNER, 1, **{k: v for k, v in spec.items() if k != "deeper"})
                ranked = plain.rank(position)
                tied, move = ranked[0][0] == ranked[1][0], ranked[0][2]  # hard's own answer, played
                seen[tied] += 1
                for rule, cls in (("held", PlannerSearch), ("free", FreeLead)):
                    search = cls(PLANNER, 1, steps=steps, **spec)
                    counts[tied, rule] += search.choose(position) != move
            game.apply(move)
        print(f"seed {seed}: decisions {sum(seen.values())}, best two tied {seen[True]}; answers other than hard's "
              f"(tied / not): held {counts[True, 'held']} / {counts[False, 'held']}, "
              f"free {counts[True, 'free']} / {counts[False, 'free']}", flush=True)


def noise(seed: int, every: int) -> None:
    game = caylus.new_game("caylus-1303", players=2, seed=seed)
    bot = make_agent("hard", 1)
    setting = get_edition("caylus-1303").heuristics.LOOKAHEAD["hard"]["agent"]
    schedules = {"wide": WIDE, "today": setting["deeper"]}
    low = {(name, think): 0 for name in schedules for think in (1, 4)}
    spreads, gaps, seen, n = [], [], 0, 0
    while not game.is_terminal:
        position = Position(game)
        if len(position.legal) >= 8 and n % every == 0:
            order = [a.token for _v, _i, a in PlannerSearch(PLANNER, 1).planner.rank(position)]
            out = [f"round {game.board.round} moves {len(position.legal)}"]
            for name, deeper in schedules.items():
                for think in (1, 4):
                    search = PlannerSearch(PLANNER, 1, candidates=setting["candidates"], horizon=setting["horizon"],
                                           deeper=deeper, think=float(think))
                    search.clock = FakeClock()
                    rank = order.index(search.choose(position).token) + 1
                    low[(name, think)] += rank > 4
                    out.append(f"{name} hard:{think} #{rank} ({search.last_steps} searches)")
                    if name == "today" and think == 4 and search.last_futures:
                        sd = spread({t: m for t, m in search.last_futures.items()})
                        top = sorted(search.last_trace[-1].values(), reverse=True)
                        if sd is not None and len(top) > 1:
                            spreads.append(sd)
                            gaps.append(top[0] - top[1])
                            out.append(f"spread {sd:.1f} gap {top[0] - top[1]:.2f}")
            seen += 1
            print(" | ".join(out), flush=True)
        game.apply(bot.choose(position))
        n += 1
    print(f"{seen} positions; a pick outside the planner's best 4: "
          + ", ".join(f"{name} hard:{think} {count}" for (name, think), count in low.items()))
    if spreads:
        print(f"one future strays {sum(spreads) / len(spreads):.1f} points from its move's mean (pooled sd, mean "
              f"of {len(spreads)}); the two best moves' values {sum(gaps) / len(gaps):.2f} apart")


def picks(seed: int, every: int) -> None:
    game = caylus.new_game("caylus-1303", players=2, seed=seed)
    bot = make_agent("hard", 1)
    searches = [make_agent(level, 1).own_player(game.edition) for level in ("hard:1", "hard:4")]
    n = same = seen = 0
    while not game.is_terminal:
        position = Position(game)
        if len(position.legal) > 2 and n % every == 0:
            out, chosen = [f"round {game.board.round} phase {game.board.phase} moves {len(position.legal)}"], []
            order = [a.token for _v, _i, a in searches[0].planner.rank(position)]
            for search in searches:
                token = search.choose(position).token
                chosen.append(token)
                out.append(f"{token} (planner's #{order.index(token) + 1}, {search.last_steps} searches, deepest "
                           f"{search.last_setting[:2]} looks {search.last_looks}, {search.last_seconds:.2f} s)")
            seen += 1
            same += chosen[0] == chosen[1]
            print(" | ".join(out), flush=True)
        game.apply(bot.choose(position))
        n += 1
    print(f"the same move at {same} of {seen} positions")


def round_end(seeds) -> None:
    wide = [{"candidates": 6, "horizon": 40}, {"candidates": 40}]
    decisions = mixed = changed_hard = changed_wide = 0
    for seed in seeds:
        game = caylus.new_game("caylus-1303", players=2, seed=seed)
        bot = make_agent("hard", seed)
        while not game.is_terminal:
            position = Position(game)
            if len(position.legal) > 1:
                decisions += 1
                ends = []
                for action in position.legal:
                    after = game.clone()
                    after.apply(action)
                    ends.append(after.board.round != game.board.round)
                if any(ends) and not all(ends):
                    mixed += 1
                    chosen = {}
                    for from_decision in (False, True):
                        hard = PlannerSearch(PLANNER, 1, candidates=4, horizon=12, from_decision=from_decision)
                        every = PlannerSearch(PLANNER, 1, candidates=4, horizon=12, deeper=wide, steps=3,
                                              from_decision=from_decision)
                        chosen[from_decision] = (hard.choose(position).token, every.choose(position).token)
                    changed_hard += chosen[False][0] != chosen[True][0]
                    changed_wide += chosen[False][1] != chosen[True][1]
                    print(f"seed {seed} round {game.board.round} phase {game.board.phase}: {sum(ends)} of "
                          f"{len(ends)} moves end the round; after the move {chosen[False]}, from the decision "
                          f"{chosen[True]}", flush=True)
            game.apply(bot.choose(position))
    print(f"{decisions} decisions, {mixed} where some moves end the round; the choice changes at {changed_hard} "
          f"(hard) and {changed_wide} (every move to the end of the round)")


def _games(folder: str) -> tuple[list[str], list[dict]]:
    lines = [json.loads(line) for line in (Path(folder) / "arena.jsonl").read_text().splitlines() if line.strip()]
    return lines[0]["arena"]["bots"], [line for line in lines[1:] if "index" in line]


def deviations(folder: str, games: int) -> None:
    bots, played = _games(folder)
    setting = get_edition("caylus-1303").heuristics.LOOKAHEAD["hard"]["agent"]
    spec = {k: v for k, v in setting.items() if k not in ("player", "deeper")}
    seen, other, cut_like = {}, {}, {}
    for record in played[:games]:
        game = load_record(record["record"], stop_at=0).clone()
        for action in load_record(record["record"]).history:
            position = Position(game)
            if len(position.legal) > 1:
                seat = game.current_player
                bot = bots[record["seating"][seat]] + (f" (seat {seat})" if bots[0] == bots[1] else "")
                ranked = PlannerSearch(PLANNER, 1, **spec).rank(position)
                seen[bot] = seen.get(bot, 0) + 1
                if ranked[0][2].token != action.token:
                    other[bot] = other.get(bot, 0) + 1
                    order = [a for _v, _r, a in sorted(ranked[:4], key=lambda entry: entry[1])]
                    value = {a.token: v for v, _r, a in ranked[:4]}
                    plays = {order[0].token} | {max(order[:j], key=lambda a: (value[a.token], -order.index(a))).token
                                                for j in (2, 3)}
                    cut_like[bot] = cut_like.get(bot, 0) + (action.token in plays)
            game.apply(action)
    for bot in seen:
        print(f"{bot}: {seen[bot]} decisions, {other.get(bot, 0)} moves other than hard's, "
              f"{cut_like.get(bot, 0)} of them what a cut first search plays")


def together(base: str, folders) -> None:
    points = {}
    for record in _games(base)[1]:
        points.setdefault(record["seed"], []).append(sum(record["scores"]))
    for folder in folders:
        diffs = {}
        for record in _games(folder)[1]:
            if record["seed"] in points:
                gap = sum(record["scores"]) - statistics.mean(points[record["seed"]])
                diffs.setdefault(record["seed"], []).append(gap)
        d = [statistics.mean(v) for v in diffs.values()]
        error = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
        print(f"{folder}: {len(d)} deals, both seats' points {statistics.mean(d):+.1f} (SE {error:.1f}) against {base}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "picks":
        picks(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 5)
    elif len(sys.argv) >= 3 and sys.argv[1] == "noise":
        noise(int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 5)
    elif len(sys.argv) >= 4 and sys.argv[1] == "ties":
        ties(int(sys.argv[2]), [int(s) for s in sys.argv[3:]])
    elif len(sys.argv) >= 3 and sys.argv[1] == "round-end":
        round_end([int(s) for s in sys.argv[2:]])
    elif len(sys.argv) >= 3 and sys.argv[1] == "deviations":
        deviations(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 10 ** 6)
    elif len(sys.argv) >= 4 and sys.argv[1] == "together":
        together(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
