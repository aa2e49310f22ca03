"""The bot runner: bots play their seats inside the server, in a pool of threads, never on the event loop.

`kick(table_id)` asks for the table's bots to play. Each task plays one bot move and, if a bot is still to
move, queues the table again behind the other tables' tasks: a table of bots never holds a thread for a whole
game, and one table's bots never wait for another's to finish. A table has at most one task at a time.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from .errors import ApiError

log = logging.getLogger("caylus.server")


class BotRunner:
    def __init__(self, tables, threads: int):
        self.tables = tables
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="caylus-bot")
        self._lock = threading.Lock()
        self._busy: set[str] = set()  # tables with a task queued or running
        self._again: set[str] = set()  # tables kicked while busy: look once more before letting go
        self._closed = False

    def kick(self, table_id: str) -> None:
        with self._lock:
            if self._closed:
                return
            if table_id in self._busy:
                self._again.add(table_id)
                return
            self._busy.add(table_id)
        self._submit(table_id)

    def _submit(self, table_id: str) -> None:
        try:
            self.pool.submit(self._step, table_id)
        except RuntimeError:  # the pool is shut down: the server is stopping
            with self._lock:
                self._busy.discard(table_id)

    def _step(self, table_id: str) -> None:
        moved = False
        try:
            live = self.tables.get(table_id)
            moved = self.tables.bot_step(live)
        except ApiError as exc:
            moved = exc.code == "stale_version"  # another process moved first: look again
        except Exception:
            log.exception("a bot of table %s failed", table_id)
        with self._lock:
            if not moved and table_id not in self._again:
                self._busy.discard(table_id)
                return
            self._again.discard(table_id)
        self._submit(table_id)

    def idle(self) -> bool:
        with self._lock:
            return not self._busy

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self.pool.shutdown(wait=False, cancel_futures=True)
