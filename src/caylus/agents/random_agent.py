"""The uniformly random player, and the one random-playout loop that `caylus sim`, `caylus bench` and the
conformance tests all share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from caylus.core import Action, Game, new_game

from caylus.core.words import describe_action

from .base import Advice, Position

# A guard against an edition that never ends: real games take a few hundred decisions.
MAX_DECISIONS = 100_000


class RandomAgent:
    """Chooses uniformly among the legal actions, with its own seeded `random.Random`.

    It looks at nothing but the legal actions, so it plays every edition, hidden information included.
    """

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Action:
        return self.rng.choice(position.legal)

    def explain(self, position: Position, top: int = 3) -> list[Advice]:
        """A random player has no preference: the first few legal moves, all valued alike."""
        return [Advice(a, 0.0, f"{describe_action(position.view, a.token)}: a random player values every move alike")
                for a in position.legal[:top]]

    def choose_in(self, game: Game) -> Action | None:
        """The same choice, straight from a game: the playout loop's shortcut (it builds no `Position`, and asks
        the game for its legal actions once a decision); None once the game is over."""
        legal = game.legal_actions()
        return self.rng.choice(legal) if legal else None


@dataclass
class Playout:
    """How one random game went: the game as it stands, and the exception that stopped it, if any."""

    seed: int
    game: Game | None  # None only if the setup itself raised
    decisions: int  # actions chosen by players (forced moves are not decisions)
    error: BaseException | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def record(self) -> str:
        """The game record so far (for an error report), or a note saying why there is none."""
        if self.game is None:
            return "# no record: the setup itself failed\n"
        try:
            return self.game.record()
        except Exception as exc:  # a broken board may fail to score; the moves are still worth reporting
            moves = "\n".join(a.token for a in self.game.history)
            return f"# record() raised {exc!r}; the moves so far:\n{moves}\n"


def play_random_game(edition: str, players: int, seed: int, options: dict | None = None,
                     agent: RandomAgent | None = None, max_decisions: int = MAX_DECISIONS) -> Playout:
    """Play one game to its end with uniformly random legal actions.

    The game uses `seed`, and so does the agent unless one is given, so (edition, players, seed, options)
    names the whole game. An exception does not escape: it is returned in `Playout.error` with the game as it
    stood, so that callers can report the seed and the record so far.
    """
    if agent is None:
        agent = RandomAgent(seed)
    game = None
    try:
        game = new_game(edition, players=players, seed=seed, **(options or {}))
        game.keep_undo = False  # a playout never undoes: no snapshot per action (undo would still be exact)
        apply, choose, history = game.apply, agent.choose_in, game.history
        while (action := choose(game)) is not None:  # None once the game is over
            if len(history) >= max_decisions:
                raise RuntimeError(f"the game did not end within {max_decisions} decisions")
            apply(action)
    except Exception as exc:
        return Playout(seed, game, 0 if game is None else len(game.history), exc)
    return Playout(seed, game, len(game.history))  # the history holds the decisions (forced moves are not kept)
