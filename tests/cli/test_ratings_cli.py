"""`caylus ratings`: each list's best entrants, and `--recompute`, which replays the stored results and says whether
they give the stored ratings (exit 0) or not (exit 1, each difference named); `--store` keeps the recomputation.
Beside it, a store that is not there or not a database, and --store alone: one line, exit 2, nothing made."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("sqlalchemy")

from sqlalchemy import update  # noqa: E402

from caylus.cli.main import main  # noqa: E402
from caylus.server.ratings import Ratings, Result, ratings  # noqa: E402
from caylus.server.store import Store  # noqa: E402


def seats(*entrants_scores, left=()):
    return [{"entrant": e, "score": s, "left": p in left} for p, (e, s) in enumerate(entrants_scores)]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "games.db"
    store = Store(f"sqlite:///{path}")
    rated = Ratings(store)
    games = [  # a handful of games: two-player and multi-player, a bot level, a leaver
        ("two", seats(("player:ann", 50), ("bot:normal", 40))),
        ("two", seats(("player:ann", 30), ("player:bo", 45))),
        ("two", seats(("player:bo", 52), ("bot:normal", 52))),
        ("two", seats(("player:ann", 60), ("player:bo", 20), left=(1,))),
        ("multi", seats(("player:ann", 40), ("bot:easy", 41), ("player:bo", 39))),
    ]
    for n, (kind, result) in enumerate(games):
        assert rated.record(Result(f"t{n}", "caylus", kind, result, 1000.0 + n))
    store.close()
    return path


def test_the_stored_ratings_equal_a_recomputation(db, capsys):
    assert main(["ratings", "--db", str(db), "--recompute"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("equal:") and "5 stored results" in out and "2 lists" in out


def test_a_changed_rating_is_found_and_stored_again(db, capsys):
    store = Store(f"sqlite:///{db}")
    with store.engine.begin() as conn:
        conn.execute(update(ratings).where(ratings.c.entrant == "player:bo", ratings.c.kind == "two")
                     .values(mu=ratings.c.mu + 1))
    before = Ratings(store).stored()
    store.close()
    assert main(["ratings", "--db", str(db), "--recompute"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("different: 1 of the stored ratings") and "caylus two player:bo" in out
    store = Store(f"sqlite:///{db}")
    assert Ratings(store).stored() == before  # a check changes nothing
    store.close()
    assert main(["ratings", "--db", str(db), "--recompute", "--store"]) == 1
    assert "stored the recomputed figures" in capsys.readouterr().out
    assert main(["ratings", "--db", str(db), "--recompute"]) == 0


def test_the_lists_best_entrants(db, capsys):
    assert main(["ratings", "--db", str(db), "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "caylus, two players: 3 rated" in out and "caylus, three or more: 3 rated" in out
    assert out.count("  1. ") == 2 and out.count("  2. ") == 2 and "  3. " not in out


def test_an_empty_store_has_no_ratings_yet(tmp_path, capsys):
    path = tmp_path / "empty.db"
    Store(f"sqlite:///{path}").close()
    assert main(["ratings", "--db", str(path)]) == 0
    assert "no ratings yet" in capsys.readouterr().out
    assert main(["ratings", "--db", str(path), "--recompute"]) == 0
    assert "0 stored results" in capsys.readouterr().out


def test_bad_stores_and_flags_are_one_line_and_make_nothing(tmp_path, capsys, db):
    missing = tmp_path / "no-such.db"
    assert main(["ratings", "--db", str(missing), "--recompute"]) == 2
    assert not os.path.exists(missing)  # no empty store made for a mistyped path
    assert main(["ratings", "--db", "nonsense://x"]) == 2
    assert main(["ratings", "--db", str(db), "--store"]) == 2
    assert main(["ratings", "--db", str(db), "--top", "0"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 4, err
