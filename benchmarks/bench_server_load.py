"""Load on `caylus serve` (a benchmark, not a unit test): people, bots and a hostile client at once, on the
loopback interface only, the server in a process of its own.

    .venv/bin/python benchmarks/bench_server_load.py [--tables 50,100,200] [--flood 0,60] [--seconds 40]
                                                     [--records results.jsonl]

For each number of tables N (and each flood size), a fresh `caylus serve` over a fresh SQLite file:
- N/2 people's tables, each two people and a bot (`--people-bot`, default easy). The people are programs that
  watch their seat's WebSocket and, as soon as it is their turn, POST a random legal move: as fast as the
  server answers (or, with `--think S`, after thinking S seconds on average, as people do). A game that ends is followed by a new table at once.
- N/2 all-bot tables (`--bots-bot`, default greedy, three seats), each watched by one spectator's WebSocket.
- After `--flood-after` seconds, a hostile client POSTs `--flood` all-bot tables of three `hard` Magna Carta
  bots as fast as the server lets it (refusals counted), and never watches them. It runs in a process of its
  own, as it would on another machine: its requests never wait in line with the people's messages in this
  process's event loop (they did until 2026-11-27 evening: that flood's 60 httpx requests were counted in the
  people's round trips at its arrival).

Reported per run (one JSON line): the people's move latency (the POST round trip: checked, stored, answered)
p50/p95/p99 in ms; the bots' reply time at people's tables (from the answer to the person's move that handed the
turn to the bot to the state with the bot's move on the WebSocket) p50/p95/p99, from the flood on and before it;
the moves stored a second (everyone's, read from the database); the web process's CPU time per stored move and
the share of a core it got (on a busy machine the latencies are mostly waiting for a CPU: the CPU per move says
what a quiet machine would do); the server's RSS (now and peak) and its bot workers' RSS. `--records` appends each run's line to a file and skips runs already there, so a long series
resumes where it stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

import httpx
import websockets

FLOOD_SEATS = ["hard", "hard", "hard"]
FLOOD_EDITION = "magna-carta"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status_kb(pid: int, key: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system), from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the bot workers sit under the server's forkserver)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def stored_moves(db_path: str) -> int:
    with sqlite3.connect(db_path, timeout=30) as db:
        return db.execute("SELECT count(*) FROM moves").fetchone()[0]


def percentiles(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    v = sorted(values)

    def at(q: float) -> float:
        return round(1000 * v[min(len(v) - 1, int(q * len(v)))], 1)

    return {"n": len(v), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": at(1.0)}


def slowest_at(latencies: list[float], ended: list[float], started: float) -> dict:
    """Where in the run the slowest 1% of the moves ended: their count per tenth of the run, and the median time."""
    if not latencies:
        return {}
    cut = sorted(latencies)[int(0.99 * len(latencies))]
    at = sorted(round(e - started, 1) for lat, e in zip(latencies, ended) if lat >= cut)
    return {"n": len(at), "first": at[0], "median": at[len(at) // 2], "last": at[-1]}


class Run:
    def __init__(self, args, url: str, tables: int, flood: int):
        self.args = args
        self.url = url
        self.ws_url = url.replace("http://", "ws://")
        self.tables = tables
        self.flood = flood
        self.rng = random.Random(args.seed)
        self.latencies: list[float] = []  # people's moves
        self.latency_at: list[float] = []  # when each of them ended (time.monotonic), beside `latencies`
        self.lag: list[float] = []  # how late this process's own event loop woke (its watchdog), seconds
        self.replies: list[tuple[float, float]] = []  # (when, how long) a bot at a people's table took
        self.failures: list[str] = []
        self.flood_started: float | None = None
        self.flood_codes: dict[int, int] = {}
        self.games_done = 0
        self.refused_creates = 0

    def took(self, seconds: float) -> None:
        self.latencies.append(seconds)
        self.latency_at.append(time.monotonic())

    async def watchdog(self, deadline: float, every: float = 0.005) -> None:
        """How late this process's event loop wakes from a short sleep: the load generator shares the cores with
        the server, and a late wake-up here adds to every round trip it measures meanwhile."""
        while time.monotonic() < deadline:
            asked = time.perf_counter()
            await asyncio.sleep(every)
            self.lag.append(time.perf_counter() - asked - every)

    async def create(self, http, body: dict) -> dict:
        """A people's or watched table (waits out a 429 as a patient client would)."""
        for _ in range(200):
            r = await http.post("/api/tables", json=body)
            if r.status_code == 201:
                return r.json()
            if r.status_code != 429:
                raise RuntimeError(f"table refused: {r.status_code} {r.text[:200]}")
            self.refused_creates += 1
            await asyncio.sleep(float(r.headers.get("retry-after", "1")))
        raise RuntimeError("table creation kept being refused (429)")

    async def people_table(self, http, deadline: float, index: int) -> None:
        """Two people at a table with a bot, game after game, until the deadline."""
        rng = random.Random(self.rng.random())
        body = {"edition": self.args.edition, "seats": ["human", "human", self.args.people_bot]}
        while time.monotonic() < deadline:
            table = await self.create(http, body)
            await self.play(http, table, rng, deadline)

    async def play(self, http, table: dict, rng: random.Random, deadline: float) -> None:
        if self.args.moves == "ws":
            await self.play_ws(table, rng, deadline)
        else:
            await self.play_http(http, table, rng, deadline)

    async def play_ws(self, table: dict, rng: random.Random, deadline: float) -> None:
        """Each person on their seat's WebSocket, as the browser plays: the token in the first message, each
        move sent on the socket; its round trip ends when the state with the move (a version past the one it
        was made on) comes back on that socket. The cheap client: raw asyncio and one socket a seat."""
        tid = table["id"]
        humans = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
        bot_wait: dict = {}  # the version the bot is to move on, and since when
        finished = asyncio.Event()

        async def seat_loop(seat: int, token: str) -> None:
            sent: float | None = None  # when this seat's move in flight was sent
            sent_on = -1  # the version it was made against
            async with websockets.connect(f"{self.ws_url}/ws/tables/{tid}?log=new", max_size=2**22,
                                          open_timeout=60, compression=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                while time.monotonic() < deadline and not finished.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, deadline - time.monotonic()))
                    except asyncio.TimeoutError:
                        return
                    message = json.loads(raw)
                    if message.get("type") == "error":
                        if sent is not None and message.get("code") not in ("stale_version", "not_your_turn",
                                                                            "illegal_move"):
                            self.failures.append(f"{message.get('code')}: {message.get('error', '')[:200]}")
                        sent = None  # a newer state is on its way
                        continue
                    if message.get("type") != "state":
                        continue
                    state = message["state"]
                    if state["seat"] != seat:
                        continue  # the spectator's state sent on connecting, before the hello was read
                    version = state["version"]
                    if sent is not None and version > sent_on:
                        self.took(time.perf_counter() - sent)
                        sent = None
                    if "version" in bot_wait and version > bot_wait["version"]:
                        now = time.monotonic()
                        self.replies.append((now, now - bot_wait.pop("since")))
                        bot_wait.clear()
                    if state["terminal"]:
                        if not finished.is_set():
                            self.games_done += 1
                            finished.set()
                        return
                    if state["current_player"] not in humans and "version" not in bot_wait:
                        bot_wait.update(version=version, since=time.monotonic())
                    if not state["legal"] or sent is not None:
                        continue
                    if self.args.think:  # a person thinks (exponential, mean --think s) before each move
                        await asyncio.sleep(rng.expovariate(1 / self.args.think))
                    sent, sent_on = time.perf_counter(), version
                    await ws.send(json.dumps({"type": "move", "version": version,
                                              "action": rng.choice(state["legal"])["token"]}))

        seats = [asyncio.create_task(seat_loop(seat, token)) for seat, token in humans.items()]
        try:
            done = await asyncio.gather(*seats, return_exceptions=True)
            self.failures += [repr(r) for r in done if isinstance(r, Exception)]
        finally:
            for task in seats:
                task.cancel()

    async def play_http(self, http, table: dict, rng: random.Random, deadline: float) -> None:
        tid = table["id"]
        humans = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
        inbox: asyncio.Queue = asyncio.Queue()
        bot_wait: dict = {}  # the version the bot is to move on, and since when

        async def read(seat: int, token: str) -> None:
            async with websockets.connect(f"{self.ws_url}/ws/tables/{tid}?token={token}&log=new",
                                          max_size=2**22, open_timeout=60) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == "state":
                        await inbox.put((seat, message["state"]))

        readers = [asyncio.create_task(read(seat, token)) for seat, token in humans.items()]
        try:
            while time.monotonic() < deadline:
                try:
                    seat, state = await asyncio.wait_for(inbox.get(), timeout=max(0.05, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    return
                if "version" in bot_wait and state["version"] > bot_wait["version"]:
                    now = time.monotonic()
                    self.replies.append((now, now - bot_wait.pop("since")))
                    bot_wait.clear()
                if state["terminal"]:
                    self.games_done += 1
                    return
                if not state["legal"]:
                    continue
                if self.args.think:  # a person thinks (exponential, mean --think s) before each move
                    await asyncio.sleep(rng.expovariate(1 / self.args.think))
                started = time.perf_counter()
                try:
                    r = await http.post(f"/api/tables/{tid}/moves", params={"since": 2**31 - 1}, json={
                        "token": humans[seat], "version": state["version"],
                        "action": rng.choice(state["legal"])["token"]})
                except httpx.TransportError as exc:  # counted; the seat reads the table again and goes on
                    self.failures.append(repr(exc))
                    r = await http.get(f"/api/tables/{tid}", params={"token": humans[seat], "since": 2**31 - 1})
                    await inbox.put((seat, r.json()))
                    continue
                took = time.perf_counter() - started
                if r.status_code == 200:
                    self.took(took)
                    answer = r.json()
                    if not answer["terminal"] and answer["current_player"] not in humans:
                        bot_wait.update(version=answer["version"], since=time.monotonic())
                elif r.status_code not in (409, 429):  # 409: a newer state is on its way
                    self.failures.append(f"{r.status_code} {r.text[:200]}")
        finally:
            for task in readers:
                task.cancel()
            await asyncio.gather(*readers, return_exceptions=True)

    async def watched_table(self, http, deadline: float) -> None:
        """An all-bot table and one spectator watching it."""
        table = await self.create(http, {"edition": self.args.edition, "seats": [self.args.bots_bot] * 3})
        try:
            async with websockets.connect(f"{self.ws_url}/ws/tables/{table['id']}", max_size=2**22,
                                          open_timeout=60) as ws:
                while time.monotonic() < deadline:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, deadline - time.monotonic()))
                    except asyncio.TimeoutError:
                        return
                    if json.loads(raw).get("state", {}).get("terminal"):
                        return
        except websockets.ConnectionClosed:
            return

    async def hostile(self) -> None:
        """The flood, from a process of its own (as a hostile client would be: another machine), so that its
        requests never hold up this process's people; started now, posting from the flood's time on."""
        at = time.monotonic() + self.args.flood_after  # CLOCK_MONOTONIC: the same clock in both processes
        child = await asyncio.create_subprocess_exec(
            sys.executable, os.path.abspath(__file__), "--hostile", self.url, "--flood", str(self.flood),
            "--hostile-at", repr(at), stdout=asyncio.subprocess.PIPE)
        out, _ = await child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"the hostile client failed (exit code {child.returncode})")
        answer = json.loads(out.decode().strip().splitlines()[-1])
        self.flood_started = answer["started"]
        self.flood_codes = {int(code): n for code, n in answer["codes"].items()}

    async def go(self) -> dict:
        limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
        async with httpx.AsyncClient(base_url=self.url, timeout=120, limits=limits) as http:
            started = time.monotonic()
            deadline = started + self.args.seconds
            people = self.tables // 2
            tasks = [self.people_table(http, deadline, i) for i in range(people)]
            tasks += [self.watched_table(http, deadline) for _ in range(self.tables - people)]
            if self.flood:
                tasks.append(self.hostile())
            tasks.append(self.watchdog(deadline))
            results = await asyncio.gather(*tasks, return_exceptions=True)
        self.failures += [repr(r) for r in results if isinstance(r, Exception)]
        return {"seconds": round(time.monotonic() - started, 1), "started": started}


async def flood_tables(url: str, flood: int, at: float) -> dict:
    """The hostile client (run as `--hostile URL`): from the monotonic time `at` on, all-bot hard tables as fast
    as the server takes them, ten requests in flight; when it started and the answers' codes."""
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:
        await asyncio.sleep(max(0.0, at - time.monotonic()))
        started = time.monotonic()
        codes: dict[int, int] = {}
        todo = iter(range(flood))

        async def one() -> None:
            for _ in todo:
                r = await http.post("/api/tables", json={"edition": FLOOD_EDITION, "seats": FLOOD_SEATS})
                codes[r.status_code] = codes.get(r.status_code, 0) + 1

        await asyncio.gather(*(one() for _ in range(10)))
    return {"started": started, "codes": codes}


def run_one(args, tables: int, flood: int) -> dict:
    workdir = tempfile.mkdtemp(prefix="caylus-bench-")
    db_path = os.path.join(workdir, "bench.db")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "caylus.cli", "serve", "--port", str(port), "--db", f"sqlite:///{db_path}",
               "--moves-per-second", "1000", "--log-level", "warning",
               # Every client here is one loopback address: the per-address limits (docs/server.md) out of the
               # way, so that the run measures the bots' scheduling, not the 429s.
               "--tables-per-minute", "1000000", "--reads-per-second", "1000000", "--bot-tables-per-client",
               "1000000", "--bot-tables", "1000000", "--sockets-per-client", "1000000"]
    if args.bot_workers:
        command += ["--bot-workers", str(args.bot_workers)]
    command += args.serve_arg
    server, log = start_server(command, url, workdir, niceness=args.server_niceness)
    try:
        run = Run(args, url, tables, flood)
        cpu_before = cpu_seconds(server.pid)
        client_cpu_before = time.process_time()
        curve: list[list[float]] = []  # [seconds in, server RSS MiB, workers' RSS MiB], every --rss-every s
        done = threading.Event()

        def sample() -> None:
            began = time.monotonic()
            while not done.wait(args.rss_every):
                curve.append([round(time.monotonic() - began), round(_status_kb(server.pid, "VmRSS") / 1024, 1),
                              round(sum(_status_kb(p, "VmRSS") for p in descendants(server.pid)) / 1024, 1)])

        sampler = threading.Thread(target=sample, daemon=True)
        if args.rss_every:
            sampler.start()
        steady: dict = {}  # the server's CPU and the moves stored, --steady-after seconds in

        def mark() -> None:
            if not done.wait(args.steady_after):
                steady.update(cpu=cpu_seconds(server.pid), moves=stored_moves(db_path), at=time.monotonic())

        threading.Thread(target=mark, daemon=True).start()
        try:
            timing = asyncio.run(run.go())
        finally:
            done.set()
        if args.samples:  # each people's move: when it ended (s from the start) and its round trip (ms)
            with open(args.samples, "a") as f:
                f.write(json.dumps({"tables": tables, "moves": [[round(e - timing["started"], 3), round(1000 * lat, 1)]
                                                                 for lat, e in zip(run.latencies, run.latency_at)],
                                    "lag": [round(1000 * x, 1) for x in run.lag]}) + "\n")
        server_cpu = cpu_seconds(server.pid) - cpu_before
        client_cpu = time.process_time() - client_cpu_before
        workers = descendants(server.pid)
        workers_cpu = sum(cpu_seconds(p) for p in workers)  # the bot workers (and their forkserver), whole run
        moves = stored_moves(db_path)
        ended = time.monotonic()
        steady_ms = None
        if steady and moves > steady["moves"]:
            steady_ms = round(1000 * (cpu_seconds(server.pid) - steady["cpu"]) / (moves - steady["moves"]), 2)
            steady_rate = round((moves - steady["moves"]) / (ended - steady["at"]), 1)
        else:
            steady_rate = None
        flood_at = run.flood_started or float("inf")
        return {
            "tables": tables, "flood": flood, "edition": args.edition, "people_bot": args.people_bot,
            "bots_bot": args.bots_bot, "bot_workers": args.bot_workers or "per core", "seconds": timing["seconds"],
            "people_move_ms": percentiles(run.latencies),
            # the slowest 1% of people's moves: when in the run they ended (seconds from its start)
            "people_slowest_at_s": slowest_at(run.latencies, run.latency_at, timing["started"]),
            "client_lag_ms": percentiles(run.lag),
            # this process's own share of a core (the people, the spectators): on the server's two cores
            "client_cpu_share": round(client_cpu / timing["seconds"], 2), "client_nice": args.client_nice,
            "bot_reply_ms_flood": percentiles([d for when, d in run.replies if when >= flood_at]),
            "bot_reply_ms_before": percentiles([d for when, d in run.replies if when < flood_at]),
            "moves_per_s": round(moves / timing["seconds"], 1), "people_moves": len(run.latencies),
            "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, moves), 2),
            "server_cpu_share": round(server_cpu / timing["seconds"], 2),
            "server_cpu_ms_per_move_steady": steady_ms, "moves_per_s_steady": steady_rate,
            "workers_cpu_share": round(workers_cpu / timing["seconds"], 2),
            "moves_by": args.moves,
            "load_average": os.getloadavg()[0],
            "people_games_done": run.games_done, "flood_answers": run.flood_codes,
            "people_creates_refused": run.refused_creates,
            "server_rss_mb": round(_status_kb(server.pid, "VmRSS") / 1024, 1),
            "server_peak_mb": round(_status_kb(server.pid, "VmHWM") / 1024, 1),
            "workers_rss_mb": round(sum(_status_kb(p, "VmRSS") for p in workers) / 1024, 1),
            "rss_curve": curve,
            "failures": len(run.failures), "first_failure": run.failures[0] if run.failures else None,
        }
    finally:
        stop_server(server, log)


def start_server(command: list, url: str, workdir: str, niceness: int | None = None) -> tuple:
    """`caylus serve` started by `command`, its output to workdir/server.log, once it answers. On a busy machine
    its start took over 30 s (a run then measured a server still starting): it is given 180 s, and a server that
    does not answer by then ends the benchmark instead of being measured."""
    log = open(os.path.join(workdir, "server.log"), "w")
    # `niceness`: the server's own (this process's may have been raised: --client-nice)
    server = subprocess.Popen(command, stdout=log, stderr=log, preexec_fn=None if niceness is None else
                              (lambda: os.setpriority(os.PRIO_PROCESS, 0, niceness)))
    deadline = time.monotonic() + 180
    while True:
        try:
            if httpx.get(f"{url}/api/editions", timeout=5).status_code == 200:
                return server, log
        except httpx.HTTPError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            stop_server(server, log)
            raise SystemExit(f"caylus serve did not start (see {log.name})")
        time.sleep(0.1)


def stop_server(server: subprocess.Popen, log) -> None:
    """SIGTERM, as an operator stops it; killed if it has not ended in 15 s."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def quiet_collector() -> None:
    """This process stands for many clients on other machines: its own collector's pauses (a full collection
    walked the imported libraries, 100-450 ms on a busy machine) must not be counted as the server's latency.
    As the server does (caylus.server.collector): what exists moved out of the collector's sight, young
    collections less often."""
    from caylus.server.collector import settle

    settle()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="50,100,200", help="table counts to run, comma-separated")
    parser.add_argument("--flood", default="60", help="hostile all-bot hard tables, comma-separated (0: none)")
    parser.add_argument("--flood-after", type=float, default=5.0, help="seconds into a run the flood starts")
    parser.add_argument("--seconds", type=float, default=40,
                        help="each run's length (default 40; a soak: 1800 with --rss-every 60)")
    parser.add_argument("--edition", default="caylus-1303")
    parser.add_argument("--people-bot", default="easy", help="the bot at each people's table (default easy)")
    parser.add_argument("--bots-bot", default="greedy", help="the bots of the watched all-bot tables")
    parser.add_argument("--bot-workers", type=int, default=0, help="caylus serve --bot-workers (default: its own)")
    parser.add_argument("--serve-arg", action="append", default=[], help="one more argument for caylus serve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", choices=("ws", "http"), default="ws",
                        help="how people send their moves: on their seat's WebSocket, as the browser does (default), "
                             "or POST /api/tables/{id}/moves")
    parser.add_argument("--steady-after", type=float, default=10,
                        help="seconds into a run from which the web CPU a move is counted again, without the "
                             "tables' creation and the sockets' opening (server_cpu_ms_per_move_steady)")
    parser.add_argument("--think", type=float, default=0,
                        help="people think this many seconds a move on average (default 0: as fast as the server "
                             "answers)")
    parser.add_argument("--rss-every", type=float, default=0,
                        help="sample the server's and workers' RSS every S seconds into rss_curve (a soak: 60)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each setting")
    parser.add_argument("--samples", help="append each run's people's moves (when, round trip) and this process's "
                                          "loop lag here, one JSON line a run")
    parser.add_argument("--records", help="append each run's JSON line here; runs already there are skipped")
    parser.add_argument("--label", default="",
                        help="a name for the build or setting measured, kept in each line and in what makes a run "
                             "already done: interleaved A/B series share one --records file")
    parser.add_argument("--client-nice", type=int, default=0,
                        help="run this load generator (the people, the spectators, the hostile client) at this "
                             "niceness relative to the server's (e.g. -5; below 0 needs root): clients stand for "
                             "other machines, and on the server's own cores their lateness is counted in every "
                             "round trip they measure (client_lag_ms). Default 0: the same priority")
    parser.add_argument("--hostile", metavar="URL", help=argparse.SUPPRESS)  # the flood's own process
    parser.add_argument("--hostile-at", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hostile:
        print(json.dumps(asyncio.run(flood_tables(args.hostile, int(args.flood), args.hostile_at))), flush=True)
        return
    try:
        sizes = [int(x) for x in args.tables.split(",")]
        floods = [int(x) for x in args.flood.split(",")]
    except ValueError:
        parser.error("--tables and --flood take whole numbers, comma-separated")
    if not all(2 <= n <= 1000 for n in sizes) or not all(0 <= f <= 1000 for f in floods) \
            or not 0 < args.seconds <= 3600 or not 1 <= args.repeat <= 20 \
            or not 0 <= args.think <= 60:
        parser.error("--tables 2-1000, --flood 0-1000, --seconds at most 3600, --repeat 1-20, --think 0-60 "
                     "(a bounded benchmark)")
    args.server_niceness = None
    if args.client_nice:
        if not -20 <= args.client_nice <= 19:
            parser.error("--client-nice -20 to 19")
        args.server_niceness = os.getpriority(os.PRIO_PROCESS, 0)
        try:
            os.setpriority(os.PRIO_PROCESS, 0, args.server_niceness + args.client_nice)
        except PermissionError:
            parser.error(f"--client-nice {args.client_nice}: not allowed to this user (a negative one needs root)")
    quiet_collector()
    done: list[dict] = []
    if args.records and os.path.exists(args.records):
        with open(args.records) as f:
            done = [json.loads(line) for line in f if line.strip()]
    for n in sizes:
        for flood in floods:
            for k in range(args.repeat):
                key = {"tables": n, "flood": flood, "edition": args.edition, "people_bot": args.people_bot,
                       "bots_bot": args.bots_bot, "seconds_asked": args.seconds, "think": args.think, "run": k,
                       "moves_by": args.moves, **({"label": args.label} if args.label else {}),
                       **({"client_nice": args.client_nice} if args.client_nice else {})}
                if any(all(r.get(a) == b for a, b in key.items()) for r in done):
                    continue
                result = {**key, **run_one(args, n, flood)}
                line = json.dumps(result)
                print(line, flush=True)
                if args.records:
                    with open(args.records, "a") as f:
                        f.write(line + "\n")


if __name__ == "__main__":
    main()
