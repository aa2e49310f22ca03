"""A text picture of the board (omniscient), for debugging and the terminal."""

from __future__ import annotations

from .catalog import BECOMING_RESIDENCE, BUILDING, CARDS, COLOURS, PLAYER_NAMES, PRESTIGE, RESIDENCE, SECTIONS
from .rules import ASKS, PHASE_NAMES, Board
from .scoring import scores


def describe(b: Board) -> str:
    lines = [f"Caylus Magna Carta ({'standard' if b.standard else 'beginner'} rules), turn {b.turn}, "
             f"{PHASE_NAMES[b.phase]} phase; first player {PLAYER_NAMES[b.first_player]}"]
    road = []
    for i, card in enumerate(b.road_card):
        owner, face, worker = b.road_owner[i], b.road_face[i], b.road_worker[i]
        text = CARDS[card].name if owner < 0 else f"{COLOURS[owner]}_{CARDS[card].name}"
        if face == RESIDENCE:
            text += "(residence)"
        elif face == BECOMING_RESIDENCE:
            text += "(becoming a residence)"
        elif face != BUILDING:
            text += f"({PRESTIGE[face].name})"
        if b.road_pool[i]:
            text += f"[{b.road_pool[i]}]"
        if worker >= 0:
            text += f"<{COLOURS[worker]}>"
        if i == b.provost:
            text = "P:" + text
        road.append(text)
    lines.append("road: " + " | ".join(road))
    lines.append("castle: " + ", ".join(f"{s} {n}" for s, n in zip(SECTIONS, b.castle))
                 + f"; bridge: {', '.join(PLAYER_NAMES[p] for p in b.bridge) or '-'}")
    score = scores(b)
    for p in range(b.num_players):
        c = b.cubes[p]
        lines.append(
            f"{PLAYER_NAMES[p]:7} {b.deniers[p]}d food {c[0]} wood {c[1]} stone {c[2]} gold {c[3]}, "
            f"{b.workers[p]} workers, tokens {b.tokens[p]}, {score[p]} pts; "
            f"hand {[CARDS[x].name for x in b.hand[p]]}, deck {len(b.deck[p])}, discard {len(b.discard[p])}"
        )
    if b.terminal:
        lines.append("game over")
    elif b.stack:
        kind, p, _, _ = b.stack[-1]
        lines.append(f"{PLAYER_NAMES[p]} must {ASKS[kind][0]}")
    return "\n".join(lines)
