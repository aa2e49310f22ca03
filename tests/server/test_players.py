"""Players (issue 27): a name and a secret key; a key joins a seat and then opens it like the seat's token; a
player's page lists their tables; the "your turn" list puts the longest waiting first. Beside each, what a hostile
client tries: bad keys, oversized or invisible names, someone else's seat, too many players."""

from __future__ import annotations

import logging
import time

import pytest
from fastapi.testclient import TestClient

from caylus.server.players import MAX_NAME

from .conftest import FAST, make_app, new_table, state


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


def make_player(client, name="Alice") -> dict:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()


def join(client, table, seat, key):
    return client.post(f"/api/tables/{table['id']}/join", json={"seat_token": table["seats"][seat]["token"]},
                       headers=bearer(key))


def test_a_player_gets_an_id_a_key_and_a_link_with_the_key_in_its_fragment(client, tmp_path):
    p = make_player(client, "  Alice   of  Caylus ")
    assert p["name"] == "Alice of Caylus" and len(p["key"]) >= 32 and p["id"]
    assert p["link"] == f"http://testserver/#player={p['id']}&key={p['key']}"
    assert client.get("/api/players/me", headers=bearer(p["key"])).json() == {"id": p["id"], "name": p["name"]}
    # The key is stored hashed: its text is nowhere in the database file.
    data = b"".join(f.read_bytes() for f in tmp_path.glob("caylus.db*"))
    assert p["key"].encode() not in data


@pytest.mark.parametrize("name", ["", "   ", "x" * (MAX_NAME + 1), "a\x00b", "bad\u202ename", "tab\tbed\x07",
                                  "y" * 300])
def test_a_bad_name_is_refused_in_words_and_makes_no_player(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 422 and r.json()["code"] in ("bad_name", "bad_request"), r.text
    assert client.app.state.players.count() == 0


def test_a_name_is_taken_once_whatever_its_case(client):
    make_player(client, "Alice")
    r = client.post("/api/players", json={"name": "ALICE"})
    assert r.status_code == 409 and r.json()["code"] == "name_taken"


def test_players_from_one_address_are_limited(tmp_path):
    with TestClient(make_app(tmp_path, players_per_minute=60, players_burst=3, players_per_client=5)) as c:
        for i in range(3):
            make_player(c, f"p{i}")
        r = c.post("/api/players", json={"name": "one too many"})
        assert r.status_code == 429 and r.headers["Retry-After"] and r.json()["code"] == "too_many_players"
    (tmp_path / "b").mkdir()
    with TestClient(make_app(tmp_path / "b", players_per_minute=60_000, players_burst=100, players_per_client=4)
                    ) as c:
        for i in range(4):
            make_player(c, f"q{i}")
        r = c.post("/api/players", json={"name": "fifth"})
        assert r.status_code == 429 and r.json()["code"] == "too_many_players"
        assert c.app.state.players.count() == 4


@pytest.mark.parametrize("headers", [{}, bearer("not-a-key"), {"Authorization": "Basic abc"},
                                     bearer("k" * 300)])
def test_a_missing_or_wrong_key_is_refused(client, headers):
    make_player(client)
    for r in (client.get("/api/players/me", headers=headers), client.get("/api/players/me/turns", headers=headers)):
        assert r.status_code == 401 and r.json()["code"] in ("no_key", "bad_key", "bad_authorization"), r.text


def test_the_key_never_reaches_a_log(client, caplog):
    caplog.set_level(logging.DEBUG)
    p = make_player(client)
    client.get("/api/players/me", headers=bearer(p["key"]))
    logging.getLogger("caylus.server").info("link %s", p["link"])
    assert p["key"] not in caplog.text


def test_a_key_joins_a_seat_and_then_plays_it(fast_client):
    client = fast_client
    alice, bob = make_player(client, "Alice"), make_player(client, "Bob")
    t = new_table(client, seats=["human", "human"])
    assert join(client, t, 0, alice["key"]).json() == {"table": t["id"], "seat": 0, "player": alice["id"]}
    assert join(client, t, 1, bob["key"]).status_code == 200
    s = client.get(f"/api/tables/{t['id']}", headers=bearer(alice["key"])).json()
    assert s["seat"] == 0
    assert [e["player"] for e in s["seats"]] == [{"id": alice["id"], "name": "Alice"},
                                                  {"id": bob["id"], "name": "Bob"}]
    mover = alice if s["current_player"] == 0 else bob
    s = client.get(f"/api/tables/{t['id']}", headers=bearer(mover["key"])).json()
    r = client.post(f"/api/tables/{t['id']}/moves", headers=bearer(mover["key"]),
                    json={"version": s["version"], "action": s["legal"][0]["token"]})
    assert r.status_code == 200 and r.json()["version"] == s["version"] + 1
    # The seat's token still works for the seat (people who never make a player).
    assert state(client, t["id"], t["seats"][1]["token"])["seat"] == 1
    # Joining again is harmless; the WebSocket takes the key too.
    assert join(client, t, 0, alice["key"]).status_code == 200
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.send_json({"type": "hello", "token": bob["key"]})
        while True:
            message = ws.receive_json()
            if message.get("type") == "state" and message["state"]["seat"] == 1:
                break


def test_a_key_opens_no_seat_it_did_not_join(fast_client):
    client = fast_client
    alice, mallory = make_player(client, "Alice"), make_player(client, "Mallory")
    t = new_table(client, seats=["human", "human"])
    join(client, t, 0, alice["key"])
    before = state(client, t["id"])
    r = client.get(f"/api/tables/{t['id']}", headers=bearer(mallory["key"]))
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.post(f"/api/tables/{t['id']}/moves", headers=bearer(mallory["key"]),
                    json={"version": before["version"], "action": "pass"})
    assert r.status_code == 403
    # Alice's seat is hers: Mallory cannot take it with its token, nor can Alice hold a second seat here.
    assert join(client, t, 0, mallory["key"]).json()["code"] == "seat_taken"
    assert join(client, t, 1, alice["key"]).json()["code"] == "seat_taken"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat_token": "forged"}, headers=bearer(mallory["key"]))
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat_token": t["seats"][1]["token"]},
                    headers=bearer("no-such-key"))
    assert r.status_code == 401 and r.json()["code"] == "bad_key"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat_token": t["seats"][1]["token"]})
    assert r.status_code == 401 and r.json()["code"] == "no_key"
    r = client.post(f"/api/tables/{t['id']}/join", json={"seat_token": "x" * 5000}, headers=bearer(alice["key"]))
    assert r.status_code == 422
    assert state(client, t["id"]) == before
    assert [e["player"] for e in before["seats"]][1] is None


def test_a_player_holds_a_bounded_number_of_seats(tmp_path):
    with TestClient(make_app(tmp_path, **{**FAST, "seats_per_player": 2})) as c:
        p = make_player(c)
        for _ in range(2):
            assert join(c, new_table(c, seats=["human", "random"]), 0, p["key"]).status_code == 200
        r = join(c, new_table(c, seats=["human", "random"]), 0, p["key"])
        assert r.status_code == 429 and r.json()["code"] == "too_many_seats"


def test_the_player_page_lists_open_and_finished_tables(fast_client):
    client = fast_client
    p = make_player(client)
    playing = new_table(client, seats=["human", "human"])
    join(client, playing, 0, p["key"])
    done = new_table(client, seats=["human", "random"])
    join(client, done, 0, p["key"])
    # Play `done` to its end with the player's key.
    deadline = time.monotonic() + 120
    while True:
        s = client.get(f"/api/tables/{done['id']}", headers=bearer(p["key"])).json()
        if s["terminal"]:
            break
        if s["legal"]:
            client.post(f"/api/tables/{done['id']}/moves", headers=bearer(p["key"]),
                        json={"version": s["version"], "action": s["legal"][0]["token"]})
        assert time.monotonic() < deadline
    page = client.get(f"/api/players/{p['id']}").json()
    assert page["name"] == "Alice"
    assert [e["table"] for e in page["open"]] == [playing["id"]]
    assert [e["table"] for e in page["finished"]] == [done["id"]]
    finished = page["finished"][0]
    assert finished["result"] and finished["terminal"] and finished["seats"] == ["Alice", "random"]
    assert client.get(finished["record"]).status_code == 200
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/" + "x" * 40).status_code in (404, 422)


def test_your_turn_lists_the_longest_waiting_first(fast_client):
    client = fast_client
    p, other = make_player(client, "Alice"), make_player(client, "Bob")
    tables = []
    for _ in range(3):
        t = new_table(client, seats=["human", "human"])
        join(client, t, 0, p["key"])
        join(client, t, 1, other["key"])
        tables.append(t)
        time.sleep(0.02)
    waiting = [t["id"] for t in tables if state(client, t["id"])["current_player"] == 0]
    turns = client.get("/api/players/me/turns", headers=bearer(p["key"])).json()
    # Tables were made oldest first: the one made first has waited longest.
    assert [t["table"] for t in turns] == waiting
    assert all(a["waiting_s"] >= b["waiting_s"] for a, b in zip(turns, turns[1:]))
    if turns:  # play at the longest waiting: it leaves the list
        first = turns[0]["table"]
        s = client.get(f"/api/tables/{first}", headers=bearer(p["key"])).json()
        client.post(f"/api/tables/{first}/moves", headers=bearer(p["key"]),
                    json={"version": s["version"], "action": s["legal"][0]["token"]})
        after = client.get("/api/players/me/turns", headers=bearer(p["key"])).json()
        still = state(client, first)["current_player"] == 0
        assert (first in [t["table"] for t in after]) == still
        if still:  # it is Alice's turn again there, so it is now the latest changed: last
            assert after[-1]["table"] == first


def test_a_seat_joined_in_another_process_opens_with_the_key(tmp_path):
    """Two servers over one store: a key seated through one opens the seat on the other (which had the table
    in hand already)."""
    with TestClient(make_app(tmp_path, **FAST)) as a, TestClient(make_app(tmp_path, **FAST)) as b:
        p = make_player(a)
        t = new_table(a, seats=["human", "human"])
        assert state(b, t["id"])["seats"][0]["player"] is None  # b now holds the table
        join(a, t, 0, p["key"])
        s = b.get(f"/api/tables/{t['id']}", headers=bearer(p["key"]))
        assert s.status_code == 200 and s.json()["seat"] == 0
