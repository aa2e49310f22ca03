"""What a Caylus (2005) position is worth to each seat at the END of the game, and a player that looks one turn
ahead over it (`style:planner`).

The heuristics (`heuristics.py`) blend an early and a late worth of each feature by a stage that counts 13 turns;
real games run 15-18 turns and end when the Towers are counted (rules p5-6), and what a thing is worth depends on
how many turns are left to use it. This evaluation counts the features the heuristics count (`amounts`: the same
stock, buildings, favor table, castle houses and placed workers) at worths worked out from the turns left
(`turns_left`), from the rulebook:

- prestige is kept to the end (1 a point);
- at the end a gold cube is 3 prestige, 3 other cubes 1, 4 deniers 1 (rules p6, "End of the game"); before, cubes
  build (a prestige building turns 2-5 stone and 1-3 gold into 7-25 prestige, rules p4 b) and make batches for the
  castle (5, 4, 3 prestige each, rules p5), and deniers pay for workers and trade at the Church (2 deniers, 3
  prestige; rules p4 f): their worth falls to the end value over the last turns;
- a wood building of one's own pays 1 prestige each time another worker uses it, a stone production building a
  cube (rules p3 a): worth its uses for the turns left;
- a Residence pays 1 denier every income phase (rules p2) and is the only site for a prestige building: its
  income for the turns left, and the option while there is time to use it;
- a step on the favor table makes every later favor pay more: worth the favors still to come;
- the houses in the section being built, what its count gives (-2..-4 or favors, rules p5), and the workers on
  the board what they should still bring this turn (the heuristics' `_Turn`).

A seat's value is in end-of-game prestige points; the player compares its margin over the best other seat.
"""

from __future__ import annotations

import random
from operator import mul

from .catalog import COUNT_SPACE, SECTION_PARTS
from .heuristics import FEATURES, amounts
from .scoring import scores

BAILIFF_PACE = 1.5     # road spaces the bailiff moves a turn: 1, or 2 when the provost is ahead of him (rules p5)
CASTLE_PACE = 1.0      # castle parts given a turn, by seat: most turns each seat gives about one batch
USES = 0.35            # times another seat's worker uses one's building a turn, by other seat (at most one worker)
CUBE_WORTH = {"food": 1.1, "wood": 1.0, "stone": 1.45, "cloth": 1.2, "gold": 3.5}  # while they can still build
END_WORTH = {"food": 1 / 3, "wood": 1 / 3, "stone": 1 / 3, "cloth": 1 / 3, "gold": 3.0, "deniers": 0.25}
DENIER_WORTH = 0.45    # while workers are still placed: a worker costs 1 (rules p2), the Church sells prestige
SPENDING_TURNS = 5.0   # turns over which cubes and deniers fall to their end worth: what is left to build with
BATCH_WORTH = 0.9      # a batch the cubes make, above the cubes: castle prestige while sections are left
OPTION_WORTH = 2.0     # a Residence as the site of a prestige building: less as the time to gather its cost runs out
FAVOR_STEP = 0.12      # a column gained on the favor table, by turn left: the later favors it improves
COUNT_WORTH = 1.0      # the count of the section being built, as the heuristics value it
WORKER_OUT = 1.0       # what the placed workers should bring this turn


def turns_left(b) -> float:
    """Turns still to play, the one under way included: until the bailiff reaches the Towers' count space or the
    castle is full, whichever comes first (rules p5: either triggers a count; the Towers' count ends the game)."""
    if b.counted >= 3:
        return 0.0
    by_bailiff = max(0.0, COUNT_SPACE[2] - b.bailiff) / BAILIFF_PACE
    parts_left = sum(SECTION_PARTS) - sum(b.filled)
    by_castle = parts_left / (CASTLE_PACE * b.n)
    return min(by_bailiff, by_castle) + 1.0


def _weights(left: float, n: int) -> tuple[float, ...]:
    """Each feature's worth, in `FEATURES` order, with `left` turns to play at a table of `n`."""
    spend = min(1.0, left / SPENDING_TURNS)  # 1 while there is time to use cubes, 0 at the end
    uses = min(1.0, USES * (n - 1)) * left
    w = {"prestige": 1.0,
         "deniers": END_WORTH["deniers"] + (DENIER_WORTH - END_WORTH["deniers"]) * spend}
    for kind, worth in CUBE_WORTH.items():
        w[kind] = END_WORTH[kind] + (worth - END_WORTH[kind]) * spend
    w["batch"] = BATCH_WORTH * spend
    w["wood_building"] = uses
    w["stone_building"] = uses * w["stone"] * 0.8  # the bonus cube is of the kind the user took, not always stone
    w["residence"] = left * w["deniers"] + OPTION_WORTH * min(1.0, left / 8.0)
    w["favor_step"] = FAVOR_STEP * left
    w["castle_count"] = COUNT_WORTH
    w["worker_out"] = WORKER_OUT
    return tuple(w[name] for name in FEATURES)


_KEPT = 512
_WEIGHTS: dict = {}  # (turns left, seats) -> weights: a game has a few dozen such points


def weights(b) -> tuple[float, ...]:
    left = turns_left(b)
    key = (left, b.n)
    w = _WEIGHTS.get(key)
    if w is None:
        if len(_WEIGHTS) >= _KEPT:
            _WEIGHTS.clear()
        w = _WEIGHTS[key] = _weights(left, b.n)
    return w


def values(b) -> list[float]:
    """Every seat's worth at the end of the game, in prestige points; once over, the final scores."""
    if b.terminal:
        return [float(s) for s in scores(b)]
    w = weights(b)
    return [sum(map(mul, w, row)) for row in amounts(b, w)]


def margin(b, seat: int) -> float:
    """How far `seat` is ahead of the best other seat, by `values`."""
    v = values(b)
    return v[seat] - max(v[:seat] + v[seat + 1:])


# -- the player ---------------------------------------------------------------------------------------------------

FOLLOW_UPS = 4  # the seat's own next decisions played after a move (which cube to pay, a second batch...)


def settle(game, seat: int, depth: int = FOLLOW_UPS):
    """The game after the seat's own follow-up decisions, each the best by `margin`, and the margin there."""
    value = None
    while depth and not game.is_terminal and game.current_player == seat:
        best, value = None, None
        for action in game.legal_actions():
            g = game.clone()
            g.apply(action)
            v = margin(g.board, seat)
            if value is None or v > value:
                best, value = g, v
        game = best
        depth -= 1
    if value is None:
        value = margin(game.board, seat)
    return game, value


def reply(game):
    """The game after the player to move plays its best decision by `margin` (its follow-ups too)."""
    legal = game.legal_actions()
    seat = game.current_player
    if len(legal) == 1:
        g = game.clone()
        g.apply(legal[0])
        return g
    best, best_value = None, None
    for action in legal:
        g = game.clone()
        g.apply(action)
        g, v = settle(g, seat)
        if best_value is None or v > best_value:
            best, best_value = g, v
    return best


class PlannerAgent:
    """One decision ahead over the end-of-game evaluation: each legal move is played with the seat's own
    follow-up decisions, then (with `replies`) up to that many decisions of the other seats, each their best by
    the same evaluation, until the seat is to decide again; the move leaving the best margin is kept (ties: the
    canonical order). Milliseconds a move."""

    name = "style:planner"

    def __init__(self, seed: int | None = None, replies: int = 0):
        self.rng = random.Random(seed)
        self.replies = replies

    def rank(self, position) -> list[tuple[float, int, object]]:
        """Every legal move with the margin it leads to, best first (ties in canonical order)."""
        world = position.sample(self.rng.getrandbits(63))
        world.keep_undo = False  # tried on clones, never taken back
        seat = position.player
        scored = []
        for i, action in enumerate(position.legal):
            g = world.clone()
            g.apply(action)
            g, value = settle(g, seat)
            if self.replies:
                k = self.replies
                while k and not g.is_terminal and g.current_player != seat:
                    g = reply(g)
                    k -= 1
                value = margin(g.board, seat)
            scored.append((value, i, action))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return scored

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]


def play_on(game, decisions: int, turns: int = 0):
    """The game after `decisions` more decisions, every seat playing its best by `margin` (`reply`); with `turns`,
    stopped sooner once that many turns have begun after this one, so that the futures of the moves compared end
    at the same point of the turn (income paid, no worker placed), where the evaluation needs no plan."""
    stop_turn = game.board.turn + turns if turns else None
    while decisions and not game.is_terminal:
        if stop_turn is not None and game.board.turn >= stop_turn:
            break
        game = reply(game)
        decisions -= 1
    return game


class PlannerSearch:
    """The planner with a look ahead: its `candidates` best moves (by `PlannerAgent.rank`) are each played on for
    up to `horizon` decisions (to the start of the turn after next at most, with `turns`), every seat playing the
    planner's one-decision policy, and the move whose future ends with the best margin is kept (ties: the
    planner's order). Deterministic: nothing in it is drawn at random where nothing is hidden."""

    name = "planner-search"

    def __init__(self, seed: int | None = None, candidates: int = 4, horizon: int = 16, turns: int = 0):
        if candidates < 1 or horizon < 0 or turns < 0:
            raise ValueError("planner search: at least 1 candidate, a horizon and a number of turns of 0 or more")
        self.planner = PlannerAgent(seed)
        self.candidates, self.horizon, self.turns = candidates, horizon, turns

    def rank(self, position) -> list[tuple[float, int, object]]:
        ranked = self.planner.rank(position)
        world = position.sample(self.planner.rng.getrandbits(63))
        world.keep_undo = False
        seat = position.player
        weighed = []
        for rank, (_value, _i, action) in enumerate(ranked[:self.candidates]):
            g = world.clone()
            g.apply(action)
            g = play_on(g, self.horizon, self.turns)
            weighed.append((margin(g.board, seat), rank, action))
        weighed.sort(key=lambda s: (-s[0], s[1]))
        return weighed + [(value, rank, action) for rank, (value, _i, action) in enumerate(ranked)
                          if rank >= self.candidates]

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]
