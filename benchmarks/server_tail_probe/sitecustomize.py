"""Where the slowest people's moves of the load benchmark spend their time, stamped inside `caylus serve` (a
measuring tool, not part of the server). Put this folder first on PYTHONPATH and name an output file:

    CAYLUS_PROBE=/tmp/probe PYTHONPATH=src:benchmarks/server_tail_probe .venv/bin/python \\
        benchmarks/bench_server_load.py --tables 200 --flood 60 --seconds 30 --moves ws
    .venv/bin/python benchmarks/server_tail_probe/report.py /tmp/probe

Python imports `sitecustomize` at start-up; this one does nothing unless CAYLUS_PROBE is set, and then only in a
process that imports the server's app (the server; the load generator too, which records nothing). It wraps, in
that process: `Mover.submit` (each socket move's times: submitted on the loop, started and played by the writer,
its batch's flush and COMMIT, settled back on the loop), `_Writer.flush` (each batch: size, time, its commit),
`Batch.append` and `Store.append` (a write that waited over 5 ms: mostly for SQLite's lock), `Store.create`, and
records every garbage collection (generation, wall and CPU time) and how late the event loop wakes from a 5 ms
sleep (over 10 ms). The stamps are written every 2 s to CAYLUS_PROBE.<pid> (JSON). Times are seconds from the
process's start. CAYLUS_PROBE_YOUNG=N sets `collector.YOUNG` (the young generation's threshold) for a trial.
"""

import os

if os.environ.get("CAYLUS_PROBE"):
    import gc
    import importlib.abc
    import importlib.machinery
    import json
    import sys
    import threading
    import time

    _clock = time.perf_counter
    _OUT = os.environ["CAYLUS_PROBE"]
    _T0 = _clock()
    _data: dict = {"gc": [], "lag": [], "moves": [], "batches": [], "writes": [], "creates": []}
    _gc_began: dict = {}

    def _since(t: float) -> float:
        return round(t - _T0, 3)

    def _on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            _gc_began.update(wall=_clock(), cpu=time.thread_time())
        elif "wall" in _gc_began:
            _data["gc"].append((_since(_gc_began["wall"]), info["generation"],
                                round(1000 * (_clock() - _gc_began["wall"]), 2), info.get("collected", 0),
                                round(1000 * (time.thread_time() - _gc_began["cpu"]), 2)))

    gc.callbacks.append(_on_gc)

    def _dump() -> None:
        if not (_data["lag"] or _data["moves"] or _data["batches"]):
            return  # not the server
        snapshot = {key: list(value) for key, value in _data.items()}
        with open(f"{_OUT}.{os.getpid()}.tmp", "w") as f:
            json.dump(snapshot, f)
        os.replace(f"{_OUT}.{os.getpid()}.tmp", f"{_OUT}.{os.getpid()}")

    def _dump_every(seconds: float = 2.0) -> None:
        while True:  # the server may be killed: what was stamped so far is on disk
            time.sleep(seconds)
            try:
                _dump()
            except Exception:
                pass

    def _timed(record: str, name: str, real, threshold: float):
        def wrapped(*args, **kwargs):
            began = _clock()
            try:
                return real(*args, **kwargs)
            finally:
                took = _clock() - began
                if took > threshold:
                    _data[record].append((_since(began), name, round(1000 * took, 1), threading.current_thread().name))
        return wrapped

    def _patch() -> None:
        import asyncio

        from caylus.server import collector, mover, store

        if os.environ.get("CAYLUS_PROBE_YOUNG"):
            collector.YOUNG = int(os.environ["CAYLUS_PROBE_YOUNG"])
        settle = collector.settle

        def settle_and_watch() -> None:
            settle()
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return  # the load generator's own call

            async def watchdog() -> None:
                while True:
                    asked = _clock()
                    await asyncio.sleep(0.005)
                    late = _clock() - asked - 0.005
                    if late > 0.010:
                        _data["lag"].append((_since(asked), round(1000 * late, 1)))

            loop.create_task(watchdog())

        collector.settle = settle_and_watch
        submit = mover.Mover.submit

        def stamped_submit(self, table_id, fn, *args, **kwargs):
            stamps = {"submitted": _clock()}

            def play(*a, **k):
                stamps["started"] = _clock()
                try:
                    return fn(*a, **k)
                finally:
                    stamps["played"] = _clock()

            play.stamps = stamps
            future = submit(self, table_id, play, *args, **kwargs)

            def settled(_future) -> None:
                stamps["settled"] = _clock()
                _data["moves"].append(stamps)

            future.add_done_callback(settled)
            return future

        mover.Mover.submit = stamped_submit
        commits = threading.local()
        commit = store.Batch.commit

        def timed_commit(self):
            began = _clock()
            try:
                return commit(self)
            finally:
                commits.last = (began, _clock())

        store.Batch.commit = timed_commit
        flush = mover._Writer.flush

        def timed_flush(self):
            played = list(self.played)
            if not played:
                return flush(self)
            commits.last = (None, None)
            began = _clock()
            flush(self)
            ended = _clock()
            c0, c1 = commits.last
            for entry in played:
                stamps = getattr(entry[0][3], "stamps", None)
                if stamps is not None:
                    stamps.update(flush_began=began, flush_ended=ended, commit_began=c0, commit_ended=c1,
                                  batch=len(played))
            _data["batches"].append((_since(began), len(played), round(1000 * (ended - began), 2),
                                     round(1000 * ((c1 or began) - (c0 or began)), 2)))

        mover._Writer.flush = timed_flush
        store.Batch.append = _timed("writes", "batch_append", store.Batch.append, 0.005)
        store.Store.append = _timed("writes", "append", store.Store.append, 0.005)
        store.Store.create = _timed("creates", "create", store.Store.create, 0.0)

    class _AfterApp(importlib.abc.MetaPathFinder):
        """Patch once `caylus.server.app` is imported (its modules are then loaded)."""

        def find_spec(self, name, path, target=None):
            if name != "caylus.server.app":
                return None
            sys.meta_path.remove(self)
            spec = importlib.machinery.PathFinder.find_spec(name, path)
            run = spec.loader.exec_module

            def exec_module(module):
                run(module)
                _patch()

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, _AfterApp())
    threading.Thread(target=_dump_every, name="caylus-probe", daemon=True).start()
