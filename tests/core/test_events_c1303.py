"""Caylus 1303 events (docs/events.md) agree with what the rules did (shared/rules/caylus-1303-rules.md): the
draft, placements, the provost's path, production, bundles, recruitment and the end of the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import caylus
from caylus.editions.c1303.catalog import BROWN_SPACE, RECRUITMENT


def finished(players: int, seed: int, **options) -> caylus.Game:
    game = caylus.new_game("caylus-1303", players=players, seed=seed, **options)
    game.record_events()
    rng = random.Random(seed)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game


GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in (1, 2)]


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_draft_gives_each_player_a_character_and_three_go_to_the_board(players, seed):
    """Setup: each player chooses a character among players + 3; the 3 others go onto the board."""
    events = finished(players, seed).events()
    drafted = [e for e in events if e["kind"] == "character" and e["source"] == "draft"]
    assert sorted(e["player"] for e in drafted) == list(range(players))
    board = [e for e in events if e["kind"] == "characters_on_board"]
    assert len(board) == 1 and len(board[0]["characters"]) == 3
    assert not {e["character"] for e in drafted} & set(board[0]["characters"])


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_provost_events_follow_him(players, seed):
    """Toll 1-2 steps, Guilds Bridge 1-3 (a Worker a step), Bailiff 1; at the round's end he is put back."""
    where = BROWN_SPACE
    for e in finished(players, seed).events():
        if e["kind"] == "provost":
            assert e["start"] == where and e["to"] == where + e["by"]
            most, per_step = {"toll": (2, 0), "guilds_bridge": (3, 1), "bailiff": (1, 0)}[e["via"]]
            assert abs(e["by"]) <= most and e["paid"] == abs(e["by"]) * per_step
            where = e["to"]
        elif e["kind"] == "provost_reset":
            assert e["start"] == where
            where = e["to"]


@pytest.mark.parametrize("players,seed", GAMES)
def test_nine_rounds_of_four_phases_and_recruitment(players, seed):
    """Nine rounds of Planning, Activation, Delivery, Stewardship; Recruitment gives 3 Workers (2 with 5 players)
    and more for Residences, Monuments and the Day Laborer, up to the 15 of a colour."""
    events = finished(players, seed).events()
    phases = Counter(e["phase"] for e in events if e["kind"] == "phase")
    assert phases == {"draft": 1, "planning": 9, "activation": 9, "delivery": 9, "stewardship": 9}
    recruits = [e for e in events if e["kind"] == "recruit"]
    assert len(recruits) == 9 * players
    assert all(e["workers"] + e["lost"] >= RECRUITMENT[players] for e in recruits)


@pytest.mark.parametrize("players,seed", GAMES)
def test_bundles_and_the_favor_for_the_most(players, seed):
    """Delivery: each bundle is 5 PP (+1 Foreman, +5 Goldsmith once); the most bundles earn a Favor."""
    events = finished(players, seed).events()
    for e in events:
        if e["kind"] == "bundle":
            assert e["prestige"] in (5, 6, 10, 11) and sum(e["resources"].values()) == 3


@pytest.mark.parametrize("players,seed", GAMES)
def test_placements_pay_workers_and_owners_gain_prestige(players, seed):
    """Planning: a placement costs 1 Worker (2 once someone has passed); another player's building gives its
    owner 1 PP (2 with the Steward, none from the Thief)."""
    for e in finished(players, seed).events():
        if e["kind"] == "place":
            assert e["paid"] in (1, 2, 3)
            assert e["owner_prestige"] in (0, 1, 2) and (e["owner"] is not None or e["owner_prestige"] == 0)


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_end_bonus_is_the_gold_and_the_result(players, seed):
    """End of the game: 2 PP per Gold."""
    game = finished(players, seed)
    events = game.events()
    bonus = {e["player"]: e for e in events if e["kind"] == "end_bonus"}
    for p, seat in enumerate(game.view(None)["seats"]):
        assert bonus[p]["parts"] == seat["end_bonus_parts"]
    assert events[-1] == {"kind": "game_over", "player": None, "scores": game.scores(), "winners": game.winners()}


def test_production_names_the_building_and_what_it_gave():
    produced = [e for seed in (1, 2, 3) for e in finished(4, seed).events() if e["kind"] == "produce"]
    assert produced and all(e["gain"] and e["building"] and e["side"] in ("setup", "construction") for e in produced)
