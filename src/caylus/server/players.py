"""Players: a name and a secret key, so that one identity holds seats at many tables.

Two tables beside the store's own (added to an older database by `create_all`: the change is additive).
`players` holds each player's id, name (unique, compared without case) and the SHA-256 of their key: the key is
shown once, when the player is made, and never stored. `player_seats` says which seat of which table a player
holds; a seat a player joined also keeps the key's hash in the table's own seat entry (`player_sha256`), so the
key opens that seat wherever the seat's token would, with no extra look-up on every request.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from dataclasses import dataclass

from sqlalchemy import Column, Float, Index, Integer, String, Table, func, insert, select
from sqlalchemy.exc import IntegrityError

from .errors import ApiError
from .store import Store, metadata

MAX_NAME = 40  # characters of a player's name

players = Table(
    "players", metadata,
    Column("id", String(16), primary_key=True),
    Column("name", String(MAX_NAME), nullable=False),
    Column("folded", String(MAX_NAME), nullable=False, unique=True),  # the name compared without case
    Column("key_sha256", String(64), nullable=False, unique=True),
    Column("creator", String(64)),  # a hash of the client's address (the limits count by it)
    Column("created", Float, nullable=False),
)

player_seats = Table(
    "player_seats", metadata,
    Column("player_id", String(16), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("joined", Float, nullable=False),
    Index("player_seats_player", "player_id", "joined"),
    Index("player_seats_table_seat", "table_id", "seat", unique=True),  # one player per seat
    Index("player_seats_player_table", "player_id", "table_id", unique=True),  # one seat per player per table
)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def clean_name(name: str) -> str:
    """The name as kept: its spaces trimmed and runs of them made one; 422 for an empty one, one over MAX_NAME
    characters, or one with control or invisible characters (which would let two names look alike)."""
    if not isinstance(name, str):
        raise ApiError(422, "bad_name", "a player's name is text")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ApiError(422, "bad_name", "a player's name may not be empty")
    if len(cleaned) > MAX_NAME:
        raise ApiError(422, "bad_name", f"a player's name is at most {MAX_NAME} characters")
    for ch in cleaned:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ApiError(422, "bad_name", f"a player's name may not hold the character U+{ord(ch):04X}")
    return cleaned


@dataclass
class Player:
    id: str
    name: str
    created: float


@dataclass
class HeldSeat:
    table_id: str
    seat: int
    joined: float


class Players:
    """The players of one store: `create`, `by_key`, `get`, `hold`, `seats_of`, `count`."""

    def __init__(self, store: Store):
        self.engine = store.engine
        self.store = store
        metadata.create_all(self.engine, tables=[players, player_seats])

    def create(self, name: str, creator: str | None = None) -> tuple[Player, str]:
        """A new player and their secret key (shown once); 409 if the name is taken."""
        name = clean_name(name)
        key = secrets.token_urlsafe(24)
        player = Player(id=secrets.token_urlsafe(9), name=name, created=time.time())
        try:
            with self.store.writing() as conn:
                conn.execute(insert(players).values(id=player.id, name=name, folded=name.casefold()[:MAX_NAME],
                                                    key_sha256=key_hash(key), creator=creator,
                                                    created=player.created))
        except IntegrityError:
            raise ApiError(409, "name_taken", f"there is already a player called {name!r}") from None
        return player, key

    def count(self, creator: str | None = None) -> int:
        where = [] if creator is None else [players.c.creator == creator]
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(players).where(*where)).scalar() or 0

    def get(self, player_id: str) -> Player:
        """The player (404 if there is none)."""
        row = None
        if 0 < len(player_id) <= 16:
            with self.engine.connect() as conn:
                row = conn.execute(select(players.c.id, players.c.name, players.c.created)
                                   .where(players.c.id == player_id)).first()
        if row is None:
            raise ApiError(404, "no_player", f"there is no player {player_id!r}")
        return Player(*row)

    def by_key(self, key: str) -> Player:
        """The player whose key this is (401 for a key that is nobody's)."""
        digest = key_hash(key)
        with self.engine.connect() as conn:
            row = conn.execute(select(players.c.id, players.c.name, players.c.created, players.c.key_sha256)
                               .where(players.c.key_sha256 == digest)).first()
        if row is None or not hmac.compare_digest(row.key_sha256, digest):
            raise ApiError(401, "bad_key", "this key is no player's (Authorization: Bearer <the player's key>)")
        return Player(row.id, row.name, row.created)

    def hold(self, player_id: str, table_id: str, seat: int) -> bool:
        """Record that the player holds the seat; False if the seat or the table is already someone's."""
        try:
            with self.store.writing() as conn:
                conn.execute(insert(player_seats).values(player_id=player_id, table_id=table_id, seat=seat,
                                                         joined=time.time()))
        except IntegrityError:
            return False
        return True

    def holder(self, table_id: str, seat: int) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(player_seats.c.player_id)
                                .where(player_seats.c.table_id == table_id, player_seats.c.seat == seat)).scalar()

    def seats_of(self, player_id: str, limit: int) -> list[HeldSeat]:
        """The seats the player holds, the latest joined first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(player_seats.c.table_id, player_seats.c.seat, player_seats.c.joined)
                                .where(player_seats.c.player_id == player_id)
                                .order_by(player_seats.c.joined.desc()).limit(limit)).all()
        return [HeldSeat(*r) for r in rows]

    def names(self, player_ids: list[str]) -> dict[str, str]:
        if not player_ids:
            return {}
        with self.engine.connect() as conn:
            return dict(conn.execute(select(players.c.id, players.c.name).where(players.c.id.in_(player_ids))).all())
