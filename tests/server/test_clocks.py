"""Time controls (issue 27): realtime and turn-based clocks on the server's own time, run on a fake clock here.
A clock that runs out hands the seat to the table's takeover bot and the game goes on; a restart keeps the clocks;
a bot's thinking runs no person's clock. Beside them, hostile clock settings (422, nothing made)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from caylus.server import Settings, create_app
from caylus.server.limits import Limits

from .conftest import FAST, new_table, wait_turn


class FakeClock:
    """The server's time, moved on by hand."""

    def __init__(self, t: float = 1_000_000.0):
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def clocked_app(tmp_path, clock):
    # clock_every is long: the tests look at the clocks themselves (app.state.timeouts.sweep), when they choose.
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=1, limits=Limits(**FAST),
                               now=clock, clock_every=3600))


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def get(client, table_id, token=None) -> dict:
    r = client.get(f"/api/tables/{table_id}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def play_first(client, table_id, token) -> dict:
    s = get(client, table_id, token)
    r = client.post(f"/api/tables/{table_id}/moves", headers=bearer(token),
                    json={"version": s["version"], "action": s["legal"][0]["token"]})
    assert r.status_code == 200, r.text
    return r.json()


REALTIME = {"kind": "realtime", "initial_s": 60, "increment_s": 5}


def test_a_realtime_clock_runs_only_on_its_seats_decisions_and_earns_the_increment(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "human"], clock=REALTIME)
        a, b = (s["token"] for s in t["seats"])
        s = get(client, t["id"])
        assert s["clocks"]["kind"] == "realtime" and s["clocks"]["initial_s"] == 60
        assert [c["left_s"] for c in s["clocks"]["seats"]] == [60, 60]
        assert [c["running"] for c in s["clocks"]["seats"]] == [True, False]
        clock.advance(10)
        play_first(client, t["id"], a)  # seat 0: 60 - 10 + 5
        s = get(client, t["id"])
        assert s["current_player"] == 1
        assert [c["left_s"] for c in s["clocks"]["seats"]] == [55, 60]
        assert s["clocks"]["since"] == clock.t
        clock.advance(20)
        play_first(client, t["id"], b)  # seat 1: 60 - 20 + 5
        assert [c["left_s"] for c in get(client, t["id"])["clocks"]["seats"]] == [55, 45]


def test_a_realtime_clock_that_runs_out_hands_the_seat_to_the_bot_and_the_game_goes_on(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "human"], takeover="random", clock=REALTIME)
        a, b = (s["token"] for s in t["seats"])
        play_first(client, t["id"], a)
        play_first(client, t["id"], b)  # two decisions made, in no time: seat 0 has 60 + 5 s
        clock.advance(64)
        assert client.app.state.timeouts.sweep() == []  # a second left
        clock.advance(2)
        assert client.app.state.timeouts.sweep() == [(t["id"], 0)]
        s = get(client, t["id"], b)
        assert s["seats"][0]["kind"] == "random"
        assert s["seats"][0]["taken_over"] == {"by": "random", "why": "timeout", "from_decision": 2}
        assert s["clocks"]["seats"][0]["left_s"] is None  # a bot's seat has no clock
        # The bot plays seat 0: the turn comes back to seat 1.
        s = wait_turn(client, t["id"], b)
        assert s["legal"] and s["current_player"] == 1
        # The record says from which decision, and why.
        record = client.get(f"/api/tables/{t['id']}/record").text
        assert "# seat 0: random bot from decision 2 (timeout)" in record


def test_a_move_after_the_clock_ran_out_is_refused_and_the_bot_takes_the_seat(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "random"], takeover="random", clock=REALTIME)
        a = t["seats"][0]["token"]
        s = get(client, t["id"], a)
        clock.advance(61)  # no sweep in between: the move itself finds the clock run out
        r = client.post(f"/api/tables/{t['id']}/moves", headers=bearer(a),
                        json={"version": s["version"], "action": s["legal"][0]["token"]})
        assert r.status_code == 409 and r.json()["code"] == "out_of_time"
        assert get(client, t["id"])["seats"][0]["taken_over"]["why"] == "timeout"


def test_a_bots_thinking_runs_no_persons_clock(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        tables = client.app.state.tables
        stored = tables.bot_move

        def slow_bot_move(live, job, token, **kwargs):  # each bot move is stored an hour after the change before it
            clock.advance(3600)
            return stored(live, job, token, **kwargs)

        tables.bot_move = slow_bot_move
        t = new_table(client, seats=["human", "random"], clock=REALTIME)
        a = t["seats"][0]["token"]
        s = wait_turn(client, t["id"], a)
        clock.advance(10)
        play_first(client, t["id"], a)
        mine = 1
        s = wait_turn(client, t["id"], a)
        while s["version"] - mine < 2:  # until the bot has moved (an hour each) twice at least
            play_first(client, t["id"], a)
            mine += 1
            s = wait_turn(client, t["id"], a)
        assert s["seats"][0]["taken_over"] is None  # the bot's hours were not the person's
        assert s["clocks"]["seats"][0]["left_s"] == pytest.approx(60 - 10 + 5 * mine)
        assert s["clocks"]["seats"][1] == {"seat": 1, "left_s": None, "running": False}


def test_a_turn_based_game_over_simulated_days(tmp_path):
    clock = FakeClock()
    day = 86_400
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "human"], clock={"kind": "turn_based", "per_turn_s": 2 * day})
        tokens = [s["token"] for s in t["seats"]]
        # Twenty decisions, each a day and a half after the last: no clock runs out.
        for _ in range(20):
            clock.advance(1.5 * day)
            assert client.app.state.timeouts.sweep() == []
            s = get(client, t["id"])
            p = s["current_player"]
            assert s["clocks"]["seats"][p]["running"]
            play_first(client, t["id"], tokens[p])
        s = get(client, t["id"])
        assert all(seat["taken_over"] is None for seat in s["seats"])
        p = s["current_player"]
        assert s["clocks"]["seats"][p]["left_s"] == 2 * day  # a new decision: its whole time
        # The player then goes quiet for three days: their seat is handed over at the second day's end.
        clock.advance(2 * day - 1)
        assert client.app.state.timeouts.sweep() == []
        clock.advance(1)
        assert client.app.state.timeouts.sweep() == [(t["id"], p)]
        assert get(client, t["id"])["seats"][p]["taken_over"] == {"by": "normal", "why": "timeout",
                                                                  "from_decision": 20}


def test_a_restart_mid_game_keeps_the_clocks(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "human"], clock=REALTIME)
        a, b = (s["token"] for s in t["seats"])
        clock.advance(10)
        play_first(client, t["id"], a)
        clock.advance(7)
        play_first(client, t["id"], b)
        before = get(client, t["id"])["clocks"]
        assert [c["left_s"] for c in before["seats"]] == [55, 58]
    clock.advance(30)  # the server is down for 30 s: seat 0, to decide, spends them
    with TestClient(clocked_app(tmp_path, clock)) as client:
        assert get(client, t["id"])["clocks"] == before
        clock.advance(30)
        assert client.app.state.timeouts.sweep() == [(t["id"], 0)]  # 55 - 30 - 30 < 0


def test_the_your_turn_list_shows_the_time_left(tmp_path):
    clock = FakeClock()
    with TestClient(clocked_app(tmp_path, clock)) as client:
        key = client.post("/api/players", json={"name": "Ada"}).json()["key"]
        t = new_table(client, seats=["human", "human"], clock=REALTIME)
        r = client.post(f"/api/tables/{t['id']}/join", headers=bearer(key),
                        json={"seat_token": t["seats"][0]["token"]})
        assert r.status_code == 200, r.text
        clock.advance(12)
        turns = client.get("/api/players/me/turns", headers=bearer(key)).json()
        assert turns[0]["table"] == t["id"] and turns[0]["left_s"] == 48 and turns[0]["waiting_s"] == 12


@pytest.mark.parametrize("clock, words", [
    ({"kind": "realtime", "initial_s": -5, "increment_s": 0}, "initial_s"),
    ({"kind": "realtime", "initial_s": 600, "increment_s": -1}, "increment_s"),
    ({"kind": "realtime", "initial_s": 10 ** 12, "increment_s": 0}, "initial_s"),
    ({"kind": "realtime", "initial_s": "600", "increment_s": 0}, "initial_s"),
    ({"kind": "realtime", "initial_s": True, "increment_s": 0}, "initial_s"),
    ({"kind": "realtime", "initial_s": None}, "initial_s"),
    ({"kind": "realtime"}, "initial_s"),
    ({"kind": "turn_based", "per_turn_s": 0}, "per_turn_s"),
    ({"kind": "turn_based", "per_turn_s": 1e300}, "per_turn_s"),
    ({"kind": "turn_based", "per_turn_s": [86400]}, "per_turn_s"),
    ({"kind": "turn_based", "per_turn_s": 86400, "initial_s": 5}, "initial_s"),
    ({"kind": "blitz", "per_turn_s": 60}, "kind"),
    ({"per_turn_s": 60}, "kind"),
])
def test_a_bad_clock_is_refused_and_nothing_is_made(tmp_path, clock, words):
    with TestClient(clocked_app(tmp_path, FakeClock())) as client:
        r = client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "human"], "clock": clock})
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "bad_clock" and words in r.json()["error"]
        assert client.get("/api/tables").json() == []


@pytest.mark.parametrize("clock", ["realtime", 60, [1, 2], True])
def test_a_clock_of_the_wrong_type_is_refused(tmp_path, clock):
    with TestClient(clocked_app(tmp_path, FakeClock())) as client:
        r = client.post("/api/tables", json={"edition": "caylus", "seats": ["human", "human"], "clock": clock})
        assert r.status_code == 422, r.text
        assert client.get("/api/tables").json() == []


def test_a_table_without_a_clock_says_so(tmp_path):
    with TestClient(clocked_app(tmp_path, FakeClock())) as client:
        t = new_table(client, seats=["human", "human"])
        assert get(client, t["id"])["clocks"] is None


def test_the_clocks_are_looked_at_after_a_restart_and_a_quiet_correspondence_table_stays_out_of_memory(tmp_path):
    clock = FakeClock()
    day = 86_400
    with TestClient(clocked_app(tmp_path, clock)) as client:
        t = new_table(client, seats=["human", "human"], clock={"kind": "turn_based", "per_turn_s": day})
        to_move = get(client, t["id"])["current_player"]
    with TestClient(clocked_app(tmp_path, clock)) as client:
        timeouts = client.app.state.timeouts
        clock.advance(day - 1)
        assert timeouts.sweep() == [] and t["id"] not in client.app.state.tables.cached()
        clock.advance(1)
        assert timeouts.sweep() == [(t["id"], to_move)]
