"""Fixed games of the greedy and lookahead bots, so that a speed change of the greedy policy (heuristics,
valuation, `greedy.py`) is proven to choose exactly as before.

For each edition, a 4-player game with every seat greedy is recorded as its action indices; at a few of its
positions, the greedy bot's margin for every legal action (exact floats) and the lookahead bot's three candidates
played on 16 decisions (its `normal` level without the seconds cap, which would make it depend on the machine)
are recorded too. The file `tests/agents/greedy_games.json` was written once from the code as it was before the
greedy speed work (`python -m tests.agents.greedy_games --write`); write it again only when the bots or the
heuristics are changed on purpose, and then only the edition changed (`--write magna-carta`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import caylus
from caylus.agents import GreedyAgent, LookaheadAgent, Position, make_agent, play_game

EDITIONS = ("caylus", "caylus-1303", "magna-carta")
PLAYERS = 4
SEED = 1
LOOKED_AT = (30, 90, 150)  # the decisions of the greedy game where the bots' weighing is recorded too
PATH = Path(__file__).parent / "greedy_games.json"


def greedy_game(edition: str):
    """The game every seat plays greedily (seeded)."""
    return play_game(caylus.new_game(edition, players=PLAYERS, seed=SEED),
                     [make_agent("greedy", SEED * 10 + p) for p in range(PLAYERS)])


def position_at(edition: str, actions: list[int], at: int):
    """The greedy game's position after its first `at` actions."""
    game = caylus.new_game(edition, players=PLAYERS, seed=SEED)
    for i in actions[:at]:
        game.apply(game.edition.actions.by_index(i))
    return Position(game)


def weighing(position) -> dict:
    """The greedy bot's margin for every legal action (canonical order) and the lookahead bot's ranked candidates
    (margin, action index) at `position`."""
    _world, scored = GreedyAgent(SEED).rank(position)
    margins = [value for value, _i, _a, _g in sorted(scored, key=lambda s: s[1])]
    ranked = LookaheadAgent(SEED, candidates=3, horizon=16, samples=2).weigh(position)
    return {"greedy": margins, "lookahead": [[value, action.index] for value, _r, action, _g in ranked[:3]]}


def record(edition: str) -> dict:
    actions = [a.index for a in greedy_game(edition).history]
    return {"actions": " ".join(map(str, actions)),
            "weighed": {str(at): weighing(position_at(edition, actions, at)) for at in LOOKED_AT}}


def write(editions=EDITIONS) -> None:
    """Record the games of `editions` anew, keeping the other editions' records as they are."""
    records = json.loads(PATH.read_text()) if PATH.exists() else {}
    records.update({edition: record(edition) for edition in editions})
    PATH.write_text(json.dumps({edition: records[edition] for edition in EDITIONS}, separators=(",", ":")) + "\n")


def expected(edition: str) -> dict:
    return json.loads(PATH.read_text())[edition]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="record the games anew (only on purpose)")
    parser.add_argument("editions", nargs="*", choices=EDITIONS, default=list(EDITIONS),
                        help="the editions to record anew (default: all)")
    args = parser.parse_args()
    if args.write:
        write(args.editions)
    else:
        parser.print_help()
