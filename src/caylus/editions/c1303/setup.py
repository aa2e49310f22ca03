"""The seeded setup of Caylus 1303, step by step as the rulebook lays it out."""

from __future__ import annotations

from caylus.core import Rng

from .catalog import (
    BROWN_SPACE, CHARACTERS, GRAY_SPACE, HOUSES_TO_BUILD, IN_BOX, IN_DRAFT, MONUMENT_TILES, PRINTED_SLOTS,
    PRINTED_TILES, RECOMMENDED_CHARACTERS, SETUP, STARTING_RESOURCES, STARTING_TILES, STARTING_WORKERS, STONEMASON,
    STONE_TILES, WOOD_TILES, WORKERS_PER_COLOR,
)
from .rules import Board, blank, reindex, run


def new_board(players: int, seed: int, options: dict, events: list | None = None) -> Board:
    rng = Rng(seed)
    b = blank(players, rng)

    # The buildings printed before the Guilds Bridge.
    for slot, t in enumerate(PRINTED_TILES):
        b.tile[slot] = t

    # Starting buildings: 1 to the first Construction Site space, 8 onto the Road, Setup side up.
    starting = list(STARTING_TILES)
    rng.shuffle(starting)
    for r, t in enumerate(starting[1:]):
        b.tile[PRINTED_SLOTS + r] = t

    # Wood buildings: 1 to the Construction Site, 1 onto the brown-flag Road space (never the Stonemason:
    # draw another), the 7 others to the supply.
    wood = list(WOOD_TILES)
    rng.shuffle(wood)
    on_road = next(t for t in wood[1:] if t != STONEMASON)
    b.tile[PRINTED_SLOTS + BROWN_SPACE] = on_road

    # Stone buildings: 1 to the Construction Site, 1 onto the gray-flag Road space, 7 to the supply.
    stone = list(STONE_TILES)
    rng.shuffle(stone)
    b.tile[PRINTED_SLOTS + GRAY_SPACE] = stone[1]

    b.site = (starting[0], wood[0], stone[0])
    for t in wood[1:] + stone[2:] + list(MONUMENT_TILES):
        if t != on_road:
            b.supply[t] = True
    for s in range(len(b.face)):
        b.face[s] = SETUP
    reindex(b)

    # The Provost just before the brown-flag space (the setup Wood building is not active at first).
    b.provost = BROWN_SPACE

    # Players: Workers, Houses, starting resources.
    for p in range(players):
        b.workers[p] = STARTING_WORKERS[players]
        b.camp[p] = WORKERS_PER_COLOR - STARTING_WORKERS[players]
        b.houses[p] = HOUSES_TO_BUILD
        for r, count in enumerate(STARTING_RESOURCES):
            b.res[5 * p + r] = count

    # A random first player; then players + 3 characters drawn (or the recommended first-game set).
    b.first = rng.below(players)
    b.chars = [IN_BOX] * len(CHARACTERS)
    if options.get("characters") == "recommended":
        drawn = list(RECOMMENDED_CHARACTERS[players])
    else:
        drawn = list(range(len(CHARACTERS)))
        rng.shuffle(drawn)
        drawn = drawn[:players + 3]
    for c in drawn:
        b.chars[c] = IN_DRAFT

    b.events = events
    if events is not None:
        events.append({"kind": "phase", "player": None, "round": 1, "phase": "draft"})
    run(b)
    return b
