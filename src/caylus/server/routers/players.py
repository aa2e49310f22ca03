"""Players: make one (a name and a secret key), join a seat with the key, a player's page, the "your turn" list.

The key travels like a seat's token: in `Authorization: Bearer <key>`, never in a URL (so never in a log); the
"use on another device" link carries it in the fragment (#player=...&key=...), which browsers never send.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request

import caylus

from ..deps import TableDep, TablesDep, bearer, count_read, guards
from ..errors import ApiError
from ..limits import client_key, too_many
from ..live import HUMAN, LiveTable, Tables, token_hash
from ..models import (ErrorBody, JoinRequest, JoinedSeat, NewPlayer, PlayerCreated, PlayerMe, PlayerPage,
                      PlayerRating, PlayerTable, YourTurn)
from ..players import Player, Players
from .ratings import figures

router = APIRouter(tags=["players"])

ERRORS = {401: {"model": ErrorBody}, 403: {"model": ErrorBody}, 404: {"model": ErrorBody},
          409: {"model": ErrorBody}, 422: {"model": ErrorBody}, 429: {"model": ErrorBody}}
READ = [Depends(count_read)]
PlayerId = Annotated[str, Path(min_length=1, max_length=16, description="the player's id")]


def get_players(request: Request) -> Players:
    return request.app.state.players


PlayersDep = Annotated[Players, Depends(get_players)]


def the_player(request: Request, players: PlayersDep) -> Player:
    """The player whose key the request's `Authorization: Bearer` header gives (401 without one or for a key
    that is nobody's)."""
    key = bearer(request)
    if key is None:
        raise ApiError(401, "no_key", "this needs a player's key: Authorization: Bearer <the player's key>")
    return players.by_key(key)


PlayerDep = Annotated[Player, Depends(the_player)]


@router.post("/api/players", response_model=PlayerCreated, status_code=201, responses=ERRORS,
             summary="Make a player: a name and a secret key (shown once)")
def create_player(body: NewPlayer, players: PlayersDep, request: Request) -> PlayerCreated:
    creator = client_key(request)
    limits = guards(request).limits
    guards(request).players.check(creator)
    if players.count(creator) >= limits.players_per_client:
        raise too_many("too_many_players", f"this address already made {limits.players_per_client} players", 3600)
    if players.count() >= limits.players:
        raise too_many("too_many_players", f"the server already has {limits.players} players", 3600)
    player, key = players.create(body.name, creator)
    base = str(request.base_url).rstrip("/")
    return PlayerCreated(id=player.id, name=player.name, key=key, link=f"{base}/#player={player.id}&key={key}")


@router.get("/api/players/me", response_model=PlayerMe, responses=ERRORS, dependencies=READ,
            summary="Whose key this is (Authorization: Bearer <key>)")
def me(player: PlayerDep) -> PlayerMe:
    return PlayerMe(id=player.id, name=player.name)


@router.get("/api/players/me/turns", response_model=list[YourTurn], responses=ERRORS, dependencies=READ,
            summary='The "your turn" list: the tables where the key\'s player is to decide, longest waiting first')
def your_turns(player: PlayerDep, players: PlayersDep, tables: TablesDep, request: Request) -> list[YourTurn]:
    limit = guards(request).limits.player_page_tables
    now = tables.now()
    out = []
    for entry in _tables_of(player, players, tables, limit):
        if entry.your_turn:
            live = tables.get(entry.table)
            left = live.clocks.left(entry.seat, tables.now()) if live.clocks is not None else None
            out.append(YourTurn(table=entry.table, edition=entry.edition, title=entry.title, seat=entry.seat,
                                waiting_s=max(0.0, now - entry.updated),
                                left_s=None if left is None else round(max(0.0, left), 3)))
    out.sort(key=lambda t: -t.waiting_s)
    return out


@router.get("/api/players/{player_id}", response_model=PlayerPage, responses=ERRORS, dependencies=READ,
            summary="A player's page: open tables (whose turn), finished games (results, records), ratings")
def player_page(player_id: PlayerId, players: PlayersDep, tables: TablesDep, request: Request) -> PlayerPage:
    player = players.get(player_id)
    limit = guards(request).limits.player_page_tables
    entries = _tables_of(player, players, tables, limit)
    rated = request.app.state.ratings.of_entrant(f"player:{player.id}")
    return PlayerPage(id=player.id, name=player.name,
                      ratings=[PlayerRating(edition=ed, kind=kind, place=place, **figures(entry))
                               for ed, kind, entry, place in rated],
                      open=[e for e in entries if not e.terminal and not e.closed],
                      finished=[e for e in entries if e.terminal or e.closed])


@router.post("/api/tables/{table_id}/join", response_model=JoinedSeat, responses=ERRORS,
             summary="Seat the key's player at the human seat whose token is given: the key opens it from now on")
def join(body: JoinRequest, table: TableDep, tables: TablesDep, player: PlayerDep, players: PlayersDep,
         request: Request) -> JoinedSeat:
    limits = guards(request).limits
    digest = token_hash(body.seat_token)
    seat = next((p for p, s in enumerate(table.row.seats) if s.get("token_sha256") == digest), None)
    if seat is None:
        raise ApiError(403, "bad_token", "this seat token holds no seat at this table")
    table.check_open()
    if table.row.terminal:
        raise ApiError(409, "game_over", "this game is over: there is no seat to join")
    holder = table.row.seats[seat].get("player")
    if holder == player.id:
        return JoinedSeat(table=table.id, seat=seat, player=player.id)
    if holder is not None:
        raise ApiError(409, "seat_taken", "another player already holds this seat")
    if len(players.seats_of(player.id, limits.seats_per_player)) >= limits.seats_per_player:
        raise ApiError(429, "too_many_seats", f"a player holds at most {limits.seats_per_player} seats")
    if not players.hold(player.id, table.id, seat):
        raise ApiError(409, "seat_taken", "this player already holds a seat at this table, or another player "
                                          "took this one")
    tables.seat_player(table, seat, player.id, player.name, token_hash(bearer(request)))
    return JoinedSeat(table=table.id, seat=seat, player=player.id)


def _tables_of(player: Player, players: Players, tables: Tables, limit: int) -> list[PlayerTable]:
    out = []
    for held in players.seats_of(player.id, limit):
        try:
            live = tables.get(held.table_id)
        except ApiError:  # a table no longer stored
            continue
        out.append(_entry(live, tables, held.seat))
    return out


def _entry(live: LiveTable, tables: Tables, seat: int) -> PlayerTable:
    with live.lock:
        tables.catch_up(live)
        game = live.session.game
        row = live.row
        over = game.is_terminal
        return PlayerTable(
            table=live.id, edition=row.edition, title=caylus.get_edition(row.edition).title, seat=seat,
            seats=[s.get("player_name") or (s["kind"] if s["kind"] != HUMAN else "") for s in row.seats],
            kinds=[s["kind"] for s in row.seats], current_player=game.current_player,
            your_turn=not over and not row.closed and game.current_player == seat,
            terminal=over, closed=row.closed, scores=list(game.scores()),
            result=live.session.result() if over else None, updated=row.updated,
            record=f"/api/tables/{live.id}/record")
