"""caylus: a faithful rules engine for the Caylus family of board games.

    >>> import caylus
    >>> game = caylus.new_game("caylus", players=4, seed=1)
    >>> game.legal_actions()[:3]          # doctest: +SKIP
    >>> game.apply("pass")                # an Action or its text token

See docs/api.md for the whole public API and docs/notation.md for the action tokens.
"""

from .core import (
    TERMINAL,
    Action,
    BadOption,
    BadRecord,
    CaylusError,
    Game,
    IllegalAction,
    available_editions,
    determinize,
    get_edition,
    load_record,
    new_game,
)
from .core.game import ENGINE_VERSION as __version__
from .core.words import (
    building_names,
    describe_action,
    describe_building,
    describe_decision,
    describe_event,
    glossary,
)


def replay(text: str) -> Game:
    """Replay a text game record; the `Game` after its last action."""
    return load_record(text)


__all__ = [
    "TERMINAL", "Action", "BadOption", "BadRecord", "CaylusError", "Game", "IllegalAction",
    "available_editions", "determinize", "get_edition", "load_record", "new_game", "replay", "__version__",
    "building_names", "describe_action", "describe_building", "describe_decision", "describe_event", "glossary",
]
