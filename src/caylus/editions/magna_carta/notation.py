"""Every action token of Caylus Magna Carta, declared once (see docs/notation-magna-carta.md).

What a token means depends on the decision being asked; `pass` always declines what is offered (keep the opening
hand, pass in the action phase, leave the provost where he is, skip an optional effect, stop giving batches).
"""

from __future__ import annotations

from caylus.core.actions import ActionSet

from .catalog import CARDS, COLOURS, CUBE_NAMES, LAWYER_CARD, NEUTRAL_CARDS, PLAYER_CARDS, PRESTIGE

ACTIONS = ActionSet("magna-carta")

PASS = ACTIONS.add("pass")
REDRAW = ACTIONS.add("redraw")  # setup: discard the opening hand and draw 3 new cards (once)

# Phase 2, the six actions (pass is the sixth).
DRAW = ACTIONS.add("draw")
REPLACE = ACTIONS.add("replace")
# place:<road card>. Neutral cards by name (place:park); a player's card by colour and name (place:red_market),
# because each colour has its own copy of every building.
PLACE = {}  # (owner seat or -1, card id) -> Action
for _card in NEUTRAL_CARDS:
    PLACE[(-1, _card)] = ACTIONS.add(f"place:{CARDS[_card].name}")
for _seat, _colour in enumerate(COLOURS):
    for _card in PLAYER_CARDS:
        PLACE[(_seat, _card)] = ACTIONS.add(f"place:{_colour}_{CARDS[_card].name}")
BUILD = tuple(ACTIONS.add(f"build:{CARDS[c].name}") for c in PLAYER_CARDS)  # from your hand, at the road end
PRESTIGE_BUILD = tuple(ACTIONS.add(f"prestige:{p.name}") for p in PRESTIGE)
# After choosing a prestige building (standard rules): which of your Residences it covers.
COVER = {c: ACTIONS.add(f"cover:{CARDS[c].name}") for c in PLAYER_CARDS if c != LAWYER_CARD}
# The "any cube" of the Peddler's and Market's cost: which cube pays it.
PAY = tuple(ACTIONS.add(f"pay:{name}") for name in CUBE_NAMES)

# Phase 3: move the provost (1 denier a card, up to 3, either way).
PROVOST = {k: ACTIONS.add(f"provost:{k:+d}") for k in (-3, -2, -1, 1, 2, 3)}

# Phase 4: optional building effects that ask something.
BUY = tuple(ACTIONS.add(f"buy:{name}") for name in CUBE_NAMES[:3])  # peddlers: 1 denier -> 1 cube
SELL = tuple(ACTIONS.add(f"sell:{name}") for name in CUBE_NAMES)  # market: 1 cube -> 4 deniers
SWAP = tuple(ACTIONS.add(f"swap:{name}") for name in CUBE_NAMES[:3])  # gold mine owner: 1 cube -> 1 gold
BANK = {1: ACTIONS.add("bank:1"), 2: ACTIONS.add("bank:2")}  # buy 1 or 2 gold
CHURCH = {1: ACTIONS.add("church:1"), 2: ACTIONS.add("church:2")}  # buy 1 or 2 castle tokens
RESIDENCE = {c: ACTIONS.add(f"residence:{CARDS[c].name}") for c in PLAYER_CARDS if c != LAWYER_CARD}  # lawyer

# Phase 5: give one batch (food + wood + stone, gold wild) to the castle.
BATCH = ACTIONS.add("batch")

__all__ = ["ACTIONS"]
