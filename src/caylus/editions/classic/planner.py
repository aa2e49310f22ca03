"""What a Caylus (2005) position is worth to each seat at the END of the game, and what the players that look ahead
over it (`style:planner`, `hard`) need of the edition.

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
The players over it are the same for every edition (`caylus.agents.planner`); this module gives them its hooks.
"""

from __future__ import annotations

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


# -- what the planner players (`caylus.agents.planner`) need of this edition ----------------------------------------

FOLLOW_UPS = 4  # the seat's own next decisions played after a move (which cube to pay, a second batch...)
DEALS = 1  # nothing is hidden in this edition: one world


def follow_ups_end(b, start) -> bool:
    """The seat's own follow-ups run on while it is to decide (up to FOLLOW_UPS), within the turn of the move
    (`start`): a move that ends the turn (the last pass at the castle) is not judged with the first placements
    of the next turn, which any other move would reach only later."""
    return b.turn != start.turn


def future_end(b, start, turns: int) -> bool:
    """With `turns`, a future stops once that many turns have begun after `start`'s (`hard`: the board the move
    was chosen on), so that the futures of the moves compared end at the same point of the turn (income paid, no
    worker placed), where the evaluation needs no plan: stopped after a number of decisions instead, a future
    that ends with workers placed and not yet activated counts their plans (`worker_out`) in full against one
    that has banked a turn's gains, and a pass was preferred to a placement or a batch for it."""
    return bool(turns) and b.turn >= start.turn + turns
