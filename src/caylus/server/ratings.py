"""Ratings of online play: OpenSkill (caylus.skill) per edition, one list for two-player games and one for games
of three or more ("two" and "multi"), over players and bot levels alike, so that a person learns "about as
strong as `normal`".

Two tables beside the store's own (made by `create_all`: the change is additive). `results` keeps every finished
game that had a player at it, numbered in the order it ended: the edition, the kind and, by seat, the entrant
(`player:<id>`, `bot:<level>`, or null for a person who made no player), the score and whether a bot took the
seat over (`left`). `ratings` holds each entrant's figures, updated in the same transaction that stores a result;
`recompute` rebuilds them from `results` alone, game by game in their order, and finds the same figures.

Who is rated by a game (`rate_result`):
- the seats of players and bots; a person who made no player is nobody to rate, and their seat is left out;
- a game where a bot took a person's seat (resigned, or their clock ran out; even if they took it back later;
  a guest's seat too) changes no opponent's rating; the leaver is rated as having finished last behind every other rated seat, so
  leaving a lost game is never better than playing it out. The bot that took over is not rated by it either;
- a game of fewer than two rated seats rates nobody.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from sqlalchemy import (Column, Float, Index, Integer, PrimaryKeyConstraint, String, Table, Text, func, insert,
                        select, text, update)
from sqlalchemy.exc import IntegrityError

from caylus import skill

from .store import Store, metadata

KINDS = ("two", "multi")
RESULTS_LOCK = 0x43_61_79_6C_75_73  # PostgreSQL advisory lock key of the results ("Caylus")

results = Table(
    "results", metadata,
    Column("number", Integer, primary_key=True, autoincrement=True),  # the order games ended in
    Column("table_id", String(32), nullable=False, unique=True),  # a game's result is stored once
    Column("edition", String(32), nullable=False),
    Column("kind", String(8), nullable=False),  # "two" or "multi"
    Column("seats", Text, nullable=False),  # JSON: [{"entrant": str | null, "score": int, "left": bool}]
    Column("finished", Float, nullable=False),
)

ratings = Table(
    "ratings", metadata,
    Column("edition", String(32), nullable=False),
    Column("kind", String(8), nullable=False),
    Column("entrant", String(40), nullable=False),  # "player:<id>" or "bot:<level>"
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Float, nullable=False),  # mu - 2 sigma: what the leaderboard orders by
    Column("games", Integer, nullable=False),  # the rated games that changed it
    PrimaryKeyConstraint("edition", "kind", "entrant"),
    Index("ratings_board", "edition", "kind", "rating"),
)

Figures = dict[str, tuple[float, float, int]]  # entrant -> (mu, sigma, games)


def kind_of(players: int) -> str:
    return "two" if players == 2 else "multi"


def conservative(mu: float, sigma: float) -> float:
    """The figure a leaderboard orders by: the skill is above it with about 97.5% confidence, so one lucky
    game (a high mu, a wide sigma) does not top the list."""
    return mu - 2 * sigma


def rate_result(m, current: Figures, seats: list[dict]) -> Figures:
    """The entrants' new figures after one game (only those it changes); `current` is not changed."""
    rated = [(p, s) for p, s in enumerate(seats) if s.get("entrant")]
    stayed = [(p, s) for p, s in rated if not s.get("left")]
    left = [(p, s) for p, s in rated if s.get("left")]
    now = {e: (mu, sigma) for e, (mu, sigma, _) in current.items()}
    new: Figures = {}

    def count(entrant: str) -> int:
        return current[entrant][2] if entrant in current else 0

    if not any(s.get("left") for s in seats):  # a guest who left counts too: the others played a bot then
        if len(stayed) < 2:
            return {}
        names = [s["entrant"] for _, s in stayed]
        for e, (mu, sigma) in skill.rate(m, now, names, skill.ranks([s["score"] for _, s in stayed])).items():
            new[e] = (mu, sigma, count(e) + 1)
        return new
    # Each leaver: last behind every other rated seat; nobody else moves.
    for p, leaver in left:
        others = [s for q, s in rated if q != p and not s.get("left")]
        if not others:
            continue
        names = [s["entrant"] for s in others] + [leaver["entrant"]]
        places = skill.ranks([s["score"] for s in others]) + [len(others) + 1]
        if leaver["entrant"] in [s["entrant"] for s in others]:
            continue  # the same entrant on both sides (not possible for a player): nothing to learn
        mu, sigma = skill.rate(m, now, names, places)[leaver["entrant"]]
        new[leaver["entrant"]] = (mu, sigma, count(leaver["entrant"]) + 1)
    return new


@dataclass
class Result:
    table_id: str
    edition: str
    kind: str
    seats: list[dict]
    finished: float


@dataclass
class Entry:
    entrant: str
    mu: float
    sigma: float
    rating: float
    games: int


class Ratings:
    """The results and ratings of one store: `record`, `leaderboard`, `of_entrant`, `recompute`, `computed`."""

    def __init__(self, store: Store):
        self.engine = store.engine
        self.store = store
        self.model = skill.model()  # OpenSkill's default drift: people get better between games
        metadata.create_all(self.engine, tables=[results, ratings])

    def record(self, result: Result) -> bool:
        """Store a finished game's result and update the ratings it changes, in one transaction; False if the
        game's result was stored already (by this process or another)."""
        if not any((s.get("entrant") or "").startswith("player:") for s in result.seats):
            return False  # no player at it: nobody's game to remember (tables of bots, or of guests)
        try:
            with self.store.writing() as conn:
                # One result at a time, in the order of their numbers, so no update is lost and a recomputation
                # replays them as they were applied: SQLite's first write (the insert) takes its one write lock;
                # PostgreSQL takes a lock held to the transaction's end before the number is drawn.
                if self.engine.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": RESULTS_LOCK})
                conn.execute(insert(results).values(table_id=result.table_id, edition=result.edition,
                                                    kind=result.kind, seats=json.dumps(result.seats),
                                                    finished=result.finished))
                entrants = sorted({s["entrant"] for s in result.seats if s.get("entrant")})
                where = (ratings.c.edition == result.edition, ratings.c.kind == result.kind)
                rows = conn.execute(select(ratings.c.entrant, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                                    .where(*where, ratings.c.entrant.in_(entrants))).all()
                current = {r.entrant: (r.mu, r.sigma, r.games) for r in rows}
                for entrant, (mu, sigma, games) in rate_result(self.model, current, result.seats).items():
                    values = dict(mu=mu, sigma=sigma, rating=conservative(mu, sigma), games=games)
                    if entrant in current:
                        conn.execute(update(ratings).where(*where, ratings.c.entrant == entrant).values(**values))
                    else:
                        conn.execute(insert(ratings).values(edition=result.edition, kind=result.kind,
                                                            entrant=entrant, **values))
        except IntegrityError:
            return False
        return True

    def results(self, limit: int | None = None) -> list[Result]:
        """The stored results in the order the games ended."""
        query = select(results).order_by(results.c.number)
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            return [Result(r.table_id, r.edition, r.kind, json.loads(r.seats), r.finished)
                    for r in conn.execute(query).all()]

    def computed(self) -> dict[tuple[str, str], Figures]:
        """The figures recomputed from the stored results alone, by (edition, kind)."""
        out: dict[tuple[str, str], Figures] = {}
        for result in self.results():
            board = out.setdefault((result.edition, result.kind), {})
            board.update(rate_result(self.model, board, result.seats))
        return out

    def stored(self) -> dict[tuple[str, str], Figures]:
        """The figures as stored, by (edition, kind)."""
        out: dict[tuple[str, str], Figures] = {}
        with self.engine.connect() as conn:
            for r in conn.execute(select(ratings)).all():
                out.setdefault((r.edition, r.kind), {})[r.entrant] = (r.mu, r.sigma, r.games)
        return out

    def recompute(self) -> int:
        """Store the figures recomputed from the results in place of the stored ones (after a change of the
        rating's rules, or to check them); how many entrants' figures were written."""
        figures = self.computed()
        with self.store.writing() as conn:
            conn.execute(ratings.delete())
            rows = [dict(edition=ed, kind=kind, entrant=e, mu=mu, sigma=sigma, rating=conservative(mu, sigma),
                         games=games)
                    for (ed, kind), board in figures.items() for e, (mu, sigma, games) in board.items()]
            if rows:
                conn.execute(insert(ratings), rows)
        return len(rows)

    def leaderboard(self, edition: str, kind: str, limit: int) -> list[Entry]:
        """The best `limit` entrants of a list, the highest `mu - 2 sigma` first (ties: more games first)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings).where(ratings.c.edition == edition, ratings.c.kind == kind)
                                .order_by(ratings.c.rating.desc(), ratings.c.games.desc(), ratings.c.entrant)
                                .limit(limit)).all()
        return [Entry(r.entrant, r.mu, r.sigma, r.rating, r.games) for r in rows]

    def of_entrant(self, entrant: str) -> list[tuple[str, str, Entry, int]]:
        """An entrant's figures in every list they are on: (edition, kind, entry, their place on that list)."""
        out = []
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings).where(ratings.c.entrant == entrant)
                                .order_by(ratings.c.edition, ratings.c.kind)).all()
            for r in rows:
                above = conn.execute(select(func.count()).select_from(ratings).where(
                    ratings.c.edition == r.edition, ratings.c.kind == r.kind,
                    (ratings.c.rating > r.rating)
                    | ((ratings.c.rating == r.rating) & (ratings.c.games > r.games))
                    | ((ratings.c.rating == r.rating) & (ratings.c.games == r.games)
                       & (ratings.c.entrant < r.entrant)))).scalar() or 0
                out.append((r.edition, r.kind, Entry(r.entrant, r.mu, r.sigma, r.rating, r.games), above + 1))
        return out


def result_of(table_id: str, edition: str, players: int, seats: list[dict], scores: list[int]) -> Result:
    """A finished table's result from its seats as played (server/live.py: a seat a bot took keeps the person's
    player and says `taken_over`, or `back_from_decision` once taken back) and its final scores."""
    out = []
    for seat, score in zip(seats, scores):
        left = bool(seat.get("taken_over") or seat.get("back_from_decision") is not None)
        if seat.get("player"):
            entrant = f"player:{seat['player']}"
        elif seat["kind"] == "human" or left:
            entrant = None  # a person with no player: nobody to rate
        else:
            entrant = f"bot:{seat['kind']}"
        out.append({"entrant": entrant, "score": int(score), "left": left})
    return Result(table_id, edition, kind_of(players), out, time.time())
