"""An arena's results: per bot games, wins, win rate and interval, rating, scores, margin, time and favourite
buildings; as a readable table, as JSON, and as a chart of ratings with their intervals."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import caylus
from caylus.core import BadOption

from .ratings import Ratings, wilson
from .sprt import HeadToHead


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


@dataclass
class BotResult:
    """One distinct bot over the arena (all the seats it filled)."""

    name: str
    games: int = 0          # seat-games: a bot filling 3 seats of a game plays 3
    wins: float = 0.0       # a shared victory counts as a share
    score_sum: int = 0
    margin_sum: int = 0     # its score minus the best other seat's, summed
    seconds: float = 0.0
    moves: int = 0
    rank_sum: float = 0.0  # places at the table, 1 the best; a tie shares the places it spans (two first: 1.5)
    buildings: Counter = field(default_factory=Counter)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def place(scores, seat: int) -> float:
    """The seat's place at the table by the final scores, 1 the best; tied seats share the places they span."""
    better = sum(1 for s in scores if s > scores[seat])
    tied = sum(1 for s in scores if s == scores[seat]) - 1
    return 1 + better + tied / 2


class ArenaResult:
    """The totals of an arena, filled game by game (`add`)."""

    def __init__(self, arena, head_to_head: HeadToHead | None = None):
        self.arena = arena
        # A paired arena's entry 0 against entry 1, game by game (W/D/L, pentanomial, Elo, the SPRT if any).
        self.head_to_head = (head_to_head or HeadToHead()) if arena.paired else None
        self.names = list(dict.fromkeys(arena.bots))
        self.bots = {name: BotResult(name) for name in self.names}
        self.ratings = Ratings(self.names)
        self.games = 0
        self.seconds = 0.0
        self.resumed = 0    # games taken from a records directory's journal, not played by this run

    def add(self, game) -> None:
        self.games += 1
        seat_names = [self.arena.bots[entry] for entry in game.seating]
        share = 1.0 / len(game.winners) if game.winners else 0.0
        for seat, name in enumerate(seat_names):
            bot = self.bots[name]
            bot.games += 1
            bot.wins += share if seat in game.winners else 0.0
            bot.score_sum += game.scores[seat]
            bot.margin_sum += game.scores[seat] - max(s for q, s in enumerate(game.scores) if q != seat)
            bot.rank_sum += place(game.scores, seat)
            bot.seconds += game.seconds[seat]
            bot.moves += game.moves[seat]
            bot.buildings.update(game.buildings[seat])
        self.ratings.update(seat_names, game.scores)
        if self.head_to_head is not None:
            self.head_to_head.add(points(game, game.seating.index(0), game.seating.index(1)))

    def rows(self) -> list[dict]:
        out = []
        for name in self.names:
            b = self.bots[name]
            lo, hi = wilson(b.wins, b.games)
            out.append({
                "name": name, "games": b.games, "wins": round(b.wins, 3), "win_rate": round(b.win_rate, 4),
                "ci": [round(lo, 4), round(hi, 4)],
                "rating": round(self.ratings.mu[name], 3), "rating_sigma": round(self.ratings.sigma[name], 3),
                "mean_score": round(b.score_sum / b.games, 2) if b.games else 0.0,
                "mean_margin": round(b.margin_sum / b.games, 2) if b.games else 0.0,
                "mean_rank": round(b.rank_sum / b.games, 3) if b.games else 0.0,
                "seconds_per_move": round(b.seconds / b.moves, 4) if b.moves else 0.0,
                "moves": b.moves,
                "top_buildings": [[k, n] for k, n in b.buildings.most_common(5)],
            })
        return out

    def as_json(self, command: str | None = None) -> dict:
        a = self.arena
        out = {"edition": a.edition, "players": a.players, "games": self.games, "seed": a.seed,
               "options": a.options, "entries": list(a.bots), "seconds": round(self.seconds, 2),
               "resumed": self.resumed, "bots": self.rows(), "command": command}
        if self.head_to_head is not None:
            out["head_to_head"] = {"bot": a.bots[0], "opponent": a.bots[1], **self.head_to_head.as_json()}
            if self.head_to_head.testing:
                out["sprt"] = out["head_to_head"].pop("sprt")
        return out

    def table(self) -> str:
        a = self.arena
        resumed = f", {self.resumed} of them from the records" if self.resumed else ""
        lines = [f"{a.edition}, {a.players} players, {self.games} games (seed {a.seed}{resumed}), "
                 f"{self.seconds:.1f} s; a shared win counts as a share",
                 f"{'bot':<12} {'games':>5} {'wins':>7} {'win rate':>8} {'95% interval':>15} {'rating':>14} "
                 f"{'score':>6} {'margin':>7} {'place':>6} {'s/move':>7}"]
        for r in sorted(self.rows(), key=lambda r: -r["rating"]):
            lo, hi = r["ci"]
            lines.append(f"{r['name']:<12} {r['games']:>5} {r['wins']:>7.1f} {r['win_rate']:>8.1%} "
                         f"{f'{lo:.1%}-{hi:.1%}':>15} {r['rating']:>7.2f} ±{2 * r['rating_sigma']:<5.2f} "
                         f"{r['mean_score']:>6.1f} {r['mean_margin']:>+7.1f} {r['mean_rank']:>6.2f} "
                         f"{r['seconds_per_move']:>7.3f}")
        lines.append("most used buildings (placed on or built):")
        name = _building_words(a)
        for r in self.rows():
            used = ", ".join(f"{name(k)} {n}" for k, n in r["top_buildings"]) or "none"
            lines.append(f"  {r['name']}: {used}")
        if self.head_to_head is not None:
            lines.extend(self.head_to_head_lines())
        return "\n".join(lines)

    def head_to_head_lines(self) -> list[str]:
        """The paired arena's entry 0 against entry 1: the SPRT's verdict, then its figures."""
        a, h = self.arena, self.head_to_head
        field = f", {a.bots[2]} in the other seats" if a.players > 2 else ""
        lines = [f"{a.bots[0]} against {a.bots[1]}: {h.pairs} pairs of games, seats swapped within a pair{field}"]
        if h.testing:
            verdict = {"H1": f"H1 accepted: {a.bots[0]} is stronger by {h.elo1:g} Elo rather than {h.elo0:g}",
                       "H0": f"H0 accepted: {a.bots[0]} is not stronger by {h.elo1:g} Elo (rather {h.elo0:g})",
                       None: f"no decision yet (neither bound crossed in {h.games} games)"}[h.result]
            lines.append(f"  SPRT: {verdict}")
        lines.append(f"  {h.line()}")
        lines.append("  (Elo: logistic, with its 95% interval; pairs: LL LD DD+WL WD WW, as "
                     f"{a.bots[0]} scored them)")
        return lines

    def chart(self, path) -> None:
        """A PNG of each bot's rating with its interval (mu +- 2 sigma)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        rows = sorted(self.rows(), key=lambda r: r["rating"])
        fig, ax = plt.subplots(figsize=(7, 1.2 + 0.6 * len(rows)))
        ys = range(len(rows))
        ax.errorbar([r["rating"] for r in rows], list(ys), xerr=[2 * r["rating_sigma"] for r in rows],
                    fmt="o", capsize=6, color="#8a2b1c")
        ax.set_yticks(list(ys), [f"{r['name']} ({r['win_rate']:.0%} wins)" for r in rows])
        ax.set_xlabel("OpenSkill rating (mu, bars: ±2 sigma)")
        a = self.arena
        ax.set_title(f"{a.edition}, {a.players} players, {self.games} games")
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)


def points(game: GameResult, seat: int, other: int) -> float:
    """What `seat` scored against `other` in the game: 1 if it finished ahead (it won and the other did not, or
    both won or lost and it had more points), 1/2 if level, 0 if behind."""
    mine = (seat in game.winners, game.scores[seat])
    theirs = (other in game.winners, game.scores[other])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _building_words(arena):
    """Building id -> its name in the edition's own words (the id itself where the words know no such name)."""
    view = caylus.new_game(arena.edition, players=arena.players, seed=arena.seed, **arena.options).view(None)

    def name(key: str) -> str:
        try:
            return caylus.describe_building(view, key)["name"]
        except BadOption:
            return key.replace("_", " ")

    return name
