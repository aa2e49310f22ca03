"""The web process's CPU a person's move, without the network (a benchmark, not a unit test): what
`caylus serve` does for each move, in one process, timed in CPU seconds, so a busy machine changes it little.

    .venv/bin/python benchmarks/bench_server_move.py [--moves 3000] [--via ws|http|both] [--repeat 3]

Each move of a Caylus 1303 game between three people (random legal moves, a new game when one ends) goes
through `Tables.move` (checked by the session, stored in a fresh SQLite file: UPDATE, INSERT, COMMIT), then the
push: each seat's state built once (each seat watches with `log=new`) and serialised once (`hub.encode`), as the
event loop does before sending it to the seat's sockets. `ws`: the move came on the socket (its answer is the
push); `http`: it was POSTed, and its answer is the mover's state as well (`state_response`). Not counted: the
HTTP/WebSocket framing and the socket sends (the load benchmark, bench_server_load.py, measures the whole).
Prints one JSON line per setting: the median over `--repeat` runs of the CPU ms a move, and each run's.
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import statistics
import tempfile
import time

from caylus.server import hub
from caylus.server.live import Tables
from caylus.server.store import Store


def run(via: str, moves: int, seed: int) -> float:
    """CPU ms a move over `moves` moves."""
    workdir = tempfile.mkdtemp(prefix="caylus-move-bench-")
    tables = Tables(Store(f"sqlite:///{workdir}/bench.db"))
    log_next: dict = {}  # seat -> the first log entry its socket has not been sent

    def push(live) -> None:  # what create_app's push and the hub do, for three seats watching with log=new
        for seat in range(3):
            state = live.state(seat, log_next.get(seat, 0))
            if state["log"]:
                log_next[seat] = state["log"][-1]["index"] + 1
            hub.encode({"type": "state", "state": state})

    tables.on_change.append(push)
    quiet = "reply" in inspect.signature(Tables.move).parameters  # a socket's move builds no answer of its own
    if via == "http":
        from caylus.server.routers.tables import state_response
    rng = random.Random(seed)
    done = 0
    live = None
    started = time.process_time()
    while done < moves:
        if live is None or live.session.game.is_terminal:
            live, _tokens, _owner = tables.create("caylus-1303", 3, {}, ["human"] * 3, rng.randrange(1 << 30))
            log_next.clear()
        game = live.session.game
        seat = game.current_player
        token = rng.choice(game.legal_actions()).token
        if via == "http":
            state_response(tables.move(live, seat, live.session.version, token, 2**31 - 1))
        elif quiet:
            tables.move(live, seat, live.session.version, token, reply=False)
        else:  # before the socket's move built no answer: it was built, with the whole log, and dropped
            tables.move(live, seat, live.session.version, token)
        done += 1
    return 1000 * (time.process_time() - started) / moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--via", choices=("ws", "http", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 10 <= args.moves <= 100_000 or not 1 <= args.repeat <= 20:
        parser.error("--moves 10-100000, --repeat 1-20")
    for via in (("ws", "http") if args.via == "both" else (args.via,)):
        runs = [round(run(via, args.moves, args.seed + k), 3) for k in range(args.repeat)]
        print(json.dumps({"via": via, "moves": args.moves, "cpu_ms_a_move": statistics.median(runs), "runs": runs}),
              flush=True)


if __name__ == "__main__":
    main()
