"""The board as plain data (JSON-ready), and a short text picture of it.

Everything in Caylus 1303 is public (the face-down prestige tokens are only a table habit), so every player
sees the omniscient view.
"""

from __future__ import annotations

from .catalog import (
    CHARACTERS, FACE_NAMES, IN_BOX, IN_DRAFT, KIND_NAMES, ON_BOARD, PLAYER_NAMES, PRINTED_SLOTS, PROVOST_MAX,
    RESOURCES, ROAD_SPACES, SLOTS, TILES,
)
from .rules import DECISION_NAMES, PHASE_NAMES, describe_decision
from .scoring import end_bonus_parts, scores


def _slot(b, s: int) -> dict:
    t = b.tile[s]
    # The Journeyman's worker is the second one; during Activation the first may already have left.
    workers = [PLAYER_NAMES[p] if p >= 0 else None for p in (b.worker_on[s], b.journeyman_on[s])]
    while workers and workers[-1] is None:
        workers.pop()
    if t < 0:
        return {"building": None, "workers": workers}
    return {
        "building": TILES[t].key,
        "kind": KIND_NAMES[TILES[t].kind],
        "side": FACE_NAMES[b.face[s]],
        "owner": PLAYER_NAMES[b.owner[s]] if b.owner[s] >= 0 else None,
        "workers": workers,
    }


def _where(holder: int) -> str:
    if holder >= 0:
        return PLAYER_NAMES[holder]
    return {IN_BOX: "box", ON_BOARD: "board", IN_DRAFT: "draft"}[holder]


def view(b, player=None) -> dict:
    n = b.n
    return {
        "round": b.round,
        "phase": PHASE_NAMES[b.phase],
        "first_player": PLAYER_NAMES[b.first],
        "provost": b.provost,
        "provost_max": PROVOST_MAX,
        "guilds_bridge": [PLAYER_NAMES[p] for p in b.passed],
        "printed": [_slot(b, s) for s in range(PRINTED_SLOTS)],
        "road": [_slot(b, s) for s in range(PRINTED_SLOTS, SLOTS)],
        "construction_site": {
            "buildings": [TILES[t].key for t in b.site],
            "workers": [PLAYER_NAMES[p] for p in b.site_workers],
        },
        "supply": [TILES[t].key for t in range(len(TILES)) if b.supply[t]],
        "characters": {c: _where(b.chars[i]) for i, c in enumerate(CHARACTERS)},
        "seats": [
            {
                "name": PLAYER_NAMES[p],
                "workers": b.workers[p],
                "camp": b.camp[p],
                "houses": b.houses[p],
                "resources": {r: b.res[5 * p + i] for i, r in enumerate(RESOURCES)},
                "prestige": b.pp[p],
                "bundles_this_round": b.bundles[p],
                # Where the end bonus came from, once the game is over (None before).
                "end_bonus_parts": end_bonus_parts(b, p) if b.terminal else None,
            }
            for p in range(n)
        ],
        "scores": scores(b),
        "journeyman_used": b.journeyman_used,
        "goldsmith_used": b.goldsmith_used,
        "deciding": describe_decision(b) if b.stack else None,
        # The machinery: where the round stands and the pending decisions (needed to rebuild the exact state).
        "flow": {
            "step": b.step,
            "k": b.k,
            "begun": b.begun,
            "turn": b.turn,
            "stack": [{"decision": DECISION_NAMES[f[0]], "player": PLAYER_NAMES[f[1]], "a": f[2], "b": f[3]}
                      for f in b.stack],
            "rng": b.rng.state,
            "terminal": b.terminal,
        },
    }


def describe(b) -> str:
    lines = [f"Caylus 1303 - round {b.round}, {PHASE_NAMES[b.phase]}; first player {PLAYER_NAMES[b.first]}"]
    road = []
    for s in range(SLOTS):
        if s == PRINTED_SLOTS:
            road.append("=BRIDGE=")
        if s - PRINTED_SLOTS == b.provost:     # he stands just before Road space `provost`
            road.append("|PROVOST|")
        t = b.tile[s]
        if t < 0:
            road.append("_")
            continue
        text = TILES[t].key
        if b.face[s] != 0 or TILES[t].kind > 1:
            text += f"({FACE_NAMES[b.face[s]][0]})"
        if b.owner[s] >= 0:
            text += "^" + PLAYER_NAMES[b.owner[s]][0]
        for p in (b.worker_on[s], b.journeyman_on[s]):
            if p >= 0:
                text += "*" + PLAYER_NAMES[p][0]
        road.append(text)
    if b.provost == ROAD_SPACES:            # at the end of the Road
        road.append("|PROVOST|")
    elif b.provost > ROAD_SPACES:           # on one of the spaces past it
        road.append(f"|PROVOST+{b.provost - ROAD_SPACES}|")
    lines.append(" ".join(road))
    lines.append("construction site: " + ", ".join(TILES[t].key for t in b.site)
                 + "; workers: " + ", ".join(PLAYER_NAMES[p] for p in b.site_workers))
    for p in range(b.n):
        r = " ".join(f"{b.res[5 * p + i]}{RESOURCES[i][0]}" for i in range(5))
        chars = ", ".join(c for i, c in enumerate(CHARACTERS) if b.chars[i] == p)
        lines.append(f"{PLAYER_NAMES[p]:6} workers {b.workers[p]:2} camp {b.camp[p]:2} houses {b.houses[p]} "
                     f"{r} pp {b.pp[p]:3}  {chars}")
    if b.stack:
        lines.append("now: " + describe_decision(b))
    return "\n".join(lines)
