"""The review of a finished table (issue 29): computed in its own process, kept per (table, level), one at a time
per table and as many at once as the limit allows (429 past it), only once the game is over."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from caylus.agents.review import review_record

from .conftest import FAST, make_app, new_table, state


def finished_table(client, edition="caylus-1303", seed=2) -> str:
    t = new_table(client, edition=edition, seats=["random", "random"], seed=seed)
    deadline = time.time() + 120
    while not state(client, t["id"])["terminal"]:
        assert time.time() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    return t["id"]


def reviewed(client, table_id, level="normal", seconds=240) -> dict:
    deadline = time.time() + seconds
    while True:
        r = client.post(f"/api/tables/{table_id}/review", params={"level": level})
        if r.status_code == 200:
            return r.json()
        assert r.status_code == 202, r.text
        running = r.json()
        assert running["status"] == "running" and running["level"] == level
        assert 0 <= running["done"] <= max(running["total"], 0) or running["total"] == 0
        assert time.time() < deadline, "the review did not end"
        time.sleep(0.3)


def test_a_finished_tables_review_is_the_records_and_is_kept(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        table = finished_table(client)
        record = client.get(f"/api/tables/{table}/record").text
        never = client.get(f"/api/tables/{table}/review", params={"level": "normal"})
        assert never.status_code == 404 and never.json()["code"] == "not_reviewed"  # and nothing started:
        assert not client.app.state.reviews._busy
        answer = reviewed(client, table)
        kept = client.get(f"/api/tables/{table}/review", params={"level": "normal"})
        assert kept.status_code == 200 and kept.json() == answer
        assert answer["status"] == "done"
        review = answer["review"]
        assert review == review_record(record, level="normal").details()  # deterministic, the record's own
        assert review["edition"] == "caylus-1303" and review["level"] == "normal" and review["players"] == 2
        assert review["decisions"] and all(d["loss"] >= 0 and len(d["alternatives"]) >= 1
                                           for d in review["decisions"])
        assert [s["seat"] for s in review["seats"]] == [0, 1]
        started = time.perf_counter()
        again = client.post(f"/api/tables/{table}/review", params={"level": "normal"})
        assert again.status_code == 200 and again.json() == answer
        assert time.perf_counter() - started < 5  # kept, not made again


def test_hostile_asks_are_refused_and_change_nothing(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        assert client.post("/api/tables/nosuchtable/review").status_code == 404
        playing = new_table(client, edition="magna-carta", seats=["human", "random"])
        r = client.post(f"/api/tables/{playing['id']}/review")
        # Not over: nothing of it reviewed (in Magna Carta its record would deal every hidden card).
        assert r.status_code == 409 and r.json()["code"] == "not_over"
        done = finished_table(client)
        for bad in ("easy", "greedy", "x" * 17, ""):
            r = client.post(f"/api/tables/{done}/review", params={"level": bad})
            assert r.status_code == 422, (bad, r.text)
            assert client.get(f"/api/tables/{done}/review", params={"level": bad}).status_code == 422
        # One review of a table at a time, and no more at once than the server's limit (1 here).
        first = client.post(f"/api/tables/{done}/review", params={"level": "hard"})
        assert first.status_code == 202 and first.json()["status"] == "running"
        same = client.post(f"/api/tables/{done}/review", params={"level": "hard"})
        assert same.status_code == 202  # the same review: asked again, not started again
        other = client.post(f"/api/tables/{done}/review", params={"level": "normal"})
        assert other.status_code == 429 and other.json()["code"] == "review_busy"
        assert int(other.headers["Retry-After"]) > 0
        second = finished_table(client, seed=3)
        r = client.post(f"/api/tables/{second}/review", params={"level": "normal"})
        assert r.status_code == 429 and r.json()["code"] == "reviews_busy"
        assert len(client.app.state.reviews._busy) == 1  # nothing started by the refused asks


def test_a_review_out_of_time_is_ended_told_once_and_made_again_when_asked(tmp_path):
    with TestClient(make_app(tmp_path, review_seconds=1.0, **FAST)) as client:
        table = finished_table(client)
        assert client.post(f"/api/tables/{table}/review", params={"level": "hard"}).status_code == 202
        deadline = time.time() + 60
        while client.app.state.reviews._busy:
            assert time.time() < deadline, "the review was not ended"
            time.sleep(0.2)
        told = client.post(f"/api/tables/{table}/review", params={"level": "hard"})
        assert told.status_code == 200 and told.json()["status"] == "failed"
        assert "too long" in told.json()["error"]
        again = client.post(f"/api/tables/{table}/review", params={"level": "hard"})
        assert again.status_code == 202  # the load of the moment, not the record: made again
