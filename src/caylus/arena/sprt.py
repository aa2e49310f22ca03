"""The sequential probability ratio test, as chess engines are tested: is bot A stronger than bot B by ELO1
rather than by ELO0?

The games come in pairs: one seed, played twice with the two bots' seats swapped, so that the luck of the deal
and of the seat cancels out within the pair. A's score in a game is 1 for finishing ahead of B, 1/2 for a tie, 0
for finishing behind; a pair scores 0, 1/4, 1/2, 3/4 or 1 (LL, LD, DD or WL, WD, WW): the pentanomial counts.

The model is logistic Elo: a bot `elo` points stronger scores `1 / (1 + 10 ** (-elo / 400))` a game on average.
The test is the generalized SPRT over the pentanomial (as fishtest's logistic bounds): under each hypothesis the
pair results follow the most likely distribution (given the counts) whose mean score is that hypothesis's, and
the log-likelihood ratio of the two is compared with Wald's bounds ln(beta / (1 - alpha)) and
ln((1 - beta) / alpha). Above the upper bound: H1 (A is ELO1 stronger); below the lower: H0. Outcomes not yet
seen count as 1/1000 of a pair, as fishtest does, so that the most likely distributions exist from the start.

The Elo difference is the mean pair score turned into Elo, with a 95% interval from the pairs' own variance
(pairs, not games, are the independent trials).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from caylus.core import CaylusError

from .ratings import Z95

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # LL, LD, DD or WL, WD, WW: A's mean score over the pair
UNSEEN = 1e-3  # an outcome not yet seen counts as this many pairs in the test (not in the Elo)


class BadSprt(CaylusError, ValueError):
    """SPRT settings that make no test."""


def score(elo: float) -> float:
    """The expected score a game of a bot `elo` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo(mean: float) -> float:
    """The Elo difference of a mean score (infinite at 0 or 1: every game lost, or every game won)."""
    if mean <= 0.0:
        return -math.inf
    if mean >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / mean - 1.0)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the LLR: below the lower one accept H0, above the upper one accept H1."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def likeliest(counts, scores, mean: float) -> list[float]:
    """The distribution over `scores` with mean `mean` under which `counts` are most likely.

    Maximizing sum n_i ln p_i under sum p_i = 1 and sum p_i a_i = mean (Lagrange) gives
    p_i = f_i / (1 + x (a_i - mean)), f_i the observed frequencies, x the root of sum f_i (a_i - mean) /
    (1 + x (a_i - mean)) = 0, a decreasing function of x on the interval where every p_i is positive."""
    total = sum(counts)
    freq = [n / total for n in counts]
    gaps = [a - mean for a in scores]
    seen = [g for f, g in zip(freq, gaps) if f > 0]
    if not (min(seen) < 0 < max(seen)):
        raise BadSprt(f"a mean of {mean} is not strictly inside the scores seen")
    low, high = -1.0 / max(seen), -1.0 / min(seen)

    def slope(x):
        return sum(f * g / (1.0 + x * g) for f, g in zip(freq, gaps) if f > 0)

    for _ in range(200):  # bisection: halving the interval 200 times reaches the float's precision
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    x = (low + high) / 2
    return [f / (1.0 + x * g) for f, g in zip(freq, gaps)]


def llr(counts, scores, elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (Elo difference elo1) against H0 (elo0) for these counts."""
    s0, s1 = score(elo0), score(elo1)
    p0, p1 = likeliest(counts, scores, s0), likeliest(counts, scores, s1)
    return sum(n * (math.log(b) - math.log(a)) for n, a, b in zip(counts, p0, p1) if n > 0)


@dataclass
class HeadToHead:
    """Bot A against bot B over game pairs: W/D/L, the pentanomial, the Elo difference and, with hypotheses
    (`elo0`, `elo1`), the SPRT. Fed game by game (`add`), A's score in each (1, 1/2 or 0); a pair counts once
    both of its games are in."""

    elo0: float | None = None
    elo1: float | None = None
    alpha: float = 0.05
    beta: float = 0.05
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    _first: float | None = None  # A's score in the first game of an unfinished pair

    def __post_init__(self):
        if (self.elo0 is None) != (self.elo1 is None):
            raise BadSprt("the SPRT needs both ELO0 and ELO1")
        if self.testing:
            for name, value in (("ELO0", self.elo0), ("ELO1", self.elo1)):
                if not math.isfinite(value) or abs(value) > 1000:
                    raise BadSprt(f"{name} must be an Elo difference from -1000 to 1000, not {value}")
            if not self.elo0 < self.elo1:
                raise BadSprt(f"ELO0 must be below ELO1 (H1 says A is ELO1 stronger), not {self.elo0},{self.elo1}")
            for name, value in (("alpha", self.alpha), ("beta", self.beta)):
                if not 0.0 < value < 0.5:
                    raise BadSprt(f"{name} is an error rate above 0 and below 0.5, not {value}")

    @property
    def testing(self) -> bool:
        return self.elo0 is not None

    def add(self, points: float) -> None:
        """A's score in the next game (1 won, 0.5 tied, 0 lost); games 1 and 2, 3 and 4, ... are pairs."""
        if points not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game scores 1, 1/2 or 0, not {points}")
        if points == 1.0:
            self.wins += 1
        elif points == 0.5:
            self.draws += 1
        else:
            self.losses += 1
        if self._first is None:
            self._first = points
        else:
            self.pentanomial[round((self._first + points) * 2)] += 1
            self._first = None

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def _mean_and_spread(self) -> tuple[float, float] | None:
        n = self.pairs
        if not n:
            return None
        mean = sum(k * a for k, a in zip(self.pentanomial, PAIR_SCORES)) / n
        variance = sum(k * (a - mean) ** 2 for k, a in zip(self.pentanomial, PAIR_SCORES)) / n
        return mean, math.sqrt(variance / n)

    @property
    def elo(self) -> float | None:
        """A's Elo advantage over B from the pairs (None before a pair; infinite while A wins, or loses, all)."""
        spread = self._mean_and_spread()
        return elo(spread[0]) if spread else None

    @property
    def elo_ci(self) -> tuple[float | None, float | None]:
        """The 95% interval of the Elo difference (an end may be infinite: unbounded that way)."""
        spread = self._mean_and_spread()
        if spread is None:
            return (None, None)
        mean, error = spread
        return elo(mean - Z95 * error), elo(mean + Z95 * error)

    @property
    def bounds(self) -> tuple[float, float]:
        return bounds(self.alpha, self.beta)

    @property
    def llr(self) -> float:
        if not self.testing:
            raise BadSprt("no hypotheses: no SPRT")
        counts = [k if k else UNSEEN for k in self.pentanomial]
        return llr(counts, PAIR_SCORES, self.elo0, self.elo1)

    @property
    def result(self) -> str | None:
        """"H1" (A is ELO1 stronger) or "H0" once the LLR has crossed a bound, None until then."""
        if not self.testing or not self.pairs:
            return None
        lower, upper = self.bounds
        value = self.llr
        return "H1" if value >= upper else "H0" if value <= lower else None

    def as_json(self) -> dict:
        lo, hi = self.elo_ci
        out = {"games": self.games, "pairs": self.pairs, "wdl": [self.wins, self.draws, self.losses],
               "pentanomial": list(self.pentanomial), "elo": _round(self.elo), "elo_ci": [_round(lo), _round(hi)]}
        if self.testing:
            lower, upper = self.bounds
            out["sprt"] = {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
                           "llr": round(self.llr, 4), "lower": round(lower, 4), "upper": round(upper, 4),
                           "elo": _round(self.elo), "elo_ci": [_round(lo), _round(hi)], "result": self.result}
        return out

    def line(self) -> str:
        """One line for a progress bar or a log: LLR and bounds, Elo with interval, W/D/L, pentanomial."""
        lo, hi = self.elo_ci
        parts = []
        if self.testing:
            lower, upper = self.bounds
            parts.append(f"LLR {self.llr:+.2f} ({lower:+.2f},{upper:+.2f}) [{_num(self.elo0)},{_num(self.elo1)}]")
        parts.append(f"Elo {_signed(self.elo)} ({_signed(lo)} to {_signed(hi)})" if self.pairs else "Elo -")
        parts.append(f"W/D/L {self.wins}/{self.draws}/{self.losses}")
        parts.append("pairs " + " ".join(map(str, self.pentanomial)))
        return ", ".join(parts)


def _round(value: float | None) -> float | None:
    """An Elo figure for JSON: None where there is none yet or it is infinite (JSON has no infinity)."""
    return None if value is None or not math.isfinite(value) else round(value, 1)


def _num(value: float) -> str:
    return f"{value:g}"


def _signed(value: float) -> str:
    return f"{value:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def parse(text: str) -> tuple[float, float]:
    """"ELO0,ELO1" as typed after --sprt."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        raise BadSprt(f"--sprt takes two Elo differences, ELO0,ELO1 (e.g. 0,50), not {text!r}") from None
    HeadToHead(elo0, elo1)  # checks them
    return elo0, elo1
