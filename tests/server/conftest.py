"""The server's tests drive the real application: FastAPI's TestClient (HTTP and WebSocket) over a fresh SQLite
file, or `caylus serve` started as a process (servers.py)."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from caylus.server import Settings, create_app

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=2))


@pytest.fixture
def fast_client(app):
    """A client whose seats may move as fast as a program does (no rate limit in the way)."""
    app.state.settings.moves_per_second = app.state.settings.burst = 100_000
    with TestClient(app) as c:
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
