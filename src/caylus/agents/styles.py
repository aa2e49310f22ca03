"""Style players: simple, fast bots, each committed to one plan a strong human player would follow (the builder
who climbs to prestige buildings, the castle-and-favors player, the producer who owns the production buildings).
They are the gauntlet a stronger bot must beat: a field of plans it was never tuned against.

The plans are the edition's (`caylus.editions.<edition>.styles.STYLES`: a table of plain data, one entry a style):
the edition's own heuristic weights with some changed (`weights`), and a bonus for the moves the plan calls for
(`prefer`). The machinery here is the same for every edition: a style player tries each legal move one decision
ahead (its own follow-up decisions played too, so that a building is judged with its cost paid) and keeps the one
whose position is best by the plan's weights, against the best other seat valued by the edition's own weights.

    make_agent("style:builder", seed=1)
    style_names("caylus")   # ["style:builder", "style:castle", "style:producer"]

Like every bot, a style player sees only what its seat may know: the `Position` (view, legal moves, `sample`).
"""

from __future__ import annotations

import importlib
import random
from fnmatch import fnmatchcase
from operator import mul

from caylus.core.registry import EDITION_MODULES, get_edition

from .base import BadAgent, Position
from .planner import own_agent

PREFIX = "style:"
FOLLOW_UPS = 4  # how many of its own follow-up decisions a style player looks through after a move
_KEPT_STAGES = 256  # blended weights remembered, one entry a stage value


def _table(edition_id: str) -> dict:
    """The edition's style table (`STYLES` in its `styles` module); {} for an edition without one."""
    get_edition(edition_id)  # an unknown edition id is a clear error here
    try:
        module = importlib.import_module(EDITION_MODULES[edition_id] + ".styles")
    except ModuleNotFoundError:
        return {}
    return module.STYLES


def style_names(edition_id: str) -> list[str]:
    """The full agent names of the edition's style players, e.g. ["style:builder", "style:castle", ...]."""
    return [PREFIX + name for name in _table(edition_id)]


def all_styles() -> dict[str, list[str]]:
    """Every style name (without "style:") and the editions that have it, in the order the editions list them."""
    out: dict[str, list[str]] = {}
    for edition_id in EDITION_MODULES:
        for name in _table(edition_id):
            out.setdefault(name, []).append(edition_id)
    return out


def describe(edition_id: str) -> dict[str, str]:
    """Each style of the edition (full agent name) and its plan in one line."""
    return {PREFIX + name: entry["plan"] for name, entry in _table(edition_id).items()}


class Plan:
    """One style of one edition, ready to value positions: the edition's weights with the style's changes, blended
    by stage as the edition's `Valuation` does, and the style's bonus by move."""

    def __init__(self, edition, name: str, entry: dict):
        h = edition.heuristics
        self.edition_id, self.name = edition.id, name
        self.heuristics = h
        table = dict(h.WEIGHTS)
        for feature, worth in entry.get("weights", {}).items():
            if feature not in table:
                raise ValueError(f"style {name!r} of {edition.id!r}: no feature {feature!r} in the heuristics")
            table[feature] = worth
        self.table = tuple(table.values())
        self.prefer = dict(entry.get("prefer", {}))  # token pattern -> (bonus early, bonus late)
        self._matched: dict = {}  # token -> its bonus (early, late) or None: a game has a few hundred tokens
        self._blended: dict[float, tuple[float, ...]] = {}

    def weights(self, b) -> tuple[float, ...]:
        t = self.heuristics.stage(b)
        w = self._blended.get(t)
        if w is None:
            if len(self._blended) >= _KEPT_STAGES:
                self._blended.clear()
            w = self._blended[t] = tuple([early * (1 - t) + late * t for early, late in self.table])
        return w

    def value(self, game, seat: int) -> float:
        """How good `game` is for `seat` by this plan: the seat's worth at the plan's weights, less the best other
        seat's at the edition's own; once the game is over, the margin of the final scores."""
        b = game.board
        if game.is_terminal:
            s = game.scores()
            return s[seat] - max(s[:seat] + s[seat + 1:])
        h = self.heuristics
        mine = self.weights(b)
        rows = h.amounts(b, mine)  # the plan's worths also decide what placed workers are expected to bring
        theirs = h.weights(b)
        best_other = max(sum(map(mul, theirs, row)) for q, row in enumerate(rows) if q != seat)
        return sum(map(mul, mine, rows[seat])) - best_other

    def bonus(self, token: str, t: float) -> float:
        """What the plan adds for choosing the move `token` at stage `t` (the first `prefer` pattern it matches,
        "*" standing for any text, e.g. "build:*" or "place:*lawyer")."""
        worth = self._matched.get(token, False)
        if worth is False:
            worth = next((w for pattern, w in self.prefer.items() if fnmatchcase(token, pattern)), None)
            self._matched[token] = worth
        if worth is None:
            return 0.0
        early, late = worth
        return early * (1 - t) + late * t


_PLANS: dict[tuple[str, str], Plan] = {}


def plan_for(edition, name: str) -> Plan:
    """The plan `name` in `edition`; BadAgent (with the edition's styles) if the edition has no such style."""
    key = (edition.id, name)
    plan = _PLANS.get(key)
    if plan is None:
        table = _table(edition.id)
        if name not in table:
            raise BadAgent(f"{edition.id!r} has no style {name!r} (styles: {', '.join(style_names(edition.id))})")
        plan = _PLANS[key] = Plan(edition, name, table[name])
    return plan


class StyleAgent:
    """A player committed to one plan: one decision ahead (its follow-ups included) by the plan's valuation."""

    def __init__(self, style: str, seed: int | None = None):
        self.style = style
        self.name = PREFIX + style
        self.seed = seed
        self.rng = random.Random(seed)
        self._own: dict = {}  # edition id -> the player of an edition's style that is its own player (`"agent"`)

    def own_player(self, edition):
        """The edition's own player for this style, if its table entry names one (`"agent"`: a player of
        `agents.planner`, e.g. `{"player": "planner"}`, built with the seed), else None: a style that is not a
        plan of weights and bonuses (e.g. a planner over an evaluation of its own)."""
        entry = _table(edition.id).get(self.style)
        return own_agent(edition, entry.get("agent") if entry else None, self.seed, self._own)

    def _settle(self, plan: Plan, game, seat: int):
        """The game after the seat's own follow-up decisions, each the best by the plan, and its value there."""
        value = None
        depth = FOLLOW_UPS
        while depth and not game.is_terminal and game.current_player == seat:
            best, value = None, None
            for action in game.legal_actions():
                g = game.clone()
                g.apply(action)
                v = plan.value(g, seat)
                if value is None or v > value:
                    best, value = g, v
            game = best
            depth -= 1
        if value is None:
            value = plan.value(game, seat)
        return game, value

    def rank(self, position: Position) -> list[tuple[float, int, object]]:
        """Every legal move with its value by the plan, best first (ties in canonical order)."""
        plan = plan_for(position.edition, self.style)
        world = position.sample(self.rng.getrandbits(63))
        world.keep_undo = False  # tried on clones, never taken back
        seat = position.player
        t = plan.heuristics.stage(world.board)
        now = plan.value(world, seat)
        scored = []
        for i, action in enumerate(position.legal):
            g = world.clone()
            g.apply(action)
            _g, value = self._settle(plan, g, seat)
            # The plan's bonus only for a move that gains something by itself: a worker sent to the Architect
            # with nothing to build there is not the plan, it is a lost worker.
            if value > now:
                value += plan.bonus(action.token, t)
            scored.append((value, i, action))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return scored

    def choose(self, position: Position):
        own = self.own_player(position.edition)
        if own is not None:
            return own.choose(position)
        if len(position.legal) == 1:
            plan_for(position.edition, self.style)  # an edition without this style is an error even here
            return position.legal[0]
        return self.rank(position)[0][2]
