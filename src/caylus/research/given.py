"""Resetting an environment to a given game: the `options={"game": game}` of PettingZoo's and Gymnasium's reset."""

from __future__ import annotations

from caylus import Game


def given_game(options, edition, players: int, env_options: dict) -> Game | None:
    """A copy of the game `options` names for an environment of `edition`, `players` and `env_options` to play
    on (the caller's game is left alone), or None when `options` names none. `ValueError` for a game of another edition, player
    count or options, or a game that is over."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise ValueError(f"reset options must be a dict, not {type(options).__name__}")
    # Other keys are left alone: test suites (PettingZoo's api_test) pass reset options of their own.
    game = options.get("game")
    if game is None:
        return None
    if not isinstance(game, Game):
        raise ValueError(f"reset option game must be a caylus Game, not {type(game).__name__}")
    if game.edition is not edition or game.num_players != players \
            or game.options != edition.normalize_options(env_options):
        raise ValueError(f"the game is {game.edition.id} for {game.num_players} with {game.options}; this "
                         f"environment plays {edition.id} for {players} with "
                         f"{edition.normalize_options(env_options)}")
    if game.is_terminal:
        raise ValueError("the game is over: there is nothing left to play")
    return game.clone()
