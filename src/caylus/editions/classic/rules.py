"""Caylus (2005): the board, the seven phases, and every building's effect.

The turn is a small state machine (`phase`, `step`, `sub`). Whenever a player must choose, a decision is
pushed on `board.stack`; `legal_actions` answers the top one and `apply` pops it (possibly pushing
follow-ups). `_run` then carries the machine forward through every automatic step until the next decision.

Rule citations ("rules p3 b") point at shared/rules/caylus-rules.txt.
"""

from __future__ import annotations

from typing import Final

from caylus.core.actions import Action

from . import scoring
from .catalog import (
    ALCHEMIST, ALCHEMIST_DEALS, ARCHITECT, BANK, BANK_DEALS, BUILDABLE, BUILDINGS_LINE, CARPENTER, CASTLE, CHURCH,
    CHURCH_DEALS, CLOTH, COUNT_SPACE, CUBES, CUBES_LINE, DENIERS_LINE, FAVOR_DENIERS, FAVOR_LINES, FAVOR_PRESTIGE,
    FIRST_PASSER_DENIERS, FOOD, GATE, GOLD, GUILD_MOST, INCOME, INN, INN_HOLDER_PRICE, JEWELLER, JEWELLER_DEALS,
    JOUST_DENIERS, JOUST_FIELD, KIND_NAMES, LAWYER, LAWYER_PRESTIGE, LAWYER_TILE, MARKET, MASON, MERCHANTS_GUILD,
    NEUTRAL, NO_BATCH_PENALTY, NO_GOLD, OPEN_COLUMNS, OWN_BUILDING_PRICE, PEDDLER, PRESTIGE, PRESTIGE_LINE, PRODUCE,
    PROVOST_MOST, PROVOST_SPACE_PRICE, RESIDENCE, RESIDENCE_DENIERS, ROAD_LENGTH, SECTION_PARTS, SECTION_PRESTIGE,
    SECTIONS, SIMPLIFIED_FAVOR_PRESTIGE, SPECIALS, STABLE_SPOTS, STABLES, STONE, STONE_TILE, TAILOR, TAILOR_DEALS,
    TILE_NAMES, TILES, TRADING_POST, TRADING_POST_DENIERS, TWO_PLAYER_PRICE, WOOD, WOOD_TILE, count_result,
)
from .notation import (
    ALCHEMIST as ALCHEMIST_OFFERS, BANK as BANK_OFFERS, BATCH, BATCH_PAIRS, BUILD, BUY, CHURCH as CHURCH_OFFERS,
    EXCHANGE, FAVOR, INN_LEAVE, INN_STAY, JEWELLER as JEWELLER_OFFERS, JOUST, PASS, PAY, PLACE_SPECIAL, PLACE_TILE,
    PROVOST, SELL, SPECIAL_OF, TAILOR as TAILOR_OFFERS, TAKE, TRANSFORM,
)

NAMES = ("Blue", "Red", "Green", "Orange", "Black")

# -- phases (rules p2-p5) ----------------------------------------------------------------------------------
INCOME_PHASE: Final = 1
PLACEMENT: Final = 2
SPECIAL_BUILDINGS: Final = 3
PROVOST_PHASE: Final = 4
ACTIVATION: Final = 5
CASTLE_PHASE: Final = 6
END_OF_TURN: Final = 7
PHASE_NAMES = ("", "income", "placement", "special buildings", "provost", "activation", "castle", "end of turn")

# -- decisions: the kinds of question a player can be asked ----------------------------------------------
# Each pending decision is a tuple (kind, player, a, b). a and b are 0 but for these kinds:
#   D_PRODUCE, D_BONUS   a = the tile activated (its `produces` are the choices)
#   D_MARKET             a = deniers for the cube sold
#   D_PEDDLER            a = deniers a cube, b = cubes the player may still buy
#   D_BUILD              a = the kind of tile built (WOOD_TILE, STONE_TILE, PRESTIGE), b = the cube the favor
#                        table takes off the cost, or NO_DISCOUNT
#   D_PAY                a = cubes still to pay, b = whether gold may pay (the white cube of a cost: yes)
#   D_FAVOR_CUBES, D_FAVOR_BUILD   a = the column of the player's marker on that line
#   D_TAKE               a = cubes still to take (the exchange's two)
D_PLACE: Final = 0
D_GATE: Final = 1
D_GUILD: Final = 2
D_JOUST: Final = 3
D_INN: Final = 4
D_PROVOST: Final = 5
D_PRODUCE: Final = 6
D_BONUS: Final = 7
D_MARKET: Final = 8
D_PEDDLER: Final = 9
D_BUILD: Final = 10
D_PAY: Final = 11
D_LAWYER: Final = 12
D_CHURCH: Final = 13
D_TAILOR: Final = 14
D_BANK: Final = 15
D_ALCHEMIST: Final = 16
D_JEWELLER: Final = 17
D_CASTLE: Final = 18
D_FAVOR: Final = 19
D_FAVOR_CUBES: Final = 20
D_FAVOR_BUILD: Final = 21
D_GIVE: Final = 22
D_TAKE: Final = 23
DECISION_NAMES = (
    "place a worker or pass", "move the gate's worker", "move the provost with the merchants' guild",
    "use the joust field", "keep or take back the inn's worker", "move the provost",
    "choose what the building produces", "choose the owner's bonus cube", "sell a cube at the marketplace",
    "buy cubes at the peddler", "choose a building to build", "choose a cube to pay",
    "choose a building for the lawyer", "use the church", "use the tailor", "use the bank",
    "use the alchemist", "use the jeweller", "give batches to the castle", "choose a line of the favor table",
    "choose a cube from the favor table", "choose a building effect from the favor table",
    "choose a cube to exchange", "choose a cube to take",
)
# a D_BUILD decision's discount cube when there is none (the favor table gives 1 wood or 1 stone)
NO_DISCOUNT: Final = -1


class Board:
    """The whole state of a Caylus game as plain data, flat so that `copy` is cheap. Seats are 0..n-1.

    Players, by seat: deniers, prestige, workers (at home), houses (in the supply), bonus (the end-of-game bonus,
    once the game is over); cubes, 5 a seat (`cube(seat, FOOD)`); favor, the favor-table markers, 4 a seat
    (column 0 is the fleur-de-lis left of column 1); lines_used, a bit per favor line the seat used this phase.
    Turn: order (the turn order, seats), passed (the passing scale: seats in passing order), placer (whose turn it
    is in phase 2, an index into `order`).
    The road, indexed by space 1..28 (index 0 unused): road (a tile index, -1 for an unbuilt site), owner and
    worker (a seat or -1); pos_of, each tile's space (-1 off the road); in_stock, the tiles that can be built.
    Before the bridge: special (the worker on the gate, trading post, merchants' guild and joust field, or -1),
    stables (seats in spot order), inn_left and inn_right (a seat or -1), castle (seats in arrival order).
    vacant: the place:<space> action of every space a worker may go to now, None where none may: the special
    buildings first (in SPECIALS order; the stables and the castle also refuse a player who has a worker there,
    which `_placeable` checks), then road spaces 1..28 at vacant[ROAD_VACANCY + space] (a building with a worker
    space and nobody on it). It is kept up to date as workers come and go and buildings are built or transformed,
    so that placement need not scan the board; `reindex` makes it anew from the rest.
    The castle: batches (given this turn, by seat), castle_houses (section * n + seat), filled (parts built, by
    section), counted (how many sections were counted: 0-3). provost and bailiff: road spaces. pending: the
    lawyer's delayed transformations, (space, seat), waiting for the worker on that space to leave.
    The phase machine: phase, step and sub (where the phase is), stack (the pending decisions, the top one being
    asked), terminal. events: the list where what happens is told (docs/events.md), or None (nothing is told).
    """

    __slots__ = (
        "n", "two_player", "simplified", "turn", "phase", "step", "sub", "placer", "stack", "terminal",
        "order", "passed", "deniers", "cubes", "prestige", "workers", "houses", "favor", "lines_used",
        "road", "owner", "worker", "vacant", "pos_of", "in_stock", "special", "stables", "inn_left", "inn_right",
        "castle", "batches", "castle_houses", "filled", "counted", "provost", "bailiff", "pending", "bonus",
        "events",
    )

    # Declared for the type checker and the optional compiled build (docs/compiled.md), which needs every field's type.
    n: int
    two_player: bool
    simplified: bool
    turn: int
    phase: int
    step: int
    sub: int
    placer: int
    stack: list[tuple[int, int, int, int]]  # (kind, seat, a, c): ints only (D_PAY's c: 1 if gold may pay)
    terminal: bool
    order: list[int]
    passed: list[int]
    deniers: list[int]
    cubes: list[int]
    prestige: list[int]
    workers: list[int]
    houses: list[int]
    favor: list[int]
    lines_used: list[int]
    road: list[int]
    owner: list[int]
    worker: list[int]
    vacant: list
    pos_of: list[int]
    in_stock: list[bool]
    special: list[int]
    stables: list[int]
    inn_left: int
    inn_right: int
    castle: list[int]
    batches: list[int]
    castle_houses: list[int]
    filled: list[int]
    counted: int
    provost: int
    bailiff: int
    pending: list
    bonus: list[int]
    events: list | None

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.n = self.n
        b.two_player = self.two_player
        b.simplified = self.simplified
        b.turn = self.turn
        b.phase = self.phase
        b.step = self.step
        b.sub = self.sub
        b.placer = self.placer
        b.stack = self.stack[:]
        b.terminal = self.terminal
        b.order = self.order[:]
        b.passed = self.passed[:]
        b.deniers = self.deniers[:]
        b.cubes = self.cubes[:]
        b.prestige = self.prestige[:]
        b.workers = self.workers[:]
        b.houses = self.houses[:]
        b.favor = self.favor[:]
        b.lines_used = self.lines_used[:]
        b.road = self.road[:]
        b.owner = self.owner[:]
        b.worker = self.worker[:]
        b.vacant = self.vacant[:]
        b.pos_of = self.pos_of[:]
        b.in_stock = self.in_stock[:]
        b.special = self.special[:]
        b.stables = self.stables[:]
        b.inn_left = self.inn_left
        b.inn_right = self.inn_right
        b.castle = self.castle[:]
        b.batches = self.batches[:]
        b.castle_houses = self.castle_houses[:]
        b.filled = self.filled[:]
        b.counted = self.counted
        b.provost = self.provost
        b.bailiff = self.bailiff
        b.pending = self.pending[:]
        b.bonus = self.bonus[:]
        b.events = None  # copies (checkpoints, clones to plan on) record nothing
        return b

    @property
    def current_player(self) -> int:
        return self.stack[-1][1] if self.stack else -1

    def cube(self, seat: int, cube: int) -> int:
        return self.cubes[seat * 5 + cube]


# ==========================================================================================================
# Small helpers
# ==========================================================================================================

def placement_price(b: Board, seat: int) -> int:
    """What `seat` pays to place a worker anywhere but on their own building (rules p2 b, c, e; p3 f; p6)."""
    if b.inn_right == seat:
        return INN_HOLDER_PRICE
    if b.two_player:
        return TWO_PLAYER_PRICE if b.passed else 1
    return len(b.passed) + 1  # the smallest unoccupied number of the passing scale


def _can_place(b: Board, seat: int) -> bool:
    """Whether `seat` may have somewhere to put a worker: not without a worker left, nor without a denier (no space
    costs less than one, rules p2). (A question left with one answer all the same is played by the core.)"""
    return b.workers[seat] > 0 and b.deniers[seat] >= OWN_BUILDING_PRICE


def _placeable(b: Board, seat: int, free: bool) -> list:
    """`pass`, then the place:<space> actions open to `seat`: in phase 2 those it can pay for, or, with `free`, the
    gate's move (rules p3 a: any unoccupied space at no cost; the gate is not one, its worker still stands there)."""
    acts = [PASS]
    if free:
        can_pay = can_pay_own = True
    else:
        money = b.deniers[seat]
        can_pay = placement_price(b, seat) <= money
        can_pay_own = OWN_BUILDING_PRICE <= money
    if can_pay:
        acts += filter(None, b.vacant)  # the special buildings, then the road's, in road order
        # One worker of each player at most in the castle and in the stables (rules p2).
        if seat in b.castle:
            acts.remove(PLACE_SPECIAL[CASTLE])
        if seat in b.stables and len(b.stables) < STABLE_SPOTS:
            acts.remove(PLACE_SPECIAL[STABLES])
    elif can_pay_own:  # only on their own buildings (rules p2 d)
        owner, pos_of = b.owner, b.pos_of
        acts += [act for act in filter(None, b.vacant[ROAD_VACANCY:]) if owner[pos_of[act.arg]] == seat]
    return acts


ROAD_VACANCY = len(SPECIALS) - 1  # road space k (1..28) is vacant[ROAD_VACANCY + k], after the special buildings


def reindex(b: Board) -> None:
    """Make `b.vacant` anew from the board (the setup, and tests that edit a board directly)."""
    b.vacant = [None] * (ROAD_VACANCY + len(b.road))
    for i in range(len(SPECIALS)):
        _update_special(b, i)
    for pos in range(1, len(b.road)):
        _update_vacant(b, pos)


def _update_vacant(b: Board, pos: int) -> None:
    """Road space `pos` changed (a worker left it, a building was built or transformed): is it open now?"""
    t = b.road[pos]
    b.vacant[ROAD_VACANCY + pos] = PLACE_TILE[t] if t >= 0 and b.worker[pos] < 0 else None


def _update_special(b: Board, i: int) -> None:
    """Special building `i` changed (a worker came or went): is there room for a worker now?"""
    if i == STABLES:
        room = not b.two_player and len(b.stables) < STABLE_SPOTS  # no stables in a 2-player game (rules p6)
    elif i == INN:
        room = b.inn_left < 0
    elif i == CASTLE:
        room = True  # any number of workers, one a player
    else:
        room = b.special[i] < 0
    b.vacant[i] = PLACE_SPECIAL[i] if room else None


def _put_worker(b: Board, seat: int, act: Action) -> None:
    """Stand a worker of `seat` on the space `act` names (no payment here)."""
    i = SPECIAL_OF.get(act)
    if i is not None:
        if i == STABLES:
            b.stables.append(seat)
        elif i == INN:
            b.inn_left = seat
        elif i == CASTLE:
            b.castle.append(seat)
        else:
            b.special[i] = seat
        _update_special(b, i)
        return
    pos = b.pos_of[act.arg]
    b.worker[pos] = seat
    b.vacant[ROAD_VACANCY + pos] = None
    owner = b.owner[pos]
    if owner >= 0 and owner != seat:
        b.prestige[owner] += 1  # rules p3 c: the owner gains 1 prestige at once


def _free_worker(b: Board, pos: int) -> None:
    """The worker on road space `pos` goes home; a lawyer's delayed transformation of it happens now."""
    seat = b.worker[pos]
    b.worker[pos] = -1
    b.workers[seat] += 1
    _update_vacant(b, pos)
    if b.pending:
        for i, (p, who) in enumerate(b.pending):
            if p == pos:
                del b.pending[i]
                _transform(b, pos, who)
                break


def _gain(b: Board, seat: int, amounts) -> None:
    """`seat` takes these cubes (a 5-tuple) from the stock."""
    base = seat * 5
    c = b.cubes
    for i in range(5):
        if amounts[i]:
            c[base + i] += amounts[i]


def _lose_prestige(b: Board, seat: int, amount: int) -> None:
    b.prestige[seat] = max(0, b.prestige[seat] - amount)  # never below 0 (rules p5)


# -- events (docs/events.md): told only when the board has an event list, so playouts pay one test ---------------

def _tell(b: Board, kind: str, player, **data) -> None:
    """Add one event to `b.events` (callers test ``b.events is not None`` first)."""
    events = b.events
    if events is not None:  # (the callers' test, again, for the type checker)
        events.append({"kind": kind, "player": player, **data})


def _named_cubes(amounts) -> dict:
    """A 5-tuple of cubes as {"wood": 1, ...}, leaving out the kinds there are none of."""
    return {CUBES[i]: n for i, n in enumerate(amounts) if n}


def _where(b: Board, act: Action) -> tuple:
    """(building, road space or None, its owner or None) of a place:<space> action."""
    i = SPECIAL_OF.get(act)
    if i is not None:
        return SPECIALS[i], None, None
    pos = b.pos_of[act.arg]
    return TILES[act.arg].id, pos, b.owner[pos] if b.owner[pos] >= 0 else None


def _tell_placed(b: Board, kind: str, seat: int, act: Action, paid: int) -> None:
    building, space, owner = _where(b, act)
    visited = owner is not None and owner != seat  # the owner gained 1 prestige (rules p3 c)
    _tell(b, kind, seat, building=building, space=space, paid=paid, owner=owner if visited else None,
          owner_prestige=1 if visited else 0)


def _asking_building(b: Board, kind: int) -> str:
    """The building whose effect a decision of this kind answers, for events."""
    if kind == D_FAVOR_BUILD:
        return "favor_table"
    if kind == D_JOUST:
        return "joust_field"
    return TILES[b.road[b.step]].id  # phase 5: the building being activated is on space `step`


def _first_cube(amounts) -> int:
    """The first kind of cube in a 5-tuple: the token that names a production option (take:food = 2 food)."""
    for i in range(5):
        if amounts[i]:
            return i
    return -1


def _discounted(tile, discount: int) -> tuple:
    cost = list(tile.cost)
    if discount >= 0 and cost[discount]:
        cost[discount] -= 1
    return tuple(cost)


# The exact cubes each tile costs, less the favor table's one wood or one stone (rules p6 line d):
# _COST[discount][tile index], discount being NO_DISCOUNT, WOOD or STONE.
_COST = {discount: [_discounted(tile, discount) for tile in TILES] for discount in (NO_DISCOUNT, WOOD, STONE)}


def _affordable(b: Board, seat: int, tile, discount: int) -> bool:
    """Whether `seat` has the cubes for `tile`: its exact cubes, then any cubes left for its white cubes."""
    food, wood, stone, cloth, gold = b.cubes[seat * 5:seat * 5 + 5]
    c_food, c_wood, c_stone, c_cloth, c_gold = _COST[discount][tile.index]
    return (food >= c_food and wood >= c_wood and stone >= c_stone and cloth >= c_cloth and gold >= c_gold
            and food + wood + stone + cloth + gold - (c_food + c_wood + c_stone + c_cloth + c_gold) >= tile.cost_any)


def _first_residence(b: Board, seat: int) -> int:
    """The residence a prestige building of `seat` replaces: the one nearest the bridge (interpretation 4)."""
    road, owner = b.road, b.owner
    for pos in range(1, ROAD_LENGTH + 1):
        if road[pos] == RESIDENCE and owner[pos] == seat:
            return pos
    return -1


def _first_site(b: Board) -> int:
    """The first unbuilt space of the road, where a new wood or stone building goes (rules p4 b); -1 if none.

    The road has 19 sites for 17 tiles (18 with the Jeweller), but a building the lawyer turns into a residence
    goes back to the stock while its residence keeps the site, so a long game can use them all up.
    """
    try:
        return b.road.index(-1, 1)
    except ValueError:
        return -1


def _build_options(b: Board, seat: int, kind: int, discount: int) -> list:
    """The build:<tile> actions of that kind `seat` may take: in the stock, affordable, and somewhere to put it (a
    residence for a prestige tile; otherwise a free site and a house for the tile)."""
    acts: list = []
    if kind == PRESTIGE:
        if _first_residence(b, seat) < 0:
            return acts
    elif b.houses[seat] <= 0 or _first_site(b) < 0:
        return acts
    in_stock = b.in_stock
    for t in BUILDABLE[kind]:
        if in_stock[t] and _affordable(b, seat, TILES[t], discount):
            acts.append(BUILD[t])
    return acts


def _build(b: Board, seat: int, t: int, discount: int, by_favor: bool = False) -> None:
    """Pay for tile `t` and put it on the road (rules p4 b); the any-cube part is asked for afterwards."""
    tile = TILES[t]
    base = seat * 5
    c = b.cubes
    for i, need in enumerate(_COST[discount][t]):
        c[base + i] -= need
    if tile.kind == PRESTIGE:
        pos = _first_residence(b, seat)  # the builder's residence is discarded, the house stays
    else:
        pos = _first_site(b)
        b.houses[seat] -= 1
    b.road[pos] = t
    b.owner[pos] = seat
    b.pos_of[t] = pos
    _update_vacant(b, pos)
    b.in_stock[t] = False
    b.prestige[seat] += tile.prestige
    if b.events is not None:
        _tell(b, "build", seat, building=tile.id, space=pos, paid=_named_cubes(_COST[discount][t]),
              any_cubes=tile.cost_any, prestige=tile.prestige, favors=tile.favors, by_favor=by_favor)
    if tile.favors:
        grant_favors(b, seat, tile.favors)
    if tile.cost_any:
        b.stack.append((D_PAY, seat, tile.cost_any, 1))  # 1: gold may pay too


def _transform_targets(b: Board, seat: int, by_favor: bool) -> list:
    """The transform:<tile> actions open to `seat`: a neutral building or one of its own wood/stone buildings, never
    the lawyer (rules p4 c), nor one already waiting for a transformation. The favor table's lawyer (line d, column
    4) needs no denier."""
    base = seat * 5
    if b.cubes[base + CLOTH] < 1 or (not by_favor and b.deniers[seat] < RESIDENCE_DENIERS):
        return []
    acts = []
    pending = [p for p, _ in b.pending]
    road, owner = b.road, b.owner
    has_house = b.houses[seat] > 0
    for pos in range(1, ROAD_LENGTH + 1):
        t = road[pos]
        if t < 0 or pos in pending:
            continue
        kind = TILES[t].kind
        if kind == NEUTRAL:
            if has_house:
                acts.append(TRANSFORM[t])
        elif (kind == WOOD_TILE or kind == STONE_TILE) and owner[pos] == seat and t != LAWYER_TILE:
            acts.append(TRANSFORM[t])
    return acts


def _order_transform(b: Board, seat: int, t: int, by_favor: bool) -> None:
    """Pay the lawyer now; if the building has a worker, the change waits until that worker leaves it (rules p4 c:
    "the latter pays immediately, but the lawyer's action will be delayed until the building has been activated")."""
    b.cubes[seat * 5 + CLOTH] -= 1
    if not by_favor:
        b.deniers[seat] -= RESIDENCE_DENIERS
    pos = b.pos_of[t]
    if TILES[t].kind == NEUTRAL:
        b.houses[seat] -= 1  # a new house goes on the residence (own buildings keep theirs)
    if b.events is not None:
        paid = {"cloth": 1} if by_favor else {"cloth": 1, "deniers": RESIDENCE_DENIERS}
        _tell(b, "lawyer", seat, building=TILES[t].id, space=pos, paid=paid, by_favor=by_favor,
              delayed=b.worker[pos] >= 0)
    if b.worker[pos] >= 0:
        b.pending.append((pos, seat))
    else:
        _transform(b, pos, seat)


def _transform(b: Board, pos: int, seat: int) -> None:
    """The lawyer's change itself: the building on `pos` becomes `seat`'s residence, worth 2 prestige."""
    t = b.road[pos]
    if TILES[t].kind != NEUTRAL:
        b.in_stock[t] = True  # a player's building goes back to the stock; neutral ones are discarded
    b.pos_of[t] = -1
    b.road[pos] = RESIDENCE
    b.owner[pos] = seat
    _update_vacant(b, pos)
    b.prestige[seat] += LAWYER_PRESTIGE
    if b.events is not None:
        _tell(b, "residence", seat, building=TILES[t].id, space=pos, prestige=LAWYER_PRESTIGE)


def _castle_room(b: Board) -> int:
    """The section the next batch goes into (overflowing into the next ones), or -1 if the castle is full."""
    for s in range(b.counted, 3):
        if b.filled[s] < SECTION_PARTS[s]:
            return s
    return -1


def grant_favors(b: Board, seat: int, count: int) -> None:
    """`seat` gains `count` royal favors (rules p5): table decisions, or 3 prestige each when simplified."""
    if count <= 0:
        return
    if b.events is not None:
        _tell(b, "favors", seat, count=count, prestige=SIMPLIFIED_FAVOR_PRESTIGE * count if b.simplified else 0)
    if b.simplified:
        b.prestige[seat] += SIMPLIFIED_FAVOR_PRESTIGE * count
        return
    for _ in range(count):
        b.stack.append((D_FAVOR, seat, 0, 0))


def _enter(b: Board, phase: int) -> None:
    b.phase = phase
    b.step = 0
    b.sub = 0
    if b.events is not None:
        _tell(b, "phase", None, turn=b.turn, phase=PHASE_NAMES[phase])
    # Favors gained in one phase must go on different lines (rules p5): the memory is per phase.
    b.lines_used = [0] * b.n


# ==========================================================================================================
# The phase machine
# ==========================================================================================================

def _run(b: Board) -> None:
    """Carry the game forward through automatic steps until a player must decide, or the game ends."""
    stack = b.stack
    while not b.terminal:
        if not stack:
            _PHASES[b.phase - 1](b)  # phases count from 1
        elif stack[-1][0] == D_FAVOR and b.lines_used[stack[-1][1]] == 0b1111:
            lost = stack.pop()  # every line already used this phase: the favor is lost (at most 4 a phase)
            if b.events is not None:
                _tell(b, "favor_lost", lost[1])
        else:
            return


def _income(b: Board) -> None:
    """Phase 1: 2 deniers, +1 per residence, +1 Library, +2 Hotel (rules p2)."""
    if b.events is not None:
        _tell_income(b)
    for seat in range(b.n):
        b.deniers[seat] += INCOME
    for t, owner in zip(b.road, b.owner):
        if owner >= 0 and TILES[t].income:  # an owned space always has a building
            b.deniers[owner] += TILES[t].income
    b.passed = []
    b.placer = 0
    _enter(b, PLACEMENT)


def _tell_income(b: Board) -> None:
    """One income event a player: the deniers and the buildings (residences, Library, Hotel) that gave them."""
    for seat in range(b.n):
        sources: dict[str, int] = {}
        for pos in range(1, ROAD_LENGTH + 1):
            t = b.road[pos]
            if t >= 0 and TILES[t].income and b.owner[pos] == seat:
                sources[TILES[t].id] = sources.get(TILES[t].id, 0) + TILES[t].income
        _tell(b, "income", seat, deniers=INCOME + sum(sources.values()), buildings=sources)


def _placement(b: Board) -> None:
    """Phase 2: players act in turn order until all have passed (rules p2)."""
    n, order, passed = b.n, b.order, b.passed
    if len(passed) == n:
        _enter(b, SPECIAL_BUILDINGS)
        return
    idx = b.placer
    while order[idx] in passed:  # on to the next player in turn order who has not passed
        idx = (idx + 1) % n
    seat = order[idx]
    if _can_place(b, seat):
        b.placer = idx
        b.stack.append((D_PLACE, seat, 0, 0))
    else:  # no worker left or nowhere to pay for: passing is the only answer, nothing to ask
        b.placer = (idx + 1) % n
        _pass(b, seat)


def _special_buildings(b: Board) -> None:
    """Phase 3, in order: gate, trading post, merchants' guild, joust field, stables, inn (step k is SPECIALS[k]),
    on until one of them asks a question."""
    special = b.special
    while not b.stack:
        step = b.step
        b.step = step + 1
        if step == GATE:
            if special[GATE] >= 0:
                b.stack.append((D_GATE, special[GATE], 0, 0))
        elif step == TRADING_POST:
            seat = special[TRADING_POST]
            if seat >= 0:
                b.deniers[seat] += TRADING_POST_DENIERS
                special[TRADING_POST] = -1
                _update_special(b, TRADING_POST)
                b.workers[seat] += 1
                if b.events is not None:
                    _tell(b, "produce", seat, building="trading_post", space=None,
                          gain={"deniers": TRADING_POST_DENIERS})
        elif step == MERCHANTS_GUILD:
            if special[MERCHANTS_GUILD] >= 0:
                b.stack.append((D_GUILD, special[MERCHANTS_GUILD], 0, 0))
        elif step == JOUST_FIELD:
            seat = special[JOUST_FIELD]
            if seat >= 0:
                if _can_joust(b, seat):
                    b.stack.append((D_JOUST, seat, 0, 0))
                else:  # nothing to pay with: the worker goes home unasked, the decline told all the same
                    _leave_joust_field(b, seat)
                    if b.events is not None:
                        _tell(b, "decline", seat, building="joust_field")
        elif step == STABLES:
            if b.stables:
                # Stable spot k gives rank k; the others keep their relative order behind (rules p3 e).
                b.order = b.stables + [s for s in b.order if s not in b.stables]
                if b.events is not None:
                    _tell(b, "turn_order", None, order=b.order[:], stables=b.stables[:])
                for seat in b.stables:
                    b.workers[seat] += 1
                b.stables = []
                _update_special(b, STABLES)
        elif step == INN:
            if b.inn_left >= 0:
                if b.events is not None:
                    _tell(b, "inn", b.inn_left, driven_out=b.inn_right if b.inn_right >= 0 else None)
                if b.inn_right >= 0:
                    b.workers[b.inn_right] += 1  # driven out
                b.inn_right = b.inn_left
                b.inn_left = -1
                _update_special(b, INN)
            elif b.inn_right >= 0:
                b.stack.append((D_INN, b.inn_right, 0, 0))
        else:
            _enter(b, PROVOST_PHASE)
            return


def _provost(b: Board) -> None:
    """Phase 4: in passing order, each player may move the provost 1-3 spaces for 1 denier each."""
    while b.step < len(b.passed):
        seat = b.passed[b.step]
        b.step += 1
        if b.deniers[seat] >= PROVOST_SPACE_PRICE:
            b.stack.append((D_PROVOST, seat, 0, 0))
            return
        if b.events is not None:  # not a denier to move him: nothing to ask, the pass is told all the same
            _tell_provost(b, seat, PASS, 0, None)
    _enter(b, ACTIVATION)
    b.step = 1


def _activation(b: Board) -> None:
    """Phase 5: the buildings from the bridge up to the provost, in road order (rules p3-p4)."""
    pos = b.step
    if b.sub:  # the building's effect is over: the worker goes home, and on to the next building
        b.sub = 0
        _free_worker(b, pos)
        pos += 1
    worker, provost = b.worker, b.provost
    while pos <= provost and worker[pos] < 0:  # skip the spaces without a worker (most of them) at once
        pos += 1
    b.step = pos
    if pos > provost:
        # Workers beyond the provost go home without effect; prestige already given stays.
        for p in range(pos, ROAD_LENGTH + 1):
            if b.worker[p] >= 0:
                if b.events is not None:
                    _tell(b, "not_activated", b.worker[p], building=TILES[b.road[p]].id, space=p)
                _free_worker(b, p)
        _enter(b, CASTLE_PHASE)
        return
    b.sub = 1
    _activate(b, pos)


# What a worker on a building that does not produce is asked: its effect -> (decision kind, a, b). All of these
# are optional (rules p3: "A player doesn't have to apply the effect of a building, unless it is a production
# building"); each question offers `pass`.
_QUESTION = {
    CARPENTER: (D_BUILD, WOOD_TILE, NO_DISCOUNT), MASON: (D_BUILD, STONE_TILE, NO_DISCOUNT),
    ARCHITECT: (D_BUILD, PRESTIGE, NO_DISCOUNT), LAWYER: (D_LAWYER, 0, 0), CHURCH: (D_CHURCH, 0, 0),
    TAILOR: (D_TAILOR, 0, 0), BANK: (D_BANK, 0, 0), ALCHEMIST: (D_ALCHEMIST, 0, 0), JEWELLER: (D_JEWELLER, 0, 0),
}


def _activate(b: Board, pos: int) -> None:
    """The building on `pos` works for the worker standing on it."""
    tile = TILES[b.road[pos]]
    seat = b.worker[pos]
    effect = tile.effect
    push = b.stack.append
    if effect == PRODUCE:  # mandatory: one option is taken at once, a choice is asked
        if len(tile.produces) == 1:
            _gain(b, seat, tile.produces[0])
            if b.events is not None:
                _tell(b, "produce", seat, building=tile.id, space=pos, gain=_named_cubes(tile.produces[0]))
            owner = b.owner[pos]
            if tile.kind == STONE_TILE and owner >= 0 and owner != seat:
                push((D_BONUS, owner, tile.index, 0))  # the owner takes one of the products (rules p3 a)
        else:
            push((D_PRODUCE, seat, tile.index, 0))
    elif effect == MARKET:
        push((D_MARKET, seat, tile.price, 0))
    elif effect == PEDDLER:
        if b.deniers[seat] >= tile.price:
            push((D_PEDDLER, seat, tile.price, tile.most))
        elif b.events is not None:  # not the deniers for a cube: nothing to ask, the decline is told all the same
            _tell(b, "decline", seat, building=tile.id)
    else:
        kind, a, c = _QUESTION[effect]
        push((kind, seat, a, c))


def _castle_phase(b: Board) -> None:
    """Phase 6: workers in the castle give batches in arrival order; then the best builder's favor."""
    castle = b.castle
    step = b.step
    if step < len(castle):
        b.step = step + 1
        if _castle_room(b) >= 0:  # with the Towers full there is nothing to give and no penalty
            seat = castle[step]
            if _can_give_batch(b, seat):
                b.stack.append((D_CASTLE, seat, 0, 0))
            else:  # no batch to give: nothing to ask
                _castle_done(b, seat)
        return
    if step == len(castle):
        b.step = step + 1
        best, most = -1, 0  # the best builder gave at least one batch (interpretation 10)
        for seat in castle:  # arrival order breaks ties
            if b.batches[seat] > most:
                best, most = seat, b.batches[seat]
        for seat in castle:
            b.workers[seat] += 1
            b.batches[seat] = 0
        b.castle = []
        if best >= 0:
            if b.events is not None:
                _tell(b, "best_builder", best, batches=most)
            grant_favors(b, best, 1)
        return
    _enter(b, END_OF_TURN)


def _end_of_turn(b: Board) -> None:
    """Phase 7: the bailiff moves, the provost joins him, and due counts happen (rules p5)."""
    if b.step == 0:
        was = b.bailiff
        b.bailiff = min(ROAD_LENGTH, b.bailiff + (2 if b.provost > b.bailiff else 1))
        if b.events is not None:
            _tell(b, "bailiff", None, start=was, to=b.bailiff, provost_from=b.provost)
        b.provost = b.bailiff
        b.step = 1
        return
    if b.step == 1:
        # Rules p5: count "if the bailiff, during his move, reached or went past" the section's count space, "or if
        # a section has been completed during this turn"; "only one count per section". Sections are counted in
        # order and this is checked every turn, so a bailiff at or past the count space of the section being built
        # got there this turn, and a full one was completed this turn.
        s = b.counted
        if s < 3 and (b.bailiff >= COUNT_SPACE[s] or b.filled[s] >= SECTION_PARTS[s]):
            b.step = 2
            b.sub = 0
            return
        b.turn += 1
        if b.two_player:
            b.order.reverse()  # 2 players: first one turn, second the next (rules p6)
        _enter(b, INCOME_PHASE)
        return
    # step 2: counting section b.counted, one player at a time in turn order
    if b.sub < b.n:
        seat = b.order[b.sub]
        b.sub += 1
        section = b.counted
        houses = b.castle_houses[section * b.n + seat]
        change, favors = count_result(section, houses)
        if b.events is not None:
            lost = min(-change, b.prestige[seat])
            _tell(b, "count", seat, section=SECTIONS[section], houses=houses, prestige=-lost, favors=favors)
        if change:
            _lose_prestige(b, seat, -change)
        grant_favors(b, seat, favors)
        return
    if b.events is not None:
        _tell(b, "counted", None, section=SECTIONS[b.counted])
    b.counted += 1  # favor columns open only now, after the whole count (rules p6, Orange's example)
    if b.counted == 3:
        scoring.finish(b)
        return
    b.step = 1


_PHASES = (_income, _placement, _special_buildings, _provost, _activation, _castle_phase, _end_of_turn)


# ==========================================================================================================
# Legal actions
# ==========================================================================================================

def legal_actions(b: Board) -> list:
    kind, seat, a, c = b.stack[-1]
    # The commonest decisions (three quarters of a game's) by name: compiled (docs/compiled.md), a direct call,
    # where a call through the table is a generic one
    if kind == D_PLACE:
        return _legal_place(b, seat, a, c)
    if kind == D_PROVOST:
        return _legal_provost(b, seat, a, c)
    if kind == D_PRODUCE:
        return _legal_produce(b, seat, a, c)
    return _LEGAL[kind](b, seat, a, c)


def _legal_place(b: Board, seat: int, a: int, c: int) -> list:
    return _placeable(b, seat, False) if b.workers[seat] > 0 else [PASS]


def _legal_gate(b: Board, seat: int, a: int, c: int) -> list:
    return _placeable(b, seat, True)


def _provost_moves(b: Board, most: int) -> list:
    """`pass`, then the provost's moves of at most `most` spaces that keep him on the road, from 3 back to 3 on."""
    return list(_PROVOST_MOVES[min(most, 3)][b.provost])  # (3 at most: the guild's and phase 4's limit)


def _moves_from(most: int, provost: int) -> tuple:
    """`_provost_moves` for the provost on space `provost`: the road is spaces 1..ROAD_LENGTH."""
    back = [PROVOST[-d] for d in range(min(most, provost - 1), 0, -1)]
    on = [PROVOST[d] for d in range(1, min(most, ROAD_LENGTH - provost) + 1)]
    return tuple([PASS] + back + on)


# The moves for every (most spaces, provost's space), made once.
_PROVOST_MOVES = tuple(tuple(_moves_from(m, s) for s in range(ROAD_LENGTH + 1)) for m in range(4))


def _legal_guild(b: Board, seat: int, a: int, c: int) -> list:
    return _provost_moves(b, GUILD_MOST)


def _legal_provost(b: Board, seat: int, a: int, c: int) -> list:
    return _provost_moves(b, min(PROVOST_MOST, b.deniers[seat] // PROVOST_SPACE_PRICE))


def _can_joust(b: Board, seat: int) -> bool:
    """Whether `seat` has the denier and the cloth the joust field takes for a favor (rules p3 d)."""
    return b.deniers[seat] >= JOUST_DENIERS and b.cubes[seat * 5 + CLOTH] >= 1


def _legal_joust(b: Board, seat: int, a: int, c: int) -> list:
    return [PASS, JOUST] if _can_joust(b, seat) else [PASS]


def _legal_inn(b: Board, seat: int, a: int, c: int) -> list:
    return [INN_STAY, INN_LEAVE]


def _legal_produce(b: Board, seat: int, t: int, c: int) -> list:
    return [TAKE[_first_cube(option)] for option in TILES[t].produces]


def _legal_bonus(b: Board, seat: int, t: int, c: int) -> list:
    produced = TILES[t].produces[0]
    return [TAKE[i] for i in range(5) if produced[i]]


def _legal_market(b: Board, seat: int, price: int, c: int) -> list:
    base = seat * 5
    return [PASS] + [SELL[i] for i in range(5) if b.cubes[base + i]]  # any cube, gold too (the white cube)


def _legal_peddler(b: Board, seat: int, price: int, remaining: int) -> list:
    if b.deniers[seat] >= price:
        return [PASS] + BUY
    return [PASS]


def _legal_build(b: Board, seat: int, kind: int, discount: int) -> list:
    return [PASS] + _build_options(b, seat, kind, discount)


def _legal_pay(b: Board, seat: int, count: int, allow_gold: int) -> list:
    base = seat * 5
    top = GOLD + 1 if allow_gold else GOLD
    return [PAY[i] for i in range(top) if b.cubes[base + i]]


def _legal_lawyer(b: Board, seat: int, a: int, c: int) -> list:
    return [PASS] + _transform_targets(b, seat, False)


def _deals(offers: dict, deals: dict, have: int) -> list:
    """A trade building's question: pass, or each of its deals whose price (deniers or cubes) `have` covers."""
    return [PASS] + [offers[gain] for gain, price in deals.items() if have >= price]


def _legal_church(b: Board, seat: int, a: int, c: int) -> list:
    return _deals(CHURCH_OFFERS, CHURCH_DEALS, b.deniers[seat])


def _legal_tailor(b: Board, seat: int, a: int, c: int) -> list:
    return _deals(TAILOR_OFFERS, TAILOR_DEALS, b.cubes[seat * 5 + CLOTH])


def _legal_bank(b: Board, seat: int, a: int, c: int) -> list:
    return _deals(BANK_OFFERS, BANK_DEALS, b.deniers[seat])


def _legal_alchemist(b: Board, seat: int, a: int, c: int) -> list:
    base = seat * 5
    return _deals(ALCHEMIST_OFFERS, ALCHEMIST_DEALS, sum(b.cubes[base:base + GOLD]))  # any cubes but gold


def _legal_jeweller(b: Board, seat: int, a: int, c: int) -> list:
    return _deals(JEWELLER_OFFERS, JEWELLER_DEALS, b.cubes[seat * 5 + GOLD])


def _can_give_batch(b: Board, seat: int) -> bool:
    """Whether `seat` has a batch for the castle (food and two different cubes, rules p4 phase 6), a house to put
    there and room for it."""
    food, wood, stone, cloth, gold = b.cubes[seat * 5:seat * 5 + 5]
    return (food > 0 and (wood > 0) + (stone > 0) + (cloth > 0) + (gold > 0) >= 2 and b.houses[seat] > 0
            and _castle_room(b) >= 0)


def _legal_castle(b: Board, seat: int, a: int, c: int) -> list:
    """Another batch while the player has one and there is room and a house (`_can_give_batch`), or pass."""
    acts = [PASS]
    if _can_give_batch(b, seat):
        base = seat * 5
        cubes = b.cubes
        for act, (x, y) in zip(BATCH, BATCH_PAIRS):
            if cubes[base + x] and cubes[base + y]:
                acts.append(act)
    return acts


def _legal_favor(b: Board, seat: int, a: int, c: int) -> list:
    used = b.lines_used[seat]
    return [FAVOR[line] for line in range(4) if not used & (1 << line)]


def _legal_favor_cubes(b: Board, seat: int, col: int, c: int) -> list:
    """Line c, any column up to the marker (rules p6): food; wood or stone; cloth; the exchange; gold."""
    acts = [TAKE[FOOD]]
    if col >= 2:
        acts += [TAKE[WOOD], TAKE[STONE]]
    if col >= 3:
        acts.append(TAKE[CLOTH])
    if col >= 4 and any(b.cubes[seat * 5:seat * 5 + 5]):
        acts.append(EXCHANGE)
    if col >= 5:
        acts.append(TAKE[GOLD])
    return acts


def _legal_favor_build(b: Board, seat: int, col: int, c: int) -> list:
    """Line d, any column up to the marker (rules p6): a carpenter with 1 wood less, a mason with 1 stone less, a
    lawyer without the denier, an architect; none of them need be on the board."""
    acts = [PASS]
    if col >= 2:
        acts += _build_options(b, seat, WOOD_TILE, WOOD)
    if col >= 3:
        acts += _build_options(b, seat, STONE_TILE, STONE)
    if col >= 4:
        acts += _transform_targets(b, seat, True)
    if col >= 5:
        acts += _build_options(b, seat, PRESTIGE, NO_DISCOUNT)
    return acts


def _legal_give(b: Board, seat: int, a: int, c: int) -> list:
    """The cube given in the exchange: any of the player's, gold too (the white cube)."""
    base = seat * 5
    return [PAY[i] for i in range(5) if b.cubes[base + i]]


def _legal_take(b: Board, seat: int, a: int, c: int) -> list:
    return [TAKE[i] for i in NO_GOLD]


_LEGAL = (
    _legal_place, _legal_gate, _legal_guild, _legal_joust, _legal_inn, _legal_provost, _legal_produce,
    _legal_bonus, _legal_market, _legal_peddler, _legal_build, _legal_pay, _legal_lawyer, _legal_church,
    _legal_tailor, _legal_bank, _legal_alchemist, _legal_jeweller, _legal_castle, _legal_favor,
    _legal_favor_cubes, _legal_favor_build, _legal_give, _legal_take,
)
assert len(_LEGAL) == len(DECISION_NAMES)


# ==========================================================================================================
# Applying an action (always a legal one: the core checks first)
# ==========================================================================================================

def apply(b: Board, act: Action) -> None:
    kind, seat, a, c = b.stack[-1]
    if kind == D_PLACE:  # the commonest by name, as in `legal_actions`
        _apply_place(b, act, seat, a, c)
    elif kind == D_PROVOST:
        _apply_provost(b, act, seat, a, c)
    elif kind == D_PRODUCE:
        _apply_produce(b, act, seat, a, c)
    else:
        _APPLY[kind](b, act, seat, a, c)
    _run(b)


def _apply_place(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    b.placer = (b.placer + 1) % b.n  # after the player asked (phase 2 asks order[placer]): the next one
    if act is PASS:
        _pass(b, seat)
        return
    if act not in SPECIAL_OF and b.owner[b.pos_of[act.arg]] == seat:
        price = OWN_BUILDING_PRICE  # rules p2 d
    else:
        price = placement_price(b, seat)
    b.deniers[seat] -= price
    b.workers[seat] -= 1
    _put_worker(b, seat, act)
    if b.events is not None:
        _tell_placed(b, "place", seat, act, price)


def _pass(b: Board, seat: int) -> None:
    """`seat` passes: its marker goes on the passing scale; the first to pass takes 1 denier (rules p2 a)."""
    first = not b.passed
    if first:
        b.deniers[seat] += FIRST_PASSER_DENIERS
    b.passed.append(seat)
    if b.events is not None:
        _tell(b, "pass", seat, deniers=FIRST_PASSER_DENIERS if first else 0, position=len(b.passed))


def _apply_gate(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    b.special[GATE] = -1
    _update_special(b, GATE)
    if act is PASS:
        b.workers[seat] += 1
        if b.events is not None:
            _tell(b, "gate", seat, building=None, space=None, paid=0, owner=None, owner_prestige=0)
    else:
        _put_worker(b, seat, act)  # free of charge, anywhere unoccupied (rules p3 a)
        if b.events is not None:
            _tell_placed(b, "gate", seat, act, 0)


def _move_provost(b: Board, act: Action) -> None:
    if act is not PASS:
        b.provost += act.arg


def _tell_provost(b: Board, seat: int, act: Action, paid: int, building: str | None) -> None:
    by = 0 if act is PASS else act.arg
    _tell(b, "provost", seat, by=by, start=b.provost, to=b.provost + by, paid=paid, building=building)


def _apply_guild(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_provost(b, seat, act, 0, "merchants_guild")
    _move_provost(b, act)
    b.special[MERCHANTS_GUILD] = -1
    _update_special(b, MERCHANTS_GUILD)
    b.workers[seat] += 1


def _apply_provost(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_provost(b, seat, act, 0 if act is PASS else abs(act.arg) * PROVOST_SPACE_PRICE, None)
    if act is not PASS:
        b.deniers[seat] -= abs(act.arg) * PROVOST_SPACE_PRICE
        b.provost += act.arg


def _leave_joust_field(b: Board, seat: int) -> None:
    """The joust field's worker goes home."""
    b.special[JOUST_FIELD] = -1
    _update_special(b, JOUST_FIELD)
    b.workers[seat] += 1


def _apply_joust(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    _leave_joust_field(b, seat)
    if act is JOUST:
        b.deniers[seat] -= JOUST_DENIERS
        b.cubes[seat * 5 + CLOTH] -= 1
        if b.events is not None:
            _tell(b, "trade", seat, building="joust_field", paid={"deniers": JOUST_DENIERS, "cloth": 1},
                  gain={"favors": 1})
        grant_favors(b, seat, 1)
    elif b.events is not None:
        _tell(b, "decline", seat, building="joust_field")


def _apply_inn(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell(b, "inn_choice", seat, stays=act is INN_STAY)
    if act is INN_LEAVE:
        b.inn_right = -1
        b.workers[seat] += 1


def _apply_produce(b: Board, act: Action, seat: int, t: int, c: int) -> None:
    b.stack.pop()
    for option in TILES[t].produces:
        if _first_cube(option) == act.arg:
            _gain(b, seat, option)
            if b.events is not None:
                _tell(b, "produce", seat, building=TILES[t].id, space=b.pos_of[t], gain=_named_cubes(option))
            return


def _apply_take(b: Board, act: Action, seat: int, remaining: int, c: int) -> None:
    b.stack.pop()
    b.cubes[seat * 5 + act.arg] += 1
    if b.events is not None:
        _tell(b, "exchange_take", seat, cube=CUBES[act.arg])
    if remaining > 1:
        b.stack.append((D_TAKE, seat, remaining - 1, 0))


def _apply_bonus(b: Board, act: Action, seat: int, t: int, c: int) -> None:
    b.stack.pop()
    b.cubes[seat * 5 + act.arg] += 1
    if b.events is not None:
        _tell(b, "owner_bonus", seat, building=TILES[t].id, space=b.pos_of[t], gain={CUBES[act.arg]: 1})


def _apply_market(b: Board, act: Action, seat: int, price: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_MARKET, seat, act, {CUBES[act.arg]: 1} if act is not PASS else {}, {"deniers": price})
    if act is not PASS:
        b.cubes[seat * 5 + act.arg] -= 1
        b.deniers[seat] += price


def _apply_peddler(b: Board, act: Action, seat: int, price: int, remaining: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_PEDDLER, seat, act, {"deniers": price}, {CUBES[act.arg]: 1} if act is not PASS else {})
    if act is not PASS:
        b.deniers[seat] -= price
        b.cubes[seat * 5 + act.arg] += 1
        if remaining > 1:
            b.stack.append((D_PEDDLER, seat, price, remaining - 1))


def _apply_build(b: Board, act: Action, seat: int, kind: int, discount: int) -> None:
    b.stack.pop()
    if act is PASS and b.events is not None:
        _tell(b, "decline", seat, building=_asking_building(b, D_BUILD))
    if act is not PASS:
        _build(b, seat, act.arg, discount)


def _apply_pay(b: Board, act: Action, seat: int, count: int, allow_gold: int) -> None:
    b.stack.pop()
    b.cubes[seat * 5 + act.arg] -= 1
    if b.events is not None:
        _tell(b, "pay", seat, cube=CUBES[act.arg])
    if count > 1:
        b.stack.append((D_PAY, seat, count - 1, allow_gold))


def _apply_lawyer(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if act is PASS and b.events is not None:
        _tell(b, "decline", seat, building=_asking_building(b, D_LAWYER))
    if act is not PASS:
        _order_transform(b, seat, act.arg, False)  # the favor table's lawyer is a D_FAVOR_BUILD answer


# The trade buildings: a deal's token names what the player gets; the catalog's *_DEALS give the price.

def _tell_trade(b, kind, seat, act, paid: dict, gain: dict) -> None:
    """A trade building's deal (or `decline` for a pass): what the player paid and what they got."""
    if act is PASS:
        _tell(b, "decline", seat, building=_asking_building(b, kind))
    else:
        _tell(b, "trade", seat, building=_asking_building(b, kind), paid=paid, gain=gain)


def _apply_church(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_CHURCH, seat, act, {"deniers": CHURCH_DEALS.get(act.arg)}, {"prestige": act.arg})
    if act is not PASS:
        b.deniers[seat] -= CHURCH_DEALS[act.arg]
        b.prestige[seat] += act.arg


def _apply_tailor(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_TAILOR, seat, act, {"cloth": TAILOR_DEALS.get(act.arg)}, {"prestige": act.arg})
    if act is not PASS:
        b.cubes[seat * 5 + CLOTH] -= TAILOR_DEALS[act.arg]
        b.prestige[seat] += act.arg


def _apply_bank(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_BANK, seat, act, {"deniers": BANK_DEALS.get(act.arg)}, {"gold": act.arg})
    if act is not PASS:
        b.deniers[seat] -= BANK_DEALS[act.arg]
        b.cubes[seat * 5 + GOLD] += act.arg


def _apply_alchemist(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:  # the cubes paid are chosen next, each one a `pay` event
        _tell_trade(b, D_ALCHEMIST, seat, act, {"any_cubes": ALCHEMIST_DEALS.get(act.arg)}, {"gold": act.arg})
    if act is not PASS:
        b.cubes[seat * 5 + GOLD] += act.arg
        b.stack.append((D_PAY, seat, ALCHEMIST_DEALS[act.arg], 0))  # the player picks the cubes, no gold


def _apply_jeweller(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    if b.events is not None:
        _tell_trade(b, D_JEWELLER, seat, act, {"gold": JEWELLER_DEALS.get(act.arg)}, {"prestige": act.arg})
    if act is not PASS:
        b.cubes[seat * 5 + GOLD] -= JEWELLER_DEALS[act.arg]
        b.prestige[seat] += act.arg


def _castle_done(b: Board, seat: int) -> None:
    """`seat` gives no more batches; a worker who gave none loses prestige (rules p5)."""
    lost = 0
    if b.batches[seat] == 0:
        lost = min(NO_BATCH_PENALTY, b.prestige[seat])
        _lose_prestige(b, seat, NO_BATCH_PENALTY)
    if b.events is not None:
        _tell(b, "castle_done", seat, batches=b.batches[seat], prestige=-lost)


def _apply_castle(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    if act is PASS:
        b.stack.pop()
        _castle_done(b, seat)
        return
    x, y = act.arg
    base = seat * 5
    b.cubes[base + FOOD] -= 1
    b.cubes[base + x] -= 1
    b.cubes[base + y] -= 1
    s = _castle_room(b)
    b.filled[s] += 1
    b.castle_houses[s * b.n + seat] += 1
    b.houses[seat] -= 1
    b.prestige[seat] += SECTION_PRESTIGE[s]
    b.batches[seat] += 1  # the decision stays on top: another batch, or pass
    if b.events is not None:
        _tell(b, "batch", seat, cubes=["food", CUBES[x], CUBES[y]], section=SECTIONS[s],
              prestige=SECTION_PRESTIGE[s])


def _apply_favor(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    line = act.arg
    b.lines_used[seat] |= 1 << line
    i = seat * 4 + line
    if b.favor[i] < OPEN_COLUMNS[b.counted]:
        b.favor[i] += 1  # advance if that column is open; a stuck marker still uses its line
    col = b.favor[i]
    if b.events is not None:
        gain = ({"prestige": FAVOR_PRESTIGE[col]} if line == PRESTIGE_LINE
                else {"deniers": FAVOR_DENIERS[col]} if line == DENIERS_LINE else {})
        _tell(b, "favor", seat, line=FAVOR_LINES[line], column=col, gain=gain)
    if line == PRESTIGE_LINE:
        b.prestige[seat] += FAVOR_PRESTIGE[col]  # the best column is always worth taking
    elif line == DENIERS_LINE:
        b.deniers[seat] += FAVOR_DENIERS[col]
    elif line == CUBES_LINE:
        b.stack.append((D_FAVOR_CUBES, seat, col, 0))
    elif line == BUILDINGS_LINE and col >= 2:  # column 1 has no effect
        b.stack.append((D_FAVOR_BUILD, seat, col, 0))


def _apply_favor_cubes(b: Board, act: Action, seat: int, col: int, c: int) -> None:
    b.stack.pop()
    if act is EXCHANGE:
        b.stack.append((D_TAKE, seat, 2, 0))
        b.stack.append((D_GIVE, seat, 0, 0))
    else:
        b.cubes[seat * 5 + act.arg] += 1
        if b.events is not None:
            _tell(b, "favor_cube", seat, gain={CUBES[act.arg]: 1})


def _apply_favor_build(b: Board, act: Action, seat: int, col: int, c: int) -> None:
    b.stack.pop()
    if act is PASS:
        if b.events is not None:
            _tell(b, "decline", seat, building="favor_table")
        return
    t = act.arg
    if act.verb == "transform":
        _order_transform(b, seat, t, True)
        return
    kind = TILES[t].kind
    _build(b, seat, t, WOOD if kind == WOOD_TILE else STONE if kind == STONE_TILE else NO_DISCOUNT, True)


def _apply_give(b: Board, act: Action, seat: int, a: int, c: int) -> None:
    b.stack.pop()
    b.cubes[seat * 5 + act.arg] -= 1
    if b.events is not None:
        _tell(b, "exchange_give", seat, cube=CUBES[act.arg])


_APPLY = (
    _apply_place, _apply_gate, _apply_guild, _apply_joust, _apply_inn, _apply_provost, _apply_produce,
    _apply_bonus, _apply_market, _apply_peddler, _apply_build, _apply_pay, _apply_lawyer, _apply_church,
    _apply_tailor, _apply_bank, _apply_alchemist, _apply_jeweller, _apply_castle, _apply_favor,
    _apply_favor_cubes, _apply_favor_build, _apply_give, _apply_take,
)
assert len(_APPLY) == len(DECISION_NAMES)


# ==========================================================================================================
# Why an action is refused
# ==========================================================================================================

# The verbs that answer each kind of decision, as the refusal of another verb lists them.
_ANSWERS = (
    ("place", "pass"), ("place", "pass"), ("provost", "pass"), ("joust", "pass"), ("inn",), ("provost", "pass"),
    ("take",), ("take",), ("sell", "pass"), ("buy", "pass"), ("build", "pass"), ("pay",), ("transform", "pass"),
    ("church", "pass"), ("tailor", "pass"), ("bank", "pass"), ("alchemist", "pass"), ("jeweller", "pass"),
    ("batch", "pass"), ("favor",), ("take", "exchange"), ("build", "transform", "pass"), ("pay",), ("take",),
)
assert len(_ANSWERS) == len(DECISION_NAMES)
_BARE_VERBS = ("pass", "joust", "exchange")  # tokens without an argument


def why_illegal(b: Board, act) -> str:
    kind, seat, a, c = b.stack[-1]
    who = NAMES[seat]
    expected = _ANSWERS[kind]
    if act.verb not in expected:
        shown = " or ".join(v if v in _BARE_VERBS else v + ":..." for v in expected)
        return f"{who} must now {DECISION_NAMES[kind]} ({shown})"
    if act.verb == "place":
        return _why_not_place(b, seat, act, free=(kind == D_GATE))
    if act.verb == "provost":
        if not 1 <= b.provost + act.arg <= ROAD_LENGTH:
            return (f"the provost is on space {b.provost}; he can go neither onto the bridge nor past space "
                    f"{ROAD_LENGTH}")
        if kind == D_PROVOST:
            cost = abs(act.arg) * PROVOST_SPACE_PRICE
            return f"{who} has {b.deniers[seat]} deniers and moving the provost {abs(act.arg)} spaces costs {cost}"
    if act.verb == "build":
        return _why_not_build(b, seat, act.arg, kind, a, c)
    if act.verb == "transform":
        return _why_not_transform(b, seat, act.arg, kind == D_FAVOR_BUILD)
    if act.verb == "batch":
        if _castle_room(b) < 0:
            return "the castle is full"
        if b.houses[seat] <= 0:
            return f"{who} has no house left"
        return f"{who} lacks the cubes for {act.token[6:]} (a batch is food + two different cubes)"
    if act.verb in ("pay", "sell", "exchange"):
        if act.verb == "pay" and kind == D_PAY and not c and act.arg == GOLD:
            return "gold cannot pay this (any cube but gold)"
        return f"{who} has no {CUBES[act.arg]} cube" if act.arg is not None else f"{who} has no cube to exchange"
    if act.verb == "favor":
        return (f"{who} already took a favor on the {FAVOR_LINES[act.arg]} line this phase (favors of one phase go "
                f"on different lines)")
    if act.verb == "take":
        return f"that cube is not on offer: {who} must {DECISION_NAMES[kind]}"
    if act.verb == "joust":
        return f"{who} needs {JOUST_DENIERS} denier and 1 cloth to joust"
    if act.verb in ("church", "bank", "buy"):
        return f"{who} has only {b.deniers[seat]} deniers"
    if act.verb in ("tailor", "jeweller", "alchemist"):
        return f"{who} lacks the cubes for that offer"
    return f"not possible now: {who} must {DECISION_NAMES[kind]}"


def _why_not_place(b: Board, seat: int, act, free: bool) -> str:
    who = NAMES[seat]
    if not free and b.workers[seat] <= 0:
        return f"{who} has no worker left"
    if act in PLACE_SPECIAL:
        i = act.arg
        name = SPECIALS[i].replace("_", " ")
        if i == GATE and free:
            return "the gate's worker must go somewhere else"
        if i == CASTLE and seat in b.castle:
            return f"{who} already has a worker in the castle"
        if i == STABLES:
            if b.two_player:
                return "the stables are not used in a 2-player game"
            if seat in b.stables:
                return f"{who} already has a worker in the stables"
            if len(b.stables) >= STABLE_SPOTS:
                return "the stables are full"
        if i == INN and b.inn_left >= 0:
            return "the inn's left circle is occupied"
        if i in (GATE, TRADING_POST, MERCHANTS_GUILD, JOUST_FIELD) and b.special[i] >= 0:
            return f"the {name} is occupied"
        price = placement_price(b, seat)
        return f"{who} has {b.deniers[seat]} deniers and placing there costs {price}"
    t = act.arg
    tile = TILES[t]
    pos = b.pos_of[t]
    if pos < 0:
        return f"the {TILE_NAMES[tile.id]} is not on the road"
    if b.worker[pos] >= 0:
        return f"the {TILE_NAMES[tile.id]} is occupied by {NAMES[b.worker[pos]]}"
    price = 1 if b.owner[pos] == seat else placement_price(b, seat)
    return f"{who} has {b.deniers[seat]} deniers and placing on the {TILE_NAMES[tile.id]} costs {price}"


def _why_not_build(b: Board, seat: int, t: int, kind: int, a: int, c: int) -> str:
    tile = TILES[t]
    who = NAMES[seat]
    if kind == D_BUILD and tile.kind != a:
        return f"this building builds {KIND_NAMES[a]} tiles only, and the {TILE_NAMES[tile.id]} is a {KIND_NAMES[tile.kind]} tile"
    if kind == D_FAVOR_BUILD:
        need_col = {WOOD_TILE: 2, STONE_TILE: 3, PRESTIGE: 5}[tile.kind]
        if a < need_col:
            return (f"{who}'s marker on the buildings line is in column {a}; a {KIND_NAMES[tile.kind]} tile needs "
                    f"column {need_col}")
    if not b.in_stock[t]:
        return f"the {TILE_NAMES[tile.id]} is not in the stock (it is {'on the road' if b.pos_of[t] >= 0 else 'out of the game'})"
    if tile.kind == PRESTIGE and _first_residence(b, seat) < 0:
        return f"{who} has no residence to build the {TILE_NAMES[tile.id]} on"
    if tile.kind != PRESTIGE and b.houses[seat] <= 0:
        return f"{who} has no house left"
    if tile.kind != PRESTIGE and _first_site(b) < 0:
        return f"the road has no unbuilt space left for the {TILE_NAMES[tile.id]}"
    need = ", ".join(f"{n} {CUBES[i]}" for i, n in enumerate(tile.cost) if n)
    if tile.cost_any:
        need += f" + {tile.cost_any} cube of any kind"
    return f"{who} cannot afford the {TILE_NAMES[tile.id]} ({need}{', less the discount' if kind == D_FAVOR_BUILD else ''})"


def _why_not_transform(b: Board, seat: int, t: int, favor: bool) -> str:
    tile = TILES[t]
    who = NAMES[seat]
    pos = b.pos_of[t]
    if pos < 0:
        return f"the {TILE_NAMES[tile.id]} is not on the road"
    if tile.kind != NEUTRAL and b.owner[pos] != seat:
        return (f"the lawyer transforms neutral buildings or {who}'s own buildings, and the {TILE_NAMES[tile.id]} is "
                f"{NAMES[b.owner[pos]]}'s")
    if any(p == pos for p, _ in b.pending):
        return f"the {TILE_NAMES[tile.id]} is already to be transformed"
    if b.cubes[seat * 5 + CLOTH] < 1:
        return f"{who} needs 1 cloth cube"
    if not favor and b.deniers[seat] < RESIDENCE_DENIERS:
        return f"{who} needs 1 denier"
    return f"{who} has no house left for the residence"
