"""The stages of the server's socket moves from a tail probe's file (see sitecustomize.py here):

    .venv/bin/python benchmarks/server_tail_probe/report.py /tmp/probe   # reads /tmp/probe.<pid>
"""

from __future__ import annotations

import glob
import json
import sys

STAGES = {
    "writer queue": lambda m: m["started"] - m["submitted"],
    "play": lambda m: m["played"] - m["started"],
    "until the batch's flush": lambda m: m["flush_began"] - m["played"],
    "commit": lambda m: (m["commit_ended"] - m["commit_began"]) if m.get("commit_began") else 0.0,
    "flush (commit, states, pushes)": lambda m: m["flush_ended"] - m["flush_began"],
    "back to the loop": lambda m: m["settled"] - m["flush_ended"],
    "in the server": lambda m: m["settled"] - m["submitted"],
}


def pct(values: list[float], q: float) -> float | None:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else None


def main() -> None:
    files = [f for f in glob.glob(sys.argv[1] + ".*") if not f.endswith(".tmp")]
    if not files:
        raise SystemExit(f"no probe file {sys.argv[1]}.<pid>")
    data = json.load(open(max(files, key=lambda f: len(open(f).read()))))
    moves = [m for m in data["moves"] if "started" in m and "flush_ended" in m]
    print(f"socket moves stamped: {len(moves)}")
    for name, stage in STAGES.items():
        v = [1000 * stage(m) for m in moves]
        print(f"  {name:32s} p50 {pct(v, .5)}  p95 {pct(v, .95)}  p99 {pct(v, .99)}  max {pct(v, 1)} ms")
    slowest = sorted(moves, key=STAGES["in the server"])[int(0.99 * len(moves)):]
    if slowest:
        print(f"the slowest 1% ({len(slowest)}), mean ms a stage:")
        for name, stage in STAGES.items():
            print(f"  {name:32s} {round(sum(1000 * stage(m) for m in slowest) / len(slowest), 1)}")
    b = data["batches"]
    print(f"batches {len(b)}: moves p50 {pct([x[1] for x in b], .5)} p99 {pct([x[1] for x in b], .99)}; "
          f"commit ms p99 {pct([x[3] for x in b], .99)} max {pct([x[3] for x in b], 1)}")
    for gen in (0, 1, 2):  # from the server's start (its start-up's own collections included)
        g = [x for x in data["gc"] if x[1] == gen and len(x) > 4]
        if g:
            print(f"collections gen {gen}: {len(g)}, CPU ms p50 {pct([x[4] for x in g], .5)} max "
                  f"{pct([x[4] for x in g], 1)}, wall ms max {pct([x[2] for x in g], 1)}")
    lag = data["lag"]
    print(f"event loop late > 10 ms: {len(lag)} times, {round(sum(x[1] for x in lag))} ms in all, max "
          f"{pct([x[1] for x in lag], 1)} ms")
    w = data["writes"]
    print(f"writes waiting > 5 ms: {len(w)}, the longest {sorted((x[2] for x in w), reverse=True)[:5]} ms")


if __name__ == "__main__":
    main()
