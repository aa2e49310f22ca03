"""Win rates with their 95% intervals (Wilson), and ratings with uncertainty from OpenSkill.

OpenSkill (Plackett-Luce) rates multiplayer games from the final ranks. When the same bot fills several seats of
one game, each copy is rated as an entrant of its own and the bot's new rating is the mean of its copies'.

A bot's skill does not change from one game to the next, so the ratings leave out OpenSkill's drift term `tau`
(meant for people, who get better or worse between games): with it, sigma stops shrinking at about 1.5 however
many games are played, and two bots a few points apart could never be told apart by their intervals.
"""

from __future__ import annotations

import math

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


def ranks(scores: list[int]) -> list[int]:
    """Ranks from scores: 1 for the best, equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


class Ratings:
    """OpenSkill ratings of the arena's distinct bots, updated game by game."""

    def __init__(self, names):
        from openskill.models import PlackettLuce

        self.model = PlackettLuce(tau=0.0)  # fixed players: no drift (see above)
        self.mu = {name: self.model.mu for name in names}
        self.sigma = {name: self.model.sigma for name in names}

    def update(self, seat_names: list[str], scores: list[int]) -> None:
        teams = [[self.model.rating(mu=self.mu[n], sigma=self.sigma[n])] for n in seat_names]
        rated = self.model.rate(teams, ranks=ranks(scores))
        new: dict[str, list] = {}
        for name, team in zip(seat_names, rated):
            new.setdefault(name, []).append(team[0])
        for name, copies in new.items():
            self.mu[name] = sum(r.mu for r in copies) / len(copies)
            self.sigma[name] = sum(r.sigma for r in copies) / len(copies)

    def interval(self, name: str) -> tuple[float, float]:
        """mu +- 2 sigma: where the bot's skill lies with about 95% confidence."""
        return (self.mu[name] - 2 * self.sigma[name], self.mu[name] + 2 * self.sigma[name])
