"""Playing a table in the browser the way a person does: wait for "Your move", click a highlighted move."""

from __future__ import annotations

import time


def settled(page, at_least: int | None = None, seat: int | str | None = None, timeout=30.0) -> int:
    """Wait until the table's page has wholly drawn the newest state it was sent: its board, players, clocks, log
    and the buildings' words of that version (js/app.js sets `data-settled` on <main> to that version, and
    `data-seat` to the seat it is drawn for, "watch" for a spectator). With `at_least`, a state of that version or
    later; with `seat`, drawn as that seat sees it. Returns the version drawn. Read drawn things after this: a
    list read while it is being drawn again reads empty or half."""
    # The version is read in the same check that found the page settled: read after it, a state arriving in
    # between (a bot's move) may be half drawn, its mark not yet set.
    drawn = page.wait_for_function(
        """([least, seat]) => { const m = document.getElementById('main'), b = document.getElementById('turn-banner');
            const done = Boolean(m && b && m.dataset.settled !== undefined && m.dataset.settled === b.dataset.version
              && (least === null || Number(m.dataset.settled) >= least) && (seat === null || m.dataset.seat === seat));
            return done ? m.dataset.settled : false; }""",
        arg=[at_least, None if seat is None else str(seat)], timeout=timeout * 1000)
    return int(drawn.json_value())


def wait_for_my_move_or_end(page, timeout=60.0, settle=True) -> str:
    """'move' when the seat is to move, 'end' when the game is over (and, with `settle`, that state wholly
    drawn)."""
    page.wait_for_function(
        "() => { const b = document.getElementById('turn-banner');"
        " return b && (b.classList.contains('mine') || b.textContent.includes('over')); }",
        timeout=timeout * 1000)
    if settle:
        settled(page, timeout=timeout)
    return "end" if "over" in page.inner_text("#turn-banner") else "move"


def play_one_move(page, prefer_board=True) -> str:
    """Click one legal move (on the board if one is highlighted there, else in the list; in the dialog when one
    asks), and wait for the next state; returns the move's token."""
    version = page.get_attribute("#turn-banner", "data-version")
    dialog = page.locator("dialog[open] [data-action]")
    board = page.locator("svg.board [data-action]")
    if dialog.count():
        target = dialog.first
    elif prefer_board and board.count():
        target = board.first
    else:
        folded = page.locator(".actions details.board-moves:not([open]) summary")
        if folded.count() and not page.locator(".actions > .moves [data-action]").count():
            folded.first.click()
        target = page.locator(".actions [data-action]").first
    token = target.get_attribute("data-action")
    target.click()
    # The move is sent; the page shows the next state (a new version) before we look again.
    page.wait_for_function(
        "v => document.getElementById('turn-banner').dataset.version !== v", arg=version, timeout=30000)
    return token


def play_to_the_end(page, max_moves=2000) -> int:
    """Play the seat's moves until the game ends; returns how many moves were made."""
    moves = 0
    start = time.monotonic()
    while wait_for_my_move_or_end(page) == "move":
        play_one_move(page)
        moves += 1
        assert moves < max_moves, "the game did not end"
        assert time.monotonic() - start < 600, "the game took too long"
    return moves
