"""Who plays where: seatings that give no bot an advantage from its seat, and a seed for every game.

With as many entries as seats, game i seats the entries rotated by i, so over N games each entry sits once in
each seat. With more entries than seats, the games go through every choice of N entries (in a fixed order) and
every rotation of each, so each entry plays as often as any other and in every seat alike.

A paired arena (for the SPRT, `sprt.py`) pits entry 0 against entry 1 in pairs of games: both games of a pair
share one seed, and the second swaps the two bots' seats. At more than two seats, entry 2 (the field) fills the
others, and the two bots' seats go round every pair of seats from one pair of games to the next.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from caylus.core.registry import SEEDS

_GOLDEN = 0x9E3779B97F4A7C15  # splitmix64's increment: consecutive games get well-spread seeds


@dataclass(frozen=True)
class Arena:
    """An arena: the edition and its options, the player count, the bot entries (names), games and seed."""

    edition: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    options: dict = field(default_factory=dict)
    paired: bool = False   # entry 0 against entry 1 in pairs of games on one seed, seats swapped (the SPRT's)

    def __post_init__(self):
        if self.paired:
            needed = 2 if self.players == 2 else 3
            if len(self.bots) != needed:
                raise ValueError(f"a paired arena at {self.players} seats has {needed} entries (two bots"
                                 f"{'' if needed == 2 else ' and the field'}), not {len(self.bots)}")
            if self.games % 2:
                raise ValueError(f"a paired arena plays whole pairs of games, not {self.games} games")


@dataclass(frozen=True)
class GameSpec:
    """One game of an arena: everything a process needs to play it alone."""

    index: int
    edition: str
    players: int
    options: dict
    seed: int                    # the game's seed (its record's Seed tag)
    seating: tuple[int, ...]     # seat -> index into the arena's entries
    entries: tuple[str, ...]     # the arena's bot entries (names)

    def bot_seed(self, seat: int) -> int:
        """Each bot's own random generator: from the game's seed and its seat."""
        return (self.seed * 31 + seat + 1) % SEEDS


def game_seed(master: int, index: int) -> int:
    """The seed of game `index`: a splitmix64 step, so that nearby master seeds give unrelated games."""
    z = (master + (index + 1) * _GOLDEN) % SEEDS
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % SEEDS
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % SEEDS
    return z ^ (z >> 31)


def seatings(entries: int, players: int):
    """The endless fair cycle of seatings (seat -> entry index)."""
    groups = list(itertools.combinations(range(entries), players))
    while True:
        for group in groups:
            for r in range(players):
                yield tuple(group[(seat + r) % players] for seat in range(players))


def paired_seatings(players: int):
    """The endless cycle of pairs of seatings: entries 0 and 1 in two seats, then swapped; 2 in the others."""
    places = list(itertools.combinations(range(players), 2))
    while True:
        for a, b in places:
            for first, second in ((a, b), (b, a)):
                seating = [2] * players
                seating[first], seating[second] = 0, 1
                yield tuple(seating)


def schedule(arena: Arena) -> list[GameSpec]:
    """Every game of the arena, in order."""
    if arena.paired:
        cycle = paired_seatings(arena.players)
        return [GameSpec(i, arena.edition, arena.players, dict(arena.options), game_seed(arena.seed, i // 2),
                         next(cycle), tuple(arena.bots))
                for i in range(arena.games)]
    cycle = seatings(len(arena.bots), arena.players)
    return [GameSpec(i, arena.edition, arena.players, dict(arena.options), game_seed(arena.seed, i), next(cycle),
                     tuple(arena.bots))
            for i in range(arena.games)]
