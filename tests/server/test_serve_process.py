"""`caylus serve` as a user runs it: what its log shows of refused sockets, and how fast it stops."""

from __future__ import annotations

import logging
import time

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from caylus.server import denials

from .servers import Server


def test_sockets_refused_over_the_limit_leave_no_error_in_the_servers_log(tmp_path):
    log_path = tmp_path / "serve.log"
    server = Server(f"sqlite:///{tmp_path / 'games.db'}", log_path, extra=("--sockets-per-client", "1")).start()
    try:
        t = httpx.post(f"{server.url}/api/tables", json={"edition": "caylus", "seats": ["human", "human"]},
                       timeout=30).json()
        ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{t['id']}"
        with connect(ws_url, open_timeout=30) as kept:
            kept.recv(timeout=30)
            for _ in range(5):
                with pytest.raises(InvalidStatus) as refused:
                    connect(ws_url, open_timeout=30)
                assert refused.value.response.status_code == 429
        with connect(ws_url, open_timeout=30) as again:  # the limit gave the socket back: served as before
            assert '"state"' in again.recv(timeout=30)
    finally:
        server.stop()
    log = log_path.read_text()
    assert "ERROR" not in log and denials.UNFINISHED not in log, log[-3000:]


def test_only_a_connection_we_denied_loses_its_unfinished_handshake_line():
    import contextvars

    record = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, denials.UNFINISHED, None, None)
    other = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, "Exception in ASGI application\n",
                              None, None)
    keep = denials.DeniedHandshake()
    assert contextvars.copy_context().run(keep.filter, record)  # a real unfinished handshake is logged

    def denied(r):
        denials.mark_denied()
        return keep.filter(r)

    assert not contextvars.copy_context().run(denied, record)
    assert contextvars.copy_context().run(denied, other)  # any other line of a denied connection is kept
    assert keep.filter(record)  # the mark stayed in that connection's context


def test_a_server_stopped_right_after_it_started_exits_within_seconds(tmp_path):
    """Its bot workers are still being made through the forkserver: the shutdown does not wait for them."""
    server = Server(f"sqlite:///{tmp_path / 'games.db'}", tmp_path / "serve.log", extra=("--bot-workers", "2"))
    server.start()
    started = time.monotonic()
    server.process.terminate()
    try:
        server.process.wait(15)
    finally:
        server.stop()
    assert time.monotonic() - started < 15
    assert "Application shutdown complete" in (tmp_path / "serve.log").read_text()
