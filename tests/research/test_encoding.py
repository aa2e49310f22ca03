"""The numpy encoding: fixed size, decodes back to the view's numbers, shows nothing hidden, documented."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import caylus
from caylus.research.encoding import Encoding, markdown_table
from caylus.research.fields import FIELDS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"
CASES = [("caylus", 2), ("caylus", 5), ("caylus-1303", 3), ("caylus-1303", 5), ("magna-carta", 2),
         ("magna-carta", 4)]


def positions(edition: str, players: int, seed: int, every: int = 7):
    """Games of random play, every `every`-th position and the last one."""
    game = caylus.new_game(edition, players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not game.is_terminal:
        if n % every == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    yield game


@pytest.mark.parametrize("edition,players", CASES)
def test_decoding_gives_back_the_views_numbers(edition, players):
    enc = Encoding(edition, players)
    for game in positions(edition, players, seed=players):
        for seat in range(players):
            view = game.view(seat)
            vector = enc.encode(view)
            assert vector.shape == (enc.size,) and vector.dtype == np.float32
            assert enc.decode(vector) == enc.values(view)


def test_values_are_read_from_the_view_itself():
    game = next(iter(positions("caylus", 3, seed=5, every=40)))
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    view = game.view(1)
    decoded = Encoding("caylus", 3).decode(Encoding("caylus", 3).encode(view))
    assert decoded["seats.2.deniers"] == view["seats"][2]["deniers"]
    assert decoded["seats.0.cubes.wood"] == view["seats"][0]["cubes"]["wood"]
    assert decoded["turn_order"] == view["turn_order"]
    assert decoded["stock"] == view["stock"]  # the stock is listed in catalog order, as the vocabulary is
    assert decoded["road.0.tile"] == view["road"][0]["tile"]
    assert decoded["phase"] == view["phase"] and decoded["viewer"] == 1
    assert decoded["decisions.-1.kind"] == view["decisions"][-1]["kind"]


def test_magna_carta_encodes_only_what_the_seat_sees():
    """Two games that differ only in cards seat 0 cannot see encode alike for seat 0, not for the others."""
    game = caylus.new_game("magna-carta", players=3, seed=11)
    for _ in range(25):
        game.apply(game.legal_actions()[0])
    enc = Encoding("magna-carta", 3)
    other = caylus.determinize(game.view(0), 99)
    assert other.view(1)["seats"][1]["hand"] != game.view(1)["seats"][1]["hand"]  # a different deal
    assert np.array_equal(enc.encode(other.view(0)), enc.encode(game.view(0)))
    decoded = enc.decode(enc.encode(game.view(0)))
    assert decoded["seats.1.hand"] == [] and decoded["seats.1.hand_size"] == game.view(0)["seats"][1]["hand_size"]


def test_size_depends_only_on_edition_players_and_options():
    a, b = Encoding("caylus", 4), Encoding("caylus", 4, favors="simplified")
    assert a.size == b.size and Encoding("caylus", 5).size > a.size
    assert [f.label for f in a.fields] == [f.label for f in b.fields]


def test_a_value_outside_a_vocabulary_is_refused_clearly():
    enc = Encoding("caylus", 2)
    view = caylus.new_game("caylus", players=2, seed=1).view(0)
    view["phase"] = "teatime"
    with pytest.raises(caylus.BadOption, match="teatime"):
        enc.encode(view)
    with pytest.raises(caylus.BadOption, match="no encoding"):
        Encoding("chess", 2)


def test_every_edition_has_fields():
    assert set(FIELDS) == set(caylus.available_editions())


@pytest.mark.parametrize("edition", sorted(FIELDS))
def test_docs_list_every_field(edition):
    assert markdown_table(edition) in DOCS.read_text(encoding="utf-8"), (
        f"docs/research.md is out of date: paste caylus.research.encoding.markdown_table({edition!r})")
