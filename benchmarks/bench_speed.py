"""One table of the engine's speed, each edition a row: the plain loop, undo and clone, the encoding, and the
research environments (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_speed.py [--players 4] [--games 8] [--positions 100] [--repeat 3]

Columns (per second, 4 players, uniformly random legal actions; every figure the median of --repeat runs, the runs
of all columns interleaved so that each sees the same machine noise; CPU time of this process, so that other work
on a shared machine counts less):
- loop default / no-undo: actions of ``new_game`` + ``apply`` until the end, as a user writes it (the default
  `Game`), and the same with ``keep_undo = False``; ``of no-undo`` is their ratio;
- compiled / compiled no-undo: the two loops in the optional compiled build (build/compiled/src, made by
  scripts/build-compiled), ``of default`` / ``of pure no-undo`` their ratios to the pure-Python package (``-``
  when there is no build). Both sides of a ratio run the same way: a process of their own each (src/, then
  build/compiled/src), one warm-up game (a seed outside the measured ones), then both loops; they take turns;
- apply+undo, clone, clone+apply: on --positions mid-game positions (apply+undo after a first undo there, as a
  search that tries several moves; ``1st undo`` is apply+undo on a position that has never undone);
- encode: ``Encoding.encode`` of a seat's view; observation: a seat's observation from the game
  (``Encoding.encode_game``, straight from the board: what the research environments pay at every step);
- PettingZoo: ``agent_iter`` / ``last`` / ``step`` with a random legal action from the mask (``env()``, with its
  OrderEnforcingWrapper); ``PZ recall``: the same with ``perfect_recall=True``;
- Gymnasium: the learner's steps (a random legal action) against ``random`` opponents;
- OpenSpiel: a Python loop over ``pyspiel`` states (``legal_actions``, ``apply_action``), and its ratio to
  ``caylus bench`` (random playouts, ``keep_undo = False``) on the same games, the two taking turns game by game.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import caylus

try:
    import numpy as np
    import pyspiel

    import caylus.research.gym as caylus_gym
    import caylus.research.openspiel as caylus_openspiel
    from caylus.research import pettingzoo as caylus_pz
    from caylus.research.encoding import Encoding
    from bench_openspiel import paired_run  # this folder's: OpenSpiel and `caylus bench` taking turns
except ImportError:  # the research extra is not installed: those columns are left out
    np = None

clock = time.process_time
BUILD = Path(__file__).resolve().parents[1] / "build" / "compiled" / "src"  # scripts/build-compiled's tree
SOURCES = Path(__file__).resolve().parents[1] / "src"  # the pure-Python package, the compiled build's reference


def compiled() -> bool:
    """Whether the engine runs from compiled modules (the optional mypyc build)."""
    import caylus.core.game

    return not caylus.core.game.__file__.endswith(".py")


def loop_in_process(tree: Path, edition: str, players: int, games: int) -> tuple[float, float]:
    """(default, no-undo) loop rates of the package in `tree`, in a fresh process of its own (`child_loops`)."""
    run = subprocess.run([sys.executable, __file__, "--loop", edition, str(players), str(games)],
                         env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=True)
    default, lean = run.stdout.split()
    return float(default), float(lean)


def child_loops(edition: str, players: int, games: int) -> tuple[float, float]:
    """The `--loop` child: one warm-up game (seed `games`, after the measured ones: first-use costs are counted on
    neither side), then the default loop and the no-undo loop."""
    loop(edition, players, 1, True, first=games)
    return loop(edition, players, games, True), loop(edition, players, games, False)


def loop(edition: str, players: int, games: int, keep_undo: bool, first: int = 0) -> float:
    actions = 0
    start = clock()
    for seed in range(first, first + games):
        choose = random.Random(seed).choice
        game = caylus.new_game(edition, players=players, seed=seed)
        game.keep_undo = keep_undo
        while not game.is_terminal:
            game.apply(choose(game.legal_actions()))
            actions += 1
    return actions / (clock() - start)


def positions(edition: str, players: int, count: int) -> list:
    """`count` games stopped at a random decision between a quarter and three quarters of a random game."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        probe = caylus.new_game(edition, players=players, seed=seed)
        probe.keep_undo = False
        while not probe.is_terminal:
            probe.apply(rng.choice(probe.legal_actions()))
        stop = rng.randint(len(probe.history) // 4, 3 * len(probe.history) // 4)
        game = caylus.new_game(edition, players=players, seed=seed)
        for act in probe.history[:stop]:
            game.apply(act)
        out.append(game)
    return out


def each(games: list, op) -> float:
    start = clock()
    for g in games:
        op(g)
    return len(games) / (clock() - start)


def apply_undo(g) -> None:
    g.apply(g.legal_actions()[0])
    g.undo()


def first_undo(games: list) -> float:
    fresh = [g.clone() for g in games]  # clones that have never undone
    return each(fresh, apply_undo)


def clone_apply(g) -> None:
    g.clone().apply(g.legal_actions()[0])


def encode_rate(enc, views: list) -> float:
    start = clock()
    for v in views:
        enc.encode(v)
    return len(views) / (clock() - start)


def observation_rate(enc, games: list) -> float:
    start = clock()
    for g in games:
        for seat in range(g.num_players):
            enc.encode_game(g, seat)
    return len(games) * games[0].num_players / (clock() - start)


def pettingzoo_rate(edition: str, players: int, games: int, perfect_recall: bool = False) -> float:
    env = caylus_pz.env(edition=edition, players=players, perfect_recall=perfect_recall)
    steps = 0
    start = clock()  # a researcher makes the environment once: its making is not timed
    for seed in range(games):
        env.reset(seed=seed)
        choose = random.Random(seed).choice
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else choose(observation["action_mask"].nonzero()[0])
            env.step(action)
            steps += 1
    return steps / (clock() - start)


def gymnasium_rate(edition: str, players: int, games: int) -> float:
    env = caylus_gym.CaylusEnv(edition=edition, players=players, seat=0, opponent="random")
    steps = 0
    start = clock()  # a researcher makes the environment once: its making is not timed
    for seed in range(games):
        observation, info = env.reset(seed=seed)
        choose = random.Random(seed).choice
        done = False
        while not done:
            observation, reward, done, truncated, info = env.step(choose(observation["action_mask"].nonzero()[0]))
            steps += 1
    return steps / (clock() - start)


def openspiel_rates(edition: str, players: int, games: int) -> tuple[float, float]:
    """(OpenSpiel decisions/s, `caylus bench` decisions/s) on the same setups, the two taking turns game by game
    (`bench_openspiel.paired_run`)."""
    game = pyspiel.load_game(caylus_openspiel.SHORT_NAMES[edition], {"players": players, "seed": 1,
                                                                    "setups": games})
    engine, spiel, _ = paired_run(game, edition, players, games, 1)
    return spiel, engine


def kilo(x: float) -> str:
    return f"{x / 1000:.1f}k"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8, help="games per run of each loop")
    parser.add_argument("--positions", type=int, default=100, help="mid-game positions for undo, clone, encode")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--editions", nargs="*", default=caylus.available_editions())
    parser.add_argument("--loop", nargs=3, help=argparse.SUPPRESS)  # EDITION PLAYERS GAMES: compiled_loop's child
    args = parser.parse_args()
    if args.loop:
        print(*child_loops(args.loop[0], int(args.loop[1]), int(args.loop[2])))
        return
    research = np is not None
    built = compiled()
    has_build = (BUILD / "caylus").is_dir()
    columns = ["loop default", "no-undo", "of no-undo", "compiled", "of default", "compiled no-undo",
               "of pure no-undo", "apply+undo", "1st undo", "clone", "clone+apply"]
    if research:
        columns += ["encode", "observation", "PettingZoo", "PZ recall", "Gymnasium", "OpenSpiel", "of bench"]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{args.players} players; medians of {args.repeat} runs; {when}; Python {sys.version.split()[0]}"
          f"{'; this process runs the compiled build' if built else ''}")
    print("| edition | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for edition in args.editions:
        games = positions(edition, args.players, args.positions)
        runs: dict[str, list[float]] = {c: [] for c in columns}
        for g in games:  # the first undo at each position replays from the checkpoint below: measured apart
            apply_undo(g)
        if research:
            enc = Encoding(edition, args.players)
            views = [g.view(s) for g in games for s in range(g.num_players)]
        for _ in range(args.repeat):
            default = loop(edition, args.players, args.games, True)
            lean = loop(edition, args.players, args.games, False)
            runs["loop default"].append(default)
            runs["no-undo"].append(lean)
            runs["of no-undo"].append(default / lean)
            if has_build:
                pure = loop_in_process(SOURCES, edition, args.players, args.games)
                fast = loop_in_process(BUILD, edition, args.players, args.games)
                runs["compiled"].append(fast[0])
                runs["of default"].append(fast[0] / pure[0])
                runs["compiled no-undo"].append(fast[1])
                runs["of pure no-undo"].append(fast[1] / pure[1])
            runs["1st undo"].append(first_undo(games))
            runs["apply+undo"].append(each(games, apply_undo))
            runs["clone"].append(each(games, lambda g: g.clone()))
            runs["clone+apply"].append(each(games, clone_apply))
            if research:
                runs["encode"].append(encode_rate(enc, views))
                runs["observation"].append(observation_rate(enc, games))
                runs["PettingZoo"].append(pettingzoo_rate(edition, args.players, max(1, args.games // 2)))
                runs["PZ recall"].append(pettingzoo_rate(edition, args.players, max(1, args.games // 2), True))
                runs["Gymnasium"].append(gymnasium_rate(edition, args.players, max(1, args.games // 2)))
                spiel, bench = openspiel_rates(edition, args.players, args.games)
                runs["OpenSpiel"].append(spiel)
                runs["of bench"].append(spiel / bench)
        cells = []
        for c in columns:
            if not runs[c]:
                cells.append("-")
            elif c.startswith("of "):
                cells.append(f"{statistics.median(runs[c]):.2f}")
            else:
                cells.append(kilo(statistics.median(runs[c])))
        print(f"| `{edition}` | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
