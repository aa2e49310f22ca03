"""LiveTable.seat_view: where an edition hides nothing, every seat's view of a position is made from one view of
it, and is exactly the view the game gives that seat; where cards are hidden, each seat's own view is made."""

from __future__ import annotations

import random

import pytest

from caylus.server.live import HUMAN, Tables
from caylus.server.store import Store


@pytest.fixture
def tables(tmp_path):
    return Tables(Store(f"sqlite:///{tmp_path}/t.db"))


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303"])
def test_each_seats_view_is_the_games_own_along_a_whole_game(tables, edition):
    live, _tokens, _owner = tables.create(edition, 3, {}, [HUMAN] * 3, 11)
    rng = random.Random(4)
    checked = 0
    while True:
        game = live.session.game
        for seat in (0, 1, 2):
            assert live.seat_view(seat) == game.view(seat)
            assert live.state(seat, 0) == live.session.state(seat, 0) | _server_keys(live, seat)
        assert live.seat_view(None) == game.public_view()
        checked += 1
        if game.is_terminal:
            break
        seat = game.current_player
        tables.move(live, seat, live.session.version, rng.choice(game.legal_actions()).token, reply=False)
    assert checked > 50


def _server_keys(live, seat):
    """The keys LiveTable.state adds to the session's state (the same whichever way the view was made)."""
    made = live.state(seat, 0)
    return {k: made[k] for k in made if k not in live.session.state(seat, 0) or k == "seats"}


def test_after_an_undo_the_view_is_of_the_position_taken_back_to(tables):
    live, _tokens, _owner = tables.create("caylus-1303", 2, {}, [HUMAN, "random"], 3)
    game = live.session.game
    while game.current_player != 0:
        tables.bot_move(live, tables.bot_job(live), game.legal_actions()[0].token)
    before = live.seat_view(0)
    tables.move(live, 0, live.session.version, game.legal_actions()[0].token, reply=False)
    assert live.seat_view(0) != before
    tables.undo(live, 0, live.session.version)
    assert live.seat_view(0) == game.view(0) == before


def test_where_cards_are_hidden_each_seat_gets_its_own_view(tables):
    live, _tokens, _owner = tables.create("magna-carta", 3, {}, [HUMAN] * 3, 5)
    assert live.seat_view(0) is None and live.seat_view(None) is None
    views = [live.state(seat)["view"] for seat in range(3)]
    assert views == [live.session.game.view(seat) for seat in range(3)]
