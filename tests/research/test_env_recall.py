"""The environments' perfect-recall option (issue 25): the seat's action-observation history in the observation,
so that two different information states never share one; the same vector as OpenSpiel's information state."""

import hashlib
import json
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import caylus  # noqa: E402
from caylus.research import pettingzoo as caylus_pz  # noqa: E402
from caylus.research.gym import CaylusEnv  # noqa: E402
from caylus.research.recall import RECALL_ACTIONS, recall_size  # noqa: E402

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


def _walk(edition: str, count: int, perfect_recall: bool):
    """(observation of a seat, that seat's information state as the test itself keeps it) for `count` states
    of random two-player games, each seen by both seats; few choices a step, so the same moves in another order
    meet."""
    env = caylus_pz.raw_env(edition=edition, players=2, perfect_recall=perfect_recall)
    private = env.edition.private
    rnd = random.Random(7)
    states = 0
    while states < count:
        env.reset(seed=rnd.randrange(3))
        game = env.game
        tokens: list[str] = []
        seen = [[private(game.board, s)] if private else [] for s in range(2)]
        while not game.is_terminal and states < count:
            for seat in range(2):
                observation = env.observe(f"player_{seat}")["observation"]
                info = (json.dumps(game.view(seat), sort_keys=True), tuple(tokens), tuple(seen[seat]))
                yield observation, info
            states += 1
            act = rnd.choice(game.legal_actions()[:3])
            env.step(act.index)
            tokens.append(act.token)
            for s in range(2):
                if private:
                    seen[s].append(private(game.board, s))


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_two_information_states_share_an_observation(edition):
    """20,000 states of each edition, each seen by both seats: with perfect recall, one observation is never
    shared by two different information states."""
    owner: dict[bytes, tuple] = {}
    for observation, info in _walk(edition, 20_000, True):
        key = hashlib.blake2b(observation.tobytes()).digest()
        assert owner.setdefault(key, info) == info


def test_without_recall_information_states_do_share_an_observation():
    """What the option is for: the current view alone merges histories (the same moves in another order)."""
    owner: dict[bytes, tuple] = {}
    shared = 0
    for observation, info in _walk("caylus", 6_000, False):
        shared += owner.setdefault(hashlib.blake2b(observation.tobytes()).digest(), info) != info
    assert shared > 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_observation_is_openspiels_information_state(edition):
    """The environments' vector is OpenSpiel's information-state tensor of the same position, slot for slot."""
    pyspiel = pytest.importorskip("pyspiel")
    from caylus.research.openspiel import state_from_game

    env = caylus_pz.raw_env(edition=edition, players=3, perfect_recall=True)
    env.reset(seed=11)
    rnd = random.Random(11)
    for _ in range(60):
        env.step(rnd.choice(env.game.legal_actions()).index)
    state = state_from_game(env.game)
    for seat in range(3):
        tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        assert tensor.tobytes() == env.observe(f"player_{seat}")["observation"].tobytes()
    assert pyspiel is not None


@pytest.mark.parametrize("edition", EDITIONS)
def test_reset_from_a_game_recalls_its_whole_history(edition):
    """An environment reset from a game part-way through recalls what the seats saw before it was handed over,
    as one that played those moves itself; Gymnasium's seat recalls the same as PettingZoo's."""
    played = caylus_pz.raw_env(edition=edition, players=2, perfect_recall=True)
    played.reset(seed=5)
    rnd = random.Random(5)
    while played.game.current_player != 0 or len(played.game.history) < 40:
        played.step(rnd.choice(played.game.legal_actions()).index)
    handed = caylus_pz.raw_env(edition=edition, players=2, perfect_recall=True)
    handed.reset(options={"game": played.game})
    for agent in ("player_0", "player_1"):
        assert handed.observe(agent)["observation"].tobytes() == played.observe(agent)["observation"].tobytes()
    gym = CaylusEnv(edition=edition, players=2, seat=0, perfect_recall=True)
    observation, _ = gym.reset(options={"game": played.game})
    assert observation["observation"].tobytes() == played.observe("player_0")["observation"].tobytes()
    assert gym.observation_space.contains(observation)
    recall = observation["observation"][played.encoding.size:]
    assert recall[0] == len(played.game.history) and recall.size == recall_size(played.edition.private is not None, 2)


def test_gymnasium_recalls_the_opponents_moves():
    """The learner's history holds every player action, the bots' included, in order."""
    env = CaylusEnv(edition="caylus", players=3, seat=1, perfect_recall=True)
    observation, _ = env.reset(seed=3)
    for _ in range(20):
        legal = observation["action_mask"].nonzero()[0]
        observation, _, done, _, _ = env.step(int(legal[0]))
        if done:
            break
    recall = observation["observation"][env.encoding.size:]
    ids = [a.index + 1 for a in env.game.history]
    assert recall[0] == len(ids) and list(recall[1:1 + len(ids)]) == ids and not recall[1 + len(ids):].any()
    assert recall.size == 1 + RECALL_ACTIONS


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_a_bad_perfect_recall_option_is_refused(bad):
    with pytest.raises(ValueError, match="perfect_recall"):
        caylus_pz.env(edition="caylus", players=2, perfect_recall=bad)
    with pytest.raises(ValueError, match="perfect_recall"):
        CaylusEnv(edition="caylus", players=2, perfect_recall=bad)
