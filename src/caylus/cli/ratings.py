"""`caylus ratings`: the online ratings a server's store keeps (docs/server.md, "Ratings and the leaderboard").

    caylus ratings --db games.db                       each list's best entrants
    caylus ratings --db games.db --recompute           recompute them from the stored results: equal or not
    caylus ratings --db games.db --recompute --store   and keep the recomputed figures in place of the stored

`--recompute` replays the stored results alone, game by game in the order they ended, and compares every
entrant's mu, sigma and games with the stored ones: exit 0 when all are equal, 1 when any differs (each is
listed). Needs the web extra (SQLAlchemy): pip install 'caylus[web]'.
"""

from __future__ import annotations

import importlib.util
import os

from .common import UsageError, opening_database, positive_int
from .serve import _database

EXTRA = "caylus ratings needs the web extra: pip install 'caylus[web]'"
SHOWN_DIFFERENCES = 20


def add(commands) -> None:
    p = commands.add_parser("ratings", help="the online ratings a server keeps; check them against a recomputation",
                            description="The ratings of `caylus serve`'s store (OpenSkill per edition, two-player "
                                        "and multi-player lists). --recompute replays the stored results and says "
                                        "whether they give the stored figures.")
    p.add_argument("--db", metavar="URL", default="", type=_database,
                   help="the server's store: an SQLAlchemy URL or an SQLite file path (default: caylus serve's "
                        "default SQLite file)")
    p.add_argument("--recompute", action="store_true",
                   help="recompute every rating from the stored results and compare (exit 1 if any differs)")
    p.add_argument("--store", action="store_true",
                   help="with --recompute: keep the recomputed figures in place of the stored ones")
    p.add_argument("--top", type=positive_int, default=10, metavar="N",
                   help="entrants shown per list without --recompute (default 10)")
    p.set_defaults(run=run_ratings)


def run_ratings(args) -> int:
    if args.store and not args.recompute:
        raise UsageError("caylus ratings: --store keeps a recomputation: give --recompute with it")
    if importlib.util.find_spec("sqlalchemy") is None:
        raise UsageError(f"{EXTRA} (sqlalchemy not installed)")

    from caylus.server.ratings import Ratings, conservative
    from caylus.server.settings import default_db_url
    from caylus.server.store import Store

    url = args.db or default_db_url()
    if url.startswith("sqlite:///") and not os.path.isfile(url.removeprefix("sqlite:///")):
        # Opening would make an empty store: a mistyped path must say so instead.
        raise UsageError(f"caylus ratings: no store at {url.removeprefix('sqlite:///')!r}")
    if url.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        raise UsageError(f"{EXTRA} (psycopg not installed, needed for PostgreSQL)")
    with opening_database("ratings", args.db, url):
        store = Store(url)
    try:
        rated = Ratings(store)
        if not args.recompute:
            return _show(rated, args.top, conservative)
        return _check(rated, args.store)
    finally:
        store.close()


def _show(rated, top: int, conservative) -> int:
    stored = rated.stored()
    if not stored:
        print("no ratings yet: a finished game with a player at it rates its seats")
        return 0
    for (edition, kind), board in sorted(stored.items()):
        print(f"{edition}, {'two players' if kind == 'two' else 'three or more'}: {len(board)} rated")
        ranked = sorted(board.items(), key=lambda e: (-conservative(e[1][0], e[1][1]), -e[1][2], e[0]))
        for place, (entrant, (mu, sigma, games)) in enumerate(ranked[:top], 1):
            print(f"  {place:>3}. {entrant:<30} {conservative(mu, sigma):7.2f}  (mu {mu:.2f}, sigma {sigma:.2f}, "
                  f"{games} game{'s' if games != 1 else ''})")
    return 0


def _check(rated, store: bool) -> int:
    results = len(rated.results())
    stored, computed = rated.stored(), rated.computed()
    differences = []
    for key in sorted(set(stored) | set(computed)):
        mine, theirs = stored.get(key, {}), computed.get(key, {})
        for entrant in sorted(set(mine) | set(theirs)):
            if mine.get(entrant) != theirs.get(entrant):
                differences.append((key, entrant, mine.get(entrant), theirs.get(entrant)))
    entrants = sum(len(board) for board in computed.values())
    if not differences:
        print(f"equal: the stored ratings are what the {results} stored results give "
              f"({entrants} entrants in {len(computed)} lists)")
    else:
        print(f"different: {len(differences)} of the stored ratings are not what the {results} stored results give")
        for (edition, kind), entrant, was, now in differences[:SHOWN_DIFFERENCES]:
            print(f"  {edition} {kind} {entrant}: stored {_figures(was)}, recomputed {_figures(now)}")
        if len(differences) > SHOWN_DIFFERENCES:
            print(f"  ... and {len(differences) - SHOWN_DIFFERENCES} more")
    if store:
        written = rated.recompute()
        print(f"stored the recomputed figures ({written} entrants)")
    return 0 if not differences else 1


def _figures(figures) -> str:
    if figures is None:
        return "none"
    mu, sigma, games = figures
    return f"mu {mu!r}, sigma {sigma!r}, {games} game{'s' if games != 1 else ''}"
