"""Playing a table in the browser the way a person does: wait for "Your move", click a highlighted move."""

from __future__ import annotations

import time


def wait_for_my_move_or_end(page, timeout=60.0) -> str:
    """'move' when the seat is to move, 'end' when the game is over."""
    page.wait_for_function(
        "() => { const b = document.getElementById('turn-banner');"
        " return b && (b.classList.contains('mine') || b.textContent.includes('over')); }",
        timeout=timeout * 1000)
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
