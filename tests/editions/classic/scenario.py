"""Helpers that put a Caylus (2005) game into a chosen position, for scenario tests.

Tests build a real game with `caylus.new_game`, then edit its board directly and call `sync` so that the
`Game` wrapper (legal-action cache, undo checkpoints) starts from the edited position.
"""

from __future__ import annotations

import pytest

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
    """Make the wrapper trust the (edited) board: the rules' bookkeeping made anew from it (`rules.reindex`), fresh
    legal actions, undo starts here."""
    rules.reindex(game.board)
    game._begin_here()


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


# -- helpers added for the rulebook-example, phase and favor tests ------------------------------------------

def to_act(game, seat: int) -> None:
    """In the placement phase, make `seat` the next player to act (the turn order itself is unchanged)."""
    b = game.board
    assert b.phase == rules.PLACEMENT
    b.placer = b.order.index(seat)
    b.stack = [(rules.D_PLACE, seat, 0, 0)]
    sync(game)


def set_road(game, provost: int | None = None, bailiff: int | None = None) -> None:
    """Move the provost and/or the bailiff."""
    b = game.board
    if provost is not None:
        b.provost = provost
    if bailiff is not None:
        b.bailiff = bailiff
    sync(game)


def set_castle(game, dungeon=None, walls=None, towers=None, counted: int | None = None) -> None:
    """Put houses in the castle sections ({seat: houses}) and set how many sections were counted."""
    b = game.board
    for s, section in enumerate((dungeon, walls, towers)):
        for seat, houses in (section or {}).items():
            i = s * b.n + seat
            b.filled[s] += houses - b.castle_houses[i]
            b.houses[seat] -= houses - b.castle_houses[i]
            b.castle_houses[i] = houses
    if counted is not None:
        b.counted = counted
    sync(game)


def set_favor(game, seat: int, **columns) -> None:
    """Put `seat`'s favor markers on columns: set_favor(game, BLUE, prestige=2, cubes=1)."""
    b = game.board
    for line, col in columns.items():
        b.favor[seat * 4 + rules.FAVOR_LINES.index(line)] = col
    sync(game)


def set_prestige(game, **prestige) -> None:
    """set_prestige(game, blue=3, red=0)."""
    b = game.board
    for name, pp in prestige.items():
        b.prestige[rules.NAMES.index(name.capitalize())] = pp
    sync(game)


def refused(game, token: str, *why: str) -> str:
    """Assert that `token` is refused now with a message containing every `why`, and changes nothing."""
    before = game.view(None)
    with pytest.raises(caylus.IllegalAction) as info:
        game.apply(token)
    message = str(info.value)
    for part in why:
        assert part in message, f"{message!r} does not say {part!r}"
    assert game.view(None) == before
    return message


# -- helpers added for the building, special-building and activation tests ----------------------------------

def hold_in_castle(game, seat: int) -> None:
    """Stand a worker of `seat` in the castle with one batch in hand, so that the turn waits in phase 6.

    Call it before `start_activation`: once phase 5 is over the game stops at `seat`'s castle decision instead of
    rolling on into the next turn's income, so a test reads phase 5's results as they are.
    """
    b = game.board
    b.workers[seat] -= 1
    b.castle.append(seat)
    set_cubes(game, seat, food=1, wood=1, stone=1)


def use_building(game, tile_id: str, seat: int, owner: int = -1, hold: int | None = ORANGE) -> int:
    """Phase 5 with `seat`'s worker on `tile_id` and the provost on it; returns the tile's space.

    The tile is put on the first unbuilt space (owned by `owner`) unless it is on the road already; `hold`'s worker
    waits in the castle (see `hold_in_castle`). Set the players' cubes and deniers before calling this: a decision
    with a single answer is played at once.
    """
    p = pos(game, tile_id)
    if p < 0:
        p = put_tile(game, tile_id, owner)
    if hold is not None:
        hold_in_castle(game, hold)
    start_activation(game, {tile_id: seat}, provost=p)
    return p


def decision(game) -> str:
    """The kind of the decision on top of the stack ("" when none)."""
    d = game.view(None)["decisions"]
    return d[-1]["kind"] if d else ""


def set_hand(game, seat: int, deniers: int = 0, **cubes) -> None:
    """Set a player's whole hand: these deniers and cubes, every unnamed cube kind at 0."""
    set_cubes(game, seat, deniers, **{name: cubes.get(name, 0) for name in CUBES})


def seat_view(game, seat: int) -> dict:
    """One player's part of the public view: deniers, cubes, prestige, workers, houses, favors, castle parts."""
    return game.view(None)["seats"][seat]


def column(game, seat: int) -> dict:
    """Where `seat`'s markers are on the favor table: {"prestige": 0..5, "deniers": ..., ...}."""
    return seat_view(game, seat)["favors"]


def space(game, number: int) -> dict:
    """Road space `number` (1..28) in the public view: {"space", "tile", "owner", "worker"}."""
    return game.view(None)["road"][number - 1]


def settle_in_inn(game, seat: int) -> None:
    """A worker of `seat` on the inn's right circle, as if placed there in an earlier turn."""
    b = game.board
    b.workers[seat] -= 1
    b.inn_right = seat
    sync(game)
