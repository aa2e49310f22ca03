"""Playing an arena's games: one at a time, in parallel processes on this machine, or as Ray tasks on a
cluster. Every backend runs the same `play_one` on the same `GameSpec`s, so results do not depend on it."""

from __future__ import annotations

import itertools
import os
import time
from collections import Counter, deque
from pathlib import Path
from typing import Callable

import caylus
from caylus.agents import make_agent, play_game

from .journal import Journal
from .report import ArenaResult, GameResult
from .schedule import Arena, GameSpec, schedule
from .sprt import HeadToHead

# Tokens whose argument names a building a bot chose to use or to build.
BUILDING_VERBS = ("place", "build")


def play_one(spec: GameSpec) -> GameResult:
    """Play one game of the arena from its spec (in whatever process runs it)."""
    game = caylus.new_game(spec.edition, players=spec.players, seed=spec.seed, **spec.options)
    agents = [make_agent(spec.entries[entry], spec.bot_seed(seat)) for seat, entry in enumerate(spec.seating)]
    seconds = [0.0] * spec.players
    moves = [0] * spec.players
    used = [Counter() for _ in range(spec.players)]

    def on_move(_game, player, action, took):
        seconds[player] += took
        moves[player] += 1
        verb, _, what = action.token.partition(":")
        if verb in BUILDING_VERBS and what:
            used[player][what] += 1

    play_game(game, agents, on_move=on_move)
    return GameResult(spec.index, spec.seed, spec.seating, game.scores(), game.winners(), game.record(),
                      seconds, moves, [dict(c) for c in used])


def run(arena: Arena, jobs: int = 1, backend: str = "local", records: Path | None = None, resume: bool = False,
        progress: Callable[[int, int], None] | None = None, sprt: HeadToHead | None = None) -> ArenaResult:
    """Play every game of `arena` and gather the results; `progress(done, total)` after each game.

    With `records`, each game's record is saved there as it finishes, and the game itself in the directory's
    journal (`journal.py`); `resume` then takes the games already there instead of playing them again.
    A paired arena keeps entry 0 against entry 1 in `result.head_to_head`; given `sprt` (a `HeadToHead` with
    hypotheses), it stops once the test decides. The games are judged in schedule order, so where it stops does
    not depend on `jobs` or the backend."""
    specs = schedule(arena)
    journal = Journal(records, arena, resume) if records is not None else None
    saved = journal.saved if journal is not None else {}
    result = ArenaResult(arena, sprt)
    started = time.perf_counter()
    played = _results([spec for spec in specs if spec.index not in saved], jobs, backend)
    try:
        for done, spec in enumerate(specs, start=1):
            game = saved.get(spec.index) or next(played)
            result.add(game)
            if spec.index in saved:
                result.resumed += 1
            elif journal is not None:
                name = f"{arena.edition}-{arena.players}p-game{game.index + 1:04d}-seed{game.seed}.txt"
                (records / name).write_text(game.record, encoding="utf-8")
                journal.write(game)
            if progress is not None:
                progress(done, len(specs))
            if result.head_to_head is not None and result.head_to_head.result is not None:
                break  # the SPRT has decided: the games still scheduled are not needed
    finally:
        played.close()  # stops the games under way elsewhere, if any
    result.seconds = time.perf_counter() - started
    return result


def _results(specs: list[GameSpec], jobs: int, backend: str):
    """The games' results, in schedule order, whatever plays them."""
    if backend == "ray":
        yield from _ray_results(specs)
    elif jobs <= 1:
        for spec in specs:
            yield play_one(spec)
    else:
        yield from _pool_results(specs, jobs)


def _pool_results(specs: list[GameSpec], jobs: int):
    """Parallel processes, a few games ahead of the one awaited, so that an arena stopped early (the SPRT
    decided, or Ctrl-C) leaves at most those to finish and none started."""
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)
    todo = iter(specs)
    pending = deque(pool.submit(play_one, spec) for spec in itertools.islice(todo, 2 * jobs))
    try:
        while pending:
            game = pending.popleft().result()
            following = next(todo, None)
            if following is not None:
                pending.append(pool.submit(play_one, following))
            yield game
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ray_results(specs: list[GameSpec]):
    """Ray tasks, one a game: `ray.init(address=...)` when RAY_ADDRESS is set, a local Ray otherwise."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        address = os.environ.get("RAY_ADDRESS")
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False) \
            if address else ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    pending = deque()
    try:
        task = ray.remote(play_one)
        pending.extend(task.remote(spec) for spec in specs)
        while pending:  # in schedule order, so the results are those of the local backends
            yield ray.get(pending.popleft())
    finally:
        for ref in pending:  # stopped early (the SPRT decided): the games not yet needed are cancelled
            ray.cancel(ref)
        if started_here:
            ray.shutdown()
