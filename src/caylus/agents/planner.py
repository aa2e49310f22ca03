"""The planner players over an edition's end-of-game evaluation: `PlannerAgent` (`style:planner`: one decision
ahead) and `PlannerSearch` (its best few moves played on for some decisions; each edition's `hard`).

The evaluation is edition knowledge and lives in the edition's `planner` module (`caylus.editions.<edition>.planner`);
the players here are the same for every edition and ask that module for:

- `margin(b, seat)`: how far the seat is ahead of the best other seat, in end-of-game prestige;
- `FOLLOW_UPS` and `follow_ups_end(b, start)`: how many of its own decisions a seat plays after a move, and where
  they stop short of that (`start`: the board the move was chosen on) - a move is judged with its cost paid;
- `future_end(b, start, turns)`: where a future of the search stops, a point comparable for every move;
- `DEALS`: in how many deals of the cards the seat cannot see each move is tried (1 where nothing is hidden).

An edition names these players in its own tables as data (`{"player": "planner"}` for a style,
`{"player": "planner-search", "candidates": 4, "horizon": 16}` for a level's `"agent"`), since an edition never
imports an agent; `own_agent` builds them.
"""

from __future__ import annotations

import importlib
import random

from caylus.core.registry import EDITION_MODULES


def settle(planner, game, seat: int, start):
    """The game after the seat's own follow-up decisions, each the best by `planner.margin`, and the margin there."""
    value = None
    depth = planner.FOLLOW_UPS
    while (depth and not game.is_terminal and game.current_player == seat
           and not planner.follow_ups_end(game.board, start)):
        best, value = None, None
        for action in game.legal_actions():
            g = game.clone()
            g.apply(action)
            v = planner.margin(g.board, seat)
            if value is None or v > value:
                best, value = g, v
        game = best
        depth -= 1
    if value is None:
        value = planner.margin(game.board, seat)
    return game, value


def successor(planner, game):
    """The game after the player to move plays its best decision by the margin (its follow-ups too): the planner's
    one-decision policy, which every seat plays in the futures of the search."""
    legal = game.legal_actions()
    if len(legal) == 1:
        g = game.clone()
        g.apply(legal[0])
        return g
    seat = game.current_player
    best, best_value = None, None
    for action in legal:
        g = game.clone()
        g.apply(action)
        g, v = settle(planner, g, seat, game.board)
        if best_value is None or v > best_value:
            best, best_value = g, v
    return best


def play_on(planner, game, decisions: int, turns: int = 0):
    """The game after at most `decisions` more decisions, every seat playing the one-decision policy, stopped
    sooner where the edition ends a future (`planner.future_end`, with `turns`)."""
    start = game.board
    while decisions and not game.is_terminal and not planner.future_end(game.board, start, turns):
        game = successor(planner, game)
        decisions -= 1
    return game


class PlannerAgent:
    """One decision ahead over the edition's end-of-game evaluation: each legal move is tried (in `DEALS` deals
    from the seat's view where cards are hidden) with the seat's own follow-up decisions, then (with `replies`)
    up to that many decisions of the other seats, each their best by the same evaluation, until the seat is to
    decide again; the move leaving the best margin is kept (ties: the canonical order). Milliseconds a move."""

    name = "style:planner"

    def __init__(self, planner, seed: int | None = None, replies: int = 0):
        if replies < 0:
            raise ValueError("planner: a number of replies of 0 or more")
        self.planner = planner
        self.rng = random.Random(seed)
        self.replies = replies

    def rank(self, position) -> list[tuple[float, int, object]]:
        """Every legal move with the margin it leads to (averaged over the deals), best first (ties in canonical
        order)."""
        planner = self.planner
        deals = planner.DEALS if position.hidden else 1
        worlds = [position.sample(self.rng.getrandbits(63)) for _ in range(deals)]
        for world in worlds:
            world.keep_undo = False  # tried on clones, never taken back
        seat = position.player
        scored = []
        for i, action in enumerate(position.legal):
            total = 0.0
            for world in worlds:
                g = world.clone()
                g.apply(action)
                g, value = settle(planner, g, seat, world.board)
                if self.replies:
                    k = self.replies
                    while k and not g.is_terminal and g.current_player != seat:
                        g = successor(planner, g)
                        k -= 1
                    value = planner.margin(g.board, seat)
                total += value
            scored.append((total / len(worlds), i, action))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return scored

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]


class PlannerSearch:
    """The planner with a look ahead: its `candidates` best moves (by `PlannerAgent.rank`) are each played on for
    up to `horizon` decisions (sooner where the edition ends a future; with `turns`, once that many turns have
    begun after this one), every seat playing the planner's one-decision policy, and the move whose future ends
    with the best margin is kept (ties: the planner's order). Deterministic where nothing is hidden."""

    name = "planner-search"

    def __init__(self, planner, seed: int | None = None, candidates: int = 4, horizon: int = 16, turns: int = 0):
        if candidates < 1 or horizon < 0 or turns < 0:
            raise ValueError("planner search: at least 1 candidate, a horizon and a number of turns of 0 or more")
        self.planner = PlannerAgent(planner, seed)
        self.candidates, self.horizon, self.turns = candidates, horizon, turns

    def rank(self, position) -> list[tuple[float, int, object]]:
        planner = self.planner.planner
        ranked = self.planner.rank(position)
        world = position.sample(self.planner.rng.getrandbits(63))
        world.keep_undo = False
        seat = position.player
        weighed = []
        for rank, (_value, _i, action) in enumerate(ranked[:self.candidates]):
            g = world.clone()
            g.apply(action)
            g = play_on(planner, g, self.horizon, self.turns)
            weighed.append((planner.margin(g.board, seat), rank, action))
        weighed.sort(key=lambda s: (-s[0], s[1]))
        return weighed + [(value, rank, action) for rank, (value, _i, action) in enumerate(ranked)
                          if rank >= self.candidates]

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]


PLAYERS = {"planner": PlannerAgent, "planner-search": PlannerSearch}


def edition_planner(edition):
    """The edition's `planner` module: its end-of-game evaluation and the hooks above."""
    return importlib.import_module(EDITION_MODULES[edition.id] + ".planner")


def check_spec(spec) -> None:
    """A clear error for an edition table's `"agent"` entry that names no player here."""
    if not isinstance(spec, dict) or spec.get("player") not in PLAYERS:
        raise ValueError(f"an edition's own player must be {{'player': one of {sorted(PLAYERS)}, ...}}, "
                         f"not {spec!r}")


def own_agent(edition, spec: dict | None, seed: int | None, kept: dict | None = None):
    """The player an edition's table names (`spec`: `{"player": name, **settings}`) for a game of `edition`, None
    where it names none; with `kept` (edition id -> player), built once an edition and kept there."""
    if spec is None:
        return None
    if kept is not None and edition.id in kept:
        return kept[edition.id]
    check_spec(spec)
    settings = {k: v for k, v in spec.items() if k != "player"}
    agent = PLAYERS[spec["player"]](edition_planner(edition), seed, **settings)
    if kept is not None:
        kept[edition.id] = agent
    return agent
