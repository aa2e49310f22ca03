"""The leaderboard page (`#ratings`) in Debian's Chromium against a real `caylus serve`: a game a player finished
rates them and the bot; the page lists both on a phone's width, a name as text (never markup)."""

from __future__ import annotations

import time

import httpx

NAME = "<b>Ann</b> & co"  # markup in a name must show as the characters typed


def play_a_rated_game(url: str) -> None:
    with httpx.Client(base_url=url, timeout=30) as api:
        player = api.post("/api/players", json={"name": NAME}).json()
        table = api.post("/api/tables", json={"edition": "caylus", "seats": ["human", "random"], "seed": 5}).json()
        key = {"Authorization": f"Bearer {player['key']}"}
        r = api.post(f"/api/tables/{table['id']}/join", json={"seat_token": table["seats"][0]["token"]}, headers=key)
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 240
        while True:
            s = api.get(f"/api/tables/{table['id']}", headers=key).json()
            if s["terminal"]:
                return
            if s["legal"]:
                api.post(f"/api/tables/{table['id']}/moves", headers=key,
                         json={"version": s["version"], "action": s["legal"][0]["token"]})
            else:
                time.sleep(0.02)
            assert time.monotonic() < deadline, "the game did not end"


def test_the_leaderboard_lists_a_rated_player_and_bot_on_a_phone(browser, server):
    play_a_rated_game(server.url)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url + "/")
        page.click("#ratings-link")
        page.wait_for_selector("table.leaderboard tbody tr")
        rows = page.locator("table.leaderboard tbody tr .who").all_inner_texts()
        assert sorted(rows) == sorted([NAME, "Bot: random"])
        assert page.locator("table.leaderboard b").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 400  # no sideways scrolling on a phone
        # Another list: nobody rated there yet, said in words; the address keeps the choice.
        page.select_option("#ratings-kind", "multi")
        page.wait_for_selector("#leaderboard p")
        assert "Nobody is rated" in page.inner_text("#leaderboard")
        assert page.url.endswith("#ratings=caylus:multi")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
