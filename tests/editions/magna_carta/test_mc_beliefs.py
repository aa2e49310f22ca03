"""Beliefs: what a seat knows of the cards it cannot see, from its view and everything it has seen (rulebook p. 2:
each player has their own deck of cards, draws from their pile and shuffles their discard pile into a new pile
when the pile is empty), and determinizations dealt only from the worlds that fit it."""

import os
import random
from collections import Counter

import pytest

import caylus
from caylus.core.errors import BadOption
from caylus.core.rng import Rng
from caylus.editions.magna_carta.beliefs import beliefs, determinize as determinize_board
from caylus.editions.magna_carta.catalog import CARD_BY_NAME
from caylus.editions.magna_carta.setup import deck_cards

CASES = [(n, rules) for rules in ("standard", "beginner") for n in (2, 3, 4)]
# Random games each case of the property test plays: 60 keeps the suite fast (360 games, every seat of each);
# CAYLUS_BELIEF_GAMES=N plays N a case (the thousands of games of issue 25: N=400, about 2,400 games and 7,200 seats).
GAMES = max(1, int(os.environ.get("CAYLUS_BELIEF_GAMES") or 60))


class Witness:
    """An independent account of one seat's memory, kept from the events it is told (docs/events.md) alone: for
    each other seat, its discard pile and the cards its pile may hold (every card at the setup, the discard pile
    that was shuffled at each reshuffle, less what left it since)."""

    def __init__(self, game, seat):
        self.seat = seat
        self.standard = game.options["rules"] == "standard"
        n = game.num_players
        self.discard = [set() for _ in range(n)]
        self.maybe_pile = [set(deck_cards(self.standard)) for _ in range(n)]
        self.out = [set() for _ in range(n)]  # on the road
        self.hand = set()  # the seat's own hand, from its draws
        self.seen = 0

    def follow(self, game):
        for e in game.events(self.seat, since=self.seen):
            q, kind = e["player"], e["kind"]
            if kind == "replace" or kind == "redraw" and e["redraw"]:
                cards = {CARD_BY_NAME[c] for c in e["discarded"]}
                self.discard[q] |= cards
                self.maybe_pile[q] -= cards
                if q == self.seat:
                    assert cards == self.hand
                    self.hand = set()
            elif kind == "reshuffle":
                assert e["count"] == len(self.discard[q])
                self.maybe_pile[q] = set(self.discard[q])
                self.discard[q] = set()
            elif kind == "build":
                card = CARD_BY_NAME[e["card"]]
                self.out[q].add(card)
                self.maybe_pile[q].discard(card)
                if q == self.seat:
                    self.hand.remove(card)
            elif kind == "draw" and q == self.seat:
                self.hand |= {CARD_BY_NAME[c] for c in e["cards"]}
        self.seen = game.event_count

    def allows(self, q, hand, pile) -> bool:
        """Whether a hand and pile for seat q contradict nothing this seat was told."""
        hidden = set(deck_cards(self.standard)) - self.discard[q] - self.out[q]
        if set(hand) | set(pile) != hidden or set(hand) & set(pile):
            return False
        if q == self.seat:
            return set(hand) == self.hand
        return set(pile) <= self.maybe_pile[q]


def random_game(n, rules, seed):
    g = caylus.new_game("magna-carta", players=n, seed=seed, rules=rules)
    g.record_events()
    return g


@pytest.mark.parametrize("n,rules", CASES)
def test_the_real_game_is_possible_and_no_sampled_world_contradicts_what_the_seat_saw(n, rules):
    kept_seen = 0
    for seed in range(GAMES):
        rnd = random.Random(seed)
        g = random_game(n, rules, 10_000 + seed)
        witnesses = [Witness(g, p) for p in range(n)]
        k = 0
        while not g.is_terminal:
            if k % 13 == 0:
                for w in witnesses:
                    w.follow(g)
                    v = g.view(w.seat)
                    known = beliefs(v)
                    for q in range(n):
                        real_hand, real_pile = g.board.hand[q], g.board.deck[q]
                        assert w.allows(q, real_hand, real_pile)  # the real game is a possible world
                        assert known[q].possible(real_hand, real_pile)
                        # The beliefs are exactly the witness's memory: a card is surely in hand iff the seat
                        # saw it could not be in the pile.
                        surely = set(real_hand) | set(real_pile)
                        surely -= w.maybe_pile[q] if q != w.seat else set(real_pile)
                        assert set(known[q].in_hand) == surely
                        kept_seen += q != w.seat and bool(known[q].in_hand)
                    world = caylus.determinize(v, rnd.getrandbits(64))
                    assert world.view(w.seat) == v
                    for q in range(n):
                        assert w.allows(q, world.board.hand[q], world.board.deck[q])
            g.apply(rnd.choice(g.legal_actions()))
            k += 1
    assert kept_seen > GAMES * 5 // 6  # the games reach piles shuffled from a discard pile, with cards kept in hand


def test_a_card_kept_through_a_reshuffle_is_never_dealt_into_the_pile():
    """The case the old determinization got wrong: a card everyone knows is in hand (it was not in the discard
    pile that became the pile) must be in hand in every sampled world."""
    for seed in range(400):
        rnd = random.Random(seed)
        g = random_game(2, "standard", seed)
        while not g.is_terminal:
            g.apply(rnd.choice(g.legal_actions()))
            v = g.view(0)
            kept = beliefs(v)[1].in_hand
            if kept and v["seats"][1]["deck_size"]:
                for s in range(40):
                    world = caylus.determinize(v, s)
                    assert set(kept) <= set(world.board.hand[1])
                    assert not set(kept) & set(world.board.deck[1])
                return
    pytest.fail("no random game kept a card through a reshuffle")


def test_the_open_cards_are_split_uniformly():
    """Each card the seat cannot place is in the pile with the same chance (pile size / open cards), and every
    pile is possible."""
    for seed in range(400):
        rnd = random.Random(seed)
        g = random_game(2, "standard", seed)
        while not g.is_terminal:
            g.apply(rnd.choice(g.legal_actions()))
            v = g.view(0)
            b = beliefs(v)[1]
            if b.in_hand and b.open_in_hand and b.pile_size >= 2:
                break
        else:
            continue
        draws = 4000
        counts = Counter()
        piles = Counter()
        for s in range(draws):
            deck = determinize_board(v, Rng(s)).deck[1]
            counts.update(deck)
            piles[frozenset(deck)] += 1
        share = b.pile_size / len(b.open_cards)
        for c in b.open_cards:
            expected = draws * share
            assert abs(counts[c] - expected) < 5 * (expected * (1 - share)) ** 0.5
        from math import comb
        assert len(piles) == comb(len(b.open_cards), b.pile_size)
        return
    pytest.fail("no random game reached a split to test")


def test_a_view_whose_pile_could_not_have_been_shuffled_is_refused():
    g = caylus.new_game("magna-carta", players=2, seed=3)
    v = g.view(0)
    v["seats"][1]["pile_from"] = ["bank", "bank"]
    with pytest.raises(BadOption, match="pile"):
        caylus.determinize(v, 1)
    v["seats"][1]["pile_from"] = []  # every hidden card would then be kept in hand: more than the hand holds
    with pytest.raises(BadOption, match="inconsistent"):
        caylus.determinize(v, 1)
