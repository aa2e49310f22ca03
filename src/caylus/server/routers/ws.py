"""WS /ws/tables/{id}: the live feed of a table, as a seat (or a spectator) sees it.

On connecting, the client gets the current state at once (so a client that reconnects resumes where the table
is), then every new state as `{"type": "state", "state": {...}}` (the same state as GET /api/tables/{id}). With
`log=new`, each state's `log` holds only the entries not sent before on this connection. A connection starts as a
spectator; its first message `{"type": "hello", "token": T}` makes it the token's seat (the token never in the
URL, so never in a log); `?token=T`, from older clients, is still taken.

The client may send, as JSON text: `{"type": "move", "version": V, "action": "place:inn"}`,
`{"type": "undo", "version": V}`, `{"type": "state"}` (send the state again) or `{"type": "ping"}`. A refusal is
`{"type": "error", "error": ..., "code": ...}` and changes nothing; a message may carry an `"id"` (an integer or
a short text) that its refusal repeats, so a client knows which of its messages was refused (a move's or an
undo's success is the new state pushed, with a version past the one it was made on). Moves over the socket count
against the seat's move rate like POSTed ones (`too_many_moves`, with `retry_after` in seconds). A message over the size limit closes the
connection (1009); so does a flood (1008) after it has been refused for a while. Over the sockets a client or a
table may have open, the connection is refused with 429 and Retry-After (or, where the server cannot answer a
WebSocket with HTTP, an error message and close code 4429).
"""

from __future__ import annotations

import asyncio
import json
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..denials import mark_denied
from ..deps import bearer
from ..errors import ApiError, error_response
from ..hub import Watcher
from ..limits import Bucket, client_key

router = APIRouter(tags=["live"])

FLOOD_CLOSE = 50  # refused messages in a row before the connection is closed


@router.websocket("/ws/tables/{table_id}")
async def live_feed(websocket: WebSocket, table_id: str,
                    token: Annotated[str | None, Query(max_length=200)] = None,
                    log: Annotated[str, Query(pattern="^(all|new)$")] = "all"):
    app = websocket.app
    tables, hub, guards = app.state.tables, app.state.hub, app.state.guards
    limits = guards.limits
    who = client_key(websocket)
    if not guards.client_sockets.take(who):
        await _deny(websocket, "too_many_sockets", f"this address already has {limits.sockets_per_client} "
                                                   f"connections open")
        return
    try:
        if not guards.table_sockets.take(table_id):
            await _deny(websocket, "too_many_sockets", f"this table already has {limits.sockets_per_table} "
                                                       f"connections watching it")
            return
        try:
            await _feed(websocket, tables, hub, guards, table_id, token, log)
        finally:
            guards.table_sockets.give(table_id)
    finally:
        guards.client_sockets.give(who)


async def _deny(websocket: WebSocket, code: str, message: str) -> None:
    """Refuse a connection over a limit: 429 with Retry-After where the server can answer a WebSocket with HTTP,
    else an error message and close code 4429."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        mark_denied()  # no ERROR line from uvicorn for this refusal (server/denials.py)
        await websocket.send_denial_response(error_response(429, code, message + "; try again in 5 s",
                                                            {"Retry-After": "5"}))
        return
    await websocket.accept()
    await websocket.send_text(json.dumps({"type": "error", "error": message, "code": code, "retry_after": 5}))
    await websocket.close(code=4429)


async def _feed(websocket: WebSocket, tables, hub, guards, table_id: str, token: str | None, log: str) -> None:
    limits = guards.limits
    await websocket.accept()
    try:
        table = await run_in_threadpool(tables.get, table_id)
        seat = await run_in_threadpool(tables.seat_of, table, bearer(websocket) or token)
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", **exc.body()}))
        await websocket.close(code=4000 + exc.status)
        return
    watcher = Watcher(websocket, table.id, seat, new_log_only=(log == "new"))
    hub.add(watcher)
    pump = asyncio.create_task(watcher.pump())
    bucket = Bucket(limits.moves_per_second, limits.burst)
    refused = 0
    first = True
    try:
        watcher.offer_state(await run_in_threadpool(tables.state, table, seat))
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", "replace")
            if len(text.encode("utf-8", "surrogatepass")) > limits.max_message_bytes:
                await _refuse(websocket, "too_large", f"a message may hold at most {limits.max_message_bytes} "
                                                      f"bytes")
                await websocket.close(code=1009)
                return
            if not bucket.take():
                refused += 1
                wait = bucket.wait()
                await _refuse(websocket, "too_many_messages",
                              f"more than {limits.moves_per_second:g} messages a second on this connection; "
                              f"try again in {wait} s", _message_id(text), wait)
                if refused >= FLOOD_CLOSE:
                    await websocket.close(code=1008)
                    return
                continue
            refused = 0
            was_first, first = first, False
            try:
                if was_first and _is_hello(text):
                    seat = await _hello(websocket, tables, hub, table, watcher, text)
                    continue
                await _answer(websocket, tables, guards, websocket.app.state.mover, table, seat, watcher, text)
            except ApiError as exc:
                await websocket.send_text(json.dumps(_error(exc, _message_id(text))))
                if exc.code == "bad_token":  # a wrong token in the first message: as a wrong ?token= would
                    await websocket.close(code=4403)
                    return
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(watcher)
        pump.cancel()


def _is_hello(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "hello"


async def _hello(websocket, tables, hub, table, watcher, text: str) -> int | None:
    """The first message `{"type": "hello", "token": T}`: from now on the connection is T's seat, and is sent
    that seat's state; without a token it stays a spectator. Returns the seat."""
    token = json.loads(text).get("token")
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 200):
        raise ApiError(400, "bad_message", 'a hello\'s "token" is the seat\'s token, as text')
    seat = await run_in_threadpool(tables.seat_of, table, token)  # 403 bad_token for a wrong one
    if seat != watcher.seat:
        hub.remove(watcher)
        watcher.seat, watcher.version, watcher.log_next = seat, -1, 0
        hub.add(watcher)
        watcher.offer_state(await run_in_threadpool(tables.state, table, seat))
    return seat


def _message_id(text: str):
    """The `"id"` a client gave its message, to repeat in a refusal: an integer or a text of at most 64
    characters (anything else, or a message that is no JSON object, has none: a refusal never echoes more)."""
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict):
        return None
    found = message.get("id")
    if isinstance(found, int) and not isinstance(found, bool) and -2**53 < found < 2**53:
        return found
    if isinstance(found, str) and len(found) <= 64:
        return found
    return None


def _error(exc: ApiError, message_id=None) -> dict:
    body = {"type": "error", **exc.body()}
    if exc.headers and "Retry-After" in exc.headers:
        body["retry_after"] = int(exc.headers["Retry-After"])
    if message_id is not None:
        body["id"] = message_id
    return body


async def _answer(websocket, tables, guards, mover, table, seat, watcher, text: str) -> None:
    try:
        message = json.loads(text)
    except ValueError:
        raise ApiError(400, "bad_json", "a message must be a JSON object") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ApiError(400, "bad_message", 'a message must be a JSON object with a "type"')
    kind = message["type"]
    if kind == "ping":
        await websocket.send_text(json.dumps({"type": "pong"}))
        return
    if kind == "state":
        watcher.version = -1  # send it even if it was sent before
        watcher.log_next = 0
        watcher.offer_state(await run_in_threadpool(tables.state, table, seat))
        return
    if kind == "hello":
        raise ApiError(400, "bad_message", "hello is the connection's first message only (reconnect to change "
                                           "seats)")
    if kind not in ("move", "undo"):
        raise ApiError(400, "bad_message", f"unknown message type {kind[:40]!r} (hello first, then move, undo, "
                                           f"state, ping)")
    if seat is None:
        raise ApiError(403, "no_seat", "a spectator cannot move: connect with a seat's token")
    version = message.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "bad_message", 'a move needs "version", the version it was made against')
    guards.moves.check((table.id, seat))  # the seat's move rate, whichever way its moves come (429 past it)
    if kind == "move":
        action = message.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 64:
            raise ApiError(400, "bad_message", 'a move needs "action", a legal action token')
        # The answer is the new state, pushed to every socket of the seat (this one too): none built here.
        # Played in the table's writer thread (server/mover.py), not a thread of the pool.
        await mover.submit(table.id, partial(tables.move, reply=False), table, seat, version, action,
                           lock=table.lock, batched=True)
    else:
        await mover.submit(table.id, tables.undo, table, seat, version, lock=table.lock, batched=True)


async def _refuse(websocket, code: str, message: str, message_id=None, retry_after: int | None = None) -> None:
    body = {"type": "error", "error": message, "code": code}
    if retry_after is not None:
        body["retry_after"] = retry_after
    if message_id is not None:
        body["id"] = message_id
    await websocket.send_text(json.dumps(body))
