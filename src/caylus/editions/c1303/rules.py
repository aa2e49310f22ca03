"""The rules of Caylus 1303: the board as plain data, and the transitions on it.

The board is one array of *slots* (see catalog.py): slots 0-3 are the buildings printed before the Guilds
Bridge (Fairground, Lawyer, Carpenter, Toll), slot ``PRINTED_SLOTS + r`` is Road space r. The Provost stands in a
gap: ``provost == g`` means Road spaces 0..g-1 are activated this round.

The flow of a round (Planning, Activation, Delivery, Stewardship) is a small state machine (`phase`, `step`,
`k`). Whenever a player must choose, the machine pushes a *decision* on `stack`; `apply` pops it, does what the
answer says (which may push follow-up decisions, e.g. a Favor, then a building, then the wildcard resource it
costs), and `run` moves the round on until the next decision.

A decision is a tuple ``(kind, player, arg, arg2)``; what the two arguments mean depends on the kind (see D_*).
"""

from __future__ import annotations

from typing import Any, Final

from caylus.core import Rng
from caylus.core.actions import Action

from .catalog import (
    ARCHITECT, ARCHITECT_BONUS, BAILIFF, BUILD_STONE, BUILD_STONE_NO_STONE, BUILD_WOOD, BUNDLE_PRESTIGE,
    CHAMBERLAIN, CHARACTERS, CHARACTER_TITLES, CONSTRUCTION, DAY_LABORER, DAY_LABORER_BONUS, DELIVERYMAN,
    EARLY_RISER, FABRIC, FACE_NAMES, FAVOR, FOREMAN, FOREMAN_BONUS, GAIN, GOLD, GOLDSMITH, GOLDSMITH_BONUS,
    GRAY_SPACE, IN_BOX, IN_DRAFT, JOURNEYMAN, LAWYER, MONUMENT_FACE, MONUMENT_TILES, NIGHT_WORKER, OFFER,
    ON_BOARD, OWNER_PRESTIGE, PLAYER_NAMES, PRINTED_SLOTS, RESIDENCE, RESOURCES,
    ROAD_SPACES, ROUNDS, SETUP, STARTING, STEWARD, STEWARD_PRESTIGE, STONE, STONE_BUILDING, STONE_TILES,
    THIEF, TOLL, WOOD_BUILDING, WOOD_TILES, YELLOW_SPACES, Tile, site_slots_open,
)
from . import catalog as _C, notation as _N

# The catalog's tables and the action tokens the rules use, as `Final` names of this module: the compiled build
# (docs/compiled.md) then reads them from C variables instead of looking them up in the module's dictionary.
TILES: Final[tuple[Tile, ...]] = _C.TILES
OFFERS: Final = _C.OFFERS
BUNDLES: Final = _C.BUNDLES
WILDCARD: Final[tuple[int, ...]] = _C.WILDCARD
RECRUITMENT: Final[dict[int, int]] = _C.RECRUITMENT
SLOTS: Final[int] = _C.SLOTS
PROVOST_MAX: Final[int] = _C.PROVOST_MAX
PASS: Final[Action] = _N.PASS
PLACE_SITE: Final[Action] = _N.PLACE_SITE
PLACE: Final[list[Action | None]] = _N.PLACE
BUILD: Final[dict[int, Action]] = _N.BUILD
BUNDLE: Final[tuple[Action, ...]] = _N.BUNDLE
CHARACTER: Final[tuple[Action, ...]] = _N.CHARACTER
LAWYER_ACTIONS: Final[dict[int, Action]] = _N.LAWYER
MONUMENT: Final[dict[int, Action]] = _N.MONUMENT
OFFER_ACTIONS: Final = _N.OFFER_ACTIONS
PROVOST: Final[dict[int, Action]] = _N.PROVOST
SITE: Final[tuple[Action, ...]] = _N.SITE
SPEND: Final[dict[int, Action]] = _N.SPEND

# Phases of a round (DRAFT only once, before round 1).
DRAFT: Final = 0
PLANNING: Final = 1
ACTIVATION: Final = 2
DELIVERY: Final = 3
STEWARDSHIP: Final = 4
OVER: Final = 5
PHASE_NAMES = ("draft", "planning", "activation", "delivery", "stewardship", "over")

# Decisions: (kind, player, arg, arg2); the arguments are 0 unless said otherwise.
D_DRAFT: Final = 0      # choose a character among those drawn
D_EARLY: Final = 1      # Early Riser: place a worker before the first player, or pass
D_PLAN: Final = 2       # Planning turn: place a worker or pass (a House on the Guilds Bridge)
D_OFFER: Final = 3      # arg = name of the building's offer table (Market, Guild, Tailor, ...)
D_PAY: Final = 4        # pay arg resources of the player's choice among Food/Wood/Stone/Fabric, one per answer
D_LAWYER: Final = 5     # which starting building gets the House (1 Fabric)
D_BUILD: Final = 6      # arg = WOOD_BUILDING or STONE_BUILDING, arg2 = 1 if the Stone part of the cost is paid
D_PROVOST: Final = 7    # arg = most steps, arg2 = Workers returned per step (Toll 2/0, Guilds Bridge 3/1, Bailiff 1/0)
D_FAVOR: Final = 8      # take another player's character, or use a Construction Site building
D_BOARD_CHARACTER: Final = 9  # after a Construction Site building: take a character from the board, or pass
D_DELIVER: Final = 10   # deliver one more bundle or stop; arg = 1 on the Deliveryman's turn at the end
D_MONUMENT: Final = 11  # arg = slot of the Residence to cover
DECISION_NAMES = ("draft", "early_riser", "plan", "offer", "pay", "lawyer", "build", "provost", "favor",
                  "board_character", "deliver", "monument")

# Activation steps: 0..3 the printed buildings (stages a-d), the Guilds Bridge (e), the Bailiff's step right
# after it, then one step per Road space (f-h).
_BRIDGE_STEP: Final = PRINTED_SLOTS
_BAILIFF_STEP: Final = PRINTED_SLOTS + 1
_ROAD_STEP: Final = PRINTED_SLOTS + 2
_ROAD_END_STEP: Final = _ROAD_STEP + ROAD_SPACES

_NORMAL_BUNDLES: Final = tuple((BUNDLE[i], counts) for i, (_n, counts, normal) in enumerate(BUNDLES) if normal)
_ALL_BUNDLES: Final = tuple((BUNDLE[i], counts) for i, (_n, counts, _normal) in enumerate(BUNDLES))
_COST: Final = tuple(t.cost for t in TILES)
# The setup-side Stonemason constructs without paying the Stone (every Stone building costs 1 Stone + 1 other).
_COST_WITHOUT_STONE: Final = tuple(
    tuple(max(0, c - 1) if r == STONE else c for r, c in enumerate(t.cost)) for t in TILES
)


class Board:
    """The whole state of a game of Caylus 1303, as small plain lists (cheap to copy)."""

    __slots__ = (
        "n", "rng", "round", "phase", "step", "k", "begun", "current_player", "terminal",
        "first", "turn", "passed",
        "workers", "camp", "res", "pp", "houses", "chars",
        "tile", "face", "owner", "worker_on", "journeyman_on", "vacant", "site", "supply", "site_workers",
        "provost", "bundles", "journeyman_used", "goldsmith_used", "stack", "events",
    )

    # Declared for the type checker and the optional compiled build (docs/compiled.md), which needs every field's
    # type. No __init__: a compiled class's __new__ would run it, and `copy` must not (`blank` makes a new board).
    n: int
    rng: Rng
    round: int
    phase: int
    step: int
    k: int
    begun: bool
    current_player: int
    terminal: bool
    first: int
    turn: int
    passed: list[int]
    workers: list[int]
    camp: list[int]
    res: list[int]
    pp: list[int]
    houses: list[int]
    chars: list[int]
    tile: list[int]
    face: list[int]
    owner: list[int]
    worker_on: list[int]
    journeyman_on: list[int]
    vacant: list[Action | None]
    site: tuple[int, int, int]
    supply: list[bool]
    site_workers: list[int]
    provost: int
    bundles: list[int]
    journeyman_used: bool
    goldsmith_used: bool
    stack: list[tuple[int, int, Any, int]]  # (kind, player, arg (an offer's name for D_OFFER), arg2)
    events: list | None

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.n = self.n
        b.rng = self.rng.copy()
        b.round = self.round
        b.phase = self.phase
        b.step = self.step
        b.k = self.k
        b.begun = self.begun
        b.current_player = self.current_player
        b.terminal = self.terminal
        b.first = self.first
        b.turn = self.turn
        b.passed = self.passed[:]
        b.workers = self.workers[:]
        b.camp = self.camp[:]
        b.res = self.res[:]
        b.pp = self.pp[:]
        b.houses = self.houses[:]
        b.chars = self.chars[:]
        b.tile = self.tile[:]
        b.face = self.face[:]
        b.owner = self.owner[:]
        b.worker_on = self.worker_on[:]
        b.journeyman_on = self.journeyman_on[:]
        b.vacant = self.vacant[:]
        b.site = self.site
        b.supply = self.supply[:]
        b.site_workers = self.site_workers[:]
        b.provost = self.provost
        b.bundles = self.bundles[:]
        b.journeyman_used = self.journeyman_used
        b.goldsmith_used = self.goldsmith_used
        b.stack = self.stack[:]
        b.events = None  # copies (checkpoints, clones to plan on) record nothing
        return b


def blank(n: int, rng: Rng) -> Board:
    """A board for n players before the setup: nobody has anything, nothing is on the Road."""
    b = Board.__new__(Board)
    b.n = n
    b.rng = rng
    b.round = 1
    b.phase = DRAFT
    b.step = 0            # position inside the phase (Planning, Activation, Delivery)
    b.k = 0               # index inside the step: next drafter, Guilds Bridge House, Site worker, Road slot
    b.begun = False       # Activation: the worker k at this step has used its effect
    b.current_player = 0
    b.terminal = False
    b.first = 0           # holder of the First Player tile
    b.turn = 0            # Planning: the next player to consider
    b.passed = []         # order of the Houses on the Guilds Bridge this round
    b.workers = [0] * n   # Workers in front of each player
    b.camp = [0] * n      # Workers of each color in the Camp
    b.res = [0] * (5 * n) # res[5 * player + resource]
    b.pp = [0] * n        # Prestige Points
    b.houses = [0] * n    # Houses left to construct with
    b.chars = [IN_BOX] * len(CHARACTERS)   # where each character is: a player, or IN_BOX / ON_BOARD / IN_DRAFT
    b.tile = [-1] * SLOTS     # tile id on each slot (-1: empty Road space)
    b.face = [SETUP] * SLOTS  # SETUP / CONSTRUCTION / RESIDENCE / MONUMENT_FACE
    b.owner = [-1] * SLOTS    # whose House is above it
    b.worker_on = [-1] * SLOTS        # whose worker was placed there
    b.journeyman_on = [-1] * SLOTS    # the Journeyman's worker, placed on an occupied building
    # The place:<building> action of each slot a worker may go to now (a building showing its Setup or
    # Construction side, nobody's worker on it), None elsewhere: kept up to date as workers come and go and
    # buildings are constructed or turned, so that Planning need not scan the Road (`reindex` makes it anew).
    b.vacant = [None] * SLOTS
    b.site = (-1, -1, -1)     # the 3 Construction Site buildings (never change)
    b.supply = [False] * len(TILES)   # Wood/Stone buildings and Monuments that can still be built
    b.site_workers = []       # workers on the Construction Site, in placement order
    b.provost = 0             # the gap he stands in (see the module docstring)
    b.bundles = [0] * n       # bundles delivered this round
    b.journeyman_used = False
    b.goldsmith_used = False
    b.stack = []
    b.events = None  # where what happens is told (docs/events.md); None: nothing is told
    return b


# =====================================================================================================
# Small helpers
# =====================================================================================================

# -- events (docs/events.md): told only when the board has an event list, so playouts pay one test -------------

def _tell(b: Board, kind: str, player, **data) -> None:
    """Add one event to `b.events` (callers test ``b.events is not None`` first)."""
    events = b.events
    if events is not None:  # (the callers' test, again, for the type checker)
        events.append({"kind": kind, "player": player, **data})


def _named(amounts, workers: int = 0, prestige: int = 0, favor: bool = False) -> dict:
    """Resources (a 5-tuple), Workers, prestige and a Favor as {"wood": 1, "workers": 2, ...}, none of the zeros."""
    out = {RESOURCES[r]: n for r, n in enumerate(amounts) if n}
    if workers:
        out["workers"] = workers
    if prestige:
        out["prestige"] = prestige
    if favor:
        out["favors"] = 1
    return out


def _tell_phase(b: Board) -> None:
    _tell(b, "phase", None, round=b.round, phase=PHASE_NAMES[b.phase])


def _space(s: int):
    """The Road space (0-based) of slot `s`, or None for the buildings printed before the Guilds Bridge."""
    return s - PRINTED_SLOTS if s >= PRINTED_SLOTS else None


_PROVOST_BY = {(2, 0): "toll", (3, 1): "guilds_bridge", (1, 0): "bailiff"}  # a D_PROVOST's arguments -> who moves him

def _take_workers(b: Board, p: int, count: int) -> None:
    """Take Workers from the Camp; those beyond the 15th (none left in the Camp) are lost."""
    if count > b.camp[p]:
        count = b.camp[p]
    b.camp[p] -= count
    b.workers[p] += count


def placement_cost(b: Board, p: int) -> int:
    """Workers a Planning placement costs: +1 once someone has passed, except for the Night Worker."""
    if b.passed and b.chars[NIGHT_WORKER] != p:
        return 2
    return 1


def reindex(b: Board) -> None:
    """Make `b.vacant` anew from the slots (the setup, and tests that arrange a board directly)."""
    for s in range(SLOTS):
        _update_vacant(b, s)


def _update_vacant(b: Board, s: int) -> None:
    """Slot `s` changed (its worker left, a building was constructed or turned): may a worker go there now?
    (Residences and Monuments take no worker: their faces come after CONSTRUCTION.)"""
    t = b.tile[s]
    b.vacant[s] = PLACE[t] if t >= 0 and b.face[s] < RESIDENCE and b.worker_on[s] < 0 else None


def _affordable_buildings(b: Board, p: int, kind: int, pay_stone: int) -> list[int]:
    """The buildings of that kind (Wood or Stone) in the supply that `p` can pay for, wildcards (anything but Gold)
    included."""
    food, wood, stone, fabric, gold = b.res[5 * p:5 * p + 5]
    spare = food + wood + stone + fabric
    costs, supply = _COST if pay_stone else _COST_WITHOUT_STONE, b.supply
    out = []
    for t in (WOOD_TILES if kind == WOOD_BUILDING else STONE_TILES):
        if supply[t]:
            c_food, c_wood, c_stone, c_fabric, c_gold = costs[t]
            if (food >= c_food and wood >= c_wood and stone >= c_stone and fabric >= c_fabric and gold >= c_gold
                    and spare - (c_food + c_wood + c_stone + c_fabric) >= TILES[t].wild):
                out.append(t)
    return out


def _can_build(b: Board, p: int, kind: int, pay_stone: bool) -> bool:
    """A House left, an empty Road space, and a building of that kind in the supply that `p` can pay for."""
    return b.houses[p] > 0 and -1 in b.tile and bool(_affordable_buildings(b, p, kind, pay_stone))


def _affordable_offers(b: Board, p: int, name: str) -> list:
    """The answers of the offer table `name` that `p` can pay for (resources, Workers to return, resources of
    choice)."""
    food, wood, stone, fabric, gold = b.res[5 * p:5 * p + 5]
    workers, spare = b.workers[p], food + wood + stone + fabric
    out = []
    for act, o in OFFER_ACTIONS[name]:
        c_food, c_wood, c_stone, c_fabric, c_gold = o.cost
        if (food >= c_food and wood >= c_wood and stone >= c_stone and fabric >= c_fabric and gold >= c_gold
                and o.workers_back <= workers and spare >= o.any_cost):
            out.append(act)
    return out


def _lawyer_targets(b: Board) -> list[int]:
    """Road slots of yellow-flag buildings without a House yet."""
    out = []
    for s in range(PRINTED_SLOTS, SLOTS):
        t = b.tile[s]
        if t >= 0 and TILES[t].kind == STARTING and b.face[s] == SETUP and b.owner[s] < 0:
            out.append(s)
    return out


def _bundle_choices(b: Board, p: int) -> list:
    """The bundles `p` can deliver now: (action, resource counts)."""
    base = 5 * p
    res = b.res
    out = []
    for act, counts in (_ALL_BUNDLES if b.chars[CHAMBERLAIN] == p else _NORMAL_BUNDLES):
        if (res[base] >= counts[0] and res[base + 1] >= counts[1] and res[base + 2] >= counts[2]
                and res[base + 3] >= counts[3] and res[base + 4] >= counts[4]):
            out.append((act, counts))
    return out


def _can_deliver(b: Board, p: int) -> bool:
    """Has `p` a bundle: 3 different resources with Food; for the Chamberlain, any 3 resources."""
    base = 5 * p
    res = b.res
    if b.chars[CHAMBERLAIN] == p:
        return res[base] + res[base + 1] + res[base + 2] + res[base + 3] + res[base + 4] >= 3
    if res[base] < 1:
        return False
    return (res[base + 1] > 0) + (res[base + 2] > 0) + (res[base + 3] > 0) + (res[base + 4] > 0) >= 2


def _monument_choices(b: Board, p: int) -> list[int]:
    """The Monuments still in the supply that `p` can pay for."""
    food, wood, stone, fabric, gold = b.res[5 * p:5 * p + 5]
    out = []
    for m in MONUMENT_TILES:
        if b.supply[m]:
            c_food, c_wood, c_stone, c_fabric, c_gold = TILES[m].cost
            if food >= c_food and wood >= c_wood and stone >= c_stone and fabric >= c_fabric and gold >= c_gold:
                out.append(m)
    return out


def _construction_prestige(b: Board, p: int, t: int) -> int:
    """The PP printed on the tile, +1 for the Architect."""
    return TILES[t].prestige + (ARCHITECT_BONUS if b.chars[ARCHITECT] == p else 0)


# =====================================================================================================
# Building effects
# =====================================================================================================

def use_effect(b: Board, p: int, t: int, face: int) -> None:
    """Player `p` uses the effect of tile `t` showing `face`: automatic gains now, choices as decisions."""
    tile = TILES[t]
    eff = tile.construction if face == CONSTRUCTION else tile.setup
    assert eff is not None  # a worker is only sent to a side with an effect (for the type checker)
    code = eff.code
    if code == GAIN:
        g = eff.gain
        food, wood, stone, fabric, gold = g
        res, base = b.res, 5 * p
        res[base] += food
        res[base + 1] += wood
        res[base + 2] += stone
        res[base + 3] += fabric
        res[base + 4] += gold
        before = b.workers[p]
        if eff.workers:
            _take_workers(b, p, eff.workers)
        b.pp[p] += eff.prestige
        if b.events is not None:
            _tell(b, "produce", p, building=tile.key, side=FACE_NAMES[face],
                  gain=_named(g, b.workers[p] - before, eff.prestige))
        return
    if b.events is not None:
        _tell(b, "activate", p, building=tile.key, side=FACE_NAMES[face])
    if code == OFFER:
        if _affordable_offers(b, p, eff.offer):
            b.stack.append((D_OFFER, p, eff.offer, 0))
    elif code == BUILD_WOOD:
        if _can_build(b, p, WOOD_BUILDING, True):
            b.stack.append((D_BUILD, p, WOOD_BUILDING, 1))
    elif code == BUILD_STONE:
        if _can_build(b, p, STONE_BUILDING, True):
            b.stack.append((D_BUILD, p, STONE_BUILDING, 1))
    elif code == BUILD_STONE_NO_STONE:
        if _can_build(b, p, STONE_BUILDING, False):
            b.stack.append((D_BUILD, p, STONE_BUILDING, 0))
    elif code == LAWYER:
        if b.res[5 * p + FABRIC] >= 1 and b.houses[p] > 0 and _lawyer_targets(b):
            b.stack.append((D_LAWYER, p, 0, 0))
    elif code == TOLL:
        b.stack.append((D_PROVOST, p, 2, 0))
    elif code == FAVOR:
        b.stack.append((D_FAVOR, p, 0, 0))


# =====================================================================================================
# The flow of the game
# =====================================================================================================

def run(b: Board) -> None:
    """Play every automatic step until a player must decide or the game is over."""
    stack = b.stack
    while not stack:
        if b.terminal:
            return
        _ADVANCE[b.phase](b)
    b.current_player = stack[-1][1]


def _advance_draft(b: Board) -> None:
    """Starting with the last player and going counter-clockwise, each chooses a character."""
    if b.k < b.n:
        p = (b.first - 1 - b.k) % b.n
        b.k += 1
        b.stack.append((D_DRAFT, p, 0, 0))
        return
    # The 3 characters no one chose go onto the board.
    if b.events is not None:
        _tell(b, "characters_on_board", None,
              characters=[CHARACTERS[c] for c, holder in enumerate(b.chars) if holder == IN_DRAFT])
    b.chars = [ON_BOARD if holder == IN_DRAFT else holder for holder in b.chars]
    _start_planning(b)


def _start_planning(b: Board) -> None:
    b.phase = PLANNING
    b.step = 0
    b.k = 0
    if b.events is not None:
        _tell_phase(b)


def _advance_planning(b: Board) -> None:
    """Step 0: the Early Riser's placement; step 1: turns clockwise from the first player until all have passed."""
    n = b.n
    if b.step == 0:
        # The Early Riser places first, paying 1 extra Worker (the Night Worker does not cancel it).
        b.step = 1
        b.turn = b.first
        e = b.chars[EARLY_RISER]
        if e >= 0 and b.workers[e] >= 2:
            b.stack.append((D_EARLY, e, 0, 0))
        return
    passed = b.passed
    if len(passed) == n:
        _start_activation(b)
        return
    p = b.turn
    while p in passed:
        p = (p + 1) % n
    b.turn = p
    if b.workers[p] < 2 and b.workers[p] < placement_cost(b, p):  # (a placement costs 1 or 2 Workers)
        _pass(b, p)   # no Worker to place: the player must pass
        if b.events is not None:
            b.events[-1]["forced"] = True
        b.turn = (p + 1) % n
        return
    b.stack.append((D_PLAN, p, 0, 0))


def _pass(b: Board, p: int) -> None:
    """A House on the next space of the Guilds Bridge; the first to pass takes the First Player tile."""
    first = not b.passed
    if first:
        b.first = p
    b.passed.append(p)
    if b.events is not None:
        _tell(b, "pass", p, position=len(b.passed), first_player=first, forced=False)


def _place(b: Board, p: int, act, cost: int) -> None:
    """`p` places a worker (paying `cost` Workers in all) on a building or the Construction Site; the owner of
    another player's building gains 1 PP (2 with the Steward, none if the Thief placed it)."""
    b.workers[p] -= cost
    b.camp[p] += cost - 1     # the extra Worker goes back to the Camp
    if act is PLACE_SITE:
        b.site_workers.append(p)
        if b.events is not None:
            _tell(b, "place", p, building="construction_site", space=None, paid=cost, owner=None,
                  owner_prestige=0, journeyman=False)
        return
    s = b.tile.index(act.arg)
    if b.worker_on[s] < 0:
        b.worker_on[s] = p
        b.vacant[s] = None
    else:
        b.journeyman_on[s] = p          # only the Journeyman may do this, once per round
        b.journeyman_used = True
    o = b.owner[s]
    gained = 0
    if o >= 0 and o != p and b.chars[THIEF] != p:
        gained = STEWARD_PRESTIGE if b.chars[STEWARD] == o else OWNER_PRESTIGE
        b.pp[o] += gained
    if b.events is not None:
        _tell(b, "place", p, building=TILES[act.arg].key, space=_space(s), paid=cost,
              owner=o if o >= 0 and o != p else None, owner_prestige=gained, journeyman=b.journeyman_on[s] == p)


def _start_activation(b: Board) -> None:
    b.phase = ACTIVATION
    b.step = 0
    b.k = 0
    b.begun = False
    if b.events is not None:
        _tell_phase(b)


def _advance_activation(b: Board) -> None:
    """Activation in Road order from the City Gate: a)-d) the printed buildings, e) the Guilds Bridge (then the
    Bailiff), f)-g) the Road spaces up to the Provost; h) past him, workers just go back to the Camp."""
    while True:
        step = b.step
        if step < _BRIDGE_STEP:
            if _activate_buildings(b, 0, PRINTED_SLOTS):
                return
        elif step == _BRIDGE_STEP:
            # In the order of the Houses on the Guilds Bridge, 1 Worker per step of the Provost.
            while b.k < b.n:
                p = b.passed[b.k]
                b.k += 1
                if b.workers[p] > 0:
                    b.stack.append((D_PROVOST, p, 3, 1))
                    return
            b.step = _BAILIFF_STEP
            b.k = 0
        elif step == _BAILIFF_STEP:
            b.step = _ROAD_STEP
            holder = b.chars[BAILIFF]
            if holder >= 0:
                b.stack.append((D_PROVOST, holder, 1, 0))
                return
        elif step < _ROAD_END_STEP:
            if _activate_buildings(b, _ROAD_STEP - PRINTED_SLOTS, SLOTS):
                return
        else:
            _start_delivery(b)
            return


def _activate_buildings(b: Board, offset: int, end: int) -> bool:
    """Activate the buildings with a worker, in Road order, from slot ``b.step - offset`` to slot `end` (the end of
    the printed buildings or of the Road). ``b.step`` follows the slot (step = slot + offset) and `begun` marks an
    effect under way, so that the activation resumes here after the player's decisions.

    True when a player must now decide; False once slot `end` is reached."""
    on = b.worker_on
    s = b.step - offset
    while True:
        if b.begun:
            if _effect_over(b, s):
                return True
            s += 1
        while s < end and on[s] < 0:  # most buildings have no worker: passed in one tight loop
            s += 1
        b.step = s + offset
        if s == end:
            return False
        if s - PRINTED_SLOTS >= b.provost:
            _not_activated(b, s)
            s += 1
            continue
        t, face = b.tile[s], b.face[s]
        if face == CONSTRUCTION and TILES[t].owner_bonus >= 0:  # a Stone production building
            _owner_bonus(b, s)
        b.begun = True
        use_effect(b, on[s], t, face)
        if b.stack:
            return True


def _effect_over(b: Board, s: int) -> bool:
    """The effect under way on slot `s` is over: its worker goes back to the Camp. After the building's worker
    (b.k == 0), the Journeyman's worker, if one stands there too, uses the building (b.k == 1).

    True when that needs a decision."""
    if b.k == 0:
        b.camp[b.worker_on[s]] += 1
        b.worker_on[s] = -1
        b.vacant[s] = PLACE[b.tile[s]]  # a worker stood there, so its side takes workers: open again
        p = b.journeyman_on[s]
        if p < 0:
            b.begun = False
            return False
        b.k = 1
        use_effect(b, p, b.tile[s], b.face[s])
        if b.stack:
            return True
    b.camp[b.journeyman_on[s]] += 1
    b.journeyman_on[s] = -1
    b.k = 0
    b.begun = False
    return False


def _owner_bonus(b: Board, s: int) -> None:
    """Stone production buildings (Construction side): activated by someone else, the owner takes the bonus
    resource, once even with two workers on it, and not at all if the owner is one of them (the Journeyman's
    rule)."""
    bonus = TILES[b.tile[s]].owner_bonus
    o = b.owner[s]
    if bonus >= 0 and o >= 0 and o != b.worker_on[s] and o != b.journeyman_on[s]:
        b.res[5 * o + bonus] += 1
        if b.events is not None:
            _tell(b, "owner_bonus", o, building=TILES[b.tile[s]].key, space=_space(s), gain={RESOURCES[bonus]: 1})


def _not_activated(b: Board, s: int) -> None:
    """A building past the Provost: its workers go back to the Camp without doing anything."""
    for on in (b.worker_on, b.journeyman_on):
        if on[s] >= 0:
            if b.events is not None:
                _tell(b, "not_activated", on[s], building=TILES[b.tile[s]].key, space=_space(s))
            b.camp[on[s]] += 1
            on[s] = -1
    _update_vacant(b, s)


def _start_delivery(b: Board) -> None:
    b.phase = DELIVERY
    b.step = 0
    b.k = 0
    if b.events is not None:
        _tell_phase(b)


def _advance_delivery(b: Board) -> None:
    """Step 0: the workers on the Construction Site deliver in placement order; 1: the Deliveryman delivers last;
    2: the Favor for the most bundles; then the Site's workers go back to the Camp."""
    if b.step == 0:
        # In the order of the workers on the Construction Site.
        while b.k < len(b.site_workers):
            p = b.site_workers[b.k]
            b.k += 1
            if _can_deliver(b, p):
                b.stack.append((D_DELIVER, p, 0, 0))
                return
        b.step = 1
    if b.step == 1:
        # The Deliveryman delivers last, with or without a worker there.
        b.step = 2
        d = b.chars[DELIVERYMAN]
        if d >= 0 and _can_deliver(b, d):
            b.stack.append((D_DELIVER, d, 1, 0))
            return
    if b.step == 2:
        b.step = 3
        winner = favor_winner(b)
        if winner >= 0:
            if b.events is not None:
                _tell(b, "most_bundles", winner, bundles=b.bundles[winner])
            b.stack.append((D_FAVOR, winner, 0, 0))
            return
    # The workers on the Construction Site go back to the Camp.
    for p in b.site_workers:
        b.camp[p] += 1
    b.site_workers = []
    _start_stewardship(b)


def favor_winner(b: Board) -> int:
    """Most bundles this round; ties go to the earliest worker on the Construction Site (none: last)."""
    best = max(b.bundles)
    if best <= 0:
        return -1
    tied = [p for p in range(b.n) if b.bundles[p] == best]
    if len(tied) == 1:  # (the usual case)
        return tied[0]
    site = b.site_workers
    return min(tied, key=lambda p: site.index(p) if p in site else len(site))


def _start_stewardship(b: Board) -> None:
    b.phase = STEWARDSHIP
    if b.events is not None:
        _tell_phase(b)
    # 1) Residences: the starting buildings (yellow flag, all on the first Road spaces) with a House above them
    #    (the Lawyer's) flip to their green-flag side.
    for s in range(PRINTED_SLOTS, PRINTED_SLOTS + YELLOW_SPACES):
        if b.owner[s] >= 0 and b.face[s] == SETUP and TILES[b.tile[s]].kind == STARTING:
            b.face[s] = RESIDENCE
            _update_vacant(b, s)
            if b.events is not None:
                _tell(b, "residence", b.owner[s], building=TILES[b.tile[s]].key, space=_space(s))
    b.step = 0
    b.k = PRINTED_SLOTS          # the next Road slot to offer a Monument for


def _advance_stewardship(b: Board) -> None:
    # 2) Monuments: from the Guilds Bridge along the Road, each Residence's owner may cover it (one decision per
    #    Residence, so an owner may cover several; the Theater's Favor is resolved before the next one).
    face = b.face
    if RESIDENCE in face:  # (most rounds have none)
        for s in range(b.k, SLOTS):
            if face[s] == RESIDENCE and _monument_choices(b, b.owner[s]):
                b.k = s + 1
                b.stack.append((D_MONUMENT, b.owner[s], s, 0))
                return
    b.k = SLOTS
    recruit(b)                                # 3)
    was = b.provost
    b.provost = provost_at_round_end(b)       # 4)
    if b.events is not None:
        _tell(b, "provost_reset", None, start=was, to=b.provost)
    _end_round(b)                             # 5) the Round Marker, or the end of the game


def recruit(b: Board) -> None:
    """3) Recruitment: 3 Workers (2 with 5 players) + Residences + Garden + Day Laborer; Granary, Factory."""
    base = RECRUITMENT[b.n]
    extra_workers = [0] * b.n
    if RESIDENCE in b.face or MONUMENT_FACE in b.face:  # (most rounds have neither)
        for s in range(PRINTED_SLOTS, SLOTS):
            face, o = b.face[s], b.owner[s]
            if o < 0:
                continue
            if face == RESIDENCE:
                extra_workers[o] += 1
            elif face == MONUMENT_FACE:
                t = TILES[b.tile[s]]
                extra_workers[o] += t.recruit_workers
                for r in range(5):
                    b.res[5 * o + r] += t.recruit[r]
    laborer = b.chars[DAY_LABORER]
    if laborer >= 0:
        extra_workers[laborer] += DAY_LABORER_BONUS
    for p in range(b.n):
        before = b.workers[p]
        _take_workers(b, p, base + extra_workers[p])
        if b.events is not None:
            _tell(b, "recruit", p, workers=b.workers[p] - before, lost=base + extra_workers[p] - b.workers[p] + before,
                  gain=_named(_recruited(b, p)))


def _recruited(b: Board, p: int) -> list:
    """The resources `p`'s Monuments (Granary, Factory) gave at this Recruitment, for its event."""
    got = [0] * 5
    for s in range(PRINTED_SLOTS, SLOTS):
        if b.owner[s] == p and b.face[s] == MONUMENT_FACE:
            for r, n in enumerate(TILES[b.tile[s]].recruit):
                got[r] += n
    return got


def provost_at_round_end(b: Board) -> int:
    """4) Just before the last constructed building, ignoring the setup Stone building while empty spaces
    remain before it: the Road space of that building, i.e. the gap he stands in."""
    tile = b.tile
    last = -1
    for r in range(ROAD_SPACES - 1, -1, -1):
        if tile[PRINTED_SLOTS + r] >= 0:
            last = r
            break
    if last == GRAY_SPACE and -1 in tile[PRINTED_SLOTS:PRINTED_SLOTS + GRAY_SPACE]:
        for r in range(GRAY_SPACE - 1, -1, -1):
            if tile[PRINTED_SLOTS + r] >= 0:
                last = r
                break
    return last


def _end_round(b: Board) -> None:
    """5) The Round Marker moves on, or, after the ninth round, the game ends."""
    if b.round >= ROUNDS:
        b.terminal = True
        b.phase = OVER
        if b.events is not None:
            _tell_end(b)
        return
    b.round += 1
    b.passed = []
    b.bundles = [0] * b.n
    b.journeyman_used = False
    b.goldsmith_used = False
    _start_planning(b)


# What `run` does next, by phase (DRAFT, PLANNING, ACTIVATION, DELIVERY, STEWARDSHIP).
_ADVANCE: Final = (_advance_draft, _advance_planning, _advance_activation, _advance_delivery, _advance_stewardship)


def _tell_end(b: Board) -> None:
    from .scoring import end_bonus_parts, scores

    for p in range(b.n):
        parts = end_bonus_parts(b, p)
        _tell(b, "end_bonus", p, parts=parts, total=sum(parts.values()))
    final = scores(b)
    _tell(b, "game_over", None, scores=final, winners=[p for p, v in enumerate(final) if v == max(final)])


# =====================================================================================================
# Decisions: what is legal, and what an answer does
# =====================================================================================================

def legal_actions(b: Board) -> list[Action]:
    kind, p, arg, arg2 = b.stack[-1]
    if kind == D_PLAN or kind == D_EARLY:
        return _placements(b, p)
    if kind == D_OFFER:
        out = _affordable_offers(b, p, arg)
        if OFFERS[arg].optional:
            out.append(PASS)
        return out
    if kind == D_PROVOST:
        most_steps, per_step = min(arg, 3), arg2  # (3 at most: the Guilds Bridge's limit)
        if per_step:
            most_steps = min(most_steps, b.workers[p] // per_step)  # the Workers to pay for each step
        return list(_PROVOST_ANSWERS[most_steps][b.provost])
    if kind == D_PAY:
        base = 5 * p
        return [SPEND[r] for r in WILDCARD if b.res[base + r] > 0]
    if kind == D_BUILD:
        out = [BUILD[t] for t in _affordable_buildings(b, p, arg, arg2)]
        out.append(PASS)
        return out
    if kind == D_DELIVER:
        out = [act for act, _counts in _bundle_choices(b, p)]
        out.append(PASS)
        return out
    if kind == D_FAVOR:
        # Another player's character, or one of the Construction Site buildings open this round.
        out = [CHARACTER[c] for c, holder in enumerate(b.chars) if holder >= 0 and holder != p]
        out.extend(SITE[:site_slots_open(b.round)])
        return out
    if kind == D_BOARD_CHARACTER:
        out = [CHARACTER[c] for c, holder in enumerate(b.chars) if holder == ON_BOARD]
        out.append(PASS)
        return out
    if kind == D_LAWYER:
        out = [LAWYER_ACTIONS[b.tile[s]] for s in _lawyer_targets(b)]
        out.append(PASS)
        return out
    if kind == D_MONUMENT:
        out = [MONUMENT[m] for m in _monument_choices(b, p)]
        out.append(PASS)
        return out
    if kind == D_DRAFT:
        return [CHARACTER[c] for c, holder in enumerate(b.chars) if holder == IN_DRAFT]
    raise AssertionError(f"unknown decision {kind}")


def _provost_answers(most_steps: int, provost: int) -> tuple:
    """The answers for moving the Provost at most `most_steps` from the gap `provost`: back no further than the
    Guilds Bridge, on no further than PROVOST_MAX; from the longest step back, then pass."""
    back = [PROVOST[-d] for d in range(min(most_steps, provost), 0, -1)]
    on = [PROVOST[d] for d in range(1, min(most_steps, PROVOST_MAX - provost) + 1)]
    return tuple(back + on + [PASS])


# The answers for every (most steps, Provost's gap), made once.
_PROVOST_ANSWERS: Final = tuple(tuple(_provost_answers(m, g) for g in range(PROVOST_MAX + 1)) for m in range(4))


def _placements(b: Board, p: int) -> list:
    """Where `p` may place a worker: any building on the Road (printed ones included) showing its Setup or
    Construction side with no worker on it, the Construction Site once; the Journeyman, once a round, may also
    join a building where another player's worker stands alone. (Planning asks only a player who has the Workers
    a placement costs: `_advance_planning`.)"""
    if b.chars[JOURNEYMAN] == p and not b.journeyman_used:
        # The vacant slots, and those where another player's worker stands alone (so a building showing a side
        # that takes workers).
        out = [vacant or PLACE[t] for t, vacant, first, second in zip(b.tile, b.vacant, b.worker_on, b.journeyman_on)
               if vacant or (first >= 0 and first != p and second < 0)]
    else:
        out = list(filter(None, b.vacant))
    if p not in b.site_workers:
        out.append(PLACE_SITE)
    out.append(PASS)
    return out


def apply(b: Board, act: Action) -> None:
    kind, p, arg, arg2 = b.stack.pop()
    if b.events is not None:
        _tell_answer(b, kind, p, arg, arg2, act)
    if kind == D_PLAN:
        if act is PASS:
            _pass(b, p)
        else:
            _place(b, p, act, placement_cost(b, p))
        b.turn = (p + 1) % b.n
    elif kind == D_OFFER:
        for action, o in OFFER_ACTIONS[arg]:
            if action is act:
                _take_offer(b, p, o)
                break
    elif kind == D_PROVOST:
        if act is not PASS:
            steps = act.arg
            b.provost += steps
            paid = abs(steps) * arg2
            b.workers[p] -= paid
            b.camp[p] += paid
    elif kind == D_PAY:
        b.res[5 * p + act.arg] -= 1
        if arg > 1:
            b.stack.append((D_PAY, p, arg - 1, 0))
    elif kind == D_BUILD:
        if act is not PASS:
            _build(b, p, act.arg, arg2)
    elif kind == D_DELIVER:
        if act is not PASS:
            _deliver(b, p, BUNDLES[act.arg][1])
            if _can_deliver(b, p):
                b.stack.append((D_DELIVER, p, arg, 0))
    elif kind == D_FAVOR:
        if act.verb == "character":
            b.chars[act.arg] = p
        else:
            # The building's effect first (pushed last, so on top), then maybe a character from the board.
            if ON_BOARD in b.chars:
                b.stack.append((D_BOARD_CHARACTER, p, 0, 0))
            use_effect(b, p, b.site[act.arg - 1], SETUP)
    elif kind == D_BOARD_CHARACTER:
        if act is not PASS:
            b.chars[act.arg] = p
    elif kind == D_LAWYER:
        if act is not PASS:
            b.res[5 * p + FABRIC] -= 1
            b.houses[p] -= 1
            b.owner[b.tile.index(act.arg)] = p
    elif kind == D_MONUMENT:
        if act is not PASS:
            _build_monument(b, p, act.arg, arg)
    elif kind == D_EARLY:
        if act is not PASS:
            _place(b, p, act, 2)
    elif kind == D_DRAFT:
        b.chars[act.arg] = p
    run(b)


def _tell_answer(b: Board, kind: int, p: int, arg, arg2, act) -> None:
    """The events of a player's answer that its effect does not tell itself (told before the effect)."""
    if kind == D_OFFER:
        if act is PASS:
            _tell(b, "decline", p, decision=DECISION_NAMES[kind], offer=arg)
        else:
            o = next(o for action, o in OFFER_ACTIONS[arg] if action is act)
            _tell(b, "trade", p, offer=arg, paid=_named(o.cost, o.workers_back),
                  any_resources=o.any_cost, gain=_named(o.gain, o.workers, o.prestige, o.favor))
    elif kind == D_PAY:
        _tell(b, "pay", p, resource=RESOURCES[act.arg])
    elif kind == D_PROVOST:
        by = 0 if act is PASS else act.arg
        _tell(b, "provost", p, by=by, start=b.provost, to=b.provost + by, paid=abs(by) * arg2,
              via=_PROVOST_BY.get((arg, arg2)))
    elif kind == D_DELIVER and act is PASS:
        _tell(b, "deliver_done", p, bundles=b.bundles[p])
    elif kind == D_FAVOR or kind == D_BOARD_CHARACTER or kind == D_DRAFT:
        if act.verb == "character":
            holder = b.chars[act.arg]
            _tell(b, "character", p, character=CHARACTERS[act.arg],
                  source="draft" if kind == D_DRAFT else "board" if holder == ON_BOARD else "player",
                  taken_from=holder if holder >= 0 else None)
        elif act is PASS:
            _tell(b, "decline", p, decision=DECISION_NAMES[kind], offer=None)
        else:
            _tell(b, "favor_site", p, site=act.arg, building=TILES[b.site[act.arg - 1]].key)
    elif kind == D_LAWYER:
        if act is PASS:
            _tell(b, "decline", p, decision=DECISION_NAMES[kind], offer=None)
        else:
            _tell(b, "lawyer", p, building=TILES[act.arg].key, space=_space(b.tile.index(act.arg)),
                  paid={"fabric": 1})
    elif act is PASS and (kind == D_BUILD or kind == D_MONUMENT or kind == D_EARLY):
        _tell(b, "decline", p, decision=DECISION_NAMES[kind], offer=None)


def _take_offer(b: Board, p: int, o) -> None:
    """`p` takes answer `o` of a building's offer; a Favor or resources of choice to pay are asked next."""
    base = 5 * p
    for r in range(5):
        b.res[base + r] += o.gain[r] - o.cost[r]
    if o.workers_back:
        b.workers[p] -= o.workers_back
        b.camp[p] += o.workers_back
    if o.workers:
        _take_workers(b, p, o.workers)
    b.pp[p] += o.prestige
    if o.favor:
        b.stack.append((D_FAVOR, p, 0, 0))
    if o.any_cost:
        b.stack.append((D_PAY, p, o.any_cost, 0))


def _build(b: Board, p: int, t: int, pay_stone: int) -> None:
    """Pay, put the tile Construction side up on the first empty Road space, a House above it, gain PP."""
    tile = TILES[t]
    cost = tile.cost if pay_stone else _COST_WITHOUT_STONE[t]
    base = 5 * p
    for r in range(5):
        b.res[base + r] -= cost[r]
    s = b.tile.index(-1)
    b.tile[s] = t
    b.face[s] = CONSTRUCTION
    b.owner[s] = p
    _update_vacant(b, s)
    b.houses[p] -= 1
    b.supply[t] = False
    b.pp[p] += _construction_prestige(b, p, t)
    if b.events is not None:
        _tell(b, "build", p, building=tile.key, space=_space(s), paid=_named(cost), any_resources=tile.wild,
              prestige=_construction_prestige(b, p, t))
    if tile.wild:
        b.stack.append((D_PAY, p, tile.wild, 0))


def _deliver(b: Board, p: int, counts: tuple) -> None:
    """One bundle: 5 PP, +1 for the Foreman, +5 for the Goldsmith's first bundle with Gold this round."""
    base = 5 * p
    for r in range(5):
        b.res[base + r] -= counts[r]
    b.bundles[p] += 1
    gained = BUNDLE_PRESTIGE
    if b.chars[FOREMAN] == p:
        gained += FOREMAN_BONUS
    if b.chars[GOLDSMITH] == p and counts[GOLD] and not b.goldsmith_used:
        gained += GOLDSMITH_BONUS
        b.goldsmith_used = True
    b.pp[p] += gained
    if b.events is not None:
        _tell(b, "bundle", p, resources=_named(counts), prestige=gained, bundles=b.bundles[p])


def _build_monument(b: Board, p: int, m: int, s: int) -> None:
    """Monument `m` over `p`'s Residence on slot `s` (its House stays): cost, PP, the Theater's Favor."""
    cost = TILES[m].cost
    base = 5 * p
    for r in range(5):
        b.res[base + r] -= cost[r]
    covered = b.tile[s]
    b.tile[s] = m
    b.face[s] = MONUMENT_FACE
    _update_vacant(b, s)
    b.supply[m] = False
    b.pp[p] += _construction_prestige(b, p, m)
    if b.events is not None:
        _tell(b, "monument", p, building=TILES[m].key, covers=TILES[covered].key, space=_space(s),
              paid=_named(cost), prestige=_construction_prestige(b, p, m))
    if TILES[m].favor:
        b.stack.append((D_FAVOR, p, 0, 0))


# =====================================================================================================
# Explaining refusals
# =====================================================================================================

def describe_decision(b: Board, frame=None) -> str:
    """What the player on top of the stack is being asked, in words."""
    if frame is None:
        if not b.stack:
            return "nothing is being asked"
        frame = b.stack[-1]
    kind, p, arg, arg2 = frame
    who = PLAYER_NAMES[p]
    if kind == D_PLAN:
        return f"{who} is placing a worker or passing"
    if kind == D_EARLY:
        return f"{who} (the Early Riser) may place a worker before the first player"
    if kind == D_OFFER:
        return f"{who} is choosing what to do at the {_offer_title(arg)}"
    if kind == D_PAY:
        return f"{who} is choosing which resource to spend ({arg} left among food, wood, stone, fabric)"
    if kind == D_PROVOST:
        where = {(2, 0): "the Toll", (3, 1): "the Guilds Bridge", (1, 0): "the Bailiff's power"}.get((arg, arg2), "")
        return f"{who} may move the provost with {where}"
    if kind == D_BUILD:
        return f"{who} is choosing a {'wood' if arg == WOOD_BUILDING else 'stone'} building to construct"
    if kind == D_DELIVER:
        return f"{who} is delivering bundles at the construction site"
    if kind == D_FAVOR:
        return f"{who} is using a favor"
    if kind == D_BOARD_CHARACTER:
        return f"{who} may take a character from the board"
    if kind == D_LAWYER:
        return f"{who} is choosing a building for the Lawyer's house"
    if kind == D_MONUMENT:
        return f"{who} may cover their residence ({TILES[b.tile[arg]].title}) with a monument"
    if kind == D_DRAFT:
        return f"{who} is choosing a starting character"
    return "an unknown decision"


def _offer_title(name: str) -> str:
    for t in TILES:
        for e in (t.setup, t.construction):
            if e is not None and e.code == OFFER and e.offer == name:
                return t.title
    return name


def why_illegal(b: Board, act) -> str:
    if b.terminal:
        return "the game is over"
    frame = b.stack[-1]
    kind, p, arg, arg2 = frame
    who = PLAYER_NAMES[p]
    asked = describe_decision(b, frame)
    verb = act.verb
    if verb == "place":
        if kind not in (D_PLAN, D_EARLY):
            return f"{asked}, not placing a worker"
        cost = 2 if kind == D_EARLY else placement_cost(b, p)
        if b.workers[p] < cost:
            return f"{who} has {b.workers[p]} worker(s) in front of them and a placement now costs {cost}"
        if act is PLACE_SITE:
            return f"{who} already has a worker at the construction site"
        t = act.arg
        title = TILES[t].title
        if t in b.site:
            return f"the {title} is on the construction site: only a favor uses its effect"
        if t not in b.tile:
            if TILES[t].kind == STARTING:
                return f"the {title} is covered by a monument: no worker may go there"
            return f"the {title} is not on the road (it is still in the supply)"
        s = b.tile.index(t)
        if b.face[s] == RESIDENCE:
            return f"the {title} is a residence: no worker may go there"
        o = b.worker_on[s]
        if b.journeyman_on[s] >= 0:
            return f"the {title} already holds two workers"
        if o == p:
            return f"{who} already has a worker on the {title}"
        if b.chars[JOURNEYMAN] != p:
            return f"the {title} is already occupied by {PLAYER_NAMES[o]}'s worker"
        return f"{who} has already used the Journeyman this round"
    if verb == "pass" and act not in legal_actions(b):
        return f"{asked}: declining is not possible here"
    if kind == D_PROVOST and verb == "provost":
        d = act.arg
        if abs(d) > arg:
            return f"{asked}, at most {arg} step(s)"
        if not 0 <= b.provost + d <= PROVOST_MAX:
            return ("the provost cannot go back beyond the Guilds Bridge" if d < 0
                    else "the provost cannot go past the last space beyond the road")
        if arg2 and b.workers[p] < abs(d):
            return f"{who} has only {b.workers[p]} worker(s) to pay for {abs(d)} step(s)"
    if kind == D_BUILD and verb == "build":
        t = act.arg
        if TILES[t].kind != arg:
            return f"{asked}, and the {TILES[t].title} is a {'stone' if arg == WOOD_BUILDING else 'wood'} building"
        if not b.supply[t]:
            return f"the {TILES[t].title} is no longer in the supply"
        return f"{who} cannot pay for the {TILES[t].title}"
    if kind == D_DELIVER and verb == "bundle":
        _name, counts, normal = BUNDLES[act.arg]
        if not normal and b.chars[CHAMBERLAIN] != p:
            return "a bundle is 3 different resources, one of them food (only the Chamberlain may deliver others)"
        return f"{who} does not have the resources for that bundle"
    if kind == D_FAVOR:
        if verb == "site":
            return f"in round {b.round} a favor may only use construction site building(s) 1-{site_slots_open(b.round)}"
        if verb == "character":
            holder = b.chars[act.arg]
            if holder == p:
                return f"{who} already has {CHARACTER_TITLES[act.arg]}"
            return f"{CHARACTER_TITLES[act.arg]} is not in front of another player"
    if kind in (D_BOARD_CHARACTER, D_DRAFT) and verb == "character":
        return f"{CHARACTER_TITLES[act.arg]} is not available to take"
    if kind == D_LAWYER and verb == "lawyer":
        return f"the {TILES[act.arg].title} is not a yellow-flag building on the road without a house"
    if kind == D_MONUMENT and verb == "monument":
        if not b.supply[act.arg]:
            return f"the {TILES[act.arg].title} has already been constructed"
        return f"{who} cannot pay for the {TILES[act.arg].title}"
    if kind in (D_PAY, D_OFFER) and verb in ("spend", "take", "gold", "prestige"):
        return f"{who} cannot pay for that"
    return f"{asked}; {act.token!r} does not answer that"
