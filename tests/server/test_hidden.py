"""No hidden card leaves the server: in Magna Carta, every HTTP response and every WebSocket message a seat gets
is exactly what the engine lets that seat see (`Game.view(seat)`, its filtered events), never another seat's
hand; spectators get the public view; the record (whose seed deals every card) only once the game is over."""

from __future__ import annotations

import json
import random

import caylus

from .conftest import new_table, state

PLAYERS = 3


def _received(ws, version: int) -> list[dict]:
    """Every message on `ws` up to the state of `version`."""
    out = []
    while True:
        message = json.loads(ws.receive_text())
        out.append(message)
        if message["type"] == "state" and message["state"]["version"] >= version:
            return out


def _check(message_state: dict, seat, replayed: caylus.Game) -> None:
    view = replayed.view(seat) if seat is not None else replayed.public_view()
    assert message_state["view"] == json.loads(json.dumps(view)), "the view is not the seat's own view"
    for q, s in enumerate(message_state["view"]["seats"]):
        if q != seat:
            assert s["hand"] is None, f"seat {q}'s hand reached seat {seat}"
    replayed.record_events() if not replayed.records_events else None
    events = replayed.events(seat) if seat is not None else replayed.public_events()
    sent = [{k: v for k, v in e.items() if k not in ("index", "text")} for e in message_state["log"]]
    assert sent == json.loads(json.dumps(events)), "the log is not the seat's own log"
    if seat is not None and message_state["legal"]:
        assert seat == replayed.current_player


def test_every_message_of_a_magna_carta_game_holds_only_the_seats_own_cards(fast_client):
    client = fast_client
    t = new_table(client, "magna-carta", seats=["human"] * PLAYERS, seed=None)
    tokens = [s["token"] for s in t["seats"]]
    rng = random.Random(3)
    got = {seat: [] for seat in [*range(PLAYERS), None]}  # (version, state) of everything each seat received
    sockets = {seat: client.websocket_connect(f"/ws/tables/{t['id']}" + (f"?token={tokens[seat]}" if seat is not None
                                                                        else "")) for seat in got}
    try:
        for seat, ws in sockets.items():
            ws.__enter__()
        version = 0
        tokens_played = []
        while True:
            for seat, ws in sockets.items():
                for m in _received(ws, version):
                    if m["type"] == "state":
                        got[seat].append(m["state"])
            s = got[None][-1]
            if version % 20 == 0 or s["terminal"]:  # the HTTP answers too, now and then (each costs ~10 ms)
                for seat in range(PLAYERS):
                    got[seat].append(state(client, t["id"], tokens[seat]))
                got[None].append(state(client, t["id"]))
            if s["terminal"]:
                break
            if version % 40 == 0:  # mid-game, the record would deal every hand: refused
                r = client.get(f"/api/tables/{t['id']}/record")
                assert r.status_code == 403 and r.json()["code"] == "record_hidden"
            mover = s["current_player"]
            mine = got[mover][-1]
            action = rng.choice(mine["legal"])["token"]
            r = client.post(f"/api/tables/{t['id']}/moves", json={"token": tokens[mover], "version": version,
                                                                  "action": action})
            assert r.status_code == 200, r.text
            got[mover].append(r.json())
            tokens_played.append(action)
            version += 1
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)

    record = client.get(f"/api/tables/{t['id']}/record").text
    final = caylus.load_record(record)
    assert final.is_terminal and [a.token for a in final.history] == tokens_played
    header = final.header()
    opts = dict(o.split("=") for o in header["Options"].split())
    # Replay the game version by version and hold every message up to the engine's view at its version.
    by_version: dict[int, list] = {}
    for seat, states in got.items():
        for st in states:
            by_version.setdefault(st["version"], []).append((seat, st))
    game = caylus.new_game("magna-carta", players=PLAYERS, seed=int(header["Seed"]), **opts)
    game.record_events()
    checked = 0
    for v in range(len(tokens_played) + 1):
        for seat, st in by_version.get(v, []):
            assert st["seat"] == seat
            _check(st, seat, game)
            checked += 1
        if v < len(tokens_played):
            game.apply(tokens_played[v])
    assert checked > 5 * len(tokens_played)


def test_a_seat_downloads_its_own_record_mid_game_and_nobody_elses(fast_client):
    """GET /record with a seat's token (Authorization: Bearer, or an old link's ?token=) gives that seat's own
    record at any time: the public moves and its own cards, never the seed; a wrong token gets nothing."""
    from caylus.core.record import load_seat_record

    client = fast_client
    t = new_table(client, "magna-carta", seats=["human"] * PLAYERS, seed=None)
    tokens = [s["token"] for s in t["seats"]]
    rng = random.Random(5)
    played = []
    for version in range(12):
        s = state(client, t["id"])
        mover = s["current_player"]
        action = rng.choice(state(client, t["id"], tokens[mover])["legal"])["token"]
        r = client.post(f"/api/tables/{t['id']}/moves", json={"token": tokens[mover], "version": version,
                                                              "action": action})
        assert r.status_code == 200, r.text
        played.append(action)
    for seat in range(PLAYERS):
        r = client.get(f"/api/tables/{t['id']}/record", headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
        assert "[Seed " not in r.text
        seen = load_seat_record(r.text)
        assert seen.seat == seat and seen.tokens == played
        mine = state(client, t["id"], tokens[seat])["view"]
        assert seen.views[-1]["seats"][seat]["hand"] == mine["seats"][seat]["hand"]
        assert all(s["hand"] is None for v in seen.views for q, s in enumerate(v["seats"]) if q != seat)
        old_link = client.get(f"/api/tables/{t['id']}/record", params={"token": tokens[seat]})
        assert old_link.status_code == 200 and load_seat_record(old_link.text).seat == seat
    # Hostile: a made-up token, a malformed header, no token mid-game.
    r = client.get(f"/api/tables/{t['id']}/record", headers={"Authorization": "Bearer not-a-seat"})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.get(f"/api/tables/{t['id']}/record", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401
    r = client.get(f"/api/tables/{t['id']}/record")
    assert r.status_code == 403 and r.json()["code"] == "record_hidden"
