"""The writer threads that play the moves and undos sent on WebSockets.

A move on a socket used to take a thread of the pool that serves blocking calls (`run_in_threadpool`): per move,
a capacity limiter, a future, a hand-over to an idle thread and a wake-up of the event loop with the result,
and under load many such threads at once, each waiting for the others' turn at the interpreter and at the
database's one write lock. Here every table's moves go to one writer thread (`writers`: one on SQLite, whose
file takes one writer at a time anyway; a few on PostgreSQL, a table always to the same one), fed by a plain
queue: a writer plays the moves in the order they came, each as before (`Tables.move`: checked, stored and
committed, then pushed), and hands each outcome back to the event loop with the pushes (`Hub.call`: one
wake-up of the loop takes every outcome and state handed over since the last one). Nothing changes for the
guarantees: each move is committed before its state is pushed or its refusal sent, and a socket's messages
are answered in the order it sent them.

Playing them on the event loop itself (no thread at all) was tried and measured: the same CPU a move, but
fewer moves stored a second, since the loop then waits for each commit's write to the disk instead of serving
the other sockets meanwhile (`benchmarks/bench_server_socket.py`, docs/server.md).

**Group commit.** A writer given the tables (`Mover(..., tables=...)`) stores the moves it finds waiting (up
to `MAX_BATCH`, of different tables) in one transaction (`store.Batch`): each is checked and played as before,
holding its table's lock, then one COMMIT stores them all, and only then is each one's state pushed and its outcome handed back, in order.
One commit a batch instead of one a move, one driver connection kept by the writer instead of one taken from the
pool and given back each move. Nothing is acknowledged before it is stored: a batch whose transaction fails
(the database refused it, another process stored one of its tables first) is rolled back, every table it
touched is rebuilt from the store, and each of its moves is played again alone, committing itself. Bots' moves
come through the same writers (`run`, from a bot dispatcher's thread), so on SQLite no two threads of this
process wait for each other's write lock.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import threading
import zlib
from collections import deque
from functools import partial

from .errors import ApiError
from .store import Batch, BatchBroken

log = logging.getLogger("caylus.server")

# Moves a writer stores in one transaction at most: a bigger batch answers its first move later (each waits
# for the others' play and the commit), for a commit shared by more.
MAX_BATCH = 16


class Mover:
    """`submit(table_id, fn, *args, lock=L)` (on the event loop) runs `fn(*args)` in the table's writer thread
    and returns a future of its result (or of the exception it raised); `run(...)` the same from another thread,
    waiting for the result. `lock` is the table's (reentrant) lock, which `fn` takes: the writer plays the move
    only if it can take it at once, else hands it to a thread of the table's own (see the module doc). With
    `batched=True`, `fn` takes a `batch` keyword (`Tables.move`, `undo`, `bot_move`): given the `tables`
    (`live.Tables`), the writer stores such moves in batches over their store (group commit)."""

    def __init__(self, hub, writers: int = 1, tables=None):
        if writers < 1:
            raise ValueError("a mover needs at least one writer thread")
        self.hub = hub
        self.tables = tables
        self._queues: list[queue.SimpleQueue] = [queue.SimpleQueue() for _ in range(writers)]
        self._threads: list[threading.Thread] = []
        self._closed = False
        # Tables whose moves wait for their lock in a thread of their own: table id -> the moves, in order.
        self._busy: dict[str, deque] = {}
        self._busy_lock = threading.Lock()
        self.batches = 0  # transactions committed by the writers' batches (for tests and the curious)
        self.batched = 0  # changes stored by them

    def start(self) -> None:
        for n, q in enumerate(self._queues):
            thread = threading.Thread(target=self._run, args=(q,), name=f"caylus-writer-{n}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def submit(self, table_id: str, fn, *args, lock=None, batched: bool = False, later: bool = False) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        if self._closed or not self._threads:
            future.set_exception(ApiError(503, "stopping", "the server is stopping; nothing was played"))
            return future
        self._put(table_id, (table_id, lock, partial(self._to_loop, future), fn, args, batched, later))
        return future

    def run(self, table_id: str, fn, *args, lock=None, batched: bool = False, later: bool = False):
        """`fn(*args)` played by the table's writer, from a thread that is not the event loop's: waits for it
        and returns its result (or raises its exception). `later`: a move of a table of bots only, played
        after every person's move waiting (see `_run`); a table's moves are all one or all the other."""
        done: concurrent.futures.Future = concurrent.futures.Future()
        if self._closed or not self._threads:
            raise ApiError(503, "stopping", "the server is stopping; nothing was played")
        self._put(table_id, (table_id, lock, partial(_to_thread, done), fn, args, batched, later))
        while True:
            try:
                return done.result(timeout=1.0)
            except concurrent.futures.TimeoutError:
                # Put just as the writers stopped: nobody will play it (nothing was).
                if self._closed and not any(thread.is_alive() for thread in self._threads):
                    raise ApiError(503, "stopping", "the server is stopping; nothing was played") from None

    def _put(self, table_id: str, item: tuple) -> None:
        # crc32, not hash(): the same table goes to the same writer in every process and every run.
        self._queues[zlib.crc32(table_id.encode()) % len(self._queues)].put(item)

    def close(self, timeout: float = 5.0) -> None:
        """Let the writers finish what they hold, then stop them."""
        self._closed = True
        for q in self._queues:
            q.put(None)
        for thread in self._threads:
            thread.join(timeout)

    def _run(self, q: queue.SimpleQueue) -> None:
        """Take everything waiting, then play a batch (`MAX_BATCH` at most, stored in one transaction): people's
        tables' moves first (a person's, or the bot's at a person's table), the moves of tables of bots only
        after them, so a person's move never waits behind a run of bots' games. A table's moves keep their order
        (they are all of one kind). Until the queue says stop (None), then what was taken is played first."""
        writer = _Writer(self)
        now: deque = deque()  # taken from the queue, not played yet: people's tables
        later: deque = deque()  # the same, tables of bots only
        stopping = False
        try:
            while True:
                if not now and not later:
                    if stopping:
                        return
                    self._sort(q.get(), now, later)
                while True:  # what else is waiting
                    try:
                        item = q.get_nowait()
                    except queue.Empty:
                        break
                    stopping |= item is None
                    self._sort(item, now, later)
                for taken in range(MAX_BATCH):
                    # The last place of a batch goes to a bots' table's move if one waits: they go slower under
                    # people's load, never stop.
                    if now and not (later and taken == MAX_BATCH - 1):
                        item = now.popleft()
                    elif later:
                        item = later.popleft()
                    else:
                        break
                    if item is None:
                        stopping = True
                        continue
                    self._take(writer, item)
                writer.flush()
        finally:
            writer.flush()
            writer.close()

    @staticmethod
    def _sort(item, now: deque, later: deque) -> None:
        if item is None:
            now.append(None)
        elif item[6]:
            later.append(item)
        else:
            now.append(item)

    def _take(self, writer: "_Writer", item: tuple) -> None:
        table_id, lock = item[0], item[1]
        with self._busy_lock:
            waiting = self._busy.get(table_id)
            if waiting is not None:  # after the moves of the table already waiting for it
                waiting.append(item)
                return
        if lock is None:
            writer.play(item, None)
        elif lock.acquire(blocking=False):
            writer.play(item, lock)  # the writer lets the lock go once the move is committed (or refused)
        else:
            with self._busy_lock:
                self._busy[table_id] = deque([item])
            threading.Thread(target=self._wait_for, args=(table_id,), name="caylus-writer-busy",
                             daemon=True).start()

    def _wait_for(self, table_id: str) -> None:
        """Play a busy table's moves, in order, each once its lock is free (`fn` takes it), each committing
        itself; then give the table back to its writer."""
        while True:
            with self._busy_lock:
                waiting = self._busy[table_id]
                if not waiting:
                    del self._busy[table_id]
                    return
                item = waiting.popleft()
            _answer(item, *_call(item, None))

    def _to_loop(self, future: asyncio.Future, result, exc: BaseException | None) -> None:
        if not self.hub.call(partial(_settle, future, result, exc)):
            log.debug("a move's outcome was not handed back: the event loop is gone")


class _Writer:
    """One writer thread's batch: the moves played into it, each with its table's lock held, until `flush`
    commits them and hands back their outcomes."""

    def __init__(self, mover: Mover):
        self.mover = mover
        self.store = mover.tables.store if mover.tables is not None else None
        self.batch: Batch | None = None
        self.played: list[list] = []  # [item, lock or None, result, exception], in the order played

    def play(self, item: tuple, lock) -> None:
        table_id, batched = item[0], item[5]
        if not batched or self.store is None:
            try:
                self._answer_now(item, lock)
            finally:
                if lock is not None:
                    lock.release()
            return
        batch = self._batch()
        if batch.holds(table_id):  # its change in this batch is not stored yet: the next one goes after it
            self.flush()
            batch = self._batch()
        result, exc = _call(item, batch)
        self.played.append([item, lock, result, exc])
        if isinstance(exc, BatchBroken):
            self.flush()

    def _answer_now(self, item: tuple, lock) -> None:
        self.flush()  # anything of the batch's before it, in order
        _answer(item, *_call(item, None))

    def _batch(self) -> Batch:
        if self.batch is None:
            self.batch = Batch(self.store, self.store.connection())
        return self.batch

    def flush(self) -> None:
        """Commit the batch, then, in order, what follows each stored change (its state pushed) and every
        outcome handed back; the tables' locks are let go. If the transaction fails, play each move again
        alone (see the module doc)."""
        played, self.played = self.played, []
        if not played:
            return
        batch = self.batch
        after, touched = batch.committed, batch.touched
        # The database's own words (a deadlock, a serialization failure) for the log, not only that it failed.
        broken = next((p[3] for p in played if isinstance(p[3], BatchBroken)), None)
        try:
            try:
                if broken is not None:
                    raise broken
                stored = len(batch)
                batch.commit()
            except Exception as exc:
                self._drop(batch, touched, exc)
                for entry in played:  # each played again alone: it commits itself, or is refused as it should be
                    if entry[3] is None or isinstance(entry[3], BatchBroken):
                        entry[2], entry[3] = _call(entry[0], None)
            else:
                self.mover.batches += 1
                self.mover.batched += stored
                for follow in after:
                    try:
                        follow()
                    except Exception:  # stored: a failed push must not make it look refused
                        log.exception("after a batch's change was stored")
        finally:
            for item, lock, result, exc in played:
                if lock is not None:
                    lock.release()
            for item, lock, result, exc in played:
                _answer(item, result, exc)

    def _drop(self, batch: Batch, touched: list, why: Exception) -> None:
        """The batch was not stored: roll it back, a new connection for the next, every table it touched made
        again from the store."""
        log.warning("a batch of moves was not stored (%s); each is played again alone", why)
        try:
            batch.rollback()
        except Exception:
            log.exception("rolling back a batch of moves")
        try:
            batch.conn.close()
        except Exception:
            pass
        self.batch = None
        tables = {id(live): live for live in touched}
        for live in tables.values():
            try:
                self.mover.tables.reset(live)
            except Exception:
                log.exception("rebuilding table %s after a batch that was not stored", live.id)

    def close(self) -> None:
        if self.batch is not None:
            try:
                self.batch.conn.close()
            except Exception:
                pass
            self.batch = None


def _call(item: tuple, batch: Batch | None) -> tuple:
    """(result, None) or (None, the exception) of the item's function."""
    fn, args, batched = item[3], item[4], item[5]
    try:
        return (fn(*args, batch=batch) if batched else fn(*args)), None
    except BaseException as exc:  # handed to whoever waits for it, which raises it there
        return None, exc


def _answer(item: tuple, result, exc: BaseException | None) -> None:
    item[2](result, exc)


def _to_thread(done: concurrent.futures.Future, result, exc: BaseException | None) -> None:
    if exc is not None:
        done.set_exception(exc)
    else:
        done.set_result(result)


def _settle(future: asyncio.Future, result, exc: BaseException | None) -> None:
    if future.cancelled():  # the socket closed meanwhile: the move stands (it was stored) and no one waits
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
