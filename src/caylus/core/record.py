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
"""

from __future__ import annotations

import re

from .errors import BadOption, BadRecord, IllegalAction

_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]$')


def write_record(header: dict, tokens: list[str], result: str | None = None) -> str:
    lines = [f'[{k} "{v}"]' for k, v in header.items()]
    lines.extend(tokens)
    if result is not None:
        lines.append(f'[Result "{result}"]')
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> tuple[dict, list[tuple[int, str]]]:
    """Split a record into its tags and its (line number, token) pairs, without playing it."""
    tags: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise BadRecord(f"malformed tag {line!r} (expected [Name \"value\"])", number)
            if m.group(1) in tags:
                raise BadRecord(f"tag {m.group(1)} given twice", number)
            tags[m.group(1)] = m.group(2)
            continue
        if " " in line or "\t" in line:
            raise BadRecord(f"one action token per line, got {line!r}", number)
        moves.append((number, line))
    return tags, moves


def load_record(text: str, stop_at: int | None = None):
    """Replay a record; returns the `Game` after its last action (or after `stop_at` actions).

    Every problem raises `BadRecord` naming the line.
    """
    from .registry import get_edition, new_game

    tags, moves = parse_record(text)
    for required in ("Edition", "Players", "Seed"):
        if required not in tags:
            raise BadRecord(f"missing tag [{required} \"...\"]", 1)
    try:
        seed = int(tags["Seed"])
    except ValueError:
        raise BadRecord(f"Seed must be an integer, got {tags['Seed']!r}", _tag_line(text, "Seed")) from None
    options = {}
    for item in tags.get("Options", "").split():
        key, eq, value = item.partition("=")
        if not eq:
            raise BadRecord(f"option {item!r} is not key=value", _tag_line(text, "Options"))
        options[key] = value
    # Check the tags one at a time, so that an error names the line of the tag at fault.
    for tag, check in (("Edition", lambda: get_edition(tags["Edition"])),
                       ("Players", lambda: get_edition(tags["Edition"]).check_players(tags["Players"])),
                       ("Options", lambda: get_edition(tags["Edition"]).normalize_options(options))):
        try:
            check()
        except BadOption as exc:
            raise BadRecord(str(exc), _tag_line(text, tag)) from None
    game = new_game(tags["Edition"], players=tags["Players"], seed=seed, **options)
    for count, (number, token) in enumerate(moves):
        if stop_at is not None and count >= stop_at:
            break
        try:
            game.apply(token)
        except IllegalAction as exc:
            raise BadRecord(str(exc), number) from None
    if "Result" in tags and stop_at is None:
        if not game.is_terminal:
            raise BadRecord(f"record says the result is {tags['Result']!r}, but the game is not over after its "
                            f"{len(game.history)} actions", _tag_line(text, "Result"))
        got = " ".join(str(s) for s in game.scores())
        if got != tags["Result"].strip():
            raise BadRecord(f"record says the result is {tags['Result']!r}, replay gives {got!r}",
                            _tag_line(text, "Result"))
    return game


def _tag_line(text: str, name: str) -> int:
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip().startswith(f"[{name} "):
            return number
    return 1
