"""The fast `Encoding.encode` gives, bit for bit, the vector the first (field by field) encoding gave: on 10,000
positions of each edition, every seat's view, and on views with parts missing or out of the usual shape."""

from __future__ import annotations

import random

import numpy as np
import pytest

import caylus
from caylus.research.encoding import Encoding

from .reference_encoding import reference_encode

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


def positions(edition: str, count: int):
    """`count` positions of random games, 2 to 5 players, each from the seat to move (or a random seat)."""
    done, seed = 0, 0
    while done < count:
        rng = random.Random(seed)
        players = 2 + seed % 4
        game = caylus.new_game(edition, players=min(players, caylus.get_edition(edition).max_players), seed=seed)
        while done < count:
            seat = game.current_player if not game.is_terminal else rng.randrange(game.num_players)
            yield game, seat
            done += 1
            if game.is_terminal:
                break
            game.apply(rng.choice(game.legal_actions()))
        seed += 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_encode_is_bit_for_bit_the_reference_on_10000_positions(edition):
    encodings: dict[int, Encoding] = {}
    reuse = {}
    for game, seat in positions(edition, 10_000):
        enc = encodings.get(game.num_players) or encodings.setdefault(game.num_players,
                                                                      Encoding(edition, game.num_players))
        view = game.view(seat)
        expected = reference_encode(enc, view)
        got = enc.encode(view)
        assert got.dtype == np.float32 and got.tobytes() == expected.tobytes(), (edition, game.record())
        out = reuse.setdefault(game.num_players, np.full(enc.size, 7.0, np.float32))
        assert enc.encode(view, out) is out and out.tobytes() == expected.tobytes()  # a reused buffer is cleared


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_view_with_parts_missing_encodes_as_the_reference(edition):
    """Parts cut from a view (a client's partial view, a list cut short) read as missing, as they always did."""
    rng = random.Random(3)
    enc = Encoding(edition, 3)
    game = caylus.new_game(edition, players=3, seed=3)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    for trial in range(60):
        view = game.view(trial % 3)
        for key in rng.sample(sorted(view), 3):
            if isinstance(view[key], list) and view[key]:
                view[key] = view[key][: rng.randrange(len(view[key]))]
            elif rng.random() < 0.5:
                del view[key]
            else:
                view[key] = None
        assert enc.encode(view).tobytes() == reference_encode(enc, view).tobytes()


def test_a_view_that_cannot_be_encoded_leaves_the_buffer_as_it_was():
    enc = Encoding("caylus", 2)
    view = caylus.new_game("caylus", players=2, seed=1).view(0)
    out = enc.encode(view).copy()
    before = out.copy()
    view["phase"] = "teatime"
    with pytest.raises(caylus.BadOption, match="teatime"):
        enc.encode(view, out)
    assert out.tobytes() == before.tobytes()
