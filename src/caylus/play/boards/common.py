"""Pieces every edition's board uses: the title line, tables, building names and the pending decision."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from caylus import describe_building, describe_decision, get_edition

from ..style import tag


def header(view: dict, where: str) -> Text:
    """The edition's title and where the game stands, e.g. "Caylus (2005) - turn 3, placement phase"."""
    title = get_edition(view["edition"]).title
    line = Text(title, style="bold")
    line.append(f" - {where}")
    if view.get("viewer") is not None:
        line.append("   (seen by ")
        line.append_text(tag(view["seats"][view["viewer"]]["name"]))
        line.append(")")
    return line


def table(*columns: str, title: str | None = None, wrap_last: bool = False) -> Table:
    """A compact table with a header row and one space between columns (the box's divider) (a board fits in 80 columns)."""
    t = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold", pad_edge=False,
              padding=(0, 0), show_edge=False)
    for i, c in enumerate(columns):
        t.add_column(c, no_wrap=not (wrap_last and i == len(columns) - 1))
    return t


_NAMES: dict[tuple[str, str], str] = {}  # (edition, building id) -> its name: names never change in a game


def building_name(view: dict, building: str) -> str:
    """A building's (or card's, character's) name as the words of its edition give it."""
    key = (view["edition"], building)
    if key not in _NAMES:
        _NAMES[key] = describe_building(view, building)["name"]
    return _NAMES[key]


def still_to_build(view: dict, title: str, buildings: list[str]) -> Group:
    """The buildings not yet on the road, one line per kind as the edition's words name it ("wood: Food farm,
    ...", "prestige: Statue, ..."), in the order the view lists them."""
    kinds: dict[str, list[str]] = {}
    for building in buildings:
        kind = describe_building(view, building)["kind"].removesuffix(" building")
        kinds.setdefault(kind, []).append(building_name(view, building))
    grid = Table.grid(padding=(0, 1))  # a long line of names wraps under the names, not under the kind
    grid.add_column(no_wrap=True)
    grid.add_column()
    for kind, names in kinds.items():
        grid.add_row(f"  {kind}:", ", ".join(names))
    if not kinds:
        grid.add_row(Text("  none", "dim"), "")
    return Group(Text(title, style="bold"), grid)


def pieces(*items) -> Text:
    """Labelled pieces on one line, wrapped as needed: "gate B   trading post ·   ..."."""
    line = Text()
    for i, (label, value) in enumerate(items):
        if i:
            line.append("   ")
        line.append(f"{label} ")
        line.append_text(value if isinstance(value, Text) else Text(str(value)))
    return line


def decision_line(view: dict) -> Text:
    """The pending decision in plain words: "Now: Blue: place a worker or pass (...)"."""
    line = Text("Now: ", style="bold")
    if view["current_player"] < 0:
        return line.append("the game is over")
    return line.append(describe_decision(view))


def scoreboard(view: dict, scores: list[int], winners: list[int]):
    """The final scores: prestige from the game, each end-of-game bonus, the total; then the winner(s)."""
    seats = view["seats"]
    parts = list((seats[0].get("end_bonus_parts") or {}).keys())
    t = table("player", "during the game", *(f"+ {p}" for p in parts), "= total")
    for p, seat in enumerate(seats):
        bonus = seat.get("end_bonus_parts") or {}
        row = [tag(seat["name"]), str(scores[p] - sum(bonus.values())), *(str(bonus.get(k, 0)) for k in parts),
               Text(str(scores[p]), style="bold")]
        t.add_row(*row)
    names = [seats[p]["name"] for p in winners]
    line = Text("Winner: " if len(names) == 1 else "Shared victory: ", style="bold")
    line.append_text(Text(", ").join(tag(n) for n in names))
    return Group(Text("Final scores (the end-of-game bonus broken down)", style="bold"), t, line)
