"""Where a socket's move is played (server/mover.py): in its table's writer thread, never a thread of the pool;
stored before it is answered, refusals as before, the event loop serving other sockets meanwhile."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from caylus.server.errors import ApiError
from caylus.server.hub import Hub
from caylus.server.mover import MAX_BATCH, Mover

from .conftest import held, new_table, next_state, receive, state


def stored_version(client, table_id: str) -> int:
    return client.app.state.store.version_of(table_id)


def test_a_socket_move_is_played_in_the_writer_thread_and_stored_before_its_state_is_pushed(client, monkeypatch):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    tables = client.app.state.tables
    played_by = []
    real = tables.move

    def move(*args, **kwargs):
        played_by.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(tables, "move", move)
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "hello", "token": tokens[seat]}))
        s = receive(ws)["state"]
        ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
        after = next_state(ws, s["version"])
        assert stored_version(client, t["id"]) >= after["version"] == s["version"] + 1
    assert played_by == ["caylus-writer-0"]


def test_a_move_on_a_table_another_thread_holds_waits_and_the_loop_serves_meanwhile(client):
    t = new_table(client, seats=["human", "human"])
    elsewhere = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    live = client.app.state.tables.get(t["id"])
    with client.websocket_connect(f"/ws/tables/{t['id']}?log=new") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "hello", "token": tokens[seat]}))
        s = receive(ws)["state"]
        with held(live.lock) as release:
            ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"],
                                     "id": 1}))
            with client.websocket_connect(f"/ws/tables/{elsewhere['id']}") as other:  # the loop serves others
                assert receive(other)["state"]["version"] == 0
            time.sleep(0.2)
            assert stored_version(client, t["id"]) == s["version"]  # not played while the table is held
            release.set()
            after = next_state(ws, s["version"])
            assert after["version"] == s["version"] + 1 == stored_version(client, t["id"])


def test_a_refusal_from_the_writer_thread_reaches_the_socket_with_its_id_and_nothing_is_stored(client):
    t = new_table(client, seats=["human", "human"])
    tokens = [s["token"] for s in t["seats"]]
    seat = state(client, t["id"])["current_player"]
    live = client.app.state.tables.get(t["id"])
    with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "hello", "token": tokens[seat]}))
        s = receive(ws)["state"]
        with held(live.lock) as release:
            ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": "no-such-action",
                                     "id": "m7"}))
            time.sleep(0.1)
            release.set()
            refused = receive(ws)
            assert refused["type"] == "error" and refused["code"] == "illegal_move" and refused["id"] == "m7"
            assert stored_version(client, t["id"]) == s["version"]


def test_the_writer_hands_back_results_and_errors_in_order_and_refuses_once_closed():
    async def run() -> list:
        hub = Hub()
        hub.loop, hub.loop_thread = asyncio.get_running_loop(), threading.get_ident()
        mover = Mover(hub, writers=2)
        mover.start()
        order: list = []

        def work(n: int) -> int:
            order.append(n)
            if n == 3:
                raise ApiError(409, "stale_version", "moved on")
            return n * 10

        futures = [mover.submit("table-a", work, n) for n in range(5)]
        results = await asyncio.gather(*futures, return_exceptions=True)
        mover.close()
        with pytest.raises(ApiError) as refused:
            await mover.submit("table-a", work, 9)
        assert refused.value.status == 503
        return [order, results]

    order, results = asyncio.run(run())
    assert order == [0, 1, 2, 3, 4]  # one table's changes, one thread, in the order they came
    assert results[:3] == [0, 10, 20] and results[4] == 40
    assert isinstance(results[3], ApiError) and results[3].code == "stale_version"


def test_peoples_moves_waiting_are_played_before_the_bots_tables_and_a_bots_table_still_gets_its_turn():
    PEOPLE = MAX_BATCH + 4  # more than a batch holds

    async def run() -> list:
        hub = Hub()
        hub.loop, hub.loop_thread = asyncio.get_running_loop(), threading.get_ident()
        mover = Mover(hub, writers=1)
        mover.start()
        order: list = []
        gate, busy = threading.Event(), threading.Event()
        blocker = mover.submit("gate", lambda: busy.set() or gate.wait(5))  # busy until everything below waits
        while not busy.is_set():
            await asyncio.sleep(0.01)
        futures = [mover.submit("bots-a", order.append, "bots-a 0", later=True),
                   mover.submit("bots-a", order.append, "bots-a 1", later=True)]
        futures += [mover.submit(f"people-{n}", order.append, f"people {n}") for n in range(PEOPLE)]
        futures.append(mover.submit("bots-b", order.append, "bots-b 0", later=True))
        gate.set()
        await blocker
        await asyncio.gather(*futures)
        mover.close()
        return order

    order = asyncio.run(run())
    first = MAX_BATCH - 1
    assert sorted(order) == sorted(["bots-a 0", "bots-a 1", "bots-b 0"] + [f"people {n}" for n in range(PEOPLE)])
    # The people's moves before the bots' tables', but for the last place of the first batch: one bots' table's
    # move there, so bots' tables go slower under people's load and never stop.
    assert order[:first] == [f"people {n}" for n in range(first)] and order[first] == "bots-a 0"
    assert order[first + 1:PEOPLE + 1] == [f"people {n}" for n in range(first, PEOPLE)]
    assert order[PEOPLE + 1:] == ["bots-a 1", "bots-b 0"]  # each table's moves in the order they came


def test_a_table_held_by_another_thread_never_holds_up_another_tables_move_on_the_same_writer():
    async def run() -> tuple:
        hub = Hub()
        hub.loop, hub.loop_thread = asyncio.get_running_loop(), threading.get_ident()
        mover = Mover(hub, writers=1)  # SQLite's: one writer thread for every table
        mover.start()
        busy_lock, free_lock = threading.RLock(), threading.RLock()
        order: list = []

        def work(lock, name: str) -> str:
            with lock:
                order.append(name)
            return name

        with held(busy_lock):
            busy = [mover.submit("busy", work, busy_lock, f"busy-{n}", lock=busy_lock) for n in range(3)]
            free = await asyncio.wait_for(mover.submit("free", work, free_lock, "free", lock=free_lock), 2)
            assert not any(f.done() for f in busy)  # still waiting for their table
            # Another move of the busy table, come later, is played after the ones waiting, not before.
            busy.append(mover.submit("busy", work, busy_lock, "busy-3", lock=busy_lock))
            again = await asyncio.wait_for(mover.submit("free", work, free_lock, "free-2", lock=free_lock), 2)
        results = await asyncio.wait_for(asyncio.gather(*busy), 5)
        # The busy table back to its writer once its moves are played.
        last = await asyncio.wait_for(mover.submit("busy", work, busy_lock, "busy-4", lock=busy_lock), 2)
        mover.close()
        return free, again, results, last, order

    free, again, results, last, order = asyncio.run(run())
    assert (free, again) == ("free", "free-2")
    assert results == ["busy-0", "busy-1", "busy-2", "busy-3"] and last == "busy-4"
    assert order == ["free", "free-2", "busy-0", "busy-1", "busy-2", "busy-3", "busy-4"]


def test_a_socket_move_is_answered_at_once_while_another_table_is_held(client):
    t = new_table(client, seats=["human", "human"])
    elsewhere = new_table(client, seats=["human", "human"])
    seat = state(client, elsewhere["id"])["current_player"]
    token = elsewhere["seats"][seat]["token"]
    live = client.app.state.tables.get(t["id"])
    t_seat = state(client, t["id"])["current_player"]
    with client.websocket_connect(f"/ws/tables/{t['id']}") as blocked, \
            client.websocket_connect(f"/ws/tables/{elsewhere['id']}") as ws:
        receive(blocked)
        blocked.send_text(json.dumps({"type": "hello", "token": t["seats"][t_seat]["token"]}))
        b = receive(blocked)["state"]
        receive(ws)
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        s = receive(ws)["state"]
        with held(live.lock) as release:
            # First a move on the held table (its writer must not wait for it), then one on the other.
            blocked.send_text(json.dumps({"type": "move", "version": b["version"], "action": b["legal"][0]["token"]}))
            time.sleep(0.1)
            ws.send_text(json.dumps({"type": "move", "version": s["version"], "action": s["legal"][0]["token"]}))
            started = time.monotonic()
            after = next_state(ws, s["version"])
            assert time.monotonic() - started < 5 and not release.is_set()
            assert after["version"] == s["version"] + 1 == stored_version(client, elsewhere["id"])
            assert stored_version(client, t["id"]) == b["version"]  # the held table's move still waits
            release.set()
            assert next_state(blocked, b["version"])["version"] == b["version"] + 1
