"""Turning an edition's position values into what search compares: margins, rewards and reasons.

The edition's `heuristics` gives each seat's position in prestige points. A bot cares about beating the others,
so it looks at its *margin* over the best other seat, and search turns margins (and, at the end, ranks) into
rewards between 0 and 1.
"""

from __future__ import annotations

import math
import re
from operator import mul

# A margin of this many prestige points is "clearly ahead": the reward's curve is steepest below it.
MARGIN_SCALE = 12.0


def values(game) -> list[float]:
    """Each seat's position in prestige points, by the edition's heuristics."""
    return game.edition.heuristics.evaluate(game.board)


def leaf_values(game, leaf: dict[str, float] | None) -> list[float]:
    """Each seat's position where a look ahead stops, with some features counted at a share of their worth
    (`leaf`: feature -> share, from the edition's `LOOKAHEAD` setting). What is already banked (prestige, cubes)
    is certain; what the workers on the board should bring is a plan the next moves may still undo, and a future
    cut there would otherwise trade certain prestige for it (the castle: passing to keep cubes for a worker sent
    there next turn). At the end of the game, the final scores."""
    if not leaf or game.is_terminal:
        return values(game)
    h = game.edition.heuristics
    b = game.board
    w = h.weights(b)
    scaled = tuple(wx * leaf.get(name, 1.0) for name, wx in zip(h.FEATURES, w))
    return [sum(map(mul, scaled, row)) for row in h.amounts(b, w)]


def margin(vals: list[float], seat: int) -> float:
    """How far `seat` is ahead of the best other seat (negative when behind)."""
    return vals[seat] - max(vals[:seat] + vals[seat + 1:])  # slices: bots take thousands of margins a second


def rewards(vals: list[float], terminal: bool) -> list[float]:
    """A reward in [0, 1] for every seat: half from the rank (others beaten, ties counting half), half from the
    margin over the best other seat. At the end of a game the rank is the real result; before, an estimate.
    Rewarding margin and rank, not win/loss alone, keeps search learning when the game is already decided."""
    n = len(vals)
    out = []
    for p, v in enumerate(vals):
        beaten = sum(1.0 if v > w else 0.5 if v == w else 0.0 for q, w in enumerate(vals) if q != p)
        rank = beaten / (n - 1)
        m = margin(vals, p)
        out.append(0.5 * rank + 0.25 * (1.0 + math.tanh(m / MARGIN_SCALE)))
    return out


def gains(game_before, game_after, seat: int) -> list[tuple[str, float, float]]:
    """What changed for `seat`, feature by feature: (words, change in amount, change in value), largest first."""
    h = game_before.edition.heuristics
    before, after = h.parts(game_before.board, seat), h.parts(game_after.board, seat)
    raw_before = dict(zip(h.FEATURES, h.amounts(game_before.board)[seat]))
    raw_after = dict(zip(h.FEATURES, h.amounts(game_after.board)[seat]))
    out = []
    for name in h.FEATURES:
        dv = after[name] - before[name]
        da = raw_after[name] - raw_before[name]
        if abs(da) > 1e-9:
            out.append((h.GAIN_WORDS.get(name, name), da, dv))
    out.sort(key=lambda g: -abs(g[2]))
    return out


_PLURAL = re.compile(r"(\w+)\((\w+)\)")  # "denier(s)", "batch(es)": the ending a number other than 1 adds


def counted(amount: float, words: str) -> str:
    """A signed amount and the words for what changed, in the number the amount asks for: the edition's
    `GAIN_WORDS` mark a plural ending in brackets ("denier(s)" reads "+1 denier", "-2 deniers")."""
    number = f"{amount:+.0f}" if abs(amount - round(amount)) < 1e-9 else f"{amount:+.1f}"
    one = number in ("+1", "-1")
    return f"{number} " + _PLURAL.sub(lambda m: m[1] if one else m[1] + m[2], words)


def reason_text(action_words: str, changes: list[tuple[str, float, float]], limit: int = 3) -> str:
    """One line: the action in words, then what it brings and costs ("+1 wood, -2 deniers")."""
    shown = [counted(amount, words) for words, amount, _value in changes[:limit]]
    return f"{action_words}: {', '.join(shown)}" if shown else f"{action_words}: nothing changes at once"
