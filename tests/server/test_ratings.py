"""Ratings (issue 27): OpenSkill per edition and kind over players and bot levels, from stored results; a game
where a bot took a person's seat moves only the leaver (ranked last); the figures recomputed from the stored
results are the same as those kept. Beside them, what a hostile client sends the leaderboard."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from caylus import skill
from caylus.server.ratings import Result, conservative, rate_result, result_of

from .conftest import FAST, make_app, new_table


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


M = skill.model()
START = (M.mu, M.sigma, 0)


# -- who a game rates ---------------------------------------------------------------------------------------
def test_a_two_player_game_moves_the_winner_up_and_the_loser_down():
    new = rate_result(M, {}, [{"entrant": "player:a", "score": 60, "left": False},
                              {"entrant": "bot:normal", "score": 50, "left": False}])
    assert new["player:a"][0] > M.mu > new["bot:normal"][0]
    assert new["player:a"][2] == new["bot:normal"][2] == 1
    assert new["player:a"][1] < M.sigma


def test_a_leaver_is_ranked_last_whatever_the_score_and_nobody_else_moves():
    current = {"player:b": (30.0, 5.0, 4)}
    seats = [{"entrant": "player:a", "score": 90, "left": True},  # the bot that took over played well
             {"entrant": "player:b", "score": 40, "left": False},
             {"entrant": "bot:easy", "score": 20, "left": False}]
    new = rate_result(M, current, seats)
    assert set(new) == {"player:a"}
    assert new["player:a"][0] < M.mu and new["player:a"][2] == 1
    # The same as a game the leaver finished last in.
    honest = rate_result(M, current, [dict(s, left=False, score=s["score"] if i else 0)
                                      for i, s in enumerate(seats)])
    assert honest["player:a"] == new["player:a"]


def test_a_guest_who_left_leaves_the_others_unrated_too():
    assert rate_result(M, {}, [{"entrant": None, "score": 9, "left": True},
                               {"entrant": "player:b", "score": 5, "left": False},
                               {"entrant": "bot:easy", "score": 1, "left": False}]) == {}


def test_a_guest_is_left_out_and_a_game_of_one_rated_seat_rates_nobody():
    assert rate_result(M, {}, [{"entrant": "player:a", "score": 9, "left": False},
                               {"entrant": None, "score": 5, "left": False}]) == {}
    three = rate_result(M, {}, [{"entrant": "player:a", "score": 9, "left": False},
                                {"entrant": None, "score": 50, "left": False},
                                {"entrant": "bot:hard", "score": 5, "left": False}])
    assert set(three) == {"player:a", "bot:hard"} and three["player:a"][0] > M.mu  # ranked among the rated


def test_one_bot_level_in_two_seats_is_one_entrant():
    new = rate_result(M, {}, [{"entrant": "player:a", "score": 9, "left": False},
                              {"entrant": "bot:normal", "score": 50, "left": False},
                              {"entrant": "bot:normal", "score": 5, "left": False}])
    assert set(new) == {"player:a", "bot:normal"} and new["bot:normal"][2] == 1


def test_a_result_names_players_bots_guests_and_leavers():
    seats = [{"kind": "normal", "player": "p1", "taken_over": {"by": "normal"}},  # a player a bot replaced
             {"kind": "human", "player": "p2", "back_from_decision": 12},  # left, then came back
             {"kind": "human"}, {"kind": "hard"}]
    r = result_of("t", "caylus", 4, seats, [1, 2, 3, 4])
    assert r.kind == "multi" and [s["entrant"] for s in r.seats] == ["player:p1", "player:p2", None, "bot:hard"]
    assert [s["left"] for s in r.seats] == [True, True, False, False]
    assert result_of("t", "caylus", 2, seats[2:], [1, 2]).kind == "two"


# -- the server: results stored, ratings kept, a recomputation agrees -----------------------------------------------
def make_player(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()


def seat(client, table, keys):
    """Seat each (seat -> player key) of `keys` at `table`."""
    for p, key in keys.items():
        r = client.post(f"/api/tables/{table['id']}/join", json={"seat_token": table["seats"][p]["token"]},
                        headers=bearer(key))
        assert r.status_code == 200, r.text


def play_out(client, table, keys, resign=None):
    """Play the people's seats (their first legal move) until the game ends; `resign`: a seat that resigns at
    its first decision."""
    deadline = time.monotonic() + 240
    while True:
        s = client.get(f"/api/tables/{table['id']}").json()
        if s["terminal"]:
            return s
        p = s["current_player"]
        if p in keys and s["seats"][p]["kind"] == "human":
            if p == resign:
                r = client.post(f"/api/tables/{table['id']}/resign", headers=bearer(keys[p]))
                assert r.status_code == 200, r.text
                continue
            mine = client.get(f"/api/tables/{table['id']}", headers=bearer(keys[p])).json()
            if mine["legal"]:
                client.post(f"/api/tables/{table['id']}/moves", headers=bearer(keys[p]),
                            json={"version": mine["version"], "action": mine["legal"][0]["token"]})
                continue
        time.sleep(0.005)
        assert time.monotonic() < deadline, "the game did not end"


def test_ratings_after_a_handful_of_games_equal_a_recomputation_from_the_results(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        alice, bob = make_player(client, "Alice"), make_player(client, "Bob")
        games = [  # (seats, who sits where, who resigns)
            (["human", "random"], {0: alice}, None),
            (["random", "human"], {1: alice}, None),
            (["human", "human"], {0: alice, 1: bob}, None),
            (["human", "human"], {0: bob, 1: alice}, 0),  # Bob resigns: only Bob's rating moves
            (["human", "random", "human"], {0: alice, 2: bob}, None),
        ]
        before_resign = None
        for n, (kinds, who, resign) in enumerate(games):
            t = new_table(client, edition="caylus-1303", seats=kinds, seed=100 + n)  # the shortest games
            seat(client, t, {p: pl["key"] for p, pl in who.items()})
            if resign is not None:
                before_resign = client.app.state.ratings.stored()[("caylus-1303", "two")]
            play_out(client, t, {p: pl["key"] for p, pl in who.items()}, resign=resign)
        ratings = client.app.state.ratings
        stored = ratings.stored()
        assert len(ratings.results()) == 5
        assert set(stored) == {("caylus-1303", "two"), ("caylus-1303", "multi")}
        two = stored[("caylus-1303", "two")]
        assert set(two) == {f"player:{alice['id']}", f"player:{bob['id']}", "bot:random"}
        assert two[f"player:{alice['id']}"][2] == 3  # the game Bob left is not one of Alice's rated games
        assert two[f"player:{alice['id']}"] == before_resign[f"player:{alice['id']}"]
        assert two[f"player:{bob['id']}"][2] == 2
        # The same figures, exactly, from the results alone; and stored again by `recompute`.
        assert ratings.computed() == stored
        ratings.recompute()
        assert ratings.stored() == stored

        # The leaderboard and the player's page show them.
        board = client.get("/api/ratings", params={"edition": "caylus-1303", "kind": "two"}).json()
        assert board["edition"] == "caylus-1303" and board["kind"] == "two"
        entries = board["entries"]
        assert [e["place"] for e in entries] == [1, 2, 3]
        assert [e["rating"] for e in entries] == sorted((e["rating"] for e in entries), reverse=True)
        names = {e["entrant"]["name"] for e in entries}
        assert names == {"Alice", "Bob", "random"}
        a = next(e for e in entries if e["entrant"]["name"] == "Alice")
        mu, sigma, games = two[f"player:{alice['id']}"]
        assert a["entrant"] == {"kind": "player", "id": alice["id"], "name": "Alice"}
        assert a["mu"] == round(mu, 3) and a["rating"] == round(conservative(mu, sigma), 3) and a["games"] == 3
        page = client.get(f"/api/players/{alice['id']}").json()
        mine = {(r["edition"], r["kind"]): r for r in page["ratings"]}
        assert set(mine) == {("caylus-1303", "two"), ("caylus-1303", "multi")}
        assert mine[("caylus-1303", "two")]["place"] == a["place"] and mine[("caylus-1303", "two")]["games"] == 3
        assert client.get("/api/ratings", params={"edition": "caylus", "kind": "multi"}).json()["entries"] == []
    # After a restart: the same figures.
    with TestClient(make_app(tmp_path, **FAST)) as client:
        assert client.app.state.ratings.stored() == stored


def test_a_game_with_no_player_at_it_is_not_remembered(fast_client):
    client = fast_client
    t = new_table(client, seats=["human", "random"], seed=7)  # a guest: a seat token, no player
    play_out(client, t, {0: t["seats"][0]["token"]})  # nobody joins: the guest plays with the seat's token
    bots = new_table(client, seats=["random", "easy"], seed=8)
    play_out(client, bots, {})
    assert client.app.state.ratings.results() == []
    assert client.get("/api/ratings").json()["entries"] == []


def test_a_result_is_stored_once(tmp_path):
    with TestClient(make_app(tmp_path, **FAST)) as client:
        ratings = client.app.state.ratings
        result = Result("t1", "caylus", "two", [{"entrant": "player:a", "score": 3, "left": False},
                                                 {"entrant": "bot:easy", "score": 1, "left": False}], 1.0)
        assert ratings.record(result) and not ratings.record(result)
        assert len(ratings.results()) == 1 and ratings.stored()[("caylus", "two")]["player:a"][2] == 1


# -- hostile clients --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("params", [
    {"edition": "chess"}, {"edition": "x" * 300}, {"edition": ""}, {"kind": "duel"}, {"kind": "TWO"},
    {"kind": "t" * 100}, {"limit": 0}, {"limit": 201}, {"limit": "many"}, {"limit": -1},
    {"edition": "caylus'; DROP TABLE ratings; --"},
])
def test_a_bad_leaderboard_request_is_refused_in_words(client, params):
    r = client.get("/api/ratings", params=params)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["code"] in ("bad_edition", "bad_kind", "bad_request") and body["error"]
    assert client.get("/api/ratings").status_code == 200  # and nothing broke


def test_the_leaderboard_is_rate_limited_like_every_read(tmp_path):
    with TestClient(make_app(tmp_path, reads_per_second=1, reads_burst=2)) as client:
        codes = [client.get("/api/ratings").status_code for _ in range(6)]
        assert codes[0] == 200 and 429 in codes


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'r.db'}"
        return
    from .postgres import Cluster

    cluster = Cluster().start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


def test_results_recorded_at_once_from_many_threads_lose_no_update(database):
    """Games ending at the same time (bot workers, or several server processes, finish tables in parallel) each
    move the shared bot's rating."""
    import threading

    from caylus.server.ratings import Ratings
    from caylus.server.store import Store

    store = Store(database)
    ratings = Ratings(store)

    def finish(worker):
        for n in range(5):
            ratings.record(Result(f"t{worker}-{n}", "caylus", "two",
                                  [{"entrant": f"player:p{worker}", "score": n, "left": False},
                                   {"entrant": "bot:normal", "score": 2, "left": False}], time.time()))

    threads = [threading.Thread(target=finish, args=(w,)) for w in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = ratings.stored()[("caylus", "two")]
    assert len(ratings.results()) == 40 and stored["bot:normal"][2] == 40
    assert ratings.computed()[("caylus", "two")] == stored
    store.close()
