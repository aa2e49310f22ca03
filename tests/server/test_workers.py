"""Bots think in worker processes: what a worker is sent, a worker killed mid-move (the table goes on), a clean
shutdown, and a person's move answered while every worker is busy with other tables' bots."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import OrderedDict

import caylus
import pytest
from fastapi.testclient import TestClient

from caylus.server import Settings, create_app
from caylus.server.limits import Limits
from caylus.server import live as live_module
from caylus.server.workers import job_for, think

from .conftest import FAST, new_table, state, wait_turn

SLOW = "mcts:5000000"  # a bot that thinks far longer than any test waits: its worker is surely mid-move


def _played(game, moves: int, seed: int = 3):
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _setup(game) -> dict:
    return {"edition": game.edition.id, "players": game.num_players, "seed": game.seed, "options": dict(game.options)}


# -- what a worker is sent and how it answers -------------------------------------------------------------
def test_a_hidden_card_table_sends_the_worker_the_seats_view_only_never_the_seed():
    game = _played(caylus.new_game("magna-carta", players=3, seed=11), 5)
    job = job_for("t1", "normal", _setup(game), game)
    assert set(job) == {"table", "spec", "seed", "decisions", "view"}
    assert job["view"] == game.view(game.current_player)
    assert str(game.seed) not in repr(job)
    token = think(job, OrderedDict())
    assert token in [a.token for a in game.legal_actions()]


def test_a_perfect_information_table_is_kept_by_the_worker_and_follows_an_undo():
    game = _played(caylus.new_game("caylus-1303", players=2, seed=4), 12)
    kept = OrderedDict()
    job = job_for("t1", "greedy", _setup(game), game)
    assert think(job, kept) in [a.token for a in game.legal_actions()]
    assert [a.token for a in kept["t1"][1].history] == job["history"]
    for _ in range(3):  # the person took back some moves, then played others
        game.undo()
    _played(game, 2, seed=9)
    job = job_for("t1", "greedy", _setup(game), game)
    token = think(job, kept)
    assert [a.token for a in kept["t1"][1].history] == [a.token for a in game.history]
    assert token in [a.token for a in game.legal_actions()]


def test_the_same_position_gets_the_same_move_thought_twice():
    game = _played(caylus.new_game("caylus", players=3, seed=2), 8)
    job = job_for("t1", "normal", _setup(game), game)
    assert think(job, OrderedDict()) == think(dict(job), OrderedDict())


# -- the pool inside the server ---------------------------------------------------------------------------
@pytest.fixture
def slow(monkeypatch):
    """What makes a bot think (nearly) for ever: a table id or a bot level added to this set."""
    slow: set[str] = set()
    real = live_module.job_for

    def patched(table_id, spec, setup, game):
        job = real(table_id, spec, setup, game)
        if table_id in slow or spec in slow:
            job["spec"] = SLOW
        return job

    monkeypatch.setattr(live_module, "job_for", patched)
    return slow


def _app(tmp_path, workers: int):
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=workers,
                               limits=Limits(**FAST)))


def _until(check, timeout: float = 60.0, what: str = "it"):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} did not happen"
        time.sleep(0.01)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat") as f:  # a zombie not yet reaped by its parent is gone too
        return f.read().rsplit(")", 1)[1].split()[0] == "Z"


def test_a_worker_killed_mid_move_is_replaced_and_the_table_goes_on(tmp_path, slow):
    app = _app(tmp_path, workers=1)
    pool = app.state.bots
    with TestClient(app) as client:
        t = new_table(client, "caylus", seats=("human", "normal"), seed=7)
        token = t["seats"][0]["token"]
        s = wait_turn(client, t["id"], token)
        slow.add(t["id"])
        r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                "action": s["legal"][0]["token"]})
        assert r.status_code == 200
        version = r.json()["version"]
        _until(lambda: pool.scheduler.waiting()["out"] == 1, what="the bot's thinking")
        time.sleep(0.2)
        old = pool.pids()[0]
        slow.clear()  # the move is thought again at the normal level
        os.kill(old, signal.SIGKILL)
        s = wait_turn(client, t["id"], token)
        assert pool.replaced == 1
        assert pool.pids()[0] not in (None, old)
        assert s["version"] > version  # the bot's move (or moves) stored after all
        # and the game goes on with the new worker
        r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                "action": s["legal"][0]["token"]})
        assert r.status_code == 200
        assert wait_turn(client, t["id"], token)["version"] > s["version"] + 1


def _busy_people_table(client, seed: int) -> str:
    """A table of two hard bots and a person, its hard bot thinking (slowly) once the person has moved."""
    t = new_table(client, "caylus", seats=("hard", "hard", "human"), seed=seed)
    token = t["seats"][2]["token"]
    s = state(client, t["id"], token)
    if s["legal"]:
        r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                "action": s["legal"][0]["token"]})
        assert r.status_code == 200, r.text
    return t["id"]


def test_a_person_is_answered_while_every_worker_thinks_at_other_tables(tmp_path, slow):
    app = _app(tmp_path, workers=2)
    pool = app.state.bots
    with TestClient(app) as client:
        slow.add("hard")
        busy = [_busy_people_table(client, seed) for seed in (1, 2)]
        _until(lambda: pool.scheduler.waiting()["out"] == 2, what="both workers thinking")
        versions = [state(client, b)["version"] for b in busy]
        t = new_table(client, "caylus", seats=("human", "random"), seed=3)
        token = t["seats"][0]["token"]
        s = state(client, t["id"], token)
        if not s["legal"]:
            pytest.skip("the bot moves first at this seed")
        r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                "action": s["legal"][0]["token"]})
        assert r.status_code == 200, r.text
        assert r.json()["version"] == s["version"] + 1
        # Answered while both workers are still on the hard bots' moves; the person's table waits in line
        # for the next free worker.
        assert pool.scheduler.waiting() == {"people": 1, "bots": 0, "out": 2}
        assert [state(client, b)["version"] for b in busy] == versions


def test_a_flood_of_all_bot_tables_leaves_a_worker_to_the_bots_at_peoples_tables(tmp_path, slow):
    app = _app(tmp_path, workers=2)
    pool = app.state.bots
    with TestClient(app) as client:
        slow.add("hard")
        flood = [new_table(client, "magna-carta", seats=("hard", "hard", "hard"))["id"] for _ in range(6)]
        _until(lambda: pool.scheduler.waiting() == {"people": 0, "bots": 5, "out": 1},
               what="one worker on the flood")
        t = new_table(client, "caylus", seats=("human", "random"), seed=3)
        token = t["seats"][0]["token"]
        s = wait_turn(client, t["id"], token)
        for _ in range(3):  # the person and the random bot take turns while the flood's hard move goes on
            r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                    "action": s["legal"][0]["token"]})
            assert r.status_code == 200, r.text
            s = wait_turn(client, t["id"], token)
        assert s["version"] >= 6
        assert [state(client, f)["version"] for f in flood] == [0] * 6
        assert pool.scheduler.waiting()["out"] == 1


def test_closing_the_server_ends_every_worker_even_mid_move(tmp_path, slow):
    app = _app(tmp_path, workers=2)
    pool = app.state.bots
    with TestClient(app) as client:
        slow.add("hard")
        new_table(client, "caylus", seats=("hard", "hard"), seed=1)
        _until(lambda: pool.scheduler.waiting()["out"] >= 1, what="a worker thinking")
        _until(lambda: all(pool.pids()), what="both workers started")
        pids = pool.pids()
        threads = list(pool._threads)
    started = time.monotonic()
    _until(lambda: all(_gone(pid) for pid in pids), timeout=10, what="every worker ending")
    assert time.monotonic() - started < 10
    assert not any(thread.is_alive() for thread in threads)
    assert pool.pids() == [None, None]


# -- starting and ending a worker ---------------------------------------------------------------------------
class _Context:
    """A forkserver context whose processes fail to start (`fail`), or start only after `delay` seconds, or
    only once `gate` is set (as a forkserver still starting on a busy machine)."""

    def __init__(self, fail: bool = False, delay: float = 0.0, gate=None):
        import multiprocessing

        self.real = multiprocessing.get_context("forkserver")
        self.fail, self.delay, self.gate = fail, delay, gate
        self.entered = threading.Event()
        self.started: list = []

    def Pipe(self):
        return self.real.Pipe()

    def Process(self, **kwargs):
        process = self.real.Process(**kwargs)
        context = self

        class Late:
            pid = property(lambda _self: process.pid)

            def start(_self):
                context.entered.set()
                if context.gate is not None:
                    context.gate.wait(60)
                time.sleep(context.delay)
                if context.fail:
                    raise OSError("no process for you")
                process.start()
                context.started.append(process)

            def __getattr__(_self, name):
                return getattr(process, name)

        return Late()


def test_a_worker_whose_process_never_started_is_ended_quietly():
    from types import SimpleNamespace

    from caylus.server.workers import Worker

    worker = Worker(SimpleNamespace(context=_Context(fail=True), niceness=10, closing=False), 0)
    with pytest.raises(OSError):
        worker.start()
    assert worker.process is None and worker.conn is None and worker.pid is None
    worker.kill()  # once was an AssertionError from joining a process never started
    worker.kill()
    worker.stop(timeout=0.1)
    assert worker.pid is None


def test_closing_the_pool_while_a_worker_is_still_starting_ends_it(caplog):
    from caylus.server.workers import BotPool

    pool = BotPool(tables=None, workers=1)
    pool.context = _Context(delay=0.5)
    pool.start()
    time.sleep(0.1)  # the dispatcher is inside Worker.start
    pool.close(timeout=0.05)  # gives up waiting for the dispatcher, kills the worker it is starting
    _until(lambda: not any(t.is_alive() for t in pool._threads), timeout=10, what="the dispatcher ending")
    assert [p.pid for p in pool.context.started] and all(_gone(p.pid) for p in pool.context.started)
    assert pool.pids() == [None]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_closing_the_pool_never_waits_for_a_worker_the_forkserver_is_slow_to_start(caplog):
    from caylus.server.workers import BotPool

    gate = threading.Event()
    pool = BotPool(tables=None, workers=2)
    pool.context = _Context(gate=gate)
    pool.start()
    try:
        assert pool.context.entered.wait(10)  # a dispatcher is inside Worker.start, the forkserver not answering
        started = time.monotonic()
        closer = threading.Thread(target=pool.close)  # as the server's shutdown does, its default timeout
        closer.start()
        closer.join(10)
        assert not closer.is_alive() and time.monotonic() - started < 2.0
    finally:
        gate.set()
    # Once the forkserver answers, what it made is ended: no worker outlives the pool.
    _until(lambda: not any(t.is_alive() for t in pool._threads), timeout=30, what="the dispatchers ending")
    assert pool.context.started and all(_gone(p.pid) for p in pool.context.started)
    assert pool.pids() == [None, None]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# -- CPU priority: the worker kept for people's tables goes before the all-bot tables' workers ---------------
def _nice(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def _expected(added: int) -> int:
    return min(19, _nice(0) + added)  # a niceness never goes past 19


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities on this platform")
def test_the_peoples_worker_runs_at_its_own_priority_and_a_killed_worker_comes_back_at_the_same():
    from caylus.server.workers import NICENESS, BotPool

    pool = BotPool(tables=None, workers=2, people_niceness=3)
    people, bots = pool.workers
    assert people.people and not bots.people
    game = _played(caylus.new_game("caylus", players=2, seed=5), 4)
    job = job_for("t1", "random", _setup(game), game)
    try:
        for worker in pool.workers:
            worker.start()
        _until(lambda: _nice(people.pid) == _expected(3), what="the people's worker reniced")
        _until(lambda: _nice(bots.pid) == _expected(NICENESS), what="the all-bot worker reniced")
        assert _nice(people.pid) < _nice(bots.pid)
        for worker, added in ((people, 3), (bots, NICENESS)):
            old = worker.pid
            os.kill(old, signal.SIGKILL)
            # seen ended by the pool (the forkserver reports a child's end a moment after it is gone)
            _until(lambda: not worker.process.is_alive(), what="the worker's end")
            outcome, token = worker.ask(job, timeout=60)  # replaced (the same worker, the same kind) and asked
            assert outcome == "ok" and token in {a.token for a in game.legal_actions()}
            assert worker.pid not in (None, old)
            assert _nice(worker.pid) == _expected(added)
    finally:
        pool.close()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities on this platform")
def test_a_server_keeps_one_worker_for_peoples_tables_at_the_priority_it_is_given(tmp_path):
    from caylus.server.workers import NICENESS

    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=2, people_bot_nice=2,
                              limits=Limits(**FAST)))
    pool = app.state.bots
    with TestClient(app):
        _until(lambda: all(pool.pids()), what="both workers started")
        people, bots = pool.pids()
        _until(lambda: _nice(people) == _expected(2) and _nice(bots) == _expected(NICENESS),
               what="the workers reniced")
    # one worker: it plays all-bot tables too, so it is niced as they are
    single = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'one.db'}", bot_workers=1, limits=Limits(**FAST)))
    assert [w.people for w in single.state.bots.workers] == [False]
