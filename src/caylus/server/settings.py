"""How a server is set up: where the games are stored, and the limits that keep one client from hurting others."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .limits import Limits


def default_db_url() -> str:
    """The default store: one SQLite file in the user's data folder ($XDG_DATA_HOME/caylus/caylus.db, usually
    ~/.local/share/caylus/caylus.db), made on first use."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "caylus"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'caylus.db'}"


@dataclass
class Settings:
    """A server's settings (`caylus serve` flags); the defaults suit one machine."""

    db_url: str = ""  # any SQLAlchemy URL; empty: default_db_url()
    bot_workers: int = 0  # bots think in this many worker processes (0: one per core)
    bot_pace: float = 1.0  # seconds between two moves of an all-bot table someone watches (0: unpaced)
    bot_move_timeout: float = 60.0  # a worker thinking longer on one move is ended and replaced
    # Added to the niceness of the worker kept for people's tables (0: the server's own priority); the all-bot
    # workers run at +10 (server/workers.py).
    people_bot_nice: int = 0
    bot_queue: int = 10_000  # all-bot tables waiting for a worker at most (more wait in the store)
    limits: Limits = field(default_factory=Limits)  # every limit on what a client may send (limits.py)
    lobby_size: int = 50  # how many open tables the lobby lists
    web_dir: Path | None = None  # the browser front end (default: caylus/web next to this package, if there)
    listen: bool = True  # on PostgreSQL, LISTEN for other processes' moves
    webhook_hosts: tuple[str, ...] = ()  # the hosts players' webhooks may go to (server/notify.py); none: off
    now: Callable[[], float] = time.time  # the server's time (tests give a fake clock): changes' times, clocks
    clock_every: float = 1.0  # how often, in seconds, the clocks are looked at for a seat out of time
    # At a table with no clock, a person who gave no sign for this long at their turn is replaced by the table's
    # takeover bot (server/absence.py; 0: never). Only where another person plays on.
    absent_s: float = 600.0
    absence_every: float | None = None  # how often, in seconds, to look (None: a tenth of absent_s, at most 30)

    def database(self) -> str:
        return self.db_url or default_db_url()
