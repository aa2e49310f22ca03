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
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import zlib
from collections import deque
from functools import partial

from .errors import ApiError

log = logging.getLogger("caylus.server")


class Mover:
    """`submit(table_id, fn, *args, lock=L)` (on the event loop) runs `fn(*args)` in the table's writer thread
    and returns a future of its result (or of the exception it raised). `lock` is the table's (reentrant) lock,
    which `fn` takes: the writer plays the move only if it can take it at once, else hands it to a thread of
    the table's own (see the module doc)."""

    def __init__(self, hub, writers: int = 1):
        if writers < 1:
            raise ValueError("a mover needs at least one writer thread")
        self.hub = hub
        self._queues: list[queue.SimpleQueue] = [queue.SimpleQueue() for _ in range(writers)]
        self._threads: list[threading.Thread] = []
        self._closed = False
        # Tables whose moves wait for their lock in a thread of their own: table id -> the moves, in order.
        self._busy: dict[str, deque] = {}
        self._busy_lock = threading.Lock()

    def start(self) -> None:
        for n, q in enumerate(self._queues):
            thread = threading.Thread(target=self._run, args=(q,), name=f"caylus-writer-{n}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def submit(self, table_id: str, fn, *args, lock=None) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        if self._closed or not self._threads:
            future.set_exception(ApiError(503, "stopping", "the server is stopping; nothing was played"))
            return future
        # crc32, not hash(): the same table goes to the same writer in every process and every run.
        self._queues[zlib.crc32(table_id.encode()) % len(self._queues)].put((table_id, lock, future, fn, args))
        return future

    def close(self, timeout: float = 5.0) -> None:
        """Let the writers finish what they hold, then stop them."""
        self._closed = True
        for q in self._queues:
            q.put(None)
        for thread in self._threads:
            thread.join(timeout)

    def _run(self, q: queue.SimpleQueue) -> None:
        while True:
            item = q.get()
            if item is None:
                return
            table_id, lock = item[0], item[1]
            with self._busy_lock:
                waiting = self._busy.get(table_id)
                if waiting is not None:  # after the moves of the table already waiting for it
                    waiting.append(item)
                    continue
            if lock is None:
                self._play(item)
            elif lock.acquire(blocking=False):
                try:
                    self._play(item)
                finally:
                    lock.release()
            else:
                with self._busy_lock:
                    self._busy[table_id] = deque([item])
                threading.Thread(target=self._wait_for, args=(table_id,), name="caylus-writer-busy",
                                 daemon=True).start()

    def _wait_for(self, table_id: str) -> None:
        """Play a busy table's moves, in order, each once its lock is free (`fn` takes it); then give the table
        back to its writer."""
        while True:
            with self._busy_lock:
                waiting = self._busy[table_id]
                if not waiting:
                    del self._busy[table_id]
                    return
                item = waiting.popleft()
            self._play(item)

    def _play(self, item) -> None:
        _, _, future, fn, args = item
        try:
            outcome = (fn(*args), None)
        except BaseException as exc:  # handed to the socket's handler, which raises it there
            outcome = (None, exc)
        if not self.hub.call(partial(_settle, future, *outcome)):
            log.debug("a move's outcome was not handed back: the event loop is gone")


def _settle(future: asyncio.Future, result, exc: BaseException | None) -> None:
    if future.cancelled():  # the socket closed meanwhile: the move stands (it was stored) and no one waits
        return
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)
