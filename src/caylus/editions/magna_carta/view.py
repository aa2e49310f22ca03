"""What each player may see, and determinizations: full boards consistent with what one player sees.

Private: each hand (seen by its owner only) and every deck order (seen by nobody). Public: everything else,
including every discard pile, the number of cards in each hand and deck, and the cards each pile was last
shuffled from (`pile_from`: everyone saw that discard pile; beliefs.py says what it tells). The omniscient view (`viewer=None`)
adds the hands, the decks (bottom to top: the last card is drawn next) and the random generator's state, so it
captures the whole board.
"""

from __future__ import annotations


from caylus.core.errors import BadOption, shown
from caylus.core.rng import Rng

from .catalog import (
    CARD_BY_NAME, CARDS, CUBE_NAMES, NEUTRAL_BY_NAME, PLAYER_NAMES, PRESTIGE, PRESTIGE_BY_NAME, SECTION_TOKENS,
    SECTIONS,
)
from .rules import (
    ACTIONS_PHASE, ASKS, BECOMING_RESIDENCE, BUILDING, D_BANK, D_BUY, D_CHURCH, D_COVER, D_LAWYER, D_PAY, D_SELL,
    D_SWAP, DECISION_NAMES, EFFECTS_PHASE, GAME_OVER, PHASE_NAMES, REDRAW_PHASE, RESIDENCE, Board, afford, reindex,
)
from .scoring import scores, supply_parts
from .setup import deck_cards

_FACE_NAMES = {BUILDING: "building", RESIDENCE: "residence", BECOMING_RESIDENCE: "becoming_residence"}
_FACE_BY_NAME = {name: face for face, name in _FACE_NAMES.items()}
_DECISION_BY_NAME = {name: k for k, name in enumerate(DECISION_NAMES)}
_ROAD_DECISIONS = {D_BUY, D_SELL, D_SWAP, D_BANK, D_CHURCH, D_LAWYER}  # asked by the card at a road index
_PHASE_BY_NAME = {name: k for k, name in enumerate(PHASE_NAMES)}


def _names(cards) -> list[str]:
    return [CARDS[c].name for c in cards]


def view(b: Board, viewer: int | None) -> dict:
    """The plain-data picture of the board as `viewer` sees it (None: everything)."""
    seats = []
    for p in range(b.num_players):
        c = b.cubes[p]
        seat = {
            "name": PLAYER_NAMES[p],
            "deniers": b.deniers[p],
            "food": c[0], "wood": c[1], "stone": c[2], "gold": c[3],
            "workers": b.workers[p],
            "hand": _names(b.hand[p]) if viewer is None or viewer == p else None,
            "hand_size": len(b.hand[p]),
            "deck_size": len(b.deck[p]),
            "discard": _names(b.discard[p]),
            "pile_from": None if b.pile_from[p] is None else _names(b.pile_from[p]),
            "tokens": dict(zip(SECTIONS, b.tokens[p])),
            "prestige_in_front": [PRESTIGE[k].name for k in b.front[p]],
            "batches": b.batches[p],
            # Where the end-of-game points came from, once the game is over (None before).
            "end_bonus_parts": supply_parts(b, p) if b.terminal else None,
        }
        if viewer is None:
            seat["deck"] = _names(b.deck[p])
        seats.append(seat)
    road = []
    for i, card in enumerate(b.road_card):
        owner, face = b.road_owner[i], b.road_face[i]
        road.append({
            "card": CARDS[card].name,
            "owner": owner if owner >= 0 else None,
            "worker": b.road_worker[i] if b.road_worker[i] >= 0 else None,
            "face": _FACE_NAMES[face] if face < 0 else PRESTIGE[face].name,
            "pool": b.road_pool[i],
        })
    out = {
        "rules": "standard" if b.standard else "beginner",
        "turn": b.turn,
        "phase": PHASE_NAMES[b.phase],
        "first_player": b.first_player,
        "road": road,
        "provost": b.provost if b.provost >= 0 else None,
        "castle": dict(zip(SECTIONS, b.castle)),
        "removed_tokens": dict(zip(SECTIONS, b.removed)),
        "prestige_available": [PRESTIGE[k].name for k in b.prestige_left],
        "bridge": list(b.bridge),
        "actor": b.actor,
        "cursor": b.cursor,
        "step": b.step,
        "stack": [[DECISION_NAMES[k], p, i, x] for k, p, i, x in b.stack],
        "asks": (f"{PLAYER_NAMES[b.stack[-1][1]]} must {ASKS[b.stack[-1][0]][0]}" if b.stack else None),
        "seats": seats,
        "scores": scores(b),
        "terminal": b.terminal,
    }
    if viewer is None:
        out["rng"] = b.rng.state
    return out


def private(b: Board, seat: int) -> tuple:
    """What only `seat` sees now: its hand (card ids, sorted)."""
    return tuple(b.hand[seat])


def public(b: Board) -> tuple:
    """The cards out of hiding that every seat sees now: each seat's discard pile (card ids, sorted). The view
    shows the pile in order too, but once it is shuffled into a new pile only as a set (`pile_from`): which cards
    each replace or redraw showed, and when, is part of what every seat remembers (research information states)."""
    return tuple(tuple(sorted(pile)) for pile in b.discard)


def event_for(event: dict, viewer) -> dict:
    """What `viewer` (a seat, or SPECTATOR) may know of an engine event (docs/events.md): the cards another player
    drew are left out (their number stays). Every other event is public: cards played, discarded or built are
    face up, and a reshuffle tells only how many cards went into the new pile."""
    if event["kind"] == "draw" and event["player"] != viewer:
        return {**event, "cards": None}
    return event


def board_from_view(v: dict) -> Board:
    """A board with every public part of view `v`; the hands and decks it does not show are left empty."""
    b = Board.__new__(Board)  # (not object.__new__: the compiled build's Board is a native class)
    b.num_players = len(v["seats"])
    b.standard = v["rules"] == "standard"
    b.rng = Rng(v.get("rng", 0))
    b.phase = _PHASE_BY_NAME[v["phase"]]
    b.turn = v["turn"]
    b.first_player = v["first_player"]
    b.terminal = v["terminal"]
    road = v["road"]
    b.road_card = [NEUTRAL_BY_NAME[r["card"]] if r["owner"] is None else CARD_BY_NAME[r["card"]] for r in road]
    b.road_owner = [-1 if r["owner"] is None else r["owner"] for r in road]
    b.road_worker = [-1 if r["worker"] is None else r["worker"] for r in road]
    b.road_pool = [r["pool"] for r in road]
    b.road_face = [_FACE_BY_NAME[r["face"]] if r["face"] in _FACE_BY_NAME else PRESTIGE_BY_NAME[r["face"]]
                   for r in road]
    b.provost = -1 if v["provost"] is None else v["provost"]
    seats = v["seats"]
    b.deniers = [s["deniers"] for s in seats]
    b.cubes = [[s[name] for name in CUBE_NAMES] for s in seats]
    b.workers = [s["workers"] for s in seats]
    b.hand = [sorted(CARD_BY_NAME[c] for c in s["hand"]) if s["hand"] is not None else [] for s in seats]
    b.deck = [[CARD_BY_NAME[c] for c in s["deck"]] if s.get("deck") is not None else [] for s in seats]
    b.discard = [[CARD_BY_NAME[c] for c in s["discard"]] for s in seats]
    b.pile_from = [None if s["pile_from"] is None else sorted(CARD_BY_NAME[c] for c in s["pile_from"]) for s in seats]
    b.tokens = [[s["tokens"][name] for name in SECTIONS] for s in seats]
    b.front = [[PRESTIGE_BY_NAME[k] for k in s["prestige_in_front"]] for s in seats]
    b.castle = [v["castle"][name] for name in SECTIONS]
    b.removed = [v["removed_tokens"][name] for name in SECTIONS]
    b.prestige_left = [PRESTIGE_BY_NAME[k] for k in v["prestige_available"]]
    b.bridge = list(v["bridge"])
    b.actor = v["actor"]
    b.cursor = v["cursor"]
    b.step = v["step"]
    b.batches = [s["batches"] for s in seats]
    b.stack = [(_DECISION_BY_NAME[k], p, i, x) for k, p, i, x in v["stack"]]
    b.current_player = b.stack[-1][1] if b.stack else v.get("current_player", 0)
    b.events = None
    return b


_VIEW_KEYS = ("rules", "turn", "phase", "first_player", "road", "provost", "castle", "removed_tokens",
              "prestige_available", "bridge", "actor", "cursor", "step", "stack", "seats", "terminal")
_ROAD_KEYS = ("card", "owner", "worker", "face", "pool")
_SEAT_KEYS = ("deniers", *CUBE_NAMES, "workers", "hand", "hand_size", "deck_size", "discard", "pile_from",
              "tokens", "prestige_in_front", "batches")


def _checked_board(v: dict) -> Board:
    """`board_from_view(v)`, or `BadOption` saying what is wrong if `v` is not shaped like a view of this edition.

    Every key must be there, every name known, every number an int and every seat, road index and count in range;
    whether the values fit together is checked by comparing the determinized game's view with `v` (the core does).
    """
    road, seats = v.get("road"), v.get("seats")
    missing = [k for k in _VIEW_KEYS if k not in v]
    if not missing and not (isinstance(road, list) and isinstance(seats, list)):
        raise BadOption("determinize: the view's road and seats must be lists")
    if not missing:
        missing = [f"road[{i}].{k}" for i, r in enumerate(road) for k in _ROAD_KEYS if not isinstance(r, dict)
                   or k not in r]
        missing += [f"seats[{q}].{k}" for q, s in enumerate(seats) for k in _SEAT_KEYS if not isinstance(s, dict)
                    or k not in s]
    if missing:
        raise BadOption(f"determinize: the view has no {missing[0]!r}")
    if len(seats) != v["players"] or v["rules"] != v["options"].get("rules"):
        raise BadOption("determinize: the view's seats or rules do not match its players and options")
    try:
        b = board_from_view(v)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise BadOption(f"determinize: the view has a value no game has ({type(exc).__name__} {shown(exc)})") \
            from None

    def is_int(x) -> bool:
        return type(x) is int

    n, end = b.num_players, len(b.road_card)
    nobody_or_seat = range(-1, n)
    sizes = [s[k] for s in v["seats"] for k in ("hand_size", "deck_size")]
    per_seat = (b.deniers, b.workers, b.batches, sizes, *zip(*b.cubes), *zip(*b.tokens))
    phase, bridge = b.phase, b.bridge
    deck = set(deck_cards(b.standard))
    over, stack = phase == GAME_OVER, b.stack
    checks = (  # in this order, each check relying on the ones before it
        ("a count", lambda: all(is_int(x) and x >= 0 for xs in (*per_seat, b.castle, b.removed, b.road_pool)
                                for x in xs)
         and is_int(b.turn) and b.turn >= 0 and is_int(b.cursor) and b.cursor >= 0),
        ("a seat", lambda: all(is_int(x) and x in nobody_or_seat for x in (*b.road_owner, *b.road_worker, b.actor))
         and all(r["owner"] != -1 and r["worker"] != -1 for r in v["road"])  # the view says None for nobody
         and all(is_int(x) and 0 <= x < n for x in (*bridge, b.first_player, *(e[1] for e in stack)))
         and is_int(b.current_player)),
        ("a road index", lambda: is_int(b.provost) and -1 <= b.provost < end
         and all(is_int(e[2]) and (0 <= e[2] < end if e[0] in _ROAD_DECISIONS else e[2] == -1) for e in stack)),
        ("a pending decision", lambda: all(is_int(e[3]) and e[3] >= 0 for e in stack)
         and is_int(b.step) and 0 <= b.step <= 2
         and b.terminal is over and bool(stack) is not over),  # a game not over has a decision pending
        # Phase 2 fills the bridge in passing order; the later phases go along the full bridge.
        ("a turn order", lambda: len(set(bridge)) == len(bridge)
         and b.cursor <= (end if phase == EFFECTS_PHASE else n)
         and (len(bridge) < n and b.actor not in bridge if phase == ACTIONS_PHASE
              else not bridge if phase == REDRAW_PHASE else len(bridge) == n)),
        # No section holds more tokens than the box has (else the castle would never be finished).
        ("a number of castle tokens", lambda: all(max(t[s] for t in (b.castle, b.removed, *b.tokens)) <= total
                                                  for s, total in enumerate(SECTION_TOKENS))),
        # A payment owes what its payer can pay; a prestige building to place is one of the game's.
        ("a pending decision", lambda: all(_payable(b.cubes[p], x) for kind, p, _, x in stack if kind == D_PAY)
         and all(x < len(PRESTIGE) for kind, _, _, x in stack if kind == D_COVER)),
        # A pile is shuffled from distinct cards of the deck's.
        ("a pile", lambda: all(cards is None or (len(set(cards)) == len(cards) and set(cards) <= deck)
                               for cards in b.pile_from)),
        ("a random generator state", lambda: is_int(b.rng.state)),
    )
    for what, ok in checks:
        if not ok():
            raise BadOption(f"determinize: the view has {what} out of range or of the wrong type")
    reindex(b)
    return b


def _payable(cubes, owes: int) -> bool:
    """Can these cubes pay `owes` (a `rules.owed` int: 3 bits each of food, wood, stone, then cubes of any kind)?"""
    return 0 < owes < 1 << 12 and afford(cubes, (owes & 7, owes >> 3 & 7, owes >> 6 & 7, 0), owes >> 9)
