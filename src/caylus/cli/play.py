"""`caylus play`: play a game in the terminal, against bots or friends (hot-seat), in any edition."""

from __future__ import annotations

import random
from pathlib import Path

from caylus.core import get_edition, load_record, new_game
from caylus.core.errors import BadOption, BadRecord
from caylus.core.record import parse_record
from caylus.core.registry import EDITION_MODULES
from caylus.play.records import is_share, join_shares, seats_of

from .common import UsageError, option_pair, path_text, positive_int, seed, why

def add(commands) -> None:
    play = commands.add_parser(
        "play", help="play a game in the terminal (default: Caylus, you against three normal bots)",
        description="Play in the terminal. With no flags: Caylus (2005), you (Blue) against three 'normal' bots. "
                    "At any prompt, type help for the commands (undo, hint, save, log, quit...).")
    play.add_argument("--edition", default="caylus", metavar="ID",
                      help=f"edition id: {', '.join(EDITION_MODULES)} (default caylus)")
    play.add_argument("--players", type=positive_int, metavar="N",
                      help="number of players (default: as many as --seats names, else 4)")
    play.add_argument("--seats", metavar="LIST",
                      help="who sits where, in colour order, comma-separated: you, human (a friend at this "
                           "keyboard) or a bot (random, greedy, easy, normal, hard, mcts:ITER); "
                           "default: you,normal,normal,...")
    play.add_argument("--seed", type=seed, metavar="S", help="the game's seed (default: a new random one)")
    play.add_argument("--load", metavar="FILE", action="append",
                      help="go on with a saved game record (written by save or on leaving), with the seats it "
                           "was played with (--seats changes them); a hot-seat game with hidden cards is saved "
                           "as one file per person: give --load once for each")
    play.add_argument("--option", type=option_pair, action="append", default=[], metavar="KEY=VALUE",
                      help="an edition option, repeatable (e.g. favors=simplified, jeweller=true)")
    play.add_argument("--fast", action="store_true", help="no pauses after the bots' moves")
    play.add_argument("--no-color", action="store_true", help="no colours (players still show as letters)")
    play.set_defaults(run=run_play)


def run_play(args) -> int:
    game, kept = _loaded(args) if args.load else (None, None)
    if game is not None:
        players = game.num_players
    else:
        counted = len(_seat_list(args.seats)) if args.seats else None
        players = args.players or counted or 4
        get_edition(args.edition).check_players(players)  # BadOption: one line, exit 2
    seats = _seats(args, players) if args.seats or not kept else kept
    if game is None:
        # A short random seed is easy to note and to replay (any seed from 0 to 2**64-1 may be given).
        game_seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        game = new_game(args.edition, players=players, seed=game_seed, **dict(args.option))
    from caylus.play import loop  # the terminal game (rich) once the command line is known to be right

    try:
        return loop.play(game, seats, color=not args.no_color, fast=args.fast)
    except BadOption as exc:  # a seat's bot that cannot be made: said in the flag's words, before any move
        raise UsageError(f"caylus play: --seats: {str(exc).removeprefix('Session: ')}") from None


def _loaded(args):
    if args.seed is not None or args.option or args.edition != "caylus":
        raise UsageError("caylus play: --load takes the edition, seed and options from the record; "
                         "leave out --edition, --seed and --option")
    texts = []
    for name in args.load:
        try:
            texts.append(Path(name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise UsageError(f"caylus play: cannot read {path_text(name)}: {why(exc)}") from None
    shared = any(is_share(t) for t in texts)
    if len(texts) > 1 and not shared:
        raise UsageError("caylus play: give --load once, except for the people's files of a hot-seat game")
    args.load = args.load[0] if not shared else ", ".join(args.load)
    try:
        if shared:
            game, kept = join_shares(texts)
        else:
            game = load_record(texts[0])
            kept = seats_of(parse_record(texts[0])[0])
    except BadRecord as exc:
        raise UsageError(f"caylus play: {path_text(args.load)}: {exc}") from None
    if kept is not None and (len(kept) != game.num_players or not all(kept)):
        raise UsageError(f"caylus play: {path_text(args.load)}: its Seats tag names {len(kept)} seats for a "
                         f"{game.num_players}-player game (give --seats)")
    if game.is_terminal:
        raise UsageError(f"caylus play: {path_text(args.load)} is a finished game "
                         f"(see it with: caylus replay {path_text(args.load)} --step)")
    if args.players is not None and args.players != game.num_players:
        raise UsageError(f"caylus play: the record is a {game.num_players}-player game, not {args.players}")
    return game, kept


def _seat_list(text: str) -> list[str]:
    return [s.strip().lower() for s in text.split(",")]


def _seats(args, players: int) -> list[str]:
    """The seat list: "you"/"human" for people, a bot spec for the others."""
    if not args.seats:
        return ["you"] + ["normal"] * (players - 1)
    seats = _seat_list(args.seats)
    if any(not s for s in seats):
        raise UsageError("caylus play: --seats has an empty name (expected e.g. you,normal,hard)")
    if len(seats) != players:
        raise UsageError(f"caylus play: --seats names {len(seats)} seats for a {players}-player game")
    return seats  # the session refuses an unknown bot with a BadOption: one line, exit 2


