"""GET /api/ratings: a leaderboard (OpenSkill, server/ratings.py) of one edition's two-player or multi-player games."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

import caylus

from ..deps import count_read
from ..errors import ApiError
from ..models import Entrant, ErrorBody, Leaderboard, LeaderboardEntry
from ..ratings import KINDS, Entry, Ratings

router = APIRouter(tags=["ratings"])

ERRORS = {422: {"model": ErrorBody}, 429: {"model": ErrorBody}}
MAX_ENTRIES = 200


def get_ratings(request: Request) -> Ratings:
    return request.app.state.ratings


RatingsDep = Annotated[Ratings, Depends(get_ratings)]


@router.get("/api/ratings", response_model=Leaderboard, responses=ERRORS, dependencies=[Depends(count_read)],
            summary="A leaderboard: players and bot levels, the highest rating (mu - 2 sigma) first")
def leaderboard(ratings: RatingsDep, request: Request,
                edition: Annotated[str, Query(max_length=32, description="an edition's id")] = "caylus",
                kind: Annotated[str, Query(max_length=8, description='"two" or "multi"')] = "two",
                limit: Annotated[int, Query(ge=1, le=MAX_ENTRIES, description="how many entries")] = 50,
                ) -> Leaderboard:
    if edition not in caylus.available_editions():
        raise ApiError(422, "bad_edition", f"no edition {edition!r}; the editions are "
                                           f"{', '.join(caylus.available_editions())}")
    if kind not in KINDS:
        raise ApiError(422, "bad_kind", f"kind is \"two\" (two-player games) or \"multi\" (three or more), "
                                        f"not {kind!r}")
    rows = ratings.leaderboard(edition, kind, limit)
    names = request.app.state.players.names([e.entrant.split(":", 1)[1] for e in rows
                                             if e.entrant.startswith("player:")])
    return Leaderboard(edition=edition, kind=kind,
                       entries=[LeaderboardEntry(place=i + 1, entrant=entrant_of(e, names), **figures(e))
                                for i, e in enumerate(rows)])


def entrant_of(entry: Entry, names: dict[str, str]) -> Entrant:
    what, who = entry.entrant.split(":", 1)
    if what == "player":
        return Entrant(kind="player", id=who, name=names.get(who, ""))
    return Entrant(kind="bot", name=who)


def figures(entry: Entry) -> dict:
    return {"mu": round(entry.mu, 3), "sigma": round(entry.sigma, 3), "rating": round(entry.rating, 3),
            "games": entry.games}
