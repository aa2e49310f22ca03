"""The CPU of handing new states from the threads that store changes to the event loop that sends them (a
benchmark, not a unit test): `Hub.publish` from one thread, in bursts, to tables watched by two seats and a
spectator each, the loop offering each state to its watchers and sending it (to sockets that only take the text).
CPU time of the whole process, so a busy machine changes it little.

    .venv/bin/python benchmarks/bench_server_hub.py [--changes 20000] [--tables 20] [--repeat 5]

Prints one JSON line: the median over `--repeat` runs of the CPU microseconds a change, and each run's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import threading
import time

from caylus.server.hub import Hub, Watcher


class Socket:
    async def send_text(self, text: str) -> None:
        pass


async def run(changes: int, tables: int) -> float:
    hub = Hub()
    hub.loop = asyncio.get_running_loop()
    pumps = []
    for t in range(tables):
        for seat in (0, 1, None):
            watcher = Watcher(Socket(), f"t{t}", seat, False)
            hub.add(watcher)
            pumps.append(asyncio.create_task(watcher.pump()))
    base = {seat: {"version": 0, "log": [], "view": "x" * 200} for seat in (0, 1, None)}
    done = asyncio.Event()

    def store_changes() -> None:
        for i in range(changes):
            hub.publish(f"t{i % tables}", {seat: dict(state, version=i + 1) for seat, state in base.items()})
            if i % 50 == 0:
                time.sleep(0.0005)  # changes come in bursts, as moves stored by several threads do
        hub.loop.call_soon_threadsafe(done.set)

    started = time.process_time()
    thread = threading.Thread(target=store_changes)
    thread.start()
    await done.wait()
    await asyncio.sleep(0.05)
    thread.join()
    cpu = time.process_time() - started
    for pump in pumps:
        pump.cancel()
    return 1e6 * cpu / changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=20_000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not 100 <= args.changes <= 1_000_000 or not 1 <= args.tables <= 10_000 or not 1 <= args.repeat <= 20:
        parser.error("--changes 100-1000000, --tables 1-10000, --repeat 1-20")
    runs = [round(asyncio.run(run(args.changes, args.tables)), 1) for _ in range(args.repeat)]
    print(json.dumps({"changes": args.changes, "tables": args.tables, "cpu_us_a_change": statistics.median(runs),
                      "runs": runs}), flush=True)


if __name__ == "__main__":
    main()
