"""Where the terminal game keeps its records, and saving one.

Finished and abandoned games are saved under `$XDG_DATA_HOME/caylus/games/` (by default
`~/.local/share/caylus/games/`), or in the current directory if that folder cannot be made.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def games_dir() -> Path:
    """The folder automatic saves go to."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "caylus" / "games"


def automatic_path(edition: str, players: int, seed: int) -> Path:
    """A new file name for a game's record: edition, players, seed and the time it was saved."""
    name = f"{edition}-{players}p-seed{seed}-{time.strftime('%Y%m%d-%H%M%S')}.txt"
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
