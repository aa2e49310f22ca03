"""The text game record: PGN-like header tags, then one action token per line.

    [Edition "caylus"]
    [Players "4"]
    [Seed "1"]
    [Options "favors=table jeweller=false"]
    [Engine "caylus 0.1.0"]
    # a comment
    place:inn
    pass
    ...
    [Result "31 40 28 35"]    (optional; checked on replay when present)

A determinized game (`caylus.determinize`) did not start from its seed's setup but from the world it was dealt:
its record adds a `[Dealt "..."]` tag holding that board (`Game.dealt()`: compact JSON, zlib, base64), which the
replay starts from instead of the seed.

A record for one seat (`Game.record(seat=p)`) holds what that seat saw and nothing else: no `Seed` (which deals
every hidden card), a `[Seat "p"]` tag, the public moves, and a `[Seen "..."]` tag holding the seat's view after
the setup and after each move (compact JSON, zlib, base64). It cannot be replayed as a game; `load_seat_record`
reads it and `caylus replay` steps through it as the seat saw the game.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass

from .errors import BadOption, BadRecord, IllegalAction, shown

_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]$')


def write_record(header: dict, tokens: list[str], result: str | None = None) -> str:
    lines = [f'[{k} "{v}"]' for k, v in header.items()]
    lines.extend(tokens)
    if result is not None:
        lines.append(f'[Result "{result}"]')
    return "\n".join(lines) + "\n"


_DEALT_LIMIT = 1 << 20  # bytes of JSON a Dealt tag may unpack to (a board is a few kilobytes)
_SEEN_LIMIT = 64 << 20  # bytes of JSON a Seen tag may unpack to (a view of a few kilobytes for each move)


def _pack(obj) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(text, 9)).decode("ascii")


def _unpack(value: str, tag: str, limit: int):
    try:
        packed = base64.b64decode(value.strip(), validate=True)
        unpack = zlib.decompressobj()
        text = unpack.decompress(packed, limit)
        if unpack.unconsumed_tail or not unpack.eof:
            raise BadOption(f"the {tag} tag is cut short or holds more than a record may")
        return json.loads(text)
    except (binascii.Error, zlib.error, ValueError, RecursionError):
        raise BadOption(f"the {tag} tag holds no data (expected base64 of zlib-compressed JSON)") from None


def dealt_tag(dealt: dict) -> str:
    """The `Dealt` tag's value for a dealt board (`Game.dealt()`)."""
    return _pack(dealt)


def read_dealt(value: str) -> dict:
    """The dealt board a `Dealt` tag holds; `BadOption` if it holds none (or more than any board could be)."""
    dealt = _unpack(value, "Dealt", _DEALT_LIMIT)
    if not isinstance(dealt, dict):
        raise BadOption("the Dealt tag holds no board (expected a JSON object)")
    return dealt


@dataclass(frozen=True)
class SeatRecord:
    """A record for one seat, read: the game's `edition` id, `players`, `options`, the `seat`, the public move
    `tokens`, and `views`: the seat's view after the setup and after each move (len(tokens) + 1)."""

    edition: str
    players: int
    options: dict
    seat: int
    tokens: list
    views: list


def write_seat_record(game, seat: int) -> str:
    """`Game.record(seat=seat)`: the record of what `seat` saw (see the module's doc)."""
    replay = game.clone()
    while replay.history:
        replay.undo()
    views = [replay.view(seat)]
    for act in game.history:
        replay.apply(act)
        views.append(replay.view(seat))
    tags = {k: v for k, v in game.header().items() if k not in ("Seed", "Dealt")}
    tags["Seat"] = str(seat)
    tags["Seen"] = _pack(views)
    result = " ".join(str(s) for s in game.scores()) if game.is_terminal else None
    return write_record(tags, [a.token for a in game.history], result)


def load_seat_record(text: str) -> SeatRecord:
    """Read a record for one seat (`Game.record(seat=p)`); `BadRecord` naming the line for anything wrong."""
    from .registry import get_edition

    tags, tag_lines, moves = _split(text)
    for required in ("Edition", "Players", "Seat", "Seen"):
        if required not in tags:
            raise BadRecord(f"missing tag [{required} \"...\"] (a record for one seat has Seat and Seen tags)", 1)
    if "Seed" in tags or "Dealt" in tags:
        line = tag_lines.get("Seed", tag_lines.get("Dealt"))
        raise BadRecord("a record for one seat holds no seed and no dealt board (they deal every hidden card)", line)
    try:
        ed = get_edition(tags["Edition"])
        players = ed.check_players(tags["Players"])
        options = ed.normalize_options(_options(tags, tag_lines))
    except BadOption as exc:
        raise BadRecord(str(exc), tag_lines["Edition"]) from None
    seat_text = tags["Seat"].strip()
    if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) < 3 and int(seat_text) < players):
        raise BadRecord(f"Seat must be a seat of the {players}-player game (0-{players - 1}), got "
                        f"{shown(tags['Seat'])}", tag_lines["Seat"])
    seat = int(seat_text)
    try:
        views = _unpack(tags["Seen"], "Seen", _SEEN_LIMIT)
    except BadOption as exc:
        raise BadRecord(str(exc), tag_lines["Seen"]) from None
    tokens = [token for _, token in moves]
    if not isinstance(views, list) or len(views) != len(tokens) + 1:
        raise BadRecord(f"the Seen tag must hold the seat's view after the setup and after each of the "
                        f"{len(tokens)} moves", tag_lines["Seen"])
    for number, view in enumerate(views):
        if not (isinstance(view, dict) and view.get("edition") == ed.id and view.get("players") == players
                and view.get("viewer") == seat and isinstance(view.get("seats"), list)):
            raise BadRecord(f"view {number} of the Seen tag is not a view of seat {seat} of this game",
                            tag_lines["Seen"])
        # What another seat holds is never in a record for one seat.
        if any(isinstance(s, dict) and s.get("hand") is not None for q, s in enumerate(view["seats"]) if q != seat
               and ed.determinize is not None):
            raise BadRecord(f"view {number} of the Seen tag shows another seat's hand", tag_lines["Seen"])
    for number, token in moves:
        try:
            ed.actions.parse(token)
        except IllegalAction as exc:
            raise BadRecord(str(exc), number) from None
    return SeatRecord(ed.id, players, options, seat, tokens, views)


def _options(tags: dict, tag_lines: dict) -> dict:
    options: dict = {}
    for item in tags.get("Options", "").split():
        key, eq, value = item.partition("=")
        if not eq:
            raise BadRecord(f"option {shown(item)} is not key=value", tag_lines["Options"])
        if key in options:
            raise BadRecord(f"option {shown(key)} given twice", tag_lines["Options"])
        options[key] = value
    return options


def parse_record(text: str) -> tuple[dict, list[tuple[int, str]]]:
    """Split a record into its tags and its (line number, token) pairs, without playing it."""
    tags, _, moves = _split(text)
    return tags, moves


# A line ends with "\n", "\r\n" or "\r", as when a file is read in text mode (Python's universal newlines); the other
# characters that str.splitlines() also breaks at (form feed, U+2028, ...) do not end a line.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _split(text: str) -> tuple[dict, dict, list[tuple[int, str]]]:
    """The tags, the line number of each tag, and the (line number, token) pairs of a record."""
    if not isinstance(text, str):
        raise BadRecord(f"a record is text (str), not {type(text).__name__}")
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):  # a BOM is no text
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise BadRecord(f"malformed tag {shown(line)} (expected [Name \"value\"])", number)
            if m.group(1) in tags:
                raise BadRecord(f"tag {m.group(1)} given twice", number)
            tags[m.group(1)] = m.group(2)
            tag_lines[m.group(1)] = number
            continue
        if len(line.split()) > 1:
            raise BadRecord(f"one action token per line, got {shown(line)}", number)
        moves.append((number, line))
    return tags, tag_lines, moves


def load_record(text: str, stop_at: int | None = None):
    """Replay a record; returns the `Game` after its last action (or after `stop_at` actions).

    Every problem raises `BadRecord` naming the line.
    """
    from .registry import check_seed, get_edition, new_game

    if stop_at is not None and (isinstance(stop_at, bool) or not isinstance(stop_at, int) or stop_at < 0):
        raise BadRecord(f"stop_at must be a number of actions (0 or more) or None, not {shown(stop_at)}")
    tags, tag_lines, moves = _split(text)
    if "Seat" in tags and "Seed" not in tags:
        raise BadRecord("a record for one seat (its Seat tag) holds no seed: it does not replay as a game "
                        "(caylus.core.record.load_seat_record reads it; caylus replay steps through it)",
                        tag_lines["Seat"])
    for required in ("Edition", "Players", "Seed"):
        if required not in tags:
            raise BadRecord(f"missing tag [{required} \"...\"]", 1)
    options = _options(tags, tag_lines)
    # Check the tags one at a time, so that an error names the line of the tag at fault.
    for tag, check in (("Edition", lambda: get_edition(tags["Edition"])),
                       ("Players", lambda: get_edition(tags["Edition"]).check_players(tags["Players"])),
                       ("Seed", lambda: check_seed(_seed(tags["Seed"]))),
                       ("Options", lambda: get_edition(tags["Edition"]).normalize_options(options))):
        try:
            check()
        except BadOption as exc:
            raise BadRecord(str(exc), tag_lines.get(tag, 1)) from None
    if "Dealt" in tags:  # a determinized game: it starts from the board it was dealt
        from .registry import game_from_dealt

        try:
            ed = get_edition(tags["Edition"])
            game = game_from_dealt(ed.id, ed.check_players(tags["Players"]), _seed(tags["Seed"]),
                                   ed.normalize_options(options), read_dealt(tags["Dealt"]))
        except BadOption as exc:
            raise BadRecord(str(exc), tag_lines["Dealt"]) from None
    else:
        game = new_game(tags["Edition"], players=tags["Players"], seed=_seed(tags["Seed"]), **options)
    for count, (number, token) in enumerate(moves):
        if stop_at is not None and count >= stop_at:
            break
        try:
            game.apply(token)
        except IllegalAction as exc:
            raise BadRecord(str(exc), number) from None
    if "Result" in tags and stop_at is None:
        if not game.is_terminal:
            raise BadRecord(f"record says the result is {shown(tags['Result'])}, but the game is not over after "
                            f"its {len(game.history)} actions", tag_lines["Result"])
        got = " ".join(str(s) for s in game.scores())
        if got != tags["Result"].strip():
            raise BadRecord(f"record says the result is {shown(tags['Result'])}, replay gives {got!r}",
                            tag_lines["Result"])
    return game


def _seed(text: str) -> int:
    """The Seed tag's value as an int; `BadOption` unless it is written in decimal (ASCII digits, no "_")."""
    text = text.strip()
    if not re.fullmatch(r"-?[0-9]+", text):
        raise BadOption(f"Seed must be an integer, got {shown(text)}")
    if len(text) > 21:  # out of range, and too long to convert in full
        raise BadOption(f"seed must be from 0 to 2**64-1, got {text[:20]}...")
    return int(text)
