"""OpenSkill (Plackett-Luce) ratings from final ranks, shared by the arena (bots against bots) and the server
(people and bots online). Both front ends import this; it imports `openskill` only when a model is made.

A rating is `(mu, sigma)`: the skill and how unsure it is; `mu - 2 sigma` to `mu + 2 sigma` holds the skill with
about 95% confidence. When one entrant fills several seats of a game (the same bot twice), each copy is rated as
an entrant of its own and the entrant's new rating is the mean of its copies'.
"""

from __future__ import annotations

Rating = tuple[float, float]  # (mu, sigma)


def ranks(scores: list[int]) -> list[int]:
    """Ranks from scores: 1 for the best, equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def model(tau: float | None = None):
    """An OpenSkill Plackett-Luce model; `tau` is the drift added before each game (None: OpenSkill's default,
    meant for people, who get better or worse between games; 0 for fixed players such as bots)."""
    from openskill.models import PlackettLuce

    return PlackettLuce() if tau is None else PlackettLuce(tau=tau)


def initial(m) -> Rating:
    return (m.mu, m.sigma)


def rate(m, ratings: dict[str, Rating], names: list[str], places: list[int]) -> dict[str, Rating]:
    """The new rating of each distinct name of a game: `names[i]` finished at rank `places[i]` (1 the best);
    a name not in `ratings` starts at the model's initial rating. `ratings` is not changed."""
    teams = [[m.rating(*ratings.get(n, initial(m)))] for n in names]
    rated = m.rate(teams, ranks=places)
    copies: dict[str, list] = {}
    for name, team in zip(names, rated):
        copies.setdefault(name, []).append(team[0])
    return {name: (sum(r.mu for r in rs) / len(rs), sum(r.sigma for r in rs) / len(rs))
            for name, rs in copies.items()}
