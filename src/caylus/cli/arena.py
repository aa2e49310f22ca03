"""`caylus arena`: bots against bots, with seats rotated, win rates with intervals and ratings."""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

from caylus.agents import BadAgent, make_agent

from . import runs
from .common import UsageError, add_game_arguments, check_seeds, path_text, positive_int, why

EXTRA = "caylus arena needs the arena extra: pip install 'caylus[arena]'"


def add(commands) -> None:
    arena = commands.add_parser(
        "arena", help="bots against bots: win rates with 95%% intervals, OpenSkill ratings, time a move",
        description="Play G games between bots (seats rotate; game i has its own seed, so its record replays "
                    "alone) and report each bot's wins, win rate with its 95%% interval, rating, scores and time.")
    add_game_arguments(arena, games_default=20)
    arena.add_argument("--bots", required=True, metavar="A,B,...",
                       help="one bot a seat, or more to rotate through: random, easy, greedy, normal, hard, "
                            "mcts:ITER or module:Class; repeat a name to fill several seats")
    arena.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="games in parallel processes")
    arena.add_argument("--backend", choices=("local", "ray"), default="local",
                       help="local processes, or a Ray cluster (RAY_ADDRESS, else a local Ray)")
    arena.add_argument("--records", type=Path, metavar="DIR",
                       help="save every game's record in DIR, and the games themselves as they finish")
    arena.add_argument("--resume", action="store_true",
                       help="go on with the games already in --records DIR (a stopped arena, or a longer one)")
    arena.add_argument("--chart", type=Path, metavar="FILE.png", help="draw the ratings with their intervals")
    arena.set_defaults(run=run_arena)


def _bots(text: str, players: int) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(","))
    for name in names:
        try:
            make_agent(name, 0)
        except BadAgent as exc:
            raise UsageError(f"caylus arena: --bots: {exc}") from None
    if len(names) < players:
        raise UsageError(f"caylus arena: --bots names {len(names)} bot(s) for {players} seats; name at least "
                         f"{players} (repeat a name to seat it several times)")
    return names


def _check_extras(args) -> None:
    needed = ["openskill"] + (["matplotlib"] if args.chart else []) + (["ray"] if args.backend == "ray" else [])
    for module in needed:
        try:
            __import__(module)
        except ImportError:
            raise UsageError(f"{EXTRA} ({module} is missing)") from None


def _records_dir(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".caylus-arena-probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except (OSError, ValueError) as exc:
        raise UsageError(f"caylus arena: cannot write records in {path_text(str(path))}: {why(exc)}") from None
    return path


def run_arena(args) -> int:
    from caylus.arena import Arena, run
    from caylus.arena.journal import JournalError

    players, options = runs.check_setup(args.edition, args.players, dict(args.option))
    check_seeds(args)
    bots = _bots(args.bots, players)
    _check_extras(args)
    if args.resume and args.records is None:
        raise UsageError("caylus arena: --resume goes on with the games saved in --records DIR: name the directory")
    records = _records_dir(args.records) if args.records is not None else None
    if args.chart is not None and args.chart.suffix.lower() != ".png":
        raise UsageError(f"caylus arena: --chart writes a PNG file, not {path_text(str(args.chart))}")
    arena = Arena(args.edition, players, bots, args.games, args.seed, options)
    with _progress(args.games) as advance:
        try:
            result = run(arena, jobs=args.jobs, backend=args.backend, records=records, resume=args.resume,
                         progress=advance)
        except JournalError as exc:
            raise UsageError(f"caylus arena: --records: {exc}") from None
    if args.chart is not None:
        try:
            result.chart(args.chart)
        except OSError as exc:
            raise UsageError(f"caylus arena: cannot write the chart {path_text(str(args.chart))}: {why(exc)}") from None
    if args.json:
        print(json.dumps(result.as_json(command="caylus " + shlex.join(sys.argv[1:]))))
    else:
        print(result.table())
        if records is not None:
            print(f"records: {records}/ (caylus replay FILE)")
        if args.chart is not None:
            print(f"chart: {args.chart}")
    return 0


class _progress:
    """How far the games are: a live bar on a terminal (stderr); in a log (stderr a file or a pipe, as in a long
    run under nohup), a plain line at every tenth of the games, so that an hours-long match can be followed."""

    STEPS = 10

    def __init__(self, total: int):
        self.total = total
        self.bar = None
        self.start = time.monotonic()

    def _line(self, done: int, total: int) -> None:
        if done * self.STEPS // total != (done - 1) * self.STEPS // total:
            elapsed = round(time.monotonic() - self.start)
            print(f"caylus arena: {done}/{total} games, {elapsed // 60}m{elapsed % 60:02d}s", file=sys.stderr,
                  flush=True)

    def __enter__(self):
        if not sys.stderr.isatty():
            return self._line
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(TextColumn("games"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                            TimeRemainingColumn(), transient=True, console=Console(stderr=True))
        self.bar.start()
        task = self.bar.add_task("arena", total=self.total)
        return lambda done, total: self.bar.update(task, completed=done)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
