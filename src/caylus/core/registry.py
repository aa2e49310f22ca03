"""Edition ids and the front door, `new_game`."""

from __future__ import annotations

import importlib

from .edition import Edition, as_int
from .errors import BadOption, shown
from .game import Game

SEEDS = 1 << 64  # a seed is an integer from 0 to 2**64 - 1: the random generator's whole state

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
    if not isinstance(edition_id, str):
        raise BadOption(f"an edition id is text such as 'caylus', not {shown(edition_id)}")
    ed = _loaded.get(edition_id)
    if ed is not None:
        return ed
    module = EDITION_MODULES.get(edition_id)
    if module is None:
        raise BadOption(f"unknown edition {shown(edition_id)} (editions: {', '.join(EDITION_MODULES)})")
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
    return Game(ed, n, check_seed(seed), ed.normalize_options(options))


def check_seed(seed) -> int:
    """`seed` if it is a valid seed, else `BadOption`: seeds are the integers 0 to 2**64-1 (no two give one game)."""
    seed = as_int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadOption(f"seed must be an integer, got {shown(seed)}")
    if not 0 <= seed < SEEDS:
        raise BadOption(f"seed must be from 0 to 2**64-1, got {shown(seed)}")
    return seed


def determinize(view: dict, rng) -> Game:
    """A full game consistent with a player's `view`, the cards that player cannot see dealt at random.

    `rng` is a `caylus.core.Rng` or an integer seed. Bots of hidden-information editions plan on these,
    never on the real game. Editions without hidden information (caylus, caylus-1303) have nothing to
    re-deal and raise `BadOption`: their bots may simply `clone()` the game.
    """
    from .rng import Rng

    if not isinstance(view, dict) or not isinstance(view.get("edition"), str):
        raise BadOption("determinize needs a view from Game.view(player)")
    ed = get_edition(view["edition"])
    if ed.determinize is None:
        raise BadOption(f"edition {ed.id!r} has no hidden information to determinize")
    if isinstance(rng, bool) or not isinstance(rng, (int, Rng)):
        raise BadOption(f"determinize: rng must be an integer seed or a caylus.core.Rng, not {shown(rng)}")
    for key in ("players", "options", "viewer"):
        if key not in view:
            raise BadOption(f"determinize: the view has no {key!r}")
    players = view["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadOption(f"determinize: the view's players must be a whole number, got {shown(players)}")
    ed.check_players(players)
    if not isinstance(view["options"], dict):
        raise BadOption("determinize: the view's options must be a dict")
    options = ed.normalize_options(view["options"])
    viewer = view["viewer"]
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players):
        raise BadOption(f"determinize: the view's viewer must be a seat (0-{players - 1}) or None, got {shown(viewer)}")
    rng = rng if isinstance(rng, Rng) else Rng(rng)
    board = ed.determinize(view, rng)
    inconsistent = "determinize: the view is inconsistent (no game shows it: its values do not fit together)"
    try:
        game = Game.from_board(ed, players, rng.state, options, board)
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError):
        # The edition checks the view's shape, not every rule its values obey together: values that no game
        # reaches may trip the rules as the forced moves are played (the check below refuses the others).
        raise BadOption(inconsistent) from None
    # A determinization shows its viewer exactly the view it was dealt from, and it can be played on.
    if game.view(viewer) != view or not (game.is_terminal or game.legal_actions()):
        raise BadOption(inconsistent)
    return game


def game_from_dealt(edition: str, players, seed, options: dict, dealt) -> Game:
    """The game a determinized game's record or JSON starts from: the board it was dealt (`Game.dealt()`, an
    omniscient view), with no history. `BadOption` if that is not a whole board of this edition and these players
    and options."""
    ed = get_edition(edition)
    if ed.determinize is None:
        raise BadOption(f"edition {ed.id!r} deals no hidden cards: its games start from their seed")
    players = ed.check_players(players)
    seed = check_seed(seed)
    options = ed.normalize_options(options)
    if not isinstance(dealt, dict) or dealt.get("viewer", 0) is not None or "rng" not in dealt:
        raise BadOption("the dealt board must be an omniscient view (Game.dealt())")
    if dealt.get("players") != players or dealt.get("options") != options:
        raise BadOption("the dealt board's players or options are not the game's")
    from .rng import Rng

    try:
        board = ed.determinize(dealt, Rng(0))
        game = Game.from_board(ed, players, seed, options, board)
    except BadOption:
        raise
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError):
        raise BadOption("the dealt board is not one a game has (its values do not fit together)") from None
    if game.dealt() != dealt:
        raise BadOption("the dealt board is not one a game has (its values do not fit together)")
    return game
