"""Playing an arena's games: one at a time, in parallel processes on this machine, or as Ray tasks on a
cluster. Every backend runs the same `play_one` on the same `GameSpec`s, so results do not depend on it."""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import caylus
from caylus.agents import make_agent, play_game

from .report import ArenaResult
from .schedule import Arena, GameSpec, schedule

# Tokens whose argument names a building a bot chose to use or to build.
BUILDING_VERBS = ("place", "build")


@dataclass
class GameResult:
    """How one game went, from the seats' point of view (plain data: it travels between processes)."""

    index: int
    seed: int
    seating: tuple[int, ...]
    scores: list[int]
    winners: list[int]
    record: str
    seconds: list[float] = field(default_factory=list)   # thinking time of each seat
    moves: list[int] = field(default_factory=list)       # decisions of each seat
    buildings: list[dict] = field(default_factory=list)  # each seat's building -> times used or built


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


def run(arena: Arena, jobs: int = 1, backend: str = "local", records: Path | None = None,
        progress: Callable[[int, int], None] | None = None) -> ArenaResult:
    """Play every game of `arena` and gather the results; `progress(done, total)` after each game."""
    specs = schedule(arena)
    result = ArenaResult(arena)
    started = time.perf_counter()
    for done, game in enumerate(_results(specs, jobs, backend), start=1):
        result.add(game)
        if records is not None:
            name = f"{arena.edition}-{arena.players}p-game{game.index + 1:04d}-seed{game.seed}.txt"
            (records / name).write_text(game.record, encoding="utf-8")
        if progress is not None:
            progress(done, len(specs))
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
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(play_one, specs)


def _ray_results(specs: list[GameSpec]):
    """Ray tasks, one a game: `ray.init(address=...)` when RAY_ADDRESS is set, a local Ray otherwise."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        address = os.environ.get("RAY_ADDRESS")
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False) \
            if address else ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        task = ray.remote(play_one)
        pending = [task.remote(spec) for spec in specs]
        for ref in pending:  # in schedule order, so the results are those of the local backends
            yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
