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
