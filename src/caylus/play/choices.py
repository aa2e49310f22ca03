"""The legal moves of a decision, numbered and in plain words, in as many columns as the terminal has room for."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from caylus import describe_action


def entries(view: dict) -> list[tuple[Text, Text]]:
    """Each legal move: its number, and what it does with its token (dim) for those who type tokens."""
    return [(Text(f"{i}.", style="bold"), Text.assemble(describe_action(view, token), Text(f"  [{token}]", "dim")))
            for i, token in enumerate(view["legal_actions"], 1)]


def choices(view: dict, width: int) -> Table:
    """The numbered moves in columns (read down, then across) that fit in `width` characters; a long one wraps
    under its own text, so the numbers stand out."""
    rows = entries(view)
    longest = max((text.cell_len for _, text in rows), default=0) + 8
    columns = max(1, min(3, width // longest)) if len(rows) >= 8 else 1
    per_column = -(-len(rows) // columns)
    grid = Table.grid(padding=(0, 1))
    for c in range(columns):
        grid.add_column(justify="right", no_wrap=True)
        grid.add_column(no_wrap=columns > 1, ratio=1 if columns == 1 else None)
    for r in range(per_column):
        cells = []
        for c in range(columns):
            k = c * per_column + r
            cells.extend(rows[k] if k < len(rows) else ("", ""))
        grid.add_row(*cells)
    return grid
