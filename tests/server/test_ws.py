"""The live feed (WS /ws/tables/{id}): the current state on connecting, each new state pushed, moves over the
socket, refusals, and the limits on size and rate."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import new_table, next_state, receive, state


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


def hello(ws, token: str) -> dict:
    """Make the connection the token's seat; returns that seat's state."""
    receive(ws)  # a spectator's state, until the hello
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    return receive(ws)["state"]


def test_a_refusal_repeats_the_id_of_the_message_it_refuses(client):
    """The browser sends its moves on the socket with an "id": each refusal names the message it answers, so a
    refusal of an earlier move is never taken for the answer to a later one."""
    t = new_table(client, seats=["human", "human"])
    seat = state(client, t["id"])["current_player"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        s = hello(ws, t["seats"][seat]["token"])
        ws.send_text(json.dumps({"type": "move", "version": s["version"] + 3, "action": "pass", "id": 7}))
        refused = receive(ws)
        assert refused["code"] == "stale_version" and refused["id"] == 7 and refused["error"]
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": "place:nowhere", "id": "m-2"}))
        refused = receive(ws)
        assert refused["code"] == "illegal_move" and refused["id"] == "m-2"
        ws.send_text(json.dumps({"type": "undo", "version": True, "id": 3}))
        refused = receive(ws)
        assert refused["code"] == "bad_message" and refused["id"] == 3
        # Ids the server will not repeat (no integer, or text too long to be one): the refusal carries none.
        for odd in [True, 1.5, {"x": 1}, [1], "x" * 65, 2**60]:
            ws.send_text(json.dumps({"type": "move", "version": s["version"] + 3, "action": "pass", "id": odd}))
            refused = receive(ws)
            assert refused["code"] == "stale_version" and "id" not in refused
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"],
                                 "id": 9}))
        after = receive(ws)  # a move's success is the new state, pushed
        assert after["type"] == "state" and after["state"]["version"] == s["version"] + 1
    assert state(client, t["id"])["version"] == 1


def test_a_move_for_a_seat_not_to_move_is_refused_and_changes_nothing(client):
    t = new_table(client, seats=["human", "human"])
    seat = state(client, t["id"])["current_player"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as other:
        s = hello(other, t["seats"][1 - seat]["token"])
        assert s["legal"] == []
        mover = state(client, t["id"], t["seats"][seat]["token"])
        other.send_text(json.dumps({"type": "move", "version": s["version"], "action": mover["legal"][0]["token"],
                                    "id": 1}))
        refused = receive(other)
        assert refused["type"] == "error" and refused["id"] == 1 and refused["code"] == "illegal_move"
        assert "turn" in refused["error"] or "not" in refused["error"]
    assert state(client, t["id"])["version"] == 0


def test_a_seats_moves_over_several_sockets_share_the_seats_move_limit(tmp_path):
    """Each connection has its own message rate, and a seat's moves count against the seat's rate whichever way
    they come (as POSTed moves do): opening more sockets does not buy a hostile seat more moves."""
    from fastapi.testclient import TestClient

    from .conftest import make_app

    with TestClient(make_app(tmp_path, moves_per_second=0.01, burst=4)) as c:
        t = new_table(c, seats=["human", "human"])
        seat = state(c, t["id"])["current_player"]
        token = t["seats"][seat]["token"]
        with c.websocket_connect(f"/ws/tables/{t['id']}") as one, \
                c.websocket_connect(f"/ws/tables/{t['id']}") as two:
            s = hello(one, token)
            hello(two, token)  # the hello is a message of this connection, not a move
            codes = []
            for i in range(6):  # stale moves: each is a move the seat asked for, refused or not
                ws = one if i % 2 else two
                ws.send_text(json.dumps({"type": "move", "version": s["version"] + 5, "action": "pass", "id": i}))
                answer = receive(ws)
                assert answer["id"] == i
                codes.append(answer["code"])
                if answer["code"] == "too_many_moves":
                    assert answer["retry_after"] >= 1 and "moves a second" in answer["error"]
            # Three messages a connection (under its own burst of 4 after the hello), six moves for the seat.
            assert codes[:4] == ["stale_version"] * 4 and codes[4:] == ["too_many_moves"] * 2
            # A legal move now is refused too: the seat waits like any client over a limit, and nothing is played.
            one.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"],
                                      "id": 9}))
            assert receive(one)["code"] in ("too_many_moves", "too_many_messages")
        assert state(c, t["id"])["version"] == 0
        # The other seat, and everyone else, is served meanwhile.
        other = t["seats"][1 - seat]["token"]
        with c.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            assert hello(ws, other)["seat"] == 1 - seat


def test_a_connection_that_floods_moves_is_refused_then_closed(client):
    t = new_table(client, seats=["human", "human"])
    seat = state(client, t["id"])["current_player"]
    client.app.state.settings.limits.moves_per_second = 0.01  # a slow refill: a flood however slow the machine
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        s = hello(ws, t["seats"][seat]["token"])
        codes = []
        with pytest.raises(WebSocketDisconnect) as closed:
            for i in range(120):
                ws.send_text(json.dumps({"type": "move", "version": s["version"] + 1, "action": "pass", "id": i}))
            while True:
                codes.append(receive(ws).get("code"))
        assert closed.value.code == 1008
        assert set(codes) <= {"stale_version", "too_many_messages", "too_many_moves"}
        assert "too_many_messages" in codes or "too_many_moves" in codes
    assert state(client, t["id"])["version"] == 0
