"""Every card of Caylus Magna Carta as data: cost, prestige, effect.

Costs and prestige points come from `shared/reference/magna-carta.md` section 3 and 4. That file has a single source
(LX) for them, so every figure below is UNCONFIRMED except the two the rulebook confirms by example (Large Quarry:
1 food + 2 stone; Statue: 2 stone + 1 gold). They live in these two tables only.

Cards are small integers. A player's deck holds one card of each player building (ids 0..11); the neutral (pink)
cards are 12..16; prestige buildings have their own ids 0..6.
"""

from __future__ import annotations

from typing import Final

# Cubes. Gold is wild: it may stand for any cube when paying a cost or a castle batch.
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
GOLD: Final = 3
CUBE_NAMES = ("food", "wood", "stone", "gold")

# Colours by seat (the engine's players 0..3).
COLOURS = ("blue", "red", "green", "orange")
PLAYER_NAMES = ("Blue", "Red", "Green", "Orange")

# Effect families. A card's effect family decides what its primary and secondary effects do (see rules.py).
# (`Final`: the compiled build compares the rules' effects against these literals, not module globals.)
GATHER: Final = "gather"  # neutral Park / Forest / Quarry: take 1 cube
TRADING_POST: Final = "trading_post"  # neutral: take 2 deniers
NEUTRAL_PEDDLER: Final = "neutral_peddler"  # neutral: buy 1 cube for 1 denier
SMALL_PRODUCTION: Final = "small_production"  # take 1 cube; owner takes 1 from the card's pool
LARGE_PRODUCTION: Final = "large_production"  # take 2 cubes; owner takes 1
PEDDLER: Final = "peddler"  # buy 1 or 2 cubes; owner buys 1
MARKET: Final = "market"  # sell 1 cube for 4 deniers; owner takes 1 denier
LAWYER: Final = "lawyer"  # pay 1 food to turn one of your road cards into a Residence; owner takes 2 deniers
GOLD_MINE: Final = "gold_mine"  # take 1 gold; owner swaps 1 cube for 1 gold
BANK: Final = "bank"  # 1 denier -> 1 gold or 3 -> 2; owner 2 deniers -> 1 gold
CHURCH: Final = "church"  # 2 deniers -> 1 castle token or 5 -> 2; owner 3 -> 1


class Card:
    """One road card: its token name, the rulebook's name, cost (food, wood, stone, gold) plus cubes of any kind (the
    card's "white cubes", gold included), prestige and effect."""

    __slots__ = ("id", "name", "title", "cost", "any_cubes", "prestige", "effect", "cube", "standard_only")

    def __init__(self, id, name, title, cost, prestige, effect, cube=-1, standard_only=False, any_cubes=0):
        self.id = id
        self.name = name
        self.title = title
        self.cost = cost
        self.any_cubes = any_cubes
        self.prestige = prestige
        self.effect = effect
        self.cube = cube  # the cube a production or gathering card gives
        self.standard_only = standard_only

    def __repr__(self) -> str:
        return f"Card({self.name!r})"


# fmt: off
# Player buildings: one of each in every player's deck (12 cards; 10 in the beginner rules, without Lawyer and Church).
# Cost and prestige: UNCONFIRMED (LX only), except Large Quarry (rulebook example).
CARDS = (
    Card(0,  "small_farm",    "Farm (wood)",     (1, 1, 0, 0), 1, SMALL_PRODUCTION, FOOD),
    Card(1,  "small_sawmill", "Sawmill (wood)",  (1, 1, 0, 0), 1, SMALL_PRODUCTION, WOOD),
    Card(2,  "small_quarry",  "Quarry (wood)",   (1, 1, 0, 0), 1, SMALL_PRODUCTION, STONE),
    Card(3,  "peddler",       "Peddler",         (0, 1, 0, 0), 2, PEDDLER, any_cubes=1),  # 1 wood + 1 any cube
    Card(4,  "market",        "Market",          (0, 1, 0, 0), 2, MARKET, any_cubes=1),   # 1 wood + 1 any cube
    Card(5,  "lawyer",        "Lawyer",          (1, 1, 0, 0), 2, LAWYER, standard_only=True),
    Card(6,  "large_farm",    "Farm (stone)",    (1, 0, 2, 0), 2, LARGE_PRODUCTION, FOOD),
    Card(7,  "large_sawmill", "Sawmill (stone)", (1, 0, 2, 0), 2, LARGE_PRODUCTION, WOOD),
    Card(8,  "large_quarry",  "Quarry (stone)",  (1, 0, 2, 0), 2, LARGE_PRODUCTION, STONE),  # confirmed
    Card(9,  "gold_mine",     "Gold Mine",       (1, 0, 2, 0), 2, GOLD_MINE),
    Card(10, "bank",          "Bank",            (0, 1, 2, 0), 3, BANK),
    Card(11, "church",        "Church",          (0, 1, 2, 0), 3, CHURCH, standard_only=True),
    # Neutral (pink) cards: no owner, no cost, no prestige, no secondary effect.
    Card(12, "park",          "Park",            (0, 0, 0, 0), 0, GATHER, FOOD),
    Card(13, "forest",        "Forest",          (0, 0, 0, 0), 0, GATHER, WOOD),
    Card(14, "quarry",        "Quarry",          (0, 0, 0, 0), 0, GATHER, STONE),
    Card(15, "peddler",       "Peddler",         (0, 0, 0, 0), 0, NEUTRAL_PEDDLER),
    Card(16, "trading_post",  "Trading Post",    (0, 0, 0, 0), 0, TRADING_POST),
)
# fmt: on

PLAYER_CARDS = tuple(range(12))
NEUTRAL_CARDS = tuple(range(12, 17))
THE_PEDDLER: Final = 15  # the neutral Peddler: always on the road, last card of the starting road
OTHER_NEUTRALS = tuple(c for c in NEUTRAL_CARDS if c != THE_PEDDLER)  # 1 to 3 of them start the road
LAWYER_CARD: Final = 5

BEGINNER_DECK = tuple(c.id for c in CARDS[:12] if not c.standard_only)
STANDARD_DECK = PLAYER_CARDS

# What lies face up on a road position (the board's `road_face`).
BUILDING: Final = -1  # the building side
RESIDENCE: Final = -2  # turned over by a Lawyer; a value >= 0 is the prestige building covering that residence
# Chosen by a Lawyer in phase 4 while a worker still waits to work it: it works this turn, then turns over.
BECOMING_RESIDENCE: Final = -3

# Residence (the green back of every player card, made by the Lawyer).
RESIDENCE_PRESTIGE: Final = 1
RESIDENCE_COST = (1, 0, 0, 0)  # 1 food, printed "(1 food)" on the Lawyer


class Prestige:
    """A prestige (blue) building: shared, built once, no worker may stand on it."""

    __slots__ = ("id", "name", "title", "cost", "prestige", "standard_only")

    def __init__(self, id, name, title, cost, prestige, standard_only=False):
        self.id = id
        self.name = name
        self.title = title
        self.cost = cost
        self.prestige = prestige
        self.standard_only = standard_only

    def __repr__(self) -> str:
        return f"Prestige({self.name!r})"


# fmt: off
# Cost and prestige: UNCONFIRMED (LX only), except the Statue (rulebook example).
PRESTIGE = (
    Prestige(0, "theatre",   "Theatre",   (0, 2, 0, 1), 6),
    Prestige(1, "statue",    "Statue",    (0, 0, 2, 1), 6),  # confirmed
    Prestige(2, "hotel",     "Hotel",     (0, 0, 3, 1), 6, standard_only=True),  # +1 denier of income
    Prestige(3, "stables",   "Stables",   (3, 0, 0, 2), 10),
    Prestige(4, "town_hall", "Town Hall", (0, 3, 0, 2), 10),
    Prestige(5, "monument",  "Monument",  (0, 0, 3, 2), 10),
    Prestige(6, "cathedral", "Cathedral", (0, 0, 5, 3), 14),
)
# fmt: on
HOTEL: Final = 2
# Every prestige building costs gold (rules._action_choices relies on it).
assert all(p.cost[GOLD] for p in PRESTIGE)

# Castle prestige tokens, taken section by section: Dungeon, then Walls, then Towers.
SECTIONS = ("dungeon", "walls", "towers")
SECTION_VALUE = (4, 3, 2)
SECTION_TOKENS = (7, 8, 9)  # in the box; 1 of each value fewer at 3 players, 2 fewer at 2 players

# Player supplies.
START_FOOD, START_WOOD, START_DENIERS = 2, 2, 4
WORKERS: Final = 4
HAND_SIZE: Final = 3
INCOME: Final = 2
POOL_CUBES = {2: 2, 3: 4, 4: 4}  # cubes put on a small production card when built

CARD_BY_NAME = {c.name: c.id for c in CARDS[:12]}
NEUTRAL_BY_NAME = {c.name: c.id for c in CARDS[12:]}
PRESTIGE_BY_NAME = {p.name: p.id for p in PRESTIGE}
