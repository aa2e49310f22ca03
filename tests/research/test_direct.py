"""`Encoding.encode_game` reads the board straight (caylus.research.direct) and gives, bit for bit, what
`Encoding.encode(game.view(seat))` gives: every seat of 10,000 positions of each edition, 2 to 5 players."""

from __future__ import annotations

import random

import numpy as np
import pytest

import caylus
from caylus.research import direct
from caylus.research.encoding import Encoding

from .test_encoding_speed import EDITIONS, positions


@pytest.mark.parametrize("edition", EDITIONS)
def test_encode_game_is_bit_for_bit_the_views_encoding_on_10000_positions(edition):
    encodings: dict[int, Encoding] = {}
    for game, _ in positions(edition, 10_000):
        n = game.num_players
        enc = encodings.get(n) or encodings.setdefault(n, Encoding(edition, n))
        for seat in range(n):
            expected = enc.encode(game.view(seat))
            got = enc.encode_game(game, seat)
            assert got.dtype == np.float32 and got.shape == (enc.size,)
            assert got.tobytes() == expected.tobytes(), (edition, seat, game.record())


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_position_of_a_game_goes_the_direct_way(edition):
    """The fast way is taken, not the view's: the direct encoder handles every position of random games."""
    enc = Encoding(edition, 4)
    encode = direct.direct_encoder(enc)
    for game, _ in positions(edition, 600):
        if game.num_players != 4:
            continue
        for seat in range(4):
            out = np.zeros(enc.size, np.float32)
            encode(game, seat, out)
            assert out.tobytes() == enc.encode(game.view(seat)).tobytes()


def test_encode_game_writes_into_out_and_clears_it():
    enc = Encoding("magna-carta", 3)
    game = caylus.new_game("magna-carta", players=3, seed=5)
    out = np.full(enc.size, 7.0, np.float32)
    assert enc.encode_game(game, 1, out) is out
    assert out.tobytes() == enc.encode(game.view(1)).tobytes()


def test_only_the_viewers_hand_is_encoded():
    enc = Encoding("magna-carta", 4)
    game = caylus.new_game("magna-carta", players=4, seed=2)
    fields = enc.decode(enc.encode_game(game, 2))
    assert fields["seats.2.hand"] and all(not fields[f"seats.{q}.hand"] for q in (0, 1, 3))
    assert all(fields[f"seats.{q}.hand_size"] == len(game.board.hand[q]) for q in range(4))


def test_a_bad_seat_or_game_is_refused_as_the_view_refuses_it():
    enc = Encoding("caylus", 3)
    game = caylus.new_game("caylus", players=3, seed=1)
    for seat in (3, -1, True, "0", None):
        if seat is None:
            # the omniscient view has no viewer: encoded as the view path encodes it
            assert enc.encode_game(game, None).tobytes() == enc.encode(game.view(None)).tobytes()
            continue
        with pytest.raises(caylus.IllegalAction):
            enc.encode_game(game, seat)
    for other in (caylus.new_game("caylus", players=4, seed=1), caylus.new_game("caylus-1303", players=3, seed=1)):
        with pytest.raises(caylus.BadOption):  # another player count or edition: refused as `encode` refuses
            enc.encode(other.view(0))
        with pytest.raises(caylus.BadOption):
            enc.encode_game(other, 0)


def test_a_position_the_direct_encoder_does_not_expect_goes_the_views_way():
    enc = Encoding("caylus", 2)
    game = caylus.new_game("caylus", players=2, seed=1)
    game.board.phase = 0  # no phase has an empty name: the view's encoding refuses it, and so does encode_game
    with pytest.raises(caylus.BadOption):
        enc.encode(game.view(0))
    with pytest.raises(caylus.BadOption):
        enc.encode_game(game, 0)


def test_magna_carta_beginner_rules_are_bit_for_bit_the_views_encoding():
    """The beginner rules put prestige buildings in front of their owner (their bag, and the scores they add),
    which the standard positions above never have; and the end of the game adds cubes and deniers to the scores."""
    encodings: dict[int, Encoding] = {}
    in_front = ended = 0
    for seed in range(12):
        n = 2 + seed % 3
        enc = encodings.get(n) or encodings.setdefault(n, Encoding("magna-carta", n, rules="beginner"))
        rng = random.Random(seed)
        game = caylus.new_game("magna-carta", players=n, seed=seed, rules="beginner")
        while True:
            in_front += any(game.board.front)
            ended += game.is_terminal
            for seat in range(n):
                assert enc.encode_game(game, seat).tobytes() == enc.encode(game.view(seat)).tobytes(), game.record()
            if game.is_terminal:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert in_front > 100 and ended == 12  # the positions this test is for were met


def test_a_board_list_of_an_unusual_length_goes_the_views_way():
    """A seat's cubes of another length than the four the encoder lays out (a fifth, which no view shows):
    encoded as the view encodes them."""
    enc = Encoding("magna-carta", 3)
    game = caylus.new_game("magna-carta", players=3, seed=4)
    game.board.cubes[1] = game.board.cubes[1] + [2]
    assert enc.encode_game(game, 0).tobytes() == enc.encode(game.view(0)).tobytes()


def test_magna_carta_reuses_a_positions_vector_only_while_it_is_that_position():
    """The encoder keeps the last position's vector for the other seats of the same position (same board, as many
    actions, the same last one): through apply, undo (kept snapshots or a replay), another action after an undo
    and clones, every seat's vector stays the view's."""
    enc = Encoding("magna-carta", 3)
    game = caylus.new_game("magna-carta", players=3, seed=5)
    rng = random.Random(5)

    def same(g):
        for seat in (0, 1, 2, 1):
            assert enc.encode_game(g, seat).tobytes() == enc.encode(g.view(seat)).tobytes(), g.record()

    undone = 0
    for step in range(200):
        if game.is_terminal:
            break
        game.keep_undo = step % 4 != 0
        same(game)
        if step % 3 == 0 and game.history:
            game.undo()  # the position before, on another board object
            if step % 2:
                same(game)
            undone += 1
            if len(game.legal_actions()) > 1:  # another action than before: as many actions as the last vector's
                game.apply(game.legal_actions()[-1])
                same(game)
        clone = game.clone()
        same(clone)
        same(game)
        game.apply(rng.choice(game.legal_actions()))
    assert undone > 20


def test_magna_carta_keeps_a_positions_vector_only_while_other_seats_ask_for_it():
    """A learner asks one seat a position: after a kept position no other seat asked for, the encoder keeps none;
    a position asked again by another seat turns the keeping back on. Every vector stays the view's, and the
    keeping is what the pattern asks for."""
    enc = Encoding("magna-carta", 4)
    game = caylus.new_game("magna-carta", players=4, seed=9)
    rng = random.Random(9)
    enc.encode_game(game, 0)
    state = enc._direct.__globals__["last"]
    for step in range(160):
        if game.is_terminal:
            break
        seats = [game.current_player] if (step // 20) % 2 == 0 else [0, 2, 3, 2]  # a learner's, then an observer's
        for seat in seats:
            assert enc.encode_game(game, seat).tobytes() == enc.encode(game.view(seat)).tobytes(), game.record()
        if step % 20 == 5:  # a few positions into each pattern
            assert state[5] is (len(seats) > 1), (step, seats)
            assert (state[4][4] is not None) is (len(seats) > 1)
        game.apply(rng.choice(game.legal_actions()))
