"""Webhooks (issue 27): "your turn" as a JSON POST to a local receiver; never to a host off the operator's
allow-list; bounded retries; no redirect followed; the URL (which may hold a chat service's secret) never logged."""

from __future__ import annotations

import json
import logging
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from fastapi.testclient import TestClient

from caylus.server import Settings, create_app
from caylus.server.limits import Limits
from caylus.server.notify import ATTEMPTS, Webhooks
from caylus.server.store import Store

from .conftest import FAST, new_table


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


class Receiver:
    """A local HTTP server that keeps what is POSTed to it and answers the statuses it is given, in turn."""

    def __init__(self, statuses=(200,), redirect_to=None):
        self.bodies: list[dict] = []
        self.paths: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length", 0))
                outer.bodies.append(json.loads(self.rfile.read(length)))
                outer.paths.append(self.path)
                status = statuses[min(len(outer.bodies) - 1, len(statuses) - 1)]
                self.send_response(status)
                if redirect_to:
                    self.send_header("Location", redirect_to)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def app_with(tmp_path, hosts):
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=1, limits=Limits(**FAST),
                               webhook_hosts=hosts))


def players_at_a_table(client):
    alice = client.post("/api/players", json={"name": "Alice"}).json()
    bob = client.post("/api/players", json={"name": "Bob"}).json()
    t = new_table(client, seats=["human", "human"], seed=3)
    for p, who in ((0, bob), (1, alice)):
        r = client.post(f"/api/tables/{t['id']}/join", json={"seat_token": t["seats"][p]["token"]},
                        headers=bearer(who["key"]))
        assert r.status_code == 200, r.text
    return alice, bob, t


def play_until_turn_of(client, t, keys, seat):
    """Play the first legal move of whoever is to move until `seat` is to move."""
    for _ in range(50):
        s = client.get(f"/api/tables/{t['id']}").json()
        if s["current_player"] == seat:
            return s
        p = s["current_player"]
        mine = client.get(f"/api/tables/{t['id']}", headers=bearer(keys[p])).json()
        r = client.post(f"/api/tables/{t['id']}/moves", headers=bearer(keys[p]),
                        json={"version": mine["version"], "action": mine["legal"][0]["token"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the turn never came")


def test_a_player_whose_turn_it_is_gets_one_message_a_chat_service_accepts(tmp_path, receiver):
    with TestClient(app_with(tmp_path, ("127.0.0.1",))) as client:
        alice, bob, t = players_at_a_table(client)
        url = f"{receiver.url}/hook/secret-part"
        r = client.put("/api/players/me/webhook", json={"url": url}, headers=bearer(alice["key"]))
        assert r.status_code == 200 and r.json() == {"url": url, "hosts": ["127.0.0.1"]}
        assert client.get("/api/players/me/webhook", headers=bearer(alice["key"])).json() == {"url": url, "hosts": ["127.0.0.1"]}
        keys = {0: bob["key"], 1: alice["key"]}
        play_until_turn_of(client, t, keys, 1)
        deadline = time.monotonic() + 10
        while not receiver.bodies:
            assert time.monotonic() < deadline, "no message came"
            time.sleep(0.01)
        body = receiver.bodies[0]
        assert receiver.paths[0] == "/hook/secret-part"
        assert body["table"] == t["id"] and body["seat"] == 1 and body["edition"] == "caylus"
        assert body["link"] == f"http://testserver/#table={t['id']}&as=player"  # the key from the browser
        assert t["id"] in body["text"] and body["link"] in body["text"] and body["content"] == body["text"]
        # Bob's turns bring Alice nothing; removing the webhook stops the messages.
        assert client.delete("/api/players/me/webhook", headers=bearer(alice["key"])).json() == {"url": None, "hosts": ["127.0.0.1"]}
        play_until_turn_of(client, t, keys, 0)
        play_until_turn_of(client, t, keys, 1)
        time.sleep(0.3)
        assert len(receiver.bodies) == 1


def test_no_message_to_a_host_off_the_allow_list(tmp_path, receiver, caplog):
    with TestClient(app_with(tmp_path, ("hooks.example.com",))) as client:
        alice, bob, t = players_at_a_table(client)
        r = client.put("/api/players/me/webhook", json={"url": f"{receiver.url}/x"}, headers=bearer(alice["key"]))
        assert r.status_code == 403 and r.json()["code"] == "webhook_not_allowed", r.text
        # The page can say where messages may go: the allow-list, never another player's URL.
        assert client.get("/api/players/me/webhook", headers=bearer(alice["key"])).json() == {
            "url": None, "hosts": ["hooks.example.com"]}
        play_until_turn_of(client, t, {0: bob["key"], 1: alice["key"]}, 1)
        time.sleep(0.3)
        assert receiver.bodies == []
        # A URL stored while its host was allowed is not sent to once the host is off the list.
        hooks = client.app.state.webhooks
        assert hooks.send(f"{receiver.url}/y", {"text": "hi"}) is False and receiver.bodies == []


def test_with_no_allowed_host_webhooks_are_off(tmp_path, receiver):
    with TestClient(app_with(tmp_path, ())) as client:
        alice = client.post("/api/players", json={"name": "Alice"}).json()
        r = client.put("/api/players/me/webhook", json={"url": f"{receiver.url}/x"}, headers=bearer(alice["key"]))
        assert r.status_code == 403 and r.json()["code"] == "webhooks_off"
        assert client.get("/api/players/me/webhook", headers=bearer(alice["key"])).json() == {"url": None, "hosts": []}


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/x", "http://user:pw@127.0.0.1/x", "javascript:alert(1)",
                                 "http://127.0.0.1:notaport/", "http:///nohost", "127.0.0.1/x",
                                 "http://127.0.0.1/" + "a" * 600, "http://127.0.0.1/a b"])
def test_a_bad_webhook_url_is_refused_in_words_and_nothing_is_stored(tmp_path, url):
    with TestClient(app_with(tmp_path, ("127.0.0.1",))) as client:
        alice = client.post("/api/players", json={"name": "Alice"}).json()
        r = client.put("/api/players/me/webhook", json={"url": url}, headers=bearer(alice["key"]))
        assert r.status_code == 422 and r.json()["code"] == "bad_webhook" and r.json()["error"], r.text
        assert client.get("/api/players/me/webhook", headers=bearer(alice["key"])).json()["url"] is None


@pytest.mark.parametrize("body", [{}, {"url": 5}, {"url": ""}, {"url": "http://127.0.0.1/", "more": 1},
                                  {"url": "h" * 3000}])
def test_a_malformed_body_or_no_key_is_refused(tmp_path, body):
    with TestClient(app_with(tmp_path, ("127.0.0.1",))) as client:
        alice = client.post("/api/players", json={"name": "Alice"}).json()
        r = client.put("/api/players/me/webhook", json=body, headers=bearer(alice["key"]))
        assert r.status_code == 422, r.text
        r = client.put("/api/players/me/webhook", json={"url": "http://127.0.0.1/"})
        assert r.status_code == 401
        r = client.put("/api/players/me/webhook", json={"url": "http://127.0.0.1/"}, headers=bearer("nobody"))
        assert r.status_code == 401


def hooks_for(tmp_path):
    waits = []
    return Webhooks(Store(f"sqlite:///{tmp_path / 'h.db'}"), ("127.0.0.1",), sleep=waits.append), waits


def test_a_failing_receiver_is_tried_a_bounded_number_of_times_and_the_url_is_not_logged(tmp_path, caplog):
    r = Receiver(statuses=(500,))
    try:
        hooks, waits = hooks_for(tmp_path)
        with caplog.at_level(logging.WARNING, logger="caylus.server"):
            assert hooks.send(f"{r.url}/secret-token-123", {"text": "hi"}) is False
        assert len(r.bodies) == ATTEMPTS and len(waits) == ATTEMPTS - 1
        assert "secret-token-123" not in caplog.text and "127.0.0.1" in caplog.text
    finally:
        r.close()


def test_a_retry_that_succeeds_stops_and_a_refusal_is_not_retried(tmp_path):
    flaky, refusing = Receiver(statuses=(503, 200)), Receiver(statuses=(404,))
    try:
        hooks, _ = hooks_for(tmp_path)
        assert hooks.send(f"{flaky.url}/x", {"text": "hi"}) is True and len(flaky.bodies) == 2
        assert hooks.send(f"{refusing.url}/x", {"text": "hi"}) is False and len(refusing.bodies) == 1
    finally:
        flaky.close()
        refusing.close()


def test_a_redirect_is_not_followed(tmp_path):
    elsewhere = Receiver()
    redirecting = Receiver(statuses=(307,), redirect_to=f"{elsewhere.url}/stolen")
    try:
        hooks, _ = hooks_for(tmp_path)
        assert hooks.send(f"{redirecting.url}/x", {"text": "hi"}) is False
        assert elsewhere.bodies == [] and len(redirecting.bodies) == 1
    finally:
        elsewhere.close()
        redirecting.close()


def test_a_restart_does_not_tell_a_turn_again(tmp_path, receiver):
    """The turns told are stored: a new process that meets the same turn (as a restart does, loading the table)
    sends nothing more; the next turn is told."""
    with TestClient(app_with(tmp_path, ("127.0.0.1",))) as client:
        alice, bob, t = players_at_a_table(client)
        client.put("/api/players/me/webhook", json={"url": f"{receiver.url}/hook"}, headers=bearer(alice["key"]))
        keys = {0: bob["key"], 1: alice["key"]}
        play_until_turn_of(client, t, keys, 1)
        deadline = time.monotonic() + 10
        while not receiver.bodies:
            assert time.monotonic() < deadline, "no message came"
            time.sleep(0.01)
    with TestClient(app_with(tmp_path, ("127.0.0.1",))) as client:
        hooks = client.app.state.webhooks
        assert hooks.last_turn == {}  # nothing in this process's memory
        decision = len(client.app.state.tables.get(t["id"]).session.game.history)
        hooks.turn(t["id"], "caylus", "Caylus", 1, decision, alice["id"])  # the same turn, met again
        time.sleep(0.3)
        assert len(receiver.bodies) == 1
        play_until_turn_of(client, t, keys, 0)
        play_until_turn_of(client, t, keys, 1)  # the next turn of hers is told
        deadline = time.monotonic() + 10
        while len(receiver.bodies) < 2:
            assert time.monotonic() < deadline, "the next turn was not told"
            time.sleep(0.01)
