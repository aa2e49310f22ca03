"""What every `caylus` subcommand shares: the usage error, argument types, the game arguments, file messages."""

from __future__ import annotations

import argparse
import contextlib
import math
import re

from caylus.core.errors import shown
from caylus.core.registry import EDITION_MODULES, SEEDS


class UsageError(Exception):
    """A mistake in the command line; main() prints it on one line and exits with 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print the whole usage; one clear line is enough
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def option_pair(text: str) -> tuple[str, str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, got {shown(text)}")
    return key.strip(), value.strip()


def whole_number(text: str) -> int:
    """Decimal digits with an optional sign (ASCII only: no "1_0", no full-width digits)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,30}", text.strip()):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}")
    return int(text)


def positive_int(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def seed(text: str) -> int:
    value = whole_number(text)
    if not 0 <= value < SEEDS:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to 2**64-1, got {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {shown(text)}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected more than 0 seconds (and not infinity), got {shown(text)}")
    return value


def add_game_arguments(p: argparse.ArgumentParser, games_default: int | None, players_default: int | None = 4,
                       players_help: str = "number of players (default 4)") -> None:
    p.add_argument("--edition", default="caylus", metavar="ID",
                   help=f"edition id: {', '.join(EDITION_MODULES)} (default caylus)")
    p.add_argument("--players", type=positive_int, default=players_default, metavar="N", help=players_help)
    p.add_argument("--seed", type=seed, default=1, metavar="S", help="game i uses seed S+i (default 1)")
    p.add_argument("--games", type=positive_int, default=games_default, metavar="G",
                   help=f"games to play (default {games_default})")
    p.add_argument("--option", type=option_pair, action="append", default=[], metavar="KEY=VALUE",
                   help="an edition option, repeatable (e.g. favors=simplified, jeweller=true)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object on the last line")


def path_text(name: str) -> str:
    """A file name as a message shows it: as typed if it is short and printable, else quoted and cut short."""
    return name if name.isprintable() and len(name) <= 80 else shown(name)


def why(exc: Exception) -> str:
    """Why a file could not be read or written, without repeating its (possibly long) name."""
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at position {exc.start})"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def check_seeds(args) -> None:
    """Game i of a run uses seed S+i: the last one must be a seed too."""
    last = args.seed + args.games - 1
    if last >= SEEDS:
        raise UsageError(f"caylus {args.command}: the games would use seeds {args.seed} to {last}, beyond 2**64-1")


def options_text(options: dict) -> str:
    if not options:
        return "none"
    return " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(options.items()))


@contextlib.contextmanager
def opening_database(command: str, given: str, url: str):
    """Open a database inside this block: SQLAlchemy's refusals become one line saying what to fix."""
    from sqlalchemy.exc import ArgumentError, OperationalError

    try:
        yield
    except ArgumentError as exc:
        raise UsageError(f"caylus {command}: --db {given!r} is not a database URL: {exc}") from None
    except OperationalError as exc:
        raise UsageError(f"caylus {command}: cannot open the database {url!r}: "
                         f"{str(exc.orig).strip().splitlines()[0]}") from None
    except ImportError as exc:
        raise UsageError(f"caylus {command}: --db {given!r} needs a database driver that is not installed "
                         f"({exc.name})") from None
