"""Seats that never stall (issue 27): a person who resigns is replaced by a bot of the level chosen at the table's
creation, from the next decision on, and the game goes on; the state says from which decision, and a restart
replays it. Beside it, what a hostile client tries: no token, a wrong one, someone else's seat, a seat twice."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from .conftest import FAST, make_app, new_table, state


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_a_resigned_seat_is_played_by_the_chosen_bot_and_the_game_goes_on(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = new_table(client, seats=["human", "human"], takeover="random")
        a, b = (s["token"] for s in t["seats"])
        r = client.post(f"/api/tables/{t['id']}/resign", headers=bearer(a))
        assert r.status_code == 200, r.text
        seat0 = r.json()["seats"][0]
        assert seat0["kind"] == "random"
        assert seat0["taken_over"] == {"by": "random", "why": "resigned", "from_decision": 0}
        # Bob plays on; the bot answers for seat 0 until the game ends.
        deadline = time.monotonic() + 240
        while True:
            s = client.get(f"/api/tables/{t['id']}", headers=bearer(b)).json()
            if s["terminal"]:
                break
            if s["legal"]:
                client.post(f"/api/tables/{t['id']}/moves", headers=bearer(b),
                            json={"version": s["version"], "action": s["legal"][0]["token"]})
            else:
                time.sleep(0.01)
            assert time.monotonic() < deadline, "the bot did not play the resigned seat"
        # The resigned person still sees their seat, but moves no more.
        assert state(client, t["id"], a)["seat"] == 0
        version = state(client, t["id"])["version"]
    # A restart replays the takeover.
    with TestClient(make_app(tmp_path, **FAST)) as client:
        s = state(client, t["id"])
        assert s["version"] == version and s["terminal"]
        assert s["seats"][0]["taken_over"]["by"] == "random" and s["seats"][1]["taken_over"] is None


def test_a_takeover_mid_game_says_from_which_decision(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    for _ in range(3):  # three decisions by the people
        s = state(client, t["id"])
        p = s["current_player"]
        mine = state(client, t["id"], tokens[p])
        client.post(f"/api/tables/{t['id']}/moves", headers=bearer(tokens[p]),
                    json={"version": mine["version"], "action": mine["legal"][0]["token"]})
    r = client.post(f"/api/tables/{t['id']}/resign", headers=bearer(tokens[1]))
    assert r.json()["seats"][1]["taken_over"] == {"by": "normal", "why": "resigned", "from_decision": 3}


def test_resigning_needs_the_seat_and_happens_once(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "human", "random"])
    a, b = t["seats"][0]["token"], t["seats"][1]["token"]
    before = state(client, t["id"])
    for headers in ({}, bearer("forged"), {"Authorization": "Basic x"}):
        r = client.post(f"/api/tables/{t['id']}/resign", headers=headers)
        assert r.status_code in (401, 403), r.text
    other = new_table(client, seats=["human", "human"])
    r = client.post(f"/api/tables/{t['id']}/resign", headers=bearer(other["seats"][0]["token"]))
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    assert state(client, t["id"]) == before
    # Bob's token resigns Bob's seat only, never Alice's.
    assert client.post(f"/api/tables/{t['id']}/resign", headers=bearer(b)).status_code == 200
    s = state(client, t["id"], a)
    assert s["seats"][0]["kind"] == "human" and s["seats"][1]["kind"] == "normal"
    r = client.post(f"/api/tables/{t['id']}/resign", headers=bearer(b))
    assert r.status_code == 409 and r.json()["code"] == "already_a_bot"
    assert client.post("/api/tables/nope/resign", headers=bearer(a)).status_code == 404


def test_a_takeover_level_that_is_no_bot_is_refused(client):
    for level in ("human", "module:Evil", "mcts:100000", "x" * 40):
        r = client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "random"], "takeover": level})
        assert r.status_code == 422 and r.json()["code"] in ("bad_takeover", "bad_request"), r.text
    assert client.get("/api/tables").json() == []


def test_resign_and_take_back_where_the_table_allows_it(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "human"], take_back=True)
    a, b = (s["token"] for s in t["seats"])
    client.post(f"/api/tables/{t['id']}/resign", headers=bearer(a))
    r = client.post(f"/api/tables/{t['id']}/take-back", headers=bearer(a))
    assert r.status_code == 200, r.text
    seat0 = r.json()["seats"][0]
    assert seat0["kind"] == "human" and seat0["taken_over"] is None and seat0["back_from_decision"] is not None
    # Again: nothing to take back; Bob cannot take back a seat that is not his.
    assert client.post(f"/api/tables/{t['id']}/take-back", headers=bearer(a)).json()["code"] == "not_taken_over"
    assert client.post(f"/api/tables/{t['id']}/take-back", headers=bearer(b)).json()["code"] == "not_taken_over"


def test_take_back_is_refused_where_the_table_does_not_allow_it(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "human"])
    a = t["seats"][0]["token"]
    client.post(f"/api/tables/{t['id']}/resign", headers=bearer(a))
    before = state(client, t["id"])["seats"]
    r = client.post(f"/api/tables/{t['id']}/take-back", headers=bearer(a))
    assert r.status_code == 403 and r.json()["code"] == "take_back_refused"
    assert client.post(f"/api/tables/{t['id']}/take-back", headers=bearer("forged")).status_code == 403
    assert state(client, t["id"])["seats"] == before
    r = client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "human"], "take_back": "yes"})
    assert r.status_code == 422


def test_after_a_restart_the_bot_of_a_resigned_seat_plays_on_by_itself(tmp_path):
    """Nobody looks at the table after the restart: the server resumes the bot that holds the resigned seat."""
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = new_table(client, seats=["human", "human"])
        tokens = [s["token"] for s in t["seats"]]
        p = state(client, t["id"])["current_player"]
        app = client.app
        app.state.bots.close()  # the bots stop, as in a server that stops now
        client.post(f"/api/tables/{t['id']}/resign", headers=bearer(tokens[p]))
        version = app.state.store.version_of(t["id"])
    with TestClient(make_app(tmp_path, **FAST)) as client:
        store = client.app.state.store
        deadline = time.monotonic() + 60
        while store.version_of(t["id"]) == version:
            assert time.monotonic() < deadline, "the bot of the resigned seat did not resume"
            time.sleep(0.05)
