"""The live feed (WS /ws/tables/{id}): the current state on connecting, each new state pushed, moves over the
socket, refusals, and the limits on size and rate."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import new_table, state


def receive(ws) -> dict:
    return json.loads(ws.receive_text())


def next_state(ws, after: int) -> dict:
    """The first pushed state newer than version `after`."""
    while True:
        message = receive(ws)
        if message["type"] == "state" and message["state"]["version"] > after:
            return message["state"]


def test_a_move_by_one_seat_reaches_the_other_seat_and_spectators(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={tokens[1 - seat]}") as other, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as spectator:
        first = receive(other)
        assert first["type"] == "state" and first["state"]["seat"] == 1 - seat and first["state"]["version"] == 0
        assert receive(spectator)["state"]["seat"] is None
        mine = state(client, t["id"], tokens[seat])
        client.post(f"/api/tables/{t['id']}/moves",
                    json={"token": tokens[seat], "version": 0, "action": mine["legal"][0]["token"]})
        pushed = next_state(other, 0)
        assert pushed["version"] == 1 and pushed["view"]["viewer"] == 1 - seat
        assert next_state(spectator, 0)["version"] == 1


def test_moves_over_the_socket_and_a_reconnect_resumes(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={tokens[seat]}") as ws:
        s = receive(ws)["state"]
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
        after = next_state(ws, s["version"])
        assert after["version"] == 1 and after["legal"] == []
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
        refused = receive(ws)
        assert refused["type"] == "error" and refused["code"] in ("stale_version", "illegal_move")
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={tokens[seat]}") as ws:
        assert receive(ws)["state"]["version"] == 1  # where it was


@pytest.mark.parametrize("text,code", [
    ("{not json", "bad_json"), ("[1]", "bad_message"), ('{"type": "dance"}', "bad_message"),
    ('{"type": "move", "action": "pass"}', "bad_message"), ('{"type": "move", "version": 0}', "bad_message"),
    ('{"type": "move", "version": 0, "action": "place:statue"}', "illegal_move"),
    # Hostile or sloppy moves: a bool or text where the version is an integer, an action that is no token.
    ('{"type": "move", "version": false, "action": "pass"}', "bad_message"),
    ('{"type": "move", "version": "0", "action": "pass"}', "bad_message"),
    ('{"type": "move", "version": 0.0, "action": "pass"}', "bad_message"),
    ('{"type": "move", "version": 0, "action": 7}', "bad_message"),
    ('{"type": "move", "version": 0, "action": ""}', "bad_message"),
    ('{"type": "move", "version": 0, "action": "' + "x" * 65 + '"}', "bad_message"),
    ('{"type": "move", "version": 5, "action": "pass"}', "stale_version"),
    ('{"type": "undo", "version": true}', "bad_message"),
    ('{"type": 3}', "bad_message"), ('"move"', "bad_message"), ("null", "bad_message"),
])
def test_bad_messages_get_an_error_and_change_nothing(client, text, code):
    t = new_table(client, seats=["human", "human"])
    token = t["seats"][state(client, t["id"])["current_player"]]["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={token}") as ws:
        receive(ws)
        ws.send_text(text)
        answer = receive(ws)
        assert answer["type"] == "error" and answer["code"] == code and answer["error"]
        ws.send_text('{"type": "ping"}')
        assert receive(ws) == {"type": "pong"}
    assert state(client, t["id"])["version"] == 0


def test_a_spectator_cannot_move_and_bad_tables_or_tokens_are_refused(client):
    t = new_table(client, seats=["human", "human"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        receive(ws)
        ws.send_text('{"type": "move", "version": 0, "action": "pass"}')
        assert receive(ws)["code"] == "no_seat"
    for url, code in [("/ws/tables/nope", "no_table"), (f"/ws/tables/{t['id']}?token=wrong", "bad_token")]:
        with client.websocket_connect(url) as ws:
            assert receive(ws)["code"] == code
            with pytest.raises(WebSocketDisconnect):
                ws.receive_text()


def test_oversized_messages_and_floods_close_the_connection(client):
    t = new_table(client, seats=["human", "human"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        receive(ws)
        ws.send_text("x" * 10_000)
        assert receive(ws)["code"] == "too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1009
    # A flood is more than `burst` messages faster than `moves_per_second`: with a slow refill, 200 pings are one
    # however slowly a loaded machine sends them (at 10 a second, a busy test run could send them slower than that).
    client.app.state.settings.limits.moves_per_second = 0.01
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        receive(ws)
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                ws.send_text('{"type": "ping"}')
            while True:
                codes.append(receive(ws).get("code"))
        assert "too_many_messages" in codes and closed.value.code == 1008
    assert state(client, t["id"])["version"] == 0


def test_with_log_new_each_log_entry_is_sent_once(client):
    t = new_table(client, seats=["human", "random"], seed=2)
    token = t["seats"][0]["token"]
    seen = []
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={token}&log=new") as ws:
        version = -1
        while len(seen) < 3:
            s = receive(ws)["state"]
            seen.append(s)
            if s["legal"]:
                ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
            version = s["version"]
    indexes = [e["index"] for s in seen for e in s["log"]]
    assert indexes == list(range(len(indexes))) and version >= 2


def test_a_move_over_the_socket_is_answered_by_one_push_of_the_new_state(client):
    """The socket's move has no answer of its own: the new state, pushed once to each socket of the seat, is it
    (the mover's state is built once for all of them, not once more for the mover)."""
    t = new_table(client, seats=["human", "human"])
    seat = state(client, t["id"])["current_player"]
    token = t["seats"][seat]["token"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws, \
            client.websocket_connect(f"/ws/tables/{t['id']}") as twin:
        for socket in (ws, twin):
            receive(socket)  # a spectator's state, until the hello
            socket.send_text(json.dumps({"type": "hello", "token": token}))
            s = receive(socket)["state"]
            assert s["seat"] == seat
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
        after = receive(ws)
        assert after["type"] == "state" and after["state"]["version"] == s["version"] + 1
        assert after["state"]["seat"] == seat and after["state"]["legal"] == []
        assert receive(twin) == after  # the same text on every socket of the seat
        ws.send_text('{"type": "ping"}')
        assert receive(ws) == {"type": "pong"}  # nothing else was sent for the move


def test_a_hello_with_another_tables_token_is_refused_and_closes(client):
    mine = new_table(client, seats=["human", "human"])
    other = new_table(client, seats=["human", "human"])
    with client.websocket_connect(f"/ws/tables/{mine['id']}") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "hello", "token": other["seats"][0]["token"]}))
        assert receive(ws)["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4403
    assert state(client, mine["id"])["version"] == 0
