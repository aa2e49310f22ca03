"""Many random games in a row: the loops behind `caylus sim` and `caylus bench` (no printing here).

Game i of a run uses seed S+i, for the board and for the random agent alike, so any game of a run can be
played again on its own from its seed.
"""

from __future__ import annotations

import platform
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable

from caylus.agents import Playout, play_random_game
from caylus.core import get_edition


@dataclass
class RunSummary:
    """Totals of a run of random games."""

    edition: str
    players: int
    options: dict
    first_seed: int
    games: int = 0
    decisions: int = 0  # actions applied by players, forced moves excluded
    seconds: float = 0.0  # time spent playing, reporting excluded
    finished: int = 0  # games that ended without an error
    score_sums: list = field(default_factory=list)  # per seat, over finished games
    wins: list = field(default_factory=list)  # per seat; a shared victory counts for each winner
    failures: list = field(default_factory=list)  # the Playouts that raised

    def merge(self, other: "RunSummary") -> None:
        """Add another run's totals to this one."""
        self.games += other.games
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.finished += other.finished
        self.score_sums = [a + b for a, b in zip(self.score_sums, other.score_sums)]
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.failures += other.failures

    def add(self, playout: Playout, seconds: float) -> None:
        self.games += 1
        self.decisions += playout.decisions
        self.seconds += seconds
        if not playout.ok:
            self.failures.append(playout)
            return
        self.finished += 1
        for seat, score in enumerate(playout.game.scores()):
            self.score_sums[seat] += score
        for seat in playout.game.winners():
            self.wins[seat] += 1

    @property
    def mean_scores(self) -> list[float]:
        return [round(s / self.finished, 2) if self.finished else 0.0 for s in self.score_sums]

    def rates(self) -> tuple[float, float]:
        """(games per second, decisions per second)."""
        if self.seconds <= 0:
            return 0.0, 0.0
        return self.games / self.seconds, self.decisions / self.seconds

    def as_json(self) -> dict:
        games_per_s, decisions_per_s = self.rates()
        return {
            "edition": self.edition,
            "players": self.players,
            "options": self.options,
            "seed": self.first_seed,
            "games": self.games,
            "finished": self.finished,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_s": round(games_per_s, 2),
            "decisions_per_s": round(decisions_per_s, 1),
            "mean_scores": self.mean_scores,
            "wins": self.wins,
            "errors": len(self.failures),
            "error_seeds": [p.seed for p in self.failures],
        }


def check_setup(edition: str, players, options: dict) -> tuple[int, dict]:
    """Validate a run's edition, player count and options before playing (`BadOption` says what is wrong)."""
    ed = get_edition(edition)
    return ed.check_players(players), ed.normalize_options(options)


def simulate(edition: str, players: int, games: int | None, seed: int, options: dict | None = None,
             on_game: Callable[[Playout], None] | None = None, seconds: float | None = None) -> RunSummary:
    """Play `games` random games (or as many as fit in `seconds`) with seeds seed, seed+1, ...

    `on_game` sees every finished or failed playout as it comes (to save records, report errors).
    """
    players, options = check_setup(edition, players, options or {})
    run = RunSummary(edition, players, options, seed, score_sums=[0] * players, wins=[0] * players)
    clock = time.perf_counter
    i = 0
    while (games is None or i < games) and (seconds is None or run.seconds < seconds):
        start = clock()
        playout = play_random_game(edition, players, seed + i, options)
        run.add(playout, clock() - start)
        if on_game is not None:
            on_game(playout)
        i += 1
    return run


def benchmark(edition: str = "caylus", players: int = 4, games: int | None = 500, seconds: float | None = None,
              repeat: int = 5, seed: int = 1, options: dict | None = None) -> dict:
    """The random-playout throughput benchmark: `repeat` identical runs, reported by their median.

    Every repetition plays the same games (same seeds), so the repetitions differ only by the machine's noise.
    The keys are those of `caylus sim --json` (games, decisions, seconds and errors summed over the
    repetitions; the rates are the medians) plus repeats, runs and the median / min / max rates.
    """
    if repeat < 1:
        raise ValueError("a benchmark needs at least one repetition")
    runs = [simulate(edition, players, games, seed, options, seconds=seconds) for _ in range(repeat)]
    per_s = [r.rates()[1] for r in runs]
    games_per_s = [r.rates()[0] for r in runs]
    combined = RunSummary(runs[0].edition, runs[0].players, runs[0].options, seed,
                          score_sums=[0] * runs[0].players, wins=[0] * runs[0].players)
    for r in runs:
        combined.merge(r)
    total = combined.as_json()
    total.update({
        "games_per_s": round(statistics.median(games_per_s), 2),
        "decisions_per_s": round(statistics.median(per_s), 1),
        "error_seeds": sorted(set(total["error_seeds"])),
        "repeats": repeat,
        "games_per_repeat": games,
        "seconds_per_repeat": seconds,
        "median_decisions_per_s": round(statistics.median(per_s), 1),
        "min_decisions_per_s": round(min(per_s), 1),
        "max_decisions_per_s": round(max(per_s), 1),
        "median_games_per_s": round(statistics.median(games_per_s), 2),
        "runs": [{"games": r.games, "decisions": r.decisions, "seconds": round(r.seconds, 4),
                  "decisions_per_s": round(r.rates()[1], 1)} for r in runs],
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
    })
    return total
