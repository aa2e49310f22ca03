"""Win rates with their 95% intervals (Wilson), and ratings with uncertainty from OpenSkill.

OpenSkill (Plackett-Luce, caylus.skill: shared with the server) rates multiplayer games from the final ranks.

A bot's skill does not change from one game to the next, so the ratings leave out OpenSkill's drift term `tau`
(meant for people, who get better or worse between games): with it, sigma stops shrinking at about 1.5 however
many games are played, and two bots a few points apart could never be told apart by their intervals.
"""

from __future__ import annotations

import math

from caylus.skill import model, rate, ranks  # noqa: F401 (ranks: the arena's callers use it here)

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (shared wins count as shares)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class Ratings:
    """OpenSkill ratings of the arena's distinct bots, updated game by game."""

    def __init__(self, names):
        self.model = model(tau=0.0)  # fixed players: no drift (see above)
        self.mu = {name: self.model.mu for name in names}
        self.sigma = {name: self.model.sigma for name in names}

    def update(self, seat_names: list[str], scores: list[int]) -> None:
        current = {n: (self.mu[n], self.sigma[n]) for n in seat_names}
        for name, (mu, sigma) in rate(self.model, current, seat_names, ranks(scores)).items():
            self.mu[name], self.sigma[name] = mu, sigma

    def interval(self, name: str) -> tuple[float, float]:
        """mu +- 2 sigma: where the bot's skill lies with about 95% confidence."""
        return (self.mu[name] - 2 * self.sigma[name], self.mu[name] + 2 * self.sigma[name])
