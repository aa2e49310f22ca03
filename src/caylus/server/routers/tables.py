"""Tables: create one, list the open ones (the lobby), see one from a seat, its record, its buildings, a hint."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import PlainTextResponse, Response

import caylus

from .. import fastjson
from ..clocks import BadClock, check_clock
from ..deps import GivenToken, SeatDep, TableDep, TablesDep, count_hint, count_read, guards
from ..errors import ApiError
from ..limits import client_key, too_many
from ..live import BOT_LEVELS, HUMAN, token_hash
from ...session import HINT_LEVELS
from ..models import ErrorBody, Hint, Hints, LobbyTable, NewTable, SeatTicket, TableClosed, TableCreated, TableState

router = APIRouter(prefix="/api/tables", tags=["tables"])

ERRORS = {403: {"model": ErrorBody}, 404: {"model": ErrorBody}, 409: {"model": ErrorBody},
          422: {"model": ErrorBody}, 429: {"model": ErrorBody, "description": "over a limit: see Retry-After"}}
READ = [Depends(count_read)]
Since = Annotated[int, Query(ge=0, lt=2**31, description="the first log entry to send (default: the whole log)")]


def state_response(state: dict) -> Response:
    """A state as the answer's JSON, encoded once: the state is built by the server itself (`LiveTable.state`,
    the shape `TableState` documents), so FastAPI's check and re-encoding of it through the model, as much CPU
    as the move itself, are skipped (a test holds every state to the model)."""
    state.setdefault("result", None)
    return Response(fastjson.dumps_bytes(state), media_type="application/json")


@router.post("", response_model=TableCreated, status_code=201, responses=ERRORS,
             summary="Create a table; each human seat gets its secret token")
def create_table(spec: NewTable, tables: TablesDep, request: Request) -> TableCreated:
    players = spec.players if spec.players is not None else len(spec.seats)
    check_seats(spec.seats, players)
    if spec.edition not in caylus.available_editions():
        raise ApiError(422, "bad_edition", f"unknown edition {spec.edition!r} (editions: "
                                           f"{', '.join(caylus.available_editions())})")
    if spec.seed is not None and HUMAN in spec.seats and _hides_cards(spec.edition):
        # The seed deals every hand and every pile: whoever chose it would know the other seats' cards.
        raise ApiError(422, "seed_refused", f"{caylus.get_edition(spec.edition).title} hides cards, and a seed "
                                            f"deals them all: a table with a person gets a random seed (leave "
                                            f"\"seed\" out; a seed may be chosen only when every seat is a bot)")
    if spec.takeover not in BOT_LEVELS:
        raise ApiError(422, "bad_takeover", f"takeover: {spec.takeover!r} is not a bot level "
                                            f"({', '.join(BOT_LEVELS)})")
    try:
        clock = check_clock(spec.clock)
    except BadClock as exc:
        raise ApiError(422, "bad_clock", str(exc)) from None
    with tables.creating:  # the limits checked and the table made with no other creation between
        creator = check_room(request, tables, spec.seats)
        live, tokens, owner = tables.create(spec.edition, players, dict(spec.options), list(spec.seats), spec.seed,
                                            creator=creator, takeover=spec.takeover,
                                            take_back=spec.take_back, clock=clock)
    return created(request, live, spec.seats, tokens, owner)


def check_seats(kinds: list[str], players: int) -> None:
    """422 unless there is one seat per player, each a person or a bot level."""
    if len(kinds) != players:
        raise ApiError(422, "bad_seats", f"{len(kinds)} seats for {players} players: give one per player")
    for p, kind in enumerate(kinds):
        if kind != HUMAN and kind not in BOT_LEVELS:
            raise ApiError(422, "bad_seat", f"seat {p}: {kind!r} is neither 'human' nor a bot level "
                                            f"({', '.join(BOT_LEVELS)})")


def check_room(request: Request, tables, kinds: list[str]) -> str:
    """Count a new table against the client's limits (429 when over one); returns the client's key."""
    creator = client_key(request)
    limits = guards(request).limits
    guards(request).tables.check(creator)
    if HUMAN not in kinds:  # a table of bots only plays by itself, on the server's time: few at once
        everyone, theirs = tables.store.open_bot_tables(creator)
        if theirs >= limits.bot_tables_per_client:
            raise too_many("too_many_bot_tables", f"this address already has {limits.bot_tables_per_client} "
                                                  f"tables of bots only playing; close one or wait for one to end", 60)
        if everyone >= limits.bot_tables:
            raise too_many("too_many_bot_tables", f"the server already has {limits.bot_tables} tables of bots "
                                                  f"only playing", 60)
    return creator


def created(request: Request, live, kinds: list[str], tokens: list, owner: str) -> TableCreated:
    base = str(request.base_url).rstrip("/")
    # The token goes in the link's fragment (after #), which a browser never sends to a server, so it reaches
    # no log; the page reads it there and sends it in the Authorization header.
    seats = [SeatTicket(seat=p, kind=kind, token=tokens[p],
                        link=f"{base}/#table={live.id}&token={tokens[p]}" if tokens[p] else None)
             for p, kind in enumerate(kinds)]
    return TableCreated(id=live.id, seats=seats, owner_token=owner)


@router.delete("/{table_id}", response_model=TableClosed, responses=ERRORS,
               summary="Close the table (its creator: Authorization: Bearer <owner_token>)")
def close_table(table: TableDep, tables: TablesDep, token: GivenToken) -> TableClosed:
    stored = table.row.owner_sha256
    if not token or not stored or not hmac.compare_digest(stored, token_hash(token)):
        raise ApiError(403, "not_the_creator", "only the table's creator may close it: give the owner_token the "
                                               "table was created with (Authorization: Bearer <owner_token>)")
    if not tables.close(table, "closed by its creator"):
        raise ApiError(409, "already_closed", "this table is already closed")
    return TableClosed(id=table.id, closed=True)


def _hides_cards(edition: str) -> bool:
    ed = caylus.get_edition(edition)
    return ed.determinize is not None or ed.event_for is not None


@router.get("", response_model=list[LobbyTable], dependencies=READ,
            summary="The lobby: open tables, those a person plays at first, the latest played first")
def lobby(tables: TablesDep, request: Request) -> list[LobbyTable]:
    limit = request.app.state.settings.lobby_size
    return [LobbyTable(id=r.id, edition=r.edition, title=caylus.get_edition(r.edition).title, players=r.players,
                       seats=[s["kind"] for s in r.seats], version=r.version, terminal=r.terminal)
            for r in tables.open_tables(limit)]


@router.get("/{table_id}", response_model=TableState, responses=ERRORS, dependencies=READ,
            summary="The table as a seat sees it (no token: a spectator's public view)")
def table_state(table: TableDep, seat: SeatDep, tables: TablesDep, since: Since = 0) -> Response:
    return state_response(tables.state(table, seat, since))


@router.get("/{table_id}/record", response_class=PlainTextResponse, responses=ERRORS, dependencies=READ,
            summary="The game record (once the game is over where hands are hidden); with a seat's token "
                    "(Authorization: Bearer), that seat's own record at any time")
def record(table: TableDep, seat: SeatDep, tables: TablesDep) -> str:
    with table.lock:
        tables.catch_up(table)
        game = table.session.game
        if seat is not None:
            # What that seat saw: the public moves and its own cards, never the seed (Game.record(seat=...)).
            return _noted(game.record(seat=seat), table.record_notes())
        if not game.is_terminal and game.edition.determinize is not None:
            # The record holds the seed, and the seed deals every hidden card: not before the end.
            raise ApiError(403, "record_hidden", f"{game.edition.title} hides cards: its record is given once "
                                                 f"the game is over")
        return _noted(table.session.record(), table.record_notes())


def _noted(record: str, notes: str) -> str:
    """The record with the seats' hand-overs as comment lines at its end (a replay skips comments)."""
    if not notes:
        return record
    return record.rstrip("\n") + "\n" + notes + "\n"


@router.get("/{table_id}/buildings", responses=ERRORS, dependencies=READ,
            summary="Every building of the game in words, as the seat sees them (by building id)")
def buildings(table: TableDep, seat: SeatDep, tables: TablesDep) -> dict:
    with table.lock:
        tables.catch_up(table)
        game = table.session.game
        view = game.view(seat) if seat is not None else game.public_view()
    out = {}
    for name in caylus.building_names(view):
        entry = caylus.describe_building(view, name)
        out[entry["id"]] = entry
    return out


@router.get("/{table_id}/hint", response_model=Hints, responses=ERRORS, dependencies=[Depends(count_hint)],
            summary="The hint bot's best moves for the seat to move, with its reasons")
def hint(table: TableDep, seat: SeatDep, tables: TablesDep,
         level: Annotated[str | None, Query(max_length=16, description='the bot asked: "normal" (the default) or '
                                            '"hard" (the edition\'s hard, which thinks longer)')] = None) -> Hints:
    if seat is None:
        raise ApiError(403, "no_seat", "a hint is for a seat: give the seat's token")
    if level is not None and level not in HINT_LEVELS:
        raise ApiError(422, "bad_level", f"a hint is asked of the level {' or '.join(HINT_LEVELS)}, not {level!r}")
    with table.lock:
        tables.catch_up(table)
        session = table.session
        try:
            advice = session.hint(seat, level=level)
        except caylus.IllegalAction as exc:
            raise ApiError(409, "not_your_turn", str(exc)) from None
        except caylus.BadOption as exc:
            raise ApiError(409, "no_hints", f"no hints here: {exc}") from None
        view = session.game.view(seat)
    return Hints(advice=[Hint(token=a.action.token, text=caylus.describe_action(view, a.action.token),
                              value=a.value, reason=a.reason) for a in advice])
