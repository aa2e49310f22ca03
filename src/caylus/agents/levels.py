"""Bots by name: the difficulty levels a person picks, and the names experts use.

    make_agent("normal", seed=1)        # a level
    make_agent("mcts:400", seed=1)      # an expert's setting: UCT with 400 iterations a move
    make_agent("style:builder", seed=1) # a player committed to one plan (`caylus.agents.styles`)
    make_agent("mybots:Clever", seed=1) # a user's own class following the protocol (constructed with seed=)
"""

from __future__ import annotations

import importlib


from .base import BadAgent
from .greedy import GreedyAgent
from .lookahead import LookaheadAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .styles import PREFIX as STYLE_PREFIX, StyleAgent, all_styles


# name -> (what it is, in plain words; how to build it from a seed). Iteration budgets, not seconds, so that
# the same seed plays the same moves on any machine; `seconds` is only a safety cap. How far `normal` and `hard`
# look is the edition's (`LOOKAHEAD` in its heuristics); the figures here serve an edition without one.
LEVELS = {
    "random": ("plays any legal move at random", lambda seed: RandomAgent(seed)),
    "easy": ("a beginner: weighs each move by what it gains at once, and often slips",
             lambda seed: GreedyAgent(seed, noise=2.5)),
    "greedy": ("weighs each move by what it gains at once, never looks further",
               lambda seed: GreedyAgent(seed)),
    "normal": ("looks ahead: plays its 3 best moves on for 8 more moves, every player playing greedily, "
               "and keeps the one that ends best (a fraction of a second)",
               lambda seed: LookaheadAgent(seed, candidates=3, horizon=8, seconds=1.0, level="normal")),
    "hard": ("looks further ahead: plays its 5 best moves on for 40 more moves, every player playing greedily, "
             "and keeps the one that ends best (under half a second); in Magna Carta each played on to the start of "
             "the next turn in 4 deals of the hidden cards, every player in them looking 2 moves 4 ahead itself; in Caylus 2005 its 4 best moves 16 ahead, every player playing one move ahead over what the "
             "end of the game will pay; in Caylus 1303 its 4 best moves by what the position will be worth at the end "
             "of the game, each played on to the end of the round",
             lambda seed: LookaheadAgent(seed, candidates=5, horizon=40, samples=2, seconds=5.0, level="hard")),
}
EXPERT = ("hard:SECONDS (hard thinking about that long a move, searching deeper while it has time), mcts:ITER "
          "(UCT search with ITER iterations a "
          "move), style:NAME (a player committed to one plan), or module:Class (your own bot)")
MOST_THINKING = 600.0  # seconds a move `hard:SECONDS` may be given: a game of several hundred moves must end
# The slip of the players in the futures of `hard:SECONDS` where the edition's level sets none: every round of
# futures then plays differently, so more time averages out more of what one line of play gets wrong.
THINKING_NOISE = 1.5


def thinking_hard(text: str, seed: int) -> LookaheadAgent:
    """`hard` as an anytime player, thinking about `text` seconds a move (a deadline, not a count: the same seed
    may play differently on a busier machine). Where the edition's `hard` is the planner's search (Caylus 2005,
    Caylus 1303), that search again and again, each wider and deeper than the last (`agents.planner`,
    `PlannerSearch(think=)`), the deepest one's answer played; elsewhere (Magna Carta) rounds of futures of its
    best moves, as many as fit."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = None
    if seconds is None or not 0.01 <= seconds <= MOST_THINKING:  # also refuses nan and inf
        raise BadAgent(f"hard:SECONDS needs a number of seconds a move from 0.01 to {MOST_THINKING:.0f}, "
                       f"got {text!r}")
    return LookaheadAgent(seed, candidates=5, horizon=40, samples=2, level="hard", think=seconds,
                          noise=THINKING_NOISE)


def level_names() -> list[str]:
    return list(LEVELS)


def make_agent(spec: str, seed: int = 0):
    """The agent a name stands for (see `LEVELS`), with its own random generator seeded by `seed`."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadAgent(f"an agent is named by text, such as 'normal' (agents: {', '.join(LEVELS)}, {EXPERT})")
    spec = spec.strip()
    if spec in LEVELS:
        agent = LEVELS[spec][1](seed)
        agent.name = spec
        return agent
    if spec.startswith("hard:"):
        agent = thinking_hard(spec[5:], seed)
        agent.name = spec
        return agent
    if spec.startswith("mcts:"):
        text = spec[5:]
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 10_000_000:
            raise BadAgent(f"mcts:ITER needs a whole number of iterations from 1 to 10000000, got {text!r}")
        agent = MCTSAgent(seed, iterations=int(text))
        agent.name = spec
        return agent
    if spec.startswith(STYLE_PREFIX):
        return _style_agent(spec, seed)
    if ":" in spec:
        return _user_agent(spec, seed)
    raise BadAgent(f"unknown agent {spec!r} (agents: {', '.join(LEVELS)}, {EXPERT})")


def _style_agent(spec: str, seed: int):
    name = spec[len(STYLE_PREFIX):]
    styles = all_styles()
    if name not in styles:
        known = ", ".join(f"{STYLE_PREFIX}{n} ({', '.join(eds)})" for n, eds in styles.items())
        raise BadAgent(f"unknown style {name!r} (styles: {known})")
    return StyleAgent(name, seed)


def _user_agent(spec: str, seed: int):
    module_name, _, class_name = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # the user's module may fail in any way: say which and why, on one line
        raise BadAgent(f"cannot import {module_name!r} for the agent {spec!r}: {exc}") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise BadAgent(f"module {module_name!r} has no {class_name!r} (agent {spec!r})")
    try:
        agent = cls(seed=seed)
    except Exception as exc:
        raise BadAgent(f"cannot build the agent {spec!r} with seed={seed}: {exc}") from None
    if not callable(getattr(agent, "choose", None)):
        raise BadAgent(f"{spec!r} is not an agent: it has no choose(position) method")
    if not getattr(agent, "name", None):
        agent.name = spec
    return agent
