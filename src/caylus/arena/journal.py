"""An arena's games written down as they finish, so that a stopped arena goes on where it stopped.

`DIR/arena.jsonl` (beside the records of `--records DIR`): a first line naming the arena (edition, options,
players, bot entries, seed), then one line a finished game, as they finish. Resuming reads the games back,
checks them against the schedule, and plays only the missing ones; the results are then those of an unbroken
run (timings apart), because the schedule of a longer arena starts with the games of a shorter one: an arena of
120 games can later be taken on to 480.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from caylus.core import CaylusError

from .report import GameResult
from .schedule import Arena, GameSpec, schedule

NAME = "arena.jsonl"


class JournalError(CaylusError):
    """The directory holds games that are not this arena's, or not games at all; nothing was changed."""


def _identity(arena: Arena) -> dict:
    """What must match for saved games to belong to this arena (the number of games may grow)."""
    identity = {"edition": arena.edition, "options": dict(arena.options), "players": arena.players,
                "bots": list(arena.bots), "seed": arena.seed}
    if arena.paired:  # only then, so that the journals of arenas before pairs still resume
        identity["paired"] = True
    return identity


class Journal:
    """The finished games of one arena in `directory`: read back with `resume`, appended to as games finish."""

    def __init__(self, directory: Path, arena: Arena, resume: bool = False):
        self.path = Path(directory) / NAME
        self.arena = arena
        self.saved: dict[int, GameResult] = {}
        lines = self._lines() if self.path.exists() else []
        if len(lines) > 1 and not resume:
            raise JournalError(f"{self.path.parent} already holds {len(lines) - 1} game(s) of an arena: resume it "
                               f"(--resume) or choose another directory")
        if resume and lines:
            self._read(lines)
        else:
            self.path.write_text(json.dumps({"arena": _identity(arena)}) + "\n", encoding="utf-8")

    def _lines(self) -> list[str]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, ValueError) as exc:
            raise JournalError(f"{self.path}: cannot be read ({exc})") from None
        if text and not text.endswith("\n"):
            # The run was stopped while writing a game's line: that game is played again.
            text = text[:text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        return text.splitlines()

    def _read(self, lines: list[str]) -> None:
        where = str(self.path)
        try:
            head = json.loads(lines[0])["arena"]
            if not isinstance(head, dict):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            raise JournalError(f"{where}: line 1 does not name an arena") from None
        if head != _identity(self.arena):
            mine = _identity(self.arena)
            differ = ", ".join(k for k in [*mine, *(k for k in head if k not in mine)] if head.get(k) != mine.get(k))
            raise JournalError(f"{where} holds another arena's games (its {differ} differ): resume it with the same "
                               f"edition, options, players, bots, seed and pairing (--sprt, --gauntlet), or "
                               f"choose another directory")
        specs = {spec.index: spec for spec in schedule(self.arena)}
        for number, line in enumerate(lines[1:], start=2):
            try:
                game = GameResult(**json.loads(line))
                game.seating = tuple(game.seating)
            except (ValueError, TypeError):
                raise JournalError(f"{where}: line {number} is not a game of the arena") from None
            spec = specs.get(game.index)
            if spec is not None:
                _check(game, spec, f"{where}: line {number}")
                self.saved[game.index] = game

    def write(self, game: GameResult) -> None:
        """Append one finished game (a whole line at once: a stop mid-way loses at most that game)."""
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(asdict(game)) + "\n")


def _check(game: GameResult, spec: GameSpec, where: str) -> None:
    if (game.seed, game.seating) != (spec.seed, spec.seating):
        raise JournalError(f"{where}: game {game.index + 1} has seed {game.seed} and seating {list(game.seating)}, "
                           f"the arena's has seed {spec.seed} and seating {list(spec.seating)}")
    seats = spec.players
    fits = (len(game.scores) == len(game.seconds) == len(game.moves) == len(game.buildings) == seats
            and all(isinstance(n, int) for n in (*game.scores, *game.moves, *game.winners))
            and all(isinstance(t, (int, float)) for t in game.seconds)
            and all(isinstance(b, dict) for b in game.buildings)
            and all(0 <= w < seats for w in game.winners) and isinstance(game.record, str))
    if not fits:
        raise JournalError(f"{where}: game {game.index + 1} does not have a score, time, moves and buildings a seat")
