"""Caylus (2005) action tokens: the complete, finite set, declared once.

The grammar (docs/notation.md has it with examples):

    pass                      decline what is offered (placement, provost, an optional building, more batches)
    place:<space>             put a worker there (placement phase; the gate's free move)
    provost:+N | provost:-N   move the provost N spaces (phase 4 for 1 denier a space; merchants' guild free)
    joust                     pay 1 denier + 1 cloth at the joust field for a royal favor
    inn:stay | inn:leave      keep or take back your worker on the inn's right circle
    take:<cube>               receive a cube (a production choice, the owner's bonus, a favor)
    pay:<cube>                pay one cube of a cost that allows a choice
    sell:<cube> | buy:<cube>  marketplace / peddler
    build:<tile>              build a tile (carpenter, mason, architect, favor line d)
    transform:<tile>          lawyer: turn that building into a residence
    church:3|5  tailor:2|6  bank:1|2  alchemist:1|2  jeweller:5|9   the two offers of those buildings
    batch:<cube>+<cube>       give the castle a batch: food + those two different cubes
    favor:<line>              take a royal favor on that line (prestige, deniers, cubes, buildings)
    exchange                  favor line c, column 4: swap one of your cubes for two
"""

from caylus.core.actions import ActionSet

from .catalog import (
    ALCHEMIST_DEALS, BANK_DEALS, BUILDABLE, CHURCH_DEALS, CUBES, FAVOR_LINES, FIXED, GOLD, JEWELLER_DEALS, KIND_NAMES,
    LAWYER_TILE, NEUTRAL, NO_GOLD, PRESTIGE, SPECIALS, STONE_TILE, TAILOR_DEALS, TILES, WOOD_TILE,
)

ACTIONS = ActionSet("caylus")

PASS = ACTIONS.add("pass")
PLACE_SPECIAL = [ACTIONS.add(f"place:{name}", arg=i) for i, name in enumerate(SPECIALS)]
SPECIAL_OF = {act: i for i, act in enumerate(PLACE_SPECIAL)}  # place:<special> -> its index in SPECIALS
# place:<tile> for every tile a worker may stand on; indexed by tile index (None for the others)
PLACE_TILE = [ACTIONS.add(f"place:{t.id}", arg=t.index) if t.kind in (NEUTRAL, FIXED, WOOD_TILE, STONE_TILE) else None
              for t in TILES]
PROVOST = {k: ACTIONS.add(f"provost:{k:+d}", arg=k) for k in (-3, -2, -1, 1, 2, 3)}
JOUST = ACTIONS.add("joust")
INN_STAY = ACTIONS.add("inn:stay")
INN_LEAVE = ACTIONS.add("inn:leave")
TAKE = [ACTIONS.add(f"take:{c}", arg=i) for i, c in enumerate(CUBES)]
PAY = [ACTIONS.add(f"pay:{c}", arg=i) for i, c in enumerate(CUBES)]
SELL = [ACTIONS.add(f"sell:{c}", arg=i) for i, c in enumerate(CUBES)]
BUY = [ACTIONS.add(f"buy:{CUBES[c]}", arg=c) for c in NO_GOLD]
BUILD: list = [None] * len(TILES)
for _kind in (WOOD_TILE, STONE_TILE, PRESTIGE):
    for _t in BUILDABLE[_kind]:
        BUILD[_t] = ACTIONS.add(f"build:{TILES[_t].id}", arg=_t)
TRANSFORM = [ACTIONS.add(f"transform:{t.id}", arg=t.index)
             if t.kind in (NEUTRAL, WOOD_TILE, STONE_TILE) and t.index != LAWYER_TILE else None for t in TILES]
# The two deals of each trade building, named by what the player gets (church:3 = 3 prestige).
CHURCH = {gain: ACTIONS.add(f"church:{gain}") for gain in CHURCH_DEALS}
TAILOR = {gain: ACTIONS.add(f"tailor:{gain}") for gain in TAILOR_DEALS}
BANK = {gain: ACTIONS.add(f"bank:{gain}") for gain in BANK_DEALS}
ALCHEMIST = {gain: ACTIONS.add(f"alchemist:{gain}") for gain in ALCHEMIST_DEALS}
JEWELLER = {gain: ACTIONS.add(f"jeweller:{gain}") for gain in JEWELLER_DEALS}
# A batch is food plus two different cubes among wood, stone, cloth and gold.
BATCH_PAIRS = [(a, b) for a in range(1, GOLD + 1) for b in range(a + 1, GOLD + 1)]
BATCH = [ACTIONS.add(f"batch:{CUBES[a]}+{CUBES[b]}", arg=(a, b)) for a, b in BATCH_PAIRS]
FAVOR = [ACTIONS.add(f"favor:{line}", arg=i) for i, line in enumerate(FAVOR_LINES)]
EXCHANGE = ACTIONS.add("exchange")

# Tokens that read like moves but that the rules never allow: refused with the rule, not "unknown".
for _t in TILES:
    if PLACE_TILE[_t.index] is None:
        ACTIONS.never(f"place:{_t.id}", f"no worker may be placed on a {KIND_NAMES[_t.kind]} building (rules p2)")
    if TRANSFORM[_t.index] is None:
        reason = ("the lawyer can never be transformed (rules p4 c)" if _t.index == LAWYER_TILE else
                  f"the lawyer cannot transform a {KIND_NAMES[_t.kind]} building (rules p4 c)")
        ACTIONS.never(f"transform:{_t.id}", reason)
    if BUILD[_t.index] is None:
        ACTIONS.never(f"build:{_t.id}", "residences are made by the lawyer (transform:<building>), not built"
                      if _t.id == "residence" else f"{KIND_NAMES[_t.kind]} buildings are never built (rules p4 b)")
ACTIONS.never("buy:gold", "peddlers do not sell gold (rules p4 e)")
