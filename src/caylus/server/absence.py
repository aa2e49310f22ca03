"""A person who leaves without resigning (issue 27): at a table with no clock, a seat whose person has given no sign
for `absent_s` seconds (`caylus serve --absent-minutes`, default 10) while the game waits for their decision is
handed to the table's takeover bot, like a resignation (a `seat` change, why "absent"), and the game goes on. The
person may take the seat back (`POST .../take-back`) whatever the table was made with: they did not choose to leave.

A sign is any request made with the seat's token or its player's key (a state, a move, a hint, a WebSocket's
hello: everything that goes through `Tables.seat_of`), and a WebSocket of that seat held open. The decision's own
start counts as a sign too: the person has `absent_s` of their turn, from the later of the two.

Only where another person plays on (a seat of the table that is a person's, not taken over): a person alone
against bots stalls nobody, and their table is left to the idle expiry. A table with a clock is left to its clock.

The last sign of each seat is kept in memory and in the store (`seat_presence`, a table added beside the others),
written at most once every `write_every` seconds per seat, so a restart, or another process on the same PostgreSQL
database, knows it; each process writes the signs of the sockets it holds while it looks, so the others see them.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from sqlalchemy import Column, Float, Integer, PrimaryKeyConstraint, String, Table, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from .errors import ApiError
from .live import HUMAN
from .store import _open, metadata, tables

log = logging.getLogger("caylus.server")

WHY = "absent"
WRITE_EVERY = 60.0  # seconds between two stored signs of one seat (memory holds the latest)
REMEMBERED = 100_000  # seats whose last sign is held in memory (the least recent forgotten first)
LOOK_AT = 1000  # quiet tables looked at per sweep at most

presence = Table(
    "seat_presence", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("seen", Float, nullable=False),  # the server's time of the seat's last sign (stored)
    PrimaryKeyConstraint("table_id", "seat"),
)


class Absence:
    """Signs of the people at their seats (`seen`, `last_seen`) and the sweep that hands an absent person's seat
    to the bot (`sweep`, every `every` seconds from a thread)."""

    def __init__(self, tables_, hub, absent_s: float, write_every: float = WRITE_EVERY, every: float | None = None):
        self.tables = tables_
        self.hub = hub
        self.absent_s = absent_s
        self.write_every = write_every
        self.every = every if every is not None else max(0.05, min(30.0, absent_s / 10))
        self.engine = tables_.store.engine
        self.store = tables_.store
        self._signs: OrderedDict[tuple[str, int], tuple[float, float]] = OrderedDict()  # -> (seen, written)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        metadata.create_all(self.engine, tables=[presence])

    # -- signs ------------------------------------------------------------------------------------------------
    def seen(self, table_id: str, seat: int) -> None:
        """A sign from `seat`'s person now (kept; stored if the last stored one is `write_every` old)."""
        now = self.tables.now()
        key = (table_id, seat)
        with self._lock:
            _, written = self._signs.get(key, (0.0, None))
            store = written is None or now - written >= self.write_every
            self._signs[key] = (now, now if store else written)
            self._signs.move_to_end(key)
            while len(self._signs) > REMEMBERED:
                self._signs.popitem(last=False)
        if store:
            try:
                self._write(table_id, seat, now)
            except Exception:  # a sign that could not be stored must not fail the person's request
                log.exception("while storing a sign of seat %s at table %s", seat, table_id)

    def _write(self, table_id: str, seat: int, at: float) -> None:
        where = and_(presence.c.table_id == table_id, presence.c.seat == seat)
        with self.store.writing() as conn:
            if conn.execute(update(presence).where(where, presence.c.seen < at).values(seen=at)).rowcount:
                return
            if conn.execute(select(presence.c.seen).where(where)).first() is not None:
                return  # a later sign is stored already (another process)
            try:
                with conn.begin_nested():
                    conn.execute(insert(presence).values(table_id=table_id, seat=seat, seen=at))
            except IntegrityError:  # another process inserted it first
                conn.execute(update(presence).where(where, presence.c.seen < at).values(seen=at))

    def last_seen(self, table_id: str, seat: int) -> float | None:
        """The time of the seat's last sign, here or stored by any process (None: none)."""
        with self._lock:
            here = self._signs.get((table_id, seat), (None, None))[0]
        with self.engine.connect() as conn:
            stored = conn.execute(select(presence.c.seen).where(presence.c.table_id == table_id,
                                                                presence.c.seat == seat)).scalar()
        known = [t for t in (here, stored) if t is not None]
        return max(known) if known else None

    # -- the sweep --------------------------------------------------------------------------------------------
    def sweep(self) -> list[tuple[str, int]]:
        """Hand every absent person's seat to the table's takeover bot now; the (table, seat) pairs handed over."""
        if self.absent_s <= 0:
            return []
        now = self.tables.now()
        with self.engine.connect() as conn:
            quiet = conn.execute(select(tables.c.id, tables.c.version, tables.c.updated)
                                 .where(_open(), tables.c.clock.is_(None), tables.c.people >= 2,
                                        tables.c.updated <= now - self.absent_s)
                                 .order_by(tables.c.updated).limit(LOOK_AT)).all()
        out = []
        for table_id, version, updated in quiet:
            try:
                seat = self._look_at(table_id, version, updated, now)
            except ApiError:  # gone, closed or changed meanwhile: looked at again next time
                continue
            if seat is not None:
                out.append((table_id, seat))
        return out

    def _look_at(self, table_id: str, version: int, updated: float, now: float) -> int | None:
        live = self.tables.get(table_id)
        with live.lock:
            self.tables.catch_up(live)
            if live.game_version != version:  # a change since the store was asked: the decision is a new one
                return None
            seat = live.person_deciding()
            if seat is None or not any(s["kind"] == HUMAN for p, s in enumerate(live.row.seats) if p != seat):
                return None
            if seat in self.hub.seats_watching(table_id):  # their page is open: they are there
                self.seen(table_id, seat)
                return None
            last = max(updated, self.last_seen(table_id, seat) or 0.0)
            if now - last < self.absent_s:
                return None
            self.tables.resign(live, seat, WHY)
            log.info("table %s: seat %d absent for %.0f s, a bot plays it", table_id, seat, now - last)
            return seat

    def start(self) -> None:
        if self.absent_s > 0 and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="caylus-absence", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.sweep()
            except Exception:
                log.exception("while looking for absent people")
