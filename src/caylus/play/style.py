"""Player colours and letters, and the consoles the terminal game prints on.

Every player is shown by a coloured letter (B for Blue, K for Black...): in colour the letter is tinted in the
player's colour, in plain mode (`--no-color`, or output that is not a terminal) the letter alone still tells
the players apart.
"""

from __future__ import annotations

import sys

from rich.console import Console
from rich.text import Text

# Caylus's player colours; Black is K (as in CMYK) because B is Blue's.
_COLOURS = {
    "Blue": ("B", "bold bright_blue"),
    "Red": ("R", "bold red"),
    "Green": ("G", "bold green"),
    "Orange": ("O", "bold dark_orange"),
    "Yellow": ("Y", "bold yellow"),
    "Black": ("K", "bold black on grey70"),
}


def letter(name: str) -> str:
    """The one letter that stands for player `name` on the boards."""
    return _COLOURS.get(name, (name[:1].upper(), ""))[0]


def colour(name: str) -> str:
    """The rich style of player `name`."""
    return _COLOURS.get(name, ("", "bold"))[1]


def mark(name: str | None, empty: str = "·") -> Text:
    """A player's letter in their colour; `empty` (dim) when there is nobody."""
    if name is None:
        return Text(empty, style="dim")
    return Text(letter(name), style=colour(name))


def tag(name: str) -> Text:
    """A player's name with its letter, in their colour: "Blue (B)"."""
    return Text(f"{name} ({letter(name)})", style=colour(name))


def marks(names, empty: str = "·") -> Text:
    """Several players' letters side by side (workers on one place, the stables...)."""
    names = list(names)
    if not names:
        return Text(empty, style="dim")
    return Text.assemble(*(mark(n) for n in names))


def console(color: bool, file=None, width: int | None = None) -> Console:
    """The console the game prints on; no colour at all when `color` is false or the output is no terminal."""
    out = file if file is not None else sys.stdout
    colored = color and out.isatty()
    return Console(file=out, width=width, no_color=not colored, color_system="auto" if colored else None,
                   highlight=False, emoji=False, soft_wrap=False)
