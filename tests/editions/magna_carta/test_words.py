"""Caylus Magna Carta in plain words: every token, decision and card (caylus.editions.magna_carta.words).

What a card does is checked against the rulebook (shared/rules/magna-carta-rules.md, "Detail of the Buildings").
Views are plain data, so a position is set up by editing a fresh view.
"""

from __future__ import annotations

import copy
import random

import pytest

import caylus
from tests.editions.magna_carta.test_mc_reachability import BEGINNER_NEVER, SAVER_SHARE, choose
from tests.editions.words_check import Describer, check_event_words

EDITION = "magna-carta"


@pytest.mark.parametrize("rules", ["standard", "beginner"])
def test_every_token_reached_in_games_gets_words(rules):
    every = {a.token for a in caylus.get_edition(EDITION).actions}
    wanted = every if rules == "standard" else every - BEGINNER_NEVER
    describer = Describer()
    played: set[str] = set()
    for seed in range(1000):
        for players in (2, 3, 4):
            game = caylus.new_game(EDITION, players=players, seed=seed, rules=rules)
            rng = random.Random(seed)
            savers = [rng.random() < SAVER_SHARE for _ in range(players)]
            while not game.is_terminal:
                describer.see(game)
                action = choose(game, rng, savers[game.current_player], played)
                played.add(action.token)
                game.apply(action)
        if describer.described >= wanted:
            break
    assert sorted(wanted - describer.described) == []


def actions_view(players=3, rules="standard") -> dict:
    """Turn 1's actions phase, seen by its first player (the opening hands kept)."""
    game = caylus.new_game(EDITION, players=players, seed=4, rules=rules)
    while game.view(None)["phase"] == "redraw":
        game.apply("pass")
    return game.view(game.current_player)


def with_decision(view, decision: str, player: int, index=-1, extra=0) -> dict:
    view = copy.deepcopy(view)
    view["stack"] = [[decision, player, index, extra]]
    return view


def test_the_actions_of_phase_2_cost_a_denier():
    """Phase 2: drawing, replacing the hand and placing a worker cost 1 denier; the first to pass takes 1."""
    view = actions_view()
    me = view["current_player"]
    assert caylus.describe_action(view, "draw") == "Draw a card (1 denier)"
    assert caylus.describe_action(view, "pass") == "Pass (you get 1 denier as the first to pass)"
    park = next(i for i, c in enumerate(view["road"]) if c["card"] == "peddler")
    assert caylus.describe_action(view, "place:peddler") == (
        f"Place a worker on the neutral Peddler, card {park + 1} (1 denier): buy 1 food, wood or stone for 1 denier")
    view["road"].append({"card": "market", "owner": (me + 1) % 3, "worker": None, "face": "building", "pool": 0})
    owner = caylus.describe_building(view, "market")["where"].split("'")[0]
    token = f"place:{owner.lower()}_market"
    assert caylus.describe_action(view, token).startswith(f"Place a worker on {owner}'s Market, card {len(view['road'])} "
                                                          f"(1 denier; {owner} takes 1 denier; beyond the provost")


def test_building_costs_and_a_payment_in_progress():
    """The Market costs 1 wood + 1 cube of any kind (a white cube); each way of paying says the cubes it gives and what is owed after it."""
    view = actions_view()
    assert caylus.describe_action(view, "build:market") == (
        "Build the Market from your hand at the end of the road (pay 1 wood, 1 cube of any kind; worth 2 prestige): "
        "sell 1 cube for 4 deniers")
    view = with_decision(view, "pay", 0, extra=1 << 3 | 1 << 9)  # 1 wood and 1 cube of any kind still owed
    seat = view["seats"][0]  # the payer
    seat.update(food=2, wood=2, stone=0, gold=1)
    assert caylus.describe_action(view, "pay:food") == "Pay with 1 food (still owed: 1 wood)"
    assert caylus.describe_action(view, "pay:gold") == "Pay with 1 gold (still owed: 1 wood)"
    # "Gold is a wild resource ... White cubes stand for cubes of any kind" (rulebook, resources): the wood given
    # for the white cube pays the wood the cost asks for too, in one answer (the engine asks each way once).
    assert caylus.describe_action(view, "pay:wood") == "Pay with 2 wood (the cost is paid)"


def test_church_and_castle_name_the_token_taken():
    """Church: 1 castle token for 2 deniers or 2 for 5 (owner: 1 for 3); tokens come from the Dungeon first."""
    view = with_decision(actions_view(), "church", 0, index=0, extra=1)
    assert caylus.describe_action(view, "church:2") == (
        "Pay 5 deniers for 2 castle tokens, starting with a 4-point dungeon token")
    view = with_decision(view, "church", 0, index=0, extra=0)
    assert caylus.describe_action(view, "church:1") == (
        "Pay 3 deniers for 1 castle token (your Church's bonus), starting with a 4-point dungeon token")
    view["castle"]["dungeon"] = 0
    view = with_decision(view, "castle", 0)
    assert caylus.describe_action(view, "batch") == (
        "Give a batch to the castle (1 food, 1 wood, 1 stone; gold is wild) for a 3-point walls token")


@pytest.mark.parametrize("name, words", [
    ("small farm", ["takes 1 food", "from the 4 cubes put on the card"]),  # Farm/Sawmill/Quarry (wood)
    ("large quarry", ["takes 2 stone", "its owner takes 1 stone"]),
    ("peddler", ["buy 1 or 2 cubes", "its owner may buy 1 cube"]),
    ("market", ["sell 1 cube for 4 deniers", "its owner takes 1 denier"]),
    ("gold mine", ["takes 1 gold", "swap 1 food, wood or stone for 1 gold"]),
    ("bank", ["1 gold for 1 denier, or 2 gold for 3 deniers", "1 gold for 2 deniers"]),
    ("church", ["1 castle token for 2 deniers, or 2 for 5 deniers", "1 castle token for 3 deniers"]),
    ("lawyer", ["pay 1 food", "not a Lawyer", "its owner takes 2 deniers"]),
    ("trading post", ["takes 2 deniers"]),
    ("neutral peddler", ["buy 1 food, wood or stone for 1 denier"]),
    ("hotel", ["1 more denier of income"]),
])
def test_cards_say_what_the_rulebook_says(name, words):
    entry = caylus.describe_building(actions_view(), name)
    for phrase in words:
        assert phrase.lower() in entry["text"].lower(), (name, entry["text"])


def test_words_reveal_no_hidden_hand():
    """A seat's view hides the other hands: the words of that view are those of the omniscient view, so they can
    tell nothing a hand holds."""
    game = caylus.new_game(EDITION, players=3, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    full = game.view(None)

    def words(view):
        return ([caylus.describe_decision(view)]
                + [caylus.describe_action(view, a) for a in caylus.get_edition(EDITION).actions]
                + [caylus.describe_building(view, n) for n in caylus.building_names(view)])

    for seat in range(3):
        view = game.view(seat)
        assert any(s["hand"] is None for s in view["seats"])
        assert words(view) == words(full)


def test_beginner_rules_put_prestige_buildings_in_front():
    view = actions_view(rules="beginner")
    assert caylus.describe_building(view, "lawyer")["where"] == "not used in the beginner rules"
    assert "in front of you" in caylus.describe_action(with_decision(view, "action", 0), "prestige:statue")


@pytest.mark.parametrize("rules", ["standard", "beginner"])
def test_every_event_reads_as_a_sentence(rules):
    kinds = check_event_words(EDITION, 8, rules=rules)
    assert {"draw", "place", "pass", "build", "produce", "game_over"} <= kinds


def test_a_card_drawn_is_named_to_its_drawer_only():
    """docs/events.md: a draw's cards are the drawer's secret; the others read only how many."""
    game = caylus.new_game(EDITION, players=3, seed=2)
    game.record_events()
    first = next(i for i, e in enumerate(game.events(None)) if e["kind"] == "draw")
    drawer = game.events(None)[first]["player"]
    mine = caylus.describe_event(game.view(drawer), game.events(drawer)[first])
    other = (drawer + 1) % 3
    theirs = caylus.describe_event(game.view(other), game.events(other)[first])
    name = caylus.get_edition(EDITION).player_names[drawer]
    assert mine.startswith(f"{name} draws 3 cards: ") and theirs == f"{name} draws 3 cards"
