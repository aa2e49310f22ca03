"""Which table's bot thinks next: people's tables first, then all-bot tables, round robin within each.

A table waits in the queue at most once. `take()` hands out the next table ready to think; the caller (a bot
worker's dispatcher) reports back with `done(table, moved)`, and a table whose bot moved, or that was kicked
while it was out, goes to the back of its queue again, so every table gets one move in turn and no table's game
holds a worker for more than one move.

With `bot_slots`, at most that many all-bot tables think at once: the pool keeps a worker free for people's
tables, so a bot at a person's table never waits for a hard bot's move at an all-bot table to end.

An all-bot table that someone watches (over the WebSocket) is paced: its next move is due `pace` seconds after
its last, so spectators can follow it and it leaves the workers to others in between. An all-bot table nobody
watches plays only on the workers' idle capacity (after every people's table), unpaced.

The queue of all-bot tables is bounded (`max_bot_tables`): past the bound a kick is turned away (`kick` says
so) and the table stays in the store, untouched; once the queue has drained to half, `on_room` is called, for
the owner to kick the open tables again (the server looks them up in its store). People's tables are never
turned away: there are never more of them queued than open tables.

Time comes from `clock` (seconds, monotonic), so tests can run the pacing on a clock of their own.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections import deque

PEOPLE, BOTS = "people", "bots"


class Scheduler:
    def __init__(self, pace: float = 1.0, watched=lambda table_id: False, clock=time.monotonic,
                 max_bot_tables: int = 10_000, on_room=None, bot_slots: int | None = None):
        self.pace = pace  # seconds between two moves of a watched all-bot table (0: unpaced)
        self.watched = watched  # table id -> whether someone watches it now
        self.clock = clock
        self.max_bot_tables = max_bot_tables
        self.on_room = on_room  # called (without the lock) when turned-away all-bot tables may come back
        self.bot_slots = bot_slots  # all-bot tables out thinking at once at most (None: no cap)
        self._bots_out = 0
        self._cond = threading.Condition()
        self._people: deque[str] = deque()
        self._bots: deque[str] = deque()
        self._resting: list[tuple[float, int, str]] = []  # (due, order, table): paced all-bot tables, a heap
        self._order = 0
        self._kind: dict[str, str] = {}  # every table queued, resting or out: PEOPLE or BOTS
        self._out: set[str] = set()  # tables handed out by take() and not yet done()
        self._again: set[str] = set()  # tables kicked while out: queue them again when they are done
        self._last: dict[str, float] = {}  # all-bot table -> when its bot last moved (for the pace)
        self._turned_away = False
        self._closed = False

    # -- asking for a table's bot to move ---------------------------------------------------------------
    def kick(self, table_id: str, people: bool) -> bool:
        """Queue the table for its bot's move (`people`: a person sits at it). False if an all-bot table was
        turned away because the queue is full (it is not lost: see `on_room`)."""
        with self._cond:
            if self._closed:
                return False
            if table_id in self._out:
                self._again.add(table_id)
                return True
            if table_id in self._kind:
                return True  # already waiting
            if not people and self._bot_tables() >= self.max_bot_tables:
                self._turned_away = True
                return False
            self._kind[table_id] = PEOPLE if people else BOTS
            self._enqueue(table_id)
            self._cond.notify_all()
            return True

    def _bot_tables(self) -> int:
        return len(self._bots) + len(self._resting)

    def _enqueue(self, table_id: str, first: bool = False) -> None:
        if self._kind[table_id] == PEOPLE:
            (self._people.appendleft if first else self._people.append)(table_id)
            return
        due = self._last.get(table_id)
        if not first and due is not None and self.pace > 0 and self.watched(table_id):
            due += self.pace
            if due > self.clock():
                self._order += 1
                heapq.heappush(self._resting, (due, self._order, table_id))
                return
        (self._bots.appendleft if first else self._bots.append)(table_id)

    # -- handing tables out -----------------------------------------------------------------------------
    def next_ready(self, people_only: bool = False) -> str | None:
        """The next table to think, now, or None (never waits); `people_only`: a people's table or None. The
        table is out until `done` or `retry`."""
        with self._cond:
            return self._next_locked(people_only)

    def _next_locked(self, people_only: bool = False) -> str | None:
        now = self.clock()
        while self._resting and self._resting[0][0] <= now:
            self._bots.append(heapq.heappop(self._resting)[2])
        if self._people:
            queue = self._people
        elif not people_only and self._bots and (self.bot_slots is None or self._bots_out < self.bot_slots):
            queue = self._bots
            self._bots_out += 1
        else:
            return None
        table_id = queue.popleft()
        self._out.add(table_id)
        return table_id

    def _back(self, table_id: str) -> None:
        """The table is no longer out (call with the lock held)."""
        if table_id in self._out:
            self._out.discard(table_id)
            if self._kind.get(table_id) == BOTS:
                self._bots_out -= 1
                self._cond.notify_all()  # a worker waiting while all-bot tables held their slots may go on

    def take(self, timeout: float | None = None, people_only: bool = False) -> str | None:
        """The next table to think (`people_only`: a people's table), waiting for one up to `timeout` seconds
        (None: until closed); None when closed or on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        table_id, room = None, False
        with self._cond:
            while not self._closed:
                table_id = self._next_locked(people_only)
                if table_id is not None:
                    if self._turned_away and self._bot_tables() <= self.max_bot_tables // 2:
                        self._turned_away, room = False, True
                    break
                waits = []
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    waits.append(left)
                if self._resting:  # wake when the first paced table is due
                    waits.append(max(0.001, self._resting[0][0] - self.clock()))
                self._cond.wait(min(waits) if waits else None)
        if room and self.on_room is not None:
            self.on_room()
        return table_id

    def done(self, table_id: str, moved: bool) -> None:
        """The table's turn is over: queue it again (behind the others) if its bot moved or it was kicked
        meanwhile, else let it go."""
        with self._cond:
            self._back(table_id)
            kind = self._kind.get(table_id)
            if kind == BOTS and moved:
                self._last[table_id] = self.clock()
            if (moved or table_id in self._again) and not self._closed and kind is not None:
                self._again.discard(table_id)
                self._enqueue(table_id)
                self._cond.notify_all()
                return
            self._again.discard(table_id)
            self._kind.pop(table_id, None)
            self._last.pop(table_id, None)

    def retry(self, table_id: str) -> None:
        """The table's move was lost (its worker died): it goes first in its queue, to move again."""
        with self._cond:
            self._back(table_id)
            self._again.discard(table_id)
            if table_id in self._kind and not self._closed:
                self._enqueue(table_id, first=True)
                self._cond.notify_all()

    def forget(self, table_id: str) -> None:
        """Stop thinking for this table (after it was given up): it leaves every queue."""
        with self._cond:
            self._back(table_id)
            self._again.discard(table_id)
            self._kind.pop(table_id, None)
            self._last.pop(table_id, None)
            for queue in (self._people, self._bots):
                if table_id in queue:
                    queue.remove(table_id)
            self._resting = [r for r in self._resting if r[2] != table_id]
            heapq.heapify(self._resting)

    # -- looking at it ----------------------------------------------------------------------------------
    def waiting(self) -> dict:
        """How many tables wait, by kind, and how many are out thinking."""
        with self._cond:
            return {PEOPLE: len(self._people), BOTS: self._bot_tables(), "out": len(self._out)}

    def idle(self) -> bool:
        with self._cond:
            return not self._kind

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
