"""Self-play for tuning the Magna Carta heuristics: greedy with candidate weights against greedy with the current
`WEIGHTS` (seats alternate), and against random bots.

    .venv/bin/python benchmarks/tune_mc_weights.py --set deniers=0.6,0.34 --set batches=0.8,0.8 --games 40

Prints, for the candidate, its wins (with the 95% interval), mean margin and score, and the prestige buildings and
Residences built, in each match; each deal is played once with the candidate in every seat. The candidate's table
is the current one with the `--set` features changed; nothing is written anywhere. `--baseline FILE` plays against
another version of `heuristics.py` (a file, or `git:REV` for the file at a git revision, e.g. `git:main`) instead
of the current weights; the same games are then played again with the baseline in the candidate's seat, and the
candidate's differences from it in wins, score and margin are printed with 95% intervals (a paired comparison: same
deals, same opponents). New greedy against old:

    .venv/bin/python benchmarks/tune_mc_weights.py --baseline git:9c0d17e --versus current --players 2,3,4 --games 150

`--versus self` and `--versus baseline-self` play every seat with the candidate, or with the baseline (self-play:
mean scores, prestige buildings a game).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import subprocess
import tempfile
from pathlib import Path

import caylus
from caylus.agents import greedy as greedy_module
from caylus.agents import make_agent
from caylus.agents.greedy import GreedyAgent
from caylus.agents.play import play_game
from caylus.core.valuation import Valuation
from caylus.editions.magna_carta import heuristics as H


HEURISTICS = "src/caylus/editions/magna_carta/heuristics.py"


class Weighted:
    """A greedy bot that values positions with its own weights table (swapped into the heuristics module while it
    decides: the module's counting reads its weights from there)."""

    def __init__(self, table: dict, seed: int):
        self.name = "greedy"
        self.inner = GreedyAgent(seed)
        v = Valuation(table, H.stage, H.amounts, H.scores)
        self.swap = {"weights": v.weights, "parts": v.parts, "evaluate": v.evaluate}

    def choose(self, position):
        saved = {k: getattr(H, k) for k in self.swap}
        for k, f in self.swap.items():
            setattr(H, k, f)
        try:
            return self.inner.choose(position)
        finally:
            for k, f in saved.items():
                setattr(H, k, f)


class Baseline:
    """A greedy bot valuing positions with another version of heuristics.py."""

    def __init__(self, module, seed: int):
        self.name = "baseline"
        self.inner = GreedyAgent(seed)
        self.module = module

    def choose(self, position):
        saved = greedy_module.values
        greedy_module.values = lambda game: self.module.evaluate(game.board)
        try:
            return self.inner.choose(position)
        finally:
            greedy_module.values = saved


def load_baseline(path: str):
    """heuristics.py from another version, as a module of the Magna Carta package (for its relative imports);
    `git:REV` is the file at that git revision of this checkout."""
    if path.startswith("git:"):
        text = subprocess.run(["git", "show", f"{path[4:]}:{HEURISTICS}"], check=True, capture_output=True,
                              text=True, cwd=Path(__file__).resolve().parent).stdout
        path = str(Path(tempfile.mkdtemp()) / "heuristics.py")
        Path(path).write_text(text)
    spec = importlib.util.spec_from_file_location("caylus.editions.magna_carta._baseline_heuristics", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Tally:
    """One match's results for the candidate's seat and the other seats: wins, scores, prestige buildings."""

    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.wins = 0.0  # the candidate's, ties split
        self.won: list[float] = []  # the candidate's win (ties split) in each game
        self.margins: list[int] = []
        self.mine: list[int] = []  # the candidate's final scores
        self.theirs: list[float] = []  # the other seats' final scores, averaged a game
        self.built = [0, 0]  # prestige buildings built by the candidate, by the other seats
        self.residences = [0, 0]  # Residences made (Lawyer) by the candidate, by the other seats
        self.everyone: list[int] = []  # every seat's final score

    def add(self, game, me: int, moves: list) -> None:
        """A finished game; `me` is the candidate's seat, `moves` the (seat, action) its agents chose."""
        s = game.scores()
        winners = [p for p, v in enumerate(s) if v == max(s)]
        self.games += 1
        self.won.append(1.0 / len(winners) if me in winners else 0.0)
        self.wins += self.won[-1]
        self.margins.append(s[me] - max(v for p, v in enumerate(s) if p != me))
        self.mine.append(s[me])
        self.theirs.append(statistics.mean(v for p, v in enumerate(s) if p != me))
        self.everyone.extend(s)
        for seat, action in moves:
            kind = {"prestige": self.built, "residence": self.residences}.get(action.verb)
            if kind is not None:
                kind[seat != me] += 1

    def line(self, label: str) -> str:
        n = self.games
        low, high = wilson(self.wins, n)
        others = n * (self.players - 1)
        return (f"{self.players}p vs {label}: candidate wins {self.wins / n:.3f} ({low:.3f}-{high:.3f}; an equal "
                f"seat {1 / self.players:.3f}) over {n} games, mean margin {statistics.mean(self.margins):+.2f}, "
                f"mean score {statistics.mean(self.mine):.1f} vs {statistics.mean(self.theirs):.1f}; "
                f"a game: prestige buildings {self.built[0] / n:.2f} vs {self.built[1] / others:.2f} "
                f"a seat, Residences {self.residences[0] / n:.2f} vs {self.residences[1] / others:.2f}; "
                f"all seats: mean score {statistics.mean(self.everyone):.1f}, prestige buildings a game "
                f"{sum(self.built) / n:.2f}")


def paired(pairs: list[tuple[Tally, Tally]]) -> str:
    """The candidate's seat against the same seat played by the baseline in the same games (same deals, same
    opponents), over the (candidate, baseline) matches `pairs`: mean differences in wins, score and margin, with
    95% intervals (normal approximation)."""
    out = []
    for name in ("won", "mine", "margins"):
        d = [x - y for new, old in pairs for x, y in zip(getattr(new, name), getattr(old, name))]
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
        mean = statistics.mean(d)
        words = {"won": "wins", "mine": "score", "margins": "margin"}[name]
        out.append(f"{words} {mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f})")
    sizes = "+".join(f"{new.players}p" for new, _old in pairs)
    games = sum(new.games for new, _old in pairs)
    return f"{sizes}, candidate minus baseline in its seat, same {games} games: " + ", ".join(out)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(games: int, players: int, seed: int, make_seats) -> Tally:
    """Seat 0 of `make_seats`' seating is the candidate. Each deal is played once with the candidate in every seat
    (game g: deal g // players, the candidate in seat g mod players), so that no seat's luck favours it."""
    tally = Tally(players)
    for g in range(games):
        deal = seed + g // players
        seats = make_seats(deal)
        shift = g % players
        seats = seats[shift:] + seats[:shift]
        moves: list = []
        game = play_game(caylus.new_game("magna-carta", players=players, seed=deal), seats,
                         on_move=lambda _g, player, action, _s: moves.append((player, action)))
        tally.add(game, (players - shift) % players, moves)
    return tally


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=[], metavar="FEATURE=EARLY,LATE")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="4", help="player counts, e.g. 2,3,4")
    ap.add_argument("--versus", default="random,current",
                    help="opponents: random, current (or the --baseline file), self (every seat the candidate: "
                         "self-play), baseline-self (every seat the --baseline file)")
    ap.add_argument("--baseline", metavar="FILE",
                    help="'current' means this heuristics.py file (or git:REV, the file at that revision) instead")
    args = ap.parse_args()
    table = dict(H.WEIGHTS)
    for item in args.set:
        name, _, pair = item.partition("=")
        if name not in table:
            ap.error(f"no feature {name!r} (features: {', '.join(table)})")
        early, late = (float(x) for x in pair.split(","))
        table[name] = (early, late)
    pairs = []  # (candidate, baseline in its seat) for each player count, against --baseline
    for n in (int(x) for x in args.players.split(",")):
        for versus in args.versus.split(","):
            if versus == "random":
                def seats(s, n=n):
                    return [Weighted(table, s)] + [make_agent("random", s * 7 + i) for i in range(1, n)]
            elif versus == "self":
                def seats(s, n=n):
                    return [Weighted(table, s * 7 + i) for i in range(n)]
            elif versus == "baseline-self":
                if not args.baseline:
                    ap.error("--versus baseline-self needs --baseline FILE")
                old = load_baseline(args.baseline)

                def seats(s, n=n, old=old):
                    return [Baseline(old, s * 7 + i) for i in range(n)]
            elif args.baseline:
                old = load_baseline(args.baseline)

                def seats(s, n=n, old=old):
                    return [Weighted(table, s)] + [Baseline(old, s * 7 + i) for i in range(1, n)]
            else:
                def seats(s, n=n):
                    return [Weighted(table, s)] + [Weighted(dict(H.WEIGHTS), s * 7 + i) for i in range(1, n)]
            label = "baseline" if versus == "current" and args.baseline else versus
            tally = play(args.games, n, args.seed, seats)
            print(tally.line(label), flush=True)
            if label == "baseline":  # the same games with the baseline in the candidate's seat too
                def null(s, n=n, old=old):
                    return [Baseline(old, s)] + [Baseline(old, s * 7 + i) for i in range(1, n)]
                reference = play(args.games, n, args.seed, null)
                print(reference.line("baseline, the baseline in the candidate's seat"), flush=True)
                print(paired([(tally, reference)]), flush=True)
                pairs.append((tally, reference))
    if len(pairs) > 1:
        print(paired(pairs), flush=True)


if __name__ == "__main__":
    main()
