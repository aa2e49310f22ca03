"""The FastAPI application: `create_app(settings)` wires the store, the tables, the hub, the bots and the routes.

    /api/editions                 the editions and their options
    /api/tables                   create a table (POST), the lobby (GET)
    /api/tables/{id}              a seat's state (Authorization: Bearer), /moves, /undo, /hint, /record, /buildings;
                                  DELETE: the creator closes the table
    /api/players                  make a player (POST); /me, /me/turns (Authorization: Bearer <key>), /{id}: a page
    /api/tables/{id}/join         a player takes a human seat (the seat's token in the body, the key in the header)
    /api/players/me/webhook       the key's player's "your turn" webhook (PUT, GET, DELETE)
    /api/ratings                  a leaderboard: ?edition=&kind=two|multi&limit=
    /ws/tables/{id}               the live feed (the token in the first message)
    /docs, /openapi.json          the API, documented by FastAPI
    /                             the browser front end (caylus/web), when it is there

See docs/server.md.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

import caylus

from . import collector, denials, errors, redact
from .absence import Absence
from .expiry import Expiry
from .hub import Hub, Listener
from .limits import BodyLimit, Guards
from .live import HUMAN, Tables
from .mover import Mover
from .notify import Webhooks
from .players import Players
from .ratings import Ratings, result_of
from .reviews import Reviews
from .routers import editions, moves, notify, players, ratings, rematch, replay, review, tables, ws
from .settings import Settings
from .store import CHANNEL, SEAT, Store
from .timeouts import Timeouts
from .workers import BotPool

log = logging.getLogger("caylus.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"  # caylus/web: the browser front end


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store(settings.database())
    table_set = Tables(store, cache_bytes=settings.limits.cache_bytes, now=settings.now)
    hub = Hub()
    # A socket's moves are played in writer threads: one on SQLite, which takes one writer at a time; four on
    # PostgreSQL (a round trip per statement), whose tables commit side by side.
    mover = Mover(hub, writers=4 if store.is_postgres else 1, tables=table_set)
    runner = BotPool(table_set, workers=settings.bot_workers, pace=settings.bot_pace,
                     watched=lambda table_id: bool(hub.seats_watching(table_id)),
                     move_timeout=settings.bot_move_timeout, max_bot_tables=settings.bot_queue,
                     people_niceness=settings.people_bot_nice,
                     resume=lambda: _resume_bots(table_set, runner),
                     # A bot's move is stored by the table's writer, in its batch (one writer a table, no two
                     # threads waiting on SQLite's write lock for each other).
                     store_move=lambda live, job, token: mover.run(live.id, table_set.bot_move, live, job, token,
                                                                   lock=live.lock, batched=True,
                                                                   later=HUMAN not in live.kinds))

    def push(live) -> None:
        seats = hub.seats_watching(live.id)
        if seats:
            hub.publish(live.id, {seat: live.state(seat, since) for seat, since in seats.items()})

    def bots_go_on(live) -> None:
        if live.session.bot_to_move:
            runner.kick(live.id, people=HUMAN in live.kinds)

    rated = Ratings(store)

    def remember_result(live) -> None:
        if live.row.terminal and not live.row.closed:  # stored once per table, whichever process ends it
            rated.record(result_of(live.id, live.row.edition, live.row.players, live.row.seats,
                                   list(live.session.game.scores())))

    hooks = Webhooks(store, settings.webhook_hosts)

    def tell_turn(live) -> None:
        game = live.session.game
        if live.row.terminal or live.row.closed or not hooks.allowed:
            return
        seat = game.current_player
        entry = live.row.seats[seat]
        if entry["kind"] == HUMAN and entry.get("player"):
            hooks.turn(live.id, live.row.edition, caylus.get_edition(live.row.edition).title, seat,
                       len(game.history), entry["player"])

    table_set.on_change += [push, bots_go_on, remember_result, tell_turn]
    table_set.on_load.append(bots_go_on)

    listener = None
    if store.is_postgres and settings.listen:
        def heard(table_id: str, version: int) -> None:
            if hub.seats_watching(table_id):
                live = table_set.get(table_id)
                with live.lock:
                    table_set.catch_up(live)
                    push(live)

        url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        listener = Listener(url, CHANNEL, heard)

    reviewer = Reviews(settings.limits.reviews_running, settings.limits.reviews_kept, settings.limits.review_seconds)
    expiry = Expiry(table_set, hub, settings.limits.idle_seconds)
    absence = Absence(table_set, hub, settings.absent_s, every=settings.absence_every)
    table_set.on_seen.append(absence.seen)
    timeouts = Timeouts(table_set, every=settings.clock_every)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        hub.loop, hub.loop_thread = asyncio.get_running_loop(), threading.get_ident()
        mover.start()
        store.start_checkpoints()
        redact.install()  # again: the server's logging is configured by now
        denials.install()
        expiry.start()
        absence.start()
        timeouts.start()
        if listener is not None:
            listener.start()
        # Games whose bot was to move when the server stopped go on.
        runner.start()
        threading.Thread(target=_resume_bots, args=(table_set, runner), name="caylus-resume", daemon=True).start()
        collector.settle()  # no long collector pause in a person's move (server/collector.py)
        try:
            yield
        finally:
            collector.release()
            expiry.stop()
            absence.stop()
            hooks.close()
            timeouts.stop()
            mover.close()
            runner.close()
            reviewer.close()
            if listener is not None:
                listener.stop()
            hub.loop = None
            store.close()

    app = FastAPI(title="Caylus server", version="1", lifespan=lifespan,
                  description="Tables of Caylus (2005), Caylus 1303 and Caylus Magna Carta, for people and bots. "
                              "See docs/server.md.")
    app.state.settings = settings
    app.state.store = store
    app.state.players = Players(store)
    app.state.ratings = rated
    app.state.webhooks = hooks
    app.state.tables = table_set
    app.state.hub = hub
    app.state.mover = mover
    app.state.bots = runner
    app.state.reviews = reviewer
    app.state.guards = Guards(settings.limits)
    app.state.expiry = expiry
    app.state.absence = absence
    app.state.timeouts = timeouts
    errors.install(app)
    redact.install()
    app.add_middleware(BodyLimit, limit=settings.limits.max_body_bytes)
    for module in (editions, tables, moves, rematch, replay, review, players, notify, ratings, ws):
        app.include_router(module.router)

    web = settings.web_dir or WEB_DIR
    if (web / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        def home() -> dict:
            return {"name": "caylus", "api": "/api/tables", "docs": "/docs",
                    "web": "the browser front end is not installed in this copy"}
    return app


def _resume_bots(table_set: Tables, runner: BotPool) -> None:
    """Kick the bots of every open table with a bot seat (at start, and when the bot queue has room again);
    a table is loaded only when a worker takes it."""
    try:
        taken = table_set.store.tables_with(SEAT)  # a person resigned there: a bot plays their seat now
        for row in table_set.open_tables(limit=10_000):
            kinds = [seat["kind"] for seat in row.seats]
            if any(kind != HUMAN for kind in kinds) or row.id in taken:
                runner.kick(row.id, people=HUMAN in kinds)
    except Exception:
        log.exception("while resuming the bots' games")
