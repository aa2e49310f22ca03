"""Where the terminal game keeps its records, and saving one.

Finished and abandoned games are saved under `$XDG_DATA_HOME/caylus/games/` (by default
`~/.local/share/caylus/games/`), or in the current directory if that folder cannot be made.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

from caylus.core import BadRecord, load_record
from caylus.core.record import load_seat_record, parse_record


def games_dir() -> Path:
    """The folder automatic saves go to."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "caylus" / "games"


def automatic_path(edition: str, players: int, seed: int | None) -> Path:
    """A new file name for a game's record: edition, players, seed (None: left out, it would deal every hidden
    card) and the time it was saved."""
    seeded = "" if seed is None else f"-seed{seed}"
    name = f"{edition}-{players}p{seeded}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    folder = games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path.cwd()
    return folder / name


def with_seats(record: str, seats: list[str]) -> str:
    """`record` with a `[Seats "you,human,hard"]` tag after its header, so that `caylus play --load` sits the same
    people and bots again (any older Seats tag is replaced)."""
    lines = [line for line in record.splitlines() if not line.startswith("[Seats ")]
    at = 0
    while at < len(lines) and lines[at].startswith("[") and not lines[at].startswith("[Result "):
        at += 1
    lines.insert(at, f'[Seats "{",".join(seats)}"]')
    return "\n".join(lines) + "\n"


def seats_of(tags: dict) -> list[str] | None:
    """The seats a record's tags name (`with_seats`), or None if it names none."""
    text = tags.get("Seats", "").strip()
    return [s.strip().lower() for s in text.split(",")] if text else None


def save(path: Path | str, record: str) -> Path:
    """Write `record` to `path` (OSError if it cannot be written); returns the path written."""
    path = Path(path).expanduser()
    path.write_text(record, encoding="utf-8")
    return path


# -- hot-seat games with hidden cards: one file per person -----------------------------------------------------------
# A whole record holds the seed, and the seed deals every hand: a person who read it would know the other's cards.
# So an unfinished hot-seat game with hidden cards is saved as one file per person: that person's own record
# (Game.record(seat=p): the moves and their own cards) and one share of the seed. The shares are random numbers
# whose exclusive or is the seed: each alone (or all but one) says nothing about it; the game goes on only when
# every person brings their file (`join_shares`).

def share_files(game, seats: list[str], people: list[int]) -> dict[int, str]:
    """One file's text per person's seat: that seat's own record, the seats, and its share of the seed."""
    shares = [secrets.randbits(64) for _ in people[1:]]
    last = game.seed
    for share in shares:
        last ^= share
    shares.append(last)
    out = {}
    for p, share in zip(people, shares):
        text = with_seats(game.record(seat=p), seats)
        out[p] = _with_tags(text, {"SeedShare": f"{share:016x}", "Shares": str(len(people))})
    return out


def _with_tags(record: str, tags: dict) -> str:
    lines = record.splitlines()
    at = 0
    while at < len(lines) and lines[at].startswith("[") and not lines[at].startswith("[Result "):
        at += 1
    lines[at:at] = [f'[{k} "{v}"]' for k, v in tags.items()]
    return "\n".join(lines) + "\n"


def is_share(text: str) -> bool:
    """Whether a saved file is one person's file of a hot-seat game (`share_files`)."""
    try:
        return "SeedShare" in parse_record(text)[0]
    except BadRecord:
        return False


def join_shares(texts: list[str]):
    """The game the people's files (`share_files`) hold together, and its seats; `BadRecord` unless they are every
    file of one game, each untouched (each person's views must be the views of the game they make)."""
    seen, shares = [], []
    for text in texts:
        tags = parse_record(text)[0]
        if "SeedShare" not in tags or "Shares" not in tags:
            raise BadRecord("this is not one person's file of a hot-seat game (no SeedShare tag)")
        try:
            shares.append(int(tags["SeedShare"], 16))
            count = int(tags["Shares"])
        except ValueError:
            raise BadRecord("a SeedShare or Shares tag is not a number") from None
        if not 0 <= shares[-1] < 1 << 64 or count != len(texts):
            raise BadRecord(f"the game was saved in {tags['Shares']} files, one per person: give all of them "
                            f"(got {len(texts)})")
        seen.append((load_seat_record(text), seats_of(tags)))
    first, kept = seen[0]
    if len({s.seat for s, _ in seen}) != len(seen) or any(
            (s.edition, s.players, s.options, s.tokens, k) != (first.edition, first.players, first.options,
                                                                first.tokens, kept) for s, k in seen):
        raise BadRecord("these files are not the people's files of one game (another game, or a person twice)")
    seed = 0
    for share in shares:
        seed ^= share
    options = " ".join(f"{k}={_text(v)}" for k, v in sorted(first.options.items()))
    header = (f'[Edition "{first.edition}"]\n[Players "{first.players}"]\n[Seed "{seed}"]\n'
              f'[Options "{options}"]\n')
    game = load_record(header + "".join(t + "\n" for t in first.tokens))
    replay = load_record(header, stop_at=0)
    for k, token in enumerate([*first.tokens, None]):
        for s, _ in seen:
            if s.views[k] != replay.view(s.seat):
                raise BadRecord("a file was changed: its views are not those of the game the files make together")
        if token is not None:
            replay.apply(token)
    return game, kept


def _text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)

