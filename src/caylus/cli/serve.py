"""`caylus serve`: the game server (HTTP API, WebSocket live feed, the browser front end) on one machine.

Without --db it keeps its games in an SQLite file ($XDG_DATA_HOME/caylus/caylus.db, usually
~/.local/share/caylus/caylus.db); --db takes any SQLAlchemy URL, PostgreSQL included (then several server
processes can serve the same games). Needs the web extra: pip install 'caylus[web]'.
"""

from __future__ import annotations

import argparse
import importlib.util
import os

from .common import UsageError, opening_database, positive_int

EXTRA = "caylus serve needs the web extra: pip install 'caylus[web]'"


def add(commands) -> None:
    serve = commands.add_parser("serve", help="run the game server (HTTP API, live WebSocket feed, browser board)",
                                description="Run the Caylus game server. Open http://HOST:PORT/ in a browser, "
                                            "or see /docs for the API (docs/server.md).")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                                                           "machine only; 0.0.0.0 for every address)")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument("--db", metavar="URL", default="", type=_database,
                       help="where the games are kept: an SQLAlchemy URL such as sqlite:///games.db or "
                            "postgresql://user:password@host/dbname, or a file path for SQLite (default: an SQLite file in "
                            "~/.local/share/caylus/)")
    serve.add_argument("--bot-workers", type=positive_int, default=None, metavar="N",
                       help="worker processes the bots think in (default: one per core)")
    serve.add_argument("--bot-pace", type=_pace, default=1.0, metavar="S",
                       help="seconds between two moves of an all-bot table someone watches (default 1; 0: as "
                            "fast as the workers go); all-bot tables nobody watches play on idle workers only")
    serve.add_argument("--people-bot-nice", type=_nice, default=0, metavar="N",
                       help="niceness added to the bot worker kept for people's tables (default 0: the server's "
                            "own CPU priority); the all-bot tables' workers run at +10")
    serve.add_argument("--moves-per-second", type=_rate, default=10.0, metavar="R",
                       help="how many moves and messages a second one seat or connection may send, with a burst "
                            "of twice that (default 10)")
    limits = serve.add_argument_group("limits (each client address, seat, connection or table; over them: 429 "
                                      "and Retry-After; docs/server.md)")
    limits.add_argument("--tables-per-minute", type=_rate, default=6.0, metavar="R",
                        help="tables one address may create a minute, burst 10 (default 6)")
    limits.add_argument("--bot-tables-per-client", type=positive_int, default=2, metavar="N",
                        help="open tables of bots only one address may have (default 2)")
    limits.add_argument("--bot-tables", type=positive_int, default=20, metavar="N",
                        help="open tables of bots only in all (default 20)")
    limits.add_argument("--hints-per-minute", type=_rate, default=30.0, metavar="R",
                        help="hints one address may ask a minute, burst 5 (default 30)")
    limits.add_argument("--reads-per-second", type=_rate, default=20.0, metavar="R",
                        help="states, records, lobby reads one address may make a second, burst 3R (default 20)")
    limits.add_argument("--sockets-per-client", type=positive_int, default=16, metavar="N",
                        help="WebSocket connections one address may hold open (default 16)")
    limits.add_argument("--sockets-per-table", type=positive_int, default=200, metavar="N",
                        help="WebSocket connections watching one table (default 200)")
    limits.add_argument("--idle-minutes", type=_rate, default=120.0, metavar="M",
                        help="a table nobody moved at nor watches for this long is closed (default 120)")
    limits.add_argument("--absent-minutes", type=_non_negative, default=10.0, metavar="M",
                        help="at a table with no clock, a person who gives no sign for this long at their turn is "
                             "played by the table's takeover bot, where another person plays on (default 10; 0: never)")
    limits.add_argument("--cache-mib", type=positive_int, default=256, metavar="MIB",
                        help="memory for the games in hand, an estimate (default 256); finished games leave first")
    serve.add_argument("--webhook-host", action="append", default=[], metavar="HOST",
                       help="a host players' \"your turn\" webhooks may be sent to, such as hooks.slack.com "
                            "(repeat for more; default none: no webhooks)")
    serve.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    serve.set_defaults(run=run_serve)


def _database(text: str) -> str:
    """An SQLAlchemy URL as given, or a plain file path as the SQLite file it names (what a person types first)."""
    if not text or "://" in text:
        return text
    return "sqlite:///" + os.path.abspath(os.path.expanduser(text))


def _port(text: str) -> int:
    value = positive_int(text)
    if value > 65535:
        raise UsageError(f"caylus serve: --port must be 1-65535, not {value}")
    return value


def _number(span: str, low: float, high: float, *, whole: bool = False, above: bool = False):
    """An argparse type for a number from `low` (or above it, with `above`) to `high`; a refusal names the flag
    (argparse adds it) and says `span`, the range in words. Also refuses nan and inf."""
    def parse(text: str):
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {span}, got {text!r}") from None
        if not ((low < value) if above else (low <= value)) or not value <= high:
            raise argparse.ArgumentTypeError(f"expected {span}, got {text}")
        return value
    return parse


_rate = _number("a number more than 0 and at most 1000000", 0, 1e6, above=True)  # a rate, or minutes idle
_nice = _number("a whole number from 0 to 19", 0, 19, whole=True)
_pace = _number("0-3600 seconds", 0, 3600)
_non_negative = _number("0-43200 minutes (30 days)", 0, 30 * 24 * 60)  # --absent-minutes: 0 is never


def run_serve(args) -> int:
    missing = [m for m in ("fastapi", "uvicorn", "sqlalchemy") if importlib.util.find_spec(m) is None]
    if missing:
        raise UsageError(f"{EXTRA} ({', '.join(missing)} not installed)")
    import uvicorn

    from caylus.server import Settings, create_app

    from caylus.server.limits import Limits

    limits = Limits(moves_per_second=args.moves_per_second, burst=max(1, int(2 * args.moves_per_second)),
                    tables_per_minute=args.tables_per_minute, bot_tables_per_client=args.bot_tables_per_client,
                    bot_tables=args.bot_tables, hints_per_minute=args.hints_per_minute,
                    reads_per_second=args.reads_per_second, reads_burst=max(1, int(3 * args.reads_per_second)),
                    sockets_per_client=args.sockets_per_client, sockets_per_table=args.sockets_per_table,
                    idle_seconds=60 * args.idle_minutes, cache_bytes=args.cache_mib * 1024 * 1024)
    settings = Settings(db_url=args.db, bot_workers=args.bot_workers or 0, bot_pace=args.bot_pace, limits=limits,
                        people_bot_nice=args.people_bot_nice,
                        webhook_hosts=tuple(h.strip().lower() for h in args.webhook_host if h.strip()),
                        absent_s=60 * args.absent_minutes)
    if args.db.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        raise UsageError(f"{EXTRA} (psycopg not installed, needed for PostgreSQL)")
    with opening_database("serve", args.db, args.db or settings.database()):
        app = create_app(settings)
    print(f"caylus serve: http://{args.host}:{args.port}/ (API docs at /docs), games kept in "
          f"{_shown_url(settings.database())}", flush=True)
    # No permessage-deflate: compressing each state again for every socket cost the web process more CPU than
    # the move itself, and each socket's compressor holds its own buffers; a state is a few KB with log=new.
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=65536,
                ws_per_message_deflate=False, timeout_graceful_shutdown=3, log_config=_log_config())
    return 0


def _log_config() -> dict:
    """uvicorn's logging, with every seat token blanked out of every line (caylus.server.redact), and the
    server's own messages through the same handler."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact"] = {"()": "caylus.server.redact.RedactTokens"}
    for handler in config["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "redact"]
    config["loggers"]["caylus"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def _shown_url(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
