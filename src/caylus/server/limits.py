"""Every limit on what a client may send or hold, in one place: `Limits` (each configurable, `caylus serve` flags
for the main ones), the token buckets and counters that enforce them, and the cap on request bodies.

Anything counted per client is counted by its address (behind a reverse proxy, run uvicorn with
`--proxy-headers` so that the address is the client's, not the proxy's). Going over a limit is refused with 429
and `Retry-After` (the seconds after which the same request would be taken), and only that client waits: the
buckets are per client, and a refusal costs the server a dictionary look-up.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from .errors import ApiError, error_response


@dataclass
class Limits:
    """What one client (one address), one seat, one connection or one table may do; the defaults suit a public
    server on a small machine. Rates are per second with a burst saved up; counts are at once."""

    max_body_bytes: int = 16_384  # an HTTP request body larger than this is refused (413)
    max_message_bytes: int = 4_096  # a WebSocket message larger than this closes the connection (1009)
    moves_per_second: float = 10.0  # per seat (HTTP) and per connection (WebSocket messages), burst `burst`
    burst: int = 20
    tables_per_minute: float = 6.0  # tables a client may create, burst `tables_burst`
    tables_burst: int = 10
    bot_tables_per_client: int = 2  # open tables of bots only a client may have created
    bot_tables: int = 20  # open tables of bots only, from everyone
    hints_per_minute: float = 30.0  # hints a client may ask for (each costs a bot's thinking), burst 5
    hints_burst: int = 5
    reviews_running: int = 1  # game reviews computed at once (each a process for up to a minute or more)
    reviews_kept: int = 64  # finished reviews kept, per (table, level), the least recently asked dropped first
    review_seconds: float = 900.0  # a review taking longer is ended (and answered as failed)
    reads_per_second: float = 20.0  # states, buildings, records, lobby a client may read, burst `reads_burst`
    reads_burst: int = 60
    sockets_per_client: int = 16  # WebSocket connections open at once from one client
    sockets_per_table: int = 200  # WebSocket connections open at once watching one table
    idle_seconds: float = 2 * 3600.0  # a table nobody moved at (and nobody watches) for this long is closed
    cache_bytes: int = 256 * 1024 * 1024  # the games this process keeps in memory (a measured estimate)
    players_per_minute: float = 2.0  # players a client may make, burst `players_burst`
    players_burst: int = 5
    players_per_client: int = 20  # players one address may have made in all
    players: int = 100_000  # players on the server
    seats_per_player: int = 1_000  # seats a player may hold (joined, over all time)
    player_page_tables: int = 50  # tables a player's page and "your turn" list look at (the latest joined)
    clients_tracked: int = 100_000  # the buckets kept (the least recently seen client's are forgotten first)


class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` saved up; `take()` says whether one was there."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int):
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> int:
        """Whole seconds until the next token (at least 1): the `Retry-After` of a refusal."""
        return max(1, math.ceil((1 - self.tokens) / self.rate)) if self.rate > 0 else 3600


def too_many(code: str, message: str, retry_after: int) -> ApiError:
    return ApiError(429, code, f"{message}; try again in {retry_after} s",
                    headers={"Retry-After": str(retry_after)})


class Meter:
    """A token bucket per key (a client, a seat): `check(key)` takes a token or raises 429 with Retry-After.
    At most `keys` buckets are kept, the least recently used forgotten first, so the meter's memory is bounded
    whatever the number of clients."""

    def __init__(self, rate: float, burst: int, code: str, what: str, keys: int):
        self.rate, self.burst, self.code, self.what, self.keys = rate, burst, code, what, keys
        self._buckets: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def check(self, key) -> None:
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                bucket = self._buckets[key] = Bucket(self.rate, self.burst)
                while len(self._buckets) > self.keys:
                    self._buckets.popitem(last=False)
            else:
                self._buckets.move_to_end(key)
            if bucket.take():
                return
            wait = bucket.wait()
        raise too_many(self.code, self.what, wait)


class Slots:
    """Counted places per key (sockets of a client, of a table): `take(key)` says whether one was free, `give`
    hands it back. Keys with no place taken are forgotten."""

    def __init__(self, limit: int):
        self.limit = limit
        self._used: dict = {}
        self._lock = threading.Lock()

    def take(self, key) -> bool:
        with self._lock:
            used = self._used.get(key, 0)
            if used >= self.limit:
                return False
            self._used[key] = used + 1
            return True

    def give(self, key) -> None:
        with self._lock:
            used = self._used.get(key, 0) - 1
            if used > 0:
                self._used[key] = used
            else:
                self._used.pop(key, None)

    def used(self, key) -> int:
        with self._lock:
            return self._used.get(key, 0)


class Guards:
    """The meters and counters of one server, built from its `Limits`."""

    def __init__(self, limits: Limits):
        self.limits = limits
        keys = limits.clients_tracked
        self.tables = Meter(limits.tables_per_minute / 60, limits.tables_burst, "too_many_tables",
                            f"more than {limits.tables_per_minute:g} new tables a minute from this address", keys)
        self.hints = Meter(limits.hints_per_minute / 60, limits.hints_burst, "too_many_hints",
                           f"more than {limits.hints_per_minute:g} hints a minute from this address", keys)
        self.reads = Meter(limits.reads_per_second, limits.reads_burst, "too_many_reads",
                           f"more than {limits.reads_per_second:g} reads a second from this address", keys)
        self.moves = Meter(limits.moves_per_second, limits.burst, "too_many_moves",
                           f"more than {limits.moves_per_second:g} moves a second from this seat", keys)
        self.players = Meter(limits.players_per_minute / 60, limits.players_burst, "too_many_players",
                             f"more than {limits.players_per_minute:g} new players a minute from this address", keys)
        self.client_sockets = Slots(limits.sockets_per_client)
        self.table_sockets = Slots(limits.sockets_per_table)


def client_key(connection) -> str:
    """Who a request or WebSocket comes from, for the limits: its address, hashed (the store keeps it with the
    tables it created, and need not keep people's addresses)."""
    client = connection.client
    host = client.host if client is not None else "unknown"
    return hashlib.sha256(host.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class BodyLimit:
    """ASGI middleware: an HTTP request body over `limit` bytes gets a 413 JSON answer and reaches no endpoint."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or ()).get(b"content-length")
        too_large = error_response(413, "too_large", f"the request body is over {self.limit} bytes")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                declared = self.limit + 1
            if declared > self.limit:
                await too_large(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        # No declared length (chunked): read the body here, up to the limit, and hand it on.
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.limit:
                await too_large(scope, receive, send)
                return
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
