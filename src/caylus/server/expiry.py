"""Tables nobody plays at expire: a thread closes every open table with no change for `idle_seconds` that no
WebSocket of this process watches (a table someone watches is still in use, even if its players think long)."""

from __future__ import annotations

import logging
import threading
import time

from .errors import ApiError

log = logging.getLogger("caylus.server")


class Expiry:
    def __init__(self, tables, hub, idle_seconds: float):
        self.tables = tables
        self.hub = hub
        self.idle_seconds = idle_seconds
        self.every = max(0.05, min(60.0, idle_seconds / 4))  # how often to look
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self.idle_seconds > 0 and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="caylus-expiry", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def sweep(self) -> list[str]:
        """Close the idle tables now; their ids."""
        closed = []
        for table_id in self.tables.store.idle_tables(time.time() - self.idle_seconds):
            if self.hub.count(table_id):
                continue
            try:
                if self.tables.close(self.tables.get(table_id), f"expired: nobody played for "
                                                                 f"{_duration(self.idle_seconds)}"):
                    closed.append(table_id)
            except ApiError:  # another process changed or closed it in the meantime: look again next time
                pass
        return closed

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.sweep()
            except Exception:
                log.exception("while closing idle tables")


def _duration(seconds: float) -> str:
    if seconds >= 3600:
        return f"{seconds / 3600:g} h"
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"
