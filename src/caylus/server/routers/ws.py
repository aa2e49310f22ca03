"""WS /ws/tables/{id}?token=T: the live feed of a table, as the token's seat (or a spectator) sees it.

On connecting, the client gets the current state at once (so a client that reconnects resumes where the table
is), then every new state as `{"type": "state", "state": {...}}` (the same state as GET /api/tables/{id}). With
`log=new`, each state's `log` holds only the entries not sent before on this connection.

The client may send, as JSON text: `{"type": "move", "version": V, "action": "place:inn"}`,
`{"type": "undo", "version": V}`, `{"type": "state"}` (send the state again) or `{"type": "ping"}`. A refusal is
`{"type": "error", "error": ..., "code": ...}` and changes nothing. A message over the size limit closes the
connection (1009); so does a flood (1008) after it has been refused for a while.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..errors import ApiError
from ..hub import Watcher
from ..limits import Bucket

router = APIRouter(tags=["live"])

FLOOD_CLOSE = 50  # refused messages in a row before the connection is closed


@router.websocket("/ws/tables/{table_id}")
async def live_feed(websocket: WebSocket, table_id: str,
                    token: Annotated[str | None, Query(max_length=200)] = None,
                    log: Annotated[str, Query(pattern="^(all|new)$")] = "all"):
    app = websocket.app
    tables, hub, settings = app.state.tables, app.state.hub, app.state.settings
    await websocket.accept()
    try:
        table = await run_in_threadpool(tables.get, table_id)
        seat = table.seat_of(token)
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", **exc.body()}))
        await websocket.close(code=4000 + exc.status)
        return
    watcher = Watcher(websocket, table.id, seat, new_log_only=(log == "new"))
    hub.add(watcher)
    pump = asyncio.create_task(watcher.pump())
    bucket = Bucket(settings.moves_per_second, settings.burst)
    refused = 0
    try:
        watcher.offer(await run_in_threadpool(tables.state, table, seat))
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", "replace")
            if len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes:
                await _refuse(websocket, "too_large", f"a message may hold at most {settings.max_message_bytes} "
                                                      f"bytes")
                await websocket.close(code=1009)
                return
            if not bucket.take():
                refused += 1
                await _refuse(websocket, "too_many_messages",
                              f"more than {settings.moves_per_second:g} messages a second: slow down")
                if refused >= FLOOD_CLOSE:
                    await websocket.close(code=1008)
                    return
                continue
            refused = 0
            try:
                await _answer(websocket, tables, table, seat, watcher, text)
            except ApiError as exc:
                await websocket.send_text(json.dumps({"type": "error", **exc.body()}))
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(watcher)
        pump.cancel()


async def _answer(websocket, tables, table, seat, watcher, text: str) -> None:
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
        watcher.offer(await run_in_threadpool(tables.state, table, seat))
        return
    if kind not in ("move", "undo"):
        raise ApiError(400, "bad_message", f"unknown message type {kind[:40]!r} (move, undo, state, ping)")
    if seat is None:
        raise ApiError(403, "no_seat", "a spectator cannot move: connect with a seat's token")
    version = message.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "bad_message", 'a move needs "version", the version it was made against')
    if kind == "move":
        action = message.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 64:
            raise ApiError(400, "bad_message", 'a move needs "action", a legal action token')
        await run_in_threadpool(tables.move, table, seat, version, action)
    else:
        await run_in_threadpool(tables.undo, table, seat, version)


async def _refuse(websocket, code: str, message: str) -> None:
    await websocket.send_text(json.dumps({"type": "error", "error": message, "code": code}))
