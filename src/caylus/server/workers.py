"""Bots think in worker processes, never in the process that answers people.

`BotPool` keeps `workers` processes (default: one per core) and, in this process, one dispatcher thread per
worker. A dispatcher takes the next table from the `Scheduler` (people's tables first, round robin; all-bot
tables on every worker but one, when there are two or more: worker 0 then thinks only for people's tables, at
the web process's own CPU priority, `PEOPLE_NICENESS`, so a flood's workers never share the cores with it on
equal terms), and under
the table's lock only long enough to read it, makes the job: what the bot's seat may know (`job_for`). It sends
the job to its worker and waits, holding no lock, while the worker thinks; then the table's `bot_move` checks
the answer against the version the job was made on, as for a person's move, and stores it (a stale answer is
dropped). So the server stays the one authority, and a person's request never waits on a bot's thinking: the
workers think in their own interpreters, the all-bot tables' ones at a lower CPU priority (`NICENESS`) than the
web process.

What a worker is sent: at a table with hidden cards (Magna Carta), the seat's view and nothing else, never the
game or its seed; where nothing is hidden, the setup and the actions so far (the whole game is what the seat
knows), which a worker keeps for the next move of the same table (`GAMES_KEPT` games a worker). Each move's
bot is made fresh from a seed drawn from the table's seed, seat and decision count through SHA-256 (nothing
of the table's seed can be read back from it), so a move thought again after a crash is the same move.

A worker that dies mid-move (even `kill -9`) is replaced and its table moves again, first in its queue; a
table whose move kills `MAX_CRASHES` workers in a row is given up (logged), so one table cannot keep the pool
busy restarting. A move that takes over `move_timeout` seconds is ended the same way. `close()` stops the
dispatchers and the workers.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from multiprocessing.connection import wait

from .scheduler import Scheduler

log = logging.getLogger("caylus.server")

NICENESS = 10  # added to a worker's niceness: on a busy machine the web process (people's requests) goes first
PEOPLE_NICENESS = 0  # the same for the worker kept for people's tables: their bots go before the all-bot tables'
GAMES_KEPT = 32  # games a worker keeps between moves (perfect-information tables), the least recent dropped
MAX_CRASHES = 3  # workers a table's move may kill in a row before the table is given up
PRELOAD = ["caylus.server.workers", "caylus.agents.levels", "caylus.editions.classic", "caylus.editions.c1303",
           "caylus.editions.magna_carta"]


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


# -- the job: what a bot's seat may know, as plain data ---------------------------------------------------
def bot_seed(table_seed: int, seat: int, decisions: int) -> int:
    """The seed of the bot that makes decision number `decisions` for `seat` (not invertible to the table's)."""
    digest = hashlib.sha256(f"caylus-bot:{table_seed}:{seat}:{decisions}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def job_for(table_id: str, spec: str, setup: dict, game) -> dict:
    """The job for the bot to move in `game`: its level `spec`, a seed, and what its seat may know. `setup`
    is the table's {"edition", "players", "seed", "options"}."""
    seat = game.current_player
    decisions = len(game.history)
    job = {"table": table_id, "spec": spec, "seed": bot_seed(setup["seed"], seat, decisions),
           "decisions": decisions}
    if game.edition.determinize is not None:
        job["view"] = game.view(seat)  # hidden cards: the seat's view only, never the seed that deals them
    else:
        job["setup"] = setup
        job["history"] = [a.token for a in game.history]
    return job


def think(job: dict, games: OrderedDict) -> str:
    """The action token the job's bot chooses (in a worker); `games` holds the games this worker keeps."""
    from caylus.agents.base import Position
    from caylus.agents.levels import make_agent

    agent = make_agent(job["spec"], job["seed"])
    if "view" in job:
        position = Position.from_view(job["view"], job["decisions"])
    else:
        position = Position(_game_at(job, games))
    return agent.choose(position).token


def _game_at(job: dict, games: OrderedDict):
    """The job's game: the kept one of its table brought to the job's actions (taking back what differs, after
    an undo), or a new one."""
    import caylus

    setup, history = job["setup"], job["history"]
    kept = games.pop(job["table"], None)
    game = None
    if kept is not None and kept[0] == setup:
        game = kept[1]
        done = [a.token for a in game.history]
        same = 0
        for a, b in zip(done, history):
            if a != b:
                break
            same += 1
        for _ in range(len(done) - same):
            game.undo()
    if game is None:
        game = caylus.new_game(setup["edition"], players=setup["players"], seed=setup["seed"], **setup["options"])
    for token in history[len(game.history):]:
        game.apply(token)
    games[job["table"]] = (setup, game)
    while len(games) > GAMES_KEPT:
        games.popitem(last=False)
    return game


def worker_main(conn, niceness: int) -> None:
    """A worker process: answer each job with ("ok", token) or ("error", why), until told to stop (None) or
    the server's end of the pipe closes (the server is gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle: it stops the workers
    try:
        os.nice(niceness)
    except (OSError, AttributeError):  # not allowed, or no os.nice on this platform: the server's priority
        pass
    games: OrderedDict = OrderedDict()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            answer = ("ok", think(job, games))
        except Exception as exc:  # a bug in a bot: the server logs it; the worker goes on with other tables
            games.pop(job.get("table"), None)
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


# -- the pool ---------------------------------------------------------------------------------------------
class Worker:
    """One worker process and the pipe to it (used by its dispatcher thread; `kill` also by `BotPool.close`)."""

    def __init__(self, pool: "BotPool", number: int, people: bool = False):
        self.pool = pool
        self.number = number
        self.people = people  # kept for people's tables: thinks only for them, at the pool's people_niceness
        self.process = None  # set only once the process has started
        self.conn = None
        self.starting = False  # inside start (the pool's close then does not wait for this worker)
        # Orders start against kill: the pool's close may kill a worker its dispatcher is still starting.
        self._lock = threading.RLock()

    def start(self) -> None:
        with self._lock:
            ctx = self.pool.context
            conn, child = ctx.Pipe()
            process = ctx.Process(target=worker_main, args=(child, self.niceness), daemon=True,
                                  name=f"caylus-bot-{self.number}")
            # Starting goes through the forkserver, which may take tens of seconds on a busy machine (it starts
            # and imports first): the pool's close does not wait for it, and this start ends what it made.
            self.starting = True
            try:
                process.start()
            except BaseException:
                conn.close()
                raise
            finally:
                self.starting = False
                child.close()
            self.process, self.conn = process, conn
            if self.pool.closing:  # closed meanwhile: nobody will stop it
                self.kill()

    @property
    def niceness(self) -> int:
        return self.pool.people_niceness if self.people else self.pool.niceness

    @property
    def pid(self) -> int | None:
        process = self.process
        return process.pid if process is not None else None

    def ask(self, job: dict, timeout: float):
        """Send the job, wait for the answer: ("ok", token), ("error", why), ("died", why) or ("closed", "")."""
        if self.pool.closing:  # never start a process the pool's close would not see
            return "closed", ""
        if self.process is None or not self.process.is_alive():
            self.replace()
        conn, process = self.conn, self.process
        try:
            conn.send(job)
        except (OSError, ValueError) as exc:
            return "died", f"could not send the job ({exc})"
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                return "died", f"no answer in {timeout:g} s"
            try:
                ready = wait([conn, process.sentinel], timeout=min(left, 0.25))
                if conn in ready:
                    return conn.recv()
            except (EOFError, OSError, ValueError):  # the pipe ended, or the pool's close killed the worker
                if self.pool.closing:
                    return "closed", ""
                return "died", f"the worker ended (exit code {process.exitcode})"
            if ready:  # the sentinel: the process ended without answering
                return "died", f"the worker ended (exit code {process.exitcode})"
            if self.pool.closing:
                self.kill()
                return "closed", ""

    def kill(self) -> None:
        """End the process (at once) and close the pipe; safe to call twice, from two threads, or on a worker
        whose process never started. Never waits on a start in another thread: that start ends what it made
        (the pool is closing) or whoever started it ends it."""
        if not self._lock.acquire(timeout=0.5):
            return
        try:
            process, conn = self.process, self.conn
            self.process = self.conn = None
            if process is not None:
                if process.is_alive():
                    process.kill()
                process.join(5)
            if conn is not None:
                conn.close()
        finally:
            self._lock.release()

    def replace(self) -> None:
        with self._lock:
            self.kill()
            self.start()

    def stop(self, timeout: float) -> None:
        """Ask the process to end; kill it if it does not in `timeout` seconds."""
        with self._lock:
            process, conn = self.process, self.conn
        if process is None:
            return
        try:
            conn.send(None)
        except (OSError, ValueError):
            pass
        process.join(timeout)
        self.kill()


class BotPool:
    """Worker processes playing the bots' moves of the tables in `tables` (a `Tables`); see the module doc.

    `watched(table_id)` says whether someone watches a table (for the pace of all-bot tables); `resume()` is
    called (in a thread of its own) when all-bot tables turned away from the full queue may be kicked again.
    """

    def __init__(self, tables, workers: int = 0, pace: float = 1.0, watched=lambda table_id: False,
                 move_timeout: float = 60.0, max_bot_tables: int = 10_000, niceness: int = NICENESS,
                 people_niceness: int = PEOPLE_NICENESS, resume=None, clock=time.monotonic, store_move=None):
        self.tables = tables
        # How a worker's move is checked and stored: `store_move(live, job, token)` -> whether it was played
        # (the server's: through the writer threads, server/mover.py); by default in the dispatcher's thread.
        self.store_move = store_move or (lambda live, job, token: self.tables.bot_move(live, job, token))
        self.size = workers or default_workers()
        self.move_timeout = move_timeout
        self.niceness = niceness
        self.people_niceness = people_niceness
        self.resume = resume
        # With two workers or more, one (worker 0) is kept for people's tables: all-bot tables (a flood of hard
        # ones included) never hold every worker, so a person's bot is thought on at once, and at a higher CPU
        # priority than the flood's. With one worker, it is niced as the all-bot workers are (it plays them too).
        self.scheduler = Scheduler(pace=pace, watched=watched, clock=clock, max_bot_tables=max_bot_tables,
                                   on_room=self._room, bot_slots=self.size - 1 if self.size >= 2 else None)
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOAD)
        self.workers = [Worker(self, n, people=self.size >= 2 and n == 0) for n in range(self.size)]
        self._threads: list[threading.Thread] = []
        self._crashes: dict[str, int] = {}
        self._lock = threading.Lock()
        self.closing = False
        self.moves = 0  # bot moves stored (for tests and the curious)
        self.replaced = 0  # workers replaced after dying mid-move

    def start(self) -> None:
        """Start the dispatchers; each starts its worker process in its own thread, so the server answers
        people at once, while the workers are still being made."""
        for worker in self.workers:
            thread = threading.Thread(target=self._dispatch, args=(worker,), name=f"caylus-bots-{worker.number}",
                                      daemon=True)
            thread.start()
            self._threads.append(thread)

    def kick(self, table_id: str, people: bool) -> bool:
        """Ask for the table's bot to move (`people`: a person sits at the table)."""
        return self.scheduler.kick(table_id, people)

    def idle(self) -> bool:
        return self.scheduler.idle()

    def pids(self) -> list[int | None]:
        return [w.pid for w in self.workers]

    def close(self, timeout: float = 5.0) -> None:
        """Stop handing out tables, end every worker (a move being thought is dropped: nothing of it was
        stored) and wait for the dispatchers, at most `timeout` seconds, and never for one still starting its
        worker (through a forkserver that may take tens of seconds to answer): that worker is ended once made."""
        self.closing = True
        self.scheduler.close()
        deadline = time.monotonic() + timeout
        for worker, thread in zip(self.workers, self._threads):
            # Not for one starting its worker (now, or a moment later): it ends the process once it is made.
            while thread.is_alive() and not worker.starting and time.monotonic() < deadline:
                thread.join(0.05)
        for worker in self.workers:  # any a dispatcher did not get to (it was stuck storing a move)
            worker.kill()

    def _room(self) -> None:
        if self.resume is not None:
            threading.Thread(target=self.resume, name="caylus-bots-resume", daemon=True).start()

    def _dispatch(self, worker: Worker) -> None:
        try:
            try:
                worker.start()
            except Exception:  # tried again before the first job (Worker.ask)
                log.exception("could not start bot worker %d", worker.number)
            while True:
                table_id = self.scheduler.take(people_only=worker.people)
                if table_id is None:
                    return
                try:
                    self._turn(worker, table_id)
                except Exception:
                    log.exception("the bots of table %s", table_id)
                    self.scheduler.done(table_id, moved=False)
        finally:
            worker.stop(timeout=1.0)

    def _turn(self, worker: Worker, table_id: str) -> None:
        from .errors import ApiError

        try:
            live = self.tables.get(table_id)
            job = self.tables.bot_job(live)
        except ApiError:  # the table is gone
            self.scheduler.forget(table_id)
            return
        if job is None:  # no bot to move (a person moved, or the game is over)
            self.scheduler.done(table_id, moved=False)
            return
        outcome, answer = worker.ask(job.data, self.move_timeout)
        if outcome == "closed":
            return
        if outcome == "died":
            self._died(worker, table_id, answer)
            return
        with self._lock:
            self._crashes.pop(table_id, None)
        if outcome != "ok":
            log.error("a bot of table %s failed: %s", table_id, answer)
            self.scheduler.done(table_id, moved=False)
            return
        try:
            moved = self.store_move(live, job, answer)
        except ApiError as exc:
            moved = exc.code == "stale_version"  # another process stored a change first: look again
        if moved:
            self.moves += 1
        self.scheduler.done(table_id, moved=moved)

    def _died(self, worker: Worker, table_id: str, why: str) -> None:
        with self._lock:
            crashes = self._crashes[table_id] = self._crashes.get(table_id, 0) + 1
            self.replaced += 1
        if self.closing:
            return
        worker.replace()
        if crashes >= MAX_CRASHES:
            with self._lock:
                self._crashes.pop(table_id, None)
            log.error("table %s: its bot's move ended %d workers in a row (%s); its bots stop until the table "
                      "is loaded again", table_id, crashes, why)
            self.scheduler.forget(table_id)
            return
        log.warning("a bot worker ended while thinking for table %s (%s); replaced, and the move is thought "
                    "again", table_id, why)
        self.scheduler.retry(table_id)
