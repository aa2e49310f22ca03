"""Every action token of Caylus 1303, declared once (see docs/notation-c1303.md).

The same token can answer several decisions (``spend:stone`` pays a Guild, a wildcard cost or the Fairground);
what it means is fixed by the decision on top of the board's stack.
"""

from __future__ import annotations

from caylus.core import ActionSet

from .catalog import (
    BUNDLES, CHARACTERS, MONUMENT_TILES, OFFERS, PRINTED_TILES, RESOURCES, SITE_SLOTS, STARTING_TILES, STONE_TILES,
    TILES, WILDCARD, WOOD_TILES,
)

ACTIONS = ActionSet("caylus-1303")

PASS = ACTIONS.add("pass")

# Planning: a Worker onto a building (printed, starting, Wood, Stone) or onto the Construction Site.
PLACE: list = [None] * len(TILES)  # tile id -> Action (None for the Monuments, which take no worker)
for _t in PRINTED_TILES + STARTING_TILES + WOOD_TILES + STONE_TILES:
    PLACE[_t] = ACTIONS.add("place:" + TILES[_t].key, arg=_t)
PLACE_SITE = ACTIONS.add("place:construction_site")

# Characters: drafted at setup, taken with a Favor.
CHARACTER = tuple(ACTIONS.add("character:" + c, arg=i) for i, c in enumerate(CHARACTERS))

# The Provost: Toll (1-2 steps), Guilds Bridge (1-3 steps), Bailiff (1 step); 0 steps is ``pass``.
PROVOST = {}
for _d in (-3, -2, -1, 1, 2, 3):
    PROVOST[_d] = ACTIONS.add(f"provost:{_d:+d}", arg=_d)

# Lawyer: a House above a starting building.
LAWYER = {t: ACTIONS.add("lawyer:" + TILES[t].key, arg=t) for t in STARTING_TILES}

# Carpenter / Stonemason: which building to construct.
BUILD = {t: ACTIONS.add("build:" + TILES[t].key, arg=t) for t in WOOD_TILES + STONE_TILES}

# Resources chosen to spend (wildcard costs, Guilds, Alchemist, Fairground) or to take (Markets).
SPEND = {r: ACTIONS.add("spend:" + RESOURCES[r], arg=r) for r in WILDCARD}
for _r in WILDCARD:
    ACTIONS.add("take:" + RESOURCES[_r], arg=_r)   # answered through the Markets' offers (OFFER_ACTIONS)

# The two-way offers of the Tailor, Church, Jeweler (prestige) and Foundry, Alchemist (gold).
for _table in OFFERS.values():
    for _o in _table.offers:
        ACTIONS.add(_o.token)

# Favor: use the effect of Construction Site building 1, 2 or 3.
SITE = tuple(ACTIONS.add(f"site:{k}", arg=k) for k in range(1, SITE_SLOTS + 1))

# Delivery: one bundle per action.
BUNDLE = tuple(ACTIONS.add("bundle:" + name, arg=i) for i, (name, _c, _n) in enumerate(BUNDLES))

# Stewardship: a Monument over a Residence.
MONUMENT = {t: ACTIONS.add("monument:" + TILES[t].key, arg=t) for t in MONUMENT_TILES}

# Resolve each offer's token to its interned Action, once.
OFFER_ACTIONS = {name: tuple((ACTIONS[o.token], o) for o in table.offers) for name, table in OFFERS.items()}
