"""A Gymnasium loop: seat 0 plays random legal actions (from the action mask) against our bots.

    .venv/bin/python examples/gym_masks.py [--edition caylus] [--players 3] [--episodes 3] [--opponent random]

Prints each episode's reward, length and final scores.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import caylus.research.gym  # noqa: F401  (registers caylus/Caylus-v0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="caylus")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--opponent", default="random", help="the bots' level (caylus.agents.levels)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    env = gymnasium.make("caylus/Caylus-v0", edition=args.edition, players=args.players, seat=0,
                         opponent=args.opponent)
    for episode in range(args.episodes):
        observation, info = env.reset(seed=args.seed + episode)
        steps, done, reward = 0, False, 0.0
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(env.np_random.choice(legal)))
            steps += 1
            done = terminated or truncated
        print(f"episode {episode + 1}: reward {reward}, {steps} steps, scores {info['scores']}")
    env.close()


if __name__ == "__main__":
    main()
