"""Replays: a record's table at any step, and a new table that plays on from a step (see server/replay.py)."""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Depends, Request

from ..deps import TablesDep, count_read
from ..models import ErrorBody, PlayOn, ReplayRequest, TableCreated
from ..live import HUMAN, MAX_SEED
from ..replay import check_play_on, hides_cards, position, redealt, replayed, seat_kinds
from .tables import check_room, check_seats, created

router = APIRouter(prefix="/api/replay", tags=["replay"])

ERRORS = {413: {"model": ErrorBody}, 422: {"model": ErrorBody},
          429: {"model": ErrorBody, "description": "over a limit: see Retry-After"}}


@router.post("", responses=ERRORS, dependencies=[Depends(count_read)],
             summary="The table at a step of a record, as a seat (or a spectator) sees it")
def replay_step(ask: ReplayRequest) -> dict:
    state = position(ask.record, ask.step, ask.seat)
    state["record_seats"] = seat_kinds(ask.record)
    return state


@router.post("/tables", response_model=TableCreated, status_code=201, responses=ERRORS,
             summary="A new table that plays on from a step of a record; each human seat gets its token")
def play_on(ask: PlayOn, tables: TablesDep, request: Request) -> TableCreated:
    game, _ = replayed(ask.record, ask.step)
    check_seats(ask.seats, game.num_players)
    check_play_on(game)
    if HUMAN in ask.seats and hides_cards(game.edition):
        # A person would know every hidden card from the record: the new table deals them again, in secret.
        fresh = redealt(game, secrets.randbelow(MAX_SEED))
        seed, dealt, moves = fresh.seed, fresh.dealt(), []
    else:  # the record's own setup (its seed, or the board a determinized record was dealt) and its moves
        seed, dealt, moves = game.seed, game.dealt(), [action.token for action in game.history]
    with tables.creating:  # the limits checked and the table made with no other creation between
        creator = check_room(request, tables, ask.seats)
        live, tokens, owner = tables.create(game.edition.id, game.num_players, dict(game.options),
                                            list(ask.seats), seed, creator=creator, moves=moves, dealt=dealt)
    return created(request, live, ask.seats, tokens, owner)
