"""Rematch (issue 27): one call after the end makes the next table: the same people (their seat tokens and players
open the new seats), the same bot levels, a new seed, every seat one place on. Made once; hostile callers refused."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .conftest import FAST, make_app, new_table, state


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def finish(client, table_id, tokens):
    """Play the table to its end, each person taking their first legal move."""
    while True:
        s = state(client, table_id)
        if s["terminal"]:
            return s
        p = s["current_player"]
        if tokens[p] is None:  # a bot's turn
            continue
        mine = client.get(f"/api/tables/{table_id}", headers=bearer(tokens[p])).json()
        if mine["legal"]:
            client.post(f"/api/tables/{table_id}/moves", headers=bearer(tokens[p]),
                        json={"version": mine["version"], "action": mine["legal"][0]["token"]})


def seed_of(client, table_id) -> str:
    return re.search(r'\[Seed "(\d+)"\]', client.get(f"/api/tables/{table_id}/record").text).group(1)


def test_a_rematch_rotates_the_seats_keeps_people_and_bots_and_deals_a_new_seed(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        key = client.post("/api/players", json={"name": "Ada"}).json()["key"]
        t = new_table(client, seats=["human", "random", "human"], takeover="random",
                      clock={"kind": "turn_based", "per_turn_s": 3600})
        a, _, c = (s["token"] for s in t["seats"])
        assert client.post(f"/api/tables/{t['id']}/join", headers=bearer(key), json={"seat_token": a}).status_code \
            == 200
        r = client.post(f"/api/tables/{t['id']}/rematch", headers=bearer(c))
        assert r.status_code == 409 and r.json()["code"] == "not_over"
        finish(client, t["id"], [a, None, c])
        r = client.post(f"/api/tables/{t['id']}/rematch", headers=bearer(c))
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["seats"] == ["human", "human", "random"]  # seat p sits at p + 1
        assert new["seat"] == 0 and new["owner_token"]
        # The same tokens (and the player's key) open the rotated seats.
        assert state(client, new["id"], c)["seat"] == 0
        assert state(client, new["id"], a)["seat"] == 1
        assert client.get(f"/api/tables/{new['id']}", headers=bearer(key)).json()["seat"] == 1
        s = state(client, new["id"])
        assert s["seats"][1]["player"]["name"] == "Ada"
        assert s["clocks"]["kind"] == "turn_based" and s["clocks"]["per_turn_s"] == 3600
        assert seed_of(client, new["id"]) != seed_of(client, t["id"])
        # The finished table names its rematch; asking again gives the same table, made once.
        assert state(client, t["id"])["rematch"] == new["id"]
        again = client.post(f"/api/tables/{t['id']}/rematch", headers=bearer(key)).json()
        assert again["id"] == new["id"] and again["seat"] == 1 and again["owner_token"] is None
        # The player's page lists the new table.
        me = client.get("/api/players/me", headers=bearer(key)).json()
        page = client.get(f"/api/players/{me['id']}").json()
        assert new["id"] in [e["table"] for e in page["open"]]


def test_a_rematch_after_a_takeover_seats_the_person_again_not_the_bot(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = new_table(client, seats=["human", "human"], takeover="random")
        a, b = (s["token"] for s in t["seats"])
        assert client.post(f"/api/tables/{t['id']}/resign", headers=bearer(a)).status_code == 200
        finish(client, t["id"], [None, b])
        new = client.post(f"/api/tables/{t['id']}/rematch", headers=bearer(a)).json()
        assert new["seats"] == ["human", "human"] and new["seat"] == 1
        assert state(client, new["id"], a)["seat"] == 1 and state(client, new["id"], b)["seat"] == 0


def test_a_rematch_is_refused_to_anyone_not_at_the_table(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = new_table(client, seats=["human", "random"])
        other = new_table(client, seats=["human", "random"])
        finish(client, t["id"], [t["seats"][0]["token"], None])
        r = client.post(f"/api/tables/{t['id']}/rematch")
        assert r.status_code == 403 and r.json()["code"] == "no_seat"
        r = client.post(f"/api/tables/{t['id']}/rematch", headers=bearer(other["seats"][0]["token"]))
        assert r.status_code == 403 and r.json()["code"] == "bad_token"
        r = client.post("/api/tables/nosuchtable/rematch", headers=bearer(t["seats"][0]["token"]))
        assert r.status_code == 404
        assert state(client, t["id"])["rematch"] is None  # nothing was made
