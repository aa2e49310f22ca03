"""Where tables and their moves are kept: SQLAlchemy over SQLite (the default, one file) or PostgreSQL.

Two tables. `tables` holds each game's setup (edition, players, seed, options, and for a game re-dealt from a
record's position the board it was dealt), its seats (human or a bot level,
and for a human seat the SHA-256 of its secret token: the token itself is never stored) and its `version`.
`moves` holds every accepted change, numbered: row `number` n of a table is the change that took its version
from n to n+1; `(table_id, number)` is the primary key, so a version can be spent only once. A change is a
`move` (an action token, by a seat) or an `undo` (the last action taken back). A game is rebuilt by replaying
its rows in order, which the engine does exactly.

`append` bumps the version and inserts the rows in one transaction: its UPDATE ... WHERE version = the one the
change was made against both checks the version and locks the table's row (PostgreSQL locks the row it updates;
SQLite lets one writer in at a time). Whatever another process did in between makes the append fail with
`Stale`, and nothing is written. On PostgreSQL the same transaction sends a NOTIFY on `CHANNEL` (delivered at
commit), so every server process hears of the change.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass, field

from sqlalchemy import (
    Boolean, Column, Float, ForeignKey, Integer, MetaData, PrimaryKeyConstraint, String, Table, Text,
    and_, create_engine, event, inspect, or_, select, text, update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

log = logging.getLogger("caylus.server")

CHANNEL = "caylus_moves"  # PostgreSQL NOTIFY channel: payload "<table id> <version>"
SQLITE_AUTOCHECKPOINT = 20_000  # pages (~80 MB) of write-ahead log before a commit checkpoints it itself
CHECKPOINT_EVERY = 0.5  # seconds between two checkpoints of the checkpoint thread (Store.start_checkpoints)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("edition", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", String(24), nullable=False),  # text: seeds go up to 2**64-1, beyond a signed BIGINT
    Column("options", Text, nullable=False),  # JSON object
    Column("seats", Text, nullable=False),  # JSON list of {"kind": "human" | bot level, "token_sha256": ...}
    Column("version", Integer, nullable=False, default=0),
    Column("terminal", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # Added after the first release (`_add_missing_columns` adds them to an older file):
    Column("people", Integer),  # how many seats are human (0: a table of bots only)
    Column("creator", String(64)),  # who created it: a hash of the client's address (the limits count by it)
    Column("closed", Boolean, default=False),  # closed by its creator or expired: no more moves, out of the lobby
    Column("owner_sha256", String(64)),  # SHA-256 of the creator's token, which may close the table
    Column("dealt", Text),  # JSON: the board a re-dealt game starts from (Game.dealt()); NULL: the seed's setup
    Column("clock", Text),  # JSON: the time control chosen at creation (server/clocks.py), null for none
)

moves = Table(
    "moves", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),  # the version this change was made against
    Column("kind", String(8), nullable=False),  # "move", "undo", "close" or "seat"
    Column("token", String(64)),  # the action token of a move (None for an undo)
    Column("seat", Integer),  # who asked for it
    Column("created", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "number"),
)

MOVE, UNDO, CLOSE = "move", "undo", "close"
REMATCH = "rematch"  # a finished game's rematch was made: token the new table's id (server/live.py)
SEAT = "seat"  # a bot takes a person's seat: token "<bot level> <why>", seat the seat (server/live.py)


class Stale(Exception):
    """The table's version moved on since the change was made (another request or process came first)."""


@dataclass
class TableRow:
    """A table's setup and version as stored."""

    id: str
    edition: str
    players: int
    seed: int
    options: dict
    seats: list[dict]
    version: int
    terminal: bool
    closed: bool = False
    people: int = 0  # human seats
    creator: str | None = None
    owner_sha256: str | None = None
    updated: float = 0.0  # when the last change was stored (time.time())
    dealt: dict | None = None  # the board the game starts from instead of the seed's setup (Game.dealt())
    created: float = 0.0  # when the table was made (0: now, when it is stored)
    clock: dict | None = None  # the time control (server/clocks.py), None for none


@dataclass
class Change:
    """One stored row of `moves`."""

    number: int
    kind: str
    token: str | None
    seat: int | None
    at: float | None = None  # when it was stored (the clocks are worked out from these times)


@dataclass
class Store:
    """The database: `create`, `load`, `changes_since`, `version_of`, `append`, `open_tables`."""

    url: str
    engine: Engine = field(init=False)

    def __post_init__(self):
        self.engine = make_engine(self.url)
        # SQLite lets one connection write at a time, and one that finds the file locked sleeps and tries again
        # (its busy handler: 1, 2, 5, 10 ... 100 ms), however soon the lock is let go: under the load benchmark
        # a move's batch waited 60-260 ms so behind tables being created. So every write of this process takes
        # this lock first, and a write waiting for another wakes as soon as that one ends, in turn (FairLock).
        # PostgreSQL locks rows, and writes side by side: nothing to take there.
        self.write_lock = contextlib.nullcontext() if self.is_postgres else FairLock()
        metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        # The statements of every move, as the driver's own SQL on the driver's own connection (from the pool):
        # SQLAlchemy's building and compiling of a statement cost four times the database's own work per move
        # (measured: 1.0 against 0.2 ms of CPU), and its Connection and execution context three times again the
        # driver's (0.19 against 0.06 ms for a move's UPDATE, INSERT and COMMIT on SQLite).
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._sql = {name: statement.replace("?", mark) for name, statement in _HOT_SQL.items()}
        self._integrity_error = self.engine.dialect.loaded_dbapi.IntegrityError

    @property
    def is_postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    @contextlib.contextmanager
    def writing(self):
        """A transaction that writes (`engine.begin()`), with this process's write lock held (see `write_lock`):
        every write of the server goes through here, `append` or a `Batch`."""
        with self.write_lock, self.engine.begin() as conn:
            yield conn

    def create(self, row: TableRow) -> None:
        """Store a new table (its setup, version 0), in a transaction of its own, with the write lock held."""
        now = row.created or time.time()
        values = (row.id, row.edition, row.players, str(row.seed), json.dumps(row.options), json.dumps(row.seats),
                  0, bool(row.terminal), now, now, row.people, row.creator, False, row.owner_sha256,
                  None if row.dealt is None else json.dumps(row.dealt), json.dumps(row.clock) if row.clock else None)
        # The driver's own SQL, as for a move (see _HOT_SQL): a flood of tables being created is work done beside
        # people's moves, and SQLAlchemy's building of the insert was most of a table's cost to store.
        conn = self.engine.raw_connection()
        try:
            with self.write_lock:
                try:
                    cursor = conn.cursor()
                    cursor.execute(self._sql["create"], values)
                    cursor.close()
                    conn.commit()
                except BaseException:
                    conn.rollback()
                    raise
        finally:
            conn.close()

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(tables).where(tables.c.id == table_id)).first()
        return None if r is None else _table_row(r)

    def changes_since(self, table_id: str, number: int) -> list[Change]:
        """The stored changes of a table from `number` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(moves.c.number, moves.c.kind, moves.c.token, moves.c.seat, moves.c.created)
                                .where(moves.c.table_id == table_id, moves.c.number >= number)
                                .order_by(moves.c.number)).all()
        return [Change(*r) for r in rows]

    def version_of(self, table_id: str) -> int | None:
        row = self._fetch_one("version", (table_id,))
        return None if row is None else row[0]

    def _fetch_one(self, name: str, params: tuple):
        """The first row of one of `_HOT_SQL`'s reads, on the driver's own connection (see _HOT_SQL)."""
        conn = self.engine.raw_connection()
        try:
            cursor = conn.cursor()
            cursor.execute(self._sql[name], params)
            row = cursor.fetchone()
            cursor.close()
        finally:
            conn.close()  # back to the pool, which ends the read's transaction
        return row

    def append(self, table_id: str, version: int, changes: list[Change], terminal: bool,
               closed: bool = False, now: float | None = None, batch: "Batch | None" = None) -> None:
        """Store `changes` (numbered from `version`) and set the version past them, in one transaction, at the
        time `now` (default: the machine's). With `batch`, in the batch's transaction, which its owner commits
        (nothing is stored until then).

        Raises `Stale` if the stored version is not `version` any more; then nothing is written.
        """
        now = time.time() if now is None else now
        if batch is not None:
            batch.append(table_id, version, changes, terminal, closed, now)
            return
        conn = self.engine.raw_connection()  # the driver's own connection, from the pool: see _HOT_SQL
        try:
            with self.write_lock:
                self._append(conn, table_id, version, changes, terminal, closed, now)
        finally:
            conn.close()

    def _append(self, conn, table_id: str, version: int, changes: list[Change], terminal: bool, closed: bool,
                now: float) -> None:
        try:
            cursor = conn.cursor()
            if not self._write(cursor, table_id, version, changes, terminal, closed, now):
                conn.rollback()
                raise Stale(f"the table moved on from version {version}")
            cursor.close()
            conn.commit()
        except self._integrity_error:
            # Another writer took the same (table, number) first: the unique key refused the second.
            conn.rollback()
            raise Stale(f"the table moved on from version {version}") from None
        except BaseException:
            conn.rollback()
            raise

    def _write(self, cursor, table_id: str, version: int, changes: list[Change], terminal: bool, closed: bool,
               now: float) -> bool:
        """The statements of an append, in the cursor's transaction; False (nothing written) if the stored version
        is not `version`."""
        # The version check and the row lock in one statement (PostgreSQL locks the row it updates;
        # SQLite takes its one write lock): three round trips a move with the insert and the commit.
        cursor.execute(self._sql["bump"], (version + len(changes), bool(terminal), bool(closed), now, table_id,
                                           version))
        if cursor.rowcount != 1:
            return False
        for i, c in enumerate(changes):
            cursor.execute(self._sql["insert"], (table_id, version + i, c.kind, c.token, c.seat, now))
        if self.is_postgres:
            cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {version + len(changes)}"))
        return True

    def connection(self):
        """A driver connection of the pool's kept for one thread's own use (a writer's: `Batch`); `close()` gives
        it back."""
        return self.engine.raw_connection()

    def set_seats(self, table_id: str, seats: list[dict]) -> None:
        """Store a table's seats again (a player joined one); the game's version does not change."""
        with self.writing() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(seats=json.dumps(seats)))

    def tables_with(self, kind: str) -> set[str]:
        """The open tables with a stored change of `kind` (e.g. SEAT: a bot took a person's seat)."""
        with self.engine.connect() as conn:
            return set(conn.execute(select(moves.c.table_id).distinct().join(tables, tables.c.id == moves.c.table_id)
                                    .where(moves.c.kind == kind, _open())).scalars())

    def clocked_tables(self, limit: int = 10_000) -> list[tuple[str, float, dict]]:
        """The open tables with a clock (the ones whose seats may run out of time): (id, time of the last change,
        the clock)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables.c.id, tables.c.updated, tables.c.clock)
                                .where(_open(), tables.c.clock.is_not(None)).limit(limit)).all()
        return [(r.id, r.updated, json.loads(r.clock)) for r in rows]

    def open_tables(self, limit: int = 50) -> list[TableRow]:
        """The games not yet over nor closed, for the lobby: those with a person's seat first (a table of bots
        is only watched; spam of them must not hide people's games), each kind the latest played first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).where(_open())
                                .order_by((tables.c.people > 0).desc(), tables.c.updated.desc()).limit(limit)).all()
        return [_table_row(r) for r in rows]

    def count_open_bot_tables(self, creator: str | None = None) -> int:
        """How many tables of bots only are open (not over, not closed), in all or created by `creator`."""
        everyone, theirs = self.open_bot_tables(creator)
        return everyone if creator is None else theirs

    def open_bot_tables(self, creator: str | None) -> tuple[int, int]:
        """How many tables of bots only are open (not over, not closed): in all, and created by `creator`; one
        query, the driver's own (asked at every table a client makes)."""
        everyone, theirs = self._fetch_one("open_bot_tables", (creator, False, False))
        return int(everyone or 0), int(theirs or 0)

    def idle_tables(self, before: float, limit: int = 500) -> list[str]:
        """Open tables whose last change is older than `before` (a time.time()): the ones to expire."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables.c.id).where(_open(), tables.c.updated < before)
                                     .order_by(tables.c.updated).limit(limit)).scalars())

    def start_checkpoints(self, every: float = CHECKPOINT_EVERY) -> None:
        """On an SQLite file: a thread that copies the write-ahead log into the file every `every` seconds
        (PRAGMA wal_checkpoint(PASSIVE): it never waits for, nor holds up, a reader or a writer), so that no
        commit pays for it. Ends with `close`."""
        if self.engine.dialect.name != "sqlite" or self.engine.url.database in (None, "", ":memory:"):
            return
        self._stop_checkpoints = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint_loop, args=(every, self._stop_checkpoints),
                                              name="caylus-checkpoint", daemon=True)
        self._checkpointer.start()

    def _checkpoint_loop(self, every: float, stop: threading.Event) -> None:
        while not stop.wait(every):
            try:
                conn = self.engine.raw_connection()
                try:
                    conn.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                finally:
                    conn.close()
            except Exception:  # the next one tries again; past SQLITE_AUTOCHECKPOINT pages a commit does it
                log.exception("an SQLite checkpoint failed")

    def close(self) -> None:
        stop = getattr(self, "_stop_checkpoints", None)
        if stop is not None:
            stop.set()
            self._checkpointer.join(5)
        self.engine.dispose()


class FairLock:
    """A reentrant lock taken in the order it was asked for: whoever lets it go hands it to the longest waiting
    thread. A plain lock goes to whichever thread runs first, often the one that just let it go: ten threads
    creating tables one after another kept the writer's batch of people's moves waiting for most of a second.
    `take(first=True)` (a writer's batch of moves) goes before every thread already waiting."""

    def __init__(self):
        self._mutex = threading.Lock()
        self._owner: int | None = None
        self._depth = 0
        self._waiting: deque = deque()  # (thread id, event), the longest waiting first

    def __enter__(self) -> "FairLock":
        return self.take()

    def take(self, first: bool = False) -> "FairLock":
        me = threading.get_ident()
        with self._mutex:
            if self._owner == me:
                self._depth += 1
                return self
            if self._owner is None:
                self._owner, self._depth = me, 1
                return self
            turn = threading.Event()
            if first:
                self._waiting.appendleft((me, turn))
            else:
                self._waiting.append((me, turn))
        turn.wait()  # the lock is ours when this is set (handed over by __exit__)
        return self

    def __exit__(self, *exc) -> bool:
        with self._mutex:
            if self._owner != threading.get_ident():
                raise RuntimeError("the write lock let go by a thread that does not hold it")
            self._depth -= 1
            if self._depth:
                return False
            if self._waiting:
                self._owner, turn = self._waiting.popleft()
                self._depth = 1
                turn.set()
            else:
                self._owner = None
        return False


class Batch:
    """Several tables' changes stored in one transaction (group commit: one COMMIT, one write of the log, for
    every move a writer thread had waiting), on a connection the writer keeps. Nothing of it is stored, so none
    of its moves may be shown or acknowledged, until `commit` returns. At most one append a table (the second
    would be made against a version not yet stored: `holds` tells the writer to commit first)."""

    def __init__(self, store: Store, conn):
        self.store = store
        self.conn = conn
        self.cursor = None
        self.tables: set[str] = set()
        self.touched: list = []  # the copies (server/live.py) with a change in this batch: rebuilt if it fails
        self.committed: list = []  # what follows each change once it is stored, in order (the writer runs them)
        self._locked = False  # the store's write lock, held from the first append to the commit or rollback

    def holds(self, table_id: str) -> bool:
        return table_id in self.tables

    def __len__(self) -> int:
        return len(self.tables)

    def append(self, table_id: str, version: int, changes: list[Change], terminal: bool, closed: bool,
               now: float) -> None:
        if table_id in self.tables:
            raise RuntimeError(f"table {table_id}: a second change in one batch (commit the first)")
        if not self._locked:
            lock = self.store.write_lock
            # People's moves go before any other write waiting (a table being created can wait a moment).
            lock.take(first=True) if isinstance(lock, FairLock) else lock.__enter__()
            self._locked = True
        if self.cursor is None:
            self.cursor = self.conn.cursor()
        try:
            written = self.store._write(self.cursor, table_id, version, changes, terminal, closed, now)
        except Exception as exc:
            # Another writer took the same (table, number) first (the unique key), or the database failed: the
            # transaction may hold other tables' changes and this table's version already moved on, so the whole
            # batch must go (its writer rolls it back and plays each move again alone).
            raise BatchBroken(f"table {table_id}: change {version} could not be stored ({exc})") from exc
        if not written:  # the version check failed: nothing of this table was written, the others stand
            raise Stale(f"the table moved on from version {version}")
        self.tables.add(table_id)

    def commit(self) -> None:
        """Store every change of the batch at once (raises if the database refused: then none is stored). The
        batch is then empty: take `touched` and `committed` first."""
        self._end(self.conn.commit)

    def rollback(self) -> None:
        """Store none of the batch's changes; the batch is then empty."""
        self._end(self.conn.rollback)

    def _end(self, finish) -> None:
        """End the transaction by `finish` (commit or rollback) and empty the batch, whatever `finish` raises."""
        try:
            if self.cursor is not None:
                self.cursor.close()
            finish()
        finally:
            self.cursor = None
            self.tables.clear()
            self.touched = []
            self.committed = []
            if self._locked:
                self._locked = False
                self.store.write_lock.__exit__(None, None, None)


class BatchBroken(Exception):
    """A batch's transaction can only be rolled back as a whole (its writer plays each move again alone)."""


_HOT_SQL = {  # written with "?" marks; Store.__post_init__ puts the driver's own marks in
    "version": "SELECT version FROM tables WHERE id = ?",
    "bump": "UPDATE tables SET version = ?, terminal = ?, closed = ?, updated = ? WHERE id = ? AND version = ?",
    "insert": "INSERT INTO moves (table_id, number, kind, token, seat, created) VALUES (?, ?, ?, ?, ?, ?)",
    "create": "INSERT INTO tables (id, edition, players, seed, options, seats, version, terminal, created, updated, "
              "people, creator, closed, owner_sha256, dealt, clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
              "?, ?)",
    # The open tables of bots only (as `_open()` says), in all and the given creator's.
    "open_bot_tables": "SELECT count(*), sum(CASE WHEN creator = ? THEN 1 ELSE 0 END) FROM tables WHERE people = 0 "
                       "AND terminal = ? AND (closed IS NULL OR closed = ?)",
}


def _open():
    return and_(tables.c.terminal.is_(False), or_(tables.c.closed.is_(None), tables.c.closed.is_(False)))


def _add_missing_columns(engine: Engine) -> None:
    """A database made by an older release gets the columns added since (nullable, so ALTER TABLE suffices);
    `people` is filled in from the stored seats."""
    have = {c["name"] for c in inspect(engine).get_columns("tables")}
    missing = [c for c in tables.columns if c.name not in have]
    if not missing:
        return
    with engine.begin() as conn:
        for column in missing:
            kind = column.type.compile(dialect=engine.dialect)
            conn.execute(text(f"ALTER TABLE tables ADD COLUMN {column.name} {kind}"))
        if any(c.name == "people" for c in missing):
            for table_id, seats in conn.execute(select(tables.c.id, tables.c.seats)).all():
                people = sum(1 for s in json.loads(seats) if s.get("kind") == "human")
                conn.execute(update(tables).where(tables.c.id == table_id).values(people=people))


SQLITE_POOL = 32  # connections kept open to an SQLite file (and as many more opened for a moment past them)


def make_engine(url: str) -> Engine:
    """An engine for `url`; SQLite files get WAL (readers never wait for the writer) and a patient lock."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        # Requests, bots and the background threads each take a connection from the pool: more than the default
        # five at once, and every one past them was opened (with its pragmas) and closed again after its use: a
        # profile of the loaded server (load benchmark, games ending and new tables made all the time) found
        # opening connections in about 3% of its samples, mostly creating tables. An open SQLite connection costs
        # a file handle and a little cache.
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=SQLITE_POOL, max_overflow=SQLITE_POOL)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            if parsed.database not in (None, "", ":memory:"):
                cursor.execute("PRAGMA journal_mode=WAL")
            # In WAL mode, NORMAL writes every commit to the log before it returns (a crash of the server, even
            # kill -9, loses nothing) but leaves the disk flush to checkpoints: a power cut may lose the last
            # moves. FULL would flush on every commit, a disk's fsync (~10 ms here) per move.
            cursor.execute("PRAGMA synchronous=NORMAL")
            # The log is copied into the file (a checkpoint, with its disk flush) by Store's checkpoint thread,
            # not by whichever commit finds the log past 1000 pages: moves are committed on the event loop
            # (server/mover.py), which a flush would stall for every socket. Past this many pages (a thread that
            # stopped, or a program with no such thread), a commit checkpoints again.
            cursor.execute(f"PRAGMA wal_autocheckpoint={SQLITE_AUTOCHECKPOINT}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        url = parsed.set(drivername="postgresql+psycopg")  # psycopg 3 (the web extra), not psycopg2
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def _table_row(r) -> TableRow:
    seats = json.loads(r.seats)
    people = r.people if r.people is not None else sum(1 for s in seats if s.get("kind") == "human")
    return TableRow(id=r.id, edition=r.edition, players=r.players, seed=int(r.seed), options=json.loads(r.options),
                    seats=seats, version=r.version, terminal=bool(r.terminal), closed=bool(r.closed), people=people,
                    creator=r.creator, owner_sha256=r.owner_sha256, updated=r.updated, created=r.created,
                    dealt=None if r.dealt is None else json.loads(r.dealt),
                    clock=json.loads(r.clock) if r.clock else None)
