"""A fixed corpus of positions and what each edition's heuristics value them: a speed refactor of `evaluate`
must give the same numbers.

For every player count of an edition, three seeded games (every seat greedy; every seat random; greedy and
random seats in turn) are recorded as their action indices, with `heuristics.evaluate(board)` at every 3rd
decision and at the end. The file `tests/editions/<folder>/heuristics_corpus.json` was written once from the
heuristics as they were before the speed work (`python -m tests.editions.heuristics_corpus --write`); write it
again only when the heuristics are changed on purpose.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import caylus

EVERY = 3  # record the values at every 3rd decision
KINDS = ("greedy", "random", "mixed")  # the seats of the three games of each player count
FOLDERS = {"caylus": "classic", "caylus-1303": "c1303", "magna-carta": "magna_carta"}
PLAYERS = {"caylus": (2, 3, 4, 5), "caylus-1303": (2, 3, 4, 5), "magna-carta": (2, 3, 4)}
HERE = Path(__file__).parent


def path(edition: str) -> Path:
    return HERE / FOLDERS[edition] / "heuristics_corpus.json"


def _seats(kind: str, players: int, seed: int) -> list:
    from caylus.agents import make_agent  # only to write the corpus: checking it replays the recorded actions

    names = {"greedy": ["greedy"] * players, "random": ["random"] * players,
             "mixed": ["greedy" if p % 2 == 0 else "random" for p in range(players)]}[kind]
    return [make_agent(name, seed * 10 + p) for p, name in enumerate(names)]


def record_game(edition: str, players: int, seed: int, kind: str) -> dict:
    """Play one game and note its actions and the values of its positions."""
    from caylus.agents import play_game

    game = caylus.new_game(edition, players=players, seed=seed)
    values = {}

    def note(g, _player, _action, _seconds):
        if len(g.history) % EVERY == 0 or g.is_terminal:
            values[len(g.history)] = g.edition.heuristics.evaluate(g.board)

    values[0] = game.edition.heuristics.evaluate(game.board)
    play_game(game, _seats(kind, players, seed), on_move=note)
    return {"players": players, "seed": seed, "seats": kind,
            "actions": " ".join(str(a.index) for a in game.history),
            "values": [[at, vals] for at, vals in sorted(values.items())]}


def write(edition: str) -> None:
    games = [record_game(edition, players, seed, kind)
             for players in PLAYERS[edition] for seed, kind in enumerate(KINDS, start=1)]
    path(edition).write_text(json.dumps({"edition": edition, "games": games}, separators=(",", ":")) + "\n")


def positions(edition: str):
    """Every recorded position: (game's description, decision number, board, recorded values)."""
    corpus = json.loads(path(edition).read_text())
    for entry in corpus["games"]:
        game = caylus.new_game(edition, players=entry["players"], seed=entry["seed"])
        game.keep_undo = False
        actions = [game.edition.actions.by_index(int(i)) for i in entry["actions"].split()]
        done = 0
        for at, vals in entry["values"]:
            while done < at:
                game.apply(actions[done])
                done += 1
            yield f"{entry['players']} players, seed {entry['seed']}, {entry['seats']}", at, game.board, vals


def mismatches(edition: str, tolerance: float = 1e-9) -> list[str]:
    """The recorded positions whose values `evaluate` no longer gives (within `tolerance`), described."""
    evaluate = caylus.get_edition(edition).heuristics.evaluate
    out = []
    for game, at, board, recorded in positions(edition):
        got = evaluate(board)
        if len(got) != len(recorded) or any(abs(a - b) > tolerance for a, b in zip(got, recorded)):
            out.append(f"{game}, decision {at}: recorded {recorded}, now {got}")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="play the games and write the corpus files anew")
    parser.add_argument("editions", nargs="*", default=list(FOLDERS))
    args = parser.parse_args()
    for ed in args.editions:
        if args.write:
            write(ed)
        print(ed, f"{sum(1 for _ in positions(ed))} positions", f"{len(mismatches(ed))} mismatches")
