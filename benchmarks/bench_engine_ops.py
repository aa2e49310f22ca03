"""Engine operations per second, the way tree search uses them: legal_actions, apply+undo, clone, clone+apply,
view (and determinize where an edition has hidden information), over mid-game positions of random games; and
what undo costs in memory: the bytes the undo snapshots add per action over a whole game.

    .venv/bin/python benchmarks/bench_engine_ops.py [--players 4] [--positions 200] [--repeat 5] [--games 10]

Each rate is the median of --repeat passes over the same positions, on one core. The memory is the median over
--games whole random games of (memory held by the game kept with undo - the same game with `keep_undo = False`)
/ its actions, traced with tracemalloc.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

import caylus


def positions(edition: str, players: int, count: int) -> list:
    """`count` games stopped at a random decision between a quarter and three quarters of a random game."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = caylus.new_game(edition, players=players, seed=seed)
        length = 0
        probe = game.clone()
        probe.keep_undo = False
        while not probe.is_terminal:
            probe.apply(rng.choice(probe.legal_actions()))
            length += 1
        stop = random.Random(seed + 1).randint(length // 4, 3 * length // 4)
        for act in probe.history[:stop]:
            game.apply(act)
        out.append(game)
    return out


def rate(games: list, op, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for g in games:
            op(g)
        runs.append(len(games) / (time.perf_counter() - start))
    return statistics.median(runs)


def apply_undo(g):
    g.apply(g.legal_actions()[0])
    g.undo()


def clone_apply(g):
    g.clone().apply(g.legal_actions()[0])


def fresh_legal(g):
    g._legal = None  # measure the edition's generator, not the cached list
    g.legal_actions()


def held_bytes(edition: str, players: int, seed: int, keep_undo: bool) -> tuple[int, int]:
    """The memory a whole random game holds at its end, and its number of actions."""
    tracemalloc.start()
    game = caylus.new_game(edition, players=players, seed=seed)
    game.keep_undo = keep_undo
    rng = random.Random(seed)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    held = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return held, len(game.history)


def undo_memory(edition: str, players: int, games: int) -> tuple[float, float]:
    """Median bytes the undo snapshots add per action, and median kilobytes a whole game holds with them."""
    per_action, whole = [], []
    for seed in range(games):
        kept, actions = held_bytes(edition, players, seed, True)
        lean, _ = held_bytes(edition, players, seed, False)
        per_action.append((kept - lean) / actions)
        whole.append(kept / 1000)
    return statistics.median(per_action), statistics.median(whole)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    print("| edition | legal_actions/s | apply+undo/s | clone/s | clone+apply/s | view/s | determinize/s "
          "| undo memory an action | a whole game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for edition in caylus.available_editions():
        games = positions(edition, args.players, args.positions)
        ops = [fresh_legal, apply_undo, lambda g: g.clone(), clone_apply, lambda g: g.view(None)]
        figures = [f"{rate(games, op, args.repeat) / 1000:.1f}k" for op in ops]
        if caylus.get_edition(edition).determinize is not None:
            views = {id(g): g.view(g.current_player) for g in games}
            figures.append(f"{rate(games, lambda g: caylus.determinize(views[id(g)], 7), args.repeat) / 1000:.1f}k")
        else:
            figures.append("-")
        per_action, whole = undo_memory(edition, args.players, args.games)
        figures += [f"{per_action / 1000:.1f} kB", f"{whole:.0f} kB"]
        print(f"| `{edition}` | " + " | ".join(figures) + " |", flush=True)


if __name__ == "__main__":
    main()
