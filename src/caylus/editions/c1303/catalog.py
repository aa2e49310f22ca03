"""Caylus 1303 as data: resources, buildings (both sides), monuments, characters and the board's shape.

Every figure the rulebook prints only as a picture comes from `shared/reference/caylus-1303.md`. The ones that
source marks UNCONFIRMED are kept in this file only, each tagged ``# UNCONFIRMED`` with what it rests on.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- resources -------------------------------------------------------------------------------------------------
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
FABRIC: Final = 3
GOLD: Final = 4
RESOURCES = ("food", "wood", "stone", "fabric", "gold")
# The wildcard in construction costs, and what the Market / Guilds / Alchemist accept: anything but Gold.
WILDCARD = (FOOD, WOOD, STONE, FABRIC)


def res(food=0, wood=0, stone=0, fabric=0, gold=0) -> tuple:
    return (food, wood, stone, fabric, gold)


NOTHING = res()

# -- players -----------------------------------------------------------------------------------------------------
WORKERS_PER_COLOR: Final = 15            # "Any taken Worker beyond the 15th is lost."
HOUSES_PER_COLOR: Final = 10
# One House of each color is the passing marker under the Guilds Bridge for the whole game, so 9 remain to
# construct with (Lawyer, Carpenter, Stonemason). Interpretation: the book hands out 10 and puts 1 under the bridge.
HOUSES_TO_BUILD = HOUSES_PER_COLOR - 1
STARTING_WORKERS = {2: 10, 3: 6, 4: 6, 5: 10}
RECRUITMENT = {2: 3, 3: 3, 4: 3, 5: 2}
STARTING_RESOURCES = res(food=1, wood=2, stone=1)   # reference §5: 2 Wood, 1 Food, 1 Stone
ROUNDS: Final = 9
BUNDLE_PRESTIGE: Final = 5
GOLD_PRESTIGE_AT_END: Final = 2

# -- the board's shape -------------------------------------------------------------------------------------------
# Buildings before the Guilds Bridge are printed on the board. They, then the Road spaces, share one array of
# "slots": slot 0..3 are the printed buildings, slot 4 + r is Road space r (r = 0 right after the Guilds Bridge).
PRINTED_SLOTS: Final = 4
ROAD_SPACES: Final = 23          # UNCONFIRMED (TT Road.java only): 8 yellow + 1 brown + 4 empty + 1 gray + 9 empty
YELLOW_SPACES: Final = 8         # the 8 starting buildings
BROWN_SPACE: Final = 8           # Road space of the setup Wood building
GRAY_SPACE: Final = 13           # UNCONFIRMED (TT only): Road space of the setup Stone building
SLOTS = PRINTED_SLOTS + ROAD_SPACES
# The Provost stands in a gap: provost == g means Road spaces 0..g-1 are activated. Gap 0 is just past the
# Guilds Bridge (he never goes back beyond it), gap ROAD_SPACES is the end of the Road.
PROVOST_SPACES_PAST_END: Final = 2   # UNCONFIRMED (not found anywhere): "the spaces" bearing his symbol, read as 2
PROVOST_MAX = ROAD_SPACES + PROVOST_SPACES_PAST_END
SITE_SLOTS: Final = 3            # Construction Site building spaces: a starting, a Wood and a Stone building

# -- building kinds and faces ------------------------------------------------------------------------------------
PRINTED: Final = 0
STARTING: Final = 1
WOOD_BUILDING: Final = 2
STONE_BUILDING: Final = 3
MONUMENT: Final = 4
KIND_NAMES = ("printed", "starting", "wood", "stone", "monument")
# The face a Road tile shows. Starting buildings: SETUP (yellow flag) then RESIDENCE (green flag), maybe covered
# by a MONUMENT (blue flag). Wood and Stone buildings: SETUP side (placed at setup) or CONSTRUCTION side.
SETUP: Final = 0
CONSTRUCTION: Final = 1
RESIDENCE: Final = 2
MONUMENT_FACE: Final = 3
FACE_NAMES = ("setup", "construction", "residence", "monument")

# -- effects -------------------------------------------------------------------------------------------------------
# What activating a building does. GAIN is automatic; the others ask the player (see rules.py).
GAIN: Final = 0
OFFER: Final = 1
LAWYER: Final = 2
BUILD_WOOD: Final = 3
BUILD_STONE: Final = 4
BUILD_STONE_NO_STONE: Final = 5
TOLL: Final = 6
FAVOR: Final = 7


class Effect(NamedTuple):
    code: int
    gain: tuple = NOTHING     # GAIN: resources taken from the supply
    workers: int = 0          # GAIN: Workers taken from the Camp
    prestige: int = 0         # GAIN: prestige gained
    offer: str = ""           # OFFER: key into OFFERS


def gain(food=0, wood=0, stone=0, fabric=0, gold=0, workers=0, prestige=0) -> Effect:
    return Effect(GAIN, res(food, wood, stone, fabric, gold), workers, prestige)


def offer(name: str) -> Effect:
    return Effect(OFFER, offer=name)


class Offer(NamedTuple):
    """One answer to an OFFER decision: pay the costs, get the gains."""

    token: str
    cost: tuple = NOTHING     # resources spent
    workers_back: int = 0     # Workers returned from in front of the player to the Camp
    any_cost: int = 0         # resources of the player's choice among Food/Wood/Stone/Fabric, chosen next
    gain: tuple = NOTHING
    workers: int = 0          # Workers taken from the Camp
    prestige: int = 0
    favor: bool = False


class OfferTable(NamedTuple):
    offers: tuple
    optional: bool            # may the player decline (``pass``)?


def _spend_one_for_workers(workers: int, choices=WILDCARD) -> tuple:
    """The Guilds: one answer per resource that may be spent (``spend:<resource>``) for `workers` Workers."""
    out = []
    for r in choices:
        cost = [0] * 5
        cost[r] = 1
        out.append(Offer("spend:" + RESOURCES[r], cost=tuple(cost), workers=workers))
    return tuple(out)


def _take_one(workers_back: int) -> tuple:
    """The Markets: one answer per resource to take (``take:<resource>``), returning `workers_back` Workers."""
    out = []
    for r in WILDCARD:
        g = [0] * 5
        g[r] = 1
        out.append(Offer("take:" + RESOURCES[r], workers_back=workers_back, gain=tuple(g)))
    return tuple(out)


OFFERS = {
    # Fairground: 1 Wood for a Favor. The book prints the resource as an icon. CONFLICT in the reference (§3.1):
    # two sources read Wood, one transcription Stone; the reference decides Wood (medium confidence).
    "fairground": OfferTable((Offer("spend:wood", cost=res(wood=1), favor=True),), True),
    # Starting Market: return 1 more Worker to take 1 of Food/Wood/Stone/Fabric.
    "market_for_a_worker": OfferTable(_take_one(1), True),
    # Wood Market (both sides): a free choice of 1 of Food/Wood/Stone/Fabric, so nothing to decline.
    "market": OfferTable(_take_one(0), False),
    "guild_any_3": OfferTable(_spend_one_for_workers(3), True),
    "guild_stone_4": OfferTable(_spend_one_for_workers(4, (STONE,)), True),
    "guild_any_5": OfferTable(_spend_one_for_workers(5), True),
    "tailor": OfferTable((Offer("prestige:4", cost=res(fabric=1), prestige=4),
                          Offer("prestige:6", cost=res(fabric=2), prestige=6)), True),
    "foundry": OfferTable((Offer("gold:1", workers_back=1, gain=res(gold=1)),
                           Offer("gold:2", workers_back=3, gain=res(gold=2))), True),
    "alchemist": OfferTable((Offer("gold:1", any_cost=1, gain=res(gold=1)),
                             Offer("gold:2", any_cost=2, gain=res(gold=2))), True),
    "church": OfferTable((Offer("prestige:4", workers_back=2, prestige=4),
                          Offer("prestige:6", workers_back=4, prestige=6)), True),
    "jeweler": OfferTable((Offer("prestige:5", cost=res(gold=1), prestige=5),
                           Offer("prestige:9", cost=res(gold=2), prestige=9)), True),
}


class Tile(NamedTuple):
    key: str                  # the token name, e.g. "stone_farm"
    title: str                # the name printed on the tile
    kind: int
    cost: tuple = NOTHING     # fixed part of the construction cost
    wild: int = 0             # wildcard resources in the cost (1 of Food/Wood/Stone/Fabric each)
    prestige: int = 0         # gained on construction
    setup: Effect | None = None  # effect of the Setup side (starting buildings: the yellow-flag side)
    construction: Effect | None = None
    owner_bonus: int = -1     # Stone production buildings: resource the owner takes when another activates it
    recruit_workers: int = 0  # Monuments read during Recruitment
    recruit: tuple = NOTHING
    favor: bool = False       # Theater: a Favor when constructed


def _printed(key, title, effect):
    return Tile(key, title, PRINTED, setup=effect, construction=effect)


def _starting(key, title, effect):
    return Tile(key, title, STARTING, setup=effect)


def _wood(key, title, cost, wild, prestige, construction, setup=None):
    return Tile("wood_" + key, title, WOOD_BUILDING, cost, wild, prestige, setup or construction, construction)


def _stone(key, title, cost, wild, prestige, construction, setup=None, owner_bonus=-1):
    return Tile("stone_" + key, title, STONE_BUILDING, cost, wild, prestige, setup or construction, construction,
                owner_bonus)


TILES: tuple[Tile, ...] = (
    # Printed on the board, before the Guilds Bridge (activation stages a-d).
    _printed("fairground", "Fairground", offer("fairground")),
    _printed("lawyer", "Lawyer", Effect(LAWYER)),
    _printed("carpenter", "Carpenter", Effect(BUILD_WOOD)),
    _printed("toll", "Toll", Effect(TOLL)),
    # The 9 starting buildings. UNCONFIRMED (TT only): the two duplicates are a Farm and a Market.
    _starting("starting_farm_1", "Farm", gain(food=1)),
    _starting("starting_farm_2", "Farm", gain(food=1)),
    _starting("starting_sawmill", "Sawmill", gain(wood=1)),
    _starting("starting_quarry", "Quarry", gain(stone=1)),
    _starting("starting_carpenter", "Carpenter", Effect(BUILD_WOOD)),
    _starting("starting_market_1", "Market", offer("market_for_a_worker")),
    _starting("starting_market_2", "Market", offer("market_for_a_worker")),
    _starting("starting_guild_any", "Guild", offer("guild_any_3")),
    _starting("starting_guild_stone", "Guild", offer("guild_stone_4")),
    # Wood buildings (built by a Carpenter). Costs and prestige: reference §3.3.
    _wood("covered_market", "Covered Market", res(wood=1), 1, 3, gain(workers=3), gain(workers=2, prestige=1)),
    _wood("manor", "Manor", res(wood=1, fabric=1), 0, 4, Effect(FAVOR), gain(prestige=2)),
    _wood("stonemason", "Stonemason", res(wood=1), 1, 4, Effect(BUILD_STONE), Effect(BUILD_STONE_NO_STONE)),
    _wood("quarry", "Quarry", res(wood=1, food=1), 0, 2, gain(stone=2), gain(stone=1, prestige=1)),
    _wood("sawmill", "Sawmill", res(wood=1, food=1), 0, 2, gain(wood=2), gain(wood=1, prestige=1)),
    _wood("farm", "Farm", res(wood=1, food=1), 0, 2, gain(food=2), gain(food=1, prestige=1)),
    _wood("spinning_mill", "Spinning Mill", res(wood=2), 0, 2, gain(fabric=2), gain(fabric=1, prestige=1)),
    _wood("market", "Market", res(wood=1, food=1), 0, 3, offer("market")),
    _wood("tailor", "Tailor", res(wood=1), 1, 4, offer("tailor")),
    # Stone buildings (built by a Stonemason). Costs and prestige: reference §3.4.
    _stone("quarry", "Quarry", res(stone=1, food=1), 0, 3, gain(stone=2, fabric=1), gain(stone=1, fabric=1),
           owner_bonus=STONE),
    _stone("sawmill", "Sawmill", res(stone=1, food=1), 0, 3, gain(wood=2, fabric=1), gain(wood=1, fabric=1),
           owner_bonus=WOOD),
    _stone("farm", "Farm", res(stone=1, food=1), 0, 3, gain(food=2, fabric=1), gain(food=1, fabric=1),
           owner_bonus=FOOD),
    _stone("gold_mine", "Gold Mine", res(stone=1, food=1), 0, 4, gain(gold=1)),
    _stone("foundry", "Foundry", res(stone=1, wood=1), 0, 5, offer("foundry")),
    _stone("alchemist", "Alchemist", res(stone=1, wood=1), 0, 5, offer("alchemist")),
    _stone("guild", "Guild", res(stone=1), 1, 4, offer("guild_any_5")),
    _stone("church", "Church", res(stone=1, fabric=1), 0, 5, offer("church")),
    _stone("jeweler", "Jeweler", res(stone=1, wood=1), 0, 5, offer("jeweler")),
    # Monuments, built over a Residence in Stewardship. UNCONFIRMED (TT only): every cost, and every prestige
    # figure except the Theater's 12, which the rulebook prints. The four effects are the rulebook's.
    Tile("garden", "Garden", MONUMENT, res(gold=1, wood=1), 0, 4, recruit_workers=2),
    Tile("granary", "Granary", MONUMENT, res(gold=1, stone=1), 0, 7, recruit=res(food=1)),
    Tile("factory", "Factory", MONUMENT, res(gold=1, fabric=1), 0, 5, recruit=res(fabric=1)),
    Tile("theater", "Theater", MONUMENT, res(gold=3, wood=4), 0, 12, favor=True),
    Tile("statue", "Statue", MONUMENT, res(gold=1, stone=2), 0, 7),
    Tile("cathedral", "Cathedral", MONUMENT, res(gold=3, stone=3), 0, 15),
    Tile("mansion", "Mansion", MONUMENT, res(gold=5, stone=5), 0, 20),
)

TILE_ID = {t.key: i for i, t in enumerate(TILES)}
PRINTED_TILES = tuple(i for i, t in enumerate(TILES) if t.kind == PRINTED)
STARTING_TILES = tuple(i for i, t in enumerate(TILES) if t.kind == STARTING)
WOOD_TILES = tuple(i for i, t in enumerate(TILES) if t.kind == WOOD_BUILDING)
STONE_TILES = tuple(i for i, t in enumerate(TILES) if t.kind == STONE_BUILDING)
MONUMENT_TILES = tuple(i for i, t in enumerate(TILES) if t.kind == MONUMENT)
STONEMASON = TILE_ID["wood_stonemason"]
assert len(STARTING_TILES) == 9 and len(WOOD_TILES) == 9 and len(STONE_TILES) == 9 and len(MONUMENT_TILES) == 7

# -- characters ----------------------------------------------------------------------------------------------------
CHARACTERS = (
    "early_riser", "night_worker", "journeyman", "thief", "steward", "bailiff",
    "architect", "deliveryman", "foreman", "chamberlain", "goldsmith", "day_laborer",
)
EARLY_RISER: Final = 0
NIGHT_WORKER: Final = 1
JOURNEYMAN: Final = 2
THIEF: Final = 3
STEWARD: Final = 4
BAILIFF: Final = 5
ARCHITECT: Final = 6
DELIVERYMAN: Final = 7
FOREMAN: Final = 8
CHAMBERLAIN: Final = 9
GOLDSMITH: Final = 10
DAY_LABORER: Final = 11
CHARACTER_TITLES = tuple("The " + c.replace("_", " ").title() for c in CHARACTERS)
# Where a character tile is, in Board.chars; 0..4 means in front of that player.
IN_BOX: Final = -1
ON_BOARD: Final = -2
IN_DRAFT: Final = -3

# The figures of the powers.
OWNER_PRESTIGE: Final = 1        # to the owner when another player places a worker on their building (rules, Planning)
STEWARD_PRESTIGE: Final = 2      # the Steward's instead (interpretation: "Gain 2 PP", not "2 additional")
ARCHITECT_BONUS: Final = 1       # PP per Wood building, Stone building or Monument constructed
FOREMAN_BONUS: Final = 1         # PP per bundle delivered
GOLDSMITH_BONUS: Final = 5       # PP for one bundle with Gold, once per round
DAY_LABORER_BONUS: Final = 1     # Workers at Recruitment

# The rulebook's recommended characters for a first game (players + 3 tiles each time).
RECOMMENDED_CHARACTERS = {
    2: (BAILIFF, ARCHITECT, FOREMAN, DAY_LABORER, CHAMBERLAIN),
    3: (BAILIFF, ARCHITECT, FOREMAN, DAY_LABORER, CHAMBERLAIN, DELIVERYMAN),
    4: (BAILIFF, ARCHITECT, FOREMAN, DAY_LABORER, CHAMBERLAIN, DELIVERYMAN, JOURNEYMAN),
    5: (BAILIFF, ARCHITECT, FOREMAN, DAY_LABORER, CHAMBERLAIN, DELIVERYMAN, JOURNEYMAN, EARLY_RISER),
}

# -- favors ----------------------------------------------------------------------------------------------------------
def site_slots_open(round_number: int) -> int:
    """How many Construction Site buildings a Favor may use: rounds 1-3 the first, 4-6 two, 7-9 all three."""
    return 1 if round_number <= 3 else 2 if round_number <= 6 else 3


# -- bundles ---------------------------------------------------------------------------------------------------------
def _bundles():
    """Every 3-resource multiset, in canonical order; `normal` marks the ones anyone may deliver
    (3 different resources, one of them Food). The Chamberlain may deliver any of them."""
    out = []
    for a in range(5):
        for b in range(a, 5):
            for c in range(b, 5):
                counts = [0] * 5
                for r in (a, b, c):
                    counts[r] += 1
                normal = a == FOOD and a < b < c
                out.append(("_".join(RESOURCES[r] for r in (a, b, c)), tuple(counts), normal))
    return tuple(out)


BUNDLES = _bundles()
assert len(BUNDLES) == 35 and sum(1 for b in BUNDLES if b[2]) == 6

PLAYER_NAMES = ("Blue", "Red", "Green", "Yellow", "Black")
