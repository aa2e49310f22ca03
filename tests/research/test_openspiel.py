"""The OpenSpiel games: registered names, honest game types, OpenSpiel's own checks, bots playing whole games."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import caylus
import caylus.research.openspiel  # noqa: F401  (registers the games)
from caylus.research.encoding import Encoding

NAMES = {"caylus": "python_caylus", "caylus-1303": "python_caylus_1303", "magna-carta": "python_magna_carta"}


def started(name: str, params: dict | None = None, setup: int = 0, moves: int = 0, seed: int = 0):
    """A state after the setup chance node and `moves` random actions."""
    game = pyspiel.load_game(name, params or {})
    state = game.new_initial_state()
    state.apply_action(setup)
    rng = np.random.RandomState(seed)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("edition,name", sorted(NAMES.items()))
def test_openspiels_random_simulation_test_passes(edition, name):
    players = caylus.get_edition(edition).min_players
    game = pyspiel.load_game(name, {"players": players, "setups": 5})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_types_are_honest():
    for edition, name in NAMES.items():
        game = pyspiel.load_game(name)
        kind, info = game.get_type(), game
        ed = caylus.get_edition(edition)
        assert kind.short_name == name
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        hidden = edition == "magna-carta"
        assert kind.information == (pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                                    else pyspiel.GameType.Information.PERFECT_INFORMATION)
        assert (kind.min_num_players, kind.max_num_players) == (ed.min_players, ed.max_players)
        assert info.num_distinct_actions() == len(ed.actions)
        assert info.num_players() == 4 and info.max_chance_outcomes() == 1000
        assert info.observation_tensor_size() == Encoding(edition, 4).size


def test_edition_options_and_players_are_game_parameters():
    game = pyspiel.load_game("python_caylus", {"players": 3, "favors": "simplified", "jeweller": True, "seed": 7})
    _, state = started("python_caylus", {"players": 3, "favors": "simplified", "jeweller": True, "seed": 7}, 2)
    assert game.num_players() == 3
    assert state.engine.options == {"favors": "simplified", "jeweller": True} and state.engine.seed == 9
    assert pyspiel.load_game("python_caylus(players=2,setups=3)").max_chance_outcomes() == 3


def test_bad_parameters_are_refused_with_the_reason():
    with pytest.raises(Exception, match="2-5 players"):
        pyspiel.load_game("python_caylus", {"players": 7})
    with pytest.raises(Exception, match="favors"):
        pyspiel.load_game("python_caylus", {"favors": "lots"})


def test_the_root_is_the_setup_chance_node():
    game = pyspiel.load_game("python_caylus", {"players": 2, "setups": 4, "seed": 10})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(i, 0.25) for i in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "setup:seed=13"
    state.apply_action(3)
    expected = caylus.new_game("caylus", players=2, seed=13)
    assert state.engine.view(None) == expected.view(None)
    assert state.legal_actions() == sorted(a.index for a in expected.legal_actions())
    assert [state.action_to_string(a) for a in state.legal_actions()] == sorted(
        expected.legal_tokens(), key=lambda t: expected.parse(t).index)


def test_undo_clone_and_serialization_restore_the_state():
    game, state = started("python_magna_carta", {"players": 3}, setup=5, moves=30, seed=1)
    before = state.engine.view(None)
    copy = state.clone()
    action = state.legal_actions()[-1]
    state.apply_action(action)
    assert copy.engine.view(None) == before  # the clone did not move
    text = state.serialize()
    again = game.deserialize_state(text)
    assert again.engine.view(None) == state.engine.view(None) and again.history() == state.history()
    state.undo_action(copy.current_player(), action)
    assert state.engine.view(None) == before and state.history() == copy.history()
    _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, copy))
    assert state2.engine.view(None) == before


@pytest.mark.parametrize("name", sorted(NAMES.values()))
def test_undo_goes_back_through_every_point_though_forward_play_kept_no_snapshot(name):
    """Forward play keeps no undo snapshot; the first undo turns them on, and every undo after lands exactly where
    the game was (the board as the omniscient view shows it, the legal actions), in a clone too."""
    game, state = started(name, {"players": 3}, setup=2)
    rng = np.random.RandomState(5)
    seen = [(state.engine.view(None), state.legal_actions())]
    while len(seen) <= 120 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        seen.append((state.engine.view(None), state.legal_actions()))
    assert state.engine.keep_undo is False and len(seen) == 121
    clone = state.clone()
    for s in (state, clone):
        for point in range(119, 59, -1):
            s.undo_action(s.full_history()[-1].player, s.history()[-1])
            assert (s.engine.view(None), s.legal_actions()) == seen[point]
        assert s.engine.keep_undo is True
    action = state.legal_actions()[0]  # on again from there, then back once more
    state.apply_action(action)
    state.undo_action(state.full_history()[-1].player, action)
    assert (state.engine.view(None), state.legal_actions()) == seen[60] and state.history() == clone.history()


def test_an_illegal_action_raises_and_changes_nothing():
    _, state = started("python_caylus", {"players": 2})
    before = state.engine.view(None)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    assert state.engine.view(None) == before and len(state.history()) == 1


def test_clones_of_clones_and_their_deserializations_are_of_the_state_copied():
    # the engine's game is kept in a slot and mirrored in the state's __dict__, which is what OpenSpiel copies:
    # a clone made after the first moved on must be of the first as it stands, and so must what it serializes to
    game, state = started("python_caylus", {"players": 3}, moves=10, seed=2)
    first = state.clone()
    rng = np.random.RandomState(3)
    for _ in range(5):
        first.apply_action(int(rng.choice(first.legal_actions())))
    second = first.clone()
    again = game.deserialize_state(second.serialize())
    for copy in (second, again):
        assert copy.history() == first.history() and copy.engine.view(None) == first.engine.view(None)
        assert copy.engine is not first.engine and copy.legal_actions() == first.legal_actions()
    assert state.history() == first.history()[:-5]
    second.apply_action(second.legal_actions()[0])
    assert len(first.history()) == len(second.history()) - 1 == len(again.history())


@pytest.mark.parametrize("name", sorted(NAMES.values()))
def test_legal_actions_are_the_engines_in_ascending_ids(name):
    _, state = started(name, {"players": 3})
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(a.index for a in state.engine.legal_actions())
        legal.append(-1)  # the caller's own list: changing it changes nothing kept
        assert state.legal_actions() == legal[:-1] == state.legal_actions(state.current_player())
        state.apply_action(int(rng.choice(legal[:-1])))  # a plain int: the quick path
    assert state.legal_actions() == [] and state.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("bad", [-1, 10**6, True, 2.0, "0"])
def test_a_bad_action_id_raises_and_changes_nothing(bad):
    _, state = started("python_magna_carta", {"players": 2}, moves=3)
    before, history = state.engine.view(None), state.history()
    with pytest.raises((ValueError, TypeError)):
        state.apply_action(bad)
    assert state.engine.view(None) == before and state.history() == history
    assert len(state.private_history(0)) == len(state.public_history()) == len(history)


def test_the_hidden_cards_seen_are_noted_when_asked_however_the_state_got_there():
    # Magna Carta notes each seat's hand and the discard piles at every point only when they are asked for:
    # after undo, in a clone and in a deserialized state they must be what the game showed at each point.
    game, state = started("python_magna_carta", {"players": 3}, setup=2)
    edition, rng = caylus.get_edition("magna-carta"), np.random.RandomState(3)
    for _ in range(120):
        state.apply_action(int(rng.choice(state.legal_actions())))
    replay = caylus.new_game("magna-carta", players=3, seed=state.engine.seed)
    expected_private, expected_public = [], []

    def note(board):
        expected_private.append(tuple(edition.private(board, q) for q in range(3)))
        expected_public.append(edition.public(board))

    note(replay.board)
    for act in state.engine.history:
        replay.apply(act)
        note(replay.board)

    def check(s, upto):
        assert s.public_history() == expected_public[:upto]
        for q in range(3):
            assert s.private_history(q) == [p[q] for p in expected_private[:upto]]

    clone = state.clone()
    check(clone, 121)
    check(state, 121)
    for _ in range(30):  # below the points noted: replayed from the setup
        state.undo_action(state.full_history()[-1].player, state.history()[-1])
    check(state, 91)
    check(game.deserialize_state(clone.serialize()), 121)
    for act in clone.history()[91:]:  # and on again from the replayed point
        state.apply_action(act)
    check(state, 121)


def test_observations_are_the_encoded_views():
    game, state = started("python_caylus_1303", {"players": 3}, setup=1, moves=20)
    enc = Encoding("caylus-1303", 3)
    for seat in range(3):
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32),
                              enc.encode(state.engine.view(seat)))
        assert '"viewer":%d' % seat in state.observation_string(seat)
        assert state.information_state_string(seat).endswith(" ".join(state.public_tokens()))


def test_resampling_keeps_what_the_player_knows_and_redeals_the_rest():
    _, state = started("python_magna_carta", {"players": 3}, setup=2, moves=12, seed=3)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redealt = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
    for other in redealt:
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.legal_actions() == state.legal_actions()
    hidden = {tuple(o.engine.view(None)["seats"][(seat + 1) % 3]["hand"]) for o in redealt}
    assert len(hidden) > 1  # the other hands are dealt anew
    # A re-dealt state serializes too (by the view it was dealt from and its seed).
    other = redealt[0]
    other.apply_action(other.legal_actions()[0])
    again = other.get_game().deserialize_state(other.serialize())
    assert again.engine.view(None) == other.engine.view(None)


def _play(game, bots, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes, p=probs))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def test_mcts_bot_plays_a_whole_game():
    game = pyspiel.load_game("python_caylus", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2, 3, evaluator, random_state=np.random.RandomState(1))
    state = _play(game, [bot, pyspiel.make_uniform_random_bot(1, 2)], seed=0)
    assert state.is_terminal() and max(state.returns()) == 1.0


def test_ismcts_bot_plays_a_whole_magna_carta_game():
    game = pyspiel.load_game("python_magna_carta", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=np.random.RandomState(1))
    state = _play(game, [pyspiel.make_uniform_random_bot(0, 2), bot], seed=0)
    assert state.is_terminal() and max(state.returns()) == 1.0


def test_history_full_history_and_child_follow_undo():
    game = pyspiel.load_game("python_caylus_1303", {"players": 2, "setups": 3})
    state = game.new_initial_state().child(2)
    seats = []
    for _ in range(6):
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[-1])
    assert [(p, a) for p, a in state.full_history()] == list(zip([-1] + seats, state.history()))
    token = state.action_to_string(state.legal_actions()[0])
    assert state.string_to_action(token) == state.legal_actions()[0]
    last = state.history()[-1]
    state.undo_action(seats[-1], last)
    assert state.move_number() == 6 and len(state.full_history()) == 6
    with pytest.raises(ValueError, match="not the last action"):
        state.undo_action(seats[-2], 10_000)
    state = game.new_initial_state().child(1)
    state.undo_action(pyspiel.PlayerId.CHANCE, 1)
    assert state.is_chance_node() and state.history() == []
