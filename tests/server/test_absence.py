"""A person who leaves without resigning (issue 27, server/absence.py), on a fake clock: at a table with no clock,
a seat whose person gave no sign for the absence time at their turn is played by the takeover bot (why "absent"),
the state and the record say from which decision, the person may take it back, and a restart keeps the signs.
Beside it, what must not count as the person being there, and where nobody is handed over."""

from __future__ import annotations

from fastapi.testclient import TestClient

from caylus.server import Settings, create_app
from caylus.server.limits import Limits

from .conftest import FAST, new_table
from .test_clocks import FakeClock, bearer, get, play_first

ABSENT = 600.0


def absent_app(tmp_path, clock, absent_s=ABSENT):
    # The tests look for absent people themselves (app.state.absence.sweep), when they choose.
    return create_app(Settings(db_url=f"sqlite:///{tmp_path / 'caylus.db'}", bot_workers=1, limits=Limits(**FAST),
                               now=clock, clock_every=3600, absent_s=absent_s, absence_every=3600))


def sweep(client):
    return client.app.state.absence.sweep()


def two_people(client):
    t = new_table(client, seats=["human", "human"], takeover="random")
    tokens = [s["token"] for s in t["seats"]]
    return t["id"], tokens


def test_a_person_gone_at_their_turn_is_played_by_the_bot_and_may_take_the_seat_back(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        table, tokens = two_people(client)
        for _ in range(3):  # three decisions by the people, a minute each
            clock.advance(60)
            p = get(client, table)["current_player"]
            play_first(client, table, tokens[p])
        p = get(client, table)["current_player"]
        clock.advance(ABSENT - 1)
        assert sweep(client) == []  # not yet
        clock.advance(1)
        assert sweep(client) == [(table, p)]
        s = get(client, table, tokens[p])
        assert s["seats"][p]["taken_over"] == {"by": "random", "why": "absent", "from_decision": 3}
        assert s["seats"][p]["can_take_back"] is True
        assert s["seats"][1 - p]["can_take_back"] is False
        record = client.get(f"/api/tables/{table}/record").text
        assert f"# seat {p}: random bot from decision 3 (absent)" in record
        # The table was made without take_back: after an absence the person may come back all the same.
        r = client.post(f"/api/tables/{table}/take-back", headers=bearer(tokens[p]))
        assert r.status_code == 200, r.text
        seat = r.json()["seats"][p]
        assert seat["kind"] == "human" and seat["taken_over"] is None and seat["can_take_back"] is False
        assert seat["back_from_decision"] >= 3


def test_a_sign_at_the_turn_gives_the_person_the_whole_time_again(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        table, tokens = two_people(client)
        p = get(client, table)["current_player"]
        clock.advance(ABSENT - 10)
        get(client, table, tokens[p])  # the person looks at the table (a request with their token)
        clock.advance(ABSENT - 10)
        assert sweep(client) == []
        clock.advance(10)
        assert sweep(client) == [(table, p)]


def test_the_signs_are_kept_across_a_restart(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        table, tokens = two_people(client)
        p = get(client, table)["current_player"]
        clock.advance(ABSENT - 60)
        get(client, table, tokens[p])  # seen 60 s before the turn's absence time
    with TestClient(absent_app(tmp_path, clock)) as client:  # a new process: nothing in memory
        clock.advance(120)
        assert sweep(client) == []  # the stored sign counts
        clock.advance(ABSENT)
        assert sweep(client) == [(table, p)]
    with TestClient(absent_app(tmp_path, clock)) as client:  # and the takeover is replayed
        assert get(client, table)["seats"][p]["taken_over"]["why"] == "absent"


def test_an_open_socket_of_the_seat_is_a_sign(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        table, tokens = two_people(client)
        p = get(client, table)["current_player"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            ws.send_json({"type": "hello", "token": tokens[p]})
            ws.receive_json()
            clock.advance(3 * ABSENT)
            assert sweep(client) == []  # their page is open
        clock.advance(ABSENT - 1)
        assert sweep(client) == []  # the sweep while it was open counted as a sign
        clock.advance(1)
        assert sweep(client) == [(table, p)]


def test_what_is_no_sign_of_the_person(tmp_path):
    """Hostile or idle: a spectator, the other person, a wrong token or another table's token keep nobody's seat;
    nobody but the person takes the seat back."""
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        table, tokens = two_people(client)
        _other_table, other_tokens = two_people(client)
        p = get(client, table)["current_player"]
        clock.advance(ABSENT - 1)
        get(client, table)  # a spectator
        get(client, table, tokens[1 - p])  # the other person
        assert client.get(f"/api/tables/{table}", headers=bearer("forged")).status_code == 403
        assert client.get(f"/api/tables/{table}", headers=bearer(other_tokens[p])).status_code == 403
        clock.advance(1)
        assert (table, p) in sweep(client)
        before = get(client, table)
        for token in (tokens[1 - p], "forged", other_tokens[p]):
            r = client.post(f"/api/tables/{table}/take-back", headers=bearer(token))
            assert r.status_code in (403, 409), r.text
        assert client.post(f"/api/tables/{table}/take-back").status_code == 403
        after = get(client, table)
        assert after["seats"] == before["seats"]
        assert client.post(f"/api/tables/{table}/take-back", headers=bearer(tokens[p])).status_code == 200


def test_nobody_is_handed_over_where_nobody_waits_or_a_clock_decides(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock)) as client:
        alone = new_table(client, seats=["human", "random"])  # a person alone against a bot stalls nobody
        clocked = new_table(client, seats=["human", "human"],  # a clock decides there
                            clock={"kind": "turn_based", "per_turn_s": 30 * 86_400})
        table, tokens = two_people(client)
        p = get(client, table)["current_player"]
        client.post(f"/api/tables/{table}/resign", headers=bearer(tokens[1 - p]))  # the other person resigned
        clock.advance(10 * ABSENT)
        assert sweep(client) == []
        for t in (alone["id"], clocked["id"]):
            assert all(s["taken_over"] is None for s in get(client, t)["seats"])
        assert get(client, table)["seats"][p]["taken_over"] is None


def test_absence_can_be_turned_off(tmp_path):
    clock = FakeClock()
    with TestClient(absent_app(tmp_path, clock, absent_s=0)) as client:
        table, _tokens = two_people(client)
        clock.advance(100 * ABSENT)
        assert sweep(client) == []
        assert all(s["taken_over"] is None for s in get(client, table)["seats"])
