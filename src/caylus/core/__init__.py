"""Edition-independent machinery: actions, errors, the seeded RNG, the `Game` wrapper, records. No I/O."""

from .actions import Action, ActionSet
from .edition import TERMINAL, Edition, Option, Words
from .errors import BadOption, BadRecord, CaylusError, IllegalAction
from .game import ENGINE_VERSION, Game
from .record import load_record, parse_record
from .registry import available_editions, determinize, get_edition, new_game
from .rng import Rng

__all__ = [
    "Action", "ActionSet", "BadOption", "BadRecord", "CaylusError", "ENGINE_VERSION", "Edition", "Game",
    "IllegalAction", "Option", "determinize", "Rng", "TERMINAL", "available_editions", "get_edition", "load_record",
    "new_game", "parse_record", "Words",
]
