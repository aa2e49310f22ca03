"""Replays over HTTP: the table at any step of a record equals the engine's replay of that prefix, and a new
table plays on from a step with the seats asked for; a record prefix never lets a person at a table know hidden
cards (Magna Carta deals them again), and every bad record or step is refused with a clear error."""

from __future__ import annotations

import json

import pytest

import caylus
from caylus.core.record import load_record
from caylus.session import Session

from .conftest import EDITIONS, state, wait_turn


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
    game = load_record(text, stop_at=step)
    mover = game.current_player
    # The bot sits after the person to move, so nothing moves before the position is read.
    seats = ["normal" if p == (mover + 1) % 3 else "human" for p in range(3)]
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": step, "seats": seats})
    assert r.status_code == 201, r.text
    table = r.json()
    assert [s["kind"] for s in table["seats"]] == seats
    seen = state(fast_client, table["id"])
    assert seen["view"] == json.loads(json.dumps(game.public_view()))
    assert seen["version"] == step and not seen["terminal"]
    token = table["seats"][mover]["token"]  # the record's next move is the person's
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


def _omniscient(client, table_id):
    """The table's game with every hand and pile, as the server holds it (no API shows that mid-game)."""
    return client.app.state.tables.get(table_id).session.game


def test_magna_carta_plays_on_with_a_person_from_a_fresh_deal(fast_client, records):
    """A person at a Magna Carta table from a record gets the record's public table, and every hidden card
    (hands, piles' order, the reshuffles to come) dealt again: what the record showed of hands tells nothing."""
    text = records["magna-carta"]
    step = 30
    game = load_record(text, stop_at=step)
    tables = []
    for _ in range(2):
        r = fast_client.post("/api/replay/tables", json={"record": text, "step": step,
                                                         "seats": ["human", "human", "human"]})
        assert r.status_code == 201, r.text
        tables.append(r.json())
    for table in tables:
        seen = state(fast_client, table["id"])
        assert seen["view"] == json.loads(json.dumps(game.public_view()))
        assert seen["version"] == 0 and seen["current_player"] == game.current_player
        # Each person sees a hand that fits the public table, dealt afresh.
        for p, ticket in enumerate(table["seats"]):
            mine = state(fast_client, table["id"], ticket["token"])["view"]["seats"][p]
            assert mine["hand"] is not None and len(mine["hand"]) == game.view(p)["seats"][p]["hand_size"]
    hidden = [[(s["hand"], s["deck"]) for s in _omniscient(fast_client, t["id"]).view(None)["seats"]]
              for t in tables]
    record_hidden = [(s["hand"], s["deck"]) for s in game.view(None)["seats"]]
    # 3 piles of several cards each in a uniform order: two deals (or a deal and the record) agreeing on all of
    # them is a chance of far less than one in a million.
    assert hidden[0] != record_hidden and hidden[1] != record_hidden and hidden[0] != hidden[1]
    mover = game.current_player
    token = tables[0]["seats"][mover]["token"]
    legal = state(fast_client, tables[0]["id"], token)["legal"]
    assert legal  # the person to move can play on
    r = fast_client.post(f"/api/tables/{tables[0]['id']}/moves",
                         json={"token": token, "version": 0, "action": legal[0]["token"]})
    assert r.status_code == 200, r.text


def test_magna_carta_bots_only_play_on_the_records_own_cards(fast_client, records):
    text = records["magna-carta"]
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": 30, "seats": ["easy"] * 3})
    assert r.status_code == 201, r.text
    game = _omniscient(fast_client, r.json()["id"])
    assert [a.token for a in game.history[:30]] == [a.token for a in load_record(text).history[:30]]


def test_a_redealt_table_survives_a_restart_and_undo_stops_at_its_start(tmp_path, records):
    from fastapi.testclient import TestClient

    from .conftest import FAST, make_app

    text = records["magna-carta"]
    with TestClient(make_app(tmp_path, **FAST)) as client:
        table = client.post("/api/replay/tables", json={"record": text, "step": 20,
                                                        "seats": ["human", "human", "human"]}).json()
        before = _omniscient(client, table["id"]).view(None)
        hands = [state(client, table["id"], t["token"])["view"]["seats"][p]["hand"]
                 for p, t in enumerate(table["seats"])]
    with TestClient(make_app(tmp_path, **FAST)) as client:  # a new process: rebuilt from the stored deal
        assert _omniscient(client, table["id"]).view(None) == before
        assert [state(client, table["id"], t["token"])["view"]["seats"][p]["hand"]
                for p, t in enumerate(table["seats"])] == hands
    # Against bots, undo takes back the person's own decisions only, never the position the table began at.
    with TestClient(make_app(tmp_path, **FAST)) as client:
        t = client.post("/api/replay/tables", json={"record": text, "step": 20,
                                                    "seats": ["human", "random", "random"]}).json()
        token = t["seats"][0]["token"]
        s = wait_turn(client, t["id"], token)  # the bots before the person have played
        r = client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s["version"]})
        assert r.status_code == 409, r.text
        after = state(client, t["id"], token)
        assert after["version"] == s["version"] and after["view"] == s["view"]
        assert len(_omniscient(client, t["id"]).history) == s["version"]


def test_an_older_database_without_dealt_boards_still_loads(tmp_path, records):
    import sqlite3

    from fastapi.testclient import TestClient

    from .conftest import FAST, make_app

    with TestClient(make_app(tmp_path, **FAST)) as client:
        table = client.post("/api/replay/tables", json={"record": records["caylus"], "step": 10,
                                                        "seats": ["human"] * 3}).json()
    db = sqlite3.connect(tmp_path / "caylus.db")
    db.execute("ALTER TABLE tables DROP COLUMN dealt")  # the schema before re-dealt tables
    db.commit()
    db.close()
    with TestClient(make_app(tmp_path, **FAST)) as client:  # the column is added, the old table plays on
        assert state(client, table["id"])["version"] == 10
        r = client.post("/api/replay/tables", json={"record": records["magna-carta"], "step": 10,
                                                    "seats": ["human"] * 3})
        assert r.status_code == 201, r.text


def test_play_on_refusals_change_nothing(fast_client, records):
    text = records["caylus"]
    steps = len(load_record(text).history)
    before = fast_client.get("/api/tables").json()
    for body, code in (({"record": text, "step": steps, "seats": ["human"] * 3}, "game_over"),
                       ({"record": text, "step": 5, "seats": ["human"] * 2}, "bad_seats"),
                       ({"record": text, "step": 5, "seats": ["human", "god", "easy"]}, "bad_seat"),
                       ({"record": text, "step": steps + 3, "seats": ["human"] * 3}, "bad_step"),
                       ({"record": "junk", "step": 0, "seats": ["human"]}, "bad_record"),
                       # where cards are re-dealt, a bad request is refused before any deal
                       ({"record": records["magna-carta"], "step": len(load_record(records["magna-carta"]).history),
                         "seats": ["human"] * 3}, "game_over"),
                       ({"record": records["magna-carta"], "step": 5, "seats": ["human", "god", "easy"]},
                        "bad_seat"),
                       ({"record": records["magna-carta"], "step": 5, "seats": ["human"] * 4}, "bad_seats"),
                       # a dealt board that is no board
                       ({"record": records["magna-carta"].replace("[Seed ", '[Dealt "eJyrrgUAAXUA+Q=="]\n[Seed ', 1),
                         "step": 5, "seats": ["human"] * 3}, "bad_record")):
        r = fast_client.post("/api/replay/tables", json=body)
        assert r.status_code == 422 and r.json()["code"] == code, (body["seats"], r.text)
    assert fast_client.get("/api/tables").json() == before


def test_a_determinized_record_plays_on_from_the_board_it_was_dealt(fast_client, records):
    """A [Dealt] record (a game re-dealt by caylus.determinize) plays on from its own dealt board with bots,
    and from cards dealt again with a person."""
    start = load_record(records["magna-carta"], stop_at=12)
    game = caylus.determinize(start.view(1), 77)
    session = Session(game, ["random"] * 3)
    for _ in range(10):
        session.bot_step()
    text = game.record()
    assert "[Dealt " in text
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": 6, "seats": ["easy"] * 3})
    assert r.status_code == 201, r.text
    played = _omniscient(fast_client, r.json()["id"])
    assert played.dealt() == game.dealt()
    assert [a.token for a in played.history[:6]] == [a.token for a in game.history[:6]]
    r = fast_client.post("/api/replay/tables", json={"record": text, "step": 6, "seats": ["human"] * 3})
    assert r.status_code == 201, r.text
    assert state(fast_client, r.json()["id"])["view"] == json.loads(
        json.dumps(load_record(text, stop_at=6).public_view()))
