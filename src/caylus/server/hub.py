"""The WebSocket hub: who watches which table from which seat, and the push of each new state to them.

States are computed where the change happened (a request's or a bot's thread, under the table's lock) once per
watching seat, then handed to the event loop, which serialises each seat's state once (`Frames`) and sends that
same text to every socket of the seat. Each connection keeps only the newest state
not yet sent, so a slow client never makes the server queue up old states. On PostgreSQL, `Listener` hears
other processes' changes (LISTEN/NOTIFY) and pushes them to this process's watchers the same way.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from . import fastjson

log = logging.getLogger("caylus.server")


def encode(message: dict) -> str:
    """A message as the socket sends it (one place, so the tests can count the serialisations)."""
    return fastjson.dumps(message)


class Frames:
    """One version of a table as each watching seat may see it (`states`: seat -> state), serialised at most
    once per (seat, first log entry) and shared by every socket that needs that text: 200 spectators of one
    table cost one serialisation per move, not 200. Used on the event loop only."""

    __slots__ = ("version", "states", "_texts")

    def __init__(self, version: int, states: dict):
        self.version = version
        self.states = states
        self._texts: dict = {}

    def text(self, seat, log_from: int | None) -> tuple[str, int] | None:
        """The message for `seat` with the log from entry `log_from` (None: the state's whole log), and the
        index after its last log entry (None if the state holds none); None if the seat has no state here."""
        key = (seat, log_from)
        found = self._texts.get(key)
        if found is None:
            state = self.states.get(seat)
            if state is None:
                return None
            if log_from is not None:
                state = dict(state, log=[e for e in state["log"] if e["index"] >= log_from])
            after = state["log"][-1]["index"] + 1 if state["log"] else None
            found = self._texts[key] = (encode({"type": "state", "state": state}), after)
        return found


class Watcher:
    """One WebSocket connection watching one table as one seat (None: a spectator)."""

    def __init__(self, websocket, table_id: str, seat: int | None, new_log_only: bool):
        self.websocket = websocket
        self.table_id = table_id
        self.seat = seat
        self.new_log_only = new_log_only  # send each log entry once (else every state carries the whole log)
        self.version = -1  # the newest version sent
        self.log_next = 0  # with new_log_only: the first log entry not yet sent
        self.pending: Frames | None = None
        self.wake = asyncio.Event()

    def offer(self, frames: Frames) -> None:
        """Keep `frames` to send if it is newer than what was sent or is waiting."""
        newest = self.pending.version if self.pending is not None else self.version
        if frames.version > newest and self.seat in frames.states:
            self.pending = frames
            self.wake.set()

    def offer_state(self, state: dict) -> None:
        """Offer one state of this watcher's seat (on connecting, or when the client asks for it again)."""
        self.offer(Frames(state["version"], {self.seat: state}))

    def message(self, frames: Frames) -> str | None:
        found = frames.text(self.seat, self.log_next if self.new_log_only else None)
        if found is None:
            return None
        text, after = found
        if self.new_log_only and after is not None:
            self.log_next = max(self.log_next, after)
        self.version = frames.version
        return text

    async def pump(self) -> None:
        """Send pending states until the connection closes (run as a task)."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            frames, self.pending = self.pending, None
            if frames is not None and frames.version > self.version:
                text = self.message(frames)
                if text is not None:
                    await self.websocket.send_text(text)


class Hub:
    """Every watcher of this process, by table."""

    def __init__(self):
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: int | None = None  # the thread running `loop` (set with it)
        self._watchers: dict[str, set[Watcher]] = {}
        self._lock = threading.Lock()
        # States handed over by other threads, waiting for the event loop: one wake-up of the loop (a write to its
        # self-pipe) takes every change made until it runs, not one each.
        self._handed: list = []
        self._woken = False

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
        if states:
            self._hand((table_id, states))

    def call(self, callback) -> bool:
        """Run `callback()` on the event loop, in order with the states published before it (from any thread;
        it shares their wake-up of the loop). False if there is no loop to run it (the server is stopping)."""
        return self._hand(callback)

    def _hand(self, item) -> bool:
        loop = self.loop
        if loop is None:
            return False
        with self._lock:
            self._handed.append(item)
            if self._woken:
                return True  # the loop is already asked to run _deliver, which will take this too
            self._woken = True
        try:
            if threading.get_ident() == self.loop_thread:
                loop.call_soon(self._deliver)  # a move played on the loop itself: no wake-up to write
            else:
                loop.call_soon_threadsafe(self._deliver)
        except RuntimeError:  # the loop is closed: the server is stopping
            with self._lock:
                self._handed.clear()
                self._woken = False
            return False
        return True

    def _deliver(self) -> None:
        with self._lock:
            handed, self._handed, self._woken = self._handed, [], False
            groups = [item if callable(item) else (item[1], list(self._watchers.get(item[0], ())))
                      for item in handed]
        for group in groups:  # in the order they were stored: a newer version replaces an older one
            if callable(group):
                try:
                    group()
                except Exception:
                    log.exception("while handing results to the event loop")
                continue
            states, watchers = group
            frames = Frames(next(iter(states.values()))["version"], states)
            for w in watchers:
                w.offer(frames)

    def count(self, table_id: str) -> int:
        with self._lock:
            return len(self._watchers.get(table_id, ()))


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
