"""FastAPI dependencies: the tables of this process, a table by its id, and the seat a token holds."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Query, Request

from .live import LiveTable, Tables

TableId = Annotated[str, Path(min_length=1, max_length=32, description="the table's id")]
SeatToken = Annotated[str | None, Query(max_length=200, description="a seat's secret token (none: spectator)")]


def get_tables(request: Request) -> Tables:
    return request.app.state.tables


TablesDep = Annotated[Tables, Depends(get_tables)]


def get_table(table_id: TableId, tables: TablesDep) -> LiveTable:
    """The table (404 if there is none)."""
    return tables.get(table_id)


TableDep = Annotated[LiveTable, Depends(get_table)]


def get_seat(table: TableDep, token: SeatToken = None) -> int | None:
    """The seat the `token` query parameter holds at this table (None without a token; 403 for a wrong one)."""
    return table.seat_of(token)


SeatDep = Annotated[int | None, Depends(get_seat)]
