"""Caylus (2005) events (docs/events.md): what they say agrees with what the rules did (shared/rules/caylus-rules.txt).

Whole random games are checked against the board: every income, the provost's path, the castle, the counts,
favors and the end bonuses; a few positions check single events."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import caylus

from ..editions.classic.scenario import BLUE, GREEN, ORANGE, RED, new, play, put_tile, set_cubes, sync, use_building


def finished(players: int, seed: int, **options) -> caylus.Game:
    game = caylus.new_game("caylus", players=players, seed=seed, **options)
    game.record_events()
    rng = random.Random(seed)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game


GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in (1, 2)]


@pytest.mark.parametrize("players,seed", GAMES)
def test_income_is_two_deniers_and_the_buildings_that_give_more(players, seed):
    """p2 phase 1: 2 deniers, +1 a residence, +1 the Library, +2 the Hotel."""
    events = finished(players, seed).events()
    incomes = [e for e in events if e["kind"] == "income"]
    turns = sum(1 for e in events if e["kind"] == "phase" and e["phase"] == "income")
    assert len(incomes) == players * turns
    for e in incomes:
        assert e["deniers"] == 2 + sum(e["buildings"].values())


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_provost_events_follow_him_along_the_road(players, seed):
    """p3 phase 4 and p5 phase 7: the provost moves 1-3 spaces (1 denier each), then joins the bailiff."""
    where = 6
    for e in finished(players, seed).events():
        if e["kind"] == "provost":
            assert e["start"] == where and e["to"] == where + e["by"] and abs(e["by"]) <= 3
            assert e["paid"] == (0 if e["building"] == "merchants_guild" else abs(e["by"]))
            where = e["to"]
        elif e["kind"] == "bailiff":
            assert e["provost_from"] == where and e["to"] - e["start"] in (0, 1, 2)
            where = e["to"]


@pytest.mark.parametrize("players,seed", GAMES)
def test_castle_events_add_up_to_the_castle(players, seed):
    """p4 phase 6: each batch is a house in the castle, worth 5/4/3 prestige by section."""
    game = finished(players, seed)
    events = game.events()
    batches = Counter((e["player"], e["section"]) for e in events if e["kind"] == "batch")
    for seat, s in enumerate(game.view(None)["seats"]):
        for section, houses in s["castle_parts"].items():
            assert batches[(seat, section)] == houses
    for e in events:
        if e["kind"] == "batch":
            assert e["prestige"] == {"dungeon": 5, "walls": 4, "towers": 3}[e["section"]]
            assert e["cubes"][0] == "food" and len(set(e["cubes"])) == 3


@pytest.mark.parametrize("players,seed", GAMES)
def test_each_section_is_counted_once_for_every_player(players, seed):
    """p5: "only one count per section"; each player scores it (or loses prestige without a house there)."""
    events = finished(players, seed).events()
    counts = [e for e in events if e["kind"] == "count"]
    assert [e["section"] for e in events if e["kind"] == "counted"] == ["dungeon", "walls", "towers"]
    assert Counter(e["section"] for e in counts) == {s: players for s in ("dungeon", "walls", "towers")}
    for e in counts:
        assert e["prestige"] <= 0 and (e["houses"] > 0 or e["favors"] == 0)


@pytest.mark.parametrize("players,seed", GAMES)
def test_the_end_bonuses_and_the_result(players, seed):
    """p6 "End of the game": 3 prestige a gold cube, 1 per 3 other cubes, 1 per 4 deniers."""
    game = finished(players, seed)
    events = game.events()
    bonus = {e["player"]: e for e in events if e["kind"] == "end_bonus"}
    for seat, s in enumerate(game.view(None)["seats"]):
        assert bonus[seat]["parts"] == s["end_bonus_parts"] and bonus[seat]["total"] == s["end_bonus"]
    assert events[-1] == {"kind": "game_over", "player": None, "scores": game.scores(), "winners": game.winners()}


def test_favors_say_the_line_column_and_what_they_gave():
    """p6 favor table: a favor moves the marker one column on a line and gives that column's effect."""
    seen = Counter()
    for seed in range(1, 6):
        for e in finished(4, seed).events():
            if e["kind"] == "favor":
                seen[e["line"]] += 1
                assert 1 <= e["column"] <= 5
                if e["line"] == "prestige":
                    assert e["gain"] == {"prestige": e["column"]}
            elif e["kind"] == "favors":
                assert e["count"] >= 1 and e["prestige"] == 0
    assert seen["prestige"] and seen["deniers"]


def test_simplified_favors_are_three_prestige_each():
    """p6: in the simplified game each favor is worth 3 prestige."""
    events = finished(4, 3, favors="simplified").events()
    favors = [e for e in events if e["kind"] == "favors"]
    assert favors and all(e["prestige"] == 3 * e["count"] for e in favors)
    assert not any(e["kind"] == "favor" for e in events)


def test_placing_on_another_players_building_pays_and_gives_its_owner_prestige():
    """p2 b and p3 c: the placement price, and 1 prestige to the owner of the building."""
    game = new(players=4, order=[BLUE, RED, GREEN, ORANGE])
    space = put_tile(game, "sawmill", owner=GREEN)
    sync(game)
    game.board.events = []
    play(game, "place:sawmill")
    assert game.board.events[-1] == {"kind": "place", "player": BLUE, "building": "sawmill", "space": space,
                                     "paid": 1, "owner": GREEN, "owner_prestige": 1}
    play(game, "pass")
    assert game.board.events[-1] == {"kind": "pass", "player": RED, "deniers": 1, "position": 1}


def test_production_tells_who_got_what_from_which_building():
    """p3 a: a production building gives its worker its cubes."""
    game = new(players=4, order=[BLUE, RED, GREEN, ORANGE])
    game.board.events = []
    space = use_building(game, "quarry", BLUE, owner=RED)
    produced = [e for e in game.board.events if e["kind"] == "produce"]
    assert produced == [{"kind": "produce", "player": BLUE, "building": "quarry", "space": space,
                         "gain": {"stone": 2}}]


def test_buying_and_declining_at_the_peddler():
    """p4 d: the peddler sells 1 cube (or 2) for 1 denier each; the player may pass."""
    game = new(players=4, order=[BLUE, RED, GREEN, ORANGE])
    set_cubes(game, BLUE, deniers=5)
    game.board.events = []
    use_building(game, "peddler", BLUE)
    play(game, "buy:wood", "pass")
    told = [e for e in game.board.events if e["kind"] in ("trade", "decline")]
    assert told[:2] == [
        {"kind": "trade", "player": BLUE, "building": "peddler", "paid": {"deniers": 1}, "gain": {"wood": 1}},
        {"kind": "decline", "player": BLUE, "building": "peddler"},
    ]
