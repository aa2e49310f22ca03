"""Caylus (2005) in plain words: every token, decision and building (caylus.editions.classic.words).

What a building does is checked against the rulebook (shared/rules/caylus-rules.txt, "rules pN"). Views are plain
data, so a position is set up by editing a fresh view.
"""

from __future__ import annotations

import copy
import random

import pytest

import caylus
from tests.editions.classic.test_reachability import OPTIONS, KeenAgent
from tests.editions.words_check import Describer, check_event_words

EDITION = "caylus"


def test_every_token_reached_in_games_gets_words():
    """The reachability test's keen players reach every token; each gets a text in the position it was legal in."""
    edition = caylus.get_edition(EDITION)
    every = {a.token for a in edition.actions}
    describer = Describer()
    for seed in range(600):
        agent = KeenAgent(seed)
        game = caylus.new_game(EDITION, players=2 + seed % 4, seed=seed, **OPTIONS)
        while not game.is_terminal:
            describer.see(game)
            game.apply(agent.choose(game))
        if describer.described >= every:
            break
    assert sorted(every - describer.described) == []


def fresh_view(players=4, **options) -> dict:
    return caylus.new_game(EDITION, players=players, seed=3, **options).view(None)


def seat_to_move(view) -> int:
    return view["decisions"][-1]["player"]


def with_decision(view, kind: str, player: int, a=0, b=0) -> dict:
    view = copy.deepcopy(view)
    view["decisions"] = [{"kind": kind, "player": player, "args": [a, b]}]
    return view


def test_placement_costs_follow_the_passing_scale():
    """Rules p2: the first to pass takes 1 denier; a worker costs the lowest free number of the bridge, 1 denier on
    one's own building; the owner of another's building gains 1 prestige (p3 c: Red on Green's mason pays 3
    deniers since Blue and Orange passed, and Green gains 1 prestige)."""
    view = fresh_view()
    blue, red, green, orange = 0, 1, 2, 3
    view = with_decision(view, "place a worker or pass", red)
    assert caylus.describe_action(view, "pass") == "Pass (you get 1 denier as the first to pass)"
    view["passing_order"] = [blue, orange]
    mason = next(s for s in view["road"] if s["tile"] is None)
    mason.update(tile="mason", owner=green)
    assert caylus.describe_action(view, "place:mason") == (
        f"Place a worker on Green's Mason, space {mason['space']} (3 deniers; Green gains 1 prestige)")
    mason["owner"] = red
    assert caylus.describe_action(view, "place:mason") == f"Place a worker on your Mason, space {mason['space']} (1 denier)"
    assert caylus.describe_action(view, "place:castle") == "Place a worker in the castle (3 deniers)"
    assert caylus.describe_action(view, "pass") == "Pass (place no more workers this turn)"
    # Rules p3 f: the inn's right-circle holder pays 1 denier a worker.
    view["special_buildings"]["inn"]["right"] = red
    assert caylus.describe_action(view, "place:gate") == "Place a worker on the Gate (1 denier)"
    assert "3 of 4 have passed" not in caylus.describe_decision(view)
    assert caylus.describe_decision(view).startswith("Red: place a worker or pass (a worker costs 1 denier")


def test_the_provost_costs_a_denier_a_space_and_the_guild_moves_him_free():
    """Rules p3 c (merchants' guild: 1-3 spaces, free) and phase 4 (1 denier a space)."""
    view = with_decision(fresh_view(), "move the provost", 2)
    assert caylus.describe_action(view, "provost:+2") == f"Move the provost 2 spaces forward, to space {view['provost'] + 2} (2 deniers)"
    assert caylus.describe_action(view, "pass") == f"Leave the provost on space {view['provost']}"
    view = with_decision(view, "move the provost with the merchants' guild", 2)
    assert caylus.describe_action(view, "provost:-1").endswith("(free)")


def test_building_costs_and_the_favor_discount():
    """Rules p4 b: a craft building costs its cubes and gives its prestige; the favor table's buildings line takes
    1 wood off a wood building (rules p6)."""
    view = with_decision(fresh_view(), "choose a building to build", 1, a=2, b=-1)  # a carpenter: wood tiles
    site = next(s["space"] for s in view["road"] if s["tile"] is None)
    assert caylus.describe_action(view, "build:sawmill") == (
        f"Build the Sawmill on space {site} (pay 1 food, 1 wood; +2 prestige)")
    assert caylus.describe_action(view, "build:peddler") == (
        f"Build the Peddler on space {site} (pay 1 wood, 1 cube of any kind; +4 prestige)")
    view = with_decision(view, "choose a building effect from the favor table", 1, a=2)
    assert caylus.describe_action(view, "build:sawmill") == (
        f"Build the Sawmill on space {site} with the royal favor (pay 1 food; +2 prestige)")


def test_castle_batches_and_the_penalty():
    """Rules p5 phase 6: a batch is food and 2 other different cubes, 5 prestige in the dungeon; a worker who gives
    none loses 2 prestige."""
    view = with_decision(fresh_view(), "give batches to the castle", 0)
    assert caylus.describe_action(view, "batch:wood+stone") == (
        "Give a batch to the castle (1 food, 1 wood, 1 stone): +5 prestige and a house in the dungeon")
    assert caylus.describe_action(view, "pass") == "Give no batch (you lose 2 prestige)"
    view["seats"][0]["batches_this_turn"] = 1
    assert caylus.describe_action(view, "pass") == "Give no more batches"


def test_favor_lines_name_the_column_reached():
    """Rules p6: a favor moves the marker one column right (columns 1-2 open at first): 1 prestige, 3 deniers."""
    view = with_decision(fresh_view(), "choose a line of the favor table", 0)
    assert caylus.describe_action(view, "favor:prestige") == (
        "Take the prestige line of the favor table (column 1: +1 prestige)")
    view["seats"][0]["favors"]["deniers"] = 1
    assert caylus.describe_action(view, "favor:deniers") == (
        "Take the deniers line of the favor table (column 2: +4 deniers)")
    view["seats"][0]["favors"]["deniers"] = 2  # column 3 is closed until the dungeon is counted
    assert "(column 2: +4 deniers)" in caylus.describe_action(view, "favor:deniers")
    simplified = with_decision(fresh_view(favors="simplified"), "choose a line of the favor table", 0)
    assert caylus.describe_action(simplified, "favor:cubes") == "Take a royal favor (+3 prestige)"


@pytest.mark.parametrize("name, words", [
    ("church", ["pay 2 deniers for 3 prestige", "pay 4 deniers for 5 prestige"]),  # rules p4 f
    ("tailor", ["pay 1 cloth for 2 prestige", "pay 3 cloth for 6 prestige"]),  # rules p4 g
    ("bank", ["pay 2 deniers for 1 gold", "pay 5 deniers for 2 gold"]),  # rules p4 h
    ("alchemist", ["pay 2 cubes (not gold) for 1 gold", "pay 4 cubes (not gold) for 2 gold"]),  # rules p4 i
    ("fixed peddler", ["buy up to 1 cube", "2 deniers each"]),  # rules p4 e: the basic pedlar sells 1 cube
    ("Peddler", ["buy up to 2 cubes"]),  # rules p4 e: the non-basic one 1 or 2
    ("Stone farm", ["2 food and 1 cloth", "the owner also takes one of those cubes"]),  # rules p3 a
    ("food_farm", ["2 food or 1 cloth"]),  # rules p3 a: "Wood farm: produces 2 food cubes OR 1 cloth cube"
    ("lawyer", ["1 cloth and 1 denier", "+2 prestige", "never a Lawyer"]),  # rules p4 c
    ("Statue", ["+7 prestige and 1 royal favor"]),  # rules p4 b example: Statue, 7 prestige and 1 favor
    ("monument", ["2 royal favors"]),  # rules p4 b: the monument gives 2 royal favors
    ("trading post", ["3 deniers"]),  # rules p3 b
    ("Merchants' Guild", ["up to 3 spaces either way"]),  # rules p3 c
    ("joust field", ["1 denier and 1 cloth for a royal favor"]),  # rules p3 d
])
def test_buildings_say_what_the_rulebook_says(name, words):
    entry = caylus.describe_building(fresh_view(), name)
    for phrase in words:
        assert phrase.lower() in entry["text"].lower(), (name, entry["text"])


def test_where_and_who_owns_a_building():
    view = fresh_view()
    assert caylus.describe_building(view, "gold mine")["where"] == "space 16 of the road"
    assert caylus.describe_building(view, "Sawmill")["where"] == "in the stock"
    assert caylus.describe_building(view, "jeweller")["where"] == "not in this game (option jeweller)"
    assert caylus.describe_building(fresh_view(jeweller=True), "jeweller")["where"] == "in the stock"
    site = next(s for s in view["road"] if s["tile"] is None)
    site.update(tile="sawmill", owner=1, worker=2)
    entry = caylus.describe_building(view, "sawmill")
    assert entry["owner"] == "Red" and entry["where"] == f"space {site['space']} of the road (Green's worker is on it)"
    assert entry["cost"] == "1 food, 1 wood at a carpenter (+2 prestige)" and entry["kind"] == "wood building"
    assert caylus.describe_building(view, "gate")["kind"] == "special building"


def test_the_end_of_the_game_names_the_winner():
    game = caylus.new_game(EDITION, players=2, seed=5)
    rng = random.Random(5)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    text = caylus.describe_decision(game.view(0))
    best = max(game.scores())
    assert text.startswith("The game is over: ") and f"with {best} prestige" in text


def test_every_event_reads_as_a_sentence():
    kinds = check_event_words(EDITION, 12)
    assert {"place", "pass", "produce", "build", "batch", "count", "game_over"} <= kinds


def test_event_words():
    view = fresh_view()
    assert caylus.describe_event(view, {"kind": "produce", "player": 1, "building": "sawmill", "space": 9,
                                        "gain": {"wood": 2}}) == "Red takes 2 wood from the Sawmill"
    assert caylus.describe_event(view, {"kind": "place", "player": 2, "building": "mason", "space": 10, "paid": 3,
                                        "owner": 1, "owner_prestige": 1}) == (
        "Green places a worker on the Mason on space 10 (3 deniers); Red gains 1 prestige")
    assert caylus.describe_event(view, {"kind": "castle_done", "player": 0, "batches": 0, "prestige": -2}) == (
        "Blue gives no batch and loses 2 prestige")
