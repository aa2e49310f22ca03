"""Every error the engine raises says what was wrong and why; none of them changes the game."""


class CaylusError(Exception):
    """Base class of every error raised by the `caylus` package."""


class IllegalAction(CaylusError, ValueError):
    """An action that is malformed, unknown, or not legal in the current state.

    The state is left exactly as it was before the call.
    """


class BadRecord(CaylusError, ValueError):
    """A game record (or JSON state) that cannot be read or does not replay."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class BadOption(CaylusError, ValueError):
    """An unknown edition, an unsupported player count, or an unknown / ill-typed option."""


def shown(value, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters, to quote a bad input in a message (never raises)."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__, an int too long to print, a structure nested too deep
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."
