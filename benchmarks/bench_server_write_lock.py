"""How long a writer's batch waits for SQLite's write lock while other threads create tables (a benchmark, not a
unit test): with the store's write lock (`Store.write_lock`, the server as it is) and without it (every write
left to SQLite's busy handler, which sleeps 1, 2, 5, 10 ... 100 ms between tries however soon the lock is let go).

    .venv/bin/python benchmarks/bench_server_write_lock.py [--seconds 10] [--creators 10] [--repeat 3]

One thread stands for the server's writer: batch after batch of 4 moves' appends on its own connection, each
batch committed, then a short pause (the moves' play). `--creators` threads create tables as fast as they can
(the flood: each `Store.create` is a transaction of its own). Reported per run, for each way: the batches'
wait from the first append to the commit's end, p50 / p99 / max in ms, the batches and tables stored. The wait
is mostly sleeping, not CPU, so a busy machine changes it less than a CPU figure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

from caylus.server.store import Batch, Change, Store, TableRow  # noqa: E402


def _row(table_id: str) -> TableRow:
    return TableRow(id=table_id, edition="caylus", players=2, seed=1, options={}, seats=[], version=0,
                    terminal=False)


def run(seconds: float, creators: int, locked: bool) -> dict:
    workdir = tempfile.mkdtemp(prefix="caylus-lock-")
    store = Store(f"sqlite:///{os.path.join(workdir, 'lock.db')}")
    if not locked:
        store.write_lock = contextlib.nullcontext()  # the server before: SQLite's busy handler alone
    try:
        moved = [f"m{k}" for k in range(4)]
        for table_id in moved:
            store.create(_row(table_id))
        stop = threading.Event()
        made = [0]

        def create(n: int) -> None:
            k = 0
            while not stop.is_set():
                store.create(_row(f"c{n}-{k}"))
                k += 1
                made[0] += 1

        threads = [threading.Thread(target=create, args=(n,), daemon=True) for n in range(creators)]
        for thread in threads:
            thread.start()
        waits, version = [], 0
        conn = store.connection()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            batch = Batch(store, conn)
            began = time.perf_counter()
            for table_id in moved:
                batch.append(table_id, version, [Change(version, "move", "pass", 0)], False, False, time.time())
            batch.commit()
            waits.append(time.perf_counter() - began)
            version += 1
            time.sleep(0.002)  # the moves' play between two batches
        stop.set()
        for thread in threads:
            thread.join(10)
        conn.close()
    finally:
        store.close()
    waits.sort()

    def at(q: float) -> float:
        return round(1000 * waits[min(len(waits) - 1, int(q * len(waits)))], 2)

    return {"locked": locked, "batches": len(waits), "tables_made": made[0], "wait_ms_p50": at(0.5),
            "wait_ms_p99": at(0.99), "wait_ms_max": at(1.0), "load_average": round(os.getloadavg()[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--creators", type=int, default=10, help="threads creating tables (default 10)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each way, interleaved")
    parser.add_argument("--records", help="append each run's JSON line here")
    args = parser.parse_args()
    if not 0 < args.seconds <= 600 or not 0 <= args.creators <= 64 or not 1 <= args.repeat <= 20:
        parser.error("--seconds 0-600, --creators 0-64, --repeat 1-20")
    for k in range(args.repeat):
        for locked in (False, True):
            line = json.dumps({"run": k, "creators": args.creators, "seconds": args.seconds,
                               **run(args.seconds, args.creators, locked)})
            print(line, flush=True)
            if args.records:
                with open(args.records, "a") as f:
                    f.write(line + "\n")


if __name__ == "__main__":
    main()
