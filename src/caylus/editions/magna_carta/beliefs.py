"""What a seat knows of the cards it cannot see, and determinizations: full boards dealt only from the worlds that
fit everything the seat has seen.

Each player's cards are their own twelve (ten in the beginner rules), all different. A card is on the road or in
the discard pile (public), or hidden: in its owner's hand (seen by the owner) or pile (seen by nobody). A pile is
shuffled from a known set of cards: at the setup from the whole deck, later from the discard pile that everyone
saw go into it (the view's `pile_from`), and a reshuffle only happens when the pile is empty. So for another
seat's cards a seat with a memory knows:

- a hidden card that was not in the cards the pile was last shuffled from is in the hand, surely (it was kept in
  hand, or drawn from an earlier pile);
- the other hidden cards are the pile and the rest of the hand, every split of them equally likely.

Why equally likely: every shuffle is uniform and independent of the others, and what the table sees of a card
drawn since the last reshuffle (played or discarded when it leaves the hand) only says when it had been drawn, which
constrains the draws' order and not which of the cards still hidden were drawn; so each split of the hidden cards of
the last pile into "drawn, still in hand" and "still in the pile" is reached by as many shuffles as any other.
That is the uniform prior of the rules. The players' choices are treated as telling nothing: a real opponent's
choice depends on their hand (holding back a card, passing), which a model of that player could exploit and these
beliefs do not (every choice a player made was legal whatever their hidden cards; the engine asks for an action
even when only passing is possible, `rules.must_ask`, so being asked tells nothing either).
"""

from __future__ import annotations

from dataclasses import dataclass

from caylus.core.errors import BadOption
from caylus.core.rng import Rng

from .catalog import CARDS, PLAYER_NAMES
from .rules import Board
from .setup import deck_cards
from .view import _checked_board


@dataclass(frozen=True)
class SeatBelief:
    """What the viewer knows of one seat's hidden cards (card ids, sorted).

    `in_hand`: surely in the hand (for the viewer's own seat, its hand). `open_cards`: each is in the hand or the
    pile, every split equally likely, with `open_in_hand` of them in the hand and the rest in the pile (in an order
    nobody knows). The hand is `in_hand` plus `open_in_hand` of `open_cards`.
    """

    in_hand: tuple[int, ...]
    open_cards: tuple[int, ...]
    open_in_hand: int

    @property
    def pile_size(self) -> int:
        return len(self.open_cards) - self.open_in_hand

    def hand_names(self) -> list[str]:
        return [CARDS[c].name for c in self.in_hand]

    def possible(self, hand, pile) -> bool:
        """Whether a hand and a pile (card ids) are a world these beliefs allow."""
        hand, pile = sorted(hand), sorted(pile)
        return (set(self.in_hand) <= set(hand) and len(hand) == len(self.in_hand) + self.open_in_hand
                and len(pile) == self.pile_size
                and sorted([*(set(hand) - set(self.in_hand)), *pile]) == sorted(self.open_cards)
                and not set(hand) & set(pile))


def beliefs(v: dict) -> list[SeatBelief]:
    """What the viewer of view `v` knows of each seat's hidden cards (seat order). `BadOption` if `v` is not a
    seat's view of this edition or its counts do not fit together. The omniscient view knows every hand: its
    `open_cards` are the piles."""
    return _beliefs(_checked_board(v), v)


def _beliefs(b: Board, v: dict) -> list[SeatBelief]:
    viewer = v["viewer"]
    out = []
    for q, seat in enumerate(v["seats"]):
        seen = set(b.discard[q])
        seen.update(c for c, o in zip(b.road_card, b.road_owner) if o == q)
        hidden = [c for c in deck_cards(b.standard) if c not in seen]
        hand_size, pile_size = seat["hand_size"], seat["deck_size"]
        if len(hidden) != hand_size + pile_size:
            raise BadOption(f"determinize: the view is inconsistent ({PLAYER_NAMES[q]} has {len(hidden)} unseen "
                            f"cards for {hand_size} in hand and {pile_size} in the pile)")
        if viewer is None or viewer == q:
            hand = set(b.hand[q])
            if len(hand) != hand_size or not hand <= set(hidden):
                raise BadOption(f"determinize: the view is inconsistent ({PLAYER_NAMES[q]}'s hand is not among "
                                f"their unseen cards)")
            out.append(SeatBelief(tuple(sorted(hand)), tuple(c for c in hidden if c not in hand), 0))
            continue
        shuffled_from = b.pile_from[q]
        if shuffled_from is None:
            kept = []
        else:
            source = set(shuffled_from)
            kept = [c for c in hidden if c not in source]
        if len(kept) > hand_size:
            raise BadOption(f"determinize: the view is inconsistent ({PLAYER_NAMES[q]} has {len(kept)} cards that "
                            f"are not from their pile's shuffle, for {hand_size} in hand)")
        open_cards = tuple(c for c in hidden if c not in kept)
        out.append(SeatBelief(tuple(kept), open_cards, hand_size - len(kept)))
    return out


def determinize(v: dict, rng: Rng) -> Board:
    """A full board consistent with everything the viewer of `v` has seen, dealt uniformly among those worlds
    (see the module's doc for what that means and what it leaves out). The random generator is fresh: the real
    one's state would foretell every reshuffle."""
    b = _checked_board(v)
    if v["viewer"] is None:
        return b  # nothing is hidden from the omniscient view, not even the random generator
    known = _beliefs(b, v)
    b.rng = Rng(rng.next64())
    for q, belief in enumerate(known):
        cards = list(belief.open_cards)
        rng.shuffle(cards)  # a uniform order: its first cards are a uniform split, the rest a uniform pile order
        k = belief.open_in_hand
        b.hand[q] = sorted((*belief.in_hand, *cards[:k]))
        b.deck[q] = cards[k:]
    return b

