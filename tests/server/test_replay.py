"""Replays over HTTP: the table at any step of a record equals the engine's replay of that prefix, and a new
table plays on from a step with the seats asked for; a record prefix never lets a person at a table know hidden
cards (Magna Carta refuses a person), and every bad record or step is refused with a clear error."""

from __future__ import annotations

import json

import pytest

import caylus
from caylus.core.record import load_record
from caylus.session import Session

from .conftest import EDITIONS, state


def finished_record(edition: str, seed: int = 5, players: int = 3) -> str:
    game = caylus.new_game(edition, players=players, seed=seed)
    session = Session(game, ["random"] * players)
    while not game.is_terminal:
        session.bot_step()
    return game.record()


@pytest.fixture(scope="module")
def records():
    return {edition: finished_record(edition) for edition in EDITIONS}


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_step_is_the_records_position(fast_client, records, edition):
    text = records[edition]
    steps = len(load_record(text).history)
    for step in (0, 1, steps // 2, steps - 1, steps):
        r = fast_client.post("/api/replay", json={"record": text, "step": step})
        assert r.status_code == 200, r.text
        got = r.json()
        game = load_record(text, stop_at=step)
        assert got["step"] == step and got["steps"] == steps
        assert got["view"] == json.loads(json.dumps(game.public_view()))
        assert got["legal"] == [] and got["current_player"] == game.current_player
        assert got["terminal"] == (step == steps)
        assert (got["next"] is None) == (step == steps)
        if got["next"]:
            assert got["next"]["player"] == game.current_player
            game.apply(got["next"]["token"])  # the move shown as next is the record's


def test_a_seat_sees_its_own_cards_in_a_replay(fast_client, records):
    text = records["magna-carta"]
    got = fast_client.post("/api/replay", json={"record": text, "step": 10, "seat": 1}).json()
    game = load_record(text, stop_at=10)
    assert got["view"] == json.loads(json.dumps(game.view(1)))
    assert got["view"]["seats"][1]["hand"] is not None


def test_no_step_means_the_end(fast_client, records):
    got = fast_client.post("/api/replay", json={"record": records["caylus"]}).json()
    assert got["terminal"] and got["step"] == got["steps"] and got["result"]


@pytest.mark.parametrize("body, code", [
    ({"record": "not a record"}, "bad_record"),
    ({"record": "[Edition \"caylus\"]\n[Players \"3\"]\n[Seed \"1\"]\n\nfly-away\n"}, "bad_record"),
    ({"record": "[Edition \"chess\"]\n[Players \"3\"]\n[Seed \"1\"]\n"}, "bad_record"),
])
def test_a_bad_record_is_refused_in_words(fast_client, body, code):
    r = fast_client.post("/api/replay", json=body)
    assert r.status_code == 422 and r.json()["code"] == code, r.text
    assert r.json()["error"]


def test_a_step_past_the_end_or_a_wrong_seat_is_refused(fast_client, records):
    text = records["caylus"]
    steps = len(load_record(text).history)
    r = fast_client.post("/api/replay", json={"record": text, "step": steps + 1})
    assert r.status_code == 422 and r.json()["code"] == "bad_step" and str(steps) in r.json()["error"]
    r = fast_client.post("/api/replay", json={"record": text, "step": 3, "seat": 5})
    assert r.status_code == 422 and r.json()["code"] == "bad_seat"
    for body in ({"record": text, "step": -1}, {"record": text, "step": "3"}, {"record": "", "step": 0},
                 {"record": text, "step": 1, "extra": 1}, {"record": "x" * 20_000}):
        assert fast_client.post("/api/replay", json=body).status_code in (413, 422), body


def test_a_seats_tag_comes_back_as_kinds(fast_client, records):
    lines = records["caylus"].splitlines()
    lines.insert(1, '[Seats "you,hard,human"]')
    got = fast_client.post("/api/replay", json={"record": "\n".join(lines) + "\n", "step": 0}).json()
    assert got["record_seats"] == ["human", "hard", "human"]


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303"])
def test_play_on_starts_a_table_at_that_position(fast_client, records, edition):
    text = records[edition]
    step = 40
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": step,
                                                     "seats": ["human", "human", "normal"]})
    assert r.status_code == 201, r.text
    table = r.json()
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "normal"]
    game = load_record(text, stop_at=step)
    mover = game.current_player
    seen = state(fast_client, table["id"])
    assert seen["view"] == json.loads(json.dumps(game.public_view()))
    assert seen["version"] == step and not seen["terminal"]
    if table["seats"][mover]["token"]:  # a person is to move: the record's next move is one of theirs
        token = table["seats"][mover]["token"]
        mine = state(fast_client, table["id"], token)
        assert sorted(e["token"] for e in mine["legal"]) == sorted(game.legal_tokens())


def test_a_played_on_table_survives_a_restart(tmp_path, records):
    from fastapi.testclient import TestClient

    from .conftest import FAST, make_app

    text = records["caylus"]
    with TestClient(make_app(tmp_path, **FAST)) as client:
        table = client.post("/api/replay/tables", json={"record": text, "step": 25,
                                                        "seats": ["human", "human", "human"]}).json()
    with TestClient(make_app(tmp_path, **FAST)) as client:  # a new process: rebuilt from the store
        seen = state(client, table["id"])
    assert seen["view"] == json.loads(json.dumps(load_record(text, stop_at=25).public_view()))


def test_magna_carta_plays_on_only_with_bots(fast_client, records):
    text = records["magna-carta"]
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": 30,
                                                     "seats": ["human", "normal", "normal"]})
    assert r.status_code == 422 and r.json()["code"] == "hidden_cards", r.text
    assert "hides cards" in r.json()["error"]
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": 30, "seats": ["easy"] * 3})
    assert r.status_code == 201, r.text


def test_play_on_refusals_change_nothing(fast_client, records):
    text = records["caylus"]
    steps = len(load_record(text).history)
    before = fast_client.get("/api/tables").json()
    for body, code in (({"record": text, "step": steps, "seats": ["human"] * 3}, "game_over"),
                       ({"record": text, "step": 5, "seats": ["human"] * 2}, "bad_seats"),
                       ({"record": text, "step": 5, "seats": ["human", "god", "easy"]}, "bad_seat"),
                       ({"record": text, "step": steps + 3, "seats": ["human"] * 3}, "bad_step"),
                       ({"record": "junk", "step": 0, "seats": ["human"]}, "bad_record")):
        r = fast_client.post("/api/replay/tables", json=body)
        assert r.status_code == 422 and r.json()["code"] == code, (body["seats"], r.text)
    assert fast_client.get("/api/tables").json() == before
