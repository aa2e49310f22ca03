"""Matches between bots that prove how strong they are: `caylus arena`.

    from caylus.arena import Arena, run
    result = run(Arena("caylus", 4, ["hard", "greedy", "greedy", "greedy"], games=20, seed=1), jobs=2)
    print(result.table())

`schedule` says who sits where in each game and with which seed, `runners` plays the games (in this process,
in parallel processes, or on a Ray cluster: the same schedule), `ratings` turns results into win rates with
intervals and OpenSkill ratings, `report` prints them, `journal` writes the games down as they finish so that a
stopped arena resumes.
"""

from .report import ArenaResult, BotResult
from .runners import run
from .schedule import Arena, GameSpec, schedule

__all__ = ["Arena", "ArenaResult", "BotResult", "GameSpec", "run", "schedule"]
