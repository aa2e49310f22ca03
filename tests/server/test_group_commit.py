"""Group commit (server/mover.py, store.Batch): a writer stores the moves it finds waiting, of several tables, in
one transaction, and answers each only once that transaction is committed; a refused move leaves the others
stored; a batch the database refuses is played again one move at a time, nothing lost and nothing doubled."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial

import pytest

from caylus.server.errors import ApiError
from caylus.server.hub import Hub
from caylus.server.live import Tables
from caylus.server.mover import Mover
from caylus.server.store import Batch, Store

from .conftest import new_table, state, wait_turn


@pytest.fixture
def tables(tmp_path):
    found = Tables(Store(f"sqlite:///{tmp_path / 'batch.db'}"))
    yield found
    found.store.close()


def _people(tables: Tables, n: int) -> list:
    return [tables.create("caylus-1303", 2, {}, ["human", "human"], 1000 + k)[0] for k in range(n)]


def _moves(tables, mover, lives, versions=None) -> list:
    """Each table's seat to move plays its first legal action, submitted at once (on the running loop)."""
    futures = []
    for k, live in enumerate(lives):
        game = live.session.game
        version = live.session.version if versions is None else versions[k]
        futures.append(mover.submit(live.id, partial(tables.move, reply=False), live, game.current_player, version,
                                    game.legal_actions()[0].token, lock=live.lock, batched=True))
    return futures


async def _with_writer(tables, body):
    hub = Hub()
    hub.loop, hub.loop_thread = asyncio.get_running_loop(), threading.get_ident()
    mover = Mover(hub, writers=1, tables=tables)
    mover.start()
    gate = threading.Event()
    # The writer held on a first job until every move is queued: it then finds them all waiting at once.
    blocker = mover.submit("gate", gate.wait, 5)
    try:
        return await body(mover, gate, blocker)
    finally:
        mover.close()


def _all_at_once(tables, lives, versions=None) -> tuple[list, int, int]:
    """Each table's move submitted while the writer is held, then let go: (each move's result or error, the
    writer's batches, the moves stored in batches)."""

    async def body(mover, gate, blocker):
        futures = _moves(tables, mover, lives, versions)
        gate.set()
        await blocker
        results = await asyncio.wait_for(asyncio.gather(*futures, return_exceptions=True), 20)
        return results, mover.batches, mover.batched

    return asyncio.run(_with_writer(tables, body))


def test_several_tables_moves_are_stored_in_one_transaction_and_each_answered_after_its_commit(tables):
    lives = _people(tables, 5)
    seen_stored: list = []
    # Runs after each change is stored, before its answer: another connection must already read it.
    tables.on_change.append(lambda live: seen_stored.append(
        tables.store.version_of(live.id) == live.game_version))

    results, batches, batched = _all_at_once(tables, lives)
    assert results == [None] * 5
    assert (batches, batched) == (1, 5)  # one commit for the five tables
    assert seen_stored == [True] * 5
    assert [tables.store.version_of(live.id) for live in lives] == [1] * 5
    assert [live.game_version for live in lives] == [1] * 5


def test_a_refused_move_in_a_batch_changes_nothing_and_the_others_are_stored(tables):
    lives = _people(tables, 3)

    results, _, _ = _all_at_once(tables, lives, versions=[0, 7, 0])  # the second made against a wrong version
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], ApiError) and results[1].status == 409
    assert [tables.store.version_of(live.id) for live in lives] == [1, 0, 1]
    assert [len(live.session.game.history) for live in lives] == [1, 0, 1]


def test_a_batch_the_database_refuses_is_played_again_move_by_move_nothing_lost_or_doubled(tables, monkeypatch):
    lives = _people(tables, 4)
    real = Batch.commit
    failed = []

    def commit_once_refused(self):
        if not failed:
            failed.append(True)
            self.conn.rollback()
            raise OSError("disk I/O error (a test)")
        return real(self)

    monkeypatch.setattr(Batch, "commit", commit_once_refused)

    results, _, _ = _all_at_once(tables, lives)
    assert failed and results == [None] * 4
    assert [tables.store.version_of(live.id) for live in lives] == [1] * 4
    assert [len(tables.store.changes_since(live.id, 0)) for live in lives] == [1] * 4
    assert [len(live.session.game.history) for live in lives] == [1] * 4  # the copies rebuilt, played once


def test_two_moves_of_one_table_in_one_batch_are_stored_one_after_the_other(tables):
    live = _people(tables, 1)[0]

    async def body(mover, gate, blocker):
        first = _moves(tables, mover, [live])
        game = live.session.game
        # The second move as its client would send it, made against version 1 (known once the first is played).
        second = mover.submit(live.id, lambda batch=None: tables.move(
            live, game.current_player, 1, game.legal_actions()[0].token, reply=False, batch=batch),
            lock=live.lock, batched=True)
        gate.set()
        await blocker
        return await asyncio.wait_for(asyncio.gather(*first, second, return_exceptions=True), 10)

    results = asyncio.run(_with_writer(tables, body))
    assert results == [None, None]
    assert tables.store.version_of(live.id) == live.game_version == 2


def test_bots_moves_are_stored_by_the_writer_thread(fast_client, monkeypatch):
    client = fast_client  # it polls as fast as a program: no read limit in the way
    tables = client.app.state.tables
    stored_by = []
    real = tables.bot_move

    def bot_move(*args, **kwargs):
        stored_by.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(tables, "bot_move", bot_move)
    t = new_table(client, seats=["human", "random"])
    token = t["seats"][0]["token"]
    s = wait_turn(client, t["id"], token)
    deadline = time.monotonic() + 30
    while not stored_by and time.monotonic() < deadline:  # the person moves until the bot has moved once
        r = client.post(f"/api/tables/{t['id']}/moves", json={"version": s["version"],
                                                                "action": s["legal"][0]["token"]},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        s = wait_turn(client, t["id"], token)
    # The writer stores them, or, when it finds the table's lock held (the person's move still committing alone),
    # hands that table's moves in order to its busy-table thread (Mover._take); never the bot dispatcher itself.
    assert stored_by and set(stored_by) <= {"caylus-writer-0", "caylus-writer-busy"}
    assert state(client, t["id"])["version"] == client.app.state.store.version_of(t["id"])
