"""What a table refuses whatever the client: undo across hidden information (board-game sites' rule), a chosen
seed where cards are hidden, and bodies whose types are not what the API documents (no bool or text for an
integer). Each refusal is clear JSON and changes nothing."""

from __future__ import annotations

import random

import pytest

from caylus.editions.magna_carta.undo import undo_barrier

from .conftest import new_table, state, wait_turn


def test_undo_never_goes_back_across_a_card_a_bot_built_from_its_hidden_hand(fast_client):
    """Magna Carta against a bot: once the bot has built a card from its hand after the person's move, undo would
    show the person that card and the bot's answer for free: 409 `undo_hidden`, saying what was revealed."""
    client = fast_client
    for attempt in range(30):
        t = new_table(client, "magna-carta", seats=["human", "random"], seed=None)
        token = t["seats"][0]["token"]
        rng = random.Random(attempt)
        s = wait_turn(client, t["id"], token)
        while not s["terminal"]:
            seen = len(s["log"])
            quiet = [m["token"] for m in s["legal"] if m["token"].split(":")[0] not in ("draw", "replace", "build")]
            action = rng.choice(quiet or [m["token"] for m in s["legal"]])
            r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                                  "action": action})
            assert r.status_code == 200, r.text
            s = wait_turn(client, t["id"], token)
            barriers = [e for e in s["log"][seen:] if undo_barrier(e)]
            if not barriers:
                continue
            if barriers[0]["kind"] == "build" and barriers[0]["player"] == 1:
                before = state(client, t["id"], token)
                r = client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s["version"]})
                assert r.status_code == 409, r.text
                body = r.json()
                assert body["code"] == "undo_hidden"
                assert "Red built a card from their hidden hand" in body["error"]
                assert "revealed to anyone" in body["error"]
                assert state(client, t["id"], token) == before
                return
            break  # another secret came first: try another table
    pytest.fail("no game came to a bot's build right after the person's move")


def test_undo_never_takes_back_the_persons_own_draw_but_goes_back_where_nothing_was_revealed(fast_client):
    client = fast_client
    t = new_table(client, "caylus", seats=["human", "random"])
    token = t["seats"][0]["token"]
    s = wait_turn(client, t["id"], token)
    r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                          "action": s["legal"][-1]["token"]})
    s = wait_turn(client, t["id"], token)
    r = client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s["version"]})
    assert r.status_code == 200, r.text  # Caylus hides nothing and draws nothing after the setup
    t = new_table(client, "magna-carta", seats=["human", "random"], seed=None)  # the person draws a card
    token = t["seats"][0]["token"]
    s = wait_turn(client, t["id"], token)
    while not any(m["token"] == "draw" for m in s["legal"]):
        assert not s["terminal"], "the game ended before a draw was offered"
        client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"],
                                                          "action": s["legal"][-1]["token"]})
        s = wait_turn(client, t["id"], token)
    r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": s["version"], "action": "draw"})
    assert r.status_code == 200
    s = wait_turn(client, t["id"], token)
    r = client.post(f"/api/tables/{t['id']}/undo", json={"token": token, "version": s["version"]})
    assert r.status_code == 409 and r.json()["code"] == "undo_hidden" and "Blue drew a card" in r.json()["error"]


@pytest.mark.parametrize("seats", [["human", "normal"], ["human", "human"], ["normal", "human", "easy"]])
def test_a_seed_is_refused_where_cards_are_hidden_and_a_person_sits(client, seats):
    r = client.post("/api/tables", json={"edition": "magna-carta", "seats": seats, "seed": 12})
    assert r.status_code == 422 and r.json()["code"] == "seed_refused"
    assert "deals them all" in r.json()["error"]
    assert client.get("/api/tables").json() == []  # nothing was created


def test_a_seed_is_taken_where_nothing_is_hidden_or_every_seat_is_a_bot(client):
    for spec in [{"edition": "magna-carta", "seats": ["random", "random"], "seed": 12},
                 {"edition": "caylus", "seats": ["human", "random"], "seed": 12},
                 {"edition": "caylus-1303", "seats": ["human", "human"], "seed": 12}]:
        r = client.post("/api/tables", json=spec)
        assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={"edition": "magna-carta", "seats": ["human", "random"]})
    assert r.status_code == 201  # no seed: a random one


@pytest.mark.parametrize("version", [False, True, "0", 0.0, 1.5, None, [0], {"v": 0}])
def test_a_version_must_be_an_integer_not_a_bool_text_or_float(client, version):
    t = new_table(client, seats=["human", "human"])
    token = t["seats"][state(client, t["id"])["current_player"]]["token"]
    before = state(client, t["id"], token)
    for path, body in [("moves", {"token": token, "version": version, "action": before["legal"][0]["token"]}),
                       ("undo", {"token": token, "version": version})]:
        r = client.post(f"/api/tables/{t['id']}/{path}", json=body)
        assert r.status_code == 422 and r.json()["code"] == "bad_request" and "version" in r.json()["error"], r.text
    assert state(client, t["id"], token) == before
    # The same move with an integer version is played: the refusals above were about the type alone.
    r = client.post(f"/api/tables/{t['id']}/moves", json={"token": token, "version": 0,
                                                          "action": before["legal"][0]["token"]})
    assert r.status_code == 200


@pytest.mark.parametrize("field,value", [("players", True), ("players", "2"), ("seed", "7"), ("seed", False),
                                         ("seed", 7.0)])
def test_a_new_tables_numbers_must_be_integers(client, field, value):
    r = client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "human"], field: value})
    assert r.status_code == 422 and r.json()["code"] == "bad_request" and field in r.json()["error"], r.text
    assert client.get("/api/tables").json() == []
