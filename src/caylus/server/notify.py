"""Webhooks: "your turn" as a JSON POST to an address a player gave, for a chat service or their own program.

A player sets one URL (`player_webhooks`, an additive table). It must be http(s), hold no user or password, and
name a host on the operator's allow-list (`Settings.webhook_hosts`, exact host names, compared without case;
empty: webhooks are off). The list is checked again before every send, and redirects are never followed, so a
message never goes to an address the operator did not allow (a webhook would otherwise let anyone make the
server send requests into its own network).

When a change hands the turn to a seat held by a player with a webhook, one message goes out from a background
thread: `{"text", "content", "table", "edition", "seat", "link"}` (`text` is what Slack, Mattermost and Teams'
incoming webhooks show, `content` what Discord's do). A send is tried at most `ATTEMPTS` times, `TIMEOUT_S` each,
waiting `BACKOFF_S` between; the queue holds at most `QUEUE` messages (beyond it they are dropped, said in the
log). A URL may hold a chat service's secret, so it is never logged: only its host.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
import urllib.error
import urllib.request
from collections import OrderedDict
from urllib.parse import urlsplit

from sqlalchemy import Column, Float, Integer, String, Table, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .errors import ApiError
from .store import Store, metadata

log = logging.getLogger("caylus.server")

MAX_URL = 500
ATTEMPTS = 3
TIMEOUT_S = 5.0
BACKOFF_S = (1.0, 3.0)  # the waits before the second and third attempts
QUEUE = 1000
REMEMBERED = 10_000  # tables whose last notified turn is remembered (the oldest forgotten first)

webhooks = Table(
    "player_webhooks", metadata,
    Column("player_id", String(16), primary_key=True),
    Column("url", String(MAX_URL), nullable=False),
    Column("base", String(MAX_URL), nullable=False),  # the server's address as the player's browser saw it
    Column("updated", Float, nullable=False),
)

# The last turn told at each table (its seat and decision), stored so that a restart, or another process, does not
# tell it again.
told = Table(
    "webhook_turns", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("decision", Integer, nullable=False),
)


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


def check_url(url: str, allowed: tuple[str, ...]) -> str:
    """The URL if a webhook may go there; else 422 in words (nothing is stored)."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL:
        raise ApiError(422, "bad_webhook", f"a webhook is an http(s) URL of at most {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        raise ApiError(422, "bad_webhook", "this webhook URL cannot be read") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApiError(422, "bad_webhook", "a webhook URL starts with http:// or https:// and names a host")
    if parts.username or parts.password:
        raise ApiError(422, "bad_webhook", "a webhook URL may not hold a user name or password")
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise ApiError(422, "bad_webhook", "a webhook URL may not hold spaces or control characters")
    if not allowed:
        raise ApiError(403, "webhooks_off", "this server sends no webhooks (its operator allowed no host)")
    if parts.hostname.lower() not in allowed:
        raise ApiError(403, "webhook_not_allowed", f"this server sends webhooks only to {', '.join(allowed)}")
    return url


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a redirect could lead off the allow-list: it is an answer like any other, not followed


class Webhooks:
    """The players' webhooks and the thread that sends them: `set`, `get`, `remove`, `turn`, `close`."""

    def __init__(self, store: Store, allowed: tuple[str, ...], sleep=time.sleep):
        self.engine = store.engine
        self.store = store
        self.allowed = tuple(h.lower() for h in allowed)
        self.sleep = sleep
        self.queue: queue.Queue = queue.Queue(maxsize=QUEUE)
        self.last_turn: OrderedDict[str, tuple[int, int]] = OrderedDict()  # table -> (seat, decision) notified
        self.sent: list[tuple[str, int]] = []  # (host, status) of each attempt, the latest last (for tests)
        self._opener = urllib.request.build_opener(_NoRedirect)
        self._thread: threading.Thread | None = None
        metadata.create_all(self.engine, tables=[webhooks, told])

    # -- the players' settings ------------------------------------------------------------------------------
    def set(self, player_id: str, url: str, base: str) -> None:
        url = check_url(url, self.allowed)
        with self.store.writing() as conn:
            conn.execute(delete(webhooks).where(webhooks.c.player_id == player_id))
            conn.execute(insert(webhooks).values(player_id=player_id, url=url, base=base[:MAX_URL],
                                                 updated=time.time()))

    def get(self, player_id: str) -> tuple[str, str] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(webhooks.c.url, webhooks.c.base)
                               .where(webhooks.c.player_id == player_id)).first()
        return None if row is None else (row.url, row.base)

    def remove(self, player_id: str) -> bool:
        with self.store.writing() as conn:
            return conn.execute(delete(webhooks).where(webhooks.c.player_id == player_id)).rowcount > 0

    # -- sending ----------------------------------------------------------------------------------------------
    def turn(self, table_id: str, edition: str, title: str, seat: int, decision: int, player_id: str) -> None:
        """The turn passed to `seat` (held by `player_id`) at `decision`: queue a message if the player has a
        webhook and was not told of this turn already."""
        if not self.allowed or self.last_turn.get(table_id) == (seat, decision):
            return
        self.last_turn[table_id] = (seat, decision)
        self.last_turn.move_to_end(table_id)
        while len(self.last_turn) > REMEMBERED:
            self.last_turn.popitem(last=False)
        hook = self.get(player_id)
        if hook is None or not self._first_telling(table_id, seat, decision):
            return
        url, base = hook
        # The link opens the seat with the player's key kept in their browser (`as=player`), never a secret.
        link = f"{base.rstrip('/')}/#table={table_id}&as=player"
        words = f"Your turn at table {table_id} ({title}): {link}"
        body = {"text": words, "content": words, "table": table_id, "edition": edition, "seat": seat, "link": link}
        try:
            self.queue.put_nowait((url, body))
        except queue.Full:
            log.warning("webhook queue full: a message to %s was dropped", host_of(url))
            return
        self._start()

    def _first_telling(self, table_id: str, seat: int, decision: int) -> bool:
        """Store that this turn is told; False if the store says it was told already (before a restart, or by
        another process: one message per turn, whoever comes first)."""
        with self.store.writing() as conn:
            moved = conn.execute(update(told).where(told.c.table_id == table_id,
                                                    or_(told.c.seat != seat, told.c.decision != decision))
                                 .values(seat=seat, decision=decision)).rowcount
            if moved:
                return True
            if conn.execute(select(told.c.seat).where(told.c.table_id == table_id)).first() is not None:
                return False  # this very turn is stored: told before
            try:
                with conn.begin_nested():
                    conn.execute(insert(told).values(table_id=table_id, seat=seat, decision=decision))
            except IntegrityError:  # another process stored it first
                return False
            return True

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="caylus-webhooks", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            try:
                self.send(*item)
            except Exception:
                log.exception("webhook to %s failed", host_of(item[0]))
            finally:
                self.queue.task_done()

    def send(self, url: str, body: dict) -> bool:
        """POST `body` to `url`: at most ATTEMPTS tries; whether one was answered 2xx."""
        if host_of(url) not in self.allowed:  # the list may have changed since the URL was set
            log.warning("webhook to %s not sent: the host is not on the allow-list", host_of(url))
            return False
        data = json.dumps(body).encode()
        for attempt in range(ATTEMPTS):
            if attempt:
                self.sleep(BACKOFF_S[min(attempt - 1, len(BACKOFF_S) - 1)])
            request = urllib.request.Request(url, data=data, method="POST",
                                             headers={"Content-Type": "application/json",
                                                      "User-Agent": "caylus-server"})
            try:
                with self._opener.open(request, timeout=TIMEOUT_S) as response:
                    status = response.status
            except urllib.error.HTTPError as exc:
                status = exc.code
            except (OSError, ValueError):
                status = 0  # no answer (refused, timed out)
            self.sent.append((host_of(url), status))
            del self.sent[:-100]
            if 200 <= status < 300:
                return True
            if 300 <= status < 500 and status not in (408, 429):
                break  # refused, or a redirect (never followed): trying again would not change that
        log.warning("webhook to %s not delivered after %d attempts", host_of(url), attempt + 1)
        return False

    def close(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            try:
                self.queue.put_nowait(None)
            except queue.Full:
                pass
