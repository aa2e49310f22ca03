"""The greedy bot: tries every legal action one decision ahead and keeps the one whose position the edition's
heuristics value most (its margin over the best other seat).

When an action leaves the same seat to decide again (pay with which cube, a second batch...), it looks through
those follow-ups too, greedily, so that a building is judged with its cost paid. With `noise`, it sometimes
slips: the `easy` level.
"""

from __future__ import annotations

import random

from caylus.core.words import describe_action

from .base import Advice, Position
from .evaluation import gains, margin, reason_text, values

FOLLOW_UPS = 4  # how many of its own follow-up decisions the bot looks through after an action


def _best_after(game, seat: int, follow_ups: int, slip=None):
    """The game after the seat's best action here (ties: the first in canonical order), its own next
    `follow_ups` decisions played greedily too, and the seat's margin there. `slip()`, if given, is added to
    each action's value (a player who sometimes misjudges)."""
    best, best_value = None, None
    for action in game.legal_actions():
        g = game.clone()
        g.apply(action)
        if follow_ups:
            g, v = settle(g, seat, follow_ups)
        else:
            v = margin(values(g), seat)
        if slip is not None:
            v += slip()
        if best_value is None or v > best_value:
            best, best_value = g, v
    return best, best_value


def settle(game, seat: int, depth: int = FOLLOW_UPS):
    """The game after the seat's own follow-up decisions, each played greedily (by value alone), and the seat's
    margin there (the margin the last follow-up was chosen by: the position is not valued twice)."""
    value = None
    while depth and not game.is_terminal and game.current_player == seat:
        game, value = _best_after(game, seat, 0)
        depth -= 1
    if value is None:
        value = margin(values(game), seat)
    return game, value


def ranked_after(game, seat: int, actions=None):
    """Every action of `seat` here (`actions`, or all legal ones), best first by the greedy's value, ties in
    canonical order: (value, index, action, the game after it and the seat's follow-ups)."""
    scored = []
    for i, action in enumerate(game.legal_actions() if actions is None else actions):
        g = game.clone()
        g.apply(action)
        g, value = settle(g, seat)
        scored.append((value, i, action, g))
    scored.sort(key=lambda s: (-s[0], s[1]))
    return scored


def greedy_successor(game):
    """The game after the player to move plays as the greedy bot would (its follow-ups included), on a clone.

    This is the greedy policy on a full game, for search that plays games on greedily; ties go to the first
    action in canonical order, as in `GreedyAgent`."""
    legal = game.legal_actions()
    if len(legal) == 1:  # nothing to weigh
        g = game.clone()
        g.apply(legal[0])
        return g
    return _best_after(game, game.current_player, FOLLOW_UPS)[0]


def slipping_successor(rng: random.Random, noise: float):
    """The greedy policy with a Gaussian slip of `noise` prestige points on each action's value, drawn from
    `rng`, as a successor for search. Where nothing is hidden a greedy future is one fixed line of play, and a
    single line swings by many points on small differences (who takes which building first); futures that
    slip a little, several a move with the same draws for every move compared, average that out."""
    def slip() -> float:
        return rng.gauss(0.0, noise)

    def successor(game):
        legal = game.legal_actions()
        if len(legal) == 1:
            g = game.clone()
            g.apply(legal[0])
            return g
        return _best_after(game, game.current_player, FOLLOW_UPS, slip)[0]
    return successor


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None, noise: float = 0.0):
        self.rng = random.Random(seed)
        self.noise = noise  # standard deviation, in prestige points, added to each action's value

    def _world(self, position: Position):
        world = position.sample(self.rng.getrandbits(63))
        world.keep_undo = False  # it is tried on clones and never taken back: no undo snapshots to pay for
        return world

    def rank(self, position: Position):
        """Every legal action with its value and the game after it (best first; ties in canonical order)."""
        world = self._world(position)
        return world, ranked_after(world, position.player, position.legal)

    def choose(self, position: Position):
        if len(position.legal) == 1:
            return position.legal[0]
        _world, scored = self.rank(position)
        if self.noise:
            noisy = [(v + self.rng.gauss(0.0, self.noise), i, a) for v, i, a, _g in scored]
            return max(noisy, key=lambda s: (s[0], -s[1]))[2]
        return scored[0][2]

    def explain(self, position: Position, top: int = 3) -> list[Advice]:
        world, scored = self.rank(position)
        return [Advice(action, value, reason_text(describe_action(position.view, action.token),
                                                  gains(world, g, position.player)))
                for value, _i, action, g in scored[:top]]
