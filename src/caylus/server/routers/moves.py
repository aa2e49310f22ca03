"""Moves: a seat's move against the version it saw, and undo against bots. Each answers with the new state."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..deps import TableDep, TablesDep, bearer, guards
from ..errors import ApiError
from ..models import MoveRequest, TableState, UndoRequest
from .tables import ERRORS, Since, state_response

router = APIRouter(prefix="/api/tables", tags=["moves"])


def _seat(request: Request, tables, table, body_token: str | None) -> int:
    """The seat of the Authorization header's token (or, from older clients, the body's), counted against the
    seat's move rate (429 past it)."""
    seat = tables.seat_of(table, bearer(request) or body_token)
    if seat is None:
        raise ApiError(403, "no_seat", "a move needs the seat's token (Authorization: Bearer <token>)")
    guards(request).moves.check((table.id, seat))
    return seat


@router.post("/{table_id}/moves", response_model=TableState, responses=ERRORS,
             summary="Play a move for the token's seat, made against `version`")
def move(body: MoveRequest, table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> Response:
    seat = _seat(request, tables, table, body.token)
    return state_response(tables.move(table, seat, body.version, body.action, since))


@router.post("/{table_id}/undo", response_model=TableState, responses=ERRORS,
             summary="Take back the seat's last decision and the bots' moves since (games against bots)")
def undo(body: UndoRequest, table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> Response:
    seat = _seat(request, tables, table, body.token)
    tables.undo(table, seat, body.version)
    return state_response(tables.state(table, seat, since))


@router.post("/{table_id}/resign", response_model=TableState, responses=ERRORS,
             summary="Leave the seat (its token or its player's key): a bot of the table's takeover level plays it "
                     "from the next decision on")
def resign(table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> Response:
    seat = _seat(request, tables, table, None)
    tables.resign(table, seat, "resigned")
    return state_response(tables.state(table, seat, since))


@router.post("/{table_id}/take-back", response_model=TableState, responses=ERRORS,
             summary="Play again the seat a bot took when its person resigned (tables made with take_back)")
def take_back(table: TableDep, tables: TablesDep, request: Request, since: Since = 0) -> Response:
    seat = _seat(request, tables, table, None)
    tables.take_back(table, seat)
    return state_response(tables.state(table, seat, since))
