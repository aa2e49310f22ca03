"""The Caylus 1303 board as rich renderables: a pure function of `game.view(player)`."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from caylus.editions.c1303.catalog import RESOURCES, ROUNDS

from ..style import mark, marks, tag
from .common import building_name, decision_line, header, pieces, still_to_build, table


def board(view: dict) -> Group:
    """Players and their characters, the guilds' bridge, the printed buildings, the construction site, the road,
    the supply."""
    return Group(
        header(view, f"round {view['round']} of {ROUNDS}, {view['phase']}"),
        _players(view),
        _order(view),
        _before_the_bridge(view),
        _road(view),
        still_to_build(view, "Supply (buildings and monuments still to build)", view["supply"]),
        decision_line(view),
    )


def _players(view: dict) -> Table:
    t = table("player", "workers", "camp", "houses", *RESOURCES, "PP", "characters",
              title="Players (workers: ready to place; camp: not yet recruited; PP: prestige)", wrap_last=True)
    held = {}
    for character, where in view["characters"].items():
        held.setdefault(where, []).append(building_name(view, character).removeprefix("The "))
    for seat in view["seats"]:
        res = seat["resources"]
        t.add_row(tag(seat["name"]), str(seat["workers"]), str(seat["camp"]), str(seat["houses"]),
                  *(str(res[r]) for r in RESOURCES), str(seat["prestige"]), ", ".join(held.get(seat["name"], [])))
    return t


def _order(view: dict) -> Group:
    line = Text("First player: ")
    line.append_text(tag(view["first_player"]))
    line.append("   guilds' bridge (passed): ")
    bridge = view["guilds_bridge"]
    line.append_text(Text(", ").join(tag(n) for n in bridge) if bridge else Text("nobody", "dim"))
    free = [building_name(view, c).removeprefix("The ") for c, where in view["characters"].items()
            if where in ("board", "draft")]
    chars = Text("Characters to draft: ")
    chars.append(", ".join(free) if free else "none")
    return Group(line, chars)


def _before_the_bridge(view: dict) -> Group:
    printed = pieces(*((building_name(view, s["building"]), marks(s["workers"])) for s in view["printed"]))
    site = view["construction_site"]
    site_line = pieces(("construction site:", ", ".join(building_name(view, b) for b in site["buildings"])
                        or "empty"), ("workers", marks(site["workers"])))
    return Group(Text("Before the bridge", style="bold"), printed, site_line)


def _road(view: dict) -> Group:
    road = view["road"]
    half = (len(road) + 1) // 2
    provost = view["provost"]
    where = ("P: the provost stands just before that space" if provost < len(road)
             else "the provost is at the end of the road" if provost == len(road)
             else f"the provost is {provost - len(road)} past the end of the road")
    # The provost's P stands in front of its space's number, and a rule parts the two halves: a P at the end of a
    # row would read as the next column's.
    t = table("", "#", "building", "own", "wkr", "│", "", "#", "building", "own", "wkr")
    for i in range(half):
        right = _space(view, i + half, road[i + half]) if i + half < len(road) else ["", "", "", "", ""]
        t.add_row(*_space(view, i, road[i]), Text("│ ", "dim"), *right)
    return Group(Text.assemble(Text("The road", style="bold"), f" (own: owner, wkr: workers): {where}"), t)


def _space(view: dict, i: int, space: dict) -> list:
    provost = Text("P " if view["provost"] == i else "", "bold")
    if space["building"] is None:
        return [provost, Text(str(i + 1), "dim"), Text("·", "dim"), "", ""]
    name = building_name(view, space["building"])
    if space["side"] in ("residence", "monument"):  # a building turned over shows its other side
        name += f" ({space['side']})"
    return [provost, str(i + 1), name, mark(space["owner"]), marks(space["workers"])]
