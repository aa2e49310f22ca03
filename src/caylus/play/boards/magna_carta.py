"""The Caylus Magna Carta board as rich renderables: a pure function of `game.view(player)`.

A seat's view holds only that seat's hand (the others' are None), so the board shows the viewer's own cards and
only the sizes of the other hands: nothing hidden can reach the screen.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from caylus.editions.magna_carta.catalog import CUBE_NAMES, SECTIONS

from ..style import mark, tag
from .common import building_name, decision_line, header, pieces, table


def board(view: dict) -> Group:
    """Players, the bridge, the castle, the road of cards, and the viewer's own hand."""
    names = [s["name"] for s in view["seats"]]
    return Group(
        header(view, f"turn {view['turn']}, {view['phase']} phase ({view['rules']} rules)"),
        _players(view),
        _order(view, names),
        _castle(view),
        _road(view, names),
        _hand(view),
        decision_line(view),
    )


def _players(view: dict) -> Table:
    t = table("player", "deniers", *CUBE_NAMES, "workers", "hand", "deck", "discard", "castle", "score",
              title="Players (hand, deck, discard: numbers of cards; castle: tokens from dungeon/walls/towers)")
    for seat, score in zip(view["seats"], view["scores"]):
        castle = "/".join(str(seat["tokens"][s]) for s in SECTIONS)
        t.add_row(tag(seat["name"]), str(seat["deniers"]), *(str(seat[c]) for c in CUBE_NAMES),
                  str(seat["workers"]), str(seat["hand_size"]), str(seat["deck_size"]), str(len(seat["discard"])),
                  castle, str(score))
    return t


def _order(view: dict, names: list[str]) -> Text:
    line = Text("First player: ")
    line.append_text(tag(names[view["first_player"]]))
    line.append("   bridge (passed): ")
    bridge = view["bridge"]
    line.append_text(Text(", ").join(tag(names[p]) for p in bridge) if bridge else Text("nobody", "dim"))
    return line


def _castle(view: dict) -> Group:
    left = pieces(*((s, view["castle"][s]) for s in SECTIONS))
    prestige = ", ".join(building_name(view, p) for p in view["prestige_available"]) or "none"
    return Group(Text.assemble(Text("Castle tokens left: ", "bold"), left),
                 Text.assemble(Text("Prestige buildings left: ", "bold"), prestige))


def _road(view: dict, names: list[str]) -> Group:
    road = view["road"]
    half = (len(road) + 1) // 2 if len(road) > 12 else len(road)  # a long road in two columns
    t = table(*(("#", "card", "own", "wkr", "") * (2 if half < len(road) else 1)))
    for i in range(half):
        right = _space(view, i + half, road[i + half], names) if i + half < len(road) else []
        t.add_row(*_space(view, i, road[i], names), *right)
    return Group(Text.assemble(Text("The road", style="bold"),
                               " (own: owner, wkr: worker; P: the provost; residences and prestige buildings in "
                               "brackets; after +: the cubes left on a small production card for its owner)"), t)


def _space(view: dict, i: int, space: dict, names: list[str]) -> list:
    owner = None if space["owner"] is None else names[space["owner"]]
    worker = None if space["worker"] is None else names[space["worker"]]
    name = building_name(view, space["card"])
    if space["face"] != "building":
        name += f" ({space['face'].replace('_', ' ')})"
    if space["pool"]:
        name += f" +{space['pool']}"
    return [str(i + 1), name, mark(owner), mark(worker), Text("P" if view["provost"] == i else "", "bold")]


def _hand(view: dict) -> Text:
    viewer = view.get("viewer")
    if viewer is None:  # the omniscient view (a replay): every hand
        return Text("Hands: ", style="bold").append("; ".join(
            f"{s['name']} " + (", ".join(building_name(view, c) for c in s["hand"]) or "no cards")
            for s in view["seats"]))
    seat = view["seats"][viewer]
    line = Text("Your hand ", style="bold")
    line.append_text(tag(seat["name"]))
    line.append(": " + (", ".join(building_name(view, c) for c in seat["hand"]) or "no cards"))
    return line
