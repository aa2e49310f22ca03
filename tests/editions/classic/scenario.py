"""Helpers that put a Caylus (2005) game into a chosen position, for scenario tests.

Tests build a real game with `caylus.new_game`, then edit its board directly and call `sync` so that the
`Game` wrapper (legal-action cache, undo checkpoints) starts from the edited position.
"""

from __future__ import annotations

import caylus
from caylus.editions.classic import rules
from caylus.editions.classic.catalog import CUBES, SPECIALS, TILE, TILES

BLUE, RED, GREEN, ORANGE, BLACK = range(5)


def new(players: int = 4, seed: int = 0, order=None, **options) -> caylus.Game:
    """A game at the start of turn 1's placement phase; `order` fixes the turn order (seats)."""
    game = caylus.new_game("caylus", players=players, seed=seed, **options)
    if order is not None:
        b = game.board
        b.order = list(order)
        b.placer = 0
        b.stack = [(rules.D_PLACE, order[0], 0, 0)]
        sync(game)
    return game


def sync(game: caylus.Game) -> None:
    """Make the wrapper trust the (edited) board: fresh legal actions, undo starts here."""
    game._legal = None
    game.history.clear()
    game._checkpoints = [(0, game.board.copy())]
    game._play_forced()


def set_cubes(game, seat: int, deniers: int | None = None, **cubes) -> None:
    """Set a player's deniers and cubes (unnamed cube kinds are left as they are)."""
    b = game.board
    if deniers is not None:
        b.deniers[seat] = deniers
    for name, count in cubes.items():
        b.cubes[seat * 5 + CUBES.index(name)] = count


def cubes_of(game, seat: int) -> dict:
    b = game.board
    return {name: b.cubes[seat * 5 + i] for i, name in enumerate(CUBES)}


def put_tile(game, tile_id: str, owner: int = -1, pos: int | None = None) -> int:
    """Put a tile on the road (on `pos`, or the first unbuilt space), owned by `owner`; returns the space."""
    b = game.board
    t = TILE[tile_id].index
    if pos is None:
        pos = b.road.index(-1, 1)
    old = b.road[pos]
    if old >= 0 and old != TILE["residence"].index:
        b.pos_of[old] = -1
    b.road[pos] = t
    b.owner[pos] = owner
    if tile_id != "residence":
        b.pos_of[t] = pos
        b.in_stock[t] = False
    if owner >= 0 and TILES[t].kind not in (5,):  # prestige tiles reuse the residence's house
        b.houses[owner] -= 1
    return pos


def pos(game, tile_id: str) -> int:
    return game.board.pos_of[TILE[tile_id].index]


def start_activation(game, workers: dict, provost: int | None = None) -> None:
    """Jump to phase 5 with workers on the given road tiles ({tile_id: seat}); nothing else is occupied."""
    b = game.board
    for tile_id, seat in workers.items():
        p = pos(game, tile_id)
        assert p > 0, f"{tile_id} is not on the road"
        b.worker[p] = seat
        b.workers[seat] -= 1
    b.passed = list(b.order)
    if provost is not None:
        b.provost = provost
    b.stack = []
    rules._enter(b, rules.ACTIVATION)
    b.step = 1
    rules._run(b)
    sync(game)


def start_special(game, spaces: dict) -> None:
    """Jump to phase 3 with workers on special buildings ({space: seat}; stables/castle take lists)."""
    b = game.board
    for space, seat in spaces.items():
        i = SPECIALS.index(space)
        seats = seat if isinstance(seat, list) else [seat]
        for s in seats:
            b.workers[s] -= 1
            if space == "stables":
                b.stables.append(s)
            elif space == "castle":
                b.castle.append(s)
            elif space == "inn":
                b.inn_left = s
            else:
                b.special[i] = s
    b.passed = list(b.order)
    b.stack = []
    rules._enter(b, rules.SPECIAL_BUILDINGS)
    rules._run(b)
    sync(game)


def start_castle(game, seats: list) -> None:
    """Jump to phase 6 with these players' workers in the castle, in this arrival order."""
    b = game.board
    for s in seats:
        b.workers[s] -= 1
        b.castle.append(s)
    b.passed = list(b.order)
    b.stack = []
    rules._enter(b, rules.CASTLE_PHASE)
    rules._run(b)
    sync(game)


def start_end_of_turn(game) -> None:
    """Jump to phase 7 (bailiff, provost, counts) with nothing else pending."""
    b = game.board
    b.passed = list(b.order)
    b.stack = []
    rules._enter(b, rules.END_OF_TURN)
    rules._run(b)
    sync(game)


def grant_favor(game, seat: int, count: int = 1) -> None:
    """Give `seat` royal favors now (as the joust field would), in phase 3."""
    b = game.board
    b.stack = []
    rules._enter(b, rules.SPECIAL_BUILDINGS)
    b.step = 6  # after the inn: once the favors are taken, the provost phase follows
    rules.grant_favors(b, seat, count)
    rules._run(b)
    sync(game)


def play(game, *tokens: str) -> None:
    for token in tokens:
        game.apply(token)
