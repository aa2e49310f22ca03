"""Every write of the server to its SQLite file holds the store's write lock (store.Store.write_lock): a write that
waits for another then wakes as soon as it ends, instead of sleeping in SQLite's busy handler (1 to 100 ms at a
time), which held people's moves up behind tables being created under load."""

from __future__ import annotations

import json
import threading
import time

import pytest

from fastapi.testclient import TestClient
from sqlalchemy import event

from caylus.server.store import FairLock, Store, TableRow

from .conftest import FAST, make_app, next_state, receive, wait_turn

WRITES = ("BEGIN", "INSERT", "UPDATE", "DELETE", "REPLACE", "COMMIT")


class Watched:
    """The store's write lock, telling which thread holds it."""

    def __init__(self):
        self.lock = threading.RLock()
        self.owner: int | None = None
        self.depth = 0

    def __enter__(self):
        self.lock.acquire()
        self.owner = threading.get_ident()
        self.depth += 1
        return self

    def __exit__(self, *exc):
        self.depth -= 1
        if not self.depth:
            self.owner = None
        self.lock.release()
        return False

    def __call__(self) -> bool:
        return self.owner == threading.get_ident()


def _watch(store: Store) -> tuple[list, list]:
    """Each SQL statement a connection of the store runs from now on: writes made without the lock, and all."""
    lock = Watched()
    store.write_lock = lock
    outside, seen = [], []

    def trace(statement: str) -> None:
        word = statement.lstrip().split(" ", 1)[0].upper()
        if word in WRITES:
            seen.append(word)
            if not lock():
                outside.append((threading.current_thread().name, statement[:80]))

    @event.listens_for(store.engine, "connect")
    def _traced(dbapi_connection, _record):
        dbapi_connection.set_trace_callback(trace)

    store.engine.dispose()  # the connections made so far, untraced, are closed: new ones are traced
    return outside, seen


def test_every_write_of_a_whole_game_holds_the_stores_write_lock(tmp_path):
    app = make_app(tmp_path, **FAST)
    outside, seen = _watch(app.state.store)
    with TestClient(app) as client:
        r = client.post("/api/players", json={"name": "Ada"})
        assert r.status_code == 201, r.text
        t = client.post("/api/tables", json={"edition": "caylus-1303", "seats": ["human", "greedy"], "seed": 4,
                                             "take_back": True}).json()
        token = t["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        s = wait_turn(client, t["id"], token)
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:  # moves on the socket: the writer's batches
            receive(ws)
            ws.send_text(json.dumps({"type": "hello", "token": token}))
            for _ in range(12):
                s = wait_turn(client, t["id"], token)
                if s["terminal"]:
                    break
                ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
                next_state(ws, s["version"])
        s = wait_turn(client, t["id"], token)  # a move by HTTP, then an undo of it
        r = client.post(f"/api/tables/{t['id']}/moves", json={"version": s["version"],
                                                               "action": s["legal"][0]["token"]}, headers=auth)
        assert r.status_code == 200, r.text
        r = client.post(f"/api/tables/{t['id']}/undo", json={"version": r.json()["version"]}, headers=auth)
        assert r.status_code in (200, 409), r.text  # 409: the bot's reply came first and undoes need people only
        r = client.delete(f"/api/tables/{t['id']}", headers={"Authorization": f"Bearer {t['owner_token']}"})
        assert r.status_code in (200, 204), r.text
    assert {"INSERT", "UPDATE", "COMMIT"} <= set(seen)
    assert outside == []


def test_a_table_made_while_a_batch_is_open_waits_for_its_commit_and_both_are_stored(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'lock.db'}")
    try:
        row = TableRow(id="t-first", edition="caylus", players=2, seed=1, options={}, seats=[], version=0,
                       terminal=False)
        store.create(row)
        from caylus.server.store import Batch, Change

        batch = Batch(store, store.connection())
        batch.append("t-first", 0, [Change(0, "move", "pass", 0)], False, False, 1.0)
        made = threading.Event()

        def create() -> None:
            store.create(TableRow(id="t-second", edition="caylus", players=2, seed=2, options={}, seats=[],
                                  version=0, terminal=False))
            made.set()

        thread = threading.Thread(target=create)
        thread.start()
        assert not made.wait(0.3)  # the batch holds the write lock: the new table waits for it
        batch.commit()
        thread.join(10)
        batch.conn.close()
        assert made.is_set()
        assert store.version_of("t-first") == 1 and store.version_of("t-second") == 0
    finally:
        store.close()


def test_the_write_lock_goes_to_waiting_threads_in_turn_and_a_batch_of_moves_goes_first():
    lock = FairLock()
    order: list = []
    lock.take()
    lock.take()  # reentrant: the same thread takes it again
    threads = []

    def wait_for_it(name: str, first: bool) -> None:
        lock.take(first=first)
        order.append(name)
        lock.__exit__(None, None, None)

    for name, first in (("create 1", False), ("create 2", False), ("moves", True), ("create 3", False)):
        thread = threading.Thread(target=wait_for_it, args=(name, first))
        thread.start()
        threads.append(thread)
        while len(lock._waiting) < len(threads):  # each in the queue before the next asks
            time.sleep(0.001)
    lock.__exit__(None, None, None)
    assert order == []  # still held once by this thread
    lock.__exit__(None, None, None)
    for thread in threads:
        thread.join(10)
    assert order == ["moves", "create 1", "create 2", "create 3"]
    with pytest.raises(RuntimeError):  # let go by a thread that does not hold it
        lock.__exit__(None, None, None)
