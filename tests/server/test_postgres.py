"""Several server processes over one PostgreSQL database serve the same games: a move made through one process
reaches the WebSocket clients of another (LISTEN/NOTIFY), and the database decides between processes that
race for the same version (exactly one move is stored)."""

from __future__ import annotations

import json
import threading

import httpx
import pytest
from websockets.sync.client import connect

from .postgres import Cluster
from .servers import Server


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    cluster = Cluster().start()
    logs = tmp_path_factory.mktemp("pg-servers")
    servers = []
    try:
        for name in ("a", "b"):
            servers.append(Server(cluster.url, logs / f"{name}.log").start())
        yield servers
    finally:
        for s in servers:
            s.stop()
        cluster.stop()


def _ws_state(ws, version: int) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == "state" and message["state"]["version"] >= version:
            return message["state"]


def test_a_move_through_one_process_reaches_the_watchers_of_the_other(two_servers):
    a, b = two_servers
    t = httpx.post(f"{a.url}/api/tables", json={"edition": "caylus", "seats": ["human", "human"], "seed": 2}).json()
    tokens = [s["token"] for s in t["seats"]]
    s = httpx.get(f"{b.url}/api/tables/{t['id']}").json()  # process b knows the table a created
    seat = s["current_player"]
    with connect(f"ws://127.0.0.1:{b.port}/ws/tables/{t['id']}?token={tokens[1 - seat]}&log=new") as watcher:
        assert _ws_state(watcher, 0)["version"] == 0
        for step in range(6):
            mover = httpx.get(f"{a.url}/api/tables/{t['id']}").json()["current_player"]
            mine = httpx.get(f"{(a, b)[step % 2].url}/api/tables/{t['id']}", params={"token": tokens[mover]}).json()
            r = httpx.post(f"{(a, b)[step % 2].url}/api/tables/{t['id']}/moves",
                           json={"token": tokens[mover], "version": mine["version"], "action": mine["legal"][0]["token"]})
            assert r.status_code == 200, r.text
            pushed = _ws_state(watcher, mine["version"] + 1)
            assert pushed["version"] == mine["version"] + 1
    assert httpx.get(f"{a.url}/api/tables/{t['id']}").json() == httpx.get(f"{b.url}/api/tables/{t['id']}").json()


def test_the_same_move_sent_to_both_processes_at_once_is_stored_once(two_servers):
    a, b = two_servers
    for round_ in range(5):
        t = httpx.post(f"{a.url}/api/tables", json={"edition": "caylus-1303", "seats": ["human", "human"],
                                                    "seed": round_}).json()
        tokens = [s["token"] for s in t["seats"]]
        seat = httpx.get(f"{a.url}/api/tables/{t['id']}").json()["current_player"]
        mine = httpx.get(f"{b.url}/api/tables/{t['id']}", params={"token": tokens[seat]}).json()
        body = {"token": tokens[seat], "version": mine["version"], "action": mine["legal"][0]["token"]}
        answers = []
        go = threading.Barrier(2)

        def send(server):
            go.wait()
            answers.append(httpx.post(f"{server.url}/api/tables/{t['id']}/moves", json=body, timeout=20))

        threads = [threading.Thread(target=send, args=(s,)) for s in (a, b)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
        for server in (a, b):
            after = httpx.get(f"{server.url}/api/tables/{t['id']}").json()
            assert after["version"] == mine["version"] + 1
        record = httpx.get(f"{a.url}/api/tables/{t['id']}/record").text
        assert record.count("\n" + body["action"] + "\n") == 1
