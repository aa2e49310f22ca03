"""What undo may not go back across in Magna Carta: a card that became known to someone, or a shuffle.

Taking such an event back would let a player look and choose again: draw a card, see it, undo, play otherwise;
or play, watch a bot build a card from its hidden hand, undo and plan against that card. Board-game sites refuse
undo across hidden information revealed to anyone (bots included) or across a random draw; so does the engine.
"""

from __future__ import annotations

from .catalog import PLAYER_NAMES


def undo_barrier(event: dict) -> str | None:
    """Why undo may not go back across `event` (docs/events.md), in words; None if it may."""
    kind = event["kind"]
    who = PLAYER_NAMES[event["player"]] if isinstance(event.get("player"), int) else "a player"
    if kind == "draw":
        n = event.get("count", 1)
        return f"{who} drew {'a card' if n == 1 else f'{n} cards'} (a card revealed to {who})"
    if kind == "reshuffle":
        return f"{who}'s discard pile was shuffled into a new pile (a random draw)"
    if kind == "build":  # the card came out of a hand nobody else could see
        return f"{who} built a card from their hidden hand ({event.get('card', 'a card')})"
    return None
