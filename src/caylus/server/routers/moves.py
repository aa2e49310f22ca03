"""Moves: a seat's move against the version it saw, and undo against bots. Each answers with the new state."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ..deps import TableDep, TablesDep
from ..errors import ApiError
from ..limits import Bucket
from ..models import MoveRequest, TableState, UndoRequest
from .tables import ERRORS, Since

router = APIRouter(prefix="/api/tables", tags=["moves"])


def _seat(table, token: str) -> int:
    seat = table.seat_of(token)
    if seat is None:
        raise ApiError(403, "no_seat", "a move needs the seat's token")
    return seat


def _throttle(request: Request, table_id: str, seat: int) -> None:
    """At most `moves_per_second` moves a second per seat (with a burst): a flood is refused with 429."""
    settings = request.app.state.settings
    buckets = request.app.state.move_buckets
    key = (table_id, seat)
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 10_000:
            buckets.clear()
        bucket = buckets[key] = Bucket(settings.moves_per_second, settings.burst)
    if not bucket.take():
        raise ApiError(429, "too_many_moves", f"more than {settings.moves_per_second:g} moves a second from "
                                              f"this seat: slow down")


@router.post("/{table_id}/moves", response_model=TableState, responses={**ERRORS, 429: ERRORS[409]},
             summary="Play a move for the token's seat, made against `version`")
def move(body: MoveRequest, table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> dict:
    seat = _seat(table, body.token)
    _throttle(request, table.id, seat)
    return tables.move(table, seat, body.version, body.action, since)


@router.post("/{table_id}/undo", response_model=TableState, responses=ERRORS,
             summary="Take back the seat's last decision and the bots' moves since (games against bots)")
def undo(body: UndoRequest, table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> dict:
    seat = _seat(table, body.token)
    _throttle(request, table.id, seat)
    tables.undo(table, seat, body.version)
    return tables.state(table, seat, since)
