"""Group commit against PostgreSQL (server/mover.py, store.Batch): several tables' moves in one transaction, and
two server processes (here: two `Tables` over two engines, as two processes hold them) whose batches lock the same
tables in opposite orders. PostgreSQL ends the deadlock by refusing one batch; that batch is rolled back, its
tables rebuilt from the store and each of its moves played again alone: every move is either stored once and
acknowledged, or refused with a clear 409, never lost and never doubled. A serialization failure inside a batch
(a database under a stricter isolation) takes the same path, and its moves are then stored."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from caylus.server.errors import ApiError
from caylus.server.hub import Hub
from caylus.server.live import Tables
from caylus.server.mover import Mover
from caylus.server.store import Store

from .postgres import Cluster
from .test_group_commit import _all_at_once, _people


@pytest.fixture(scope="module")
def cluster():
    found = Cluster().start()
    yield found
    found.stop()


@pytest.fixture
def two(cluster):
    """Two copies of the server's tables over one database, as two processes hold them."""
    found = [Tables(Store(cluster.url)), Tables(Store(cluster.url))]
    yield found
    for tables in found:
        tables.store.close()


def test_several_tables_moves_are_stored_in_one_postgres_transaction(two):
    tables = two[0]
    lives = _people(tables, 4)

    results, batches, batched = _all_at_once(tables, lives)
    assert results == [None] * 4
    assert (batches, batched) == (1, 4)
    # The other process reads every change: stored, once each.
    assert [two[1].store.version_of(live.id) for live in lives] == [1] * 4
    assert [len(two[1].store.changes_since(live.id, 0)) for live in lives] == [1] * 4


def _once_then(barrier: threading.Barrier, tables: Tables, live, seat: int, action: str):
    """A move made against version 0 that, the first time it is played into a batch, waits there (its table's row
    locked by the batch) until the other process's batch has locked its first table too."""
    waited = []

    def play(batch=None):
        tables.move(live, seat, 0, action, reply=False, batch=batch)
        if batch is not None and not waited:
            waited.append(True)
            barrier.wait(20)

    return play


def test_two_processes_batches_that_deadlock_store_each_move_once_or_refuse_it(two, caplog):
    caplog.set_level(logging.WARNING, logger="caylus.server")
    a, b = two
    made = _people(a, 2)
    x, y = made[0].id, made[1].id
    first = {live.id: (live.session.game.current_player, live.session.game.legal_actions()[0].token)
             for live in made}
    # Process b plays another legal move where it can, so the two processes' moves differ.
    lives = {"a": {t: a.get(t) for t in (x, y)}, "b": {t: b.get(t) for t in (x, y)}}
    choice = {"a": first}
    choice["b"] = {t: (seat, [m.token for m in lives["b"][t].session.game.legal_actions()][-1])
                   for t, (seat, _) in first.items()}
    barrier = threading.Barrier(2)

    async def run():
        loop = asyncio.get_running_loop()
        movers, gates, blockers, futures = {}, {}, {}, {}
        for name, tables, order in (("a", a, (x, y)), ("b", b, (y, x))):
            hub = Hub()
            hub.loop, hub.loop_thread = loop, threading.get_ident()
            mover = movers[name] = Mover(hub, writers=1, tables=tables)
            mover.start()
            gates[name] = threading.Event()
            blockers[name] = mover.submit("gate", gates[name].wait, 10)
            futures[name] = []
            for k, table_id in enumerate(order):  # a locks x then y, b locks y then x: a deadlock
                live = lives[name][table_id]
                seat, action = choice[name][table_id]
                if k == 0:
                    fn = _once_then(barrier, tables, live, seat, action)
                else:
                    def fn(batch=None, tables=tables, live=live, seat=seat, action=action):
                        tables.move(live, seat, 0, action, reply=False, batch=batch)
                futures[name].append(mover.submit(table_id, fn, lock=live.lock, batched=True))
        try:
            for name in gates:
                gates[name].set()
            await asyncio.gather(*blockers.values())
            results = {name: await asyncio.wait_for(asyncio.gather(*fs, return_exceptions=True), 60)
                       for name, fs in futures.items()}
            return results, {name: (m.batches, m.batched) for name, m in movers.items()}
        finally:
            for mover in movers.values():
                mover.close()

    results, batches = asyncio.run(run())
    assert any("deadlock" in r.getMessage() for r in caplog.records)  # PostgreSQL refused one batch, saying why
    # One batch was refused by the database (the deadlock's victim), the other stored both its moves at once.
    won = [name for name, r in results.items() if r == [None, None]]
    assert len(won) == 1, results
    winner, loser = won[0], ("b" if won[0] == "a" else "a")
    assert batches[winner] == (1, 2) and batches[loser][0] == 0
    # The victim's moves, played again alone, found each table moved on: refused, saying so, nothing played.
    assert all(isinstance(r, ApiError) and r.status == 409 and r.code == "stale_version" for r in results[loser])
    for table_id in (x, y):
        stored = a.store.changes_since(table_id, 0)
        assert [c.token for c in stored] == [choice[winner][table_id][1]]  # once, the winner's
        assert a.store.version_of(table_id) == 1
        for name in ("a", "b"):  # both processes' copies agree with the store
            live = lives[name][table_id]
            assert live.game_version == 1 and len(live.session.game.history) == 1
            assert live.session.game.history[-1].token == choice[winner][table_id][1]


def test_a_serialization_failure_in_a_batch_replays_its_moves_alone_and_stores_them(two, monkeypatch):
    import psycopg.errors

    tables = two[0]
    lives = _people(tables, 3)
    real = tables.store._write
    failed = []

    def write(cursor, table_id, *args):
        if table_id == lives[1].id and not failed:  # the second move of the batch: the database refuses it
            failed.append(table_id)
            raise psycopg.errors.SerializationFailure("could not serialize access (a test)")
        return real(cursor, table_id, *args)

    monkeypatch.setattr(tables.store, "_write", write)

    results, _, _ = _all_at_once(tables, lives)
    assert failed and results == [None] * 3  # each stored and acknowledged, after the batch was rolled back
    assert [two[1].store.version_of(live.id) for live in lives] == [1] * 3
    assert [len(two[1].store.changes_since(live.id, 0)) for live in lives] == [1] * 3
    assert [len(live.session.game.history) for live in lives] == [1] * 3
