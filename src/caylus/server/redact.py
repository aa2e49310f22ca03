"""No seat token in any log line: a logging filter that blanks `token=...` (old links' query parameter, in
uvicorn's access log and WebSocket lines) and `Bearer ...` wherever they appear in a record's message or
arguments. `install()` puts it on the loggers a server writes to (its own, uvicorn's) and on their handlers."""

from __future__ import annotations

import logging
import re

_SECRET = re.compile(r"((?:^|[?&#;\s\"'])(?:token|owner_token|key|seat_token)=)[^&#\s\"';]*|(Bearer\s+)[^\s\"',;]+", re.IGNORECASE)
REDACTED = "[redacted]"
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "caylus")


def redact(text: str) -> str:
    return _SECRET.sub(lambda m: (m.group(1) or m.group(2)) + REDACTED, text)


class RedactTokens(logging.Filter):
    """Blank every token in a record before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


_FILTER = RedactTokens()


def install() -> None:
    """Redact on the server's loggers and on every handler they have now (a record that propagates from a
    child logger skips the parents' filters, but not their handlers'). Call again after logging is configured."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)
    for handler in logging.getLogger().handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
