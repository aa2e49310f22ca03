"""The PettingZoo AEC environment passes PettingZoo's own API test and plays whole games with masks."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

import caylus
from caylus.research import pettingzoo as caylus_pz

CASES = [("caylus", 2), ("caylus", 5), ("caylus-1303", 3), ("magna-carta", 2), ("magna-carta", 4)]


@pytest.mark.parametrize("edition,players", CASES)
def test_pettingzoos_api_test_passes(edition, players):
    api_test(caylus_pz.env(edition=edition, players=players), num_cycles=200)


def test_a_random_game_ends_with_the_winners_rewarded():
    env = caylus_pz.env(edition="magna-carta", players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        total[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() == len(info["tokens"]) >= 1
        env.step(int(rng.choice(np.flatnonzero(mask))))
    game = env.unwrapped.game
    assert game.is_terminal and [total[a] for a in env.possible_agents] == game.returns()
    again = caylus.load_record(game.record())  # the game is a real one: its record replays
    assert again.scores() == game.scores()


def test_the_same_seed_gives_the_same_game():
    a, b = caylus_pz.env(players=3), caylus_pz.env(players=3)
    a.reset(seed=9)
    b.reset(seed=9)
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])
    assert a.unwrapped.game.seed == 9


def test_bad_settings_and_illegal_actions_are_refused():
    with pytest.raises(caylus.BadOption):
        caylus_pz.env(edition="caylus", players=9)
    env = caylus_pz.raw_env(players=2)
    env.reset(seed=1)
    legal = {a.index for a in env.game.legal_actions()}
    illegal = next(i for i in range(len(env.edition.actions)) if i not in legal)
    before = env.game.view(None)
    with pytest.raises(caylus.IllegalAction):
        env.step(illegal)
    assert env.game.view(None) == before


@pytest.mark.parametrize("bad", [-1, 10_000, 2.5, "place:castle", None])
def test_the_wrapped_env_refuses_an_action_out_of_range_changing_nothing(bad):
    """Without PettingZoo's AssertOutOfBoundsWrapper, the environment itself refuses what is no action id."""
    env = caylus_pz.env(players=2)
    env.reset(seed=4)
    before = (env.unwrapped.game.view(None), env.agent_selection, dict(env.unwrapped._cumulative_rewards))
    with pytest.raises(caylus.IllegalAction):
        env.step(bad)
    assert (env.unwrapped.game.view(None), env.agent_selection, dict(env.unwrapped._cumulative_rewards)) == before


def test_the_wrapped_env_keeps_pettingzoos_call_order_checks():
    """`env()` is still PettingZoo's OrderEnforcingWrapper (a faster subclass): nothing is read before reset."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    env = caylus_pz.env(players=2)
    assert isinstance(env, OrderEnforcingWrapper)
    for read in (lambda: env.agents, lambda: env.agent_selection, lambda: env.last(), lambda: env.rewards):
        with pytest.raises(AttributeError, match="before reset"):
            read()
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    assert env.agents == ["player_0", "player_1"] and env.agent_selection == env.unwrapped.agent_selection
    observation, *_ = env.last()
    assert observation["observation"].tobytes() == env.unwrapped.observe(env.agent_selection)["observation"].tobytes()
    assert env.last(observe=False)[0] is None
