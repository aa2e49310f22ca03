"""The Caylus (2005) board as rich renderables: a pure function of `game.view(player)`."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from caylus.editions.classic.catalog import CUBES, SECTION_PARTS, SECTIONS

from ..style import mark, marks, tag
from .common import building_name, decision_line, header, pieces, still_to_build, table

def board(view: dict) -> Group:
    """Everything on the table: players, turn order, the buildings before the bridge, the castle, the road and the
    stock of buildings."""
    names = [s["name"] for s in view["seats"]]
    return Group(
        header(view, f"turn {view['turn']}, {view['phase']} phase"),
        _players(view, names),
        _order(view, names),
        _before_the_bridge(view, names),
        _road(view, names),
        still_to_build(view, "Stock (buildings still to build)", view["stock"]),
        decision_line(view),
    )


def _players(view: dict, names: list[str]) -> Table:
    t = table("player", "deniers", *CUBES, "workers", "houses", "PP", "favors", "castle",
              title="Players (PP: prestige; favors: P/D/C/B lines; castle: parts in d/w/t)")
    for seat in view["seats"]:
        cubes = seat["cubes"]
        favors = "/".join(str(v) for v in seat["favors"].values())
        castle = "/".join(str(seat["castle_parts"][s]) for s in SECTIONS)
        t.add_row(tag(seat["name"]), str(seat["deniers"]), *(str(cubes[c]) for c in CUBES),
                  str(seat["workers"]), str(seat["houses"]), str(seat["prestige"]), favors, castle)
    return t


def _order(view: dict, names: list[str]) -> Text:
    line = Text("Turn order: ")
    line.append_text(Text(", ").join(tag(names[s]) for s in view["turn_order"]))
    if view["phase"] == "placement":
        passed = view["passing_order"]
        line.append("   passed: ")
        line.append_text(Text(", ").join(tag(names[s]) for s in passed) if passed else Text("nobody", "dim"))
    return line


def _before_the_bridge(view: dict, names: list[str]) -> Group:
    special = view["special_buildings"]
    castle = view["castle"]

    def who(seat):
        return mark(None if seat is None else names[seat])

    # The inn's two circles: a worker arrives on the left and moves to the right (where it stays) in phase 3.
    inn = Text.assemble("left ", who(special["inn"]["left"]), ", right ", who(special["inn"]["right"]))
    buildings = pieces(("gate", who(special["gate"])), ("trading post", who(special["trading_post"])),
                       ("merchants' guild", who(special["merchants_guild"])),
                       ("joust field", who(special["joust_field"])))
    sections = [(s, f"{castle['filled'][s]}/{SECTION_PARTS[i]}") for i, s in enumerate(SECTIONS)]
    built = pieces(("stables", marks(names[s] for s in special["stables"])), ("inn", inn),
                   ("castle workers", marks(names[s] for s in castle["workers"])))
    counted = pieces(("castle", ""), *sections,
                   ("sections counted", castle["sections_counted"]))
    return Group(Text("Before the bridge", style="bold"), buildings, built, counted)


def _road(view: dict, names: list[str]) -> Group:
    # Only the spaces with a building (and where the provost and bailiff stand), in two columns.
    shown = [space for space in view["road"]
             if space["tile"] is not None or space["space"] in (view["provost"], view["bailiff"])]
    half = (len(shown) + 1) // 2
    t = table("#", "building", "own", "wkr", "", "#", "building", "own", "wkr", "")
    for i in range(half):
        right = _space(view, shown[i + half], names) if i + half < len(shown) else []
        t.add_row(*_space(view, shown[i], names), *right)
    title = Text("The road", style="bold")
    title.append(f" (own: owner, wkr: worker; unbuilt spaces left out): the provost (P) is on space "
                 f"{view['provost']}, the bailiff (b) on space {view['bailiff']}", style="")
    return Group(title, t)


def _space(view: dict, space: dict, names: list[str]) -> list:
    pos = space["space"]
    pieces = ("P" if view["provost"] == pos else "") + ("b" if view["bailiff"] == pos else "")
    if space["tile"] is None:
        return [Text(str(pos), "dim"), Text("·", "dim"), "", "", Text(pieces, "bold")]
    owner = None if space["owner"] is None else names[space["owner"]]
    worker = None if space["worker"] is None else names[space["worker"]]
    return [str(pos), building_name(view, space["tile"]), mark(owner), mark(worker), Text(pieces, "bold")]

