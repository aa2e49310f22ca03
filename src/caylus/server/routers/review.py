"""The review of a finished table's game (server/reviews.py): started on asking, computed in its own process."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from ..deps import TableDep, TablesDep, count_read
from ..errors import ApiError
from ..models import ErrorBody

router = APIRouter(prefix="/api/tables", tags=["review"])

ERRORS = {404: {"model": ErrorBody}, 409: {"model": ErrorBody}, 422: {"model": ErrorBody},
          429: {"model": ErrorBody, "description": "a review of this table, or as many as the server may make, "
                                                   "under way: see Retry-After"}}
Level = Annotated[str, Query(max_length=16, description="the reviewer: normal (quick) or hard (deeper)")]


@router.post("/{table_id}/review", responses=ERRORS, dependencies=[Depends(count_read)],
             summary="The review of a finished table's game: 200 with it once made, 202 while it is made "
                     "(ask again)")
def review(table: TableDep, tables: TablesDep, request: Request, level: Level = "normal") -> JSONResponse:
    def record() -> str:
        with table.lock:
            tables.catch_up(table)
            game = table.session.game
            if not game.is_terminal:
                raise ApiError(409, "not_over", "a game is reviewed once it is over")
            return table.session.record()

    answer = request.app.state.reviews.ask(table.id, level, record)
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)


@router.get("/{table_id}/review", responses=ERRORS, dependencies=[Depends(count_read)],
            summary="The review of a finished table's game if it was asked for (404 not_reviewed if not): "
                    "never starts one")
def kept_review(table: TableDep, request: Request, level: Level = "normal") -> JSONResponse:
    answer = request.app.state.reviews.peek(table.id, level)
    if answer is None:
        raise ApiError(404, "not_reviewed", f"this table's game was not reviewed at level {level}: POST to review it")
    return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)
