"""What an edition provides to the core: its data, its rules as functions on a plain board, and its options.

The core (`Game`) adds everything that is the same for every edition: validation with clear errors, forced
moves, undo, clone, records and JSON. An edition never does I/O.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import ActionSet
from .errors import BadOption, shown

TERMINAL = -4  # current_player of a finished game (OpenSpiel's kTerminalPlayerId)
# The viewer an edition's `view` and `event_for` are given for someone who holds no seat: they show what is public.
SPECTATOR = -1


@dataclass(frozen=True)
class Option:
    """One edition option, given as ``--option name=value`` or ``new_game(..., name=value)``."""

    name: str
    default: Any
    choices: tuple = ()  # allowed values; empty for a plain bool
    help: str = ""

    def parse(self, value) -> Any:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, int) and value in (0, 1):
                return value == 1
            text = str.strip(value).lower() if isinstance(value, str) else None
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise BadOption(f"option {self.name}: expected true or false, got {shown(value)}")
        text = str.strip(value) if isinstance(value, str) else None
        if text not in self.choices:
            raise BadOption(f"option {self.name}: expected one of {', '.join(self.choices)}, got {shown(value)}")
        return text


def as_int(value):
    """`value` as an int if it is an integer of another type (numpy's, say: anything with `__index__` but a bool),
    else `value` unchanged."""
    if isinstance(value, (int, str, float)):
        return value
    try:
        return operator.index(value)
    except Exception:  # not an integer, or a hostile __index__
        return value


class Board(Protocol):
    """An edition's whole game state as plain mutable data."""

    current_player: int
    terminal: bool
    events: list | None  # where `apply` says what happened (docs/events.md), or None: nothing is recorded

    def copy(self) -> "Board": ...


@dataclass(frozen=True)
class Words:
    """An edition's plain words for what a player sees, all drawn from a view (`Game.view`), never from a board,
    so that a client holding only a view can use them. The public functions in `caylus.core.words` check their
    input and call these.

    Building entries are dicts with ``id``, ``name``, ``kind``, ``text``, ``cost``, ``owner`` and ``where`` (and
    optionally ``aliases``: other names that find them, such as a token's argument).
    """

    action: Any  # (view, Action) -> str: what choosing that action does, with its costs in this position
    decision: Any  # (view) -> str: what the player to move is being asked
    buildings: Any  # (view) -> list[dict]: every building, card, character ... a player may ask about
    event: Any  # (view, event dict) -> str: the log line for one engine event
    glossary: dict  # short names of resources, phases, ... (see caylus.glossary)


@dataclass
class Edition:
    """An edition: the functions its rules module exports, bundled for the core."""

    id: str
    title: str
    actions: ActionSet
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    # (players, seed, options, events=None) -> Board. With an `events` list, the board records its events there
    # (the setup's automatic steps included); without, `board.events` is None and nothing is recorded.
    new_board: Any
    legal_actions: Any  # (board) -> list[Action], in canonical order
    apply: Any  # (board, action) -> None; mutates, then runs automatic steps up to the next decision
    why_illegal: Any  # (board, action) -> str: why a non-legal action is refused
    view: Any  # (board, player | None | SPECTATOR) -> dict of plain data
    scores: Any  # (board) -> list[int]
    player_names: tuple[str, ...] = ("Blue", "Red", "Green", "Orange", "Black")
    determinize: Any = None  # (view, rng) -> Board, for hidden-information editions
    # (board, seat) -> tuple of small ints (< 24): what only that seat sees now (its hand), for the information
    # states of research code (perfect recall); None where nothing is hidden.
    private: Any = None
    # (board) -> tuple over seats of tuples of small ints (< 24): the cards that came out of hiding that everyone
    # sees now (each discard pile), so that the information states also recall *when* a card was shown; None
    # where nothing is hidden.
    public: Any = None
    # (event, viewer) -> event: a copy of the event with what that seat (or SPECTATOR) may not know left out.
    # None where nothing is hidden: every seat knows every event.
    event_for: Any = None
    # (board) -> bool: ask the decision on top even if it has a single answer. Hidden-information editions need
    # it where the number of answers depends on hidden cards: if the engine played such a decision by itself,
    # everyone would learn that the player had no other choice.
    must_ask: Any = None
    # (event) -> str | None: why undo may not go back across this event (a card revealed to anyone, bots
    # included, or a random draw), in words; None for an event undo may cross. None where nothing is hidden or
    # drawn after the setup: undo may always go back. (Board-game sites' rule: no undo across hidden information.)
    undo_barrier: Any = None
    describe: Any = None  # (board) -> str, a text picture of the board
    # A module valuing positions for bots: evaluate(board) -> [prestige-point value per seat], parts(board, seat)
    # -> {feature: value}, GAIN_WORDS {feature: words}; every weight in its one table (heuristics.py). Optional:
    # LOOKAHEAD {level: {"candidates", "horizon", "samples", "inner"?}}, how far the `normal` and `hard` bots look.
    heuristics: Any = None
    words: Words | None = None  # plain words for actions, decisions, buildings and events
    extra: dict = field(default_factory=dict)

    def normalize_options(self, given: dict) -> dict:
        known = {o.name: o for o in self.options}
        out = {o.name: o.default for o in self.options}
        for key, value in given.items():
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise BadOption(f"edition {self.id!r} has no option {shown(key)} (options: {names})")
            out[key] = known[key].parse(value)
        return out

    def check_players(self, players) -> int:
        """The player count as an int; text of decimal digits is accepted too (records and the command line)."""
        shown_count = shown(players)
        players = as_int(players)
        if isinstance(players, str):
            text = players.strip()
            if text.isascii() and text.isdigit():  # ASCII digits only: no "1_0", no "\u0664"
                if len(text) < 7:
                    shown_count, players = text, int(text)
                else:  # out of range: no need to convert (or quote) all of its digits
                    shown_count, players = text[:6] + "...", self.max_players + 1
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(f"players must be a whole number, got {shown_count}")
        if not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"edition {self.id!r} is for {self.min_players}-{self.max_players} players, not {shown_count}"
            )
        return players
