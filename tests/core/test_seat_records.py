"""Records for one seat: `Game.record(seat=p)` holds the public moves and p's own cards only, never the seed."""

import base64
import json
import random
import zlib

import pytest

import caylus
from caylus import BadRecord, load_record
from caylus.core.record import load_seat_record


def played(seed, moves, players=3, edition="magna-carta"):
    g = caylus.new_game(edition, players=players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if g.is_terminal:
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g


def _seen(text):
    line = next(x for x in text.splitlines() if x.startswith("[Seen "))
    return json.loads(zlib.decompress(base64.b64decode(line[7:-2])))


@pytest.mark.parametrize("seed,moves", [(1, 0), (2, 40), (3, 10_000)])
def test_a_seat_record_holds_what_the_seat_saw_and_nothing_else(seed, moves):
    g = played(seed, moves)
    for p in range(g.num_players):
        text = g.record(seat=p)
        assert "[Seed " not in text and "[Dealt " not in text and f'[Seat "{p}"]' in text
        seen = load_seat_record(text)
        assert seen.seat == p and seen.tokens == [a.token for a in g.history]
        assert seen.views[-1] == g.view(p)
        # Every view is the seat's own: another seat's hand or a pile's order never appears.
        for view in _seen(text):
            assert view["viewer"] == p and "rng" not in view
            for q, s in enumerate(view["seats"]):
                assert "deck" not in s and (q == p or s["hand"] is None)
        # The views along the way are the seat's views of the real game.
        replay = caylus.new_game("magna-carta", players=g.num_players, seed=g.seed)
        for k, view in enumerate(seen.views):
            assert view == replay.view(p)
            if k < len(seen.tokens):
                replay.apply(seen.tokens[k])


def test_a_seat_record_does_not_replay_as_a_game_and_bad_ones_are_refused():
    g = played(4, 30)
    text = g.record(seat=1)
    with pytest.raises(BadRecord, match="one seat"):
        load_record(text)
    with pytest.raises(caylus.IllegalAction, match="no player 3"):
        g.record(seat=3)
    lines = text.splitlines()
    seen_line = next(i for i, x in enumerate(lines) if x.startswith("[Seen "))

    def with_seen(obj) -> str:
        out = list(lines)
        out[seen_line] = f'[Seen "{base64.b64encode(zlib.compress(json.dumps(obj).encode())).decode()}"]'
        return "\n".join(out) + "\n"

    views = _seen(text)
    spy = json.loads(json.dumps(views))
    spy[3]["seats"][0]["hand"] = ["bank"]  # another seat's hand slipped in
    for bad in (with_seen(views[:-1]), with_seen(spy), with_seen({"a": 1}), text.replace('[Seat "1"]', '[Seat "7"]'),
                text.replace(lines[seen_line], '[Seen "!!"]'),
                text.replace('[Seat "1"]', '[Seat "1"]\n[Seed "5"]')):
        with pytest.raises(BadRecord):
            load_seat_record(bad)


def test_replay_prints_a_seat_record_as_the_seat_saw_it(tmp_path, capsys):
    from caylus.cli.main import main

    g = played(5, 10_000, players=2)
    path = tmp_path / "red.txt"
    path.write_text(g.record(seat=1))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["seat"] == 1 and out["scores"] == g.scores() and "seed" not in out
