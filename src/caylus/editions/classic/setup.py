"""Caylus (2005) setup (rules p1, and p6 for 2 players)."""

from __future__ import annotations

from caylus.core.rng import Rng

from . import rules
from .catalog import (
    BUILDABLE, FIXED_ON_ROAD, HOUSES, JEWELLER_TILE, NEUTRAL_TILES, PRESTIGE, ROAD_LENGTH, START_CUBES,
    START_DENIERS, START_SPACE, STONE_TILE, TILES, TWO_PLAYER_DENIERS, WOOD_TILE, WORKERS,
)


def new_board(players: int, seed: int, options: dict, events: list | None = None) -> rules.Board:
    rng = Rng(seed)
    n = players
    b = rules.Board.__new__(rules.Board)
    b.n = n
    b.two_player = n == 2
    b.simplified = options.get("favors") == "simplified"
    # Random turn order; deniers by position: 5, 6, 6, 7, 7 (2 players: 5 each).
    b.order = list(range(n))
    rng.shuffle(b.order)
    b.deniers = [0] * n
    for position, seat in enumerate(b.order):
        b.deniers[seat] = TWO_PLAYER_DENIERS if b.two_player else START_DENIERS[position]
    b.cubes = list(START_CUBES) * n
    b.prestige = [0] * n
    b.workers = [WORKERS] * n
    b.houses = [HOUSES] * n
    b.favor = [0] * (4 * n)  # markers start left of column 1
    b.lines_used = [0] * n
    # The road: six neutral tiles shuffled onto spaces 1-6, the fixed buildings printed on 7, 8 and 16.
    b.road = [-1] * (ROAD_LENGTH + 1)
    b.owner = [-1] * (ROAD_LENGTH + 1)
    b.worker = [-1] * (ROAD_LENGTH + 1)
    b.pos_of = [-1] * len(TILES)
    neutral = list(NEUTRAL_TILES)
    rng.shuffle(neutral)
    for pos, t in enumerate(neutral, start=1):
        b.road[pos] = t
        b.pos_of[t] = pos
    for pos, t in FIXED_ON_ROAD.items():
        b.road[pos] = t
        b.pos_of[t] = pos
    b.in_stock = [False] * len(TILES)
    for kind in (WOOD_TILE, STONE_TILE, PRESTIGE):
        for t in BUILDABLE[kind]:
            b.in_stock[t] = t != JEWELLER_TILE or bool(options.get("jeweller"))
    b.special = [-1, -1, -1, -1]
    b.stables = []
    b.inn_left = b.inn_right = -1
    b.castle = []
    rules.reindex(b)  # the spaces open to a worker
    b.batches = [0] * n
    b.castle_houses = [0] * (3 * n)
    b.filled = [0, 0, 0]
    b.counted = 0
    b.provost = b.bailiff = START_SPACE
    b.pending = []
    b.bonus = [0] * n
    b.passed = []
    b.placer = 0
    b.stack = []
    b.terminal = False
    b.turn = 1
    b.phase = rules.INCOME_PHASE
    b.step = b.sub = 0
    b.events = events
    if events is not None:
        rules._tell(b, "phase", None, turn=1, phase=rules.PHASE_NAMES[rules.INCOME_PHASE])
    rules._run(b)
    return b
