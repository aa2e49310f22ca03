"""The WebSocket hub: who watches which table from which seat, and the push of each new state to them.

States are computed where the change happened (a request's or a bot's thread, under the table's lock) once per
watching seat, then handed to the event loop, which only sends. Each connection keeps only the newest state
not yet sent, so a slow client never makes the server queue up old states. On PostgreSQL, `Listener` hears
other processes' changes (LISTEN/NOTIFY) and pushes them to this process's watchers the same way.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading

log = logging.getLogger("caylus.server")


class Watcher:
    """One WebSocket connection watching one table as one seat (None: a spectator)."""

    def __init__(self, websocket, table_id: str, seat: int | None, new_log_only: bool):
        self.websocket = websocket
        self.table_id = table_id
        self.seat = seat
        self.new_log_only = new_log_only  # send each log entry once (else every state carries the whole log)
        self.version = -1  # the newest version sent
        self.log_next = 0  # with new_log_only: the first log entry not yet sent
        self.pending: dict | None = None
        self.wake = asyncio.Event()

    def offer(self, state: dict) -> None:
        """Keep `state` to send if it is newer than what was sent or is waiting."""
        newest = self.pending["version"] if self.pending is not None else self.version
        if state["version"] > newest:
            self.pending = state
            self.wake.set()

    def message(self, state: dict) -> str:
        if self.new_log_only:
            state = dict(state, log=[e for e in state["log"] if e["index"] >= self.log_next])
            if state["log"]:
                self.log_next = state["log"][-1]["index"] + 1
        self.version = state["version"]
        return json.dumps({"type": "state", "state": state})

    async def pump(self) -> None:
        """Send pending states until the connection closes (run as a task)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            state, self.pending = self.pending, None
            if state is not None and state["version"] > self.version:
                await self.websocket.send_text(self.message(state))


class Hub:
    """Every watcher of this process, by table."""

    def __init__(self):
        self.loop: asyncio.AbstractEventLoop | None = None
        self._watchers: dict[str, set[Watcher]] = {}
        self._lock = threading.Lock()

    def add(self, watcher: Watcher) -> None:
        with self._lock:
            self._watchers.setdefault(watcher.table_id, set()).add(watcher)

    def remove(self, watcher: Watcher) -> None:
        with self._lock:
            group = self._watchers.get(watcher.table_id)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del self._watchers[watcher.table_id]

    def seats_watching(self, table_id: str) -> dict:
        """The seats (None for spectators) with a watcher at this table, each with the first log entry any of
        them still needs (0 for a watcher that gets the whole log each time); callable from any thread."""
        seats: dict = {}
        with self._lock:
            for w in self._watchers.get(table_id, ()):
                need = w.log_next if w.new_log_only else 0
                seats[w.seat] = min(seats.get(w.seat, need), need)
        return seats

    def watched(self) -> bool:
        with self._lock:
            return bool(self._watchers)

    def publish(self, table_id: str, states: dict) -> None:
        """Hand each watcher of the table its seat's state (`states`: seat -> state); from any thread."""
        if self.loop is None or not states:
            return
        try:
            self.loop.call_soon_threadsafe(self._deliver, table_id, states)
        except RuntimeError:  # the loop is closed: the server is stopping
            pass

    def _deliver(self, table_id: str, states: dict) -> None:
        with self._lock:
            watchers = list(self._watchers.get(table_id, ()))
        for w in watchers:
            state = states.get(w.seat)
            if state is not None:
                w.offer(state)


class Listener:
    """PostgreSQL LISTEN on the store's channel in a thread of its own: each NOTIFY (another process's change,
    or this one's) calls `on_change(table_id, version)`."""

    def __init__(self, url: str, channel: str, on_change):
        self.url = url
        self.channel = channel
        self.on_change = on_change
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="caylus-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    self.ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _, version = note.payload.partition(" ")
                            try:
                                self.on_change(table_id, int(version))
                            except Exception:
                                log.exception("while pushing table %s after a NOTIFY", table_id)
            except Exception:
                if self._stop.is_set():
                    return
                log.exception("LISTEN connection lost; connecting again in a second")
                self._stop.wait(1.0)
