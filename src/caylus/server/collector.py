"""Python's cycle collector, set for a server that holds many games: no long pause in a person's move.

A full collection stops every thread of the process (it holds the interpreter) for as long as it takes to walk
every object the collector tracks. In `caylus serve` that was mostly the objects of the imported libraries
(FastAPI, pydantic, SQLAlchemy: about 78,000, 60-75 ms of CPU a walk) and the games in hand; under load it came
every few seconds and, on a busy machine, held the process 140-400 ms: the slowest people's moves of the load
benchmark (200 tables, 2 cores) waited behind it. So, once the server is up:

- everything made until then (the libraries, the routes, the store's engine) is moved out of the collector's
  sight (`gc.freeze`): it lives as long as the process, and no collection walks it again;
- a young collection comes after `YOUNG` new container objects net, not CPython's 700: the objects a move
  makes and drops (states, frames, events) are freed by their reference counts, and far fewer that are merely
  in flight at the moment of a collection are promoted to the older generations, whose growth is what starts
  a full collection.

Cycles are still collected (only less often); the games in hand hold no reference cycles, so a game that leaves
the cache is freed at once by its reference counts. `release` puts back what `settle` changed (the server's
shutdown; tests make and stop many apps in one process).
"""

from __future__ import annotations

import gc
import threading

YOUNG = 20_000  # new container objects (net) before a young collection; CPython's default is 700

_lock = threading.Lock()
_held = 0  # apps that settled and have not released (tests run several in one process)
_before: tuple | None = None  # the thresholds found by the first settle


def settle() -> None:
    """Once the server is up: collect, move what exists out of the collector's sight, collect young objects
    less often (see the module doc)."""
    global _held, _before
    with _lock:
        _held += 1
        if _held > 1:
            return
        _before = gc.get_threshold()
        gc.collect()
        gc.freeze()
        gc.set_threshold(YOUNG, _before[1], _before[2])


def release() -> None:
    """At shutdown: the collector as it was (the frozen objects back in its sight)."""
    global _held, _before
    with _lock:
        if _held == 0:
            return
        _held -= 1
        if _held or _before is None:
            return
        gc.set_threshold(*_before)
        gc.unfreeze()
        _before = None
