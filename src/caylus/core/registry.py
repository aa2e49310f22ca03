"""Edition ids and the front door, `new_game`."""

from __future__ import annotations

import importlib

from .edition import Edition
from .errors import BadOption
from .game import Game

# Edition id -> module that exports EDITION. Imported on first use.
EDITION_MODULES = {
    "caylus": "caylus.editions.classic",
    "caylus-1303": "caylus.editions.c1303",
    "magna-carta": "caylus.editions.magna_carta",
}

_loaded: dict[str, Edition] = {}


def available_editions() -> list[str]:
    """Edition ids whose rules are present in this install."""
    out = []
    for eid in EDITION_MODULES:
        try:
            get_edition(eid)
        except BadOption:
            continue
        out.append(eid)
    return out


def get_edition(edition_id: str) -> Edition:
    ed = _loaded.get(edition_id)
    if ed is not None:
        return ed
    module = EDITION_MODULES.get(edition_id)
    if module is None:
        raise BadOption(f"unknown edition {edition_id!r} (editions: {', '.join(EDITION_MODULES)})")
    try:
        ed = getattr(importlib.import_module(module), "EDITION", None)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            raise BadOption(f"edition {edition_id!r} is not implemented in this version") from None
        raise
    if ed is None:  # the package exists but declares no EDITION yet (an edition still being written)
        raise BadOption(f"edition {edition_id!r} is not implemented in this version")
    _loaded[edition_id] = ed
    return ed


def new_game(edition: str = "caylus", players: int = 4, seed: int = 0, **options) -> Game:
    """Start a game: ``new_game("caylus", players=4, seed=1, favors="simplified")``."""
    ed = get_edition(edition)
    n = ed.check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadOption(f"seed must be an integer, got {seed!r}")
    return Game(ed, n, seed, ed.normalize_options(options))


def determinize(view: dict, rng) -> Game:
    """A full game consistent with a player's `view`, the cards that player cannot see dealt at random.

    `rng` is a `caylus.core.Rng` or an integer seed. Bots of hidden-information editions plan on these,
    never on the real game. Editions without hidden information (caylus, caylus-1303) have nothing to
    re-deal and raise `BadOption`: their bots may simply `clone()` the game.
    """
    from .rng import Rng

    if not isinstance(view, dict) or "edition" not in view:
        raise BadOption("determinize needs a view from Game.view(player)")
    ed = get_edition(view["edition"])
    if ed.determinize is None:
        raise BadOption(f"edition {ed.id!r} has no hidden information to determinize")
    if not isinstance(rng, Rng):
        rng = Rng(int(rng))
    board = ed.determinize(view, rng)
    return Game.from_board(ed, view["players"], rng.state, view["options"], board)
