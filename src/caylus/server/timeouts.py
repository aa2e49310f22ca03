"""Clocks that run out: a thread looks at the clocked tables every second and hands a seat whose person ran out of
time to the table's takeover bot (`Tables.check_clock`). The tables in hand are looked at every time, the store's
clocked tables (those another process or a restart left out of hand) every `store_every` seconds."""

from __future__ import annotations

import logging
import threading

from .clocks import TURN_BASED
from .errors import ApiError

log = logging.getLogger("caylus.server")


class Timeouts:
    def __init__(self, tables, every: float = 1.0, store_every: float = 30.0):
        self.tables = tables
        self.every = every
        self.store_every = store_every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="caylus-clocks", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def sweep(self, from_store: bool = True) -> list[tuple[str, int]]:
        """Hand over every seat whose clock ran out now; the (table, seat) pairs handed over."""
        ids = set(self.tables.cached())
        if from_store:
            now = self.tables.now()
            for table_id, updated, clock in self.tables.store.clocked_tables():
                # A turn-based table changed less than a turn ago cannot have run out: it is not loaded (days-long
                # correspondence games stay out of memory until their time is near).
                if clock.get("kind") == TURN_BASED and now - updated < clock.get("per_turn_s", 0):
                    continue
                ids.add(table_id)
        out = []
        for table_id in sorted(ids):
            try:
                live = self.tables.get(table_id)
                if live.clocks is None:
                    continue
                seat = self.tables.check_clock(live)
            except ApiError:  # no longer stored
                continue
            if seat is not None:
                out.append((table_id, seat))
        return out

    def _run(self) -> None:
        waited = self.store_every  # look in the store at once: a restart's clocked tables are not in hand
        while not self._stop.wait(self.every):
            waited += self.every
            try:
                self.sweep(from_store=waited >= self.store_every)
            except Exception:
                log.exception("while looking at the clocks")
            if waited >= self.store_every:
                waited = 0.0
