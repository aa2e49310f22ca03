"""Perfect recall: a seat's whole action-observation history as a fixed-size float32 vector, for the OpenSpiel
information state and the PettingZoo and Gymnasium environments' ``perfect_recall`` option.

What a seat has seen is the current view plus its history: every player action so far (all public in every
edition; the setup's seed is not among them) and, where cards are hidden (Magna Carta), what only the seat saw
after the setup and after each action (its hand, `Edition.private`). The vector, after the encoded view:

- ``recall_length`` (1): how many player actions so far;
- ``recall_actions`` (`RECALL_ACTIONS`): the k-th player action's id + 1, then 0;
- ``recall_private`` (1 + `RECALL_ACTIONS`, hidden-information editions only): the seat's hand after the setup,
  then after each action, as a bit mask of its card ids (the sum of 2**id, exact in float32: ids stay below 24;
  -1: unknown, before a re-deal), then 0;
- ``recall_public`` (players x (1 + `RECALL_ACTIONS`), hidden-information editions only): for each seat in turn,
  the cards of that seat everyone saw out of hiding (its discard pile, `Edition.public`) after the setup, then
  after each action, as bit masks, then 0. The view shows a pile that was shuffled into a new one only as a set,
  so without it two games that showed those cards in another order would be one information state.

Two different information states never share a vector while a game has at most `RECALL_ACTIONS` player actions
(random games take a few hundred); past that the vector keeps the first ones.
"""

from __future__ import annotations

from caylus import Game, new_game
from caylus.core.registry import game_from_dealt

from ._extra import need

np = need("numpy")

# How many player actions the vector holds: a bound far above any game seen (tests/research/test_recall.py prints
# the longest); past it the vector keeps the first ones only.
RECALL_ACTIONS = 2000


def recall_size(hidden: bool, players: int) -> int:
    """Slots of the history part: with `hidden`, the private part and each of the `players` seats' public part."""
    return 1 + RECALL_ACTIONS + ((1 + RECALL_ACTIONS) * (1 + players) if hidden else 0)


def masks(cards_by_seat) -> tuple[int, ...]:
    """Each seat's cards as a bit mask (sum of 2**id): what the public part holds at one point."""
    return tuple(sum(1 << c for c in cards) for cards in cards_by_seat)


def hand_mask(cards) -> float:
    """What a seat saw at one point as one number: the bit mask of its card ids, -1 where it is unknown."""
    return -1.0 if cards is None else float(sum(1 << c for c in cards))


class Recall:
    """The history of one game for every seat, kept as it is played: `add(game, action_id)` after each action,
    `write(out, seat)` for a seat's vector. Made from a game part-way through, it replays the game from its setup
    (or the world it was dealt) to learn what each seat saw at every point."""

    __slots__ = ("private", "public", "length", "actions", "seen", "shown")

    def __init__(self, game: Game):
        edition = game.edition
        self.private = edition.private
        self.public = edition.public
        self.length = 0
        self.actions = np.zeros(RECALL_ACTIONS, np.float32)
        self.seen = np.zeros((game.num_players, RECALL_ACTIONS + 1), np.float32) if self.private else None
        self.shown = np.zeros((game.num_players, RECALL_ACTIONS + 1), np.float32) if self.private else None
        start = game
        if game.history:
            dealt = game.dealt()
            start = (new_game(edition.id, players=game.num_players, seed=game.seed, **game.options)
                     if dealt is None else game_from_dealt(edition.id, game.num_players, game.seed, game.options,
                                                           dealt))
        self._saw(start, 0)
        if start is not game:
            for act in game.history:
                start.apply(act)
                self.add(start, act.index)

    def _saw(self, game: Game, point: int) -> None:
        if self.seen is not None and point <= RECALL_ACTIONS:
            board, private = game.board, self.private
            for seat in range(self.seen.shape[0]):
                self.seen[seat, point] = hand_mask(private(board, seat))
            self.shown[:, point] = masks(self.public(board))

    def add(self, game: Game, action_id: int) -> None:
        """Note the action `action_id` just applied to `game` (and what each seat sees after it)."""
        if self.length < RECALL_ACTIONS:
            self.actions[self.length] = action_id + 1
        self.length += 1
        self._saw(game, self.length)

    def write(self, out, seat: int) -> None:
        """Fill `out` (`recall_size` slots) with what `seat` recalls."""
        out[0] = self.length
        out[1:1 + RECALL_ACTIONS] = self.actions
        if self.seen is not None:
            at = 2 + 2 * RECALL_ACTIONS
            out[1 + RECALL_ACTIONS:at] = self.seen[seat]
            out[at:] = self.shown.ravel()
