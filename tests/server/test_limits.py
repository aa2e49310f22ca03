"""Every limit on what a stranger can send (server/limits.py): each answered with 429 and Retry-After, only to the
client over it (another address is still served at once), and nothing changed by the refusal. Then the limits
on time and memory: idle tables expire, the creator closes a table, the lobby shows people's tables first, the
cache of games in hand stays within its bytes, and a state is serialised once for all the sockets that need it.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from caylus.server import hub as hub_module
from caylus.server.live import Tables, estimated_bytes
from caylus.server.store import Store

from .conftest import FAST, make_app, new_table, state, wait_turn

ANOTHER = ("203.0.113.7", 40000)  # another client's address


def over(r, code: str) -> None:
    """`r` is a 429 for `code`, with a Retry-After of whole seconds and a message that says when."""
    assert r.status_code == 429, r.text
    assert r.json()["code"] == code and "try again in" in r.json()["error"]
    assert int(r.headers["retry-after"]) >= 1


def test_tables_created_per_address_are_limited_and_another_address_is_still_served(tmp_path):
    app = make_app(tmp_path, tables_per_minute=1, tables_burst=3)
    with TestClient(app) as client:
        spec = {"edition": "caylus", "seats": ["human", "human"]}
        assert [client.post("/api/tables", json=spec).status_code for _ in range(3)] == [201] * 3
        r = client.post("/api/tables", json=spec)
        over(r, "too_many_tables")
        assert int(r.headers["retry-after"]) <= 60
        assert len(client.get("/api/tables").json()) == 3  # the refused one was not made
        other = TestClient(app, client=ANOTHER)
        assert other.post("/api/tables", json=spec).status_code == 201


def test_open_tables_of_bots_only_are_limited_per_address_and_in_all(tmp_path):
    app = make_app(tmp_path, bot_tables_per_client=2, bot_tables=3)
    with TestClient(app) as client:
        bots = {"edition": "caylus", "seats": ["hard", "hard", "hard"]}  # slow: they stay open during the test
        made = [client.post("/api/tables", json=bots).json() for _ in range(2)]
        over(client.post("/api/tables", json=bots), "too_many_bot_tables")
        # A person's table is not a bot table: still made.
        assert client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "hard"]}).status_code == 201
        other = TestClient(app, client=ANOTHER)
        made.append(other.post("/api/tables", json=bots).json())  # the third in all
        r = TestClient(app, client=("198.51.100.1", 1)).post("/api/tables", json=bots)
        over(r, "too_many_bot_tables")
        assert "the server already has 3" in r.json()["error"]
        for t in made:  # their bots stop
            r = client.delete(f"/api/tables/{t['id']}", headers={"Authorization": f"Bearer {t['owner_token']}"})
            assert r.status_code == 200


def test_a_burst_of_bot_tables_posted_at_once_never_overruns_the_limit(tmp_path):
    # A hostile client posts twelve all-bot tables at once from many connections: each request is checked and
    # made with no other creation between (Tables.creating), so exactly the limit is made, the rest refused.
    app = make_app(tmp_path, bot_tables_per_client=3, bot_tables=1000, tables_burst=100)
    bots = {"edition": "magna-carta", "seats": ["hard", "hard", "hard"]}
    with TestClient(app) as client:
        start = threading.Barrier(12)

        def post(_):
            start.wait()
            return client.post("/api/tables", json=bots)

        with ThreadPoolExecutor(12) as pool:
            answers = list(pool.map(post, range(12)))
        assert sorted(r.status_code for r in answers) == [201] * 3 + [429] * 9
        for r in answers:
            if r.status_code == 429:
                over(r, "too_many_bot_tables")
        assert app.state.store.open_bot_tables(None) == (3, 0)
        # A person's table is made meanwhile all the same.
        assert client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "hard"]}).status_code == 201
        for r in answers:
            if r.status_code == 201:
                t = r.json()
                client.delete(f"/api/tables/{t['id']}", headers={"Authorization": f"Bearer {t['owner_token']}"})


def test_open_bot_tables_counts_only_open_tables_of_bots_in_all_and_the_creators(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'caylus.db'}")
    tables = Tables(store)
    try:
        for creator, kinds in [("a", ["hard", "hard"]), ("a", ["hard", "hard"]), ("b", ["easy", "easy"]),
                               ("a", ["human", "hard"]), (None, ["easy", "easy"])]:
            tables.create("caylus", 2, {}, kinds, 1, creator=creator)
        assert store.open_bot_tables("a") == (4, 2)
        assert store.open_bot_tables("b") == (4, 1)
        assert store.open_bot_tables("nobody") == (4, 0)
        assert store.count_open_bot_tables() == 4 and store.count_open_bot_tables("a") == 2
        closing = tables.create("caylus", 2, {}, ["hard", "hard"], 1, creator="a")[0]
        assert store.open_bot_tables("a") == (5, 3)
        tables.close(closing, "closed by its creator")  # a closed table is no longer counted
        assert store.open_bot_tables("a") == (4, 2)
        row = store.load(closing.id)
        assert row.closed and row.people == 0 and row.creator == "a" and row.version == 1
    finally:
        store.close()


def test_closing_a_bot_table_makes_room_for_another(tmp_path):
    app = make_app(tmp_path, bot_tables_per_client=1)
    with TestClient(app) as client:
        bots = {"edition": "caylus-1303", "seats": ["hard", "hard"]}
        first = client.post("/api/tables", json=bots).json()
        over(client.post("/api/tables", json=bots), "too_many_bot_tables")
        r = client.delete(f"/api/tables/{first['id']}", headers={"Authorization": f"Bearer {first['owner_token']}"})
        assert r.status_code == 200 and r.json() == {"id": first["id"], "closed": True}
        assert client.post("/api/tables", json=bots).status_code == 201


def test_hints_and_reads_are_limited_per_address(tmp_path):
    app = make_app(tmp_path, hints_per_minute=1, hints_burst=2, reads_per_second=0.5, reads_burst=5,
                   tables_burst=100)
    with TestClient(app) as client:
        t = new_table(client, seats=["human", "human"])
        seat = client.get(f"/api/tables/{t['id']}").json()["current_player"]
        auth = {"Authorization": f"Bearer {t['seats'][seat]['token']}"}
        assert [client.get(f"/api/tables/{t['id']}/hint", headers=auth).status_code for _ in range(2)] == [200] * 2
        over(client.get(f"/api/tables/{t['id']}/hint", headers=auth), "too_many_hints")
        codes = [client.get(f"/api/tables/{t['id']}", headers=auth).status_code for _ in range(6)]
        assert codes.count(200) <= 5 and codes[-1] == 429
        over(client.get(f"/api/tables/{t['id']}/buildings", headers=auth), "too_many_reads")
        over(client.get("/api/tables"), "too_many_reads")
        # Moves are not reads: the seat still plays; another address still reads.
        legal = TestClient(app, client=ANOTHER).get(f"/api/tables/{t['id']}", headers=auth).json()["legal"]
        r = client.post(f"/api/tables/{t['id']}/moves", headers=auth,
                        json={"version": 0, "action": legal[0]["token"]})
        assert r.status_code == 200


def test_sockets_per_address_and_per_table_are_limited(tmp_path):
    app = make_app(tmp_path, sockets_per_client=3, sockets_per_table=4, **{k: v for k, v in FAST.items()})
    with TestClient(app) as client:
        t = new_table(client, seats=["human", "human"])
        url = f"/ws/tables/{t['id']}"
        open_ = [client.websocket_connect(url) for _ in range(3)]
        for ws in open_:
            ws.__enter__()
            assert ws.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDenialResponse) as refused:
            with client.websocket_connect(url):
                pass
        assert refused.value.status_code == 429 and refused.value.json()["code"] == "too_many_sockets"
        assert int(refused.value.headers["retry-after"]) >= 1
        other = TestClient(app, client=ANOTHER)
        with other.websocket_connect(url) as ws:  # the fourth at this table, from another address
            assert ws.receive_json()["type"] == "state"
            third = TestClient(app, client=("198.51.100.1", 1))
            with pytest.raises(WebSocketDenialResponse) as refused:
                with third.websocket_connect(url):
                    pass
            assert "this table already has 4" in refused.value.json()["error"]
        open_.pop().__exit__(None, None, None)  # a connection closed frees its place
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "state"
        for ws in open_:
            ws.__exit__(None, None, None)


def test_the_creator_closes_a_table_and_nobody_else_can(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = new_table(client, seats=["human", "random"])
        token = t["seats"][0]["token"]
        url = f"/api/tables/{t['id']}"
        with client.websocket_connect(url.replace("/api/", "/ws/")) as ws:
            ws.receive_json()
            for bad in [{}, {"Authorization": f"Bearer {token}"}, {"Authorization": "Bearer nope"}]:
                r = client.delete(url, headers=bad)
                assert r.status_code == 403 and r.json()["code"] == "not_the_creator"
            assert not state(client, t["id"])["closed"]
            s = wait_turn(client, t["id"], token)
            r = client.delete(url, headers={"Authorization": f"Bearer {t['owner_token']}"})
            assert r.status_code == 200
            while True:  # the watchers are told
                m = ws.receive_json()
                if m["type"] == "state" and m["state"]["closed"]:
                    break
        closed = state(client, t["id"], token)
        assert closed["closed"] and closed["legal"] == [] and closed["version"] == s["version"] + 1
        r = client.post(f"{url}/moves", json={"token": token, "version": closed["version"],
                                              "action": s["legal"][0]["token"]})
        assert r.status_code == 410 and r.json()["code"] == "table_closed"
        assert client.delete(url, headers={"Authorization": f"Bearer {t['owner_token']}"}).status_code == 409
        assert t["id"] not in [x["id"] for x in client.get("/api/tables").json()]


def test_a_table_nobody_plays_at_expires_unless_someone_watches_it(tmp_path):
    app = make_app(tmp_path, idle_seconds=0.4, **FAST)
    with TestClient(app) as client:
        app.state.expiry.stop()  # swept by hand below: on a loaded machine the socket may take longer than 0.4 s
        idle = new_table(client, seats=["human", "human"])
        watched = new_table(client, seats=["human", "human"])
        with client.websocket_connect(f"/ws/tables/{watched['id']}") as ws:
            ws.receive_json()
            time.sleep(0.5)  # both untouched for longer than idle_seconds
            assert app.state.expiry.sweep() == [idle["id"]]
            assert state(client, idle["id"])["closed"]
            assert not state(client, watched["id"])["closed"]
            assert [x["id"] for x in client.get("/api/tables").json()] == [watched["id"]]
        r = client.post(f"/api/tables/{idle['id']}/moves", json={"token": idle["seats"][0]["token"], "version": 1,
                                                                 "action": "pass"})
        assert r.status_code == 410 and "expired" in r.json()["error"]


def test_the_lobby_lists_peoples_tables_before_a_flood_of_bot_tables(tmp_path):
    app = make_app(tmp_path, **FAST)
    app.state.settings.lobby_size = 5
    with TestClient(app) as client:
        people = new_table(client, seats=["human", "human"])
        for _ in range(8):
            new_table(client, seats=["random", "random"], seed=None)
        lobby = client.get("/api/tables").json()
        assert len(lobby) == 5 and lobby[0]["id"] == people["id"]


def test_a_state_is_serialised_once_per_version_and_seat_for_every_socket(tmp_path, monkeypatch):
    app = make_app(tmp_path, sockets_per_client=100, **FAST)
    encoded = []
    real = hub_module.encode
    monkeypatch.setattr(hub_module, "encode", lambda m: encoded.append(m["state"]["version"]) or real(m))
    with TestClient(app) as client:
        t = new_table(client, seats=["human", "human"])
        tokens = [s["token"] for s in t["seats"]]
        url = f"/ws/tables/{t['id']}?log=new"
        sockets = [client.websocket_connect(url) for _ in range(40)]
        for ws in sockets:
            ws.__enter__()
            ws.receive_json()
        seat_socket = client.websocket_connect(url)
        seat_socket.__enter__()
        seat_socket.receive_json()
        seat_socket.send_json({"type": "hello", "token": tokens[0]})
        assert seat_socket.receive_json()["state"]["seat"] == 0
        s = state(client, t["id"], tokens[0])
        mover = s["current_player"]
        encoded.clear()
        r = client.post(f"/api/tables/{t['id']}/moves", headers={"Authorization": f"Bearer {tokens[mover]}"},
                        json={"version": s["version"], "action": client.get(
                            f"/api/tables/{t['id']}", headers={"Authorization": f"Bearer {tokens[mover]}"}
                        ).json()["legal"][0]["token"]})
        assert r.status_code == 200
        texts = {ws.receive_text() for ws in sockets}
        assert len(texts) == 1  # every spectator got the same text
        assert seat_socket.receive_json()["state"]["version"] == s["version"] + 1
        # One serialisation for the 40 spectators and one for the seat: not one per socket.
        assert sorted(encoded) == [s["version"] + 1] * 2
        for ws in [*sockets, seat_socket]:
            ws.__exit__(None, None, None)


def test_the_cache_of_games_stays_within_its_bytes_and_finished_games_leave_first(tmp_path):
    budget = 6 * 1024 * 1024
    app = make_app(tmp_path, cache_bytes=budget, **FAST)
    with TestClient(app) as client:
        tables = app.state.tables
        finished = new_table(client, "caylus-1303", seats=["random", "random"], seed=3)
        deadline = time.monotonic() + 120
        while not state(client, finished["id"])["terminal"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        ids = [new_table(client, seats=["human", "human"], seed=None)["id"] for _ in range(12)]
        assert tables.cached_bytes() <= budget
        cached = tables.cached()
        assert finished["id"] not in cached  # the finished game left first ...
        assert ids[-1] in cached and ids[0] not in cached  # ... then the least recently used
        assert len(cached) == budget // estimated_bytes(tables.get(ids[-1]))
        # A table that left is rebuilt from the store, exactly.
        assert state(client, ids[0])["version"] == 0 and state(client, finished["id"])["terminal"]
