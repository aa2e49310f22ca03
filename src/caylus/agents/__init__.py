"""Players that are programs. The protocol (`Agent`, `Position`, `Advice`) is in `base`; a bot is asked for a
move with what its seat may know, never with the real game of a hidden-information edition.

    >>> from caylus.agents import play_random_game
    >>> playout = play_random_game("caylus", players=4, seed=1)
    >>> playout.game.scores()        # doctest: +SKIP
"""

from .base import Advice, Agent, Position
from .greedy import GreedyAgent
from .lookahead import LookaheadAgent
from .levels import LEVELS, BadAgent, make_agent
from .mcts import MCTSAgent
from .play import play_game
from .random_agent import MAX_DECISIONS, Playout, RandomAgent, play_random_game

__all__ = [
    "LEVELS", "MAX_DECISIONS", "Advice", "Agent", "BadAgent", "GreedyAgent", "LookaheadAgent", "MCTSAgent",
    "Playout", "Position", "RandomAgent", "make_agent", "play_game", "play_random_game",
]
