"""Determinized games are games: their JSON loads, their record replays to the same game (the record starts from
the world it was dealt, `[Dealt ...]`), clone and undo work as for any game."""

import base64
import json
import random
import zlib

import pytest

import caylus
from caylus import BadRecord, Game, load_record
from caylus.core.registry import game_from_dealt
from caylus.session import Session


def dealt_games(count=12):
    """Determinized Magna Carta games from random positions and seats, each played on a little."""
    out = []
    for seed in range(count):
        rnd = random.Random(seed)
        g = caylus.new_game("magna-carta", players=2 + seed % 3, seed=seed * 7919,
                            rules="standard" if seed % 2 else "beginner")
        for _ in range(rnd.randrange(5, 120)):
            if g.is_terminal:
                break
            g.apply(rnd.choice(g.legal_actions()))
        d = caylus.determinize(g.view(rnd.randrange(g.num_players)), rnd.getrandbits(64))
        for _ in range(rnd.randrange(0, 40)):
            if d.is_terminal:
                break
            d.apply(rnd.choice(d.legal_actions()))
        out.append(d)
    return out


def same(a: Game, b: Game) -> bool:
    return (a.view(None) == b.view(None) and a.history == b.history and a.seed == b.seed
            and a.dealt() == b.dealt() and a.legal_tokens() == b.legal_tokens())


def test_a_determinized_games_json_loads_to_the_same_game():
    for d in dealt_games():
        back = Game.from_json(d.to_json())
        assert same(back, d)
        assert back.to_json() == d.to_json()


def test_a_determinized_games_record_replays_to_the_same_game():
    for d in dealt_games():
        text = d.record()
        assert "[Dealt " in text
        back = load_record(text)
        assert same(back, d)
        assert back.record() == text
        session = Session.from_record(text, ["human"] * d.num_players)
        assert same(session.game, d)


def test_a_determinized_game_clones_and_undoes_to_where_it_was_dealt():
    for d in dealt_games(6):
        start = d.dealt()
        copy = d.clone()
        while copy.history:
            copy.undo()
        fresh = game_from_dealt("magna-carta", d.num_players, d.seed, d.options, start)
        assert copy.view(None) == fresh.view(None) and copy.dealt() == start
        with pytest.raises(caylus.IllegalAction, match="no action to take back"):
            copy.undo()
        assert same(load_record(d.record()), d)  # the original is untouched by its clone's undoing


def test_a_game_from_its_setup_has_no_dealt_board():
    g = caylus.new_game("magna-carta", players=3, seed=5)
    assert g.dealt() is None and "Dealt" not in g.record() and "dealt" not in json.loads(g.to_json())
    assert caylus.new_game("caylus", players=3, seed=5).dealt() is None


def _with_dealt(text: str, value: str) -> str:
    lines = [f'[Dealt "{value}"]' if line.startswith("[Dealt ") else line for line in text.splitlines()]
    return "\n".join(lines) + "\n"


def _pack(obj) -> str:
    return base64.b64encode(zlib.compress(json.dumps(obj).encode())).decode()


def test_a_bad_dealt_tag_is_refused_naming_its_line():
    d = dealt_games(1)[0]
    text = d.record()
    line = 1 + text.splitlines().index(next(x for x in text.splitlines() if x.startswith("[Dealt ")))
    dealt = d.dealt()
    for value in ("not base64!", base64.b64encode(b"not zlib").decode(), _pack([1, 2]),
                  _pack({**dealt, "players": dealt["players"] + 1}),  # not the record's players
                  _pack({**dealt, "viewer": 0}),  # a seat's view is no whole board
                  _pack({**dealt, "turn": -3}),
                  _pack({**dealt, "seats": dealt["seats"][:1]}),
                  base64.b64encode(zlib.compress(b"[" * 100_000)).decode(),  # nested too deep
                  base64.b64encode(zlib.compress(b" " * (3 << 20))).decode()):  # unpacks to more than a board
        with pytest.raises(BadRecord) as info:
            load_record(_with_dealt(text, value))
        assert f"line {line}" in str(info.value)
    caylus_record = caylus.new_game("caylus", players=2, seed=1).record().replace(
        "[Engine", f'[Dealt "{_pack(dealt)}"]\n[Engine')
    with pytest.raises(BadRecord, match="deals no hidden cards"):
        load_record(caylus_record)


def test_bad_dealt_json_is_refused():
    d = dealt_games(1)[0]
    data = json.loads(d.to_json())
    for dealt in (None, [], {**data["dealt"], "rng": "x"}, {**data["dealt"], "options": {"rules": "other"}}):
        with pytest.raises(BadRecord):
            Game.from_json(json.dumps({**data, "dealt": dealt}))
    data["actions"] = data["actions"][:-1] if data["actions"] else ["pass"]
    with pytest.raises(BadRecord):
        Game.from_json(json.dumps(data))
