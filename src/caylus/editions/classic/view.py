"""Caylus (2005): what players see. Nothing in Caylus is hidden, so every seat's view is the whole table."""

from __future__ import annotations

from .catalog import (
    CUBES, FAVOR_LINES, GATE, JOUST_FIELD, MERCHANTS_GUILD, ROAD_LENGTH, SECTION_PARTS, SECTIONS, TILES,
    TRADING_POST,
)
from .rules import DECISION_NAMES, NAMES, PHASE_NAMES, Board
from .scoring import end_bonus_parts

def _decision_data(d) -> dict:
    kind, seat, a, c = d
    return {"kind": DECISION_NAMES[kind], "player": seat, "args": [a if not isinstance(a, bool) else int(a),
                                                                    c if not isinstance(c, bool) else int(c)]}


def view(b: Board, player=None) -> dict:
    """Everything on the table (Caylus has no hidden information), as plain data."""
    n = b.n
    players = []
    for seat in range(n):
        players.append({
            "name": NAMES[seat],
            "deniers": b.deniers[seat],
            "cubes": {CUBES[i]: b.cubes[seat * 5 + i] for i in range(5)},
            "prestige": b.prestige[seat],
            "workers": b.workers[seat],
            "houses": b.houses[seat],
            "favors": {FAVOR_LINES[line]: b.favor[seat * 4 + line] for line in range(4)},
            "favor_lines_used": [FAVOR_LINES[line] for line in range(4) if b.lines_used[seat] & (1 << line)],
            "castle_parts": {SECTIONS[s]: b.castle_houses[s * n + seat] for s in range(3)},
            "batches_this_turn": b.batches[seat],
            "end_bonus": b.bonus[seat],
            # Where the end bonus came from, once the game is over (None before).
            "end_bonus_parts": end_bonus_parts(b, seat) if b.terminal else None,
        })
    road = []
    for pos in range(1, ROAD_LENGTH + 1):
        t = b.road[pos]
        road.append({
            "space": pos,
            "tile": TILES[t].id if t >= 0 else None,
            "owner": b.owner[pos] if b.owner[pos] >= 0 else None,
            "worker": b.worker[pos] if b.worker[pos] >= 0 else None,
        })
    return {
        "turn": b.turn,
        "phase": PHASE_NAMES[b.phase],
        "turn_order": b.order[:],
        "passing_order": b.passed[:],
        "provost": b.provost,
        "bailiff": b.bailiff,
        "seats": players,  # not "players": Game.view sets that key to the number of players
        "road": road,
        "special_buildings": {
            "gate": _or_none(b.special[GATE]),
            "trading_post": _or_none(b.special[TRADING_POST]),
            "merchants_guild": _or_none(b.special[MERCHANTS_GUILD]),
            "joust_field": _or_none(b.special[JOUST_FIELD]),
            "stables": b.stables[:],
            "inn": {"left": _or_none(b.inn_left), "right": _or_none(b.inn_right)},
        },
        "castle": {
            "workers": b.castle[:],
            "filled": {SECTIONS[s]: b.filled[s] for s in range(3)},
            "sections_counted": b.counted,
        },
        "stock": [TILES[t].id for t in range(len(TILES)) if b.in_stock[t]],
        "pending_transformations": [{"space": p, "player": who} for p, who in b.pending],
        "decisions": [_decision_data(d) for d in b.stack],
        "engine": {"step": b.step, "sub": b.sub, "placer": b.placer},
        "terminal": b.terminal,
    }


def _or_none(seat: int):
    return seat if seat >= 0 else None


def describe(b: Board) -> str:
    """A compact text picture of the board, for terminals and logs."""
    lines = [f"Turn {b.turn}, {PHASE_NAMES[b.phase]} phase; provost {b.provost}, bailiff {b.bailiff}"]
    lines.append("Turn order: " + ", ".join(NAMES[s] for s in b.order))
    for seat in range(b.n):
        cubes_text = " ".join(f"{b.cubes[seat * 5 + i]}{CUBES[i][0]}" for i in range(5))
        fav = "".join(str(b.favor[seat * 4 + line]) for line in range(4))
        lines.append(f"  {NAMES[seat]:<6} {b.prestige[seat]:>3} PP {b.deniers[seat]:>3} d  {cubes_text}  "
                     f"workers {b.workers[seat]} houses {b.houses[seat]} favors {fav}")
    road = []
    for pos in range(1, ROAD_LENGTH + 1):
        t = b.road[pos]
        if t < 0:
            continue
        mark = f"{pos}:{TILES[t].id}"
        if b.owner[pos] >= 0:
            mark += f"({NAMES[b.owner[pos]][0]})"
        if b.worker[pos] >= 0:
            mark += f"[{NAMES[b.worker[pos]][0]}]"
        road.append(mark)
    lines.append("Road: " + " ".join(road))
    lines.append("Castle: " + ", ".join(f"{SECTIONS[s]} {b.filled[s]}/{SECTION_PARTS[s]}" for s in range(3)))
    if b.stack:
        kind, seat, _, _ = b.stack[-1]
        lines.append(f"{NAMES[seat]} to {DECISION_NAMES[kind]}")
    return "\n".join(lines)
