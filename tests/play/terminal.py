"""Driving the real `caylus` program in a pseudo-terminal, as a person would (pexpect)."""

from __future__ import annotations

import os
import signal
import sys

import pexpect

TIMEOUT = 30


def spawn(*args: str, home: str, rows: int = 50, cols: int = 100) -> pexpect.spawn:
    """Start `caylus ARGS...` in a terminal of rows x cols, saving games under `home`."""
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"), TERM="xterm-256color",
               PYTHONUNBUFFERED="1")
    child = pexpect.spawn(sys.executable, ["-m", "caylus.cli", *args], env=env, encoding="utf-8",
                          timeout=TIMEOUT, dimensions=(rows, cols), codec_errors="replace",
                          preexec_fn=_terminal_signals)
    return child


def _terminal_signals() -> None:
    """Ctrl-C and a closed terminal act as in a terminal a person opened, however the tests were started (a shell
    starts a background job with SIGINT ignored, and a program inherits what its parent ignores)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def finish(child: pexpect.spawn) -> int:
    """Wait for the program to end; its exit status (and no traceback in what it printed)."""
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in (child.before or "")
    return child.exitstatus if child.exitstatus is not None else -(child.signalstatus or 0)
