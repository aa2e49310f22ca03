"""`caylus serve` as a process, the way a user starts it, for the tests that kill and restart it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: str, log_path, port: int | None = None, extra: tuple = ()):
        self.db = db
        self.extra = list(extra)  # more `caylus serve` flags
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> "Server":
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "caylus.cli", "serve", "--port", str(self.port), "--db", self.db, *self.extra],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        log.close()
        deadline = time.monotonic() + 120  # on a loaded machine a start took over 30 s
        while time.monotonic() < deadline:
            try:
                # A started server at load 14 took over a second to answer: a 1 s probe gave up on every answer,
                # and the test on a server that was up. The probe waits as long as the start may.
                left = max(1.0, deadline - time.monotonic())
                if httpx.get(f"{self.url}/api/editions", timeout=left).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()  # a server too slow to answer in time must not outlive the test that gave up on it
        raise RuntimeError(f"caylus serve did not start:\n{open(self.log_path).read()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
