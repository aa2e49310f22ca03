"""A gauntlet: one bot heads-up against each style player of the edition and each level below it, pairing by
pairing, in pairs of games with the seats swapped (and with hypotheses, each pairing decided by its own SPRT).

    from caylus.arena.gauntlet import Gauntlet, run_gauntlet
    result = run_gauntlet(Gauntlet("caylus", "hard", games=200, seed=1, sprt=(0.0, 50.0)), jobs=2)
    print(result.table())

A wide field is the point: a bot tuned against its own family only can be narrow, and the style players each
follow one plan a strong human player would (`caylus.agents.styles`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from caylus.agents.levels import level_names

from .journal import NAME, Journal
from .report import ArenaResult
from .runners import run
from .schedule import Arena
from .sprt import HeadToHead


def opponents(edition: str, bot: str) -> list[str]:
    """Who `bot` meets: the edition's style players, then the levels below it (every level for a bot that is
    not a level, e.g. mcts:400 or a user's class), weakest first. Never the bot itself."""
    from caylus.agents.styles import style_names

    levels = level_names()
    base = bot.partition(":")[0]  # a level's setting (hard:4) stands where its level does
    below = levels[:levels.index(base)] if base in levels else levels
    return [name for name in [*style_names(edition), *below] if name != bot]


@dataclass(frozen=True)
class Gauntlet:
    """A gauntlet: the edition and its options, the bot, the games of each pairing (at most, with an SPRT), the
    seed, and the SPRT's hypotheses and error rates if any."""

    edition: str
    bot: str
    games: int
    seed: int = 1
    options: dict = field(default_factory=dict)
    sprt: tuple[float, float] | None = None
    alpha: float = 0.05
    beta: float = 0.05

    def arenas(self) -> list[Arena]:
        return [Arena(self.edition, 2, (self.bot, other), self.games, self.seed, dict(self.options), paired=True)
                for other in opponents(self.edition, self.bot)]

    def test(self) -> HeadToHead:
        """A fresh head-to-head for one pairing, with the gauntlet's hypotheses."""
        elo0, elo1 = self.sprt if self.sprt is not None else (None, None)
        return HeadToHead(elo0, elo1, self.alpha, self.beta)


def directory(records: Path, opponent: str) -> Path:
    """Where one pairing's games are saved: a folder of its own, named after the opponent."""
    return records / "".join(c if c.isalnum() or c in "-_." else "-" for c in opponent)


class GauntletResult:
    """The pairings of a gauntlet, in the order played."""

    def __init__(self, gauntlet: Gauntlet, pairings: list[ArenaResult]):
        self.gauntlet = gauntlet
        self.pairings = pairings

    def as_json(self, command: str | None = None) -> dict:
        g = self.gauntlet
        return {"gauntlet": {"edition": g.edition, "players": 2, "bot": g.bot, "seed": g.seed,
                             "options": dict(g.options), "games": g.games,
                             "sprt": None if g.sprt is None else {"elo0": g.sprt[0], "elo1": g.sprt[1],
                                                                  "alpha": g.alpha, "beta": g.beta},
                             "pairings": [p.as_json() for p in self.pairings]},
                "command": command}

    def table(self) -> str:
        g = self.gauntlet
        test = f", each pairing decided by SPRT [{g.sprt[0]:g},{g.sprt[1]:g}]" if g.sprt is not None else ""
        lines = [f"{g.bot}'s gauntlet in {g.edition}, heads-up, up to {g.games} games a pairing in pairs on one "
                 f"seed with seats swapped (seed {g.seed}){test}",
                 f"{'opponent':<16} {'games':>5} {'score':>6} {'Elo':>7} {'95% interval':>17} {'W/D/L':>11} "
                 f"{'pairs LL..WW':>17}" + (f" {'LLR':>6} {'result':>6}" if g.sprt is not None else "")]
        for p in self.pairings:
            h = p.head_to_head
            lo, hi = h.elo_ci
            share = (h.wins + h.draws / 2) / h.games if h.games else 0.0
            row = (f"{p.arena.bots[1]:<16} {h.games:>5} {share:>6.1%} {_elo(h.elo):>7} "
                   f"{_elo(lo) + ' to ' + _elo(hi):>17} {f'{h.wins}/{h.draws}/{h.losses}':>11} "
                   f"{' '.join(map(str, h.pentanomial)):>17}")
            if h.testing:
                row += f" {h.llr:>+6.2f} {h.result or '-':>6}"
            lines.append(row)
        if g.sprt is not None:
            lower, upper = g.test().bounds
            lines.append(f"SPRT bounds {lower:+.2f}/{upper:+.2f} (alpha {g.alpha:g}, beta {g.beta:g}): H1, "
                         f"{g.bot} stronger by {g.sprt[1]:g} Elo; H0, not (rather {g.sprt[0]:g}); - undecided")
        lines.append(f"(Elo: logistic, {g.bot}'s advantage; score: its share of the games, a tie counting half)")
        return "\n".join(lines)


def _elo(value: float | None) -> str:
    if value is None:
        return "-"
    if value in (float("inf"), float("-inf")):
        return "+inf" if value > 0 else "-inf"
    return f"{value:+.0f}"


def run_gauntlet(gauntlet: Gauntlet, jobs: int = 1, backend: str = "local", records: Path | None = None,
                 resume: bool = False,
                 progress: Callable[[Arena, HeadToHead], Callable[[int, int], None]] | None = None) -> GauntletResult:
    """Play each pairing of the gauntlet in turn; `progress(arena, head_to_head)` gives each pairing's
    `(done, total)` callback. With `records`, each pairing saves (and resumes) in a folder of its own."""
    arenas = gauntlet.arenas()
    folders = [directory(records, arena.bots[1]) if records is not None else None for arena in arenas]
    for arena, where in zip(arenas, folders):
        if where is not None and (where / NAME).exists():
            Journal(where, arena, resume)  # every pairing's saved games checked before any game is played
    pairings = []
    for arena, where in zip(arenas, folders):
        test = gauntlet.test()
        if where is not None:
            where.mkdir(parents=True, exist_ok=True)
        pairings.append(run(arena, jobs=jobs, backend=backend, records=where, resume=resume,
                            progress=progress(arena, test) if progress is not None else None, sprt=test))
    return GauntletResult(gauntlet, pairings)
