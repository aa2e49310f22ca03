"""The `caylus` command line: `sim`, `bench` and `replay`.

Every mistake in the command line (a bad flag, an unknown edition, an unsupported player count, an unknown or
ill-typed option, an unreadable or malformed record) is one line on stderr and exit code 2, never a traceback.
`sim` and `bench` exit with 1 when a game raised (each such game is reported on stderr with its seed and
its record so far), 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import traceback
from pathlib import Path

from caylus.agents import Playout
from caylus.core import ENGINE_VERSION, BadOption, BadRecord, get_edition, load_record
from caylus.core.errors import shown
from caylus.core.registry import EDITION_MODULES, SEEDS

from . import runs


class UsageError(Exception):
    """A mistake in the command line; main() prints it on one line and exits with 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print the whole usage; one clear line is enough
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _option(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, got {shown(text)}")
    return key.strip(), value.strip()


def _whole_number(text: str) -> int:
    """Decimal digits with an optional sign (ASCII only: no "1_0", no full-width digits)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}")
    return int(text)


def _positive_int(text: str) -> int:
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    value = _whole_number(text)
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to 2**64-1, got {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {shown(text)}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected more than 0 seconds (and not infinity), got {shown(text)}")
    return value


def _add_game_arguments(p: argparse.ArgumentParser, games_default: int | None) -> None:
    p.add_argument("--edition", default="caylus", metavar="ID",
                   help=f"edition id: {', '.join(EDITION_MODULES)} (default caylus)")
    p.add_argument("--players", type=_positive_int, default=4, metavar="N", help="number of players (default 4)")
    p.add_argument("--seed", type=_seed, default=1, metavar="S", help="game i uses seed S+i (default 1)")
    p.add_argument("--games", type=_positive_int, default=games_default, metavar="G",
                   help=f"games to play (default {games_default})")
    p.add_argument("--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="an edition option, repeatable (e.g. favors=simplified, jeweller=true)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object on the last line")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="caylus", description="The Caylus rules engine: simulate, benchmark and replay games.")
    parser.add_argument("--version", action="version", version=f"caylus {ENGINE_VERSION}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = commands.add_parser("sim", help="play games with uniformly random legal actions and summarize them",
                              description="Play G games with uniformly random legal actions (game i: seed S+i).")
    _add_game_arguments(sim, games_default=100)
    sim.add_argument("--records", type=Path, metavar="DIR",
                     help="save each game's record as DIR/<edition>-<N>p-seed<S>.txt (replay with caylus replay)")
    sim.set_defaults(run=run_sim)

    bench = commands.add_parser("bench", help="the random-playout throughput benchmark (median of repetitions)",
                                description="Random playouts, repeated; reports the median decisions per second.")
    _add_game_arguments(bench, games_default=500)
    bench.add_argument("--seconds", type=_positive_float, metavar="T",
                       help="play for T seconds per repetition instead of a fixed number of games")
    bench.add_argument("--repeat", type=_positive_int, default=5, metavar="R", help="repetitions (default 5)")
    bench.set_defaults(run=run_bench)

    replay = commands.add_parser("replay", help="replay a game record and print the result",
                                 description="Replay a text game record (docs/notation.md); '-' reads stdin.")
    replay.add_argument("file", metavar="FILE", help="the record to replay, or - for stdin")
    replay.add_argument("--json", action="store_true", help="print the result as one JSON object")
    replay.set_defaults(run=run_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the `caylus` command with `argv` (default: the process arguments); returns the exit code."""
    if argv is not None and not all(isinstance(a, str) for a in argv):
        print("caylus: every command-line argument must be text (str)", file=sys.stderr)
        return 2
    try:
        args = build_parser().parse_args(argv)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help and --version print, then exit
        return exc.code if isinstance(exc.code, int) else 0
    try:
        return args.run(args)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except (BadOption, BadRecord) as exc:
        print(f"caylus {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("caylus: interrupted", file=sys.stderr)
        return 130


def _path(name: str) -> str:
    """A file name as a message shows it: as typed if it is short and printable, else quoted and cut short."""
    return name if name.isprintable() and len(name) <= 80 else shown(name)


def _why(exc: Exception) -> str:
    """Why a file could not be read or written, without repeating its (possibly long) name."""
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at position {exc.start})"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


# -- sim --------------------------------------------------------------------------------------------------------
def _check_seeds(args) -> None:
    """Game i of a run uses seed S+i: the last one must be a seed too."""
    last = args.seed + args.games - 1
    if last >= SEEDS:
        raise UsageError(f"caylus {args.command}: the games would use seeds {args.seed} to {last}, beyond 2**64-1")


def run_sim(args) -> int:
    players, options = runs.check_setup(args.edition, args.players, dict(args.option))
    _check_seeds(args)
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
            raise UsageError(f"caylus sim: cannot create the records directory {_path(str(args.records))}: "
                             f"{_why(exc)}") from None

    def on_game(playout: Playout) -> None:
        if args.records is not None:
            path = args.records / f"{args.edition}-{players}p-seed{playout.seed}.txt"
            try:
                path.write_text(playout.record(), encoding="utf-8")
            except OSError as exc:
                raise UsageError(f"caylus sim: cannot save the record {_path(str(path))}: {_why(exc)}") from None
        if not playout.ok:
            _report_error(playout)

    run = runs.simulate(args.edition, players, args.games, args.seed, options, on_game=on_game)
    if args.json:
        print(json.dumps(run.as_json()))
    else:
        print(_summary_text(run))
    return 1 if run.failures else 0


def _report_error(playout: Playout) -> None:
    exc = playout.error
    print(f"caylus sim: the game with seed {playout.seed} raised {type(exc).__name__}: {exc}", file=sys.stderr)
    print("".join(traceback.format_exception(exc)).rstrip(), file=sys.stderr)
    print(f"# the record so far (seed {playout.seed}):", file=sys.stderr)
    print(playout.record().rstrip(), file=sys.stderr)


def _summary_text(run: runs.RunSummary) -> str:
    ed = get_edition(run.edition)
    names = ed.player_names[:run.players]
    games_per_s, decisions_per_s = run.rates()
    last_seed = run.first_seed + run.games - 1
    seeds = f"seed {last_seed}" if run.games == 1 else f"seeds {run.first_seed}-{last_seed}"
    lines = [
        f"{ed.title}, edition {ed.id}, {run.players} players, options: {_options_text(run.options)}",
        f"games:       {run.games} ({seeds}), {run.finished} finished, "
        f"{len(run.failures)} errors",
        f"decisions:   {run.decisions} ({run.decisions / max(run.games, 1):.1f} a game)",
        f"time:        {run.seconds:.3f} s: {games_per_s:.1f} games/s, {decisions_per_s:.0f} decisions/s",
        "mean scores: " + ", ".join(f"{n} {s:.2f}" for n, s in zip(names, run.mean_scores)),
        "wins:        " + ", ".join(f"{n} {w}" for n, w in zip(names, run.wins))
        + "  (a shared victory counts for each winner)",
    ]
    if run.failures:
        lines.append("errors at seeds: " + " ".join(str(p.seed) for p in run.failures) + " (details on stderr)")
    return "\n".join(lines)


def _options_text(options: dict) -> str:
    if not options:
        return "none"
    return " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(options.items()))


# -- bench ------------------------------------------------------------------------------------------------------
def run_bench(args) -> int:
    runs.check_setup(args.edition, args.players, dict(args.option))
    if args.seconds is None:
        _check_seeds(args)
    games = None if args.seconds is not None else args.games
    result = runs.benchmark(args.edition, args.players, games=games, seconds=args.seconds, repeat=args.repeat,
                            seed=args.seed, options=dict(args.option))
    if args.json:
        print(json.dumps(result))
    else:
        ed = get_edition(args.edition)
        per_repeat = f"{games} games" if games is not None else f"{args.seconds} s"
        print(f"{ed.title}, edition {ed.id}, {result['players']} players, options: {_options_text(result['options'])}")
        print(f"{result['repeats']} repetitions of {per_repeat} of random playouts "
              f"(Python {result['python']}, {result['implementation']}, {result['machine']})")
        print(f"decisions/s: median {result['median_decisions_per_s']:.0f} "
              f"(min {result['min_decisions_per_s']:.0f}, max {result['max_decisions_per_s']:.0f})")
        print(f"games/s:     median {result['median_games_per_s']:.1f}")
        print(f"errors:      {result['errors']}")
    return 1 if result["errors"] else 0


# -- replay -----------------------------------------------------------------------------------------------------
def run_replay(args) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        elif not args.file:
            raise UsageError("caylus replay: no file name given (- reads stdin)")
        else:
            text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise UsageError(f"caylus replay: cannot read {_path(args.file)}: {_why(exc)}") from None
    try:
        game = load_record(text)
    except BadRecord as exc:
        raise UsageError(f"caylus replay: {_path(args.file)}: {exc}") from None
    names = [game.player_name(p) for p in range(game.num_players)]
    scores = game.scores()
    if args.json:
        print(json.dumps({
            "edition": game.edition.id,
            "players": game.num_players,
            "seed": game.seed,
            "options": game.options,
            "actions": len(game.history),
            "terminal": game.is_terminal,
            "current_player": game.current_player,
            "scores": scores,
            "winners": game.winners(),
        }))
        return 0
    print(f"{game.edition.title}, edition {game.edition.id}, {game.num_players} players, seed {game.seed}, "
          f"options: {_options_text(game.options)}: {len(game.history)} actions")
    if game.is_terminal:
        print("final scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores)))
        won = game.winners()
        print(("winner: " if len(won) == 1 else "winners (shared victory): ")
              + ", ".join(names[p] for p in won))
    else:
        print("the record ends before the game does; the position reached:")
        print(str(game))
        print(f"{names[game.current_player]} to play: {' '.join(game.legal_tokens())}")
    return 0

