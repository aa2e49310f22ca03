"""caylus.server.fastjson: the states' JSON, with orjson where installed, is the JSON the standard library
writes."""

from __future__ import annotations

import json
import random

import pytest

import caylus
from caylus.server import fastjson
from caylus.session import Session


def states():
    """Seats' and spectators' states along a game of each edition (hidden hands, logs, results included)."""
    rng = random.Random(3)
    for edition in ("caylus", "caylus-1303", "magna-carta"):
        session = Session(caylus.new_game(edition, players=3, seed=5), ["human"] * 3)
        k = 0
        while True:
            game = session.game
            if k % 25 == 0 or game.is_terminal:
                yield session.state(None)
                yield session.state(0, max(0, game.event_count - 5))
            if game.is_terminal:
                break
            session.move(game.current_player, rng.choice(game.legal_actions()))
            k += 1


def test_every_state_encodes_to_the_same_json_as_the_standard_library():
    seen = 0
    for state in states():
        text = fastjson.dumps({"type": "state", "state": state})
        assert json.loads(text) == json.loads(json.dumps({"type": "state", "state": state}))
        assert fastjson.dumps_bytes(state) == fastjson.dumps(state).encode("utf-8")
        seen += 1
    assert seen > 20


def test_what_orjson_cannot_encode_falls_back_to_json():
    big = {"seed": 2**70, "name": "Bailiff ✓", 3: [1.5, None, True]}
    assert json.loads(fastjson.dumps(big)) == {"seed": 2**70, "name": "Bailiff ✓", "3": [1.5, None, True]}


def test_something_not_json_is_refused_not_written():
    with pytest.raises(TypeError):
        fastjson.dumps({"a": object()})
