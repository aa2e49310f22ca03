"""One board per edition: `render(view)` draws `game.view(player)` as a rich renderable."""

from __future__ import annotations

from . import c1303, classic, magna_carta

# Which module draws which edition (by edition id).
BOARDS = {"caylus": classic, "caylus-1303": c1303, "magna-carta": magna_carta}


def render(view: dict):
    """The board of the edition the view belongs to."""
    return BOARDS[view["edition"]].board(view)
