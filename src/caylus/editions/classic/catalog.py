"""Caylus (2005): every building tile, board space and table as data.

Figures that the rulebook printed only as pictures come from shared/reference/caylus-2005.md; where the
rulebook text and that file disagree, the rulebook text wins (its "Rulebook overrides" table). The few
figures there marked UNCONFIRMED are flagged below, in this one table and nowhere else.
"""

from __future__ import annotations

from typing import Final

from dataclasses import dataclass

# -- cubes ---------------------------------------------------------------------------------------------------
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4
CUBES = ("food", "wood", "stone", "cloth", "gold")
NO_GOLD = (FOOD, WOOD, STONE, CLOTH)

# -- tile kinds (the background colour of the tile) ------------------------------------------------------------
NEUTRAL: Final = 0
FIXED: Final = 1
WOOD_TILE: Final = 2
STONE_TILE: Final = 3
RESIDENTIAL: Final = 4
PRESTIGE: Final = 5
KIND_NAMES = ("neutral", "fixed", "wood", "stone", "residential", "prestige")

# -- what a worker on the tile does ----------------------------------------------------------------------------
PRODUCE: Final = 0
CARPENTER: Final = 1
MASON: Final = 2
ARCHITECT: Final = 3
LAWYER: Final = 4
MARKET: Final = 5
PEDDLER: Final = 6
CHURCH: Final = 7
TAILOR: Final = 8
BANK: Final = 9
ALCHEMIST: Final = 10
JEWELLER: Final = 11
NO_EFFECT: Final = 12


def cubes(food=0, wood=0, stone=0, cloth=0, gold=0) -> tuple[int, int, int, int, int]:
    return (food, wood, stone, cloth, gold)


@dataclass(frozen=True)
class Tile:
    id: str  # token name: place:<id>, build:<id>, transform:<id>
    name: str
    kind: int
    cost: tuple = cubes()  # exact cubes paid to build it
    cost_any: int = 0  # plus this many cubes of any kind, even gold (the white cube)
    prestige: int = 0  # gained at once when built
    favors: int = 0  # royal favors gained at once when built
    income: int = 0  # deniers in every phase 1
    effect: int = NO_EFFECT
    # PRODUCE: the options a worker chooses between (one option = no choice); each is a 5-cube tuple
    produces: tuple = ()
    price: int = 0  # MARKET: deniers for one cube; PEDDLER: deniers per cube
    most: int = 0  # PEDDLER: most cubes bought at once
    index: int = -1


TILES: list[Tile] = [
    # Neutral tiles: shuffled onto road spaces 1-6; no owner; the lawyer discards them for good.
    Tile("neutral_carpenter", "Carpenter (neutral)", NEUTRAL, effect=CARPENTER),
    Tile("neutral_farm", "Farm (neutral)", NEUTRAL, effect=PRODUCE, produces=(cubes(food=1), cubes(cloth=1))),
    Tile("forest", "Forest", NEUTRAL, effect=PRODUCE, produces=(cubes(wood=1), cubes(food=1))),
    Tile("neutral_sawmill", "Sawmill (neutral)", NEUTRAL, effect=PRODUCE, produces=(cubes(wood=1),)),
    Tile("neutral_quarry", "Quarry (neutral)", NEUTRAL, effect=PRODUCE, produces=(cubes(stone=1),)),
    Tile("neutral_marketplace", "Marketplace (neutral)", NEUTRAL, effect=MARKET, price=4),
    # Fixed buildings printed on the road (spaces 7, 8, 16); never transformed.
    Tile("fixed_peddler", "Peddler (fixed)", FIXED, effect=PEDDLER, price=2, most=1),
    Tile("fixed_carpenter", "Carpenter (fixed)", FIXED, effect=CARPENTER),
    Tile("gold_mine", "Gold mine", FIXED, effect=PRODUCE, produces=(cubes(gold=1),)),
    # Wood tiles, built at a carpenter.
    Tile("food_farm", "Farm (food)", WOOD_TILE, cubes(food=1, wood=1), prestige=2, effect=PRODUCE,
         produces=(cubes(food=2), cubes(cloth=1))),
    Tile("cloth_farm", "Farm (cloth)", WOOD_TILE, cubes(food=1, wood=1), prestige=2, effect=PRODUCE,
         produces=(cubes(cloth=2), cubes(food=1))),
    Tile("quarry", "Quarry", WOOD_TILE, cubes(food=1, wood=1), prestige=2, effect=PRODUCE,
         produces=(cubes(stone=2),)),
    Tile("sawmill", "Sawmill", WOOD_TILE, cubes(food=1, wood=1), prestige=2, effect=PRODUCE,
         produces=(cubes(wood=2),)),
    Tile("marketplace", "Marketplace", WOOD_TILE, cubes(wood=1), cost_any=1, prestige=4, effect=MARKET, price=6),
    Tile("peddler", "Peddler", WOOD_TILE, cubes(wood=1), cost_any=1, prestige=4, effect=PEDDLER, price=1, most=2),
    # Lawyer tile prestige: 4 (first printing; the later erratum says 3) - reference "Rulebook overrides".
    Tile("lawyer", "Lawyer", WOOD_TILE, cubes(wood=1, cloth=1), prestige=4, effect=LAWYER),
    Tile("mason", "Mason", WOOD_TILE, cubes(food=1, wood=1), prestige=4, effect=MASON),
    # Stone tiles, built at a mason. Production ones give their owner a bonus cube (rules phase 5 a).
    Tile("stone_farm", "Farm (stone)", STONE_TILE, cubes(food=1, stone=1), prestige=3, effect=PRODUCE,
         produces=(cubes(food=2, cloth=1),)),
    Tile("park", "Park", STONE_TILE, cubes(food=1, stone=1), prestige=3, effect=PRODUCE,
         produces=(cubes(food=1, wood=2),)),
    Tile("workshop", "Workshop", STONE_TILE, cubes(food=1, stone=1), prestige=3, effect=PRODUCE,
         produces=(cubes(stone=2, cloth=1),)),
    Tile("architect", "Architect", STONE_TILE, cubes(food=1, stone=1), prestige=6, effect=ARCHITECT),
    Tile("architect2", "Architect (second tile)", STONE_TILE, cubes(food=1, stone=1), prestige=6, effect=ARCHITECT),
    # Church: the rulebook text says 4 prestige + 1 favor when built (the tile sheet shows 3): text wins.
    Tile("church", "Church", STONE_TILE, cubes(stone=1, cloth=1), prestige=4, favors=1, effect=CHURCH),
    Tile("tailor", "Tailor", STONE_TILE, cubes(wood=1, stone=1), prestige=6, effect=TAILOR),
    Tile("bank", "Bank", STONE_TILE, cubes(wood=1, stone=1), prestige=6, effect=BANK),
    Tile("alchemist", "Alchemist", STONE_TILE, cubes(food=1, stone=1), prestige=6, effect=ALCHEMIST),
    # The Jeweller came with a later printing; only in play with the option jeweller=true.
    Tile("jeweller", "Jeweller", STONE_TILE, cubes(stone=1, cloth=1), prestige=6, effect=JEWELLER),
    # Residences: made by the lawyer; the supply is unlimited (rules phase 5 c).
    Tile("residence", "Residence", RESIDENTIAL, cubes(cloth=1), prestige=2, income=1),
    # Prestige tiles, built at an architect on a residence of the builder.
    Tile("statue", "Statue", PRESTIGE, cubes(stone=2, gold=1), prestige=7, favors=1),
    Tile("theater", "Theater", PRESTIGE, cubes(wood=3, gold=2), prestige=14, favors=1),
    Tile("college", "College", PRESTIGE, cubes(stone=3, gold=2), prestige=14, favors=1),
    Tile("monument", "Monument", PRESTIGE, cubes(stone=4, gold=2), prestige=14, favors=2),
    Tile("granary", "Granary", PRESTIGE, cubes(food=3, gold=1), prestige=10),
    Tile("weaver", "Weaver", PRESTIGE, cubes(cloth=3, gold=1), prestige=12),
    Tile("cathedral", "Cathedral", PRESTIGE, cubes(stone=5, gold=3), prestige=25),
    Tile("library", "Library", PRESTIGE, cubes(wood=3, gold=1), prestige=10, income=1),
    Tile("hotel", "Hotel", PRESTIGE, cubes(stone=3, gold=2), prestige=16, income=2),
]
TILES = [Tile(**{**t.__dict__, "index": i}) for i, t in enumerate(TILES)]
TILE = {t.id: t for t in TILES}
# Tile id -> the name a player reads. The catalog's names keep the token's distinctions ("Farm (food)"); these
# read well inside a sentence ("the Food farm"), in the rules' error messages and in the words alike.
TILE_NAMES = {
    "neutral_carpenter": "neutral Carpenter", "neutral_farm": "neutral Farm", "forest": "Forest",
    "neutral_sawmill": "neutral Sawmill", "neutral_quarry": "neutral Quarry",
    "neutral_marketplace": "neutral Marketplace", "fixed_peddler": "fixed Peddler",
    "fixed_carpenter": "fixed Carpenter", "gold_mine": "Gold mine", "food_farm": "Food farm",
    "cloth_farm": "Cloth farm", "quarry": "Quarry", "sawmill": "Sawmill", "marketplace": "Marketplace",
    "peddler": "Peddler", "lawyer": "Lawyer", "mason": "Mason", "stone_farm": "Stone farm", "park": "Park",
    "workshop": "Workshop", "architect": "Architect", "architect2": "second Architect", "church": "Church",
    "tailor": "Tailor", "bank": "Bank", "alchemist": "Alchemist", "jeweller": "Jeweller",
    "residence": "Residence", "statue": "Statue", "theater": "Theater", "college": "College",
    "monument": "Monument", "granary": "Granary", "weaver": "Weaver", "cathedral": "Cathedral",
    "library": "Library", "hotel": "Hotel",
}
assert set(TILE_NAMES) == set(TILE)
RESIDENCE = TILE["residence"].index
LAWYER_TILE = TILE["lawyer"].index
JEWELLER_TILE = TILE["jeweller"].index
NEUTRAL_TILES = [t.index for t in TILES if t.kind == NEUTRAL]
BUILDABLE = {kind: [t.index for t in TILES if t.kind == kind] for kind in (WOOD_TILE, STONE_TILE, PRESTIGE)}

RESIDENCE_DENIERS: Final = 1  # the lawyer's price besides the cloth cube (favor line d col 4 waives it)
LAWYER_PRESTIGE = TILE["residence"].prestige

# -- the two deals of each trade building (rules p4 f-i; the Jeweller: reference 2.4) -----------------------------
# Keyed by what the player gets (the number in the token: church:3, bank:2, ...), giving what the player pays.
CHURCH_DEALS = {3: 2, 5: 4}  # prestige <- deniers
TAILOR_DEALS = {2: 1, 6: 3}  # prestige <- cloth cubes (the rulebook text; the tile sheet reads 2 cloth -> 4)
BANK_DEALS = {1: 2, 2: 5}  # gold cubes <- deniers
ALCHEMIST_DEALS = {1: 2, 2: 4}  # gold cubes <- cubes of any kind but gold
JEWELLER_DEALS = {5: 1, 9: 2}  # prestige <- gold cubes

# -- the road ----------------------------------------------------------------------------------------------
ROAD_LENGTH: Final = 28  # spaces 1..28 after the bridge (reference 1.2)
START_SPACE: Final = 6  # bailiff and provost start on the last neutral tile
FIXED_ON_ROAD = {7: TILE["fixed_peddler"].index, 8: TILE["fixed_carpenter"].index, 16: TILE["gold_mine"].index}

# -- special buildings before the bridge, in phase 3 order ----------------------------------------------------
GATE: Final = 0
TRADING_POST: Final = 1
MERCHANTS_GUILD: Final = 2
JOUST_FIELD: Final = 3
STABLES: Final = 4
INN: Final = 5
CASTLE: Final = 6
SPECIALS = ("gate", "trading_post", "merchants_guild", "joust_field", "stables", "inn", "castle")
TRADING_POST_DENIERS: Final = 3
GUILD_MOST: Final = 3  # merchants' guild moves the provost 1..3 spaces
JOUST_DENIERS: Final = 1  # and 1 cloth cube, for a royal favor
STABLE_SPOTS: Final = 3
PROVOST_MOST: Final = 3  # phase 4: 1..3 spaces ...
PROVOST_SPACE_PRICE: Final = 1  # ... for 1 denier each

# -- the castle -----------------------------------------------------------------------------------------------
DUNGEON: Final = 0
WALLS: Final = 1
TOWERS: Final = 2
SECTIONS = ("dungeon", "walls", "towers")
SECTION_PARTS = (6, 10, 14)
SECTION_PRESTIGE = (5, 4, 3)  # per batch
COUNT_SPACE = (12, 18, 24)  # the bailiff reaching or passing these triggers the count
NO_BATCH_PENALTY: Final = 2


def count_result(section: int, houses: int) -> tuple[int, int]:
    """(prestige change, favors) from the count table of a section (rules phase 6, "Counts")."""
    if houses == 0:
        return (-(2 + section), 0)  # -2 / -3 / -4
    if section == DUNGEON:
        return (0, 1 if houses >= 2 else 0)
    if section == WALLS:
        return (0, 0 if houses < 2 else 1 if houses == 2 else 2 if houses <= 4 else 3)
    return (0, 0 if houses < 2 else 1 if houses <= 3 else 2 if houses <= 5 else 3)


# -- royal favors ---------------------------------------------------------------------------------------------
PRESTIGE_LINE: Final = 0
DENIERS_LINE: Final = 1
CUBES_LINE: Final = 2
BUILDINGS_LINE: Final = 3
FAVOR_LINES = ("prestige", "deniers", "cubes", "buildings")
FAVOR_PRESTIGE = (0, 1, 2, 3, 4, 5)  # by column
FAVOR_DENIERS = (0, 3, 4, 5, 6, 7)
# Columns open: 1-2 from the start, 3-4 once the Dungeon is counted, 5 once the Walls are counted.
OPEN_COLUMNS = (2, 4, 5, 5)  # indexed by the number of sections counted
SIMPLIFIED_FAVOR_PRESTIGE: Final = 3

# -- players and setup ----------------------------------------------------------------------------------------
WORKERS: Final = 6
HOUSES: Final = 20
START_DENIERS = (5, 6, 6, 7, 7)  # by turn-order position
TWO_PLAYER_DENIERS: Final = 5
START_CUBES = cubes(food=2, wood=1)
INCOME: Final = 2
FIRST_PASSER_DENIERS: Final = 1
OWN_BUILDING_PRICE: Final = 1  # a worker on one's own building, whoever has passed
INN_HOLDER_PRICE: Final = 1  # any worker of the inn's right-circle holder
# 2 players: a worker costs this once the other player has passed. The rulebook says so of "a building they do
# not own"; applying it to the special buildings and the castle too is the reference's reading (section 5),
# marked UNCONFIRMED there.
TWO_PLAYER_PRICE: Final = 3

# -- end of game ----------------------------------------------------------------------------------------------
GOLD_BONUS: Final = 3  # prestige per gold cube
CUBES_PER_POINT: Final = 3  # other cubes
DENIERS_PER_POINT: Final = 4
