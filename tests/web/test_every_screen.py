"""The board on every screen, with words that follow the game: a phone sees the whole board without scrolling
sideways, a tablet and a desktop too; what hovering a building says is the server's word for the state on show
(not the state when the page opened); Magna Carta's words and links as a player reads them."""

from __future__ import annotations

import httpx
import pytest

from .playing import play_one_move, wait_for_my_move_or_end

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1400, 900)}


def _table(server, edition, players, seed=5, kinds=None):
    spec = {"edition": edition, "players": players, "options": {},
            "seats": kinds or ["human"] + ["random"] * (players - 1)}
    if edition != "magna-carta":  # a person's Magna Carta table deals from a seed nobody chose
        spec["seed"] = seed
    table = httpx.post(server.url + "/api/tables", json=spec).json()
    return table["id"], table["seats"][0]["token"]


def _settled(page):
    """Wait for the seat's move and for the buildings' words asked for the state on show."""
    assert wait_for_my_move_or_end(page) == "move"  # which waits until the state is wholly drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_the_whole_board_fits_the_screen(browser, server, edition, size):
    width, height = SIZES[size]
    table, token = _table(server, edition, 3)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=size != "desktop",
                                  has_touch=size != "desktop")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?table={table}&token={token}")
        _settled(page)
        scroll, client = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert scroll <= client, f"the page scrolls sideways: {scroll} px in {client}"
        left, right = page.evaluate("() => { const b = document.querySelector('svg.board').getBoundingClientRect();"
                                    " return [b.left, b.right]; }")
        assert left >= 0 and right <= width
        # Every road space or card is inside the board's box, so inside the screen.
        right = page.evaluate("""() => Math.max(...[...document.querySelectorAll('svg.board [data-space], svg.board [data-building]')]
            .map((n) => n.getBoundingClientRect().right))""")
        assert right <= width
        # The banner stays short on a phone; the question is asked above the moves.
        banner = page.evaluate("() => document.getElementById('turn-banner').getBoundingClientRect().height")
        if size == "phone":
            assert banner <= 60, banner
            assert page.locator(".actions .decision-text").is_visible()
        else:
            assert not page.locator(".actions .decision-text").is_visible()
    finally:
        context.close()


def test_what_a_building_says_follows_the_game(page, server):
    """The repro of issue 26: reload in turn 2, play on into turn 3, hover the castle and the neutral quarry."""
    table, token = _table(server, "caylus", 3, seed=2)
    page.goto(f"{server.url}/?table={table}&token={token}")
    turn = lambda: httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]["turn"]
    while turn() < 2:
        wait_for_my_move_or_end(page)
        play_one_move(page)
    page.reload()
    while turn() < 3:
        wait_for_my_move_or_end(page)
        play_one_move(page)
    for _ in range(3):
        wait_for_my_move_or_end(page)
        play_one_move(page)
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    for building in ("castle", "neutral_quarry", "inn"):
        page.locator(f"svg.board [data-building='{building}']").first.hover()
        info = page.inner_text("#info")
        assert notes[building]["where"] in info, (building, notes[building]["where"], info)
    # Every building on the road says whose it is and who stands on it now.
    view = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]
    built = [s["tile"] for s in view["road"] if s["tile"]]
    for tile in built:
        page.locator(f"svg.board [data-space] [data-building='{tile}'], svg.board [data-space][data-building='{tile}']").first.hover()
        info = page.inner_text("#info")
        assert notes[tile]["name"] in info and notes[tile]["where"] in info, (tile, notes[tile], info)


def test_a_building_built_since_the_page_opened_explains_itself(page, server):
    table, token = _table(server, "caylus", 2, seed=4)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    road = lambda: httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]["road"]
    first = {s["space"] for s in road() if s["tile"] and s["owner"] is not None}
    for _ in range(400):
        if {s["space"] for s in road() if s["tile"] and s["owner"] is not None} - first:
            break
        wait_for_my_move_or_end(page)
        play_one_move(page)
    else:
        pytest.fail("no one built in 400 moves")
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    new = [s for s in road() if s["tile"] and s["owner"] is not None and s["space"] not in first]
    for slot in new:
        page.locator(f"svg.board [data-space='{slot['space']}']").hover()
        info = page.inner_text("#info")
        assert notes[slot["tile"]]["text"] in info and notes[slot["tile"]]["owner"] in info, info


def test_magna_carta_reads_as_a_player_reads(page, server):
    table, token = _table(server, "magna-carta", 2)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    # The record deals the hidden cards: not offered before the end (it would be refused).
    assert page.locator("a[download]").count() == 0
    facts = page.inner_text(".players")
    for wrong in ("1 deniers", "1 workers", "1 cards in hand"):
        assert wrong not in facts
    # The bridge's heading stands clear of the road: no road card under it.
    title = page.evaluate("""() => { const t = [...document.querySelectorAll('svg.board text')]
        .find((n) => n.textContent.startsWith('The bridge')).getBBox(); return [t.y, t.y + t.height]; }""")
    cards = page.evaluate("""() => [...document.querySelectorAll('svg.board [data-building] > rect')]
        .map((r) => { const b = r.getBBox(); return [b.y, b.y + b.height]; })""")
    assert all(bottom <= title[0] or top >= title[1] for top, bottom in cards), (title, cards)


def test_caylus_names_the_special_buildings_in_the_games_words(page, server):
    table, token = _table(server, "caylus", 2)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    words = page.evaluate("""() => [...document.querySelectorAll("svg.board [data-building='merchants_guild'] > text tspan")]
        .map((t) => t.textContent).join(' ')""")
    assert words == "Merchants' guild"
    assert page.locator("a#record").count() == 1   # nothing hidden in Caylus: the record any time


def _glyph_titles(page, selector):
    """The words of each glyph row inside each element `selector` finds: {element key: [row words]}."""
    return page.evaluate("""(sel) => Object.fromEntries([...document.querySelectorAll(sel)].map((n, i) => [
        n.getAttribute('data-space') || n.getAttribute('data-building') + ':' + i,
        [...n.querySelectorAll('.glyphs > title')].map((t) => t.textContent)]))""", selector)


def _words(glyphs):
    """The glyphs' words as the page writes them (svg.js glyphWords)."""
    names = {"cube": "cube (not gold)", "any": "cube of any kind", "favor": "royal favor",
             "income": "denier of income a turn", "token": "castle token", "provost": "steps of the provost",
             "place": "free space of the road, anywhere", "order": "first place in the next turn order"}
    out = []
    for what, n in glyphs:
        out.append("→" if what == "to" else "or" if what == "or" else f"build a {n} building" if what == "build"
                   else f"{n} {names.get(what, what)}")
    return " ".join(out)


def test_every_caylus_tile_shows_what_it_costs_and_gives_inside_it(page, server):
    table, token = _table(server, "caylus", 3, seed=8)
    page.goto(f"{server.url}/?table={table}&token={token}")
    for _ in range(12):   # some buildings on the road
        wait_for_my_move_or_end(page)
        play_one_move(page)
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    view = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]
    road = _glyph_titles(page, "svg.board [data-space]")
    for space in view["road"]:
        if space["tile"]:
            gl = notes[space["tile"]]["glyphs"]
            assert _words(gl["gives"]) in road[str(space["space"])] or not gl["gives"], (space, road[str(space["space"])])
            if gl["cost"]:
                assert any(row.startswith(_words(gl["cost"])) for row in road[str(space["space"])])
    stock = _glyph_titles(page, "svg.board [data-building]:not([data-space]):not([data-favor-line])")
    for tile in view["stock"]:
        rows = next(v for k, v in stock.items() if k.startswith(tile + ":"))
        gl = notes[tile]["glyphs"]
        assert rows[0] == _words([*gl["cost"], ["to", 0], *gl["built"]]), (tile, rows)
        assert not gl["gives"] or rows[1] == _words(gl["gives"])
    # The favor table: every cell shows what it gives (the buildings line's first column gives nothing).
    lines = _glyph_titles(page, "svg.board [data-favor-line]")
    assert len(lines) == 4 and sum(len(rows) for rows in lines.values()) == 19, lines
    assert any(rows[0] == "3 denier" for rows in lines.values()) and any("1 gold" in rows for rows in lines.values())


def test_magna_carta_cards_show_what_they_cost_and_give(page, server):
    table, token = _table(server, "magna-carta", 2)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    state = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()
    view = state["view"]
    shown = _glyph_titles(page, "svg.board [data-building]")
    for slot in view["road"]:
        key = f"neutral_{slot['card']}" if slot["owner"] is None else f"{('blue', 'red')[slot['owner']]}_{slot['card']}"
        rows = [rows for k, rows in shown.items() if k.startswith(key + ":")][0]
        assert _words(notes[key]["glyphs"]["gives"]) in rows, (key, rows)
    for card in view["seats"][view["viewer"]]["hand"]:
        rows = [rows for k, rows in shown.items() if k.startswith(card + ":")][0]
        gl = notes[card]["glyphs"]
        assert rows[:2] == [_words([*gl["cost"], ["to", 0], *gl["built"]]), _words(gl["gives"])], (card, rows)
    for b in view["prestige_available"]:
        rows = [rows for k, rows in shown.items() if k.startswith(b + ":")][0]
        assert rows and rows[0].startswith(_words(notes[b]["glyphs"]["cost"]))


def test_caylus_1303_buildings_show_the_side_on_show(page, server):
    table, token = _table(server, "caylus-1303", 3, seed=4)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    view = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()["view"]
    shown = _glyph_titles(page, "svg.board [data-building]")
    for slot in view["road"]:
        if slot["building"] and slot["side"] in ("setup", "construction"):
            gl = notes[slot["building"]]["glyphs"]
            rows = [rows for k, rows in shown.items() if k.startswith(slot["building"] + ":")][0]
            assert _words(gl["setup" if slot["side"] == "setup" else "gives"]) in rows, (slot, rows)
    for b in view["supply"]:
        rows = [rows for k, rows in shown.items() if k.startswith(b + ":")][0]
        gl = notes[b]["glyphs"]
        assert rows[0] == _words([*gl["cost"], ["to", 0], *gl["built"]]), (b, rows)


def test_the_special_buildings_and_the_castle_show_what_they_do(page, server):
    table, token = _table(server, "caylus", 3, seed=8)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    shown = _glyph_titles(page, "svg.board [data-building]")
    for name in ("gate", "trading_post", "merchants_guild", "joust_field", "stables", "inn"):
        gives = notes[name]["glyphs"]["gives"]
        assert gives, f"{name} has no glyphs"
        assert shown[f"{name}:" + next(k.split(":")[1] for k in shown if k.startswith(name + ":"))] == [_words(gives)]
    castle = [rows for k, rows in shown.items() if k.startswith("castle:")][0]
    sections = notes["castle"]["glyphs"]["sections"]
    assert castle == [_words(sections[s]) for s in ("dungeon", "walls", "towers")]
    assert [g[-1] for g in sections.values()] == [["prestige", 5], ["prestige", 4], ["prestige", 3]]  # rules p6


def test_caylus_1303_characters_show_their_gains(page, server):
    table, token = _table(server, "caylus-1303", 3, seed=4)
    page.goto(f"{server.url}/?table={table}&token={token}")
    page.wait_for_selector("svg.board [data-building='goldsmith'] .glyphs > title", state="attached")
    notes = httpx.get(f"{server.url}/api/tables/{table}/buildings", params={"token": token}).json()
    shown = _glyph_titles(page, "svg.board [data-building]")
    for c in ("early_riser", "steward", "bailiff", "architect", "foreman", "chamberlain", "goldsmith", "day_laborer"):
        rows = [rows for k, rows in shown.items() if k.startswith(c + ":")][0]
        assert rows == [_words(notes[c]["glyphs"]["gives"])] and rows[0], c
    assert "5 prestige" in [rows for k, rows in shown.items() if k.startswith("goldsmith:")][0][0]


def test_what_the_others_did_since_your_last_move_is_outlined_on_the_board(page, server):
    table, token = _table(server, "caylus", 3, seed=9)
    page.goto(f"{server.url}/?table={table}&token={token}")
    for _ in range(3):
        wait_for_my_move_or_end(page)
        play_one_move(page)
    _settled(page)
    state = httpx.get(f"{server.url}/api/tables/{table}", params={"token": token}).json()
    log, me = state["log"], state["seat"]
    mine = max(i for i, e in enumerate(log) if e["player"] == me and e["kind"] not in ("phase", "income"))
    named = {e["building"] for e in log[mine + 1:] if e["player"] != me and isinstance(e.get("building"), str)}
    outlined = set(page.evaluate("() => [...document.querySelectorAll('svg.board .recent')]"
                                 ".map((n) => n.getAttribute('data-building')).filter(Boolean)"))
    assert named, "the bots did nothing since Blue's move"
    assert named <= outlined, (named, outlined)
    spaces = {e["space"] for e in log[mine + 1:] if e["player"] != me and isinstance(e.get("space"), int)}
    assert outlined <= named | {s["tile"] for s in state["view"]["road"] if s["space"] in spaces}


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_a_phone_zooms_the_board_to_read_it_and_back(browser, server, edition):
    table, token = _table(server, edition, 3)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?table={table}&token={token}")
        _settled(page)
        # The size the smallest building name is drawn at, in screen pixels: its font size in the board's units
        # times the board's scale. (A text's box would measure the moves, not the zoom: a bot's move brings a name
        # wrapped on two lines, or a worker's letter, larger than any name before it.)
        name_px = """() => {
            const board = document.querySelector('svg.board');
            const scale = board.getBoundingClientRect().width / board.viewBox.baseVal.width;
            const names = [...board.querySelectorAll('[data-building] text[font-weight="600"]')];
            return scale * Math.min(...names.map((t) => Number(t.getAttribute('font-size'))));
        }"""
        fitted = page.evaluate(name_px)
        assert page.is_visible("#zoom-board")
        page.click("#zoom-board")
        zoomed = page.evaluate(name_px)
        assert zoomed >= 2 * fitted and zoomed >= 12, (fitted, zoomed)  # 12 px: the smallest text a phone should show
        scroll, client = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert scroll <= client, "the page itself must not scroll sideways"
        box = page.evaluate("() => { const b = document.querySelector('.board-box'); return [b.scrollWidth, b.clientWidth]; }")
        assert box[0] > 2 * box[1], "the zoomed board pans inside its box"
        play_one_move(page)  # a redraw keeps the zoom
        assert page.evaluate(name_px) >= 2 * fitted
        page.click("#zoom-board")
        assert page.evaluate(name_px) == pytest.approx(fitted, rel=0.05)
    finally:
        context.close()


def test_a_desktop_has_no_zoom_button(page, server):
    table, token = _table(server, "caylus", 3)
    page.goto(f"{server.url}/?table={table}&token={token}")
    _settled(page)
    assert not page.is_visible("#zoom-board")
