"""The replay page in Debian's Chromium: a record file or a finished table seen again move by move (buttons and
keys), each position the record's own (the page draws what the engine replays), and "Play on from here" starts a
table at that position with the seats chosen (in Magna Carta, with a person, from cards dealt again)."""

from __future__ import annotations

import json
import time

import httpx
import pytest

import caylus
from caylus.core.record import load_record

from tests.server.test_replay import finished_record

from .playing import wait_for_my_move_or_end


@pytest.fixture(scope="module")
def records():
    return {e: finished_record(e, seed=4) for e in ("caylus", "caylus-1303", "magna-carta")}


def _open_file(page, server, tmp_path, text):
    path = tmp_path / "game.txt"
    path.write_text(text)
    page.goto(f"{server.url}/#replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector(".board-box[data-step='0'] svg.board")


def _step_to(page, key_or_button, step):
    """Press a key or click a button and wait for the board of `step`; the server's answer drawn."""
    with page.expect_response(lambda r: r.url.endswith("/api/replay")) as answer:
        if key_or_button.startswith("#"):
            page.click(key_or_button)
        else:
            page.keyboard.press(key_or_button)
    page.wait_for_selector(f".board-box[data-step='{step}'] svg.board")
    return answer.value.json()


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_each_step_of_an_opened_record_is_the_records_position(page, server, tmp_path, records, edition):
    text = records[edition]
    steps = len(load_record(text).history)
    _open_file(page, server, tmp_path, text)
    assert page.inner_text("#replay-step") == f"Move 0 of {steps}"
    assert page.is_disabled("#back") and not page.is_disabled("#forward")
    seen = [_step_to(page, "ArrowRight", 1), _step_to(page, "#forward", 2), _step_to(page, "ArrowRight", 3),
            _step_to(page, "#back", 2), _step_to(page, "End", steps), _step_to(page, "ArrowLeft", steps - 1),
            _step_to(page, "Home", 0)]
    for state, step in zip(seen, (1, 2, 3, 2, steps, steps - 1, 0)):
        assert state["step"] == step
        assert state["view"] == json.loads(json.dumps(load_record(text, stop_at=step).public_view()))
    # The next move in words is the record's; the players' panel is that position's.
    state = seen[-1]
    assert state["next"]["text"] in page.inner_text("#next-move")
    first = load_record(text, stop_at=0)
    assert page.locator(".players .player").count() == first.num_players
    assert page.inner_text("#replay-step") == f"Move 0 of {steps}"


def test_a_finished_table_opens_at_its_end_and_steps_back(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "players": 2, "seed": 3,
                                                         "seats": ["random", "random"]}).json()
    deadline = time.time() + 120
    while not httpx.get(f"{server.url}/api/tables/{table['id']}").json()["terminal"]:
        assert time.time() < deadline, "the bots' game did not end"
        time.sleep(0.5)
    record = httpx.get(f"{server.url}/api/tables/{table['id']}/record").text
    steps = len(load_record(record).history)
    page.goto(f"{server.url}/#replay={table['id']}")
    page.wait_for_selector(f".board-box[data-step='{steps}'] svg.board")
    assert page.is_visible("#end") and "wins" in page.inner_text("#end")
    state = _step_to(page, "#first", 0)
    assert state["view"] == json.loads(json.dumps(load_record(record, stop_at=0).public_view()))
    assert page.is_hidden("#end")


def test_the_end_of_a_game_links_to_its_replay(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "players": 2, "seed": 8,
                                                         "seats": ["random", "random"]}).json()
    deadline = time.time() + 120
    while not httpx.get(f"{server.url}/api/tables/{table['id']}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.5)
    page.goto(f"{server.url}/#table={table['id']}")
    page.click("#see-again")
    page.wait_for_selector(".replay .board-box[data-step] svg.board")


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303"])
def test_play_on_from_here_starts_a_table_at_that_position(page, server, tmp_path, records, edition):
    text = records[edition]
    _open_file(page, server, tmp_path, text)
    page.locator("#step-slider").fill("30")
    page.wait_for_selector(".board-box[data-step='30'] svg.board")
    page.select_option("select[name=seat0]", "you")
    page.select_option("select[name=seat1]", "easy")
    page.select_option("select[name=seat2]", "normal")
    page.click("#play-on-button")
    page.wait_for_url("**#table=*&token=*")
    page.wait_for_selector("#turn-banner")
    table_id = page.url.split("#table=")[1].split("&")[0]
    start = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert [s["kind"] for s in start["seats"]] == ["human", "easy", "normal"]
    assert start["version"] >= 30  # the bots may have moved on since
    # The new table's own record begins with the 30 moves on show, from the same setup.
    played = httpx.get(f"{server.url}/api/tables/{table_id}/record").text
    ours, theirs = load_record(played), load_record(text)
    assert ours.seed == theirs.seed and ours.options == theirs.options
    assert [a.token for a in ours.history[:30]] == [a.token for a in theirs.history[:30]]
    wait_for_my_move_or_end(page)


def test_magna_carta_plays_on_with_a_person_from_cards_dealt_again(page, server, tmp_path, records):
    text = records["magna-carta"]
    _open_file(page, server, tmp_path, text)
    page.locator("#step-slider").fill("20")
    page.wait_for_selector(".board-box[data-step='20'] svg.board")
    assert "dealt again" in page.inner_text("#redeal-note")
    page.select_option("select[name=seat0]", "you")
    page.select_option("select[name=seat1]", "easy")
    page.select_option("select[name=seat2]", "easy")
    page.click("#play-on-button")
    page.wait_for_url("**#table=*&token=*")
    page.wait_for_selector("#turn-banner")
    table_id, token = page.url.split("#table=")[1].split("&token=")
    start = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert [s["kind"] for s in start["seats"]] == ["human", "easy", "easy"]
    at = load_record(text, stop_at=20)
    if start["version"] == 0:  # the bots have not moved yet: the public table is the record's
        assert start["view"] == json.loads(json.dumps(at.public_view()))
    mine = httpx.get(f"{server.url}/api/tables/{table_id}",
                     headers={"Authorization": f"Bearer {token}"}).json()["view"]["seats"][0]
    assert mine["hand"] is not None and mine["hand_size"] == len(mine["hand"])
    wait_for_my_move_or_end(page)


def test_a_file_that_is_no_record_is_refused_in_words(page, server, tmp_path):
    path = tmp_path / "junk.txt"
    path.write_text("hello\n")
    page.goto(f"{server.url}/#replay")
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#toast:not([hidden])")
    assert "does not replay" in page.inner_text("#toast")
    assert page.is_visible("#record-file")
