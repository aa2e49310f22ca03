"""The player colours the board draws (js/svg.js) stay apart for colour-blind players: every two of an edition at
least MIN_DISTANCE (CIELAB ΔE) apart in normal vision and under the protanopia, deuteranopia and tritanopia
simulations of Machado et al. 2009 (caylus/web/colourblind.py)."""

from __future__ import annotations

import itertools

import pytest

import caylus
from caylus.web.colourblind import MIN_DISTANCE, SIMULATIONS, VISIONS, distance, player_colours, simulate

from .playing import settled


@pytest.mark.parametrize("edition", caylus.available_editions())
def test_every_seat_of_an_edition_has_a_colour_of_the_board(edition):
    colours = player_colours()
    missing = [name for name in caylus.get_edition(edition).player_names if name not in colours]
    assert not missing, f"{edition}: the board draws {missing} in its fallback grey"


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("edition", caylus.available_editions())
def test_every_two_players_stay_apart(edition, vision):
    colours = player_colours()
    names = caylus.get_edition(edition).player_names
    close = [(a, b, round(distance(colours[a], colours[b], vision), 1))
             for a, b in itertools.combinations(names, 2)
             if distance(colours[a], colours[b], vision) < MIN_DISTANCE]
    assert not close, f"{edition}, {vision}: these players' colours nearly meet (ΔE < {MIN_DISTANCE}): {close}"


@pytest.mark.parametrize("vision", SIMULATIONS)
def test_the_simulation_keeps_greys_and_merges_what_dichromats_confuse(vision):
    # Each Machado matrix maps white to white and a grey to itself (its rows sum to 1).
    for grey in (0.0, 0.5, 1.0):
        assert simulate((grey, grey, grey), vision) == pytest.approx((grey, grey, grey), abs=2e-3)
    # Classic confusions come out close: red and green for the red-green dichromats, blue and green for tritanopes;
    # and the palette this board had before (Okabe-Ito's vermilion and orange, its blue and bluish green) fails.
    if vision in ("protanopia", "deuteranopia"):
        assert distance("#ff0000", "#00ff00", vision) < distance("#ff0000", "#00ff00") / 2
    else:
        assert distance("#0072b2", "#009e73", vision) < MIN_DISTANCE
    assert distance("#d55e00", "#e69f00", "deuteranopia") < MIN_DISTANCE


def test_the_colours_are_read_from_the_boards_script():
    colours = player_colours()
    assert set(colours) >= {"Blue", "Red", "Green", "Orange", "Black", "Yellow"}
    assert all(len(c) == 7 and c.startswith("#") for c in colours.values())


def _rgb(colour: str) -> str:
    """'#rrggbb' as a browser's computed 'rgb(r, g, b)'."""
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("edition", caylus.available_editions())
def test_the_page_draws_each_player_in_the_checked_colour(page, server, edition):
    """What Chromium paints (the players' chips, the board's discs) is the palette checked above."""
    import httpx

    names = caylus.get_edition(edition).player_names
    table = httpx.post(server.url + "/api/tables", json={"edition": edition, "players": len(names),
                                                         "seats": ["human"] * len(names)}).json()
    page.goto(f"{server.url}/#table={table['id']}&token={table['seats'][0]['token']}")
    # The seat's first state wholly drawn (nobody moves at this table: nothing is drawn again), then the chips
    # read in one evaluation (Playwright's query-then-evaluate would let a redraw come between).
    settled(page, at_least=0, seat=0)
    colours = player_colours()
    chips = page.evaluate("() => [...document.querySelectorAll('.players .player')].map(p =>"
                          " [p.querySelector('strong').textContent, getComputedStyle(p.querySelector('.chip')).backgroundColor])")
    assert sorted(name for name, _ in chips) == sorted(names)
    assert all(painted == _rgb(colours[name]) for name, painted in chips), chips
    discs = page.evaluate("() => [...document.querySelectorAll('svg.board .disc')].map(g =>"
                          " [g.querySelector('title').textContent, getComputedStyle(g.querySelector('circle')).fill])")
    # Caylus marks every player on the board from the start (the favor table); the other editions' boards have
    # no marker before the first worker is placed (their chips above are checked all the same).
    assert discs or edition != "caylus"
    assert all(painted == _rgb(colours[name]) for name, painted in discs if name in colours), discs
