"""Players in the browser (issue 27): two browser contexts each make a player in the lobby, sit at one turn-based
Caylus 1303 table (one creates it, the other takes the friend's seat with their key), play it to the end; the
player page lists the table with its result and record, the "your turn" link opens the seat with the key (kept in
localStorage, never in an address). Hostile: a wrong key in an other-device link is refused and changes nothing."""

from __future__ import annotations

import time

import httpx

from tests.web.playing import play_one_move

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _context(browser, **kw):
    context = browser.new_context(**kw)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return context, page


def _make_player(page, url, name):
    page.goto(url + "/")
    page.fill("#player-name", name)
    page.click("#new-player button")
    page.wait_for_selector("#player-me")
    assert page.inner_text("#player-me") == name
    kept = page.evaluate("JSON.parse(localStorage.getItem('caylus:player'))")
    assert kept["name"] == name and kept["key"]
    assert kept["key"] not in page.url
    return kept


def _state(page):
    return page.evaluate("() => { const b = document.getElementById('turn-banner');"
                         " return !b ? 'none' : b.classList.contains('mine') ? 'mine'"
                         " : b.textContent.includes('over') ? 'end' : 'wait'; }")


def test_two_players_play_a_turn_based_game_to_the_end_and_their_pages_list_it(browser, server):
    ctx_a, ann = _context(browser, viewport={"width": 1280, "height": 900})
    ctx_b, bo = _context(browser, **PHONE)
    try:
        a = _make_player(ann, server.url, "Ann")
        b = _make_player(bo, server.url, "Bo")
        # Ann makes a turn-based table: her seat and a friend's.
        ann.select_option("#edition", "caylus-1303")
        ann.select_option("#players", "2")
        ann.select_option("select[name=seat0]", "you")
        ann.select_option("select[name=seat1]", "human")
        ann.select_option("#clock", "tb-1")
        ann.click("#create button[type=submit]")
        friend_link = ann.locator("input[aria-label='Link for seat 2']").input_value()
        ann.click("text=Go to my seat")
        ann.wait_for_selector("svg.board")
        assert ann.url.endswith("&as=player") and a["key"] not in ann.url
        table = ann.url.split("#table=")[1].split("&")[0]
        # Bo opens the friend's link and takes the seat with his player.
        bo.goto(friend_link)
        bo.wait_for_selector("#join-seat:not([hidden])")
        assert bo.inner_text("#join-seat") == "Take this seat as Bo"
        bo.click("#join-seat")
        bo.wait_for_function("() => location.hash.endsWith('&as=player')")
        bo.wait_for_selector("svg.board")
        assert bo.locator("#join-seat").is_hidden()

        # Ann sits at a second table too, against a bot, joined by the API with her key: her page lists both.
        second = httpx.post(server.url + "/api/tables", json={"edition": "caylus-1303", "seats": ["human", "random"],
                                                              "clock": {"kind": "turn_based", "per_turn_s": 86400}}).json()
        r = httpx.post(f"{server.url}/api/tables/{second['id']}/join", json={"seat_token": second["seats"][0]["token"]},
                       headers={"Authorization": f"Bearer {a['key']}"})
        assert r.status_code == 200, r.text

        # Whoever is to move finds the table first in their "your turn" list; its link opens the seat.
        for page, me in ((ann, a), (bo, b)):
            page.goto(f"{server.url}/#player={me['id']}")
            page.wait_for_selector("#player-title")
        mover = next(p for p in (ann, bo) if p.locator(f"#your-turns li[data-table='{table}']").count())
        other = bo if mover is ann else ann
        assert other.locator(f"#your-turns li[data-table='{table}']").count() == 0
        assert "to move" in other.inner_text(f"#open li[data-table='{table}'] .whose")
        assert ann.locator(f"#open li[data-table='{second['id']}']").count() == 1
        assert "Ann, random" in ann.inner_text(f"#open li[data-table='{second['id']}']")
        mover.click(f"#your-turns li[data-table='{table}'] a.play")
        mover.wait_for_selector("#turn-banner.mine")
        other.click(f"#open li[data-table='{table}'] a")
        other.wait_for_selector("svg.board")

        # Both play to the end, each in their own browser.
        moves, start = 0, time.monotonic()
        while True:
            states = {p: _state(p) for p in (ann, bo)}
            if all(s == "end" for s in states.values()):
                break
            turn = next((p for p, s in states.items() if s == "mine"), None)
            if turn is None:
                time.sleep(0.05)
            else:
                play_one_move(turn)
                moves += 1
            assert time.monotonic() - start < 540, f"the game did not end ({moves} moves)"
        assert moves > 20

        # The players' pages list the finished game, its result and its record; the ratings once rated.
        for page, me in ((ann, a), (bo, b)):
            page.goto(f"{server.url}/#player={me['id']}")
            page.wait_for_selector(f"#finished li[data-table='{table}']")
            entry = page.locator(f"#finished li[data-table='{table}']")
            assert entry.locator(".result").inner_text().startswith(("Won", "Lost"))
            assert entry.locator("a.record").get_attribute("href") == f"/api/tables/{table}/record"
            assert page.locator("#player-ratings li").count() == 1
            assert page.locator(f"#open li[data-table='{table}']").count() == 0
        assert ann.locator(f"#open li[data-table='{second['id']}']").count() == 1  # still in play
        assert bo.evaluate("document.documentElement.scrollWidth") <= 400  # readable on a phone
        results = {p.locator(f"#finished li[data-table='{table}'] .result").inner_text()[:3] for p in (ann, bo)}
        assert results in ({"Won", "Los"}, {"Won"})
    finally:
        errors = ann.js_errors + bo.js_errors
        ctx_a.close()
        ctx_b.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_the_other_device_link_moves_the_key_into_storage_and_out_of_the_address(browser, server):
    ctx_a, ann = _context(browser)
    ctx_b, other = _context(browser, **PHONE)
    try:
        a = _make_player(ann, server.url, "Cy")
        link = ann.locator("#device-link").input_value()
        assert link == f"{server.url}/#player={a['id']}&key={a['key']}"
        other.goto(link)
        other.wait_for_selector("#player-title")
        assert other.inner_text("#player-title") == "Cy"
        assert a["key"] not in other.url and other.url.endswith(f"#player={a['id']}")
        assert other.evaluate("JSON.parse(localStorage.getItem('caylus:player'))") == a
        assert other.locator("#your-turns").count() == 1  # their own page: the turn list, by the key
    finally:
        errors = ann.js_errors + other.js_errors
        ctx_a.close()
        ctx_b.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_wrong_key_is_refused_clearly_and_changes_nothing(browser, server):
    ctx, page = _context(browser)
    try:
        kept = _make_player(page, server.url, "Dee")
        wrong = "w" * 43
        page.goto(f"{server.url}/#player={kept['id']}&key={wrong}")
        page.wait_for_selector("#player-problem")
        assert "was not accepted" in page.inner_text("#player-problem")
        assert wrong not in page.url  # taken out of the address bar all the same
        assert page.evaluate("JSON.parse(localStorage.getItem('caylus:player'))") == kept  # the kept player stays
        # In a browser with no player, a wrong key keeps none either; the page says why.
        page.evaluate("localStorage.clear()")
        page.goto(f"{server.url}/#player={kept['id']}&key={wrong}")
        page.wait_for_selector("#player-problem")
        assert page.evaluate("localStorage.getItem('caylus:player')") is None
        assert page.locator("#your-turns").count() == 0
        # A seat link "as the player" with no player here: a clear error, no seat opened.
        page.goto(f"{server.url}/#table=nosuch&as=player")
        page.wait_for_selector("text=this browser has no player")
    finally:
        errors = page.js_errors
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
