"""Players that are programs. They use only the public API: `legal_actions()`, `apply()`, `view(player)`.

    >>> from caylus.agents import play_random_game
    >>> playout = play_random_game("caylus", players=4, seed=1)
    >>> playout.game.scores()        # doctest: +SKIP
"""

from .random_agent import MAX_DECISIONS, Playout, RandomAgent, play_random_game

__all__ = ["MAX_DECISIONS", "Playout", "RandomAgent", "play_random_game"]
