"""Scenarios for what a rules audit of the Caylus 1303 engine found, one test per finding, each citing the book."""

from __future__ import annotations

from caylus.editions.c1303.catalog import ROAD_SPACES

from .c1303_helpers import Table


def road_line(t: Table) -> list[str]:
    return str(t.game).splitlines()[1].split()


def test_text_picture_shows_the_provost_past_the_guilds_bridge():
    """Moving the Provost: "The Provost cannot move backward beyond the Guilds Bridge." At his lowest position he
    stands right after the Bridge, before the first Road space, and the text picture must say so (it used to
    draw him before the Bridge)."""
    t = Table(players=3)
    t.b.provost = 0
    line = road_line(t)
    assert line.index("=BRIDGE=") + 1 == line.index("|PROVOST|")
    assert line[line.index("|PROVOST|") + 1] == "starting_farm_1"
    t.b.provost = 3
    line = road_line(t)
    assert line[line.index("|PROVOST|") - 1] == "starting_quarry"   # Road spaces 0-2 are activated
    t.b.provost = ROAD_SPACES                                        # the end of the Road
    assert road_line(t)[-1] == "|PROVOST|" and road_line(t).count("|PROVOST|") == 1
    t.b.provost = ROAD_SPACES + 1                                    # one of the spaces past it
    assert road_line(t)[-1] == "|PROVOST+1|"
