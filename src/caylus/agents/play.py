"""The one loop that plays a game between agents: each is asked for a move through a `Position` (what its seat
may know), and its choice is applied to the real game. The arena, the terminal game and the server use it."""

from __future__ import annotations

import time
from typing import Callable, Sequence

from caylus.core import Game, IllegalAction

from .base import Position
from .random_agent import MAX_DECISIONS


def ask(agent, game: Game):
    """`agent`'s move for the seat to move in `game`; an agent that answers an illegal move is an error."""
    action = agent.choose(Position(game))
    if action not in game.legal_actions():
        token = getattr(action, "token", action)
        raise IllegalAction(f"the agent {getattr(agent, 'name', agent)!r} chose {token!r}, which is not legal now")
    return action


def play_game(game: Game, agents: Sequence, on_move: Callable | None = None,
              max_decisions: int = MAX_DECISIONS) -> Game:
    """Play `game` to its end, seat p played by `agents[p]`; `on_move(game, player, action, seconds)` is called
    after each move (statistics, records, a progress bar). Returns the game."""
    if len(agents) != game.num_players:
        raise ValueError(f"play_game: {len(agents)} agents for {game.num_players} seats")
    decisions = 0
    while not game.is_terminal:
        if decisions >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        player = game.current_player
        start = time.perf_counter()
        action = ask(agents[player], game)
        seconds = time.perf_counter() - start
        game.apply(action)
        decisions += 1
        if on_move is not None:
            on_move(game, player, action, seconds)
    return game
