"""Rematch: one call after a game's end makes the next table, the same people and bots, the seats rotated."""

from __future__ import annotations

from fastapi import APIRouter, Request

from ..deps import TableDep, TablesDep, bearer
from ..errors import ApiError
from ..limits import client_key
from ..models import Rematch
from .tables import ERRORS, check_room

router = APIRouter(prefix="/api/tables", tags=["tables"])


@router.post("/{table_id}/rematch", response_model=Rematch, responses=ERRORS,
             summary="After the end: a new table with the same people and bot levels, a new seed, the seats rotated "
                     "(made once; asked again, the same one)")
def rematch(table: TableDep, tables: TablesDep, request: Request) -> Rematch:
    seat = tables.seat_of(table, bearer(request))
    if seat is None:
        raise ApiError(403, "no_seat", "a rematch is asked by a person of the game (Authorization: Bearer <the "
                                       "seat's token or the player's key>)")
    if table.rematch is None and table.session.game.is_terminal:  # a new table: counted like any other
        check_room(request, tables, [s.get("kind") for s in table.row.seats])
    new, owner = tables.rematch(table, creator=client_key(request))
    players = request.app.state.players
    if owner is not None:  # just made: the players who held seats hold the new ones, on their pages
        for p, entry in enumerate(new.row.seats):
            if entry.get("player"):
                players.hold(entry["player"], new.id, p)
    base = str(request.base_url).rstrip("/")
    return Rematch(id=new.id, seat=(seat + 1) % len(new.row.seats), seats=new.kinds,
                   link=f"{base}/#table={new.id}", owner_token=owner)
