"""Whole games through the API against the server's bots, for every edition: a person's seat played by the
test over HTTP, the other seats by the server's random bots; and a table of bots alone finishes by itself."""

from __future__ import annotations

import random
import time

import caylus
import pytest

from .conftest import EDITIONS, new_table, state, wait_turn


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_against_server_bots(fast_client, edition):
    client = fast_client
    t = new_table(client, edition, seats=["human", "random"], seed=11)
    token = t["seats"][0]["token"]
    rng = random.Random(5)
    moves = 0
    while True:
        s = wait_turn(client, t["id"], token)
        if s["terminal"]:
            break
        r = client.post(f"/api/tables/{t['id']}/moves",
                        json={"token": token, "version": s["version"], "action": rng.choice(s["legal"])["token"]})
        assert r.status_code == 200, r.text
        moves += 1
    assert moves > 10 and s["result"]["winners"] and len(s["result"]["scores"]) == 2
    game = caylus.load_record(client.get(f"/api/tables/{t['id']}/record").text)
    assert game.is_terminal and game.scores() == s["result"]["scores"]
    assert t["id"] not in {x["id"] for x in client.get("/api/tables").json()}  # the lobby lists open tables only


def test_a_table_of_bots_plays_to_the_end_by_itself(fast_client):
    client = fast_client
    t = new_table(client, "caylus-1303", seats=["random", "random", "random"], seed=4)
    deadline = time.monotonic() + 60
    while not state(client, t["id"])["terminal"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert caylus.load_record(client.get(f"/api/tables/{t['id']}/record").text).is_terminal
