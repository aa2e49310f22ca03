"""A PettingZoo loop: every seat plays uniformly random legal actions (from the action mask).

    .venv/bin/python examples/pettingzoo_random.py [--edition magna-carta] [--players 3] [--games 3]

Prints each game's rewards and scores.
"""

from __future__ import annotations

import argparse

import numpy as np

from caylus.research import pettingzoo as caylus_pz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="magna-carta")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    env = caylus_pz.env(edition=args.edition, players=args.players)
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _info = env.last()
            rewards[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        scores = env.unwrapped.game.scores()
        print(f"game {game + 1}: {steps} steps, rewards {list(rewards.values())}, scores {scores}")
    env.close()


if __name__ == "__main__":
    main()
