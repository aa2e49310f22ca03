"""One table of the engine's speed, each edition a row: the plain loop, undo and clone, the encoding, and the
research environments (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_speed.py [--players 4] [--games 8] [--positions 100] [--repeat 5]
        [--core N] [--against OTHER/src] [--apart] [--no-compiled] [--loops] [--editions ...]

How it measures (so that two figures can be compared on a shared, noisy machine): every figure comes from a fresh
process (a "side") pinned to one core (it sets its own affinity, as `taskset -c CORE` would; by default the last
core this process may use), which measures in CPU time of its own. Each edition runs --repeat rounds; in a round
every side runs once, all of them at once on that one core, so that the scheduler interleaves them a few
milliseconds at a time and they see the same machine (one after the other, they saw a load that moves within
seconds: the same sources scattered 0.77x-1.77x a round); --apart runs them one after the other instead, the order
turning each round. A figure is the median over the rounds; a ratio of two sides (compiled / pure, this tree /
--against) is the median of each round's own ratio, printed with the range of those ratios (min-max), which says
how far to trust it. The sides:
- pure: this tree's src/ (every column);
- compiled: build/compiled/src (scripts/build-compiled), the two loops and Gymnasium (``-`` when there is no
  build);
- against: another tree's sources (--against PATH, a src/ folder: an older commit's, say), every column; a second
  table gives this tree / that tree per column.

Columns (per second, 4 players, uniformly random legal actions):
- loop default / no-undo: actions of ``new_game`` + ``apply`` until the end, as a user writes it (the default
  `Game`), and the same with ``keep_undo = False``, after one warm-up game; ``of no-undo`` is their ratio;
- compiled / compiled no-undo: the two loops in the compiled build; ``of default`` / ``of pure no-undo`` their
  ratios to the pure-Python loops of the same round;
- apply+undo, clone, clone+apply: on --positions mid-game positions (apply+undo after a first undo there, as a
  search that tries several moves; ``1st undo`` is apply+undo on a position that has never undone);
- encode: ``Encoding.encode`` of a seat's view; observation: a seat's observation from the game
  (``Encoding.encode_game``, straight from the board: what the research environments pay at every step); each
  the median of 5 passes over every seat of the positions (the first warms the encoder's caches);
- PettingZoo: ``agent_iter`` / ``last`` / ``step`` with a random legal action from the mask (``env()``, with its
  OrderEnforcingWrapper); ``PZ recall``: the same with ``perfect_recall=True``;
- Gymnasium: the learner's steps (a random legal action) against ``random`` opponents; ``compiled Gymnasium``:
  the same over the compiled engine (the environment and the encoder stay Python);
- OpenSpiel: a Python loop over ``pyspiel`` states (``legal_actions``, ``apply_action``), and its ratio to
  ``caylus bench`` (random playouts, ``keep_undo = False``) on the same games, the two taking turns game by game.
"""

from __future__ import annotations

import argparse
import json
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
LOOPS = ["loop default", "no-undo"]
ENGINE = LOOPS + ["apply+undo", "1st undo", "clone", "clone+apply"]
RESEARCH = ["encode", "observation", "PettingZoo", "PZ recall", "Gymnasium", "OpenSpiel", "of bench"]
ENCODE_PASSES = 5


def compiled() -> bool:
    """Whether the engine runs from compiled modules (the optional mypyc build)."""
    import caylus.core.game

    return not caylus.core.game.__file__.endswith(".py")


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
    rates = []
    for _ in range(ENCODE_PASSES):
        start = clock()
        for v in views:
            enc.encode(v)
        rates.append(len(views) / (clock() - start))
    return statistics.median(rates)


def observation_rate(enc, games: list) -> float:
    rates = []
    for _ in range(ENCODE_PASSES):
        start = clock()
        for g in games:
            for seat in range(g.num_players):
                enc.encode_game(g, seat)
        rates.append(len(games) * games[0].num_players / (clock() - start))
    return statistics.median(rates)


def pettingzoo_rate(edition: str, players: int, games: int, perfect_recall: bool = False) -> float:
    env = caylus_pz.env(edition=edition, players=players, perfect_recall=perfect_recall)
    steps = 0
    start = 0.0
    for seed in (games, *range(games)):  # a warm-up game first (a seed outside the measured ones), not timed
        if seed == 0:
            steps, start = 0, clock()  # a researcher makes the environment once: its making is not timed
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
    start = 0.0
    for seed in (games, *range(games)):  # a warm-up game first, not timed
        if seed == 0:
            steps, start = 0, clock()
        observation, info = env.reset(seed=seed)
        choose = random.Random(seed).choice
        done = False
        while not done:
            observation, reward, done, truncated, info = env.step(choose(observation["action_mask"].nonzero()[0]))
            steps += 1
    return steps / (clock() - start)


def openspiel_rates(edition: str, players: int, games: int) -> tuple[float, float]:
    """(OpenSpiel decisions/s, `caylus bench` decisions/s) on the same setups, the two taking turns game by game
    (`bench_openspiel.paired_run`), after one warm-up game of each."""
    game = pyspiel.load_game(caylus_openspiel.SHORT_NAMES[edition], {"players": players, "seed": 1,
                                                                    "setups": games + 1})
    paired_run(game, edition, players, 1, 1 + games)
    engine, spiel, _ = paired_run(game, edition, players, games, 1)
    return spiel, engine


def side(edition: str, players: int, games: int, count: int, columns: list[str]) -> dict[str, float]:
    """One side of a round (the `--side` child, in a process of its own): each of `columns` measured once."""
    out: dict[str, float] = {}
    if "loop default" in columns:
        loop(edition, players, 1, True, first=games)  # a warm-up game (a seed after the measured ones)
        out["loop default"] = loop(edition, players, games, True)
        out["no-undo"] = loop(edition, players, games, False)
    if "apply+undo" in columns:
        games_at = positions(edition, players, count)
        for g in games_at:  # the first undo at each position replays from the checkpoint below: measured apart
            apply_undo(g)
        out["1st undo"] = first_undo(games_at)
        out["apply+undo"] = each(games_at, apply_undo)
        out["clone"] = each(games_at, lambda g: g.clone())
        out["clone+apply"] = each(games_at, clone_apply)
    if "Gymnasium" in columns and "encode" not in columns:  # the compiled side: the engine under the environment
        out["Gymnasium"] = gymnasium_rate(edition, players, max(1, games // 2))
    if "encode" in columns:
        games_at = positions(edition, players, count)
        enc = Encoding(edition, players)
        out["encode"] = encode_rate(enc, [g.view(s) for g in games_at for s in range(g.num_players)])
        out["observation"] = observation_rate(enc, games_at)
        half = max(1, games // 2)
        out["PettingZoo"] = pettingzoo_rate(edition, players, half)
        out["PZ recall"] = pettingzoo_rate(edition, players, half, True)
        out["Gymnasium"] = gymnasium_rate(edition, players, half)
        out["OpenSpiel"], bench = openspiel_rates(edition, players, games)
        out["of bench"] = out["OpenSpiel"] / bench
    return out


def start_side(tree: Path, core: int | None, args, edition: str, columns: list[str]) -> subprocess.Popen:
    """`side` in a fresh process with `tree` first on the path, pinned to `core` (as `taskset -c` does)."""
    command = [sys.executable, __file__, "--side", edition, "--players", str(args.players), "--games",
               str(args.games), "--positions", str(args.positions), "--columns", ",".join(columns)]
    if core is not None:
        command += ["--pin", str(core)]
    return subprocess.Popen(command, env={**os.environ, "PYTHONPATH": str(tree)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish_side(process: subprocess.Popen, tree: Path) -> dict[str, float]:
    out, err = process.communicate()
    if process.returncode:
        sys.exit(f"bench_speed: the side in {tree} failed:\n{err}")
    return json.loads(out)


def run_round(sides: dict, core: int, args, edition: str, order: list[str]) -> dict[str, dict[str, float]]:
    """One round: every side once. Together (the default), they all start at once on the one core, so that the
    scheduler interleaves them a few milliseconds at a time and each sees the same machine (CPU time of each);
    with --apart, one after the other in `order`."""
    if args.apart:
        return {name: finish_side(start_side(sides[name][0], core, args, edition, sides[name][1]), sides[name][0])
                for name in order}
    running = {name: start_side(sides[name][0], core, args, edition, sides[name][1]) for name in order}
    return {name: finish_side(process, sides[name][0]) for name, process in running.items()}


def kilo(x: float) -> str:
    return f"{x / 1000:.1f}k"


def spread(ratios: list[float]) -> str:
    """The median of the rounds' own ratios and their range."""
    if len(ratios) == 1:
        return f"{ratios[0]:.2f}"
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8, help="games per loop (half as many for the environments)")
    parser.add_argument("--positions", type=int, default=100, help="mid-game positions for undo, clone, encode")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (a fresh process per side each round)")
    parser.add_argument("--editions", nargs="*", default=caylus.available_editions())
    parser.add_argument("--core", type=int, help="the core every side runs on (default: the last one allowed)")
    parser.add_argument("--against", type=Path, help="another tree's src/ to compare with, side by side")
    parser.add_argument("--no-compiled", action="store_true", help="leave the compiled build out")
    parser.add_argument("--loops", action="store_true",
                        help="the two loops only, on every side (longer --games for the compiled ratios)")
    parser.add_argument("--apart", action="store_true", help="run a round's sides one after the other, not at once")
    parser.add_argument("--side", help=argparse.SUPPRESS)  # EDITION: one side of a round, in its own process
    parser.add_argument("--columns", help=argparse.SUPPRESS)
    parser.add_argument("--pin", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        if args.pin is not None:
            os.sched_setaffinity(0, {args.pin})
        print(json.dumps(side(args.side, args.players, args.games, args.positions, args.columns.split(","))))
        return
    if args.against is not None and not (args.against / "caylus").is_dir():
        parser.error(f"--against wants a folder holding the caylus package (a src/), not {args.against}")
    allowed = sorted(os.sched_getaffinity(0))
    core = args.core if args.core is not None else allowed[-1]
    if core not in allowed:
        parser.error(f"--core {core}: this process may use cores {allowed}")
    research = np is not None and not args.loops
    sides = {"pure": (SOURCES, LOOPS if args.loops else ENGINE + (RESEARCH if research else []))}
    if BUILD.joinpath("caylus").is_dir() and not args.no_compiled:
        sides["compiled"] = (BUILD, LOOPS + (["Gymnasium"] if research else []))
    if args.against is not None:
        sides["against"] = (args.against.resolve(), sides["pure"][1])
    columns = ["loop default", "no-undo", "of no-undo", "compiled", "of default", "compiled no-undo",
               "of pure no-undo"] + ([] if args.loops else ["apply+undo", "1st undo", "clone", "clone+apply"])
    if research:
        columns += RESEARCH[:5] + ["compiled Gymnasium"] + RESEARCH[5:]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    how = "one after the other, the order turning each round" if args.apart else "at once"
    print(f"{args.players} players; {args.repeat} rounds of {', '.join(sides)} (fresh processes on core {core}, "
          f"{how}); medians; {when}; load {load}; Python {sys.version.split()[0]}")
    print("`" + " ".join(["bench_speed.py", *sys.argv[1:]]) + "`")
    print("| edition | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    against_rows = []
    for edition in args.editions:
        results: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
        for r in range(args.repeat):
            done = run_round(sides, core, args, edition, list(sides) if r % 2 == 0 else list(sides)[::-1])
            for name in sides:
                results[name].append(done[name])
        pure = results["pure"]
        cells = []
        for c in columns:
            if c == "of no-undo":
                cells.append(spread([run["loop default"] / run["no-undo"] for run in pure]))
            elif c in ("compiled", "compiled no-undo"):
                runs = results.get("compiled")
                key = "loop default" if c == "compiled" else "no-undo"
                cells.append(kilo(statistics.median(run[key] for run in runs)) if runs else "-")
            elif c in ("of default", "of pure no-undo"):
                runs = results.get("compiled")
                key = "loop default" if c == "of default" else "no-undo"
                cells.append(spread([a[key] / b[key] for a, b in zip(runs, pure)]) if runs else "-")
            elif c == "compiled Gymnasium":
                runs = results.get("compiled")
                cells.append(kilo(statistics.median(run["Gymnasium"] for run in runs)) if runs else "-")
            elif c == "of bench":
                cells.append(spread([run[c] for run in pure]))
            else:
                cells.append(kilo(statistics.median(run[c] for run in pure)))
        print(f"| `{edition}` | " + " | ".join(cells) + " |", flush=True)
        if "against" in results:
            keys = sides["pure"][1]
            against_rows.append(f"| `{edition}` | " + " | ".join(
                spread([a[k] / b[k] for a, b in zip(pure, results["against"])]) for k in keys) + " |")
    if against_rows:
        keys = sides["pure"][1]
        print(f"\nthis tree / {args.against}: the median of the rounds' own ratios (their range)")
        print("| edition | " + " | ".join(keys) + " |")
        print("|---|" + "---|" * len(keys))
        print("\n".join(against_rows))


if __name__ == "__main__":
    main()
