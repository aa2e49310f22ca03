"""The legal moves of a decision, numbered and in plain words, in as many columns as the terminal has room for."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from caylus import describe_action


def entries(view: dict) -> list[Text]:
    """One line a legal move: its number, what it does, and its token (dim) for those who type tokens."""
    legal = view["legal_actions"]
    width = len(str(len(legal)))
    return [Text.assemble(Text(f"{i:>{width}}. ", style="bold"), describe_action(view, token),
                          Text(f"  [{token}]", style="dim"))
            for i, token in enumerate(legal, 1)]


def choices(view: dict, width: int) -> Table:
    """The numbered moves in columns (read down, then across) that fit in `width` characters."""
    lines = entries(view)
    longest = max((line.cell_len for line in lines), default=0) + 3
    columns = max(1, min(3, width // max(longest, 1)))
    if len(lines) < 8:
        columns = 1
    rows = -(-len(lines) // columns)
    grid = Table.grid(padding=(0, 3))
    for _ in range(columns):
        grid.add_column(no_wrap=columns > 1)
    for r in range(rows):
        grid.add_row(*(lines[c * rows + r] if c * rows + r < len(lines) else "" for c in range(columns)))
    return grid
