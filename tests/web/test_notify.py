"""The browser's "your turn" notification (Notification API) against a real `caylus serve`: shown when the turn
comes back while the page is hidden, never while the player is looking at it."""

from __future__ import annotations

from .playing import play_one_move, wait_for_my_move_or_end
from .test_browser import create_in_lobby

# `document.hidden` under the test's control, and every notification the page makes recorded (then made for real).
RECORD = """
window.__hidden = false;
window.__notes = [];
Object.defineProperty(Document.prototype, "hidden", { get() { return window.__hidden; }, configurable: true });
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); super(title, options); }
};
"""


def test_the_turn_coming_back_to_a_hidden_page_notifies_and_a_visible_one_does_not(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(RECORD)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        create_in_lobby(page, server, "caylus", 2, ["you", "random"])
        assert wait_for_my_move_or_end(page) == "move"
        play_one_move(page)
        assert wait_for_my_move_or_end(page) == "move"
        assert page.evaluate("window.__notes") == []  # the page was in view: nothing to tell
        page.evaluate("window.__hidden = true")
        for _ in range(10):  # a decision may follow one of the same seat's at once: no turn came back then
            play_one_move(page)
            assert wait_for_my_move_or_end(page) == "move"
            notes = page.evaluate("window.__notes")
            if notes:
                break
        table = page.url.split("table=")[1].split("&")[0]
        assert len(notes) == 1 and notes[0]["title"] == "Your turn" and table in notes[0]["body"]
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
