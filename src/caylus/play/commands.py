"""What a player can type at the prompt: a move (its number or its token) or one of the commands."""

from __future__ import annotations

from dataclasses import dataclass

from caylus.session import HINT_LEVELS

# The commands, as `help` lists them.
HELP = (
    ("NUMBER or TOKEN", "play that move (Tab completes tokens)"),
    ("help", "this list"),
    ("help BUILDING", "what a building (or card) does, its cost and who owns it"),
    ("board", "show the board again"),
    ("hint", "what the normal bot would play here, and why"),
    ("hint hard", "what the hard bot would play here, and why (it thinks longer)"),
    ("undo", "take back your last decision (against bots: to your own previous decision; not a card you drew)"),
    ("log", "what happened lately"),
    ("save FILE", "save the game record (go on later with caylus play --load FILE)"),
    ("quit", "leave the game (asks whether to save)"),
)
WORDS = ("help", "board", "hint", "undo", "log", "save", "quit")


@dataclass(frozen=True)
class Typed:
    """What the player typed: `command` is a command word or "move"; `arg` its argument ('' if none)."""

    command: str
    arg: str = ""


def read(line: str, legal: list[str]) -> Typed:
    """Understand one line typed at a decision whose legal tokens are `legal`.

    A number picks a move from the numbered list; a command word is a command; anything else is taken as a
    token, for the engine to accept or refuse with its reason.
    """
    text = " ".join(line.split())
    word, _, arg = text.partition(" ")
    low = word.lower()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            return Typed("error", f"there is no move {n}: choose a number from 1 to {len(legal)}")
        return Typed("move", legal[n - 1])
    if low in ("?", "h"):
        low = "help"
    if low in ("exit", "q"):
        low = "quit"
    if low in WORDS:
        if low == "save" and not arg:
            return Typed("error", "save needs a file name: save FILE")
        if low == "hint" and arg and arg.lower() not in HINT_LEVELS:
            return Typed("error", f"hint takes nothing or a level after it: {' or '.join(HINT_LEVELS)}")
        if low not in ("help", "save", "hint") and arg:
            return Typed("error", f"{low} takes nothing after it")
        if low == "hint":
            arg = arg.lower()
        return Typed(low, arg)
    if not text:
        return Typed("error", "type the number of a move, its token, or help")
    return Typed("move", text.lower() if text.lower() in legal else text)
