"""The server's tests drive the real application: FastAPI's TestClient (HTTP and WebSocket) over a fresh SQLite
file, or `caylus serve` started as a process (servers.py)."""

from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient

from caylus.server import Settings, create_app
from caylus.server.limits import Limits

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


def make_app(tmp_path, **limits):
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=2,
                               limits=Limits(**limits)))


# A program's pace: no rate in the way (the limits' own tests set theirs).
FAST = dict(moves_per_second=100_000, burst=100_000, reads_per_second=100_000, reads_burst=100_000,
            tables_per_minute=100_000, tables_burst=100_000, hints_per_minute=100_000, hints_burst=100_000,
            bot_tables_per_client=1000, bot_tables=1000)


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path)


@pytest.fixture
def fast_client(tmp_path):
    """A client whose seats may move as fast as a program does (no rate limit in the way)."""
    with TestClient(make_app(tmp_path, **FAST)) as c:
        yield c


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


HIDES_CARDS = {"magna-carta"}  # a seed is refused there unless every seat is a bot


def new_table(client, edition="caylus", seats=("human", "random"), seed=1, **extra) -> dict:
    """A new table; seeded (`seed`, None: a random one) except where the server takes no seed."""
    body = {"edition": edition, "seats": list(seats), **extra}
    if seed is not None and not (edition in HIDES_CARDS and "human" in seats):
        body["seed"] = seed
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def state(client, table_id, token=None) -> dict:
    r = client.get(f"/api/tables/{table_id}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_turn(client, table_id, token, timeout=30.0) -> dict:
    """The seat's state once it is to move or the game is over (the server's bots play in the meantime)."""
    deadline = time.monotonic() + timeout
    while True:
        s = state(client, table_id, token)
        if s["terminal"] or s["legal"]:
            return s
        assert time.monotonic() < deadline, "the bots did not hand the turn back"
        time.sleep(0.005)


def receive(ws) -> dict:
    """The next message of a live-feed socket."""
    return json.loads(ws.receive_text())


def next_state(ws, after: int) -> dict:
    """The first pushed state newer than version `after`."""
    while True:
        message = receive(ws)
        if message["type"] == "state" and message["state"]["version"] > after:
            return message["state"]


@contextmanager
def held(lock):
    """`lock` held by another thread, as a bot's dispatcher storing a move (or a long game being rebuilt) holds a
    table's lock, until the block ends or the `release` event it yields is set."""
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        with lock:
            taken.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert taken.wait(5)
        yield release
    finally:
        release.set()
        holder.join(5)
