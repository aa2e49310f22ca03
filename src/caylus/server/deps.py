"""FastAPI dependencies: the tables of this process, a table by its id, the seat a token holds, the limits.

A seat's token comes in the `Authorization: Bearer <token>` header (never in a URL, so never in a log or a
browser's history); `?token=` is still taken, for links made before, and is redacted from every log line.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path, Query, Request
from starlette.requests import HTTPConnection

from .errors import ApiError
from .limits import Guards, client_key
from .live import LiveTable, Tables

TableId = Annotated[str, Path(min_length=1, max_length=32, description="the table's id")]
SeatToken = Annotated[str | None, Query(max_length=200, description="old links' way to give a seat's token "
                                                                    "(use the Authorization header instead)")]


def get_tables(request: Request) -> Tables:
    return request.app.state.tables


TablesDep = Annotated[Tables, Depends(get_tables)]


def get_table(table_id: TableId, tables: TablesDep) -> LiveTable:
    """The table (404 if there is none)."""
    return tables.get(table_id)


TableDep = Annotated[LiveTable, Depends(get_table)]


def bearer(connection: HTTPConnection) -> str | None:
    """The token of an `Authorization: Bearer <token>` header (None without the header)."""
    header = connection.headers.get("authorization")
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or len(value) > 200:
        raise ApiError(401, "bad_authorization", 'the Authorization header must be "Bearer <the seat\'s token>"')
    return value


def given_token(request: Request, token: SeatToken = None) -> str | None:
    """The token the request gives: the Authorization header's, else an old link's `?token=`."""
    return bearer(request) or token


GivenToken = Annotated[str | None, Depends(given_token)]


def get_seat(table: TableDep, tables: TablesDep, token: GivenToken) -> int | None:
    """The seat the request's token (a seat's token or a player's key) holds at this table (None without a
    token; 403 for a wrong one)."""
    return tables.seat_of(table, token)


SeatDep = Annotated[int | None, Depends(get_seat)]


def guards(request: Request) -> Guards:
    return request.app.state.guards


def count_read(request: Request) -> None:
    """A read (state, buildings, record, lobby): at most `reads_per_second` per client address, else 429."""
    guards(request).reads.check(client_key(request))


def count_hint(request: Request) -> None:
    guards(request).hints.check(client_key(request))
