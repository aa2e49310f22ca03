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


def test_every_agents_mask_and_tokens_are_the_games_at_every_step_and_the_game_plays_forward_only():
    """The mask and tokens are made once a position (shared by the step's infos and `observe`): at every step each
    agent's are the game's own (the one to move: its legal actions; the others: none), and each observation's mask
    is a writable copy of its own. The game keeps no undo snapshot, and its undo stays exact."""
    for edition in ("caylus", "caylus-1303", "magna-carta"):
        env = caylus_pz.env(edition=edition, players=3)
        env.reset(seed=6)
        game = env.unwrapped.game
        assert game.keep_undo is False
        rng = np.random.default_rng(6)
        for step, agent in enumerate(env.agent_iter()):
            observation, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = {a.index for a in game.legal_actions()}
            assert set(np.flatnonzero(observation["action_mask"])) == legal
            assert info["tokens"] == game.legal_tokens()
            for other in env.possible_agents:
                if other != agent:
                    assert not env.unwrapped.observe(other)["action_mask"].any() and env.infos[other]["tokens"] == []
            observation["action_mask"][:] = 0  # the caller's copy: the next observation is whole again
            assert set(np.flatnonzero(env.unwrapped.observe(agent)["action_mask"])) == legal
            if step == 40:  # undo from the setup's snapshot (no other kept) gives the position before
                before = game.clone()
                played = game.legal_actions()[0]
                game.apply(played)
                assert game.undo() is played and game.record() == before.record()
            env.step(int(rng.choice(sorted(legal))))
        assert game.is_terminal


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
