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


def save(path: Path | str, record: str) -> Path:
    """Write `record` to `path` (OSError if it cannot be written); returns the path written."""
    path = Path(path).expanduser()
    path.write_text(record, encoding="utf-8")
    return path
