"""The web process's CPU a move over the WebSocket, the network included (a benchmark, not a unit test).

    .venv/bin/python benchmarks/bench_server_socket.py [--tables 20] [--seconds 20] [--warmup 5] [--repeat 3]
                                                       [--records FILE] [--tag NAME]

`caylus serve` on a fresh SQLite file, in a process of its own; `--tables` Caylus 1303 tables of three people
and no bot, each person a program on their seat's WebSocket (`bench_server_load.py`'s people: a random legal
move as soon as the seat is to move, sent on the socket), a new table when a game ends. After `--warmup`
seconds (the tables made, the sockets open), the server's CPU time (from /proc) and the moves stored are read
twice, `--seconds` apart: the CPU a stored move, with no bot, no spectator and no table being made in the
window, is what the web process spends on a socket's move end to end (frames in, the move checked and stored,
each seat's state built, serialised and sent). Unlike the load benchmark's figure, it does not depend on how
many moves the machine's load let through (no bot or timer shares the window), so interleaved runs of two
builds compare on a busy machine. One JSON line a run: cpu_ms_a_move, moves_per_s, the people's round trip
p50/p95/p99, the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from types import SimpleNamespace

import httpx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_server_load import Run, cpu_seconds, free_port, percentiles, start_server, stop_server, stored_moves  # noqa: E402


def run_one(args) -> dict:
    workdir = tempfile.mkdtemp(prefix="caylus-socket-bench-")
    db_path = os.path.join(workdir, "bench.db")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "caylus.cli", "serve", "--port", str(port), "--db", f"sqlite:///{db_path}",
               "--moves-per-second", "1000", "--log-level", "warning", "--tables-per-minute", "1000000",
               "--reads-per-second", "1000000", "--sockets-per-client", "1000000"]
    server, log = start_server(command, url, workdir)
    try:
        print(f"server pid {server.pid} up; the window starts in {args.warmup:g} s (py-spy may attach)",
              file=sys.stderr, flush=True)
        people = SimpleNamespace(edition="caylus-1303", people_bot="human", moves="ws", think=0, seed=args.seed)
        run = Run(people, url, 2 * args.tables, 0)
        window: dict = {}

        async def measure() -> None:
            await asyncio.sleep(args.warmup)
            window.update(cpu=cpu_seconds(server.pid), moves=stored_moves(db_path), at=time.monotonic(),
                          latencies=len(run.latencies))
            await asyncio.sleep(args.seconds)
            window.update(cpu2=cpu_seconds(server.pid), moves2=stored_moves(db_path), at2=time.monotonic(),
                          latencies2=len(run.latencies))

        async def go() -> None:
            limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
            async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as http:
                deadline = time.monotonic() + args.warmup + args.seconds + 1
                await asyncio.gather(measure(), *(run.people_table(http, deadline, i) for i in range(args.tables)))

        asyncio.run(go())
        moves = window["moves2"] - window["moves"]
        return {"tables": args.tables, "seconds": args.seconds, "tag": args.tag,
                "cpu_ms_a_move": round(1000 * (window["cpu2"] - window["cpu"]) / max(1, moves), 3),
                "moves_per_s": round(moves / (window["at2"] - window["at"]), 1),
                "people_move_ms": percentiles(run.latencies[window["latencies"]:window["latencies2"]]),
                "load_average": round(os.getloadavg()[0], 1), "failures": len(run.failures),
                "first_failure": run.failures[0] if run.failures else None}
    finally:
        stop_server(server, log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5, help="seconds before the window (tables, sockets)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tag", default="", help="a name kept with each run (e.g. the build measured)")
    parser.add_argument("--records", help="append each run's JSON line here")
    args = parser.parse_args()
    if not 1 <= args.tables <= 500 or not 1 <= args.seconds <= 600 or not 0 <= args.warmup <= 120 \
            or not 1 <= args.repeat <= 20:
        parser.error("--tables 1-500, --seconds 1-600, --warmup 0-120, --repeat 1-20 (a bounded benchmark)")
    runs = []
    for _ in range(args.repeat):
        result = run_one(args)
        runs.append(result["cpu_ms_a_move"])
        line = json.dumps(result)
        print(line, flush=True)
        if args.records:
            with open(args.records, "a") as f:
                f.write(line + "\n")
    print(json.dumps({"tag": args.tag, "median_cpu_ms_a_move": statistics.median(runs), "runs": runs}), flush=True)


if __name__ == "__main__":
    main()
