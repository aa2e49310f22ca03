"""The terminal the game talks through: printing, asking with tab completion, and pacing.

Reading input never raises a traceback at the player: end of input (Ctrl-D, a closed terminal) becomes `Leave`,
Ctrl-C stays `KeyboardInterrupt` for the loop to offer saving.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable, Iterable

from rich.console import Console

try:  # line editing and tab completion where the platform has them
    import readline
except ImportError:  # pragma: no cover - Windows without pyreadline
    readline = None
try:  # dropping keys typed ahead (POSIX terminals)
    import termios
except ImportError:  # pragma: no cover - Windows
    termios = None

# How long a bot's move stays on screen before the next one (`--fast`: no pause).
BOT_PAUSE = 0.8


class Leave(Exception):
    """The player is gone: end of input or a closed terminal."""


def _hang_up(signum, frame):
    raise Leave()


class Terminal:
    """Prints renderables on a rich console and reads lines from the player."""

    def __init__(self, console: Console, fast: bool = False, read: Callable[[str], str] = input):
        self.console = console
        self.fast = fast
        self._read = read
        self._words: list[str] = []
        if readline is not None:
            readline.set_completer(self._complete)
            readline.set_completer_delims(" \t\n")
            readline.parse_and_bind("tab: complete")
        if hasattr(signal, "SIGHUP"):
            signal.signal(signal.SIGHUP, _hang_up)  # a closed terminal window: leave cleanly

    def show(self, *things, whole_lines: bool = False) -> None:
        """Print renderables or text (rich markup is not interpreted, so tokens print as typed).

        `whole_lines` leaves long lines to the terminal to wrap (a file name stays one piece to copy).
        """
        try:
            self.console.print(*things, sep="\n", markup=False, highlight=False, soft_wrap=whole_lines)
        except OSError:  # a closed terminal or pipe
            raise Leave() from None

    def clear(self) -> None:
        """Wipe the screen and its scrollback (hot-seat: what one player saw is gone before the next sits)."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # the scrollback too (xterm and most terminals)

    def ask(self, prompt: str, words: Iterable[str] = ()) -> str:
        """One line from the player, stripped; tab completes from `words`. End of input raises `Leave`."""
        self._words = sorted(set(words))
        try:
            self.console.file.flush()
            self._drop_typed_ahead()
            return self._read(prompt).strip()
        except (EOFError, OSError):
            self.show("")
            raise Leave() from None
        finally:
            self._words = []

    def _drop_typed_ahead(self) -> None:
        """Keys typed while the bots' moves scrolled by answer no question the player has not seen yet: whatever
        waits in a terminal's input is dropped before each prompt (piped input is kept: a script means it)."""
        if termios is None or self._read is not input:
            return
        try:
            if sys.stdin.isatty():
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        except (OSError, ValueError, termios.error):
            pass

    def confirm(self, question: str, default: bool = False) -> bool:
        """A yes/no question; Enter gives `default`."""
        hint = "Y/n" if default else "y/N"
        while True:
            answer = self.ask(f"{question} [{hint}] ", ("yes", "no")).lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.show("Please answer y or n.")

    def pause(self, seconds: float = BOT_PAUSE) -> None:
        """Let a person read what just happened (skipped with --fast)."""
        if not self.fast:
            try:
                self.console.file.flush()
            except OSError:
                raise Leave() from None
            time.sleep(seconds)

    def _complete(self, text: str, state: int):
        matches = [w for w in self._words if w.startswith(text)]
        return matches[state] if state < len(matches) else None
