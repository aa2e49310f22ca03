"""How a bot values a Caylus 1303 position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige plus what the rest of its position is worth in prestige at this stage of the
game (0 in the first round, 1 in the ninth). Workers are the money of Caylus 1303: they are worth something all
game long; resources build early, and at the end only Gold scores (2 prestige each). Buildings one owns pay
their owner when others use them, so they are worth more the more rounds are left.
"""

from __future__ import annotations

from caylus.core.valuation import STAGES_KEPT, Valuation

from .catalog import (
    BUILD_STONE,
    BUILD_STONE_NO_STONE,
    BUILD_WOOD,
    BUNDLE_PRESTIGE,
    FAVOR,
    GAIN,
    GOLD_PRESTIGE_AT_END,
    KIND_NAMES,
    LAWYER,
    OFFER,
    OFFERS,
    PRINTED_SLOTS,
    TILES,
    TOLL,
)
from .rules import CONSTRUCTION, _can_deliver
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature.
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "workers": (0.55, 0.15),        # workers in the player's supply: they pay for places and buildings
    "food": (0.9, 0.1),
    "wood": (1.0, 0.1),
    "stone": (1.3, 0.1),
    "fabric": (1.3, 0.1),
    "gold": (2.6, float(GOLD_PRESTIGE_AT_END)),
    "wood_building": (2.0, 0.0),    # owned buildings bring their owner something when others use them
    "stone_building": (3.0, 0.0),
    "residence": (1.5, 0.0),        # a residence can carry a monument
    "worker_out": (1.0, 1.0),       # a worker placed on a building that will be activated this round
    "character": (1.2, 0.3),        # a character in hand
}
FEATURES = tuple(WEIGHTS)

# How far the lookahead levels (`caylus.agents.lookahead`) look in this edition: the best few moves by these
# heuristics (`candidates`), each played on for `horizon` more decisions with every seat playing greedily.
# Chosen by arena: the README's "Strength, measured" and "The ladder", benchmarks/RESULTS-bots.md.
# `hard` plays as the planner's search (`"agent"`: `caylus.agents.planner.PlannerSearch` over `planner`): its best
# moves by the end-of-game evaluation, each played on to the end of the round at most with every seat playing the
# planner (benchmarks/RESULTS-bots.md, "Caylus 1303: the planner"); the rollout figures serve `hard:SECONDS` and
# the review.
# `hard:SECONDS`'s searches after `hard`'s own (`agents.planner`, `deeper`): more futures of the same best moves,
# twice as many each time, 4 to 1024 (9 steps: the generic ones, wider and longer, are never reached); the answer
# changes only where another move's futures beat it by 2 standard errors (`planner.MARGIN_ERRORS`).
LEADERS_SAMPLED = [{"samples": 4 * 2 ** k} for k in range(9)]
LOOKAHEAD = {"normal": {"candidates": 3, "horizon": 8},
             "hard": {"candidates": 5, "horizon": 40,
                      # `hard:SECONDS` searches again while it has time (`agents.planner`): more futures of `hard`'s
                      # own 4 best moves only (its own line, then lines where every seat slips), 4 each, then 8, 16
                      # and on, every future as `hard`'s (12 decisions, never past the next round). Of the extra
                      # searches tried by budget (benchmarks/anytime_variants.py, SPRT against `hard`): 4 futures of its 4 best came out level (+20 Elo in 86 games), futures where every
                      # seat looks 2 moves 4 ahead leaned worse; none is shown better yet. Not wider: widening
                      # picked low-ranked moves by margins within the futures' noise;
                      # not longer: futures to the end of the round and past it were never shown better
                      # (benchmarks/RESULTS-bots.md, "anytime, session 2026-11-27c", "-27d" and "-27e").
                      "agent": {"player": "planner-search", "candidates": 4, "horizon": 12,
                                "deeper": LEADERS_SAMPLED}}}
# The game review's loss (`caylus.agents.review.loss_scale`): a point of the `hard` reviewer's value lost is
# worth this much final margin when both moves are played on (benchmarks/review_calibration.py, docs/agents.md).
REVIEW_LOSS_SCALE = 0.33

# What a worker placed on a building is expected to bring when the building is activated, in prestige points.
# Buildings that gain or trade are valued by what they give at the current weights (`_effect_worth`); these are
# the others, and only if the seat has what the building asks for.
EFFECT_WORTH = {
    BUILD_WOOD: 3.0,            # a wood building: its prestige, and a building that pays when others use it
    BUILD_STONE: 4.5,
    BUILD_STONE_NO_STONE: 4.5,
    LAWYER: 1.5,                # a residence: one more worker at every Recruitment
    TOLL: 0.3,                  # moving the provost for free
    FAVOR: 1.5,
}
FAVOR_WORTH = 1.5               # a favor, wherever it comes from
SITE_WORTH = 0.8 * BUNDLE_PRESTIGE  # a worker on the construction site with a bundle to deliver
_KIND_COLUMN = {KIND_NAMES.index("wood"): 7, KIND_NAMES.index("stone"): 8}
_OWNED_COLUMN = tuple(_KIND_COLUMN.get(tile.kind) for tile in TILES)  # by tile: its column once owned, or None
_RESIDENCE_FACE = 2  # catalog.FACE_NAMES: setup, construction, residence


def stage(b) -> float:
    return min(1.0, (b.round - 1) / 8.0)


def amounts(b, w: tuple[float, ...] | None = None) -> list[list[float]]:
    """For each seat, one number per feature, in `FEATURES` order (`w`: the weights at this stage,
    `weights(b)`, if the caller has them)."""
    n = b.n
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for seat in range(n):
        row = rows[seat]
        row[0] = b.pp[seat]
        row[1] = b.workers[seat]
        row[2:7] = b.res[5 * seat:5 * seat + 5]
    tiles, faces = b.tile, b.face
    # The buildings of one's own on the Road.
    for tile, who, face in zip(tiles[PRINTED_SLOTS:], b.owner[PRINTED_SLOTS:], faces[PRINTED_SLOTS:]):
        if tile >= 0 and who >= 0:
            if face == _RESIDENCE_FACE:
                rows[who][9] += 1
            else:
                column = _OWNED_COLUMN[tile]
                if column is not None:
                    rows[who][column] += 1
    # The workers on buildings that will be activated this round (up to the provost).
    at = _worths(weights(b) if w is None else w)
    last = PRINTED_SLOTS + b.provost
    for s, (tile, worker, journeyman) in enumerate(zip(tiles[:last], b.worker_on, b.journeyman_on)):
        if (worker < 0 and journeyman < 0) or tile < 0:
            continue
        t = TILES[tile]
        construction = faces[s] == CONSTRUCTION
        effect = t.construction if construction else t.setup
        worth = at.gains[tile][construction]  # a GAIN effect's worth, the same for every seat (else None)
        for who in (worker, journeyman):
            if who >= 0:
                rows[who][10] += worth if worth is not None else _effect_worth(effect, b, who, at)
    for who in b.site_workers:
        if _can_deliver(b, who):
            rows[who][10] += SITE_WORTH
    for holder in b.chars:
        if 0 <= holder < n:
            rows[holder][11] += 1
    return rows


def _gain_worth(effect, w) -> float:
    """What a GAIN effect brings, at the weights `w`."""
    return sum(n * w[2 + r] for r, n in enumerate(effect.gain)) + effect.workers * w[1] + effect.prestige


def _offer_worth(o, w) -> float:
    """What an answer of an OFFER brings, at the weights `w`, if the seat can pay it."""
    return (sum(n * w[2 + r] for r, n in enumerate(o.gain)) - sum(n * w[2 + r] for r, n in enumerate(o.cost))
            + (o.workers - o.workers_back) * w[1] - o.any_cost * w[2] + o.prestige
            + (FAVOR_WORTH if o.favor else 0.0))


class _Worths:
    """What each effect brings at the weights `w`, as far as that depends on the weights alone: worked out once
    a stage, since the stage takes 9 values in a game and bots value thousands of positions a second."""

    def __init__(self, w):
        self.w = w
        self.favor = FAVOR_WORTH
        effects = {effect for tile in TILES for effect in (tile.setup, tile.construction) if effect is not None}
        self.gain = {effect: _gain_worth(effect, w) for effect in effects if effect.code == GAIN}
        # By tile, its GAIN effects' worths (setup face, construction face; None for another effect).
        self.gains = tuple((self.gain.get(tile.setup), self.gain.get(tile.construction)) for tile in TILES)
        # Each table's answers: the resources each one costs (kind, count), the workers it sends back, the
        # resources of any kind it costs, and its worth.
        self.offers = {name: [(tuple((r, n) for r, n in enumerate(o.cost) if n), o.workers_back, o.any_cost,
                               _offer_worth(o, w)) for o in table.offers]
                       for name, table in OFFERS.items()}
        self.answers: dict = {}  # (offer, Workers, resources) -> _best_answer(...): the same seats ask again and again


_WORTHS: dict = {}  # the weights at a stage -> _Worths
_KEPT_ANSWERS = 4096  # best answers remembered a stage; beyond, forgotten and worked out again


def _worths(w) -> _Worths:
    at = _WORTHS.get(w)
    if at is None or at.favor != FAVOR_WORTH:  # a tuning script may change it
        if len(_WORTHS) >= STAGES_KEPT:
            _WORTHS.clear()
        at = _WORTHS[w] = _Worths(w)
    return at


def _effect_worth(effect, b, p: int, at: _Worths) -> float:
    """What activating `effect` is expected to bring seat `p`, with its resources now and the worths `at`."""
    if effect is None:
        return 0.0
    code = effect.code
    if code == GAIN:
        return at.gain[effect]
    mine = b.res[5 * p:5 * p + 5]
    if code == OFFER:
        workers = b.workers[p]
        key = (effect.offer, workers, *mine)
        worth = at.answers.get(key)
        if worth is None:
            if len(at.answers) >= _KEPT_ANSWERS:
                at.answers.clear()
            worth = at.answers[key] = _best_answer(effect.offer, mine, workers, at)
        return worth
    if code == BUILD_WOOD and not (mine[1] >= 1 and sum(mine[:4]) >= 2):
        return 0.0
    if code == BUILD_STONE and not (mine[2] >= 1 and sum(mine[:4]) >= 2):
        return 0.0
    if code == LAWYER and not mine[3]:
        return 0.0
    return EFFECT_WORTH.get(code, 0.0)


def _best_answer(offer: str, mine, workers: int, at: _Worths) -> float:
    """The worth of the best answer to the table `offer` a seat with the resources `mine` and `workers` Workers
    can pay (nothing if it can pay none, or if all it can pay lose and the table may be left unanswered)."""
    best = None
    for cost, workers_back, any_cost, value in at.offers[offer]:
        if workers < workers_back or (any_cost and sum(mine[:4]) < any_cost):
            continue
        for r, n in cost:
            if mine[r] < n:
                break
        else:  # the seat can pay every resource of the cost
            if best is None or value > best:
                best = value
    if best is None or (OFFERS[offer].optional and best < 0):
        return 0.0
    return best


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


# How each feature's change reads after its signed number in a bot's reason ("+1 denier", "-1.5 points ...");
# a plural ending in brackets is added for a number other than 1 (`agents.evaluation.counted`).
GAIN_WORDS = {
    "prestige": "prestige", "workers": "worker(s)", "food": "food", "wood": "wood", "stone": "stone",
    "fabric": "fabric", "gold": "gold", "wood_building": "wood building(s) of your own",
    "stone_building": "stone building(s) of your own", "residence": "residence(s)", "character": "character(s) in hand",
    "worker_out": "point(s) your placed workers should bring at the activation",
}
