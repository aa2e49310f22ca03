"""`caylus arena`: bots against bots, with seats rotated, win rates with intervals and ratings."""

from __future__ import annotations

import contextlib
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
    add_game_arguments(arena, games_default=20, players_default=None,
                       players_help="number of players (default 4; 2 with --sprt or --gauntlet)")
    arena.add_argument("--bots", required=True, metavar="A,B,...",
                       help="one bot a seat, or more to rotate through: random, easy, greedy, normal, hard, "
                            "mcts:ITER, style:NAME or module:Class; repeat a name to fill several seats")
    arena.add_argument("--sprt", metavar="ELO0,ELO1",
                       help="the sequential test of --bots A,B: game pairs on one seed with seats swapped, stopped "
                            "when A is shown ELO1 stronger (H1) or not (H0), or at --games")
    arena.add_argument("--alpha", type=float, default=0.05, help="the SPRT's false H1 rate (default 0.05)")
    arena.add_argument("--beta", type=float, default=0.05, help="the SPRT's false H0 rate (default 0.05)")
    arena.add_argument("--field", metavar="BOT",
                       help="with --sprt at more than 2 players: the bot that fills the other seats")
    arena.add_argument("--gauntlet", action="store_true",
                       help="--bots BOT heads-up against each style player of the edition and each level below it, "
                            "--games (at most) a pairing, each pairing reported (with --sprt, decided)")
    arena.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="games in parallel processes")
    arena.add_argument("--backend", choices=("local", "ray"), default="local",
                       help="local processes, or a Ray cluster (RAY_ADDRESS, else a local Ray)")
    arena.add_argument("--records", type=Path, metavar="DIR",
                       help="save every game's record in DIR, and the games themselves as they finish")
    arena.add_argument("--resume", action="store_true",
                       help="go on with the games already in --records DIR (a stopped arena, or a longer one)")
    arena.add_argument("--chart", type=Path, metavar="FILE.png", help="draw the ratings with their intervals")
    arena.set_defaults(run=run_arena)


def _agent(name: str, option: str = "--bots") -> str:
    try:
        make_agent(name, 0)
    except BadAgent as exc:
        raise UsageError(f"caylus arena: {option}: {exc}") from None
    return name


def _bots(text: str, players: int) -> tuple[str, ...]:
    names = tuple(_agent(n.strip()) for n in text.split(","))
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


def _sprt(args):
    """The SPRT asked for (a fresh `HeadToHead` with its hypotheses), or None; its options checked."""
    from caylus.arena.sprt import BadSprt, HeadToHead, parse

    if args.sprt is None:
        if (args.alpha, args.beta) != (0.05, 0.05):
            raise UsageError("caylus arena: --alpha and --beta are the error rates of --sprt ELO0,ELO1: add it")
        return None
    try:
        elo0, elo1 = parse(args.sprt)
        return HeadToHead(elo0, elo1, args.alpha, args.beta)
    except BadSprt as exc:
        raise UsageError(f"caylus arena: {exc}") from None


def _paired_entries(args, players: int) -> tuple[str, ...]:
    """--bots A,B (and --field BOT at more than two seats) for the SPRT."""
    names = tuple(_agent(n.strip()) for n in args.bots.split(","))
    if len(names) != 2:
        raise UsageError(f"caylus arena: --sprt tests one bot against another: --bots A,B, not {len(names)} bot(s)")
    if players == 2:
        if args.field is not None:
            raise UsageError("caylus arena: --field fills the seats beyond two: add --players N (3 or more)")
        return names
    if args.field is None:
        raise UsageError(f"caylus arena: --sprt at {players} players needs --field BOT for the seats beyond A "
                         f"and B (or --players 2 for heads-up)")
    return (*names, _agent(args.field.strip(), "--field"))


def _check_pairs(args) -> None:
    if args.games % 2:
        raise UsageError(f"caylus arena: --sprt and --gauntlet play pairs of games (seats swapped): --games must "
                         f"be even, not {args.games}")


def run_arena(args) -> int:
    from caylus.arena import Arena, run
    from caylus.arena.journal import JournalError

    if args.gauntlet:
        return run_gauntlet(args)
    test = _sprt(args)
    if args.field is not None and test is None:
        raise UsageError("caylus arena: --field fills the other seats of an SPRT: add --sprt ELO0,ELO1")
    players = args.players if args.players is not None else 2 if test is not None else 4
    players, options = runs.check_setup(args.edition, players, dict(args.option))
    check_seeds(args)
    if test is not None:
        _check_pairs(args)
        bots = _paired_entries(args, players)
    else:
        bots = _bots(args.bots, players)
    _check_extras(args)
    records = _records(args)
    if args.chart is not None and args.chart.suffix.lower() != ".png":
        raise UsageError(f"caylus arena: --chart writes a PNG file, not {path_text(str(args.chart))}")
    arena = Arena(args.edition, players, bots, args.games, args.seed, options, paired=test is not None)
    status = test.line if test is not None else None
    with _progress(args.games, status=status) as advance:
        try:
            result = run(arena, jobs=args.jobs, backend=args.backend, records=records, resume=args.resume,
                         progress=advance, sprt=test)
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


def _records(args) -> Path | None:
    if args.resume and args.records is None:
        raise UsageError("caylus arena: --resume goes on with the games saved in --records DIR: name the directory")
    return _records_dir(args.records) if args.records is not None else None


def run_gauntlet(args) -> int:
    """--gauntlet: the bot heads-up against each style player and each level below it."""
    from caylus.arena.gauntlet import Gauntlet, opponents, run_gauntlet as play
    from caylus.arena.journal import JournalError

    test = _sprt(args)
    if args.players not in (None, 2):
        raise UsageError(f"caylus arena: --gauntlet plays heads-up, not at {args.players} players")
    for option, value in (("--field", args.field), ("--chart", args.chart)):
        if value is not None:
            raise UsageError(f"caylus arena: {option} is not for --gauntlet (heads-up, a table a pairing)")
    players, options = runs.check_setup(args.edition, 2, dict(args.option))
    check_seeds(args)
    _check_pairs(args)
    names = [n.strip() for n in args.bots.split(",")]
    if len(names) != 1:
        raise UsageError(f"caylus arena: --gauntlet runs one bot through the field: --bots BOT, not {args.bots!r}")
    bot = _agent(names[0])
    _check_extras(args)
    if not opponents(args.edition, bot):
        raise UsageError(f"caylus arena: {bot} has no one to meet in {args.edition}'s gauntlet")
    records = _records(args)
    gauntlet = Gauntlet(args.edition, bot, args.games, args.seed, options,
                        None if test is None else (test.elo0, test.elo1), args.alpha, args.beta)
    stack = contextlib.ExitStack()

    def progress(arena, head_to_head):
        stack.close()  # the previous pairing's bar
        return stack.enter_context(_progress(args.games, label=f"{bot} v {arena.bots[1]}",
                                             status=head_to_head.line))

    with stack:
        try:
            result = play(gauntlet, jobs=args.jobs, backend=args.backend, records=records, resume=args.resume,
                          progress=progress)
        except JournalError as exc:
            raise UsageError(f"caylus arena: --records: {exc}") from None
    if args.json:
        print(json.dumps(result.as_json(command="caylus " + shlex.join(sys.argv[1:]))))
    else:
        print(result.table())
        if records is not None:
            print(f"records: {records}/OPPONENT/ (caylus replay FILE)")
    return 0


class _progress:
    """How far the games are: a live bar on a terminal (stderr); in a log (stderr a file or a pipe, as in a long
    run under nohup), a plain line at every tenth of the games, so that an hours-long match can be followed.
    `status()`, if given, adds a line of figures to both (the SPRT's: LLR, Elo, W/D/L, pairs); a test that
    decides early ends the bar short of its total."""

    STEPS = 10

    def __init__(self, total: int, label: str = "games", status=None):
        self.total = total
        self.label = label
        self.status = status
        self.bar = None
        self.start = time.monotonic()

    def _line(self, done: int, total: int) -> None:
        if done * self.STEPS // total != (done - 1) * self.STEPS // total:
            elapsed = round(time.monotonic() - self.start)
            where = "" if self.label == "games" else f" {self.label}:"
            figures = f", {self.status()}" if self.status is not None else ""
            print(f"caylus arena:{where} {done}/{total} games, {elapsed // 60}m{elapsed % 60:02d}s{figures}",
                  file=sys.stderr, flush=True)

    def __enter__(self):
        if not sys.stderr.isatty():
            return self._line
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
        from rich.text import Text

        class Bar(Progress):
            """The bar, and under it the figures (a line of their own: beside the bar they would squeeze it)."""

            figures = ""

            def get_renderables(self):
                yield self.make_tasks_table(self.tasks)
                if self.figures:
                    yield Text(self.figures, overflow="fold")

        self.bar = Bar(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                       TimeRemainingColumn(), transient=True, console=Console(stderr=True))
        self.bar.start()
        task = self.bar.add_task(self.label, total=self.total)

        def advance(done, total):
            if self.status is not None:
                self.bar.figures = self.status()
            self.bar.update(task, completed=done)

        return advance

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
