"""The games in play in this process: each table's `caylus.session.Session`, kept in step with the store.

The store is the truth; a `LiveTable` is this process's copy of one table, rebuilt from the stored changes when it
is first needed and brought up to date (`catch_up`) before every use, so several processes can serve one table.
Every change follows one order, under the table's lock: catch up, check the version the change was made against,
change the session, store the change (`Store.append`, one transaction). If storing fails (another process came
first) the copy is thrown away and rebuilt from the store, so nothing unstored is ever shown or acknowledged.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import caylus
from caylus.agents.levels import level_names
from caylus.core.registry import game_from_dealt
from caylus.core.words import describe_decision
from caylus.session import Session, StaleMove, UndoRefused

from .clocks import Clocks
from .errors import ApiError
from .store import CLOSE, MOVE, REMATCH, SEAT, UNDO, Batch, BatchBroken, Change, Stale, Store, TableRow
from .workers import job_for

log = logging.getLogger("caylus.server")

HUMAN = "human"
# The bot kinds a seat may be: the levels of caylus.agents.levels (not "module:Class", which would import any
# module a request names, nor "mcts:ITER", whose budget a request would set).
BOT_LEVELS = tuple(level_names())
MAX_SEED = 1 << 63


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class LiveTable:
    """One table in this process: its stored setup, its session, a lock that orders every use of it."""

    def __init__(self, row: TableRow, game=None):
        """`game`: the row's game at its setup, if the caller has just made it (a new table); else made here."""
        self.row = row
        self.lock = threading.RLock()
        self.game_version = 0  # the stored version this copy reflects: a new copy starts at the setup
        self.closed_why: str | None = None  # once closed: "closed by its creator" or "expired" (its close change)
        if game is None and row.dealt is None:
            game = caylus.new_game(row.edition, players=row.players, seed=row.seed, **row.options)
        elif game is None:  # a board dealt to play on from a record's position
            game = game_from_dealt(row.edition, row.players, row.seed, row.options, row.dealt)
        self.session = self.new_session(game)
        # The time control's clocks, worked out again from the stored changes' times (server/clocks.py).
        self.clocks = Clocks(row.clock, row.players, row.created or row.updated) if row.clock else None
        # Every hand-over of a seat, in order: (seat, "level why", from decision), for the record's notes.
        self.seat_changes: list[tuple[int, str, int]] = []
        self.rematch: str | None = None  # once the game is over and a rematch was made: the new table's id
        self._shared_view: tuple | None = None  # (game, (moves, version), the whole table's view): seat_view
        self.clock_follows()

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def kinds(self) -> list[str]:
        return [s["kind"] for s in self.row.seats]

    def new_session(self, game) -> Session:
        """A session over `game` with this table's seats, at the version this copy reflects."""
        return Session(game, self.kinds, seed=self.row.seed, version=self.game_version)

    def seat_of(self, token: str | None) -> int | None:
        """The human seat whose secret `token` this is; None for no token (a spectator); 403 for a wrong one."""
        if token is None or token == "":
            return None
        found = self.holder_of(token)
        if found is None:
            raise ApiError(403, "bad_token", "this token holds no seat at this table")
        return found

    def take_over(self, seat: int, level: str, why: str) -> None:
        """A bot of `level` plays the person's seat from now on (kept in memory: the stored seats stay as made,
        and a `seat` change in the moves replays this); the state says from which decision."""
        entry = self.row.seats[seat]
        entry["kind"] = level
        self.seat_changes.append((seat, f"{level} {why}", len(self.session.game.history)))
        if level == HUMAN:  # the person took the seat back
            entry.pop("taken_over", None)
            entry["back_from_decision"] = len(self.session.game.history)
            if self.clocks is not None:
                self.clocks.taken_back(seat)
        else:
            entry["taken_over"] = {"by": level, "why": why, "from_decision": len(self.session.game.history)}

    def person_deciding(self) -> int | None:
        """The person's seat the decision at hand waits for (None: a bot's, or the game is over or closed)."""
        game = self.session.game
        if game.is_terminal or self.row.closed:
            return None
        p = game.current_player
        return p if 0 <= p < len(self.row.seats) and self.row.seats[p]["kind"] == HUMAN else None

    def clock_follows(self) -> None:
        """After a change: the clocks run for whoever decides now."""
        if self.clocks is not None:
            self.clocks.deciding(self.person_deciding())

    def record_notes(self) -> str:
        """The record's comment lines on the seats that changed hands (a bot took a seat, a person took it back),
        each from which decision; empty if none did."""
        lines = []
        for seat, change, decision in self.seat_changes:
            level, why = change.split(" ", 1)
            if level == HUMAN:
                lines.append(f"# seat {seat}: the person plays again from decision {decision}")
            else:
                lines.append(f"# seat {seat}: {level} bot from decision {decision} ({why})")
        return "\n".join(lines)

    def holder_of(self, token: str) -> int | None:
        """The seat whose token, or whose player's key, this is (None if none)."""
        digest = token_hash(token)
        found = None
        for p, seat in enumerate(self.row.seats):
            for stored in (seat.get("token_sha256"), seat.get("player_sha256")):
                if stored and hmac.compare_digest(stored, digest):
                    found = p
        return found

    def check_open(self) -> None:
        if self.row.closed:
            raise ApiError(410, "table_closed", f"this table is closed ({self.closed_why or 'closed'}); nothing "
                                                f"more can be played at it")

    def seat_view(self, seat: int | None) -> dict | None:
        """`seat`'s view of the game now (None: a spectator's), made from one view of the position shared by
        every seat where the edition hides nothing (Caylus, Caylus 1303: each seat sees the whole table, so only
        `viewer` and `legal_actions` differ); None where cards are hidden (each seat's own view is made)."""
        game = self.session.game
        if game.edition.determinize is not None or game.edition.event_for is not None:
            return None
        at = (len(game.history), self.session.version)
        shared = self._shared_view
        if shared is None or shared[0] is not game or shared[1] != at:
            shared = self._shared_view = (game, at, game.view(None))  # the whole table, the seat to move's moves
        whole = shared[2]
        view = dict(whole)  # shallow: the parts are shared by every seat's state of this position, and only read
        view["viewer"] = seat
        view["legal_actions"] = whole["legal_actions"] if seat is not None and seat == game.current_player else []
        return view

    def state(self, seat: int | None, since: int = 0) -> dict:
        """What `seat` (None: a spectator) may see, as the API sends it."""
        s = self.session.state(seat, since, view=self.seat_view(seat))
        s["table"] = self.id
        s["edition"] = self.row.edition
        s["closed"] = self.row.closed
        if self.row.closed:
            s["legal"] = []
        for entry in s["seats"]:
            seat = self.row.seats[entry["seat"]]
            entry["kind"] = entry["spec"] if seat["kind"] != HUMAN else HUMAN
            # The player holding the seat (server/players.py), if one joined it: their id and name.
            entry["taken_over"] = seat.get("taken_over")
            entry["back_from_decision"] = seat.get("back_from_decision")
            entry["can_take_back"] = bool(seat.get("taken_over")) and can_take_back(seat)
            entry["player"] = {"id": seat["player"], "name": seat.get("player_name", "")} if seat.get("player") \
                else None
        s["decision"] = describe_decision(s["view"]) if s["legal"] else None
        s["rematch"] = self.rematch
        s["clocks"] = self.clocks.state([seat["kind"] == HUMAN for seat in self.row.seats]) \
            if self.clocks is not None else None
        return s


# What a table in hand costs, measured with tracemalloc (a session with its bots, its game with an undo
# snapshot per move, the log's words, one seat's and a spectator's state): 0.5-0.7 MiB at the start of a game
# in each edition, 1-2 MiB at its end (Caylus 289 moves: 2.0 MiB; Magna Carta 206: 1.3; Caylus 1303 151: 1.0).
# The estimate errs high, so that the bound holds.
TABLE_BYTES = 640 * 1024
MOVE_BYTES = 6 * 1024


def estimated_bytes(live: "LiveTable") -> int:
    return TABLE_BYTES + MOVE_BYTES * len(live.session.game.history)


class Tables:
    """The tables this process has in hand, over one `Store`: at most `cache_bytes` of them (an estimate,
    `estimated_bytes`); past it, finished and closed games leave first, then the least recently used. A table
    that left is rebuilt from the store when it is next needed."""

    def __init__(self, store: Store, cache_bytes: int = 256 * 1024 * 1024, now=time.time):
        self.store = store
        self.now = now  # the server's time source (tests give a fake clock): every change's time, the clocks
        self.cache_bytes = cache_bytes
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._lock = threading.Lock()
        self._stored = 0  # changes stored: every so many, the cache is trimmed again
        # Called with the table's lock held: after every stored change, and when a table is loaded from the store.
        self.on_change: list = []
        self.on_load: list = []
        self.on_seen: list = []  # called with (table id, seat) whenever a request shows a seat's token or key
        # One table made at a time in this process: a burst of creations (a flood of POSTs, each in a thread of
        # the pool) would otherwise have as many threads taking turns at the interpreter with the event loop and
        # the writer, which then serve people's moves a few times slower until the burst is made. Held by
        # whoever checks a client's limits and then creates (server/routers/tables.py), so that a limit on
        # open tables is never overrun by requests checked side by side.
        self.creating = threading.RLock()

    # -- creating and finding tables ---------------------------------------------------------------------
    def create(self, edition: str, players: int, options: dict, kinds: list[str], seed: int | None,
               creator: str | None = None, moves: list[str] = (), takeover: str = "normal",
               take_back: bool = False, dealt: dict | None = None, clock: dict | None = None,
               keep: list | None = None) -> tuple:
        """A new table; returns (LiveTable, the tokens of the human seats (None for bots), the creator's token,
        which may close it). `moves`: actions already played (a record's prefix, to play on from), stored as
        the table's first changes. `keep`: per seat, the stored entries of a person's seat to carry over (a
        rematch: the same token and player open the new seat; its token is then not returned). `dealt`: the board the game starts from instead of the seed's setup
        (`Game.dealt()`), stored with the table."""
        with self.creating:
            return self._create(edition, players, options, kinds, seed, creator, moves, takeover, take_back, dealt,
                                clock, keep)

    def _create(self, edition: str, players: int, options: dict, kinds: list[str], seed: int | None,
                creator: str | None, moves: list[str], takeover: str, take_back: bool, dealt: dict | None,
                clock: dict | None, keep: list | None) -> tuple:
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        keep = keep or [None] * len(kinds)
        tokens = [secrets.token_urlsafe(24) if k == HUMAN and not keep[p] else None for p, k in enumerate(kinds)]
        owner = secrets.token_urlsafe(24)
        try:
            game = (caylus.new_game(edition, players=players, seed=seed, **options) if dealt is None
                    else game_from_dealt(edition, players, seed, options, dealt))
        except caylus.CaylusError as exc:
            raise ApiError(422, "bad_setup", str(exc)) from None
        row = TableRow(id=secrets.token_urlsafe(9), edition=edition, players=players, seed=seed,
                       options=dict(game.options),
                       seats=[{"kind": k, "token_sha256": token_hash(t) if t else None,
                               **({"takeover": takeover, "take_back": take_back} if k == HUMAN else {}),
                               **(kept or {})}
                              for k, t, kept in zip(kinds, tokens, keep)],
                       version=0, terminal=game.is_terminal, people=sum(1 for k in kinds if k == HUMAN),
                       creator=creator, owner_sha256=token_hash(owner), updated=self.now(), dealt=dealt,
                       clock=clock)
        row.created = row.updated
        try:
            live = LiveTable(row, game)  # the game just made, not made a second time
        except caylus.CaylusError as exc:  # a bot level Session cannot build
            raise ApiError(422, "bad_seat", str(exc)) from None
        changes = []
        if moves:
            game = live.session.game
            for number, token in enumerate(moves):
                mover = game.current_player
                try:
                    played = game.apply(token)
                except caylus.IllegalAction as exc:
                    raise ApiError(422, "bad_record", f"move {number + 1}: {exc}") from None
                changes.append(Change(number, MOVE, played.token, mover))
            live.game_version = len(changes)
            live.session = live.new_session(game)
            row.version = live.game_version
            row.terminal = game.is_terminal
            live.clock_follows()
        self.store.create(row)
        if changes:
            self.store.append(row.id, 0, changes, row.terminal, False, now=row.created)
        self._keep(live)
        with live.lock:
            for listener in self.on_load:  # a bot may be first to move
                listener(live)
        return live, tokens, owner

    def get(self, table_id: str) -> LiveTable:
        """The table, up to date with the store; 404 if there is no such table."""
        with self._lock:
            live = self._live.get(table_id)
            if live is not None:
                self._live.move_to_end(table_id)
        if live is None:
            row = self.store.load(table_id) if _plausible_id(table_id) else None
            if row is None:
                raise ApiError(404, "no_table", f"there is no table {table_id!r}")
            live = self._keep(self._rebuild(row))
            with live.lock:
                for listener in self.on_load:
                    listener(live)
        return live

    def seat_of(self, live: LiveTable, token: str | None) -> int | None:
        """The seat `token` (a seat's token or a player's key) holds at the table; None for no token, 403 for a
        wrong one. A key another process seated since this copy was made is found by reading the seats again."""
        if token is None or token == "":
            return None
        found = live.holder_of(token)
        if found is None:
            row = self.store.load(live.id)
            if row is not None:
                with live.lock:
                    _merge_players(live.row.seats, row.seats)
                found = live.holder_of(token)
        if found is None:
            raise ApiError(403, "bad_token", "this token holds no seat at this table")
        for listener in self.on_seen:  # a sign of the person at that seat (server/absence.py)
            listener(live.id, found)
        return found

    def seat_player(self, live: LiveTable, seat: int, player_id: str, name: str, key_sha256: str) -> None:
        """Seat a player at a human seat: their key opens it from now on (the seat's token still does)."""
        with live.lock:
            row = self.store.load(live.id)
            seats = [dict(s) for s in (row.seats if row is not None else live.row.seats)]
            seats[seat].update(player=player_id, player_name=name, player_sha256=key_sha256)
            self.store.set_seats(live.id, seats)
            _merge_players(live.row.seats, seats)

    def resign(self, live: LiveTable, seat: int, why: str) -> None:
        """The person at `seat` leaves (resigned, or their clock ran out): a bot of the level chosen at the table's
        creation (default `normal`) plays the seat from the next decision on, and the game goes on. Stored as a
        change, so every process and watcher hears of it and a restart replays it."""
        with live.lock:
            self.catch_up(live)
            live.check_open()
            if live.session.game.is_terminal:
                raise ApiError(409, "game_over", "the game is over: there is nothing to resign")
            entry = live.row.seats[seat]
            if entry["kind"] != HUMAN:
                raise ApiError(409, "already_a_bot", f"a bot ({entry['kind']}) already plays this seat")
            self._hand_over(live, seat, entry.get("takeover") or "normal", why)

    def take_back(self, live: LiveTable, seat: int) -> None:
        """The person who left `seat` plays it again (where the table was made with "take_back": true)."""
        with live.lock:
            self.catch_up(live)
            live.check_open()
            entry = live.row.seats[seat]
            if live.session.game.is_terminal:
                raise ApiError(409, "game_over", "the game is over: there is no seat to take back")
            if not entry.get("taken_over"):
                raise ApiError(409, "not_taken_over", "this seat is the person's: there is nothing to take back")
            if not can_take_back(entry):
                raise ApiError(403, "take_back_refused", "this table was made without \"take_back\": a seat a bot "
                                                         "took stays the bot's")
            self._hand_over(live, seat, HUMAN, "back")

    def rematch(self, live: LiveTable, creator: str | None = None) -> tuple:
        """The rematch of a finished game: the same people (their seat tokens and players open the new seats),
        the same bot levels, options, takeover and clock, a new random seed, every seat one place on (seat p of
        this game is seat p + 1 of the next). Made once: the finished table stores a `rematch` change naming the
        new table, and whoever asks again is given that one. Returns (the new LiveTable, its owner token, or
        None if it was made before)."""
        with live.lock:
            self.catch_up(live)
            live.check_open()
            if not live.session.game.is_terminal:
                raise ApiError(409, "not_over", "the game is not over: a rematch is made after its end")
            if live.rematch:
                return self.get(live.rematch), None
            row = self.store.load(live.id)  # the seats as made: a bot that took a person's seat is not a level chosen
            made = row.seats if row is not None else live.row.seats
            n = len(made)
            order = [made[(p - 1) % n] for p in range(n)]
            kinds = [s.get("kind") for s in order]
            human = [s for s in made if s.get("kind") == HUMAN]
            keep = [{k: s[k] for k in ("token_sha256", "player", "player_name", "player_sha256") if s.get(k)}
                    if s.get("kind") == HUMAN else None for s in order]
            new, _tokens, owner = self.create(
                live.row.edition, live.row.players, dict(live.row.options), kinds, None, creator=creator,
                takeover=human[0].get("takeover", "normal") if human else "normal",
                take_back=bool(human and human[0].get("take_back")), clock=live.row.clock, keep=keep)
            version = live.game_version
            live.rematch = new.id
            live.session.version += 1  # a stored change: the watchers are sent the state that names the rematch
            try:
                self._store(live, version, [Change(version, REMATCH, new.id, None)])
            except ApiError:  # another process made the rematch first: this one is not played
                self.close(new, "a rematch made twice")
                raise
            return new, owner

    def check_clock(self, live: LiveTable) -> int | None:
        """If the person to decide has run out of time, hand their seat to the table's takeover bot (a `seat`
        change, why "timeout", like a resignation) and the game goes on; that seat, or None."""
        with live.lock:
            self.catch_up(live)
            return self._time_out(live)

    def _time_out(self, live: LiveTable, batch: Batch | None = None) -> int | None:
        if live.clocks is None or live.row.closed:
            return None
        seat = live.clocks.out_of_time(self.now())
        if seat is None:
            return None
        try:
            self._hand_over(live, seat, live.row.seats[seat].get("takeover") or "normal", "timeout", batch)
        except ApiError:  # another process stored a change first: the clock is looked at again next time
            return None
        return seat

    def _hand_over(self, live: LiveTable, seat: int, level: str, why: str, batch: Batch | None = None) -> None:
        """Store a `seat` change (call with the table's lock held): `level` plays the seat from now on."""
        version = live.game_version
        live.take_over(seat, level, why)
        live.session = Session(live.session.game, live.kinds, seed=live.row.seed, version=version + 1)
        self._store(live, version, [Change(version, SEAT, f"{level} {why}"[:64], seat)], batch)

    def state(self, live: LiveTable, seat: int | None, since: int = 0) -> dict:
        """What `seat` may see of the table now (up to date with the store)."""
        with live.lock:
            self.catch_up(live)
            self._time_out(live)
            return live.state(seat, since)

    def _keep(self, live: LiveTable) -> LiveTable:
        with self._lock:
            kept = self._live.setdefault(live.id, live)  # two threads may load one table: keep the first
            self._live.move_to_end(live.id)
        self.trim(keep=kept.id)
        return kept

    def cached_bytes(self) -> int:
        with self._lock:
            held = list(self._live.values())
        return sum(estimated_bytes(live) for live in held)

    def trim(self, keep: str | None = None) -> None:
        """Let tables go until the estimate is within `cache_bytes`: finished and closed games first, then the
        least recently used (never `keep`, the table in hand)."""
        with self._lock:
            sizes = {table_id: estimated_bytes(live) for table_id, live in self._live.items()}
            total = sum(sizes.values())
            if total <= self.cache_bytes:
                return
            over = [i for i, live in self._live.items() if live.row.terminal or live.row.closed]
            for table_id in over + list(self._live):
                if total <= self.cache_bytes:
                    break
                if table_id != keep and table_id in self._live:
                    del self._live[table_id]
                    total -= sizes[table_id]

    def cached(self) -> list[str]:
        with self._lock:
            return list(self._live)

    def _rebuild(self, row: TableRow) -> LiveTable:
        """A table rebuilt from its stored changes (after a restart, or when another process changed it)."""
        live = LiveTable(row)
        with live.lock:
            self._replay(live, self.store.changes_since(row.id, 0))
        return live

    def catch_up(self, live: LiveTable) -> None:
        """Apply what other processes stored since this copy was made (call with the table's lock held)."""
        stored = self.store.version_of(live.id)
        if stored is not None and stored != live.game_version:
            self._replay(live, self.store.changes_since(live.id, live.game_version))

    def catch_up_to(self, live: LiveTable, version: int) -> None:
        """Before a change made against `version`: catch up only if this copy is not at that version. If it is,
        the store is asked nothing here: were another process ahead, the append's version check refuses the
        change (409) and the copy is rebuilt, so the move path spends no read on the common case."""
        if version != live.game_version:
            self.catch_up(live)

    def _replay(self, live: LiveTable, changes: list[Change]) -> None:
        game = live.session.game
        for change in changes:
            if change.number != live.game_version:
                raise RuntimeError(f"table {live.id}: stored change {change.number} follows version "
                                   f"{live.game_version}")
            if live.clocks is not None:
                live.clocks.change(change.at if change.at is not None else live.clocks.since, change.kind,
                                   change.seat)
            if change.kind == MOVE:
                game.apply(change.token)
            elif change.kind == CLOSE:
                live.row.closed = True
                live.closed_why = change.token or "closed"
            elif change.kind == SEAT:
                live.take_over(change.seat, *change.token.split(" ", 1))
            elif change.kind == REMATCH:
                live.rematch = change.token
            else:
                for _ in range(int(change.token)):
                    game.undo()
            live.game_version += 1
            live.clock_follows()
        if changes:
            # The session's seat bookkeeping follows the game it is given: make it again over the replayed game.
            live.session = live.new_session(game)
        live.row.version = live.game_version
        live.row.terminal = game.is_terminal

    def forget(self, table_id: str) -> None:
        with self._lock:
            self._live.pop(table_id, None)

    def open_tables(self, limit: int = 50) -> list[TableRow]:
        return self.store.open_tables(limit)

    # -- changing a table ---------------------------------------------------------------------------------
    def move(self, live: LiveTable, seat: int, version: int, token: str, since: int = 0,
             reply: bool = True, batch: Batch | None = None) -> dict | None:
        """A person's move: checked by the session (seat to move, version, legal action), then stored; returns
        the seat's state right after it (None with `reply=False`: a move over the WebSocket, whose answer is
        the state pushed to the seat's sockets, built once for them all). With `batch` (a writer's group
        commit, server/mover.py), stored in the batch's transaction: the caller commits it, then runs what
        follows a change (`Batch.committed`), holding the table's lock from before the move until then."""
        with live.lock:
            self.catch_up_to(live, version)
            live.check_open()
            if self._time_out(live, batch) == seat:
                raise ApiError(409, "out_of_time", "your clock ran out before this move: a bot plays your seat "
                                                   "from this decision on")
            session = live.session
            try:
                played = session.move(seat, token, version)
            except StaleMove as exc:
                raise ApiError(409, "stale_version", str(exc)) from None
            except caylus.IllegalAction as exc:
                raise ApiError(422, "illegal_move", str(exc)) from None
            self._store(live, version, [Change(version, MOVE, played.token, seat)], batch)
            return live.state(seat, since) if reply and batch is None else None

    def undo(self, live: LiveTable, seat: int, version: int, batch: Batch | None = None) -> None:
        """Take back the seat's last decision and the bots' moves after it (only at a table where every other
        seat is a bot: no other person's move is ever taken back)."""
        with live.lock:
            self.catch_up(live)
            live.check_open()
            if any(k == HUMAN for p, k in enumerate(live.kinds) if p != seat):
                raise ApiError(409, "undo_refused", "undo is only for a game against bots: this table has "
                                                    "another person, whose moves are theirs to keep")
            session = live.session
            if version != session.version:
                raise ApiError(409, "stale_version", f"undo was asked on version {version}, but the table is at "
                                                     f"version {session.version}; nothing was taken back")
            before = len(session.game.history)
            try:
                session.undo(seat)
            except UndoRefused as exc:  # a card revealed or a random draw since: the message says which
                raise ApiError(409, "undo_hidden", str(exc)) from None
            except caylus.IllegalAction as exc:
                raise ApiError(409, "nothing_to_undo", str(exc)) from None
            self._store(live, version, [Change(version, UNDO, str(before - len(session.game.history)), seat)], batch)

    def bot_job(self, live: LiveTable) -> "BotJob | None":
        """If a bot is to move at this table, the job a bot worker thinks on (what that seat may know); None
        if not. The table's lock is held only while the job is made, never while the bot thinks."""
        with live.lock:
            self.catch_up(live)
            session = live.session
            if not session.bot_to_move or live.row.closed:
                return None
            game = session.game
            seat = game.current_player
            row = live.row
            setup = {"edition": row.edition, "players": row.players, "seed": row.seed, "options": row.options}
            return BotJob(session.version, seat, job_for(live.id, live.kinds[seat], setup, game))

    def bot_move(self, live: LiveTable, job: "BotJob", token: str, batch: Batch | None = None) -> bool:
        """The move a worker chose for `job`, checked and stored like a person's; False (nothing played) if the
        table moved on since the job was made (a stale answer is dropped) or the move is not legal. `batch`: as
        for `move`."""
        with live.lock:
            self.catch_up_to(live, job.version)
            session = live.session
            try:
                played = session.bot_move(token, job.version)
            except StaleMove:
                return False
            except caylus.IllegalAction as exc:
                log.error("table %s: a bot worker's move was refused: %s", live.id, exc)
                return False
            self._store(live, job.version, [Change(job.version, MOVE, played.token, job.seat)], batch)
            return True

    def close(self, live: LiveTable, why: str) -> bool:
        """Close the table (its creator asked, or nobody touched it for long): no more moves, out of the lobby;
        stored as a change, so every process and watcher hears of it. Whether it was open."""
        with live.lock:
            self.catch_up(live)
            if live.row.closed:
                return False
            live.row.closed = True
            live.closed_why = why
            version = live.game_version
            live.session.version += 1  # closing is a change: the watchers are sent the closed state
            self._store(live, version, [Change(version, CLOSE, why[:64], None)])
            return True

    def _store(self, live: LiveTable, version: int, changes: list[Change], batch: Batch | None = None) -> None:
        now = self.now()
        if batch is not None:  # a change of a batch the table's session holds, until it is committed or not
            batch.touched.append(live)
        try:
            self.store.append(live.id, version, changes, live.session.game.is_terminal, live.row.closed, now=now,
                              batch=batch)
        except Stale:
            # Another process stored a change first: this copy went ahead of the store. Rebuild it.
            self._reset(live)
            raise ApiError(409, "stale_version", "the table changed in the meantime; nothing was played") from None
        except BatchBroken:
            raise  # the batch's writer rolls back and rebuilds every table it touched
        except Exception:
            self._reset(live)
            raise
        if batch is not None:
            batch.committed.append(lambda: self._after_store(live, version, changes, now))
        else:
            self._after_store(live, version, changes, now)

    def _after_store(self, live: LiveTable, version: int, changes: list[Change], now: float) -> None:
        """After a change is committed (the table's lock held): the copy's version, the clocks, the listeners."""
        if live.clocks is not None:
            for change in changes:
                live.clocks.change(now, change.kind, change.seat)
            live.clock_follows()
        live.game_version = version + len(changes)
        live.row.version = live.game_version
        live.row.updated = now
        live.row.terminal = live.session.game.is_terminal
        self._stored += 1
        if live.row.terminal or live.row.closed or self._stored % 32 == 0:  # tables grow as they are played
            self.trim(keep=live.id)
        for listener in self.on_change:
            try:
                listener(live)
            except Exception:  # the change is stored: a failed push must not make it look refused
                log.exception("after a change of table %s", live.id)

    def reset(self, live: LiveTable) -> None:
        """Make the copy again from the store (a batch it had a change in was not stored)."""
        with live.lock:
            self._reset(live)

    def _reset(self, live: LiveTable) -> None:
        fresh = self._rebuild(self.store.load(live.id))
        live.session, live.game_version, live.row = fresh.session, fresh.game_version, fresh.row
        live.clocks, live.seat_changes, live.rematch = fresh.clocks, fresh.seat_changes, fresh.rematch


def can_take_back(seat: dict) -> bool:
    """Whether the person may play this seat again once a bot took it: where the table was made with "take_back",
    and always after an absence (server/absence.py: they did not choose to leave)."""
    return bool(seat.get("take_back")) or (seat.get("taken_over") or {}).get("why") == "absent"


def _merge_players(live_seats: list[dict], stored: list[dict]) -> None:
    """Bring the players seated since into this copy's seats, keeping what the copy replayed (a bot's takeover)."""
    for mine, theirs in zip(live_seats, stored):
        for key in ("player", "player_name", "player_sha256"):
            if key in theirs:
                mine[key] = theirs[key]


@dataclass
class BotJob:
    """A bot's move to think: the version and seat it is for, and the data a worker is sent (`job_for`)."""

    version: int
    seat: int
    data: dict


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and all(c.isalnum() or c in "-_" for c in table_id)
