"""The HTTP API against the real app: tables, seats and tokens, versioned moves, undo, refusals that change
nothing (docs/server.md)."""

from __future__ import annotations

import caylus
import pytest

from .conftest import EDITIONS, make_app, new_table, state, wait_turn


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_table_of_each_edition_gives_tokens_to_people_only(client, edition):
    t = new_table(client, edition, seats=["human", "random", "human"])
    assert [s["kind"] for s in t["seats"]] == ["human", "random", "human"]
    assert t["seats"][1]["token"] is None and t["seats"][1]["link"] is None
    tokens = [s["token"] for s in t["seats"] if s["token"]]
    assert len(set(tokens)) == 2 and all(len(x) >= 32 for x in tokens)
    assert f"table={t['id']}" in t["seats"][0]["link"] and t["seats"][0]["token"] in t["seats"][0]["link"]
    s = state(client, t["id"], t["seats"][0]["token"])
    assert s["seat"] == 0 and s["view"]["edition"] == edition and s["view"]["viewer"] == 0
    assert set(s) >= {"seat", "version", "current_player", "terminal", "legal", "view", "log"}
    spectator = state(client, t["id"])
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"]["viewer"] is None


def test_legal_moves_only_for_the_seat_to_move_with_words(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    first = state(client, t["id"], tokens[0])["current_player"]
    mover, other = state(client, t["id"], tokens[first]), state(client, t["id"], tokens[1 - first])
    assert mover["legal"] and other["legal"] == []
    assert all(m["text"] and m["token"] for m in mover["legal"])
    assert mover["decision"]


def test_a_move_is_applied_once_and_a_stale_or_repeated_move_is_refused(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    s = state(client, t["id"], tokens[0])
    seat = s["current_player"]
    s = state(client, t["id"], tokens[seat])
    action = s["legal"][1]["token"]
    body = {"token": tokens[seat], "version": s["version"], "action": action}
    first = client.post(f"/api/tables/{t['id']}/moves", json=body)
    assert first.status_code == 200 and first.json()["version"] == s["version"] + 1
    again = client.post(f"/api/tables/{t['id']}/moves", json=body)
    assert again.status_code == 409 and again.json()["code"] == "stale_version"
    record = client.get(f"/api/tables/{t['id']}/record").text
    assert caylus.load_record(record).record().count("\n" + action + "\n") == 1
    assert state(client, t["id"])["version"] == s["version"] + 1


@pytest.mark.parametrize("body,status,code", [
    ({"token": "nope", "version": 0, "action": "pass"}, 403, "bad_token"),
    ({"version": 0, "action": "pass"}, 403, "no_seat"),  # no token, in the body nor in the header
    ({"token": "T", "version": "zero", "action": "pass"}, 422, "bad_request"),
    ({"token": "T", "version": 0, "action": "pass", "extra": 1}, 422, "bad_request"),
])
def test_bad_move_requests_get_a_json_4xx_and_change_nothing(client, body, status, code):
    t = new_table(client, seats=["human", "human"])
    before = state(client, t["id"])
    r = client.post(f"/api/tables/{t['id']}/moves", json=body)
    assert r.status_code == status and r.json()["code"] == code and r.json()["error"]
    assert state(client, t["id"]) == before


def test_wrong_seat_illegal_action_and_malformed_json_change_nothing(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    before = state(client, t["id"])
    seat = before["current_player"]
    url = f"/api/tables/{t['id']}/moves"
    cases = [
        client.post(url, json={"token": tokens[1 - seat], "version": 0, "action": "pass"}),  # not their turn
        client.post(url, json={"token": tokens[seat], "version": 0, "action": "place:statue"}),  # never legal
        client.post(url, json={"token": tokens[seat], "version": 0, "action": "no-such-token"}),
        client.post(url, content=b'{"token": ', headers={"content-type": "application/json"}),
        client.post(url, content=b"[1, 2]", headers={"content-type": "application/json"}),
    ]
    for r in cases:
        assert 400 <= r.status_code < 500 and r.json()["error"], r.text
    assert cases[0].json()["code"] == "illegal_move" and "turn" in cases[0].json()["error"]
    assert state(client, t["id"]) == before


def test_a_body_that_is_not_json_and_an_address_with_no_route_are_said_in_words(client):
    r = client.post("/api/tables", content=b"garbage", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == "the request's body is not valid JSON"
    r = client.get("/api/tables/a/b/c")
    assert r.status_code == 404 and r.json() == {"error": "there is nothing at /api/tables/a/b/c (the API: /docs)",
                                                 "code": "not_found"}


def test_unknown_tables_bad_setups_and_oversized_bodies(client):
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope").json()["code"] == "no_table"
    assert client.get("/api/tables/" + "x" * 40).status_code == 422
    assert client.post("/api/tables/nope/moves", json={"token": "t", "version": 0, "action": "pass"}).status_code == 404
    for spec in [{"edition": "chess", "seats": ["human", "human"]},
                 {"edition": "caylus", "seats": ["human", "wizard"]},
                 {"edition": "caylus", "seats": ["human"] * 6},
                 {"edition": "magna-carta", "seats": ["human"] * 5},
                 {"edition": "caylus", "seats": ["human", "human"], "players": 3},
                 {"edition": "caylus", "seats": ["human", "human"], "options": {"favors": "lots"}},
                 {"edition": "caylus", "seats": ["human", "human"], "options": {"colour": "red"}}]:
        r = client.post("/api/tables", json=spec)
        assert r.status_code == 422 and r.json()["error"], (spec, r.text)
    r = client.post("/api/tables", content=b'{"edition": "' + b"x" * 20000 + b'"}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    assert client.get("/api/tables").json() == []


def test_moves_flooding_from_one_seat_are_refused(tmp_path):
    # A rate so slow that no refill comes within the test, however loaded the machine: past the burst of 20,
    # every move is refused.
    from fastapi.testclient import TestClient

    with TestClient(make_app(tmp_path, moves_per_second=0.001)) as client:
        t = new_table(client, seats=["human", "human"])
        token = t["seats"][0]["token"]
        codes = [client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": 99, "action": "pass"})
                 .status_code for _ in range(40)]
    assert codes[:20] == [409] * 20 and codes[20:] == [429] * 20


def test_the_lobby_lists_open_tables_and_the_record_replays(client):
    a = new_table(client, "caylus", seats=["human", "random"])
    b = new_table(client, "caylus-1303", seats=["human", "human", "human"])
    lobby = client.get("/api/tables").json()
    assert {x["id"] for x in lobby} == {a["id"], b["id"]}
    entry = next(x for x in lobby if x["id"] == b["id"])
    assert entry["players"] == 3 and entry["seats"] == ["human"] * 3 and entry["title"] == "Caylus 1303"
    game = caylus.load_record(client.get(f"/api/tables/{a['id']}/record").text)
    assert game.edition.id == "caylus" and game.num_players == 2


def test_editions_and_the_openapi_page(client):
    eds = {e["id"]: e for e in client.get("/api/editions").json()}
    assert set(eds) == set(caylus.available_editions())
    assert eds["magna-carta"]["max_players"] == 4
    paths = client.get("/openapi.json").json()["paths"]
    for p in ["/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/moves", "/api/tables/{table_id}/undo",
              "/api/tables/{table_id}/hint", "/api/tables/{table_id}/record"]:
        assert p in paths
    assert client.get("/docs").status_code == 200


def test_undo_against_bots_goes_back_to_the_seats_last_decision(client):
    t = new_table(client, seats=["human", "random"], seed=3)
    token = t["seats"][0]["token"]
    s = wait_turn(client, t["id"], token)
    before_view = s["view"]
    action = s["legal"][0]["token"]
    s2 = client.post(f"/api/tables/{t['id']}/moves",
                     json={"token": token, "version": s["version"], "action": action}).json()
    s2 = wait_turn(client, t["id"], token)
    r = client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s2["version"]})
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["view"] == before_view and back["version"] > s2["version"]
    assert client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s2["version"]}).status_code == 409


def test_undo_is_refused_when_another_person_sits_at_the_table(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    s = state(client, t["id"])
    seat = s["current_player"]
    mine = state(client, t["id"], tokens[seat])
    client.post(f"/api/tables/{t['id']}/moves",
                json={"token": tokens[seat], "version": mine["version"], "action": mine["legal"][0]["token"]})
    r = client.post(f"/api/tables/{t['id']}/undo", json={"token": tokens[seat], "version": mine["version"] + 1})
    assert r.status_code == 409 and r.json()["code"] == "undo_refused"


def test_hints_are_for_the_seat_to_move(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    waiting = client.get(f"/api/tables/{t['id']}/hint", params={"token": tokens[1 - seat]})
    assert waiting.status_code == 409 and waiting.json()["code"] == "not_your_turn"
    assert client.get(f"/api/tables/{t['id']}/hint").status_code == 403


def test_buildings_in_words_for_a_seat(client):
    t = new_table(client, "caylus", seats=["human", "human"])
    notes = client.get(f"/api/tables/{t['id']}/buildings", params={"token": t["seats"][0]["token"]}).json()
    assert notes and all(n["name"] and n["text"] for n in notes.values())


def test_an_unexpected_failure_is_a_json_500_without_a_traceback(app, client, monkeypatch):
    t = new_table(client, seats=["human", "human"])

    def broken(*_args, **_kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(app.state.tables, "state", broken)
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get(f"/api/tables/{t['id']}")
    assert r.status_code == 500 and r.json()["code"] == "internal"
    assert "secret" not in r.text and "Traceback" not in r.text


def test_a_hint_gives_legal_moves_with_reasons(client):
    t = new_table(client, seats=["human", "random"], seed=8)
    token = t["seats"][0]["token"]
    s = wait_turn(client, t["id"], token)
    r = client.get(f"/api/tables/{t['id']}/hint", params={"token": token})
    assert r.status_code == 200, r.text
    advice = r.json()["advice"]
    legal = {m["token"] for m in s["legal"]}
    assert advice and all(a["token"] in legal and a["text"] and a["reason"] for a in advice)
    assert state(client, t["id"], token)["version"] == s["version"]  # asking changes nothing


def test_a_hint_of_hard_is_the_editions_hard_and_another_level_is_refused(client):
    from caylus.agents import Position, make_agent

    t = new_table(client, "caylus-1303", seats=["human", "human"], seed=4)
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    s = state(client, t["id"], tokens[0])
    token = tokens[s["current_player"]]
    r = client.get(f"/api/tables/{t['id']}/hint", params={"token": token, "level": "hard"})
    assert r.status_code == 200, r.text
    advice = r.json()["advice"]
    game = caylus.new_game("caylus-1303", players=2, seed=4)
    assert advice[0]["token"] == make_agent("hard", 1).choose(Position(game)).token  # the planner's search
    assert "at the end of the game" in advice[0]["reason"]
    for bad in ("expert", "hard:600", "mcts:9999999", "x" * 17):
        r = client.get(f"/api/tables/{t['id']}/hint", params={"token": token, "level": bad})
        assert r.status_code == 422 and "level" in r.text
    assert state(client, t["id"], token)["version"] == s["version"]  # asking changes nothing


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_state_answered_is_the_documented_table_state(client, edition):
    """States are encoded once, without FastAPI's model (routers.tables.state_response): each must still be
    exactly the `TableState` of the OpenAPI page: every field, no other, each of its type."""
    from caylus.server.models import TableState

    t = new_table(client, edition, seats=["human", "human"])
    tokens = {s["seat"]: s["token"] for s in t["seats"]}
    answers = [client.get(f"/api/tables/{t['id']}").json()]
    for _ in range(12):
        seat = state(client, t["id"], tokens[0])["current_player"]
        s = state(client, t["id"], tokens[seat])
        r = client.post(f"/api/tables/{t['id']}/moves", json={"version": s["version"],
                                                               "action": s["legal"][0]["token"]},
                        headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200 and r.headers["content-type"] == "application/json"
        answers += [r.json(), s]
    for answer in answers:
        assert set(answer) == set(TableState.model_fields)
        assert TableState.model_validate(answer).model_dump(mode="json") == answer
