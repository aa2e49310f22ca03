"""OpenSpiel's MCTS bot plays Caylus against one of our bots, through the pyspiel game.

    .venv/bin/python examples/openspiel_mcts.py [--simulations 20] [--opponent greedy] [--seed 1]

Prints the final scores and who won. Runs in well under a minute with the defaults.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import caylus.research.openspiel  # noqa: F401  (registers python_caylus)
from caylus.agents import Position
from caylus.agents.levels import make_agent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations per move")
    parser.add_argument("--opponent", default="greedy", help="our bot's level (caylus.agents.levels)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game("python_caylus", {"players": 2, "seed": args.seed, "setups": 1})
    rng = np.random.RandomState(args.seed)
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                            evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    opponent = make_agent(args.opponent, args.seed)
    state = game.new_initial_state()
    state.apply_action(0)  # the one setup: engine seed --seed
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(searcher.step(state))
        else:
            state.apply_action(opponent.choose(Position(state.engine)).index)
    scores = state.engine.scores()
    winners = " and ".join(("MCTS", args.opponent)[p] for p in state.engine.winners())
    print(f"MCTS ({args.simulations} simulations) {scores[0]} - {scores[1]} {args.opponent}: {winners} won")


if __name__ == "__main__":
    main()
