"""What a person reads on the browser board, found by playing it: every seat's marker on the favor table, no stray
words beside the moves, a log that says who did what, the road's flags clear of the tables below it, and only the
buttons that can work."""

from __future__ import annotations

import httpx

from .playing import play_one_move, settled, wait_for_my_move_or_end
from .test_browser import create_in_lobby


def test_the_favor_table_shows_every_seats_marker_apart(page, server):
    create_in_lobby(page, server, "caylus", 5, ["you", "random", "random", "random", "random"])
    lines = page.locator("svg.board [data-favor-line]")
    assert lines.count() == 4
    for line in lines.all():
        centres = [(float(c.get_attribute("cx")), float(c.get_attribute("cy")))
                   for c in line.locator(".disc circle").all()]
        assert len(centres) == 5
        apart = all(abs(a[0] - b[0]) >= 10 or abs(a[1] - b[1]) >= 10
                    for i, a in enumerate(centres) for b in centres[i + 1:])
        assert apart, f"two markers on the {line.get_attribute('data-favor-line')} line hide each other: {centres}"
    # The table explains itself like a building does.
    lines.first.hover()
    page.wait_for_function("() => document.getElementById('info').textContent.includes('Favor table')")
    assert "royal favor" in page.inner_text("#info")


def test_a_decision_made_only_on_the_board_shows_no_stray_word(page, server):
    """Caylus 1303's character draft: every move is a character on the board, none is a button."""
    create_in_lobby(page, server, "caylus-1303", 2, ["you", "random"])
    assert wait_for_my_move_or_end(page) == "move"
    assert "choose your character" in page.inner_text("#turn-banner")
    assert page.locator(".actions > .moves").count() == 0
    words = page.inner_text(".actions")
    assert "null" not in words and "undefined" not in words, words


def test_the_log_marks_each_players_moves_and_each_phase(page, server):
    create_in_lobby(page, server, "caylus", 3, ["you", "random", "random"])
    wait_for_my_move_or_end(page)
    play_one_move(page)
    wait_for_my_move_or_end(page)
    entries = page.locator("#log li")
    assert page.locator("#log li.phase-entry").count() >= 2
    marked = page.locator("#log li .chip")
    assert marked.count() >= 3
    # Each player's entry carries that player's letter, and the entries are not numbered (no clipped numbers).
    for entry in entries.all():
        chip = entry.locator(".chip")
        if chip.count():
            name = {"B": "Blue", "R": "Red", "G": "Green"}[chip.inner_text()]
            assert entry.inner_text().removeprefix(chip.inner_text()).strip().startswith(name)
    assert page.eval_on_selector("#log", "e => getComputedStyle(e).listStyleType") == "none"


def test_the_provost_and_bailiff_flags_under_the_last_row_clear_the_favor_table(page, server):
    create_in_lobby(page, server, "caylus", 2, ["you", "random"])
    road_bottom, favor_top = page.evaluate("""() => {
        const space = document.querySelector('svg.board [data-space="28"] rect').getBBox();
        const favors = document.querySelector('svg.board [data-favor-line]').getBBox();
        return [space.y + space.height, favors.y];
    }""")
    # The flags hang under a space: the bailiff's 2-17 below it, the provost's 18-33; the title (13 px) 8 above.
    assert favor_top - 8 - 13 >= road_bottom + 33


def test_hint_and_undo_show_only_where_they_can_work(browser, server):
    table = httpx.post(server.url + "/api/tables", json={
        "edition": "caylus", "players": 2, "options": {}, "seats": ["human", "human"]}).json()
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        friend = context.new_page()
        friend.goto(f"{server.url}/?table={table['id']}&token={table['seats'][0]['token']}")
        friend.wait_for_selector("svg.board")
        assert friend.locator("#hint").is_visible()
        assert not friend.locator("#undo").is_visible()   # undo is only against bots
        watcher = context.new_page()
        watcher.goto(f"{server.url}/?table={table['id']}")
        watcher.wait_for_selector("svg.board")
        assert not watcher.locator("#hint").is_visible() and not watcher.locator("#undo").is_visible()
    finally:
        context.close()


def test_a_table_address_that_is_not_a_table_says_so_in_one_line(page, server):
    page.goto(server.url + "/?table=" + "a%2F..%2F..%2Feditions")
    page.wait_for_selector("main h2")
    assert "cannot be shown" in page.inner_text("main h2")
    said = page.inner_text("main p")
    assert said.count("\n") == 0 and ("no table" in said or "nothing at" in said), said


def test_a_hint_says_why_without_repeating_the_move(page, server):
    create_in_lobby(page, server, "caylus", 2, ["you", "random"])
    wait_for_my_move_or_end(page)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden]) [data-action]", timeout=60000)
    items = page.locator("#hint-box li").all()
    assert items
    for item in items:
        move, why = item.locator("button").inner_text(), item.locator(".why").inner_text()
        assert why and not why.startswith(move), (move, why)


def test_a_player_who_left_finds_their_seat_again_in_the_lobby(browser, page, server):
    url = create_in_lobby(page, server, "caylus", 2, ["you", "normal"])
    table_id = url.split("table=")[1].split("&")[0]
    token = url.split("token=")[1].split("&")[0]
    page.goto(server.url + "/")
    entry = page.locator(f"#open-tables li[data-table='{table_id}']")
    entry.wait_for()
    assert "1 person, 1 normal bot" in entry.inner_text()
    assert f"token={token}" in entry.locator("a.resume").get_attribute("href")
    entry.locator("a.resume").click()
    # Back in the seat, not watching: the page is drawn for seat 0 (a spectator's state never replaces it).
    settled(page, seat=0)
    assert page.locator(".player.me").count() == 1
    # Another browser holds no token for it: it may only watch.
    context = browser.new_context()
    try:
        other = context.new_page()
        other.goto(server.url + "/")
        theirs = other.locator(f"#open-tables li[data-table='{table_id}']")
        theirs.wait_for()
        assert theirs.locator("a.resume").count() == 0 and theirs.locator("a.watch").count() == 1
    finally:
        context.close()


def _play_by_api_until(server, edition, players, wanted, seed=3, limit=3000):
    """A table (you against random bots) played on through the API with random legal moves until `wanted(state)`;
    returns (table id, your token), or fails if the game ends first."""
    import random
    import time

    api = httpx.Client(base_url=server.url, timeout=30)
    spec = {"edition": edition, "players": players, "options": {}, "seats": ["human"] + ["random"] * (players - 1)}
    if edition != "magna-carta":  # where cards are hidden, a table with a person takes no chosen seed
        spec["seed"] = seed
    table = api.post("/api/tables", json=spec).json()
    token = table["seats"][0]["token"]
    rng = random.Random(seed)
    for _ in range(limit):
        s = api.get(f"/api/tables/{table['id']}", params={"token": token, "since": 10**9}).json()
        if wanted(s):
            return table["id"], token
        assert not s["terminal"], "the game ended before the position wanted"
        if not s["legal"]:
            time.sleep(0.05)
            continue
        api.post(f"/api/tables/{table['id']}/moves",
                 json={"token": token, "version": s["version"], "action": rng.choice(s["legal"])["token"]})
    raise AssertionError("the position wanted never came")


def test_the_bridge_shows_who_passed_in_order(page, server):
    for edition, order in (("caylus", "passing_order"), ("magna-carta", "bridge")):
        table, token = _play_by_api_until(server, edition, 3, lambda s, k=order: len(s["view"][k]) >= 2 and s["legal"])
        page.goto(f"{server.url}/?table={table}&token={token}")
        settled(page, seat=0)
        view = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]
        shown = [t.text_content() for t in page.locator("svg.board [data-area=bridge] .disc title").all()]
        assert shown == [view["seats"][p]["name"] for p in view[order]], edition


def test_a_small_production_cards_pool_is_shown_as_cubes(page, server):
    table, token = _play_by_api_until(server, "magna-carta", 2, lambda s: any(c["pool"] for c in s["view"]["road"]))
    page.goto(f"{server.url}/?table={table}&token={token}")
    settled(page, seat=0)
    # The pool's words on the card (the glyph rows' titles aside, which name what the cards trade).
    pools = page.evaluate("""() => [...document.querySelectorAll('svg.board [data-building]:not([data-building=castle]) > text')]
        .map((t) => t.textContent).filter((t) => t.endsWith(' left'))""")
    assert pools and all(t.endswith("cube left") or t.endswith("cubes left") for t in pools), pools


def test_an_undo_that_cannot_be_made_says_why(page, server):
    create_in_lobby(page, server, "caylus", 2, ["you", "random"])
    wait_for_my_move_or_end(page)
    page.click("#undo")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == "Cannot undo: Blue has no decision to take back"


def test_every_road_card_of_magna_carta_explains_itself(page, server):
    # A neutral card is not the player card of the same name (the neutral Peddler sells; a player's Peddler is a
    # card to build), and a player's card says whose it is: hovering each shows that building's own words.
    table, token = _play_by_api_until(server, "magna-carta", 2,
                                      lambda s: any(c["owner"] is not None for c in s["view"]["road"]))
    page.goto(f"{server.url}/?table={table}&token={token}")
    settled(page, seat=0)
    # Where the position reached is your decision with nothing to click on the board, its dialog opens at once and
    # (being modal) covers the board: a person who wants to read the cards first closes it, as here.
    if page.locator("dialog#choice[open]").count():
        page.locator("dialog#choice[open] button.secondary").click()
        page.wait_for_selector("dialog#choice[open]", state="detached")
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    road = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]["road"]
    cards = page.locator("svg.board [data-building]")
    keys = [cards.nth(i).get_attribute("data-building") for i in range(cards.count())]
    for slot in road:
        key = f"neutral_{slot['card']}" if slot["owner"] is None else f"{('blue', 'red')[slot['owner']]}_{slot['card']}"
        assert key in keys and key in notes, key
        page.locator(f"svg.board [data-building='{key}']").first.hover()
        page.wait_for_function("(text) => document.getElementById('info').textContent.includes(text)",
                               arg=notes[key]["text"][:40])
        assert notes[key]["name"] in page.inner_text("#info")

