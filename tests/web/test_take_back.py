"""A seat a bot took, taken back in the browser: the players' list says which bot plays it since which decision
and why, and the seat's page offers "Play my seat again" where the server allows it (docs/server.md, "Seats that
never stall")."""

from __future__ import annotations

import httpx

from .playing import settled


def test_a_person_takes_their_seat_back_from_the_bot(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "seats": ["human", "human"],
                                                         "takeover": "random", "take_back": True}).json()
    a = table["seats"][0]["token"]
    r = httpx.post(f"{server.url}/api/tables/{table['id']}/resign", headers={"Authorization": f"Bearer {a}"})
    assert r.status_code == 200, r.text
    page.goto(table["seats"][0]["link"])
    settled(page, seat=0)
    assert page.locator("#take-back").is_visible()
    assert "bot: random since decision 0 (resigned)" in page.inner_text(".player[data-seat='0']")
    page.click("#take-back")
    page.wait_for_selector("#take-back", state="hidden")
    settled(page, seat=0)
    assert "bot:" not in page.inner_text(".player[data-seat='0']")
    seat = httpx.get(f"{server.url}/api/tables/{table['id']}").json()["seats"][0]
    assert seat["kind"] == "human" and seat["taken_over"] is None


def test_no_take_back_button_where_the_table_refuses_it_nor_for_a_watcher(browser, page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "seats": ["human", "human"]}).json()
    a = table["seats"][0]["token"]
    httpx.post(f"{server.url}/api/tables/{table['id']}/resign", headers={"Authorization": f"Bearer {a}"})
    page.goto(table["seats"][0]["link"])
    settled(page, seat=0)
    assert not page.locator("#take-back").is_visible()  # made without take_back: the bot keeps the seat
    assert "(resigned)" in page.inner_text(".player[data-seat='0']")
    context = browser.new_context()
    try:
        watcher = context.new_page()
        watcher.goto(f"{server.url}/#table={table['id']}")
        settled(watcher, seat="watch")
        assert not watcher.locator("#take-back").is_visible()
    finally:
        context.close()
