"""Helpers to set a Magna Carta board up directly for scenario tests.

Seats: 0 Blue, 1 Red, 2 Green, 3 Orange. Road cards are written "park" (neutral) or "green:market" (a player's).
After changing a board by hand, `settle(game)` makes the game start afresh from it (and plays forced moves).
"""

from __future__ import annotations

import caylus
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import CARD_BY_NAME, COLOURS, CUBE_NAMES, NEUTRAL_BY_NAME, PRESTIGE_BY_NAME

BLUE, RED, GREEN, ORANGE = 0, 1, 2, 3


def new(players: int = 4, rules: str = "standard", seed: int = 0):
    return caylus.new_game("magna-carta", players=players, seed=seed, rules=rules)


def card(name: str) -> int:
    return CARD_BY_NAME[name]


def set_road(game, cards, provost: int | None = None, pools: dict | None = None):
    """Replace the road: `cards` like ["park", "peddler", "green:market"]; provost index (default: last card)."""
    b = game.board
    b.road_card, b.road_owner = [], []
    for text in cards:
        if ":" in text:
            colour, name = text.split(":")
            b.road_owner.append(COLOURS.index(colour))
            b.road_card.append(CARD_BY_NAME[name])
        else:
            b.road_owner.append(-1)
            b.road_card.append(NEUTRAL_BY_NAME[text])
    n = len(cards)
    b.road_worker = [-1] * n
    b.road_face = [R.BUILDING] * n
    b.road_pool = [0] * n
    for i, cubes in (pools or {}).items():
        b.road_pool[i] = cubes
    if b.standard:
        b.provost = n - 1 if provost is None else provost
    b.workers = [4] * b.num_players


def tidy_cards(game):
    """Take each player's road cards out of their hand, deck and discard pile, so every card is in one place (as
    `determinize` expects of a view); call after `set_road` and `set_player`."""
    b = game.board
    for p in range(b.num_players):
        built = {c for c, o in zip(b.road_card, b.road_owner) if o == p}
        b.hand[p] = [c for c in b.hand[p] if c not in built]
        b.deck[p] = [c for c in b.deck[p] if c not in built]
        b.discard[p] = [c for c in b.discard[p] if c not in built]


def residence(game, index: int, prestige: str | None = None):
    """Turn road card `index` into a Residence (covered by `prestige` if given)."""
    game.board.road_face[index] = PRESTIGE_BY_NAME[prestige] if prestige else R.RESIDENCE
    if prestige:
        game.board.prestige_left.remove(PRESTIGE_BY_NAME[prestige])


def worker(game, index: int, player: int):
    b = game.board
    b.road_worker[index] = player
    b.workers[player] -= 1


def set_player(game, p: int, *, deniers=None, food=None, wood=None, stone=None, gold=None, hand=None, deck=None,
               discard=None):
    """Set p's supplies and cards. Cards given by name; the deck is listed bottom to top (last is drawn next)."""
    b = game.board
    if deniers is not None:
        b.deniers[p] = deniers
    for t, value in enumerate((food, wood, stone, gold)):
        if value is not None:
            b.cubes[p][t] = value
    if hand is not None:
        b.hand[p] = sorted(CARD_BY_NAME[c] for c in hand)
    if deck is not None:
        b.deck[p] = [CARD_BY_NAME[c] for c in deck]
    if discard is not None:
        b.discard[p] = [CARD_BY_NAME[c] for c in discard]


def cubes(game, p: int) -> dict:
    return dict(zip(CUBE_NAMES, game.board.cubes[p]))


def settle(game):
    """Start the game's history afresh from the board as set, then run automatic steps and forced moves."""
    b = game.board
    R.reindex(b)  # the rules' bookkeeping, made anew from the board as set
    R.advance(b)
    game._begin_here()
    return game


def _phase(game, phase, bridge):
    b = game.board
    b.stack = []
    b.phase = phase
    b.bridge = list(bridge)
    b.cursor = 0
    b.step = 0
    b.batches = [0] * b.num_players


def to_actions(game, actor: int, bridge=()):
    """Phase 2 with `actor` to act and the players in `bridge` already passed."""
    _phase(game, R.ACTIONS_PHASE, bridge)
    game.board.actor = actor
    return settle(game)


def to_provost(game, bridge):
    _phase(game, R.PROVOST_PHASE, bridge)
    return settle(game)


def to_effects(game, bridge=None):
    _phase(game, R.EFFECTS_PHASE, bridge if bridge is not None else range(game.num_players))
    return settle(game)


def to_castle(game, bridge):
    _phase(game, R.CASTLE_PHASE, bridge)
    return settle(game)


def play(game, *tokens):
    for t in tokens:
        game.apply(t)
    return game


def top(game):
    """The decision on top: (name, player) or None."""
    b = game.board
    if not b.stack:
        return None
    kind, p, _, _ = b.stack[-1]
    return R.DECISION_NAMES[kind], p


def tokens(game) -> list[str]:
    return game.legal_tokens()


def bystander_stops_at_castle(game, p: int):
    """Give p exactly one batch, so the turn stops at p's castle decision (state after phase 4 can be checked)."""
    set_player(game, p, food=1, wood=1, stone=1, gold=0)
