"""The one protocol every player that is a program follows, and the one honest way to ask it for a move.

A bot is handed a `Position`: what its seat may know when it must decide. That is the seat's `view`, the
`legal` actions, and `sample(rng)`, which returns a full game consistent with the view to plan on: a clone of
the real game where nothing is hidden (Caylus 2005, Caylus 1303), a game re-dealt by `caylus.determinize`
where something is (Magna Carta). A bot of a hidden-information edition never receives the real `Game`.

    class MyBot:
        name = "mine"
        def choose(self, position: Position) -> Action: ...
        def explain(self, position: Position, top: int = 3) -> list[Advice]: ...   # optional

Any object with a `choose(position)` method is an agent; `explain`, where a bot has it, is what hints use.
Agents own their randomness (`random.Random(seed)`): the same seed, the same moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from caylus.core import Action, Game
from caylus.core.errors import CaylusError
from caylus.core.registry import determinize
from caylus.core.rng import Rng


class BadAgent(CaylusError, ValueError):
    """An agent name that names no agent (a level, a style or an expert's setting that does not exist)."""


class Position:
    """What the seat `player` may know when it must decide, built from the real game by the game loop.

    `edition` (the `Edition`), `player`, `view` (`Game.view(player)`: plain data, JSON-ready), `legal`
    (the legal `Action`s, canonical order), `decisions` (how many actions players have chosen so far: a clock
    that only moves forward), `hidden` (whether the edition hides anything from this seat).
    """

    __slots__ = ("edition", "player", "view", "legal", "decisions", "hidden", "_game")

    def __init__(self, game: Game, player: int | None = None):
        if game.is_terminal:
            raise ValueError("Position: the game is over, nobody is to decide")
        self.player = game.current_player if player is None else player
        self.edition = game.edition
        self.view = game.view(self.player)
        self.legal = list(game.legal_actions()) if self.player == game.current_player else []
        self.decisions = len(game.history)
        self.hidden = game.edition.determinize is not None
        # Where nothing is hidden, the game itself is what the seat may know; keep a private copy to clone from.
        # Where something is hidden, keep nothing but the view.
        self._game = None if self.hidden else game.clone()

    @classmethod
    def from_view(cls, view: dict, decisions: int) -> "Position":
        """The position of a seat of a hidden-information edition, rebuilt from plain data alone: its `view`
        (`Game.view(player)` of the seat to move) and the decision count. What a process that never holds the
        real game (the server's bot workers) decides from. `ValueError` for a view that is not a seat's to
        move, or for an edition that hides nothing (there the seat knows the whole game: use `Position(game)`)."""
        from caylus.core.registry import get_edition

        edition = get_edition(view.get("edition") if isinstance(view, dict) else None)
        if edition.determinize is None:
            raise ValueError(f"Position.from_view: edition {edition.id!r} hides nothing; build the position "
                             f"from the game")
        player = view.get("viewer")
        if player is None or player != view.get("current_player"):
            raise ValueError("Position.from_view: the view is not that of the seat to move")
        self = cls.__new__(cls)
        self.player = player
        self.edition = edition
        self.view = view
        self.legal = [edition.actions.parse(t) for t in view["legal_actions"]]
        self.decisions = decisions
        self.hidden = True
        self._game = None
        return self

    @property
    def num_players(self) -> int:
        return self.view["players"]

    def sample(self, rng: Rng | int) -> Game:
        """A full game consistent with this seat's view, to plan on (the caller may change it freely).

        Perfect information: a clone of the game. Hidden information: the unseen cards dealt at random by
        `caylus.determinize(view, rng)`, so each call with a different `rng` is a different possible world.
        """
        if self._game is not None:
            return self._game.clone()
        return determinize(self.view, rng)


@dataclass(frozen=True)
class Advice:
    """One action a bot recommends, how good it thinks it is, and why in plain words."""

    action: Action
    value: float  # the bot's own scale; higher is better for the seat to move
    reason: str  # one line, e.g. "Build the Sawmill: 2 more wood a turn for 6 turns"


@runtime_checkable
class Agent(Protocol):
    """A player that is a program: `choose(position)` returns one of `position.legal`."""

    name: str

    def choose(self, position: Position) -> Action: ...
