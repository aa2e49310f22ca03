"""The `caylus` command line: one small module per subcommand (`COMMANDS`), each with `add(commands)`.

Every mistake in the command line (a bad flag, an unknown edition, an unsupported player count, an unknown or
ill-typed option, an unreadable or malformed record) is one line on stderr and exit code 2, never a traceback.
`sim` and `bench` exit with 1 when a game raised (each such game is reported on stderr with its seed and
its record so far), 0 otherwise.
"""

from __future__ import annotations

import importlib
import sys

from caylus.core import ENGINE_VERSION, BadOption, BadRecord

from .common import Parser, UsageError

# The subcommands, in the order `caylus --help` lists them: module caylus.cli.<name> registers each.
COMMANDS = ("play", "sim", "bench", "replay", "review", "arena", "serve", "ratings")


def build_parser() -> Parser:
    parser = Parser(prog="caylus", description="Caylus: play, simulate, benchmark and replay games.")
    parser.add_argument("--version", action="version", version=f"caylus {ENGINE_VERSION}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"caylus.cli.{name}").add(commands)
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
