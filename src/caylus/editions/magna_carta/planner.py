"""What a Caylus Magna Carta position will be worth at the END of the game, and what the players that look
ahead over it (`style:planner`: `caylus.agents.planner`) need of the edition.

The edition's `heuristics` blend an early and a late weight by the share of castle tokens taken, tuned by
self-play. This evaluation counts instead what each thing a seat holds will still bring in the turns left (`turns_left`:
the castle's tokens left at the pace they have gone), from the rulebook:

- prestige points (castle tokens, buildings on the road, prestige buildings) are kept to the end;
- at the end 3 cubes, 3 deniers or 1 gold score 1 prestige (rules, End of the game); before, deniers pay for
  workers (1 each) and cards, cubes for buildings and castle batches: worth more than that while turns are left,
  falling to the end-game rate over the last turns;
- a building of one's own earns its owner the secondary effect whenever another player works it, and is a place
  for one's own workers: worth a share of a point for each turn left, nothing at the end;
- an uncovered Residence pays 1 denier a turn (rules, Income) and can carry a prestige building (6 to 14
  prestige for 3 to 8 cubes and gold, the best prestige a cube in the game);
- cards in hand are buildings to come while turns are left to build them;
- in the actions phase, a worker still at home that the seat can pay for is worth what a placement brings on
  average; passing gives that up (rules: a player who passes takes no more actions this turn). Without it,
  passing looks as good as placing a worker whose yield is worth its denier, and a seat places few workers.

The placed workers, castle batches and prestige buildings within reach are counted by the heuristics' own
machinery (`heuristics.amounts`), at the weights of this evaluation. A seat's value is in end-of-game prestige
points; the planner compares its margin over the best other seat, as every bot of the project does.
"""

from __future__ import annotations

from operator import mul

from . import heuristics as H
from .rules import ACTIONS_PHASE, D_ACTION

# Tokens the castle loses in a turn, a seat: the prior for the pace before any turn has been played (each batch
# takes a token; a turn without batches removes 2).
PACE_PRIOR = 0.8
PRIOR_TURNS = 2  # how many turns the prior counts as, against the turns played
ENDING = 3.0  # over the last this many turns, what only buys falls to what it scores at the end

# What a unit is worth, (at the end of the game, while ENDING or more turns are left), in prestige points.
# Deniers at what they score at the end, all game long: valued higher early, the planner kept them (as `hard`
# does) and lost to `greedy` (heads-up, 32 games: 9 wins at 0.65 early, 18.5 at 0.5, 25.5 at 1/3, 18 at 0.28;
# benchmarks/RESULTS-bots.md, "Magna Carta: the planner"). Spent, they bring the cubes of batches and buildings.
DENIER = (1 / 3, 1 / 3)
SPARE_DENIER = (1 / 3, 0.3)  # deniers beyond heuristics.USEFUL_DENIERS: more than a turn's actions need
CUBE = {"food": (1 / 3, 0.6), "wood": (1 / 3, 0.6), "stone": (1 / 3, 0.75)}
GOLD = (1.0, 1.5)
HAND = (0.0, 0.3)  # a card in hand (the first few): a building to come
# A building of one's own on the road, prestige points a turn left: its secondary effect when others work it and
# a place of one's own. Counted for at most MOST_TURNS turns: beyond, the road and the plans change.
TURN_INCOME = {
    "small_production": 0.15, "large_production": 0.4, "peddler": 0.15, "market": 0.3, "gold_mine": 0.4,
    "bank": 0.6, "church": 1.0, "lawyer": 0.3,
}
MOST_TURNS = 4
RESIDENCE_OPTION = 1.0  # an uncovered Residence: room for a prestige building, while turns are left
# Prestige within reach (heuristics' features), (in the last turn, earlier) a prestige point of it. A prestige
# building within reach counts at 3/4: another player may build it first, and built it is certain. A batch begun
# counts its share of the token as a whole batch does: the missing cubes cost 2 deniers each at a Peddler (a
# worker and the cube), less than their share of a token, so each cube of a batch is worth buying on its own
# (counted at 0.5-0.8, the planner passed with 10-30 deniers it could have turned into batches; at 0.95 it won
# 11.5 of 16 against `normal` where it had won 8, benchmarks/RESULTS-bots.md, "Magna Carta, session 2026-11-27b").
REACH = {
    "batches": (0.95, 0.95), "begun": (0.95, 0.95), "worker_out": (1.0, 1.0), "worker_beyond": (0.3, 0.3),
    "prestige_ready": (0.75, 0.75), "prestige_begun": (0.2, 0.4),
}
PLACEMENT = 0.0  # a worker at home the seat can still pay for, in the actions phase: a placement's net yield


def turns_left(b) -> float:
    """How many turns the game should still last, this one included: the castle's tokens left at the pace they
    have gone so far (a prior pace of PACE_PRIOR a seat for the first turns)."""
    left = sum(b.castle)
    if not left:
        return 0.0
    gone = sum(map(sum, b.tokens)) + sum(b.removed)
    played = b.turn - 1
    pace = (gone + PACE_PRIOR * b.num_players * PRIOR_TURNS) / (played + PRIOR_TURNS)
    return max(1.0, left / max(pace, 1.0))


def _blend(worth: tuple[float, float], late: float) -> float:
    end, early = worth
    return end * late + early * (1 - late)


def weights(turns: float) -> tuple[float, ...]:
    """The heuristics' features (`heuristics.FEATURES`), each worth what it should bring to the end with `turns`
    turns left."""
    late = max(0.0, min(1.0, (ENDING - (turns - 1)) / ENDING))  # 0 with ENDING+1 turns left or more, 1 in the last
    after = max(0.0, min(turns - 1, MOST_TURNS))  # the turns after this one a building earns in
    w = {}
    w["prestige"] = 1.0
    # What the heuristics count as prestige within reach, at their own worth (a castle token is 2-4 prestige, a
    # prestige building 6-14, a placed worker what its card brings), nearer certain as the end nears.
    for name in ("batches", "begun", "worker_out", "worker_beyond", "prestige_ready", "prestige_begun"):
        w[name] = _blend(REACH[name], late)
    w["deniers"] = _blend(DENIER, late)
    w["spare_deniers"] = _blend(SPARE_DENIER, late)
    for cube, worth in CUBE.items():
        w[cube] = _blend(worth, late)
    w["gold"] = _blend(GOLD, late)
    w["hand"] = _blend(HAND, late)
    w["spare_cards"] = 0.0
    # A Residence: a denier a turn left, and room for a prestige building while one can still be built.
    w["residence"] = after * w["deniers"] + (RESIDENCE_OPTION if turns > 1 else 0.0)
    for family, income in TURN_INCOME.items():
        w[family] = income * after
    return tuple(w[name] for name in H.FEATURES)


_WEIGHTS: dict[float, tuple[float, ...]] = {}


def _weights_at(turns: float) -> tuple[float, ...]:
    key = round(turns * 4) / 4  # a quarter turn: close enough, and few enough to remember
    w = _WEIGHTS.get(key)
    if w is None:
        w = _WEIGHTS[key] = weights(key)
    return w


def end_values(b) -> list[float]:
    """Each seat's position as the prestige it should end the game with; once the game is over, the final
    scores."""
    if b.terminal:
        return [float(s) for s in H.scores(b)]
    turns = turns_left(b)
    w = _weights_at(turns)
    rows = H.amounts(b, w)
    out = [sum(map(mul, w, row)) for row in rows]
    if b.phase == ACTIONS_PHASE:
        # Workers still at home that the seat can pay for, while it has not passed.
        for p in range(b.num_players):
            if p not in b.bridge:
                out[p] += PLACEMENT * min(b.workers[p], b.deniers[p]) * min(1.0, turns)
    return out


# -- what the planner players (`caylus.agents.planner`) need of this edition ----------------------------------------

def margin(b, seat: int) -> float:
    """How far `seat` is ahead of the best other seat, by `end_values`."""
    values = end_values(b)
    return values[seat] - max(values[:seat] + values[seat + 1:])


# Deals of the cards the seat cannot see that every move is tried in: a card drawn in one deal is luck, not the
# move's worth (one deal made drawing and replacing look good whenever the deal happened to be kind).
DEALS = 4
FOLLOW_UPS = 4  # the seat's own follow-up decisions played after a move (payments, the prestige building's place)


def follow_ups_end(b, start) -> bool:
    """The follow-ups of a move stop at a new action of phase 2: that is the next decision, after the others'."""
    return b.stack[-1][0] == D_ACTION


def future_end(b, start, turns: int) -> bool:
    """With `turns`, a future stops once that many turns have begun after `start`'s."""
    return bool(turns) and b.turn >= start.turn + turns
