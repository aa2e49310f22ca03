"""No ERROR line for a WebSocket we refused ourselves.

A connection over a socket limit is refused with an HTTP 429 (`send_denial_response`). uvicorn's websockets
protocol never marks the handshake as ended after such a denial (wsproto's does; Kludex/uvicorn PR #3138), so
it then logs `ASGI callable returned without completing handshake.` at ERROR for every refused socket: a
stranger could fill the error log and set off any alert on ERROR. `mark_denied()`, called by the handler just
before it denies, sets a flag in the connection's own context (its task's: one connection, never another);
`DeniedHandshake` drops that exact line only where the flag is set, so an application that really returns
without a handshake is still logged.
"""

from __future__ import annotations

import contextvars
import logging

UNFINISHED = "ASGI callable returned without completing handshake."
LOGGER = "uvicorn.error"  # where uvicorn's WebSocket protocols log it

_denied: contextvars.ContextVar[bool] = contextvars.ContextVar("caylus_ws_denied", default=False)


def mark_denied() -> None:
    """This connection is being refused by us, with an HTTP answer (in the connection's task)."""
    _denied.set(True)


class DeniedHandshake(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.msg == UNFINISHED and _denied.get())


_FILTER = DeniedHandshake()


def install() -> None:
    logger = logging.getLogger(LOGGER)
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
