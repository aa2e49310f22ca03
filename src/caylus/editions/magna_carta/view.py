"""What each player may see, and determinizations: full boards consistent with what one player sees.

Private: each hand (seen by its owner only) and every deck order (seen by nobody). Public: everything else,
including every discard pile and the number of cards in each hand and deck. The omniscient view (`viewer=None`)
adds the hands, the decks (bottom to top: the last card is drawn next) and the random generator's state, so it
captures the whole board.
"""

from __future__ import annotations


from caylus.core.errors import BadOption
from caylus.core.rng import Rng

from .catalog import (
    CARD_BY_NAME, CARDS, CUBE_NAMES, NEUTRAL_BY_NAME, PLAYER_NAMES, PRESTIGE, PRESTIGE_BY_NAME, SECTIONS,
)
from .rules import (
    ASKS, BECOMING_RESIDENCE, BUILDING, DECISION_NAMES, PHASE_NAMES, RESIDENCE, Board,
)
from .scoring import scores
from .setup import deck_cards

_FACE_NAMES = {BUILDING: "building", RESIDENCE: "residence", BECOMING_RESIDENCE: "becoming_residence"}
_FACE_BY_NAME = {name: face for face, name in _FACE_NAMES.items()}
_DECISION_BY_NAME = {name: k for k, name in enumerate(DECISION_NAMES)}
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
            "tokens": dict(zip(SECTIONS, b.tokens[p])),
            "prestige_in_front": [PRESTIGE[k].name for k in b.front[p]],
            "batches": b.batches[p],
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


def board_from_view(v: dict) -> Board:
    """A board with every public part of view `v`; the hands and decks it does not show are left empty."""
    b = object.__new__(Board)
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
    return b


def determinize(v: dict, rng: Rng) -> Board:
    """A full board consistent with view `v`: every card its viewer cannot see is dealt again at random.

    The unseen cards of a player are their deck (its order is unknown even to them) and, for the other players,
    their hand too: the cards of their colour that are neither on the road nor in their discard pile. They are
    shuffled and dealt into hand and deck keeping the public sizes, every deal equally likely.

    Nothing else constrains the deal: an action decision is asked even when the player could only pass
    (`rules.must_ask`), so being asked reveals nothing about a hand.
    """
    b = board_from_view(v)
    viewer = v["viewer"]
    if viewer is None:
        return b  # nothing is hidden from the omniscient view, not even the random generator
    b.rng = Rng(rng.next64())  # the real generator's state is secret: it would foretell every reshuffle
    for q, seat in enumerate(v["seats"]):
        seen = set(b.discard[q])
        seen.update(c for c, o in zip(b.road_card, b.road_owner) if o == q)
        if q == viewer:
            seen.update(b.hand[q])
        cards = [c for c in deck_cards(b.standard) if c not in seen]
        hidden_hand = 0 if q == viewer else seat["hand_size"]
        if len(cards) != hidden_hand + seat["deck_size"]:
            raise BadOption(f"determinize: the view is inconsistent ({PLAYER_NAMES[q]} has {len(cards)} unseen cards "
                            f"for {hidden_hand} in hand and {seat['deck_size']} in the deck)")
        rng.shuffle(cards)
        b.hand[q] = sorted(cards[:hidden_hand]) if q != viewer else b.hand[q]
        b.deck[q] = cards[hidden_hand:]
    return b

