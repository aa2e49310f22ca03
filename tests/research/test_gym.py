"""The Gymnasium environment passes Gymnasium's own checker and plays one seat against bots to the end."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import caylus
import caylus.research.gym  # noqa: F401  (registers caylus/Caylus-v0)


@pytest.mark.parametrize("edition,players", [("caylus", 3), ("caylus-1303", 2), ("magna-carta", 4)])
def test_gymnasiums_env_checker_passes(edition, players):
    env = gymnasium.make("caylus/Caylus-v0", edition=edition, players=players, seat=1)
    check_env(env.unwrapped)  # raises on any failure (it also renders in "human" mode, which prints)


def test_an_episode_with_masks_plays_the_seat_to_the_end():
    env = gymnasium.make("caylus/Caylus-v0", edition="caylus", players=3, seat=2, opponent="random")
    observation, info = env.reset(seed=5)
    steps, terminated = 0, False
    while not terminated:
        game = env.unwrapped.game
        assert game.current_player == 2
        mask = observation["action_mask"]
        assert np.array_equal(mask, info["action_mask"]) and mask.sum() == len(game.legal_actions())
        observation, reward, terminated, truncated, info = env.step(int(env.np_random.choice(np.flatnonzero(mask))))
        steps += 1
    game = env.unwrapped.game
    assert game.is_terminal and reward == game.returns()[2]
    replay, ours = caylus.new_game("caylus", players=3, seed=game.seed), 0
    for action in game.history:  # every decision of seat 2 was a step; the bots made all the others
        ours += replay.current_player == 2
        replay.apply(action)
    assert ours == steps


def test_an_illegal_action_ends_the_episode_and_changes_nothing():
    env = gymnasium.make("caylus/Caylus-v0", players=2)
    observation, _ = env.reset(seed=2)
    before = env.unwrapped.game.view(None)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and "illegal_action" in info
    assert env.unwrapped.game.view(None) == before
    strict = gymnasium.make("caylus/Caylus-v0", players=2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(caylus.IllegalAction):
        strict.step(illegal)


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="seat"):
        gymnasium.make("caylus/Caylus-v0", players=2, seat=2)
    with pytest.raises(caylus.CaylusError, match="unknown agent"):
        gymnasium.make("caylus/Caylus-v0", opponent="grandmaster")


@pytest.mark.parametrize("edition,players,opponent", [("caylus", 4, "random"), ("caylus-1303", 3, "random"),
                                                      ("magna-carta", 4, "random"), ("magna-carta", 2, "easy")])
def test_the_info_holds_the_games_scores_and_tokens_at_every_step(edition, players, opponent):
    """Scores read back from the observation (Caylus 1303, Magna Carta) are the game's own, the final ones too;
    a bot without a shortcut (`easy` chooses from a `Position`) plays as well as the random one."""
    env = caylus.research.gym.CaylusEnv(edition=edition, players=players, seat=1, opponent=opponent)
    for seed in (3, 4):
        observation, info = env.reset(seed=seed)
        terminated = False
        while True:
            game = env.unwrapped.game
            assert info["scores"] == game.scores() and all(type(s) is int for s in info["scores"])
            assert info["tokens"] == (game.legal_tokens() if not terminated else [])
            if terminated:
                break
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(legal[seed % len(legal)]))
        assert game.is_terminal and reward == game.returns()[1]


def test_the_masks_handed_out_are_copies_of_their_own():
    """The mask of each list of legal actions is kept and shared between steps and environments: what a learner
    gets (the observation's mask, the info's) is a writable copy, so writing one changes no other."""
    env = caylus.research.gym.CaylusEnv(edition="caylus", players=2, seat=0)
    other = caylus.research.gym.CaylusEnv(edition="caylus", players=2, seat=0)
    observation, info = env.reset(seed=7)
    mask = observation["action_mask"]
    legal = mask.copy()
    assert mask.flags.writeable and info["action_mask"].flags.writeable and mask is not info["action_mask"]
    mask[:] = 1
    info["action_mask"][:] = 0
    again, again_info = other.reset(seed=7)  # the same position: the same kept mask
    assert np.array_equal(again["action_mask"], legal) and np.array_equal(again_info["action_mask"], legal)
    assert again_info["tokens"] == other.unwrapped.game.legal_tokens()
    again_info["tokens"].append("place:nowhere")
    assert other._info()["tokens"] == other.unwrapped.game.legal_tokens()
