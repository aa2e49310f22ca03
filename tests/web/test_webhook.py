"""The "your turn" webhook in the browser (docs/server.md): a player sets and clears it on their own page and sees
the server's refusal of a host its operator did not allow; the webhook's link (`#table=ID&as=player`) opens the
seat with the key this browser keeps, and a browser without the player only watches."""

from __future__ import annotations

import httpx
import pytest

from tests.server.servers import Server

from .playing import settled
from .test_player import _context, _make_player


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    where = tmp_path_factory.mktemp("serve")
    srv = Server(f"sqlite:///{where / 'caylus.db'}", where / "server.log", extra=(
        "--tables-per-minute", "1000", "--reads-per-second", "1000", "--webhook-host", "127.0.0.1")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def closed_server(tmp_path_factory):
    """A server whose operator allowed no webhook host: webhooks are off there."""
    where = tmp_path_factory.mktemp("serve-no-hooks")
    srv = Server(f"sqlite:///{where / 'caylus.db'}", where / "server.log", extra=(
        "--tables-per-minute", "1000", "--reads-per-second", "1000")).start()
    yield srv
    srv.stop()


def _hook(server, key):
    return httpx.get(f"{server.url}/api/players/me/webhook", headers={"Authorization": f"Bearer {key}"}).json()["url"]


def test_a_player_sets_and_clears_their_webhook_and_sees_a_refusal(browser, server):
    context, page = _context(browser, viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        me = _make_player(page, server.url, "Hooked")
        page.click("#my-page")
        page.wait_for_selector("#webhook-said:has-text('No messages')")
        # The page names where messages may go (the operator's allow-list), in words and in the example address.
        assert page.inner_text("#webhook-hosts") == "This server sends them to 127.0.0.1 only."
        assert page.get_attribute("#webhook-url", "placeholder") == "https://127.0.0.1/…"
        good = "http://127.0.0.1:9/hooks/secret"
        page.fill("#webhook-url", good)
        page.click("#webhook-form button[type=submit]")
        page.wait_for_selector("#webhook-said:has-text('A message goes')")
        assert _hook(server, me["key"]) == good
        assert page.locator("#webhook-remove").is_visible()
        # A host the operator did not allow: refused in the server's words, the saved one kept.
        page.fill("#webhook-url", "https://hooks.example.com/x")
        page.click("#webhook-form button[type=submit]")
        page.wait_for_selector("#webhook-said.error")
        said = page.inner_text("#webhook-said")
        assert said.startswith("Not saved") and "127.0.0.1" in said, said
        assert _hook(server, me["key"]) == good
        page.fill("#webhook-url", "javascript:alert(1)")
        page.click("#webhook-form button[type=submit]")
        page.wait_for_function("() => document.getElementById('webhook-said').textContent.includes('http')")
        assert _hook(server, me["key"]) == good
        # Shown again on a new visit, then cleared.
        page.reload()
        page.wait_for_selector("#webhook-said:has-text('A message goes')")
        assert page.input_value("#webhook-url") == good
        page.click("#webhook-remove")
        page.wait_for_selector("#webhook-said:has-text('No messages')")
        assert _hook(server, me["key"]) is None
        assert page.evaluate("document.documentElement.scrollWidth") <= 400  # fits a phone
        assert not page.js_errors
    finally:
        context.close()


def test_where_the_operator_allowed_no_host_the_page_says_so_and_offers_no_form(browser, closed_server):
    context, page = _context(browser, viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        _make_player(page, closed_server.url, "Unhooked")
        page.click("#my-page")
        page.wait_for_selector("#webhook-hosts:has-text('no messages')")
        assert "allowed no address" in page.inner_text("#webhook-hosts")
        assert not page.locator("#webhook-form").is_visible()
        assert not page.js_errors
    finally:
        context.close()


def test_the_webhooks_link_opens_the_seat_with_the_kept_key(browser, server):
    context, page = _context(browser)
    stranger_context, stranger = _context(browser)
    try:
        me = _make_player(page, server.url, "Linked")
        table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "seats": ["human", "human"]}).json()
        r = httpx.post(f"{server.url}/api/tables/{table['id']}/join", json={"seat_token": table["seats"][1]["token"]},
                       headers={"Authorization": f"Bearer {me['key']}"})
        assert r.status_code == 200, r.text
        link = f"{server.url}/#table={table['id']}&as=player"  # what the webhook's message links to
        page.goto(link)
        settled(page, seat=1)
        assert page.locator(".player.me[data-seat='1']").count() == 1
        # A browser without that player: it watches, and is told why.
        stranger.goto(link)
        settled(stranger, seat="watch")
        assert "no player" in stranger.inner_text("#toast")
        assert stranger.locator(".player.me").count() == 0
        assert not page.js_errors and not stranger.js_errors
    finally:
        context.close()
        stranger_context.close()
