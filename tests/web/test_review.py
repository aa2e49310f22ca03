"""The review page in Debian's Chromium (issue 29): a finished table's review, made by the server, drawn as the
margin chart, the summary and every move with its label; a point of the chart shows the board at that moment,
the move played and the reviewer's alternatives."""

from __future__ import annotations

import time

import httpx
import pytest

from caylus.agents.review import review_record
from caylus.core.record import load_record


def _finished_table(server, edition="caylus-1303", seed=3) -> str:
    table = httpx.post(server.url + "/api/tables", json={"edition": edition, "players": 2, "seed": seed,
                                                         "seats": ["random", "random"]}).json()
    deadline = time.time() + 120
    while not httpx.get(f"{server.url}/api/tables/{table['id']}").json()["terminal"]:
        assert time.time() < deadline, "the bots' game did not end"
        time.sleep(0.5)
    return table["id"]


@pytest.mark.parametrize("edition", ["caylus-1303", "magna-carta"])
def test_the_review_page_charts_the_game_and_its_points_open_positions(page, server, tmp_path, edition):
    table = _finished_table(server, edition)
    record = httpx.get(f"{server.url}/api/tables/{table}/record").text
    expected = review_record(record, level="normal").details()
    page.goto(f"{server.url}/#table={table}")
    page.wait_for_selector("#review-game")  # the finished table links to its review
    page.click("#review-game")
    page.wait_for_selector("#review-moves li", timeout=180_000)
    decisions = expected["decisions"]
    assert page.locator("#review-moves li").count() == len(decisions)
    assert page.locator("#review-chart circle.point").count() == len(decisions)
    assert page.locator("#review-summary tbody tr").count() == 2
    # The legend names the bands the server labelled by.
    assert "best < 0.1, good < 0.5, inaccuracy < 1, mistake < 3, blunder beyond" in page.inner_text("#review-status")
    # Each move's label beside it, as the server's review has it.
    labels = page.eval_on_selector_all("#review-moves li", "items => items.map(li => li.className)")
    assert [c.split()[1] for c in labels] == [d["label"] for d in decisions]
    # A point of the chart: the board of that moment, the move played and the reviewer's alternatives.
    chosen = decisions[len(decisions) // 2]
    with page.expect_response(lambda r: r.url.endswith("/api/replay")):
        page.click(f"#review-chart circle.point[data-index='{chosen['index']}']")
    page.wait_for_selector(f".board-box[data-step='{chosen['index']}'] svg.board")
    assert chosen["played"] in page.inner_text("#review-played")
    assert chosen["reason"] in page.inner_text("#review-reason")
    assert page.locator("#review-alternatives li").count() == len(chosen["alternatives"])
    assert page.locator(f"#review-moves li.selected[data-index='{chosen['index']}']").count() == 1
    page.screenshot(path=str(tmp_path / "review.png"), full_page=True)
    # The replay of the table shows the reviewed move's label beside the next move.
    first_reviewed = decisions[0]
    page.goto(f"{server.url}/#replay={table}")
    page.wait_for_selector(f".board-box[data-step='{_steps(record)}'] svg.board")
    page.click("#first")
    page.wait_for_selector(".board-box[data-step='0'] svg.board")
    for step in range(first_reviewed["index"]):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".board-box[data-step='{step + 1}'] svg.board")
    assert first_reviewed["label"] in page.inner_text("#next-review")
    page.goto(f"{server.url}/#review={table}")
    page.wait_for_selector("#review-moves li")
    # A turning point of the summary opens its decision too.
    if page.locator(".turning-point").count():
        first = page.locator(".turning-point").first
        index = int(first.inner_text().split()[1])
        first.click()
        page.wait_for_selector(f".board-box[data-step='{index}'] svg.board")


def _steps(record: str) -> int:
    return len(load_record(record).history)


def test_a_table_still_playing_has_no_review(page, server):
    table = httpx.post(server.url + "/api/tables", json={"edition": "caylus", "players": 2, "seed": 3,
                                                         "seats": ["human", "random"]}).json()
    page.goto(f"{server.url}/#review={table['id']}")
    page.wait_for_selector("#review-status")
    page.wait_for_function("document.querySelector('#review-status').textContent.includes('once it is over')")
    assert page.locator("#review-moves li").count() == 0
