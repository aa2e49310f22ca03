"""The clocks on the browser board: one small clock per seat, the seat to move's ticking."""

from __future__ import annotations

import httpx


def test_the_board_shows_the_clocks_and_the_running_one_ticks(page, server):
    table = httpx.post(server.url + "/api/tables", json={
        "edition": "caylus", "seats": ["human", "human"],
        "clock": {"kind": "realtime", "initial_s": 600, "increment_s": 10}}).json()
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("svg.board")
    page.wait_for_selector("#clocks .clock.running")
    clocks = page.locator("#clocks .clock")
    assert clocks.count() == 2
    to_move = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["current_player"]
    running = page.locator("#clocks .clock.running")
    assert running.get_attribute("data-seat") == str(to_move)
    first = running.locator(".left").inner_text()
    assert first.startswith(("10:00", "9:5"))
    page.wait_for_function("(t) => document.querySelector('#clocks .clock.running .left').textContent !== t", arg=first,
                           timeout=5000)
    assert page.locator(f"#clocks .clock[data-seat='{1 - to_move}'] .left").inner_text() == "10:00"  # it stands


def test_a_table_without_a_clock_shows_none(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "seats": ["human", "random"]}).json()
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("svg.board")
    assert not page.locator("#clocks").is_visible()
