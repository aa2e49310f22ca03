"""Load on `caylus serve` (a benchmark, not a unit test): many concurrent games played through the HTTP and
WebSocket API by programs, on the loopback interface only.

    .venv/bin/python benchmarks/bench_server_load.py [--games 200] [--edition caylus-1303] [--players 2]
                                                     [--seconds 120] [--db URL]

The server runs as its own process (`caylus serve`, a fresh SQLite file unless --db is given). Every seat of
every game is a random bot on the client side: it watches its seat over the WebSocket (log=new), and when the
seat is to move it POSTs a random legal move; the latency of a move is the time that POST takes (the move is
checked, stored in the database and answered). The run stops when every game is over or after --seconds.
Reports moves per second over the whole run, the p50/p99 move latency and the server's peak memory (VmHWM).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def peak_memory_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def seat_player(http, ws_url, table, seat, token, rng, latencies, done, deadline, opening):
    """One seat: wait for its turn on the WebSocket, answer with a random legal move over HTTP."""
    async with opening:  # connections open a few at a time, as players arrive, not all in one instant
        ws = await websockets.connect(f"{ws_url}/ws/tables/{table}?token={token}&log=new", max_size=2**22,
                                      open_timeout=60)
    async with ws:
        while time.monotonic() < deadline:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic())))
            except asyncio.TimeoutError:
                return
            state = message.get("state")
            if state is None:
                continue
            if state["terminal"]:
                done.add(table)
                return
            if not state["legal"]:
                continue
            started = time.perf_counter()
            r = await http.post(f"/api/tables/{table}/moves", params={"since": 2**31 - 1}, json={
                "token": token, "version": state["version"], "action": rng.choice(state["legal"])["token"]})
            if r.status_code == 200:
                latencies.append(time.perf_counter() - started)
            elif r.status_code != 409:  # 409: a newer state is on its way; anything else is a failure
                raise RuntimeError(f"move refused: {r.status_code} {r.text}")


async def run(args, url) -> dict:
    ws_url = url.replace("http://", "ws://")
    rng = random.Random(args.seed)
    latencies: list[float] = []
    done: set[str] = set()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        tables = []
        for g in range(args.games):
            r = await http.post("/api/tables", json={"edition": args.edition, "seats": ["human"] * args.players,
                                                     "seed": args.seed + g})
            r.raise_for_status()
            tables.append(r.json())
    started = time.monotonic()
    deadline = started + args.seconds
    opening = asyncio.Semaphore(20)
    async with httpx.AsyncClient(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=100, max_keepalive_connections=100)) as http:
        tasks = [seat_player(http, ws_url, t["id"], s["seat"], s["token"], random.Random(rng.random()), latencies,
                             done, deadline, opening) for t in tables for s in t["seats"]]
        results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.monotonic() - started
    failures = [r for r in results if isinstance(r, Exception)]
    latencies.sort()
    return {
        "games": args.games, "finished": len(done), "edition": args.edition, "players": args.players,
        "moves": len(latencies), "seconds": round(elapsed, 2), "moves_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 2) if latencies else None,
        "failures": len(failures), "first_failure": repr(failures[0]) if failures else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--edition", default="caylus-1303")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=120, help="stop after this long (default 120)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="", help="a database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    if not 1 <= args.games <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--games must be 1-1000 and --seconds at most 600 (a bounded benchmark)")
    workdir = tempfile.mkdtemp(prefix="caylus-bench-")
    db = args.db or f"sqlite:///{workdir}/bench.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(os.path.join(workdir, "server.log"), "w")
    server = subprocess.Popen([sys.executable, "-m", "caylus.cli", "serve", "--port", str(port), "--db", db,
                               "--moves-per-second", "1000", "--log-level", "warning"], stdout=log, stderr=log)
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/api/editions", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        result = asyncio.run(run(args, url))
        result["server_peak_mb"] = round(peak_memory_mb(server.pid), 1)
        result["db"] = "sqlite" if not args.db else args.db.split(":")[0]
        print(json.dumps(result))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


if __name__ == "__main__":
    main()
