"""Shared by the generic tests: every (edition, player count, options) configuration, and careful random play.

The configurations are read from the editions themselves (`min_players`, `max_players`, `options`), so a new
edition is tested as soon as `caylus.available_editions()` lists it.
"""

from __future__ import annotations

import itertools
import os
import random
from typing import NamedTuple

import caylus

# Bound on the decisions of one game: a real game takes a few hundred.
MAX_DECISIONS = 5_000


class Config(NamedTuple):
    edition: str
    players: int
    option_items: tuple  # ((name, value), ...) in the edition's option order

    @property
    def options(self) -> dict:
        return dict(self.option_items)

    def new_game(self, seed: int) -> caylus.Game:
        return caylus.new_game(self.edition, players=self.players, seed=seed, **self.options)

    def __str__(self) -> str:
        opts = ",".join(f"{k}={str(v).lower()}" for k, v in self.option_items)
        return f"{self.edition}-{self.players}p" + (f"-{opts}" if opts else "")


def option_combinations(edition) -> list[tuple]:
    """Every combination of option values; past 8 combinations, the defaults plus one change at a time."""
    values = [(o.name, (False, True) if isinstance(o.default, bool) else tuple(o.choices)) for o in edition.options]
    combos = [tuple(zip([n for n, _ in values], vs)) for vs in itertools.product(*[v for _, v in values])]
    if len(combos) <= 8:
        return combos
    defaults = tuple((o.name, o.default) for o in edition.options)
    out = [defaults]
    for i, (name, vs) in enumerate(values):
        for v in vs:
            if v != defaults[i][1]:
                out.append(defaults[:i] + ((name, v),) + defaults[i + 1:])
    return out


def all_configurations() -> list[Config]:
    configs = []
    for eid in caylus.available_editions():
        ed = caylus.get_edition(eid)
        for players in range(ed.min_players, ed.max_players + 1):
            for combo in option_combinations(ed):
                configs.append(Config(eid, players, combo))
    return configs


CONFIGS = all_configurations()
EDITIONS = caylus.available_editions()


def games_per_configuration() -> int:
    """Games each check plays per configuration: CAYLUS_CONFORMANCE_GAMES, or what keeps the suite fast."""
    given = os.environ.get("CAYLUS_CONFORMANCE_GAMES")
    if given:
        return max(1, int(given))
    # About 50 games per check in all, spread over the configurations, at least 2 each.
    return max(2, 50 // max(1, len(CONFIGS)))


GAMES = games_per_configuration()


def describe_game(game: caylus.Game) -> str:
    """Everything needed to reproduce a failure: the configuration, the seed and the record so far."""
    try:
        record = game.record()
    except Exception as exc:  # noqa: BLE001 - a broken game is exactly what we are reporting
        record = f"(record() raised {exc!r}) moves: " + " ".join(a.token for a in game.history)
    return f"\n--- the game so far ---\n{record}"


def apply_legal(game: caylus.Game, action) -> None:
    """Apply a legal action; any exception is a conformance failure, reported with the record so far."""
    try:
        played = game.apply(action)
    except Exception as exc:
        raise AssertionError(f"the legal action {action} raised {exc!r}{describe_game(game)}") from exc
    assert played is action, f"apply({action}) returned {played!r}, not the interned action"


def random_playout(game: caylus.Game, rng: random.Random, on_decision=None) -> caylus.Game:
    """Play `game` to its end with random legal actions; `on_decision(game)` runs before each choice."""
    for _ in range(MAX_DECISIONS):
        if game.is_terminal:
            return game
        if on_decision is not None:
            on_decision(game)
        apply_legal(game, rng.choice(game.legal_actions()))
    raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions{describe_game(game)}")


def seeds(offset: int, count: int = GAMES) -> range:
    """Distinct seeds for each check, so the checks between them cover more games."""
    return range(offset + 1, offset + 1 + count)
