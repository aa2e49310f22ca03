"""Caylus 1303 in plain words: every token, decision, building and character (caylus.editions.c1303.words).

What a building or character does is checked against the rulebook (shared/rules/caylus-1303-rules.md) and the
reference's figures (shared/reference/caylus-1303.md). Views are plain data, so a position is set up by editing
a fresh view.
"""

from __future__ import annotations

import copy
import random

import pytest

import caylus
from tests.editions.c1303.test_c1303_reachability import choose
from tests.editions.words_check import Describer, check_event_words

EDITION = "caylus-1303"


def test_every_token_reached_in_games_gets_words():
    every = {a.token for a in caylus.get_edition(EDITION).actions}
    describer = Describer()
    played: set[str] = set()
    for seed in range(3000):
        options = {"characters": ("random", "recommended")[seed % 2]}
        game = caylus.new_game(EDITION, players=2 + seed % 4, seed=seed, **options)
        rng = random.Random(seed)
        builder = rng.randrange(game.num_players)
        while not game.is_terminal:
            describer.see(game)
            action = choose(game, rng, builder, played)
            played.add(action.token)
            game.apply(action)
        if describer.described >= every:
            break
    assert sorted(every - describer.described) == []


def planning_view() -> dict:
    """Round 1 Planning, Blue to place (the draft played with the first characters offered)."""
    game = caylus.new_game(EDITION, players=4, seed=2, characters="recommended")
    while game.view(None)["phase"] == "draft":
        game.apply(game.legal_actions()[0])
    return game.view(None)


def with_decision(view, decision: str, player: str, a=0, b=0) -> dict:
    view = copy.deepcopy(view)
    view["flow"]["stack"] = [{"decision": decision, "player": player, "a": a, "b": b}]
    return view


def test_placing_costs_a_worker_then_two_once_someone_has_passed():
    """Planning a): 1 Worker; once a player has passed, 1 more goes back to the camp (but for the Night Worker);
    the owner of another player's building gains 1 PP (2 with the Steward, none from the Thief's workers)."""
    view = with_decision(planning_view(), "plan", "Red")
    assert caylus.describe_action(view, "pass") == "Pass (a house on the Guilds Bridge; you become the first player)"
    assert caylus.describe_action(view, "place:toll") == (
        "Place a worker on the Toll, before the Guilds Bridge (1 worker): move the provost 1 or 2 steps either way, "
        "free")
    view["guilds_bridge"] = ["Blue"]
    assert caylus.describe_action(view, "place:construction_site") == (
        "Place a worker on the construction site to deliver bundles (2 workers: 1 goes back to the camp)")
    view["characters"]["night_worker"] = "Red"
    assert caylus.describe_action(view, "place:construction_site").endswith("(1 worker)")
    wood = view["road"][8]  # the Wood building placed at setup
    wood["owner"] = "Green"
    token = "place:" + wood["building"]
    assert "Green gains 1 prestige" in caylus.describe_action(view, token)
    view["characters"]["steward"] = "Green"
    assert "Green gains 2 prestige" in caylus.describe_action(view, token)
    view["characters"]["thief"] = "Red"
    assert "gains" not in caylus.describe_action(view, token).split(":")[0]


def test_offers_and_payments_in_context():
    """The Tailor (Wood Buildings: 1 fabric for 4 PP or 2 for 6), the Foundry (1 Worker for 1 gold or 3 for 2)."""
    view = with_decision(planning_view(), "offer", "Blue", a="tailor")
    assert caylus.describe_action(view, "prestige:4") == "Spend 1 fabric for 4 prestige at the Tailor"
    assert caylus.describe_action(view, "prestige:6") == "Spend 2 fabric for 6 prestige at the Tailor"
    assert caylus.describe_action(view, "pass") == "Decline the offer"
    view = with_decision(view, "offer", "Blue", a="foundry")
    assert caylus.describe_action(view, "gold:2") == "Return 3 workers to the camp for 2 gold at the Foundry"
    view = with_decision(view, "pay", "Blue", a=2)
    assert caylus.describe_action(view, "spend:wood") == "Spend 1 wood (1 more to pay)"


def test_bundles_count_the_foreman_and_the_goldsmith():
    """Delivery: 5 PP a bundle; the Foreman +1 a bundle; the Goldsmith +5 once a round for a bundle with gold."""
    view = with_decision(planning_view(), "deliver", "Blue")
    view["characters"]["foreman"] = "Blue"
    view["characters"]["goldsmith"] = "Blue"
    assert caylus.describe_action(view, "bundle:food_wood_stone") == "Deliver a bundle of 1 food, 1 wood, 1 stone (+6 prestige)"
    assert caylus.describe_action(view, "bundle:food_wood_gold") == "Deliver a bundle of 1 food, 1 wood, 1 gold (+11 prestige)"


@pytest.mark.parametrize("name, words", [
    ("guild", ["spend 1 food, wood, stone or fabric for 5 workers"]),  # Stone Buildings: Guild
    ("church", ["return 2 workers to the camp for 4 prestige", "4 workers to the camp for 6 prestige"]),
    ("jeweler", ["spend 1 gold for 5 prestige", "2 gold for 9 prestige"]),
    ("stone farm", ["takes 2 food, 1 fabric", "its owner takes 1 food"]),  # Stone Buildings: owner's bonus
    ("stonemason", ["without paying its stone"]),  # Wood Buildings: the Stonemason's setup side
    ("covered market", ["takes 3 workers", "takes 2 workers from the camp and gains 1 prestige"]),
    ("Early Riser", ["returning 1 more worker"]),  # Characters
    ("journeyman", ["once a round"]),
    ("thief", ["no prestige"]),
    ("steward", ["2 prestige"]),
    ("the chamberlain", ["any 3 resources"]),
    ("goldsmith", ["+5 prestige", "gold"]),
    ("theater", ["a favor when built"]),  # the rulebook's Theater: a Favor
    ("garden", ["2 more workers at every Recruitment"]),
])
def test_buildings_and_characters_say_what_the_rulebook_says(name, words):
    entry = caylus.describe_building(planning_view(), name)
    for phrase in words:
        assert phrase.lower() in entry["text"].lower(), (name, entry["text"])


def test_where_buildings_and_characters_are():
    view = planning_view()
    assert caylus.describe_building(view, "toll")["where"] == "before the Guilds Bridge"
    site = view["construction_site"]["buildings"]
    assert caylus.describe_building(view, site[0])["where"] == "on the construction site (building 1)"
    holder = next(p for c, p in view["characters"].items() if c == "bailiff")
    entry = caylus.describe_building(view, "bailiff")
    assert entry["kind"] == "character" and entry["owner"] == holder and entry["where"] == f"in front of {holder}"
    assert caylus.describe_building(view, "mansion")["cost"] == "5 stone, 5 gold at Stewardship, over a residence (+20 prestige)"


def test_every_event_reads_as_a_sentence():
    kinds = check_event_words(EDITION, 8)
    assert {"place", "pass", "produce", "bundle", "recruit", "character", "game_over"} <= kinds


def test_event_words_count_road_spaces_from_one():
    """Events count Road spaces from 0 (as the view's list); the words, like the board, from 1."""
    view = planning_view()
    assert caylus.describe_event(view, {"kind": "build", "player": 1, "building": "wood_quarry", "space": 9,
                                        "paid": {"food": 1, "wood": 1}, "any_resources": 0, "prestige": 2}) == (
        "Red builds the Wood Quarry on road space 10 for 1 food and 1 wood (+2 prestige)")
    assert caylus.describe_event(view, {"kind": "trade", "player": 0, "offer": "foundry", "paid": {"workers": 3},
                                        "any_resources": 0, "gain": {"gold": 2}}) == (
        "Blue pays 3 workers for 2 gold at the Foundry")


def test_a_building_whose_first_worker_left_before_the_journeymans_is_described():
    """During Activation the first worker may leave a building before the Journeyman's second one: the view then
    shows [None, name] (view._slot), and the building's words name the one still there (this raised in the
    browser's buildings list)."""
    g = caylus.new_game("caylus-1303", players=2, seed=15)
    rng = random.Random(15)
    while len(g.history) < 97:  # this seed's random game reaches such a building at its 97th move
        g.apply(rng.choice(g.legal_actions()))
    view = g.view(0)
    half = [slot for slot in view["printed"] + view["road"] if slot.get("workers") and slot["workers"][0] is None]
    assert half, "the position no longer has a building with only the Journeyman's worker"
    for name in caylus.building_names(view):
        caylus.describe_building(view, name)
