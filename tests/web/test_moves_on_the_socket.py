"""The board sends its moves and undos on the table's open WebSocket, the one that brings it the states (docs/server.md,
"The live feed"), and POSTs them only while that socket is down; every refusal on the socket (a race lost, a move
over the seat's rate) is said on the page in the server's words, as a POSTed one is."""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from tests.server.servers import Server

from .playing import play_one_move, settled, wait_for_my_move_or_end


def new_table(server, seats, edition="caylus") -> dict:
    r = httpx.post(server.url + "/api/tables", json={"edition": edition, "seats": seats, "seed": 3})
    assert r.status_code == 201, r.text
    return r.json()


def watch_traffic(page) -> dict:
    """Counts of the moves and undos the page POSTs, and the messages it sends on its WebSockets."""
    seen = {"posted": [], "sent": []}
    page.on("request", lambda r: seen["posted"].append(r.url) if r.method == "POST" and (
        r.url.endswith("/moves") or r.url.endswith("/undo")) else None)
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: seen["sent"].append(payload)))
    return seen


def sent_types(seen) -> list[str]:
    types = []
    for payload in seen["sent"]:
        try:
            types.append(json.loads(payload).get("type"))
        except (TypeError, ValueError):
            pass
    return types


def test_moves_and_undo_go_on_the_open_socket_not_by_post(page, server):
    table = new_table(server, ["human", "random"])
    seen = watch_traffic(page)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector(".status.up")
    played = 0
    while played < 4 and wait_for_my_move_or_end(page) == "move":
        play_one_move(page)
        played += 1
    assert played == 4
    assert wait_for_my_move_or_end(page) == "move"
    before = settled(page, seat=0)
    page.click("#undo")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == "Move taken back"
    settled(page, at_least=before + 1, seat=0)
    assert sent_types(seen).count("move") == 4 and sent_types(seen).count("undo") == 1
    assert seen["posted"] == []  # nothing went by HTTP
    assert httpx.get(f"{server.url}/api/tables/{table['id']}").json()["version"] >= before + 1


def test_a_move_is_posted_while_the_socket_is_down_and_the_socket_carries_them_again_once_back(page, server):
    table = new_table(server, ["human", "random"])
    seen = watch_traffic(page)
    blocked = threading.Event()
    live = []

    def route(ws):  # the page's connections go to the server, unless the network is "down"
        if blocked.is_set():
            ws.close()
            return
        upstream = ws.connect_to_server()
        ws.on_message(upstream.send)
        upstream.on_message(ws.send)
        live.append(ws)

    page.route_web_socket("**/ws/tables/**", route)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector(".status.up")
    assert wait_for_my_move_or_end(page) == "move"
    play_one_move(page)
    assert sent_types(seen).count("move") == 1 and seen["posted"] == []
    assert wait_for_my_move_or_end(page) == "move"
    version = settled(page, seat=0)
    blocked.set()
    for ws in live:
        ws.close()
    page.wait_for_selector(".status.down")
    play_one_move(page)  # the new state is the POST's answer
    assert seen["posted"] == [f"{server.url}/api/tables/{table['id']}/moves"]
    assert sent_types(seen).count("move") == 1
    assert httpx.get(f"{server.url}/api/tables/{table['id']}").json()["version"] > version
    blocked.clear()  # the page reconnects by itself (within 8 s) and reads what the bot did meanwhile
    page.wait_for_selector(".status.up", timeout=20_000)
    assert wait_for_my_move_or_end(page) == "move"
    play_one_move(page)
    assert sent_types(seen).count("move") == 2 and len(seen["posted"]) == 1


def test_a_race_lost_on_the_socket_is_said_and_the_board_catches_up(page, server):
    """The same seat moves from another device while this page's states are held back: the page's move, made on
    the version it shows, is refused on the socket (409 stale_version); the page says so in the server's words
    and reads the table again."""
    table = new_table(server, ["human", "human"])
    tokens = [s["token"] for s in table["seats"]]
    mover = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["current_player"]
    hold = threading.Event()

    def proxy(ws):
        upstream = ws.connect_to_server()
        ws.on_message(upstream.send)

        def down(message):
            if hold.is_set() and '"type":"state"' in message.replace(" ", ""):
                return  # this page does not hear of the other device's move
            ws.send(message)
        upstream.on_message(down)

    page.route_web_socket("**/ws/tables/**", proxy)
    seen = watch_traffic(page)
    page.goto(table["seats"][mover]["link"])
    assert wait_for_my_move_or_end(page) == "move"
    version = settled(page, seat=mover)
    hold.set()
    elsewhere = httpx.get(f"{server.url}/api/tables/{table['id']}",
                          headers={"Authorization": f"Bearer {tokens[mover]}"}).json()
    r = httpx.post(f"{server.url}/api/tables/{table['id']}/moves", headers={"Authorization": f"Bearer {tokens[mover]}"},
                   json={"version": version, "action": elsewhere["legal"][0]["token"]})
    assert r.status_code == 200, r.text
    page.locator("svg.board [data-action], .actions [data-action]").first.click()
    page.wait_for_selector("#toast:not([hidden])")
    said = page.inner_text("#toast")
    assert f"made on version {version}" in said and f"version {version + 1}" in said, said
    hold.clear()
    settled(page, at_least=version + 1, seat=mover)  # the refusal made the page read the table again
    assert "Your move" not in page.inner_text("#turn-banner")
    assert sent_types(seen).count("move") == 1 and seen["posted"] == []
    assert httpx.get(f"{server.url}/api/tables/{table['id']}").json()["version"] == version + 1


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """A server that lets a seat move once every 20 s (burst 1), for the rate's refusal."""
    where = tmp_path_factory.mktemp("slow")
    srv = Server(f"sqlite:///{where / 'caylus.db'}", where / "server.log", extra=(
        "--moves-per-second", "0.05", "--reads-per-second", "1000")).start()
    yield srv
    srv.stop()


def test_a_move_over_the_rate_is_refused_on_the_socket_and_said(page, slow_server):
    table = new_table(slow_server, ["human", "human"])
    mover = httpx.get(f"{slow_server.url}/api/tables/{table['id']}").json()["current_player"]
    seen = watch_traffic(page)
    page.goto(table["seats"][mover]["link"])
    assert wait_for_my_move_or_end(page) == "move"
    version = settled(page, seat=mover)
    page.locator("svg.board [data-action], .actions [data-action]").first.click()
    page.wait_for_selector("#toast:not([hidden])")
    said = page.inner_text("#toast")
    # The connection's hello took its one message of the burst: the move is over the rate, and nothing is played.
    assert "a second" in said and "try again in" in said, said
    assert seen["posted"] == [] and sent_types(seen).count("move") == 1
    assert httpx.get(f"{slow_server.url}/api/tables/{table['id']}").json()["version"] == version
    assert settled(page, seat=mover) == version and "Your move" in page.inner_text("#turn-banner")
