"""Seat tokens never in a URL nor a log: links carry them in the fragment, the API takes them in
`Authorization: Bearer`, the WebSocket in its first message; old `?token=` links still work, and every log line
has them blanked. Hostile tokens and headers are refused in words and change nothing."""

from __future__ import annotations

import json
import random

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import new_table, state, wait_turn
from .servers import Server


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_links_carry_the_token_in_the_fragment(client):
    t = new_table(client, seats=["human", "random", "human"])
    for seat in t["seats"]:
        if seat["kind"] == "human":
            assert seat["link"] == f"http://testserver/#table={t['id']}&token={seat['token']}"
        else:
            assert seat["link"] is None and seat["token"] is None


def test_the_api_takes_the_token_in_the_authorization_header_and_old_links_query(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    url = f"/api/tables/{t['id']}"
    seat = state(client, t["id"])["current_player"]
    by_header = client.get(url, headers=bearer(tokens[seat])).json()
    by_query = client.get(url, params={"token": tokens[seat]}).json()
    assert by_header == by_query and by_header["seat"] == seat and by_header["legal"]
    for path in ("hint", "buildings"):
        assert client.get(f"{url}/{path}", headers=bearer(tokens[seat])).status_code == 200
    r = client.post(f"{url}/moves", headers=bearer(tokens[seat]),
                    json={"version": by_header["version"], "action": by_header["legal"][0]["token"]})
    assert r.status_code == 200 and r.json()["seat"] == seat


@pytest.mark.parametrize("header", ["Bearer", "Bearer   ", "Basic dXNlcjpwYXNz", "token abc", "Bearer " + "x" * 300])
def test_a_malformed_authorization_header_is_refused_in_words(client, header):
    t = new_table(client, seats=["human", "human"])
    before = state(client, t["id"])
    for r in [client.get(f"/api/tables/{t['id']}", headers={"Authorization": header}),
              client.post(f"/api/tables/{t['id']}/moves", headers={"Authorization": header},
                          json={"version": 0, "action": "pass"})]:
        assert r.status_code == 401 and r.json()["code"] == "bad_authorization", r.text
    assert state(client, t["id"]) == before


def test_a_wrong_bearer_token_holds_no_seat(client):
    a = new_table(client, seats=["human", "human"])
    b = new_table(client, seats=["human", "human"])
    r = client.get(f"/api/tables/{a['id']}", headers=bearer(b["seats"][0]["token"]))  # another table's seat
    assert r.status_code == 403 and r.json()["code"] == "bad_token"


def test_the_websocket_takes_the_token_in_its_first_message(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        assert ws.receive_json()["state"]["seat"] is None  # a spectator until it says who it is
        ws.send_json({"type": "hello", "token": tokens[1]})
        s = ws.receive_json()["state"]
        assert s["seat"] == 1 and s["view"] == state(client, t["id"], tokens[1])["view"]
        ws.send_json({"type": "hello", "token": tokens[0]})  # only the first message
        assert ws.receive_json()["code"] == "bad_message"
    with client.websocket_connect(f"/ws/tables/{t['id']}?token={tokens[0]}") as ws:  # an old client
        assert ws.receive_json()["state"]["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello"})  # no token: stays a spectator, nothing more sent
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("hello", [{"type": "hello", "token": "nope"}, {"type": "hello", "token": 12},
                                   {"type": "hello", "token": "x" * 500}])
def test_a_wrong_token_in_the_first_message_is_refused(client, hello):
    t = new_table(client, seats=["human", "human"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps(hello))
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and refusal["code"] in ("bad_token", "bad_message")
        if refusal["code"] == "bad_token":
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403


def test_no_token_reaches_the_servers_output_over_a_whole_game(tmp_path):
    """`caylus serve` as users start it; a whole Magna Carta game against a bot, the seat's token sent every way
    the server takes it (header, first WebSocket message, an old link's ?token=, the body), plus the creator's
    token and a stranger's wrong one: not one of them in any line the server wrote."""
    log = tmp_path / "server.log"
    server = Server(f"sqlite:///{tmp_path / 'games.db'}", log, extra=(
        "--moves-per-second", "100000", "--reads-per-second", "100000", "--hints-per-minute", "100000")).start()
    try:
        api = httpx.Client(base_url=server.url, timeout=30)
        t = api.post("/api/tables", json={"edition": "magna-carta", "seats": ["human", "random"]}).json()
        token, owner = t["seats"][0]["token"], t["owner_token"]
        secrets = [token, owner, "a-stranger-guessing"]
        url = f"/api/tables/{t['id']}"
        api.get("/", params={"table": t["id"], "token": token})  # an old seat link, as a browser opens it
        api.get(url, params={"token": secrets[2]})
        from websockets.sync.client import connect  # uvicorn's WebSocket library (the web extra)

        with connect(server.url.replace("http", "ws") + f"/ws/tables/{t['id']}?log=new") as ws:
            ws.recv()
            ws.send(json.dumps({"type": "hello", "token": token}))
            assert json.loads(ws.recv())["state"]["seat"] == 0
        with connect(server.url.replace("http", "ws") + f"/ws/tables/{t['id']}?token={token}") as ws:
            assert json.loads(ws.recv())["state"]["seat"] == 0
        rng = random.Random(1)
        moves = 0
        while True:
            s = api.get(url, headers=bearer(token), params={"since": 10**9}).json()
            if s["terminal"]:
                break
            if not s["legal"]:
                continue
            way = moves % 3
            if way == 0:
                api.get(f"{url}/hint", params={"token": token})
            body = {"version": s["version"], "action": rng.choice(s["legal"])["token"]}
            if way == 1:
                r = api.post(f"{url}/moves", json={**body, "token": token})
            else:
                r = api.post(f"{url}/moves", json=body, headers=bearer(token) if way == 0 else {},
                             params={} if way == 0 else {"token": token})
            if way == 2:  # the body has no token and the query's is not read for a move: refused, then sent right
                assert r.status_code == 403
                r = api.post(f"{url}/moves", json=body, headers=bearer(token))
            assert r.status_code == 200, r.text
            moves += 1
        assert moves > 20
        api.get(f"{url}/buildings", params={"token": token})
        api.delete(url, params={"token": owner})
    finally:
        server.stop()
    text = log.read_text()
    assert f"/api/tables/{t['id']}" in text and "[redacted]" in text  # requests were logged, tokens blanked
    for secret in secrets:
        assert secret not in text, f"a token reached the server's output: {secret[:4]}..."
