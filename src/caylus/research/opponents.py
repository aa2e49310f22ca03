"""The bots that environments and examples play against, by level name (`caylus.agents.levels`)."""

from __future__ import annotations

import importlib

from caylus.agents import RandomAgent


def levels_installed() -> bool:
    """Whether this install has the bot levels (`caylus.agents.levels`); without them only ``random`` exists."""
    try:
        importlib.import_module("caylus.agents.levels")
    except ImportError:
        return False
    return True


def make_opponent(level: str, seed: int):
    """A bot of `level` from `caylus.agents.levels.make_agent`; only ``random`` where that module is absent."""
    if not levels_installed():
        if level != "random":
            raise ValueError(f"opponent {level!r}: this install has only the random bot")
        return RandomAgent(seed)
    return importlib.import_module("caylus.agents.levels").make_agent(level, seed)
