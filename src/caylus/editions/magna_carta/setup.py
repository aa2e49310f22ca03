"""A new game of Caylus Magna Carta: the road, the castle, the decks and the first player, all from the seed."""

from __future__ import annotations

from caylus.core.rng import Rng

from .catalog import (
    BEGINNER_DECK, BUILDING, HAND_SIZE, OTHER_NEUTRALS, PRESTIGE, SECTION_TOKENS, STANDARD_DECK, START_DENIERS,
    START_FOOD, START_WOOD, THE_PEDDLER, WORKERS,
)
from .rules import PHASE_NAMES, REDRAW_PHASE, Board, advance, draw_card, reindex, tell_draw


def deck_cards(standard: bool) -> tuple[int, ...]:
    """The cards of each player's deck: 12, or 10 in the beginner rules (no Lawyer, no Church)."""
    return STANDARD_DECK if standard else BEGINNER_DECK


def new_board(players: int, seed: int, options: dict, events: list | None = None) -> Board:
    standard = options.get("rules", "standard") == "standard"
    rng = Rng(seed)
    b = Board.__new__(Board)
    b.num_players = players
    b.standard = standard
    b.rng = rng
    b.turn = 1
    b.terminal = False
    b.events = events
    if events is not None:
        events.append({"kind": "phase", "player": None, "turn": 1, "phase": PHASE_NAMES[REDRAW_PHASE]})

    # The road: 1/2/3 random neutral cards, then the Peddler, where the provost starts.
    neutrals = list(OTHER_NEUTRALS)
    rng.shuffle(neutrals)
    b.road_card = neutrals[: players - 1] + [THE_PEDDLER]
    b.road_owner = [-1] * players
    b.road_worker = [-1] * players
    b.road_pool = [0] * players
    b.road_face = [BUILDING] * players
    b.provost = players - 1 if standard else -1
    reindex(b)

    # The castle: 7/8/9 tokens, one of each value fewer at 3 players, two fewer at 2.
    b.castle = [n - (4 - players) for n in SECTION_TOKENS]
    b.removed = [0, 0, 0]
    b.prestige_left = [p.id for p in PRESTIGE if standard or not p.standard_only]

    # The players: 2 food, 2 wood, 4 deniers, 4 workers, a shuffled deck and 3 cards in hand.
    b.deniers = [START_DENIERS] * players
    b.cubes = [[START_FOOD, START_WOOD, 0, 0] for _ in range(players)]
    b.workers = [WORKERS] * players
    b.tokens = [[0, 0, 0] for _ in range(players)]
    b.front = [[] for _ in range(players)]
    b.hand = [[] for _ in range(players)]
    b.discard = [[] for _ in range(players)]
    b.pile_from = [None] * players
    b.deck = []
    for p in range(players):
        deck = list(deck_cards(standard))
        rng.shuffle(deck)
        b.deck.append(deck)
        drawn = [draw_card(b, p) for _ in range(HAND_SIZE)]
        if events is not None:
            tell_draw(b, p, drawn)

    b.first_player = rng.below(players)
    b.current_player = b.first_player
    # Before the first turn each player, from the first player on, may redraw their whole hand once.
    b.phase = REDRAW_PHASE
    b.bridge = []
    b.actor = b.first_player
    b.cursor = 0
    b.step = 0
    b.batches = [0] * players
    b.stack = []
    advance(b)
    return b
