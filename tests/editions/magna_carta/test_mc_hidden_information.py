"""Hidden information: a hand is seen by its owner only, deck orders by nobody; determinize deals what is unseen."""

import json
import random
from collections import Counter

import pytest

import caylus
from caylus.core.rng import Rng
from caylus.editions.magna_carta.catalog import CARD_BY_NAME
from caylus.editions.magna_carta.notation import ACTIONS
from caylus.editions.magna_carta.rules import why_illegal
from caylus.editions.magna_carta.beliefs import determinize as determinize_board
from caylus.editions.magna_carta.view import view as edition_view

from .mc_scenario import BLUE, RED, new, set_player, set_road, to_actions

CASES = [(n, rules) for rules in ("standard", "beginner") for n in (2, 3, 4)]


def positions(n, rules, seed, every=7):
    """Positions along a random game (every `every` decisions)."""
    g = caylus.new_game("magna-carta", players=n, seed=seed, rules=rules)
    rnd = random.Random(seed)
    k = 0
    while not g.is_terminal:
        if k % every == 0:
            yield g
        g.apply(rnd.choice(g.legal_actions()))
        k += 1
    yield g


def hide_differently(board, viewer, rnd):
    """The same board with everything `viewer` cannot see changed: other hands and decks re-dealt, own deck
    reshuffled, and another random generator state."""
    b = board.copy()
    for q in range(b.num_players):
        if q == viewer:
            rnd.shuffle(b.deck[q])
            continue
        pool = b.hand[q] + b.deck[q]
        rnd.shuffle(pool)
        size = len(b.hand[q])
        b.hand[q] = sorted(pool[:size])
        b.deck[q] = pool[size:]
    b.rng.state ^= 0x5DEECE66D
    return b


@pytest.mark.parametrize("n,rules", CASES)
def test_states_differing_only_in_unseen_cards_look_the_same(n, rules):
    rnd = random.Random(1)
    changed = 0
    for g in positions(n, rules, seed=21):
        for p in range(n):
            other = hide_differently(g.board, p, rnd)
            assert edition_view(other, p) == edition_view(g.board, p)
            changed += edition_view(other, None) != edition_view(g.board, None)
            # and through the public API (current player, legal actions if p is to play)
            twin = g.clone()
            twin.board, twin._legal = other, None
            assert twin.view(p) == g.view(p)
    assert changed  # the omniscient view does see the difference


@pytest.mark.parametrize("n,rules", CASES)
def test_refusals_tell_the_player_to_act_nothing_they_cannot_see(n, rules):
    """Why an action is refused is told to the player whose decision it is: it may speak of their own hand, never of
    another hand, a deck order or the random generator."""
    rnd = random.Random(4)
    checked = 0
    for g in positions(n, rules, seed=55, every=3):
        if g.is_terminal:
            continue
        p = g.current_player
        legal = set(g.legal_actions())
        for _ in range(2):
            other = hide_differently(g.board, p, rnd)
            for a in ACTIONS:
                if a not in legal:
                    assert why_illegal(other, a) == why_illegal(g.board, a), a.token
                    checked += 1
    assert checked


@pytest.mark.parametrize("n,rules", CASES)
def test_refusals_name_only_public_things_even_to_a_caller_without_a_seat(n, rules):
    """`Game.apply` may be called by a library that passes the refusal on: a refused action gets the same reason
    whatever any hand holds, the asker's own included (a card is not in hand, or not affordable, by public
    things only). Only whether it is refused may differ, as it must."""
    rnd = random.Random(5)
    checked = 0
    for g in positions(n, rules, seed=56, every=3):
        if g.is_terminal:
            continue
        p = g.current_player
        for _ in range(2):
            other = hide_differently(g.board, p, rnd)
            pool = other.hand[p] + other.deck[p]
            rnd.shuffle(pool)
            other.hand[p], other.deck[p] = sorted(pool[:len(other.hand[p])]), pool[len(other.hand[p]):]
            twin = g.clone()
            twin.board, twin._legal = other, None
            legal = set(g.legal_actions()) | set(twin.legal_actions())
            for a in ACTIONS:
                if a not in legal:
                    assert why_illegal(other, a) == why_illegal(g.board, a), a.token
                    checked += 1
    assert checked


def test_a_view_shows_only_the_viewers_hand_and_no_deck_order_or_rng():
    g = new(4, seed=3)
    for p in range(4):
        v = g.view(p)
        assert "rng" not in v
        for q, seat in enumerate(v["seats"]):
            assert "deck" not in seat
            assert (seat["hand"] is not None) == (q == p)
            assert seat["hand_size"] == 3 and seat["deck_size"] == 9
        assert json.loads(json.dumps(v)) == v
    assert g.view(g.current_player)["legal_actions"] and g.view((g.current_player + 1) % 4)["legal_actions"] == []


def test_own_hand_changes_own_view():
    g = new(2, seed=3)
    b = g.board.copy()
    b.hand[BLUE], b.deck[BLUE] = sorted(b.deck[BLUE][:3]), b.deck[BLUE][3:] + b.hand[BLUE]
    assert edition_view(b, BLUE) != edition_view(g.board, BLUE)
    assert edition_view(b, RED) == edition_view(g.board, RED)


@pytest.mark.parametrize("n,rules", CASES)
def test_determinization_matches_the_view_and_plays_on(n, rules):
    rnd = random.Random(2)
    redealt = 0
    for g in positions(n, rules, seed=33, every=11):
        for p in range(n):
            v = g.view(p)
            d = caylus.determinize(v, rnd.getrandbits(32))
            assert d.view(p) == v
            assert d.legal_tokens() == g.legal_tokens() if g.current_player == p else True
            full = d.view(None)
            for q, seat in enumerate(full["seats"]):
                assert seat["hand_size"] == len(seat["hand"]) and seat["deck_size"] == len(seat["deck"])
            real = g.view(None)
            redealt += any(full["seats"][q]["hand"] != real["seats"][q]["hand"] for q in range(n) if q != p)
            # the determinization plays on legally to the end
            if rnd.random() < 0.2:
                while not d.is_terminal:
                    d.apply(rnd.choice(d.legal_actions()))
    assert redealt  # unseen hands really are dealt again


def test_determinize_from_the_omniscient_view_rebuilds_the_game():
    g = next(p for i, p in enumerate(positions(3, "standard", seed=4)) if i == 6)
    d = caylus.determinize(g.view(None), 0)
    assert d.view(None) == g.view(None)
    rnd1, rnd2 = random.Random(0), random.Random(0)
    while not g.is_terminal:  # same future, reshuffles included
        g.apply(rnd1.choice(g.legal_actions()))
        d.apply(rnd2.choice(d.legal_actions()))
    assert d.view(None) == g.view(None)


def test_a_player_holding_cards_is_asked_even_when_pass_is_all_they_can_do():
    """Red, broke, holds three cards none of which is affordable. If the engine passed for Red by itself, Blue
    would learn that Red's hand holds nothing buildable; so Red is asked, with `pass` as the only answer."""
    g = new(2, seed=9)
    set_road(g, ["park", "peddler"])
    set_player(g, RED, deniers=0, food=0, wood=0, stone=0, gold=0, hand=["bank", "small_farm", "lawyer"],
               deck=["market", "peddler", "church", "gold_mine", "large_farm", "large_sawmill", "large_quarry",
                     "small_sawmill", "small_quarry"], discard=[])
    to_actions(g, RED)
    assert g.current_player == RED and g.legal_tokens() == ["pass"]
    v = g.view(BLUE)
    for seed in range(10):
        d = caylus.determinize(v, seed)
        assert d.current_player == RED and d.view(BLUE) == v


def test_a_player_with_an_empty_hand_and_no_choice_is_not_asked():
    """With no card in hand (which everyone sees), having nothing to do reveals nothing: the pass is automatic."""
    g = new(2, seed=9)
    set_player(g, RED, deniers=0, food=0, wood=0, stone=0, gold=0, hand=[],
               deck=["bank", "small_farm", "lawyer", "market", "peddler", "church", "gold_mine", "large_farm",
                     "large_sawmill", "large_quarry", "small_sawmill", "small_quarry"], discard=[])
    to_actions(g, RED)
    assert g.current_player != RED or len(g.legal_actions()) >= 2


def test_determinize_uses_only_the_given_rng():
    g = new(3, seed=8)
    v = g.view(1)
    a = caylus.determinize(v, Rng(5)).view(None)
    b = caylus.determinize(v, 5).view(None)
    assert a == b


def test_determinize_deals_the_unseen_cards_uniformly():
    """Red is asked for an action with 3 cards in hand and 9 in the deck, none seen by Blue: in Blue's
    determinizations each of Red's 12 cards is in Red's hand a quarter of the time, affordable or not (being
    asked says nothing about the hand, see `rules.must_ask`)."""
    g = new(2, seed=9)
    set_road(g, ["park", "peddler"])
    set_player(g, RED, deniers=0, food=0, wood=1, stone=2, gold=0, hand=["bank", "small_farm", "lawyer"],
               deck=["market", "peddler", "church", "gold_mine", "large_farm", "large_sawmill", "large_quarry",
                     "small_sawmill", "small_quarry"], discard=[])
    to_actions(g, RED)
    v = g.view(BLUE)
    rng = Rng(3)
    counts = Counter()
    runs = 4000
    for _ in range(runs):
        counts.update(determinize_board(v, rng).hand[RED])
    assert len(counts) == 12
    for c in range(12):
        assert abs(counts[c] / runs - 3 / 12) < 0.035, (c, counts[c] / runs)


def test_determinize_rejects_an_inconsistent_view():
    g = new(2, seed=1)
    v = g.view(BLUE)
    v["seats"][RED]["deck_size"] += 1
    with pytest.raises(caylus.BadOption, match="inconsistent"):
        caylus.determinize(v, 0)
