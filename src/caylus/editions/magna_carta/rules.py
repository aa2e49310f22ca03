"""Caylus Magna Carta: the board and its rules.

A turn has six phases (five in the beginner rules, which have no provost):

1. income, 2. actions (draw, replace, place a worker, build, build a prestige building, pass),
3. the provost's move (standard rules), 4. the buildings' effects, 5. the castle, 6. end of turn.

Player decisions sit on `Board.stack` as tuples ``(kind, player, road index or -1, extra)``; the top one is asked
now. `apply` answers it, pops it (pushing follow-ups if any) and then `advance` runs every automatic step until the
next decision or the end of the game. The road index is the card whose effect asks (phase 4); `extra` is, for a
Peddler (D_BUY) the cubes still to buy, for the Bank and the Church 1 for the primary effect and 0 for the
secondary, for a payment (D_PAY) what is still owed (see `owed`), and for D_COVER the prestige building to place.
"""

from __future__ import annotations

from typing import Final

from caylus.core.actions import Action
from caylus.core.rng import Rng

from . import notation as N
from .catalog import (
    BANK, BECOMING_RESIDENCE, BUILDING, CARDS, CHURCH, CUBE_NAMES, GATHER, GOLD, GOLD_MINE, HAND_SIZE, HOTEL, INCOME,
    LARGE_PRODUCTION, LAWYER, LAWYER_CARD, MARKET, NEUTRAL_PEDDLER, PEDDLER, PLAYER_NAMES, POOL_CUBES, PRESTIGE,
    RESIDENCE, RESIDENCE_COST, SECTIONS, SMALL_PRODUCTION, TRADING_POST, WORKERS,
)
from .scoring import scores, supply_parts

# Phases.
REDRAW_PHASE: Final = 0
ACTIONS_PHASE: Final = 1
PROVOST_PHASE: Final = 2
EFFECTS_PHASE: Final = 3
CASTLE_PHASE: Final = 4
GAME_OVER: Final = 5
PHASE_NAMES = ("redraw", "actions", "provost", "effects", "castle", "over")

# Decisions (the first item of a stack entry).
D_REDRAW: Final = 0
D_ACTION: Final = 1
D_PAY: Final = 2
D_COVER: Final = 3
D_PROVOST: Final = 4
D_BUY: Final = 5
D_SELL: Final = 6
D_SWAP: Final = 7
D_BANK: Final = 8
D_CHURCH: Final = 9
D_LAWYER: Final = 10
D_CASTLE: Final = 11
DECISION_NAMES = ("redraw", "action", "pay", "cover", "provost", "buy", "sell", "swap", "bank", "church", "lawyer",
                  "castle")

BATCH_COST: Final = (1, 1, 1, 0)

# Card data by card id, as flat tuples for speed. (Typed and `Final` for the compiled build, docs/compiled.md:
# it then reads them from C variables, as native ints and strs, instead of the module's dictionary.)
Cost = tuple[int, int, int, int]  # food, wood, stone, gold
COST: Final[tuple[Cost, ...]] = tuple(c.cost for c in CARDS)
ANY: Final[tuple[int, ...]] = tuple(c.any_cubes for c in CARDS)  # cubes of any kind on top of COST
_CUBES_NEEDED: Final[tuple[int, ...]] = tuple(sum(cost) + any_cubes for cost, any_cubes in zip(COST, ANY))
_EFFECT: Final[tuple[str, ...]] = tuple(c.effect for c in CARDS)
_CUBE: Final[tuple[int, ...]] = tuple(c.cube for c in CARDS)
_PRESTIGE_COST: Final[tuple[Cost, ...]] = tuple(p.cost for p in PRESTIGE)
_POOL_CUBES: Final[dict[int, int]] = POOL_CUBES

# What each action token names.
# The place token of a card, as _PLACE[owner][card] (owner -1: neutral; None for cards no worker goes on): two
# list lookups where the action choices would otherwise build and hash an (owner, card) key for every road card.
_PLACE: Final[dict[int, list[Action | None]]] = {
    owner: [N.PLACE.get((owner, card)) for card in range(len(CARDS))] for owner in range(-1, len(PLAYER_NAMES))}
_PLACE_KEY: Final[dict[Action, tuple[int, int]]] = {a: key for key, a in N.PLACE.items()}
_RESIDENCE_KEY: Final[dict[Action, int]] = {a: c for c, a in N.RESIDENCE.items()}
_COVER_KEY: Final[dict[Action, int]] = {a: c for c, a in N.COVER.items()}
_BUILD_KEY: Final[dict[Action, int]] = {a: c for c, a in enumerate(N.BUILD)}
_PRESTIGE_KEY: Final[dict[Action, int]] = {a: k for k, a in enumerate(N.PRESTIGE_BUILD)}
_PROVOST_KEY: Final[dict[Action, int]] = {a: k for k, a in N.PROVOST.items()}
_BUY_CUBE: Final[dict[Action, int]] = {a: t for t, a in enumerate(N.BUY)}
_SELL_CUBE: Final[dict[Action, int]] = {a: t for t, a in enumerate(N.SELL)}
_SWAP_CUBE: Final[dict[Action, int]] = {a: t for t, a in enumerate(N.SWAP)}
_PAY_CUBE: Final[dict[Action, int]] = {a: t for t, a in enumerate(N.PAY)}
# The tokens the legal actions are made of, read from C variables in the compiled build (not `N.` lookups).
_PASS: Final[Action] = N.PASS
_DRAW: Final[Action] = N.DRAW
_REPLACE: Final[Action] = N.REPLACE
_REDRAW: Final[Action] = N.REDRAW
_BATCH: Final[Action] = N.BATCH
_BUILD: Final[tuple[Action, ...]] = N.BUILD
_PRESTIGE_BUILD: Final[tuple[Action, ...]] = N.PRESTIGE_BUILD


class Board:
    """The whole state of a game as plain data. Seats are 0..N-1; -1 means "nobody" (a neutral card, no worker).

    Road (index 0 is the start of the road, new buildings are appended at its end):
      road_card[i]    card id (catalog.CARDS); road_owner[i] its owner's seat, -1 for a neutral card
      road_worker[i]  the seat whose worker stands on it this turn, or -1
      road_pool[i]    cubes left in a small production card's secondary-effect pool
      road_face[i]    BUILDING, RESIDENCE, or the id of the prestige building covering that residence
      provost         index of the card the provost stands on (-1 in the beginner rules)
      vacant[i]       the place token of road card i while a worker may go there (building side up, nobody on
                      it), else None: kept up to date as workers come and go and cards are built or turned over,
                      so that phase 2 need not scan the road (`reindex` makes it anew from the road)
    Players (lists indexed by seat): deniers; cubes [food, wood, stone, gold]; workers at home; hand (sorted card
      ids); deck (bottom to top, the last card is drawn next); discard (face up, in the order discarded); tokens
      [dungeon, walls, towers]; front (beginner rules: prestige buildings in front of the player); pile_from (the
      cards the pile was last shuffled from, face up in the discard pile before: public, and what a seat with a
      memory knows of the pile; None while the pile is the one dealt at the setup, from the whole deck).
    Shared: castle (tokens left per section), removed (tokens put out of the game), prestige_left.
    Turn bookkeeping: first_player; bridge (seats in passing order); actor (whose turn it is in phase 2);
      cursor/step (where phases 3-5 and the opening redraws have got to: a bridge position, or a road index and
      0 = primary next, 1 = secondary next, 2 = done); batches (given by each seat in this castle phase);
      stack (pending decisions, the last one is asked now).
    """

    __slots__ = (
        "num_players", "standard", "rng", "phase", "turn", "first_player", "current_player", "terminal",
        # The road, from its start (index 0) to its end; one entry per card in parallel lists.
        "road_card", "road_owner", "road_worker", "road_pool", "road_face", "vacant", "provost",
        # Players, by seat.
        "deniers", "cubes", "workers", "hand", "deck", "discard", "tokens", "front", "pile_from",
        # Shared supplies.
        "castle", "removed", "prestige_left",
        # Bookkeeping of the current phase.
        "bridge", "actor", "cursor", "step", "batches", "stack",
        # Where what happens is told (docs/events.md), or None: nothing is told.
        "events",
    )

    # Declared for the type checker and the optional compiled build (docs/compiled.md), which needs every field's type.
    num_players: int
    standard: bool
    rng: Rng
    phase: int
    turn: int
    first_player: int
    current_player: int
    terminal: bool
    road_card: list[int]
    road_owner: list[int]
    road_worker: list[int]
    road_pool: list[int]
    road_face: list[int]
    vacant: list[Action | None]
    provost: int
    deniers: list[int]
    cubes: list[list[int]]
    workers: list[int]
    hand: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    tokens: list[list[int]]
    front: list[list[int]]
    pile_from: list
    castle: list[int]
    removed: list[int]
    prestige_left: list[int]
    bridge: list[int]
    actor: int
    cursor: int
    step: int
    batches: list[int]
    stack: list[tuple[int, int, int, int]]  # (kind, player, road index or -1, extra)
    events: list | None

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.num_players = self.num_players
        b.standard = self.standard
        b.rng = Rng(self.rng.state)
        b.phase = self.phase
        b.turn = self.turn
        b.first_player = self.first_player
        b.current_player = self.current_player
        b.terminal = self.terminal
        b.road_card = self.road_card[:]
        b.road_owner = self.road_owner[:]
        b.road_worker = self.road_worker[:]
        b.road_pool = self.road_pool[:]
        b.road_face = self.road_face[:]
        b.vacant = self.vacant[:]
        b.provost = self.provost
        b.deniers = self.deniers[:]
        b.cubes = [c[:] for c in self.cubes]
        b.workers = self.workers[:]
        b.hand = [h[:] for h in self.hand]
        b.deck = [d[:] for d in self.deck]
        b.discard = [d[:] for d in self.discard]
        b.tokens = [t[:] for t in self.tokens]
        b.front = [f[:] for f in self.front]
        b.pile_from = self.pile_from[:]  # its lists are replaced, never changed in place
        b.castle = self.castle[:]
        b.removed = self.removed[:]
        b.prestige_left = self.prestige_left[:]
        b.bridge = self.bridge[:]
        b.actor = self.actor
        b.cursor = self.cursor
        b.step = self.step
        b.batches = self.batches[:]
        b.stack = self.stack[:]
        b.events = None  # copies (checkpoints, clones to plan on) record nothing
        return b

    def road_index(self, owner: int, card: int) -> int:
        """Where the card of `owner` (-1: neutral) lies on the road, or -1."""
        cards, owners = self.road_card, self.road_owner
        i = -1
        try:  # list.index scans in C; the same card can lie on the road once per owner, hence the loop
            while True:
                i = cards.index(card, i + 1)
                if owners[i] == owner:
                    return i
        except ValueError:  # no more of that card on the road
            return -1

    def activation_limit(self) -> int:
        """The last road index whose building works in phase 4: the provost's card, or the road end (beginner)."""
        return self.provost if self.standard else len(self.road_card) - 1


# -- events (docs/events.md): told only when the board has an event list, so playouts pay one test -------------
def _tell(b: "Board", kind: str, player, **data) -> None:
    """Add one event to `b.events` (callers test ``b.events is not None`` first)."""
    events = b.events
    if events is not None:  # (the callers' test, again, for the type checker)
        events.append({"kind": kind, "player": player, **data})


def _cubes(amounts) -> dict:
    """Cubes (food, wood, stone, gold) as {"wood": 1, ...}, leaving out the kinds there are none of."""
    return {CUBE_NAMES[t]: n for t, n in enumerate(amounts) if n}


def _card(b: "Board", i: int) -> str:
    return CARDS[b.road_card[i]].name


def _owner(b: "Board", i: int):
    return b.road_owner[i] if b.road_owner[i] >= 0 else None


def tell_draw(b: "Board", p: int, cards: list) -> None:
    """The cards `p` drew: a secret of `p` (`event_for` leaves them out for everyone else)."""
    _tell(b, "draw", p, count=len(cards), cards=[CARDS[c].name for c in cards])


def _tokens_taken(before: list, after: list) -> dict:
    return {SECTIONS[s]: after[s] - before[s] for s in range(3) if after[s] != before[s]}


# -- cubes ---------------------------------------------------------------------------------------------------------
def afford(cubes: list[int], cost: Cost, any_cubes: int = 0) -> bool:
    """Can these cubes pay `cost` (food, wood, stone, gold) plus `any_cubes` cubes of any kind? Gold is wild."""
    food, wood, stone, gold = cubes
    need_food, need_wood, need_stone, need_gold = cost
    # gold stands in for the food, wood and stone one lacks; what is left over, gold too, pays the cubes of any kind
    short = ((need_food - food if need_food > food else 0) + (need_wood - wood if need_wood > wood else 0)
             + (need_stone - stone if need_stone > stone else 0))
    gold -= need_gold + short
    return gold >= 0 and food + wood + stone + short - need_food - need_wood - need_stone + gold >= any_cubes


# A cost being paid: how many food, wood and stone are still owed, and how many cubes of any kind, packed in one int
# (3 bits each; no cost owes more than 5 of a kind) so that a payment in progress fits in a stack entry.
_OWED_SHIFT: Final = (0, 3, 6)  # food, wood, stone
_OWED_ANY: Final = 512  # 1 << 9


def owed(cost: Cost, any_cubes: int = 0) -> int:
    """What is owed of `cost` once its gold part (which only gold can pay) is paid."""
    return cost[0] | cost[1] << 3 | cost[2] << 6 | any_cubes << 9


# What a player building, a castle batch and a Residence cost, as owed ints.
OWED: Final[tuple[int, ...]] = tuple(owed(COST[c], ANY[c]) for c in range(len(CARDS)))
BATCH_OWED: Final[int] = owed(BATCH_COST)
RESIDENCE_OWED: Final[int] = owed(RESIDENCE_COST)


def pay_options(cubes: list[int], owes: int) -> list[int]:
    """The cubes that may pay the next part of what is owed (an `owed` int), each leaving the rest payable.

    Gold is wild, so a cube of the cost may be paid with its own kind or with gold, as the player likes. Each way of
    paying is reached by one sequence of answers only: the cube of any kind is paid first, and paying it with a kind
    the cost also asks for pays those in kind too (paying one of them with gold instead is the same as paying the
    cube of any kind with gold); then food, wood and stone, where paying in kind pays all that is still owed of that
    kind and gold pays one of them.
    """
    need = [owes & 7, owes >> 3 & 7, owes >> 6 & 7]
    spare_gold = cubes[GOLD]
    for t in (0, 1, 2):
        if need[t] > cubes[t]:
            spare_gold -= need[t] - cubes[t]  # the gold that the cubes one lacks already need
    if owes >= _OWED_ANY:
        out = [t for t in (0, 1, 2) if cubes[t] > need[t]]
        if spare_gold > 0:
            out.append(GOLD)
        return out
    for t in (0, 1, 2):
        if need[t]:
            out = [t] if cubes[t] >= need[t] else []
            if spare_gold > 0 or cubes[t] < need[t]:
                out.append(GOLD)
            return out
    return []


def pay_with(cubes: list[int], owes: int, cube: int) -> int:
    """Pay the next part of what is owed with `cube` (one of `pay_options`); returns what is then owed."""
    cubes[cube] -= 1
    if owes >= _OWED_ANY:
        owes -= _OWED_ANY
        if cube != GOLD:  # the cubes of this kind the cost asks for are paid in kind too
            shift = _OWED_SHIFT[cube]
            n = owes >> shift & 7
            cubes[cube] -= n
            owes -= n << shift
        return owes
    for shift in _OWED_SHIFT:
        n = owes >> shift & 7
        if n:
            if cube == GOLD:
                return owes - (1 << shift)
            cubes[cube] -= n - 1  # all of this kind, in kind
            return owes - (n << shift)
    return owes


def settle(b: "Board", p: int, owes: int) -> None:
    """p pays what is owed, asking (a `pay` decision) only where there is more than one way to go on."""
    cubes = b.cubes[p]
    if not cubes[GOLD] and owes < _OWED_ANY:  # without gold nor a cube of any kind there is one way to pay
        cubes[0] -= owes & 7
        cubes[1] -= owes >> 3 & 7
        cubes[2] -= owes >> 6
        return
    while owes:
        options = pay_options(cubes, owes)
        if len(options) > 1:
            b.stack.append((D_PAY, p, -1, owes))
            return
        owes = pay_with(cubes, owes, options[0])


def shortfall(cubes, cost, any_cubes: int = 0) -> str:
    """Words for a cost someone cannot pay: 'costs 1 food + 2 stone; has 0 food, 1 stone, 0 gold'."""
    parts = [f"{n} {CUBE_NAMES[t]}" for t, n in enumerate(cost) if n]
    if any_cubes:
        parts.append(f"{any_cubes} cube of any kind")
    kinds = [t for t in range(4) if cost[t]] if not any_cubes else [0, 1, 2, 3]
    if 3 not in kinds:
        kinds.append(3)
    have = ", ".join(f"{cubes[t]} {CUBE_NAMES[t]}" for t in kinds)
    return f"costs {' + '.join(parts)}; has {have}"


# -- cards ---------------------------------------------------------------------------------------------------------
def draw_card(b: Board, p: int) -> int:
    """Move the top card of p's pile to p's hand, first shuffling the discard pile into a new pile if it is empty.

    Only called when the pile or the discard pile holds a card (drawing is illegal otherwise; replacing a hand
    discards it first)."""
    deck = b.deck[p]
    if not deck:
        discard = b.discard[p]
        if b.events is not None:
            _tell(b, "reshuffle", p, count=len(discard))
        b.pile_from[p] = sorted(discard)
        deck.extend(discard)
        discard.clear()
        b.rng.shuffle(deck)
    hand = b.hand[p]
    card = deck.pop()
    hand.append(card)
    hand.sort()  # a hand is a set of distinct cards; sorted keeps views canonical
    return card


def _draw_cards(b: Board, p: int, n: int) -> None:
    """p draws n cards, told as one `draw` event when events are recorded."""
    if b.events is None:
        for _ in range(n):
            draw_card(b, p)
    else:
        tell_draw(b, p, [draw_card(b, p) for _ in range(n)])


def open_residences(b: Board, p: int) -> list[int]:
    """Road indexes of p's residences that no prestige building covers yet."""
    face, owner = b.road_face, b.road_owner
    return [i for i in range(len(face)) if face[i] == RESIDENCE and owner[i] == p]


def income(b: Board, p: int) -> int:
    """Phase 1 income: 2 deniers, plus (standard rules) 1 per uncovered Residence and 1 for the Hotel."""
    n = INCOME
    if b.standard:
        for face, owner in zip(b.road_face, b.road_owner):
            if owner == p and (face == RESIDENCE or face == HOTEL):
                n += 1
    return n


def lawyer_targets(b: Board, p: int) -> list[int]:
    """Road indexes of p's cards the Lawyer may turn into a Residence: building side up and not a Lawyer."""
    cards, owner, face = b.road_card, b.road_owner, b.road_face
    return [i for i in range(len(cards)) if owner[i] == p and face[i] == BUILDING and cards[i] != LAWYER_CARD]


def reindex(b: Board) -> None:
    """Make `b.vacant` anew from the road (the setup, a board made from a view, tests that edit a board)."""
    b.vacant = [None] * len(b.road_card)
    for i in range(len(b.road_card)):
        _update_vacant(b, i)


def _update_vacant(b: Board, i: int) -> None:
    """Road card i changed (a worker came or went, it was turned over): may a worker go there now?"""
    b.vacant[i] = (_PLACE[b.road_owner[i]][b.road_card[i]] if b.road_worker[i] < 0 and b.road_face[i] == BUILDING
                   else None)


def turn_into_residence(b: Board, i: int) -> None:
    """Road card i becomes a Residence; the cubes left in a small production card's pool go back to the stock."""
    b.road_face[i] = RESIDENCE
    _update_vacant(b, i)
    b.road_pool[i] = 0
    if b.events is not None:
        _tell(b, "residence", b.road_owner[i], card=_card(b, i), road_index=i)


# -- the flow of a turn --------------------------------------------------------------------------------------------
def start_turn(b: Board) -> None:
    """Phase 1 (income) and the start of phase 2."""
    for p in range(b.num_players):
        b.deniers[p] += income(b, p)
        if b.events is not None:
            _tell(b, "income", p, deniers=income(b, p))
    b.phase = ACTIONS_PHASE
    if b.events is not None:
        _tell(b, "phase", None, turn=b.turn, phase=PHASE_NAMES[ACTIONS_PHASE])
    b.bridge = []
    b.actor = b.first_player
    b.cursor = 0
    b.step = 0


def advance(b: Board) -> None:
    """Run automatic steps until a decision is on top of the stack or the game is over."""
    stack = b.stack
    n = b.num_players
    while not stack and not b.terminal:
        phase = b.phase
        if phase == ACTIONS_PHASE:
            if len(b.bridge) == n:
                b.phase = PROVOST_PHASE if b.standard else EFFECTS_PHASE
                b.cursor = 0
                b.step = 0
                if b.events is not None:
                    _tell(b, "phase", None, turn=b.turn, phase=PHASE_NAMES[b.phase])
            else:
                stack.append((D_ACTION, b.actor, -1, 0))
        elif phase == PROVOST_PHASE:
            if b.cursor < n:
                p = b.bridge[b.cursor]
                b.cursor += 1
                if b.deniers[p]:  # the road has 2 cards at least, so a denier always moves him
                    stack.append((D_PROVOST, p, -1, 0))
            else:
                b.phase = EFFECTS_PHASE
                b.cursor = 0
                b.step = 0
                if b.events is not None:
                    _tell(b, "phase", None, turn=b.turn, phase=PHASE_NAMES[EFFECTS_PHASE])
        elif phase == EFFECTS_PHASE:
            if not _run_effects(b):
                # Every building has worked: the workers go home.
                b.road_worker = [-1] * len(b.road_card)
                reindex(b)
                b.workers = [WORKERS] * n
                b.phase = CASTLE_PHASE
                b.cursor = 0
                b.batches = [0] * n
                if b.events is not None:
                    _tell(b, "phase", None, turn=b.turn, phase=PHASE_NAMES[CASTLE_PHASE])
        elif phase == CASTLE_PHASE:
            if b.cursor < n:
                p = b.bridge[b.cursor]
                b.cursor += 1
                if can_give_batch(b, p):
                    stack.append((D_CASTLE, p, -1, 0))
            else:
                _end_of_turn(b)
        elif phase == REDRAW_PHASE:
            if b.cursor < n:
                stack.append((D_REDRAW, (b.first_player + b.cursor) % n, -1, 0))
                b.cursor += 1
            else:
                start_turn(b)
        else:  # pragma: no cover - GAME_OVER is always terminal
            break
    if stack:
        b.current_player = stack[-1][1]


def _run_effects(b: Board) -> bool:
    """Phase 4 from where it stopped: activate the road in order up to the limit. True when a decision is pushed."""
    limit = b.activation_limit()
    worker, owner = b.road_worker, b.road_owner
    while True:
        i = b.cursor
        if b.step == 0:
            while i <= limit and worker[i] < 0:  # most road cards have no worker: passed in one tight loop
                i += 1
            b.cursor = i
            if i > limit:
                return False
        w = worker[i]
        if b.step == 0:
            b.step = 1
            if _primary(b, i, w) if b.events is None else _told(b, i, w, "produce", _primary):
                return True
        if b.step == 1:
            b.step = 2
            o = owner[i]
            if o >= 0 and o != w and (_secondary(b, i, o) if b.events is None
                                      else _told(b, i, o, "owner_bonus", _secondary)):
                return True
        if b.road_face[i] == BECOMING_RESIDENCE:  # its worker has worked: now the Lawyer's choice takes effect
            turn_into_residence(b, i)
        b.cursor += 1
        b.step = 0


def _told(b: Board, i: int, p: int, kind: str, effect) -> bool:
    """Run a card's primary or secondary `effect` for `p` and tell what it gave at once; a choice it asks is told
    when answered. Returns what `effect` returns (whether a decision was pushed)."""
    cubes, deniers = b.cubes[p][:], b.deniers[p]
    asks = effect(b, i, p)
    gain = _cubes([after - before for after, before in zip(b.cubes[p], cubes)])
    if b.deniers[p] != deniers:
        gain["deniers"] = b.deniers[p] - deniers
    if gain:
        _tell(b, kind, p, card=_card(b, i), owner=_owner(b, i), gain=gain)
    return asks


def _primary(b: Board, i: int, p: int) -> bool:
    """The primary effect of road card i for p, the worker's owner. Gains with nothing to decide are simply taken
    (refusing a free cube or denier never helps); True when p has a choice to make."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    if effect == GATHER or effect == SMALL_PRODUCTION:
        b.cubes[p][_CUBE[card]] += 1
    elif effect == LARGE_PRODUCTION:
        b.cubes[p][_CUBE[card]] += 2
    elif effect == TRADING_POST:
        b.deniers[p] += 2
    elif effect == GOLD_MINE:
        b.cubes[p][GOLD] += 1
    elif effect == NEUTRAL_PEDDLER or effect == PEDDLER:
        if b.deniers[p]:
            b.stack.append((D_BUY, p, i, 1 if effect == NEUTRAL_PEDDLER else 2))
            return True
    elif effect == MARKET:
        if any(b.cubes[p]):
            b.stack.append((D_SELL, p, i, 0))
            return True
    elif effect == BANK:
        if b.deniers[p] >= 1:
            b.stack.append((D_BANK, p, i, 1))
            return True
    elif effect == CHURCH:
        if b.deniers[p] >= 2 and any(b.castle):
            b.stack.append((D_CHURCH, p, i, 1))
            return True
    elif effect == LAWYER:
        if afford(b.cubes[p], RESIDENCE_COST) and lawyer_targets(b, p):
            b.stack.append((D_LAWYER, p, i, 0))
            return True
    return False


def _secondary(b: Board, i: int, p: int) -> bool:
    """The secondary effect of road card i for p, its owner (someone else's worker is on it)."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    if effect == SMALL_PRODUCTION:
        if b.road_pool[i]:
            b.road_pool[i] -= 1
            b.cubes[p][_CUBE[card]] += 1
    elif effect == LARGE_PRODUCTION:
        b.cubes[p][_CUBE[card]] += 1
    elif effect == MARKET:
        b.deniers[p] += 1
    elif effect == LAWYER:
        b.deniers[p] += 2
    elif effect == PEDDLER:
        if b.deniers[p]:
            b.stack.append((D_BUY, p, i, 1))
            return True
    elif effect == GOLD_MINE:
        c = b.cubes[p]
        if c[0] or c[1] or c[2]:
            b.stack.append((D_SWAP, p, i, 0))
            return True
    elif effect == BANK:
        if b.deniers[p] >= 2:
            b.stack.append((D_BANK, p, i, 0))
            return True
    elif effect == CHURCH:
        if b.deniers[p] >= 3 and any(b.castle):
            b.stack.append((D_CHURCH, p, i, 0))
            return True
    return False


def can_give_batch(b: Board, p: int) -> bool:
    return any(b.castle) and afford(b.cubes[p], BATCH_COST)


def take_tokens(b: Board, p: int, n: int) -> None:
    """p takes n castle tokens from the best section left (Dungeon, then Walls, then Towers)."""
    castle, mine = b.castle, b.tokens[p]
    for s in (0, 1, 2):
        while n and castle[s]:
            castle[s] -= 1
            mine[s] += 1
            n -= 1


def _end_of_turn(b: Board) -> None:
    """End of phase 5 (the gold for most batches, or 2 tokens removed) and phase 6."""
    batches = b.batches
    if any(batches):
        best = max(batches)
        for p in b.bridge:  # the first in passing order to give that many wins the tie
            if batches[p] == best:
                b.cubes[p][GOLD] += 1
                if b.events is not None:
                    _tell(b, "most_batches", p, batches=best, gain={"gold": 1})
                break
    else:
        removed = b.removed[:]
        n = 2
        for s in (0, 1, 2):
            while n and b.castle[s]:
                b.castle[s] -= 1
                b.removed[s] += 1
                n -= 1
        if b.events is not None:
            _tell(b, "tokens_removed", None, tokens=_tokens_taken(removed, b.removed))
    if not any(b.castle):
        b.phase = GAME_OVER
        b.terminal = True
        if b.events is not None:
            _tell_end(b)
        return
    if b.standard:
        was = b.provost
        b.provost = min(b.provost + 2, len(b.road_card) - 1)
        if b.events is not None:
            _tell(b, "provost_advance", None, start=was, to=b.provost)
    b.first_player = (b.first_player + 1) % b.num_players
    if b.events is not None:
        _tell(b, "first_player", b.first_player)
    b.turn += 1
    start_turn(b)


def _tell_end(b: Board) -> None:
    for p in range(b.num_players):
        parts = supply_parts(b, p)
        _tell(b, "end_bonus", p, parts=parts, total=sum(parts.values()))
    final = scores(b)
    _tell(b, "game_over", None, scores=final, winners=[p for p, v in enumerate(final) if v == max(final)])


def _next_actor(b: Board, p: int) -> int:
    """Who acts after p in phase 2: the next player clockwise who has not passed (-1 once everyone has)."""
    n = b.num_players
    bridge = b.bridge
    if len(bridge) == n:
        return -1
    q = (p + 1) % n
    while q in bridge:
        q = (q + 1) % n
    return q


# -- legal actions -------------------------------------------------------------------------------------------------
def must_ask(b: Board) -> bool:
    """An action decision is asked even when `pass` is the only answer, as long as the player holds cards.

    Whether such a player can build depends on their hidden hand: if the engine passed for them by itself, every
    other player would learn that nothing in that hand is affordable.
    """
    top = b.stack[-1]
    return top[0] == D_ACTION and bool(b.hand[top[1]])


# the provost's moves, from 3 back to 3 on
_STEPS_BACK: Final[list[Action]] = [N.PROVOST[-3], N.PROVOST[-2], N.PROVOST[-1]]
_STEPS_ON: Final[list[Action]] = [N.PROVOST[1], N.PROVOST[2], N.PROVOST[3]]


def legal_actions(b: Board) -> list[Action]:
    """The answers to the decision on top of the stack, in canonical order (`pass` first where it is allowed)."""
    kind, p, _, extra = b.stack[-1]
    if kind == D_ACTION:
        return _action_choices(b, p)
    if kind == D_CASTLE:
        return [_PASS, _BATCH] if can_give_batch(b, p) else [_PASS]
    if kind == D_PROVOST:
        most = min(len(_STEPS_ON), b.deniers[p])  # up to 3 cards, 1 denier each; he stays on the road
        out: list[Action] = [_PASS]
        out += _STEPS_BACK[len(_STEPS_BACK) - min(most, b.provost):]
        out += _STEPS_ON[:min(most, len(b.road_card) - 1 - b.provost)]
        return out
    if kind == D_REDRAW:
        return [_PASS, _REDRAW]
    if kind == D_BUY:
        return [_PASS, *N.BUY] if b.deniers[p] else [_PASS]
    if kind == D_SELL:
        c = b.cubes[p]
        return [_PASS] + [N.SELL[t] for t in range(4) if c[t]]
    if kind == D_SWAP:
        c = b.cubes[p]
        return [_PASS] + [N.SWAP[t] for t in range(3) if c[t]]
    if kind == D_BANK:
        d = b.deniers[p]
        if extra:
            return [_PASS] + ([N.BANK[1]] if d >= 1 else []) + ([N.BANK[2]] if d >= 3 else [])
        return [_PASS, N.BANK[1]] if d >= 2 else [_PASS]
    if kind == D_CHURCH:
        d, left = b.deniers[p], sum(b.castle)
        if extra:
            return ([_PASS] + ([N.CHURCH[1]] if d >= 2 and left >= 1 else [])
                    + ([N.CHURCH[2]] if d >= 5 and left >= 2 else []))
        return [_PASS, N.CHURCH[1]] if d >= 3 and left else [_PASS]
    if kind == D_LAWYER:
        if not afford(b.cubes[p], RESIDENCE_COST):
            return [_PASS]
        return [_PASS] + [N.RESIDENCE[b.road_card[j]] for j in lawyer_targets(b, p)]
    if kind == D_PAY:
        return [N.PAY[t] for t in pay_options(b.cubes[p], extra)]
    if kind == D_COVER:
        return [N.COVER[b.road_card[j]] for j in open_residences(b, p)]
    raise AssertionError(f"unknown decision {kind}")


def _action_choices(b: Board, p: int) -> list[Action]:
    """Phase 2: the actions p can take now (pass first, then in the rulebook's order A-E)."""
    out: list[Action] = [_PASS]
    if b.deniers[p]:
        if b.deck[p] or b.discard[p]:
            out.append(_DRAW)
        if b.hand[p]:
            out.append(_REPLACE)
        if b.workers[p]:
            out += filter(None, b.vacant)
    cubes = b.cubes[p]
    have = sum(cubes)
    for c in b.hand[p]:
        if _CUBES_NEEDED[c] <= have and afford(cubes, COST[c], ANY[c]):  # fewer cubes than the cost: no need to ask
            out.append(_BUILD[c])
    # Every prestige building costs gold; in the standard rules it covers one of the builder's Residences.
    if cubes[GOLD] and b.prestige_left and (not b.standard or open_residences(b, p)):
        for k in b.prestige_left:
            if afford(cubes, _PRESTIGE_COST[k]):
                out.append(_PRESTIGE_BUILD[k])
    return out


# -- applying a decision -------------------------------------------------------------------------------------------
def apply(b: Board, a: Action) -> None:
    """Answer the decision on top of the stack with the legal action `a`, then run on to the next decision."""
    stack = b.stack
    kind, p, i, extra = stack.pop()
    verb = a.verb
    if b.events is not None and kind != D_ACTION:
        _tell_answer(b, kind, p, i, extra, a)
    if kind == D_ACTION:
        _apply_action(b, p, a)
    elif kind == D_CASTLE:
        if verb == "batch":
            before = b.tokens[p][:]
            take_tokens(b, p, 1)
            if b.events is not None:
                b.events[-1]["tokens"] = _tokens_taken(before, b.tokens[p])
            b.batches[p] += 1
            b.cursor -= 1  # once the batch is paid, p is asked again
            settle(b, p, BATCH_OWED)
    elif kind == D_PROVOST:
        if verb == "provost":
            k = _PROVOST_KEY[a]
            b.deniers[p] -= abs(k)
            b.provost += k
    elif kind == D_REDRAW:
        if verb == "redraw":
            hand = b.hand[p]
            b.discard[p].extend(hand)
            hand.clear()
            _draw_cards(b, p, HAND_SIZE)
    elif verb == "pass":
        pass  # an optional effect declined
    elif kind == D_BUY:
        b.deniers[p] -= 1
        b.cubes[p][_BUY_CUBE[a]] += 1
        if extra > 1 and b.deniers[p]:
            stack.append((kind, p, i, extra - 1))
    elif kind == D_SELL:
        b.cubes[p][_SELL_CUBE[a]] -= 1
        b.deniers[p] += 4
    elif kind == D_SWAP:
        c = b.cubes[p]
        c[_SWAP_CUBE[a]] -= 1
        c[GOLD] += 1
    elif kind == D_BANK:
        n = a.arg
        b.deniers[p] -= (1 if n == 1 else 3) if extra else 2
        b.cubes[p][GOLD] += n
    elif kind == D_CHURCH:
        n = a.arg
        b.deniers[p] -= (2 if n == 1 else 5) if extra else 3
        before = b.tokens[p][:]
        take_tokens(b, p, n)
        if b.events is not None:
            b.events[-1]["gain"] = _tokens_taken(before, b.tokens[p])
    elif kind == D_LAWYER:
        j = b.road_index(p, _RESIDENCE_KEY[a])
        if b.road_worker[j] >= 0 and i < j <= b.activation_limit():
            b.road_face[j] = BECOMING_RESIDENCE  # its worker has yet to work it: it turns over once it has
            _update_vacant(b, j)
        else:
            turn_into_residence(b, j)
        settle(b, p, RESIDENCE_OWED)
    elif kind == D_PAY:
        settle(b, p, pay_with(b.cubes[p], extra, _PAY_CUBE[a]))
    elif kind == D_COVER:
        j = b.road_index(p, _COVER_KEY[a])
        b.road_face[j] = extra
        _update_vacant(b, j)
    advance(b)


def _tell_answer(b: Board, kind: int, p: int, i: int, extra: int, a) -> None:
    """The event of an answer to any decision but phase 2's action (told before its effect; the Church's tokens
    and a batch's tokens are added once taken)."""
    verb = a.verb
    card = {"card": _card(b, i), "owner": _owner(b, i)} if i >= 0 else {}
    if kind == D_PAY:
        _tell(b, "pay", p, cube=CUBE_NAMES[_PAY_CUBE[a]])
    elif kind == D_PROVOST:
        by = 0 if verb == "pass" else _PROVOST_KEY[a]
        _tell(b, "provost", p, by=by, start=b.provost, to=b.provost + by, paid=abs(by))
    elif kind == D_REDRAW:
        _tell(b, "redraw", p, redraw=verb == "redraw", discarded=[CARDS[c].name for c in b.hand[p]]
              if verb == "redraw" else [])
    elif kind == D_CASTLE:
        if verb == "batch":
            _tell(b, "batch", p, cost=_cubes(BATCH_COST))
        else:
            _tell(b, "castle_done", p, batches=b.batches[p])
    elif kind == D_COVER:
        _tell(b, "cover", p, building=PRESTIGE[extra].name, card=CARDS[_COVER_KEY[a]].name)
    elif verb == "pass":
        _tell(b, "decline", p, decision=DECISION_NAMES[kind], **card)
    elif kind == D_BUY:
        _tell(b, "trade", p, **card, paid={"deniers": 1}, gain={CUBE_NAMES[_BUY_CUBE[a]]: 1})
    elif kind == D_SELL:
        _tell(b, "trade", p, **card, paid={CUBE_NAMES[_SELL_CUBE[a]]: 1}, gain={"deniers": 4})
    elif kind == D_SWAP:
        _tell(b, "trade", p, **card, paid={CUBE_NAMES[_SWAP_CUBE[a]]: 1}, gain={"gold": 1})
    elif kind == D_BANK:
        n = a.arg
        _tell(b, "trade", p, **card, paid={"deniers": (1 if n == 1 else 3) if extra else 2}, gain={"gold": n})
    elif kind == D_CHURCH:
        n = a.arg
        _tell(b, "trade", p, **card, paid={"deniers": (2 if n == 1 else 5) if extra else 3}, gain={})
    elif kind == D_LAWYER:
        j = b.road_index(p, _RESIDENCE_KEY[a])
        _tell(b, "lawyer", p, **card, target=CARDS[b.road_card[j]].name, paid=_cubes(RESIDENCE_COST),
              delayed=b.road_worker[j] >= 0 and i < j <= b.activation_limit())


def _tell_action(b: Board, p: int, a) -> None:
    """Phase 2: the event of p's action, told before it happens (the cards drawn are told after, as `draw`)."""
    verb = a.verb
    if verb == "pass":
        _tell(b, "pass", p, deniers=0 if b.bridge else 1, position=len(b.bridge) + 1)
    elif verb == "place":
        owner, card = _PLACE_KEY[a]
        _tell(b, "place", p, card=CARDS[card].name, owner=owner if owner >= 0 else None, paid=1)
    elif verb == "build":
        card = _BUILD_KEY[a]
        _tell(b, "build", p, card=CARDS[card].name, road_index=len(b.road_card), cost=_cubes(COST[card]),
              any_cubes=ANY[card])
    elif verb == "draw":
        _tell(b, "draw_action", p, paid=1)
    elif verb == "replace":
        _tell(b, "replace", p, paid=1, discarded=[CARDS[c].name for c in b.hand[p]])
    elif verb == "prestige":
        k = _PRESTIGE_KEY[a]
        residences = open_residences(b, p) if b.standard else []
        _tell(b, "prestige_building", p, building=PRESTIGE[k].name, cost=_cubes(PRESTIGE[k].cost),
              covers=_card(b, residences[0]) if len(residences) == 1 else None, in_front=not b.standard)


def _apply_action(b: Board, p: int, a: Action) -> None:
    """Phase 2: p's action; then the turn goes on clockwise."""
    verb = a.verb
    if b.events is not None:
        _tell_action(b, p, a)
    if verb == "pass":
        b.bridge.append(p)
        if len(b.bridge) == 1:
            b.deniers[p] += 1  # the first to pass takes 1 denier
    elif verb == "place":
        b.deniers[p] -= 1
        b.workers[p] -= 1
        j = b.vacant.index(a)  # the card's road index: its place token is open there, and only there
        b.road_worker[j] = p
        b.vacant[j] = None
    elif verb == "build":
        card = _BUILD_KEY[a]
        b.hand[p].remove(card)
        b.road_card.append(card)
        b.road_owner.append(p)
        b.road_worker.append(-1)
        b.road_face.append(BUILDING)
        b.vacant.append(_PLACE[p][card])
        b.road_pool.append(_POOL_CUBES[b.num_players] if _EFFECT[card] == SMALL_PRODUCTION else 0)
        settle(b, p, OWED[card])
    elif verb == "draw":
        b.deniers[p] -= 1
        _draw_cards(b, p, 1)
    elif verb == "replace":
        b.deniers[p] -= 1
        hand = b.hand[p]
        n = len(hand)
        b.discard[p].extend(hand)
        hand.clear()
        _draw_cards(b, p, n)
    elif verb == "prestige":
        k = _PRESTIGE_KEY[a]
        b.prestige_left.remove(k)
        if not b.standard:
            b.front[p].append(k)
        else:
            residences = open_residences(b, p)
            if len(residences) == 1:
                b.road_face[residences[0]] = k
                _update_vacant(b, residences[0])
            else:
                b.stack.append((D_COVER, p, -1, k))  # asked once the cost is paid
        cost = _PRESTIGE_COST[k]
        b.cubes[p][GOLD] -= cost[GOLD]  # only gold pays the gold of a prestige building
        settle(b, p, owed(cost))
    b.actor = _next_actor(b, p)


# -- why an action is refused --------------------------------------------------------------------------------------
ASKS = {
    D_REDRAW: ("keep or redraw their opening hand", ("pass", "redraw")),
    D_ACTION: ("choose an action", ("pass", "draw", "replace", "place:...", "build:...", "prestige:...")),
    D_PAY: ("choose the cube that pays the next part of a cost", ("pay:...",)),
    D_COVER: ("choose the Residence their prestige building covers", ("cover:...",)),
    D_PROVOST: ("move the provost or pass", ("pass", "provost:...")),
    D_BUY: ("buy a cube at the Peddler or pass", ("pass", "buy:...")),
    D_SELL: ("sell a cube at the Market or pass", ("pass", "sell:...")),
    D_SWAP: ("swap a cube for gold at the Gold Mine or pass", ("pass", "swap:...")),
    D_BANK: ("buy gold at the Bank or pass", ("pass", "bank:...")),
    D_CHURCH: ("buy castle tokens at the Church or pass", ("pass", "church:...")),
    D_LAWYER: ("choose a card for the Lawyer to turn into a Residence, or pass", ("pass", "residence:...")),
    D_CASTLE: ("give a batch to the castle or pass", ("pass", "batch")),
}


def _why_not_pay(who: str, cubes, owes: int, cube: int) -> str:
    """Why `cube` may not pay the next part of what is owed (the mirror of `pay_options`)."""
    name = CUBE_NAMES[cube]
    if not cubes[cube]:
        return f"{who} has no {name}"
    if cube == GOLD:
        return f"{who}'s gold must pay the cubes they lack"
    need = owes >> _OWED_SHIFT[cube] & 7
    if owes >= _OWED_ANY:  # the cube of any kind: paying it with this kind pays this kind's part in kind too
        return f"{who} needs {need + 1} {name} to pay the cube of any kind and the {name} of the cost with {name}"
    for t, shift in enumerate(_OWED_SHIFT):
        if owes >> shift & 7:
            if t != cube:
                return f"the {CUBE_NAMES[t]} of the cost is paid now (pay:{CUBE_NAMES[t]} or pay:gold)"
            return f"pay:{name} pays the {need} {name} still owed; {who} has {cubes[cube]}"
    return "nothing is owed"  # pragma: no cover - a payment decision always owes something


def card_words(b: Board, owner: int, card: int) -> str:
    name = CARDS[card].title
    return f"the {name}" if owner < 0 else f"{PLAYER_NAMES[owner]}'s {name}"


def why_illegal(b: Board, a) -> str:
    """One sentence saying why `a` is not legal now (only called for actions that are not)."""
    if b.terminal:
        return "the game is over"
    kind, p, _, extra = b.stack[-1]
    who = PLAYER_NAMES[p]
    asks, shapes = ASKS[kind]
    verb = a.verb
    if verb not in [s.partition(":")[0] for s in shapes]:
        return f"{who} must {asks} now ({', '.join(shapes)})"
    cubes, money = b.cubes[p], b.deniers[p]
    if kind == D_ACTION:
        if verb in ("draw", "replace", "place") and money < 1:
            return f"{who} has no denier to pay for it"
        if verb == "draw":
            return f"{who} has no card left in their pile or discard pile"
        if verb == "replace":
            return f"{who} has no card in hand to replace"
        if verb == "place":
            owner, card = _PLACE_KEY[a]
            if owner >= b.num_players:
                return f"there is no {PLAYER_NAMES[owner]} player in a {b.num_players}-player game"
            j = b.road_index(owner, card)
            where = card_words(b, owner, card)
            if j < 0:
                return f"{where} is not on the road"
            if b.road_worker[j] >= 0:
                return f"{PLAYER_NAMES[b.road_worker[j]]} already has a worker on {where}"
            if b.road_face[j] != BUILDING:
                return f"no worker may be placed on a residence or a prestige building ({where})"
            return f"{who} has no worker left"
        if verb == "build":
            # Only public things decide the answer (the hand is secret, and a refusal may be passed on): where
            # the card lies face up, else whether its cost is affordable, and only then that it is not in hand
            # (which the refusal itself already tells anyone who knows the cost is affordable).
            card = _BUILD_KEY[a]
            title = CARDS[card].title
            if CARDS[card].standard_only and not b.standard:
                return f"the {title} is not used in the beginner rules"
            if b.road_index(p, card) >= 0:
                return f"{who}'s {title} is already on the road"
            if card in b.discard[p]:
                return f"{who}'s {title} is in their discard pile"
            if not afford(cubes, COST[card], ANY[card]):
                return f"{who} cannot afford the {title}: {shortfall(cubes, COST[card], ANY[card])}"
            return f"{who} has no {title} in hand"
        if verb == "prestige":
            k = _PRESTIGE_KEY[a]
            if k not in b.prestige_left:
                if PRESTIGE[k].standard_only and not b.standard:
                    return f"the {PRESTIGE[k].title} is not used in the beginner rules"
                return f"the {PRESTIGE[k].title} is already built"
            if b.standard and not open_residences(b, p):
                return f"{who} has no uncovered Residence to build a prestige building on"
            return f"{who} cannot afford the {PRESTIGE[k].title}: {shortfall(cubes, PRESTIGE[k].cost)}"
    if kind == D_PROVOST:
        k = _PROVOST_KEY[a]
        if abs(k) > money:
            return f"moving the provost {abs(k)} cards costs {abs(k)} deniers; {who} has {money}"
        return f"the provost cannot leave the road (he is on card {b.provost + 1} of {len(b.road_card)})"
    if kind == D_CASTLE:
        if not any(b.castle):
            return "no castle token is left"
        return f"{who} cannot give a batch: {shortfall(cubes, BATCH_COST)}"
    if kind == D_BUY:
        return f"{who} has no denier to buy a cube"
    if kind == D_PAY:
        return _why_not_pay(who, cubes, extra, _PAY_CUBE[a])
    if kind in (D_SELL, D_SWAP):
        return f"{who} has no such cube"
    if kind == D_BANK:
        if not extra and a.arg == 2:
            return "the Bank's owner may buy 1 gold only"
        return f"{who} has {money} deniers, not enough for that at the Bank"
    if kind == D_CHURCH:
        if not extra and a.arg == 2:
            return "the Church's owner may buy 1 castle token only"
        if sum(b.castle) < a.arg:
            return f"only {sum(b.castle)} castle tokens are left"
        return f"{who} has {money} deniers, not enough for that at the Church"
    if kind == D_LAWYER:
        if not afford(cubes, RESIDENCE_COST):
            return f"{who} cannot pay the 1 food of a Residence"
        card = _RESIDENCE_KEY[a]
        j = b.road_index(p, card)
        if j < 0:
            return f"{who} has no {CARDS[card].title} on the road"
        if b.road_face[j] == BECOMING_RESIDENCE:
            return f"{card_words(b, p, card)} already turns into a Residence once its worker has worked"
        return f"{card_words(b, p, card)} is already a Residence"
    if kind == D_COVER:
        return f"{card_words(b, p, _COVER_KEY[a])} is not an uncovered Residence of {who}"
    return "not possible now"

