"""The clocks on the browser board (one small clock per seat, the seat to move's ticking) and the rematch button."""

from __future__ import annotations

import time

import httpx

from .playing import settled


def test_the_board_shows_the_clocks_and_the_running_one_ticks(page, server):
    table = httpx.post(server.url + "/api/tables", json={
        "edition": "caylus", "seats": ["human", "human"],
        "clock": {"kind": "realtime", "initial_s": 600, "increment_s": 10}}).json()
    page.goto(table["seats"][0]["link"])
    settled(page, at_least=0, seat=0)
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
    settled(page, seat=0)
    assert not page.locator("#clocks").is_visible()


def test_one_click_after_the_end_starts_the_rematch_at_the_rotated_seat(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "seats": ["human", "random"]}).json()
    token = table["seats"][0]["token"]
    seat = httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {token}"})
    while True:  # the person plays their first legal move each time, by the API, to the end
        s = seat.get(f"/api/tables/{table['id']}").json()
        if s["terminal"]:
            break
        if s["legal"]:
            r = seat.post(f"/api/tables/{table['id']}/moves",
                          json={"version": s["version"], "action": s["legal"][0]["token"]})
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After", "1")))
        else:
            time.sleep(0.02)
    page.goto(table["seats"][0]["link"])
    page.wait_for_selector("#end #rematch")
    page.click("#rematch")
    page.wait_for_function(f"() => location.hash.includes('table=') && !location.hash.includes({table['id']!r})")
    page.wait_for_selector("svg.board")
    new_id = seat.get(f"/api/tables/{table['id']}").json()["rematch"]
    assert new_id and new_id in page.url
    assert seat.get(f"/api/tables/{new_id}").json()["seat"] == 1  # seat 0 sits at seat 1 now


def test_the_lobby_form_makes_a_table_with_a_clock(page, server):
    page.goto(server.url + "/")
    page.select_option("#edition", "caylus")
    page.select_option("#players", "2")
    page.select_option("select[name=seat0]", "you")
    page.select_option("select[name=seat1]", "random")
    page.select_option("#clock", "rt-20")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#clocks .clock")
    settled(page, seat=0)
    table_id = page.url.split("table=")[1].split("&")[0]
    clocks = httpx.get(f"{server.url}/api/tables/{table_id}").json()["clocks"]
    assert clocks["kind"] == "realtime" and clocks["initial_s"] == 1200 and clocks["increment_s"] == 20
    assert page.locator("#clocks .clock").count() == 2
