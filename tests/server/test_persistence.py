"""A crash loses nothing: `caylus serve` is killed with SIGKILL in the middle of a game against a bot, started
again over the same SQLite file, and every acknowledged move (the person's and the bot's) is there; the game goes
on and finishes, and its record stays."""

from __future__ import annotations

import random
import shutil
import sqlite3
import threading
import time

import caylus
import httpx

from caylus.core import parse_record

from caylus.server.live import Tables
from caylus.server.store import Store

from .servers import Server


def _my_turn(url: str, table: str, token: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        s = httpx.get(f"{url}/api/tables/{table}", params={"token": token, "since": 10**6}).json()
        if s["terminal"] or s["legal"]:
            return s
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.01)


def _moves(record: str) -> list[str]:
    return [token for _line, token in parse_record(record)[1]]


def test_a_killed_server_resumes_every_acknowledged_move(tmp_path):
    db = f"sqlite:///{tmp_path / 'games.db'}"
    server = Server(db, tmp_path / "server.log").start()
    try:
        t = httpx.post(f"{server.url}/api/tables", json={"edition": "caylus", "seats": ["human", "random"],
                                                         "seed": 5}).json()
        token = t["seats"][0]["token"]
        bots = httpx.post(f"{server.url}/api/tables", json={"edition": "magna-carta", "seats": ["random", "random"],
                                                            "seed": 6}).json()
        rng = random.Random(1)
        acknowledged = []  # (version after, the state's record of moves so far) of every answered move
        for _ in range(12):
            s = _my_turn(server.url, t["id"], token)
            r = httpx.post(f"{server.url}/api/tables/{t['id']}/moves",
                           json={"token": token, "version": s["version"], "action": rng.choice(s["legal"])["token"]})
            assert r.status_code == 200
            acknowledged.append(r.json()["version"])
        deadline = time.monotonic() + 30
        while not httpx.get(f"{server.url}/api/tables/{bots['id']}", params={"since": 10**6}).json()["terminal"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        seen = httpx.get(f"{server.url}/api/tables/{t['id']}/record").text
        seen_version = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"since": 10**6}).json()["version"]
        # Moves keep coming while the server is killed: whatever was answered must survive.
        answered = []
        stop = threading.Event()

        def keep_moving():
            while not stop.is_set():
                try:
                    s = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"token": token, "since": 10**6},
                                  timeout=2).json()
                    if s["legal"]:
                        r = httpx.post(f"{server.url}/api/tables/{t['id']}/moves", timeout=2, json={
                            "token": token, "version": s["version"], "action": s["legal"][0]["token"]})
                        if r.status_code == 200:
                            answered.append(r.json()["version"])
                except (httpx.HTTPError, ValueError):
                    return

        mover = threading.Thread(target=keep_moving)
        mover.start()
        time.sleep(0.5)
        server.kill()
        stop.set()
        mover.join(10)

        server.start()
        after = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"token": token, "since": 10**6}).json()
        assert after["version"] >= max([seen_version, *acknowledged, *answered])
        moves_after = _moves(httpx.get(f"{server.url}/api/tables/{t['id']}/record").text)
        # No undo here: the version is the number of moves, so every answered version is a stored move.
        assert len(moves_after) == after["version"]
        assert moves_after[:len(_moves(seen))] == _moves(seen)
        # The game goes on, the bot included (it moved when the version grew by more than our moves).
        bot_moved = False
        for _ in range(30):
            s = _my_turn(server.url, t["id"], token)
            r = httpx.post(f"{server.url}/api/tables/{t['id']}/moves",
                           json={"token": token, "version": s["version"], "action": s["legal"][0]["token"]})
            assert r.status_code == 200
            if _my_turn(server.url, t["id"], token)["version"] > r.json()["version"]:
                bot_moved = True
                break
        assert bot_moved
        # The bots' game, finished before the crash, keeps its record.
        final = caylus.load_record(httpx.get(f"{server.url}/api/tables/{bots['id']}/record").text)
        assert final.is_terminal
    finally:
        server.stop()


def test_the_checkpoint_thread_copies_the_log_into_the_file_so_no_commit_has_to(tmp_path):
    """Moves are committed on the event loop (server/mover.py); the write-ahead log is copied into the database
    file by the store's own thread, so the file alone, without its log, holds every committed move."""
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    tables = Tables(store)
    live, _tokens, _owner = tables.create("caylus", 2, {}, ["human", "human"], 5)
    for _ in range(30):
        game = live.session.game
        tables.move(live, game.current_player, live.session.version, game.legal_actions()[0].token, reply=False)
    store.start_checkpoints(every=0.05)
    try:
        deadline = time.monotonic() + 10
        while True:
            shutil.copy(tmp_path / "games.db", tmp_path / "alone.db")  # the file without its -wal
            try:
                with sqlite3.connect(tmp_path / "alone.db") as db:
                    copied = db.execute("SELECT count(*) FROM moves").fetchone()[0]
            except sqlite3.OperationalError:  # not even the tables are in the file yet
                copied = None
            if copied == 30 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert copied == 30
    finally:
        store.close()
    assert not store._checkpointer.is_alive()  # close() ends the store's thread
