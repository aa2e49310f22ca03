"""What each bot level does in its games, counted (a benchmark): buildings and prestige buildings built, castle
batches given, castle workers who gave none, workers placed a turn, and castle decisions where it passed
although a batch was affordable and it had given none yet (the castle blunder); how often it passed first, and
where the provost is moved with deniers (Caylus, Magna Carta) the deniers paid to move him and those kept to the end
(a bot that hoards money).

    .venv/bin/python benchmarks/census_bots.py --edition caylus --bots greedy,normal,hard --against greedy --games 6

Each bot plays heads-up against `--against` on deals seed, seed+1, ... with seats swapped every other game (so
both seats meet the same deals). Counts come from the game's own events (`Game.record_events`), a game at a time
and per seat of the bot; the figures are means a game (workers placed: a turn). The opponent's figures are
printed beside, on the same deals.

    .venv/bin/python benchmarks/census_bots.py --journal benchmarks/results/sprt-caylus-hard-normal

counts the games an arena saved instead (its `arena.jsonl`, from `--records`; a gauntlet's folder: each
pairing's), replayed from their records: the first bot of each arena against the others, no game played.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time

import caylus
from caylus.agents import Position, make_agent
from caylus.core.record import load_record
from pathlib import Path

# The prestige buildings, by how each edition tells that one was built.
_PRESTIGE_KINDS: dict[str, set] = {}


def _prestige_names(edition: str) -> set:
    """The names of the buildings that count as prestige buildings in `edition` (empty if it tells them apart by
    an event of their own)."""
    if edition not in _PRESTIGE_KINDS:
        if edition == "caylus":
            from caylus.editions.classic.catalog import PRESTIGE, TILES
            _PRESTIGE_KINDS[edition] = {t.id for t in TILES if t.kind == PRESTIGE}
        elif edition == "caylus-1303":
            from caylus.editions.c1303.catalog import MONUMENT_TILES, TILES
            _PRESTIGE_KINDS[edition] = {TILES[i].key for i in MONUMENT_TILES}
        else:
            _PRESTIGE_KINDS[edition] = set()
    return _PRESTIGE_KINDS[edition]


def _castle_decision(game) -> bool:
    """Whether the player to move decides at the castle, with a batch legal and none given yet this turn."""
    tokens = [a.token for a in game.legal_actions()]
    if not any(t.startswith("batch:") for t in tokens) or "pass" not in tokens:
        return False
    board = game.board
    given = getattr(board, "batches", None)
    return given is not None and given[game.current_player] == 0


def play(edition: str, specs: list[str], seed: int) -> tuple[list[collections.Counter], list[float], list[float]]:
    """One game: a census per seat, the scores, and each seat's seconds a decision."""
    game = caylus.new_game(edition, players=len(specs), seed=seed)
    game.record_events()
    agents = [make_agent(spec, seed * 10 + p) for p, spec in enumerate(specs)]
    counts = [collections.Counter() for _ in specs]
    seconds = [[] for _ in specs]
    while not game.is_terminal:
        p = game.current_player
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        castle = _castle_decision(game)
        start = time.perf_counter()
        action = agents[p].choose(Position(game))
        seconds[p].append(time.perf_counter() - start)
        if castle:
            counts[p]["castle decisions with a batch"] += 1
            counts[p]["... passed (the castle blunder)"] += action.token == "pass"
        game.apply(action)
    _tally(edition, game, counts)
    return counts, list(game.scores()), [statistics.mean(s) if s else 0.0 for s in seconds]


def replayed(record: str) -> tuple[str, list[collections.Counter], list[float]]:
    """One saved game, replayed from its record: the edition, a census per seat and the scores."""
    start = load_record(record, stop_at=0)
    game = start.clone()
    game.record_events()
    counts = [collections.Counter() for _ in range(game.num_players)]
    for action in load_record(record).history:
        p = game.current_player
        if len(game.legal_actions()) > 1 and _castle_decision(game):
            counts[p]["castle decisions with a batch"] += 1
            counts[p]["... passed (the castle blunder)"] += action.token == "pass"
        game.apply(action)
    edition = game.edition.id
    _tally(edition, game, counts)
    return edition, counts, list(game.scores())


def _tally(edition: str, game, counts: list[collections.Counter]) -> None:
    """Counts from a finished game's events, added to each seat's census."""
    prestige = _prestige_names(edition)
    turns = set()
    for event in game.events():
        kind, p = event["kind"], event.get("player")
        turns.add(event.get("turn", event.get("round")))  # the phase events say which turn it is
        if p is None:
            continue
        c = counts[p]
        if kind == "build":
            c["buildings built"] += 1
            c["prestige buildings built"] += event.get("building") in prestige
        elif kind in ("prestige_building", "monument"):
            c["prestige buildings built"] += 1
        elif kind == "place":
            c["workers placed"] += 1
        elif kind in ("batch", "bundle"):
            c["castle batches"] += 1
        elif kind in ("castle_done", "deliver_done"):
            c["castle workers with no batch"] += event.get("batches", event.get("bundles", 1)) == 0
        elif kind == "pass" and event.get("position") == 1:
            c["first to pass"] += 1
        elif kind == "provost" and edition in _PAID_IN_DENIERS:
            c["deniers paid to move the provost"] += event.get("paid") or 0
    turns.discard(None)
    for p, c in enumerate(counts):
        c["turns"] = len(turns)
        if edition in _PAID_IN_DENIERS:
            c["deniers at the end"] += game.board.deniers[p]  # kept to the end: 1 prestige for 3 at best


ROWS = ("buildings built", "prestige buildings built", "castle batches", "castle workers with no batch",
        "castle decisions with a batch", "... passed (the castle blunder)", "first to pass")
# Where the provost is moved with deniers and a seat's deniers are on its board (Caylus 1303 pays workers): rows of
# how a bot spends its money, to tell one that hoards deniers.
_PAID_IN_DENIERS = ("caylus", "magna-carta")
MONEY_ROWS = ("deniers paid to move the provost", "deniers at the end")


def census(edition: str, bot: str, against: str, games: int, seed: int) -> dict:
    mine, theirs = collections.Counter(), collections.Counter()
    scores, seconds, wins = [], [], 0.0
    for g in range(games):
        seat = g % 2
        specs = [bot, against] if seat == 0 else [against, bot]
        counts, score, secs = play(edition, specs, seed + g // 2)
        mine.update(counts[seat])
        theirs.update(counts[1 - seat])
        scores.append((score[seat], score[1 - seat]))
        seconds.append(secs[seat])
        wins += 1.0 if score[seat] > score[1 - seat] else 0.5 if score[seat] == score[1 - seat] else 0.0
        print(f"  {bot} game {g + 1}/{games}: {score[seat]}-{score[1 - seat]}", file=sys.stderr, flush=True)
    return {"mine": mine, "theirs": theirs, "scores": scores, "seconds": seconds, "wins": wins, "games": games}


def journal_census(path: Path) -> tuple[str, str, str, dict]:
    """The census of an arena's saved games (`path`: its folder or its arena.jsonl): its first bot (entry 0)
    against the others, each game's other seats counted together, and its seconds a decision as the arena saved
    them."""
    lines = (path / "arena.jsonl" if path.is_dir() else path).read_text().splitlines()
    head = json.loads(lines[0])["arena"]
    mine, theirs = collections.Counter(), collections.Counter()
    scores, seconds, wins, edition = [], [], 0.0, head["edition"]
    for line in lines[1:]:
        saved = json.loads(line)
        edition, counts, score = replayed(saved["record"])
        seat = list(saved["seating"]).index(0)
        others = [s for s in range(len(counts)) if s != seat]
        mine.update(counts[seat])
        for s in others:
            theirs.update(counts[s])
        theirs["turns"] -= counts[seat]["turns"] * (len(others) - 1)  # turns counted once a game
        best = max(score[s] for s in others)
        scores.append((score[seat], best))
        if "seconds" in saved and saved.get("moves"):
            seconds.append(saved["seconds"][seat] / max(1, saved["moves"][seat]))
        wins += 1.0 if score[seat] > best else 0.5 if score[seat] == best else 0.0
    bots = head["bots"]
    r = {"mine": mine, "theirs": theirs, "scores": scores, "seconds": seconds or [0.0], "wins": wins,
         "games": len(lines) - 1}
    return edition, bots[0], ",".join(bots[1:]), r


def report(edition: str, bot: str, against: str, r: dict) -> None:
    n = r["games"]
    if not n:
        print(f"{edition}: {bot} against {against}: no games")
        return
    mine, theirs = r["mine"], r["theirs"]
    points = statistics.mean(s for s, _ in r["scores"]), statistics.mean(t for _, t in r["scores"])
    print(f"{edition}: {bot} against {against}, {n} games: won {r['wins']:g}, "
          f"points {points[0]:.1f} to {points[1]:.1f} (the best other), "
          f"{statistics.mean(r['seconds']):.3f} s a decision")
    for row in ROWS + (MONEY_ROWS if edition in _PAID_IN_DENIERS else ()):
        print(f"  {row:<34} {mine[row] / n:6.2f}  (opponent {theirs[row] / n:.2f})")
    placed = mine["workers placed"] / max(1, mine["turns"])
    placed_theirs = theirs["workers placed"] / max(1, theirs["turns"])
    print(f"  {'workers placed a turn':<34} {placed:6.2f}  (opponent {placed_theirs:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", default="caylus")
    parser.add_argument("--bots", default="greedy,normal,hard")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=6, help="games a bot (an even number pairs the seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--journal", type=Path, action="append",
                        help="an arena's --records folder (or a gauntlet's: each pairing) to count instead")
    args = parser.parse_args()
    if args.journal:
        for path in args.journal:
            folders = [path] if (path / "arena.jsonl").exists() or path.is_file() else \
                sorted(p for p in path.iterdir() if (p / "arena.jsonl").exists())
            if not folders:
                parser.error(f"--journal {path}: no arena.jsonl there nor in a folder of it")
            for folder in folders:
                report(*journal_census(folder))
        return
    for bot in args.bots.split(","):
        report(args.edition, bot, args.against, census(args.edition, bot, args.against, args.games, args.seed))


if __name__ == "__main__":
    main()
