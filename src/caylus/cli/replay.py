"""`caylus replay`: replay a game record and print the result."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from caylus.core import load_record
from caylus.core.record import load_seat_record, parse_record
from caylus.core.errors import BadRecord

from .common import UsageError, options_text, path_text, why


def add(commands) -> None:
    replay = commands.add_parser("replay", help="replay a game record and print the result",
                                 description="Replay a text game record (docs/notation.md); '-' reads stdin.")
    replay.add_argument("file", metavar="FILE", help="the record to replay, or - for stdin")
    replay.add_argument("--json", action="store_true", help="print the result as one JSON object")
    replay.add_argument("--step", action="store_true",
                        help="step through the game on the board, forward and backward (n, b, g N, q)")
    replay.add_argument("--no-color", action="store_true", help="with --step: no colours")
    replay.set_defaults(run=run_replay)


def run_replay(args) -> int:
    if args.step and (args.file == "-" or args.json):
        raise UsageError("caylus replay: --step reads the record from a file and cannot be used with --json")
    try:
        if args.file == "-":
            text = sys.stdin.read()
        elif not args.file:
            raise UsageError("caylus replay: no file name given (- reads stdin)")
        else:
            text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise UsageError(f"caylus replay: cannot read {path_text(args.file)}: {why(exc)}") from None
    try:
        tags, _ = parse_record(text)
        if "Seat" in tags and "Seed" not in tags:  # a record for one seat: what that seat saw
            return _replay_seat(text, args)
        game = load_record(text)
    except BadRecord as exc:
        raise UsageError(f"caylus replay: {path_text(args.file)}: {exc}") from None
    if args.step:
        from caylus.play.stepper import step_through
        from caylus.play.style import console
        from caylus.play.terminal import Terminal

        return step_through(text, Terminal(console(not args.no_color)))
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
          f"options: {options_text(game.options)}: {len(game.history)} actions")
    if game.is_terminal:
        print("final scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, scores)))
        won = game.winners()
        print(("winner: " if len(won) == 1 else "winners (shared victory): ")
              + ", ".join(names[p] for p in won))
    else:
        print("the record ends before the game does; the position reached:")
        _show_position(game)
    return 0


def _show_position(game) -> None:
    """The board in words (as --step shows it), the question asked and its moves, numbered, with their tokens."""
    from rich.text import Text

    from caylus.play.boards import render
    from caylus.play.choices import choices
    from caylus.play.style import console

    out = console(color=True)
    view = game.view(None)
    out.print(render(view))
    out.print(Text(f"{game.player_name(game.current_player)} to play:", style="bold"))
    out.print(choices(view, out.width))


def _replay_seat(text: str, args) -> int:
    """`caylus replay` of a record for one seat: the game as that seat saw it (no other hand, no seed)."""
    seen = load_seat_record(text)
    if args.step:
        from caylus.play.stepper import step_through_seat
        from caylus.play.style import console
        from caylus.play.terminal import Terminal

        return step_through_seat(text, Terminal(console(not args.no_color)))
    last = seen.views[-1]
    name = last["seats"][seen.seat].get("name", f"seat {seen.seat}")
    if args.json:
        print(json.dumps({"edition": seen.edition, "players": seen.players, "seat": seen.seat,
                          "options": seen.options, "actions": len(seen.tokens), "terminal": last.get("terminal"),
                          "current_player": last.get("current_player"), "scores": last.get("scores")}))
        return 0
    print(f"{seen.edition}, {seen.players} players, as {name} saw it, options: {options_text(seen.options)}: "
          f"{len(seen.tokens)} actions")
    print("scores: " + ", ".join(f"{s.get('name', q)} {v}" for q, (s, v) in
                                 enumerate(zip(last["seats"], last.get("scores") or []))))
    return 0

