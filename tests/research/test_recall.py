"""Perfect recall in OpenSpiel's information states, research states from any game (arena seeds past 2**31,
records, determinizations), and the environments reset from a given game."""

import hashlib
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import caylus  # noqa: E402
from caylus import load_record  # noqa: E402
from caylus.arena.schedule import game_seed  # noqa: E402
from caylus.editions.magna_carta.beliefs import beliefs  # noqa: E402
from caylus.editions.magna_carta.catalog import CARD_BY_NAME  # noqa: E402
from caylus.research import openspiel as cos  # noqa: E402
from caylus.research.openspiel import RECALL_ACTIONS, state_from_game  # noqa: E402

NAMES = ["python_caylus", "python_caylus_1303", "python_magna_carta"]


@pytest.mark.parametrize("name", NAMES)
def test_no_two_information_states_share_a_tensor(name):
    """Over 20,000 states of random games (two-player, where the same moves in another order meet most often),
    the information-state tensor tells apart every two different information-state strings."""
    game = pyspiel.load_game(name, {"players": 2, "setups": 3})
    seen: dict[bytes, str] = {}
    states = 0
    longest = 0
    rnd = random.Random(7)
    while states < 20_000:
        state = game.new_initial_state()
        state.apply_action(rnd.randrange(3))
        while not state.is_terminal() and states < 20_000:
            for player in range(2):
                tensor = np.asarray(state.information_state_tensor(player), np.float32)
                key = hashlib.blake2b(tensor.tobytes()).digest()
                text = state.information_state_string(player)
                assert seen.setdefault(key, text) == text
            states += 1
            # Few choices a step, so that different orders of the same moves meet.
            legal = state.legal_actions()
            state.apply_action(rnd.choice(legal[:3]))
        longest = max(longest, len(state.history()) - 1)
    assert longest < RECALL_ACTIONS
    print(f"{name}: {len(seen)} information states, longest game {longest} actions")


def test_the_information_state_holds_the_players_own_draws():
    """Two histories with the same public moves whose cards were drawn in another order: the current view is the
    same, the information state is not (a player remembers which card came when)."""
    game = pyspiel.load_game("python_magna_carta", {"players": 2, "setups": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    history = state.private_history(0)
    assert len(history) == 1 and len(history[0]) == 3  # the opening hand
    obs = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    obs.set_from(state, 0)
    assert obs.dict["recall_private"][0] == sum(1 << c for c in history[0])
    assert obs.dict["recall_length"][0] == 0
    plain = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    assert "recall_actions" not in plain.dict and plain.tensor.size == game.encoding.size


def _kept_position():
    """A Magna Carta state where seat 0 knows a card seat 1 kept in hand through a reshuffle."""
    game = pyspiel.load_game("python_magna_carta", {"players": 2, "setups": 400})
    for setup in range(400):
        rnd = random.Random(setup)
        state = game.new_initial_state()
        state.apply_action(setup)
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
            if state.current_player() == 0 and beliefs(state.engine.view(0))[1].in_hand \
                    and state.engine.view(0)["seats"][1]["deck_size"]:
                return state
    pytest.fail("no random game kept a card through a reshuffle")


def test_resample_from_infostate_uses_the_exact_beliefs():
    state = _kept_position()
    kept = set(beliefs(state.engine.view(0))[1].in_hand)
    rnd = random.Random(1)
    for _ in range(30):
        other = state.resample_from_infostate(0, rnd.random)
        assert kept <= set(other.engine.board.hand[1]) and not kept & set(other.engine.board.deck[1])
        assert other.information_state_string(0) == state.information_state_string(0)
        assert list(other.information_state_tensor(0)) == list(state.information_state_tensor(0))
        # What seat 1 saw before the re-deal is not in the re-dealt state: it was the real game's.
        assert "?" in other.information_state_string(1)
        again = other.get_game().deserialize_state(other.serialize())
        assert again.engine.view(None) == other.engine.view(None)


def test_engine_seeds_past_2_31_load_as_text():
    big = game_seed(1, 3)  # an arena game's seed
    assert big >= 2**31
    game = pyspiel.load_game("python_magna_carta", {"players": 3, "engine_seed": str(big), "setups": 2})
    state = game.new_initial_state()
    state.apply_action(1)
    assert state.engine.view(None) == caylus.new_game("magna-carta", players=3, seed=big + 1).view(None)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == f"setup:seed={big + 1}"
    top = 2**64 - 1
    assert pyspiel.load_game("python_caylus", {"engine_seed": str(top), "setups": 1}).setup.seed == top
    for bad, words in ((str(top), "run past"), ("-1", "decimal"), ("1e9", "decimal"), ("9" * 30, "decimal")):
        with pytest.raises(Exception, match=words):
            pyspiel.load_game("python_caylus", {"engine_seed": bad})


def _arena_game(edition, players, index, moves):
    game = caylus.new_game(edition, players=players, seed=game_seed(1, index))
    rnd = random.Random(index)
    for _ in range(moves):
        game.apply(rnd.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("edition,players", [("caylus", 3), ("caylus-1303", 2), ("magna-carta", 4)])
def test_state_from_an_arena_record(edition, players):
    game = load_record(_arena_game(edition, players, 5, 60).record())
    state = state_from_game(game)
    assert state.engine.view(None) == game.view(None)
    assert state.history() == [0] + [a.index for a in game.history]
    assert state.engine is not game  # the state plays on its own copy
    again = state.get_game().deserialize_state(state.serialize())
    assert again.engine.view(None) == game.view(None)
    # Undo goes back through the replayed actions to the setup.
    while len(state.history()) > 1:
        last = state.history()[-1]
        state.undo_action(state.full_history()[-1].player, last)
    assert state.engine.view(None) == caylus.new_game(edition, players=players, seed=game.seed).view(None)


def test_state_from_a_determinized_game_and_refusals():
    real = _arena_game("magna-carta", 3, 2, 40)
    dealt = caylus.determinize(real.view(1), 9)
    dealt.apply(dealt.legal_actions()[0])
    state = state_from_game(dealt)
    assert state.engine.view(None) == dealt.view(None)
    assert state.engine.dealt() == dealt.dealt()
    back = state.get_game().deserialize_state(state.serialize())
    assert back.engine.view(None) == dealt.view(None)
    other = pyspiel.load_game("python_magna_carta", {"players": 2})
    with pytest.raises(ValueError, match="players"):
        state_from_game(real, other)
    with pytest.raises(ValueError, match="python_caylus"):
        state_from_game(caylus.new_game("caylus", players=3, seed=1), other)
    with pytest.raises(ValueError, match="not among the game's setups"):
        state_from_game(real, pyspiel.load_game("python_magna_carta", {"players": 3}))
    with pytest.raises(TypeError):
        state_from_game("not a game")


def test_environments_reset_from_a_given_game():
    from caylus.research import gym as cgym
    from caylus.research import pettingzoo as cpz

    game = _arena_game("magna-carta", 3, 4, 30)
    before = game.view(None)
    env = cpz.env(edition="magna-carta", players=3)
    env.reset(options={"game": game})
    assert env.unwrapped.game.view(None) == before and env.unwrapped.game is not game
    env.step(int(env.last()[0]["action_mask"].nonzero()[0][0]))
    assert game.view(None) == before  # the environment plays on a copy
    seat = game.current_player
    genv = cgym.CaylusEnv(edition="magna-carta", players=3, seat=seat, opponent="random")
    observation, info = genv.reset(options={"game": game})
    assert genv.game.view(None) == before
    assert list(observation["observation"]) == list(genv.encoding.encode(game.view(seat)))
    for bad in ({"game": caylus.new_game("magna-carta", players=2, seed=1)}, {"game": "x"}, "not a dict"):
        with pytest.raises(ValueError):
            env.reset(options=bad)
        with pytest.raises(ValueError):
            genv.reset(options=bad)
    with pytest.raises(ValueError, match="over"):
        over = caylus.new_game("magna-carta", players=3, seed=1)
        rnd = random.Random(0)
        while not over.is_terminal:
            over.apply(rnd.choice(over.legal_actions()))
        env.reset(options={"game": over})


def _twin_worlds():
    """Two Magna Carta games that Blue cannot tell apart by their current view, their moves or its own hand at
    any point, but only by *when* Red's cards were shown: one card of Red's opening hand and the top card of its
    pile are swapped, then Red discards (replace, redraw) and draws until its discard pile is shuffled into a new
    pile. The view then shows the cards the pile was shuffled from as a set: the order in which they were shown,
    which differed, is gone from it."""
    from caylus.core.registry import game_from_dealt

    for seed in range(200):
        start = caylus.new_game("magna-carta", players=2, seed=seed)
        if start.history:
            continue
        dealt = caylus.determinize(start.view(None), 0).dealt()
        red = dealt["seats"][1]
        if not red["hand"] or not red["deck"]:
            continue
        twin = json_copy(dealt)
        hand, deck = twin["seats"][1]["hand"], twin["seats"][1]["deck"]
        hand[-1], deck[-1] = deck[-1], hand[-1]  # the last card of the deck is drawn next
        hand.sort(key=CARD_BY_NAME.__getitem__)
        games = [game_from_dealt("magna-carta", 2, seed, start.options, d) for d in (dealt, twin)]
        rnd = random.Random(seed)
        reshuffled = lambda g: g.view(0)["seats"][1]["pile_from"] is not None  # noqa: E731
        while not games[0].is_terminal and games[0].current_player == games[1].current_player \
                and not reshuffled(games[0]):
            legal = [a for a in games[0].legal_tokens() if a in games[1].legal_tokens()]
            shows = [a for a in ("replace", "redraw", "draw") if a in legal]
            move = shows[0] if games[0].current_player == 1 and shows else rnd.choice(legal)
            for g in games:
                g.apply(move)
        if reshuffled(games[0]) and games[0].view(0) == games[1].view(0):
            return games
    pytest.fail("no pair of games found")


def json_copy(obj):
    import json

    return json.loads(json.dumps(obj))


def test_the_information_state_recalls_when_cards_were_shown():
    """Blue saw Red's first replace discard different cards in the two games: different information states, even
    though the views now, the moves and Blue's own hands at every point are the same (issue 25, perfect recall:
    the seat's whole action-observation history)."""
    a, b = _twin_worlds()
    states = [state_from_game(g) for g in (a, b)]
    assert states[0].private_history(0) == states[1].private_history(0)
    assert states[0].observation_string(0) == states[1].observation_string(0)
    assert states[0].public_history() != states[1].public_history()
    strings = [s.information_state_string(0) for s in states]
    assert strings[0] != strings[1]
    # Without the line of shown cards (the information state before it) the two were one.
    assert strings[0].rsplit("\n", 1)[0] == strings[1].rsplit("\n", 1)[0]
    tensors = [np.asarray(s.information_state_tensor(0), np.float32) for s in states]
    assert tensors[0].tobytes() != tensors[1].tobytes()
    # Undo takes the recalled discards back with the action.
    for s in states:
        s.undo_action(s.full_history()[-1].player, s.history()[-1])
        assert len(s.public_history()) == len(s.history())
