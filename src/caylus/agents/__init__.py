"""Players that are programs. The protocol (`Agent`, `Position`, `Advice`) is in `base`; a bot is asked for a
move with what its seat may know, never with the real game of a hidden-information edition.

    >>> from caylus.agents import play_random_game
    >>> playout = play_random_game("caylus", players=4, seed=1)
    >>> playout.game.scores()        # doctest: +SKIP
"""

from .base import Advice, Agent, Position
from .random_agent import MAX_DECISIONS, Playout, RandomAgent, play_random_game

__all__ = ["MAX_DECISIONS", "Advice", "Agent", "Playout", "Position", "RandomAgent", "play_random_game"]
