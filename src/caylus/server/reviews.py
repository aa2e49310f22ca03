"""Game reviews of finished tables (`caylus.agents.review`), computed away from the process that answers people.

A review of a whole game takes the reviewer's futures for every decision: up to a minute of a core. So
`Reviews` runs at most `running` of them at once, each in a process of its own started from the forkserver (the
bot workers' kind), at the bot workers' lower CPU priority, and ended after `seconds`; a table has at most one
review under way at a time, and asking while the pool is full gets 429 (the caller asks again later). A finished
review is kept per (table, level), the `kept` most recently asked for, so asking again (or another spectator
asking) costs nothing: a review is deterministic, the same record and level give the same review.

What a review may reveal: it is made only of a finished table's record, which everyone may read then (in Magna
Carta too: the record is given once the game is over). Each decision is still valued from what its seat knew at
that moment (`Position(game)`: the seat's view, worlds dealt from it), never with hindsight.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from .errors import ApiError
from .limits import too_many
from .workers import NICENESS, PRELOAD

log = logging.getLogger("caylus.server")

LEVELS = ("normal", "hard")


def review_main(conn, record: str, level: str, niceness: int) -> None:
    """A review process: sends ("progress", done, total) as it goes, then ("done", review) or ("error", why)."""
    try:
        os.nice(niceness)
    except OSError:  # not allowed here: run at the same priority
        pass
    from caylus.agents.review import review_record

    try:
        review = review_record(record, level=level, progress=lambda done, total: conn.send(("progress", done, total)))
        conn.send(("done", review.details()))
    except Exception as exc:  # the record replayed at the table; anything else is reported, not raised
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


@dataclass
class Job:
    table: str
    level: str
    started: float
    done: int = 0
    total: int = 0
    process: object = None
    result: dict | None = field(default=None, repr=False)
    error: str | None = None
    again: bool = False  # failed for a reason of the moment (time, closing): not kept

    def status(self) -> dict:
        return {"status": "running", "level": self.level, "done": self.done, "total": self.total}


class Reviews:
    def __init__(self, running: int = 1, kept: int = 64, seconds: float = 900.0, niceness: int = NICENESS):
        if running < 1 or kept < 1 or not seconds > 0:
            raise ValueError("reviews: at least 1 running and 1 kept, and a time limit above 0 seconds")
        self.running, self.kept, self.seconds, self.niceness = running, kept, seconds, niceness
        self._lock = threading.Lock()
        self._busy: dict[str, Job] = {}  # table id -> its review under way
        self._kept: OrderedDict = OrderedDict()  # (table id, level) -> {"status": "done"|"failed", ...}
        self._gone: OrderedDict = OrderedDict()  # (table id, level) -> the failure of a review that ran out of time, until asked
        self._context = None
        self._closed = False

    def ask(self, table_id: str, level: str, record) -> dict:
        """The review of `table_id` at `level`: {"status": "done", "review"} if made, {"status": "failed",
        "error"} if it could not be, else {"status": "running", "level", "done", "total"} (started now if it
        was not under way). `record()` gives the finished table's record; it is called only to start a review.
        429 when the table's review at another level is under way, or `running` reviews are."""
        if level not in LEVELS:
            raise ApiError(422, "bad_level", f"a review is made at level {' or '.join(LEVELS)}, not {level!r}")
        with self._lock:
            key = (table_id, level)
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            if key in self._gone:
                return self._gone.pop(key)
            job = self._busy.get(table_id)
            if job is not None:
                if job.level == level:
                    return job.status()
                raise too_many("review_busy", f"this table's review at level {job.level} is under way: one "
                                              f"review of a table at a time", 10)
            if len(self._busy) >= self.running:
                raise too_many("reviews_busy", "the server is reviewing as many games as it may: ask again soon", 10)
            if self._closed:
                raise ApiError(503, "closing", "the server is closing")
            text = record()
            job = Job(table_id, level, time.monotonic())
            self._busy[table_id] = job
        threading.Thread(target=self._run, args=(job, text), name=f"caylus-review-{table_id}", daemon=True).start()
        return job.status()

    def peek(self, table_id: str, level: str) -> dict | None:
        """What `ask` would answer, without starting anything: None if the review was never asked for (or was
        dropped since)."""
        if level not in LEVELS:
            raise ApiError(422, "bad_level", f"a review is made at level {' or '.join(LEVELS)}, not {level!r}")
        with self._lock:
            if (table_id, level) in self._kept:
                return self._kept[(table_id, level)]
            job = self._busy.get(table_id)
            return job.status() if job is not None and job.level == level else None

    def _run(self, job: Job, text: str) -> None:
        try:
            if self._context is None:
                self._context = multiprocessing.get_context("forkserver")
                self._context.set_forkserver_preload(PRELOAD)
            ours, theirs = self._context.Pipe(duplex=False)
            process = self._context.Process(target=review_main, args=(theirs, text, job.level, self.niceness),
                                            daemon=True, name=f"caylus-review-{job.table}")
            process.start()
            theirs.close()
            job.process = process
            self._follow(job, ours)
            ours.close()
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join()
        except Exception as exc:  # the pool goes on whatever happened to one review
            log.exception("review of table %s failed", job.table)
            job.error = job.error or f"{type(exc).__name__}: {exc}"
        self._finish(job)

    def _follow(self, job: Job, conn) -> None:
        """Read the process's messages until its review or its end (or the time limit: then it is ended)."""
        while True:
            left = job.started + self.seconds - time.monotonic()
            if left <= 0 or self._closed:
                job.process.kill()
                job.error = "the review took too long" if left <= 0 else "the server closed"
                job.again = True  # the machine's load, not the record: a later ask tries again
                return
            if not conn.poll(min(left, 1.0)):
                continue
            try:
                message = conn.recv()
            except (EOFError, OSError):
                job.error = "the review's process ended without a review"
                return
            if message[0] == "progress":
                job.done, job.total = message[1], message[2]
            elif message[0] == "done":
                job.result = message[1]
                return
            else:
                job.error = message[1]
                return

    def _finish(self, job: Job) -> None:
        if job.result is not None:
            answer = {"status": "done", "review": job.result}
        else:
            log.warning("review of table %s at level %s: %s", job.table, job.level, job.error)
            answer = {"status": "failed", "level": job.level, "error": job.error or "no review"}
        with self._lock:
            self._busy.pop(job.table, None)
            if job.again:
                self._gone[(job.table, job.level)] = answer  # told once to whoever asks next, then forgotten
                while len(self._gone) > self.kept:
                    self._gone.popitem(last=False)
                return
            self._kept[(job.table, job.level)] = answer
            while len(self._kept) > self.kept:
                self._kept.popitem(last=False)

    def close(self) -> None:
        """End the reviews under way (their threads see `_closed` within a second)."""
        with self._lock:
            self._closed = True
            jobs = list(self._busy.values())
        for job in jobs:
            if job.process is not None and job.process.is_alive():
                job.process.kill()
