"""How a bot values a Caylus Magna Carta position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige so far (castle tokens and buildings) plus what the rest of its position is worth
at this stage of the game: 0 while the castle is full of tokens, 1 when it is nearly empty (the game ends when
the castle's tokens run out). Counted as the rulebook scores and plays:

- Cubes are worth most as castle batches (1 food + 1 wood + 1 stone, gold wild): each batch the seat can give is
  counted at most of the castle token it would take next (4, 3 or 2 prestige), a batch begun (one or two of the
  three kinds) at a smaller share of it, the cubes left over one by one. At the end 3 cubes, 3 deniers or 1 gold
  score 1 prestige; earlier, cubes and deniers build and buy, but deniers beyond a turn's needs only wait to score.
- A worker placed on a card is worth what the card will give its owner when it works (primary effect), and the
  card's owner what the secondary effect gives them, valued at the current weights with the seat's supply now.
  Only cards up to the provost work; a card beyond him counts at a lower weight until phase 3 has moved him.
- Buildings of one's own on the road bring their owner something whenever others work them (and are places for
  one's own workers); how much depends on the card, so each family has its weight, worth nothing at the end.
- An uncovered Residence pays 1 denier a turn and can carry a prestige building. A prestige building turns 3 to 8
  cubes into 6 to 14 prestige (less the Residence's 1 it covers): more a cube than any castle batch. So a seat with
  uncovered Residences first sets aside the cubes of the best prestige buildings it can afford (one a Residence;
  in the beginner rules, which need no Residence, any number), counted at their prestige less the Residence's;
  the best one it cannot afford yet counts at the share of its cost the seat holds. The rest go to batches. A
  Residence a building is ready for no longer counts as one (its income ends once covered), and a worker on a
  Lawyer is worth the Residence with the room it makes for a prestige building, less the card it turns over.
- Cards in hand are buildings to come, but only the first few: a hand the cubes of the next turns cannot build
  gains nothing from another card.
"""

from __future__ import annotations

from caylus.core.valuation import Valuation

from .catalog import (
    BANK, CARDS, CHURCH, FOOD, GATHER, GOLD, GOLD_MINE, LARGE_PRODUCTION, LAWYER, MARKET, NEUTRAL_PEDDLER, PEDDLER,
    PRESTIGE, RESIDENCE_PRESTIGE, SECTION_VALUE, SMALL_PRODUCTION, TRADING_POST,
)
from .rules import (
    ACTIONS_PHASE, BECOMING_RESIDENCE, BUILDING, EFFECTS_PHASE, PROVOST_PHASE, RESIDENCE, Board, afford,
    lawyer_targets,
)
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature. Tried against other values by
# self-play: benchmarks/tune_mc_weights.py (the figures: benchmarks/RESULTS-bots.md, Magna Carta heuristics).
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "deniers": (0.5, 0.34),         # the first USEFUL_DENIERS; late: 1 prestige per 3 deniers
    "spare_deniers": (0.3, 0.34),   # the deniers beyond those: more than a turn's actions need
    "food": (0.5, 0.34),            # cubes not part of a batch; late: 1 prestige per 3 cubes
    "wood": (0.55, 0.34),
    "stone": (0.7, 0.34),
    "gold": (1.5, 1.0),             # late: 1 prestige a gold
    "batches": (0.95, 0.95),        # per prestige point of the castle tokens the seat's batches would take
    "begun": (0.8, 0.5),            # per prestige point of the token a begun batch would take, times its share
    "worker_out": (1.0, 1.0),       # per prestige point a placed worker will bring (its card up to the provost)
    "worker_beyond": (0.3, 0.3),    # the same, for a card beyond the provost before he has been moved
    "hand": (0.4, 0.0),             # cards in hand, the first USEFUL_CARDS: buildings to come
    "spare_cards": (0.0, 0.0),      # the cards beyond those: more than the cubes of a few turns will build
    "residence": (4.0, 1.0),        # an uncovered Residence no prestige building is ready for: +1 denier a turn
    "prestige_ready": (0.95, 0.7),  # per prestige point (less the Residence's) of the prestige buildings affordable
    "prestige_begun": (0.5, 0.2),   # the same, for the best one not yet affordable, times the share of its cost held
    # Own buildings on the road, by family: what others working them (and one's own workers) bring in the turns
    # left.
    "small_production": (0.5, 0.0),
    "large_production": (1.2, 0.0),
    "peddler": (0.6, 0.0),
    "market": (0.8, 0.0),
    "gold_mine": (1.2, 0.0),
    "bank": (1.2, 0.0),
    "church": (1.5, 0.0),
    "lawyer": (1.0, 0.0),
}
FEATURES = tuple(WEIGHTS)

# How far the lookahead levels (`caylus.agents.lookahead`) look in this edition: the best few moves by these
# heuristics (`candidates`), each played on for `horizon` more decisions with every seat playing greedily,
# in `samples` deals of the cards the seat cannot see.
# Chosen by arena: the README's "Strength, measured" and "The ladder", benchmarks/RESULTS-bots.md.
LOOKAHEAD = {
    "normal": {"candidates": 3, "horizon": 8, "samples": 1},
    # Every seat in the futures looks 2 moves 4 ahead itself (`inner`), 12 decisions in 4 deals: a future of
    # players who plan, not of greedy ones, which misled the longer greedy futures against players who look ahead.
    # Heads-up against the greedy-futures `hard` (5 moves, 24 ahead, 4 deals) it won 45, tied 9, lost 23 of 77
    # games, Elo +103 (+29 to +188) (benchmarks/RESULTS-bots.md, "Magna Carta, session 2026-11-27b").
    # `agree`: after 2 deals where every move's futures were the same in both, the other 2 would only repeat them
    # (half of `hard`'s decisions against `style:castle`): the same move at 45 of 45 decisions of 4 recorded games,
    # 0.82x the CPU (benchmarks/RESULTS-bots.md, "Magna Carta, session 2026-11-27d").
    # `turns`: every future is played to where the next turn begins (at most 40 decisions), not cut after 12 in the
    # middle of a turn, with placed workers counted as if they had worked and the provost not yet moved over them:
    # a pass and the deniers kept are weighed against a placement at the same point, the turn played out. Against
    # `style:castle` on the 30 seeds where the 12-decision `hard` won 14.5, it won 23.0 (21/4/5, no pair lost,
    # Elo +207, +107 to +353), better on 15 games and worse on 5, at about a quarter of the CPU a move
    # (benchmarks/RESULTS-bots.md, "Magna Carta, session 2026-11-27e").
    "hard": {"candidates": 5, "horizon": 40, "samples": 4, "inner": {"candidates": 2, "horizon": 4}, "agree": 2,
             "turns": 1},
}
# The game review's futures (`caylus.agents.review`): `hard`'s before it played to the turn's end, 12 decisions,
# the futures REVIEW_LOSS_SCALE below was measured with (review_calibration.py); to follow `hard`'s with a new scale.
REVIEW_HORIZON = {"hard": 12}
# The game review's loss (`caylus.agents.review.loss_scale`): a point of the `hard` reviewer's value lost is
# worth this much final margin when both moves are played on (benchmarks/review_calibration.py, docs/agents.md).
REVIEW_LOSS_SCALE = 0.33
USEFUL_DENIERS = 6  # deniers enough for a turn's actions (4 workers, a card); more are worth less until the end
USEFUL_CARDS = 4  # cards enough to choose what to build with the cubes of the next turns; more only wait
_COLUMN = {name: i for i, name in enumerate(FEATURES)}
_DENIERS, _SPARE, _CUBES, _GOLD = _COLUMN["deniers"], _COLUMN["spare_deniers"], _COLUMN["food"], _COLUMN["gold"]
_BATCHES, _BEGUN = _COLUMN["batches"], _COLUMN["begun"]
_READY, _PRESTIGE_BEGUN = _COLUMN["prestige_ready"], _COLUMN["prestige_begun"]
_OUT, _BEYOND, _HAND, _RESIDENCE = (_COLUMN["worker_out"], _COLUMN["worker_beyond"], _COLUMN["hand"],
                                    _COLUMN["residence"])
_SPARE_CARDS = _COLUMN["spare_cards"]
# The column of each player card's family (neutral cards have no owner).
_FAMILY = tuple(_COLUMN.get(card.effect) for card in CARDS)
_EFFECT = tuple(card.effect for card in CARDS)
_CUBE = tuple(card.cube for card in CARDS)


def stage(b: Board) -> float:
    left = sum(b.castle)
    taken = sum(map(sum, b.tokens)) + sum(b.removed)
    return taken / (left + taken) if left + taken else 1.0


def next_tokens(b: Board) -> list[int]:
    """The values of the castle tokens left, in the order they are taken (Dungeon, Walls, Towers)."""
    key = tuple(b.castle)
    out = _TOKENS.get(key)
    if out is None:
        out = _TOKENS[key] = [value for value, left in zip(SECTION_VALUE, key) for _ in range(left)]
    return out


_TOKENS: dict = {}  # castle tokens left -> their values in order (a few hundred castles at most)


def split_supply(cubes, w, tokens) -> tuple[list[int], int, float]:
    """The seat's cubes as castle batches, the batch they have begun, and cubes left over: (food, wood, stone and
    gold left, prestige of the tokens the whole batches would take, prestige of the token the begun batch would
    take times its share of 3 cubes). Gold stands in for a missing cube (rulebook: gold is wild) where a whole
    batch is worth more than the gold and the cubes on their own."""
    f, wd, s, g = cubes
    points = 0
    k = 0
    for value in tokens:
        missing = (not f) + (not wd) + (not s)
        if missing > g or (missing and w[_BATCHES] * value
                           <= missing * w[_GOLD] + (3 - missing) * value / 3 * w[_BEGUN]):
            break
        f, wd, s, g = (f - 1 if f else f), (wd - 1 if wd else wd), (s - 1 if s else s), g - missing
        points += value
        k += 1
    begun = 0.0
    if k < len(tokens):
        kinds = (f > 0) + (wd > 0) + (s > 0)
        if kinds:
            begun = tokens[k] * kinds / 3
            f, wd, s = f - (f > 0), wd - (wd > 0), s - (s > 0)
    return [f, wd, s, g], points, begun


def split_prestige(cubes, rooms: int, left, standard: bool = True) -> tuple[list[int], int, float, int]:
    """The cubes set aside for prestige buildings: (cubes left, prestige of the buildings the seat can afford now,
    prestige of the best one it cannot times the share of its cost it holds, how many it can afford; standard
    rules: the Residences they will cover, no longer counted as Residences), each building's prestige less the
    Residence it covers (standard rules). `rooms`: how many it may build (its uncovered Residences; in the
    beginner rules, as many as are `left`). The buildings it can afford are taken best first (rulebook: a prestige
    building costs its cubes and gold, gold wild for the others, and covers one of the builder's Residences)."""
    cubes = list(cubes)
    ready = built = 0
    options = sorted(left, key=lambda k: (-PRESTIGE[k].prestige, sum(PRESTIGE[k].cost), k))
    cover = RESIDENCE_PRESTIGE if standard else 0
    while rooms and options:
        k = next((k for k in options if afford(cubes, PRESTIGE[k].cost)), None)
        if k is None:
            break
        _pay(cubes, PRESTIGE[k].cost)
        ready += PRESTIGE[k].prestige - cover
        options.remove(k)
        rooms -= 1
        built += 1
    begun = 0.0
    if rooms:
        for k in options:
            begun = max(begun, (PRESTIGE[k].prestige - cover) * _share(cubes, PRESTIGE[k].cost))
    return cubes, ready, begun, built if standard else 0


def _pay(cubes: list[int], cost) -> None:
    """Take `cost` (which the cubes can pay) out of `cubes`: gold pays the gold and what the other kinds lack."""
    cubes[GOLD] -= cost[GOLD]
    for t in (0, 1, 2):
        paid = min(cubes[t], cost[t])
        cubes[t] -= paid
        cubes[GOLD] -= cost[t] - paid


def _share(cubes, cost) -> float:
    """How much of `cost` the cubes could pay, as a share of its cubes (gold first to its gold, then wild)."""
    gold = min(cubes[GOLD], cost[GOLD])
    spare = cubes[GOLD] - gold
    held = gold
    short = 0
    for t in (0, 1, 2):
        have = min(cubes[t], cost[t])
        held += have
        short += cost[t] - have
    return (held + min(spare, short)) / sum(cost)


def supply_worth(deniers: int, cubes, w, tokens, rooms: int = 0, left=(), standard: bool = True) -> float:
    """What deniers and cubes are worth at the weights `w`, prestige buildings counted first (`split_prestige`,
    `rooms` of them, the prestige buildings `left`), then batches at the tokens they would take."""
    prestige = split_prestige(cubes, rooms, left, standard)
    return _split_worth(deniers, split_supply(prestige[0], w, tokens), prestige, w)


def _split_worth(deniers: int, split, prestige, w) -> float:
    """`supply_worth`, the cubes already split by `split_prestige` and `split_supply` (the Residences the prestige
    buildings will cover counted off)."""
    loose, points, begun = split
    _rest, ready, prestige_begun, covered = prestige
    spare = max(0, deniers - USEFUL_DENIERS)
    return ((deniers - spare) * w[_DENIERS] + spare * w[_SPARE] + loose[0] * w[_CUBES] + loose[1] * w[_CUBES + 1]
            + loose[2] * w[_CUBES + 2] + loose[3] * w[_GOLD] + points * w[_BATCHES] + begun * w[_BEGUN]
            + ready * w[_READY] + prestige_begun * w[_PRESTIGE_BEGUN] - covered * w[_RESIDENCE])


class _Castle:
    """The weights `w` at this stage, the castle tokens and the prestige buildings left, with the supplies already
    split into prestige buildings and batches at them: a bot values many positions of one turn, where the same
    supplies come back again and again."""

    def __init__(self, w, tokens: list[int], left: tuple, standard: bool):
        self.w, self.tokens, self.left, self.standard = w, tokens, left, standard
        self.splits: dict = {}  # (*cubes, rooms) -> (prestige split, batch split) (shared: never changed)
        self.worths: dict = {}  # (deniers, *cubes, rooms) -> supply_worth(...)
        self.effects: dict = {}  # (primary or secondary, card, pool, deniers, *cubes, rooms) -> what working it brings

    def worth(self, deniers: int, cubes, rooms: int) -> float:
        """What these deniers and cubes are worth to a seat that may build `rooms` prestige buildings
        (`supply_worth`)."""
        key = (deniers, *cubes, rooms)
        worth = self.worths.get(key)
        if worth is None:
            if len(self.worths) >= _KEPT:
                self.worths.clear()
            prestige, split = self.split(cubes, rooms)
            worth = self.worths[key] = _split_worth(deniers, split, prestige, self.w)
        return worth

    def split(self, cubes, rooms: int):
        """The cubes as prestige buildings (`split_prestige`) and the rest as castle batches (`split_supply`)."""
        key = (*cubes, rooms)
        split = self.splits.get(key)
        if split is None:
            if len(self.splits) >= _KEPT:
                self.splits.clear()
            prestige = split_prestige(cubes, rooms, self.left, self.standard)
            split = self.splits[key] = (prestige, split_supply(prestige[0], self.w, self.tokens))
        return split


_KEPT = 4096  # supplies (and stages and castles) remembered; beyond, forgotten and worked out again
_CASTLES: dict = {}  # (weights, castle tokens left, prestige buildings left, rules) -> _Castle


def _castle(w, b: Board) -> _Castle:
    key = w, tuple(b.castle), tuple(b.prestige_left), b.standard
    at = _CASTLES.get(key)
    if at is None:
        if len(_CASTLES) >= _KEPT:
            _CASTLES.clear()
        at = _CASTLES[key] = _Castle(w, next_tokens(b), key[2], b.standard)
    return at


def rooms(b: Board) -> list[int]:
    """How many prestige buildings each seat may still build: its uncovered Residences (standard rules), or as many
    as are left (beginner rules: no Residence needed)."""
    if not b.standard:
        return [len(b.prestige_left)] * b.num_players
    out = [0] * b.num_players
    for owner, face in zip(b.road_owner, b.road_face):
        if face == RESIDENCE:
            out[owner] += 1
    return out


def _gain(b: Board, p: int, r: int, at: _Castle, now: float, deniers: int = 0, cube: int = -1, n: int = 1,
          paid: int = -1) -> float:
    """What p (who may build `r` prestige buildings) gains, in prestige, by taking `deniers` (may be negative) and
    `n` cubes of kind `cube`, giving one cube of kind `paid`; `now` is what p's supply is worth as it is."""
    after = list(b.cubes[p])
    if cube >= 0:
        after[cube] += n
    if paid >= 0:
        after[paid] -= 1
    return at.worth(b.deniers[p] + deniers, after, r) - now


def primary_worth(b: Board, i: int, p: int, r: int, at: _Castle, now: float) -> float:
    """What the primary effect of road card i is expected to bring p (the worker's owner, who may build `r`
    prestige buildings), in prestige points; `now` is what p's deniers and cubes are worth (`supply_worth`)."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    money = b.deniers[p]
    if effect == GATHER or effect == SMALL_PRODUCTION:
        return _gain(b, p, r, at, now, cube=_CUBE[card])
    if effect == LARGE_PRODUCTION:
        return _gain(b, p, r, at, now, cube=_CUBE[card], n=2)
    if effect == TRADING_POST:
        return _gain(b, p, r, at, now, deniers=2)
    if effect == GOLD_MINE:
        return _gain(b, p, r, at, now, cube=GOLD)
    if effect == NEUTRAL_PEDDLER or effect == PEDDLER:
        most = min(money, 1 if effect == NEUTRAL_PEDDLER else 2)
        return max([0.0] + [_gain(b, p, r, at, now, deniers=-n, cube=t, n=n)
                            for t in (0, 1, 2) for n in range(1, most + 1)])
    if effect == MARKET:
        return max([0.0] + [_gain(b, p, r, at, now, deniers=4, paid=t) for t in range(4) if b.cubes[p][t]])
    if effect == BANK:
        return max([0.0] + [_gain(b, p, r, at, now, deniers=-price, cube=GOLD, n=n)
                            for n, price in ((1, 1), (2, 3)) if money >= price])
    if effect == CHURCH:
        return _church(b, p, r, at, now, ((1, 2), (2, 5)))
    if effect == LAWYER:
        return _lawyer(b, p, r, at, now)
    return 0.0


def secondary_worth(b: Board, i: int, p: int, r: int, at: _Castle, now: float) -> float:
    """What the secondary effect of road card i is expected to bring p, its owner, when another's worker works it."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    money = b.deniers[p]
    if effect == SMALL_PRODUCTION:
        return _gain(b, p, r, at, now, cube=_CUBE[card]) if b.road_pool[i] else 0.0
    if effect == LARGE_PRODUCTION:
        return _gain(b, p, r, at, now, cube=_CUBE[card])
    if effect == MARKET:
        return _gain(b, p, r, at, now, deniers=1)
    if effect == LAWYER:
        return _gain(b, p, r, at, now, deniers=2)
    if effect == PEDDLER:
        return max([0.0] + [_gain(b, p, r, at, now, deniers=-1, cube=t) for t in (0, 1, 2)]) if money else 0.0
    if effect == GOLD_MINE:
        return max([0.0] + [_gain(b, p, r, at, now, cube=GOLD, paid=t) for t in (0, 1, 2) if b.cubes[p][t]])
    if effect == BANK:
        return max(0.0, _gain(b, p, r, at, now, deniers=-2, cube=GOLD)) if money >= 2 else 0.0
    if effect == CHURCH:
        return _church(b, p, r, at, now, ((1, 3),))
    return 0.0


def _church(b: Board, p: int, r: int, at: _Castle, now: float, offers) -> float:
    """Castle tokens bought with deniers: the best offer (tokens, price) p can pay, or nothing."""
    best = 0.0
    for n, price in offers:
        if b.deniers[p] >= price and len(at.tokens) >= n:
            best = max(best, sum(at.tokens[:n]) + _gain(b, p, r, at, now, deniers=-price))
    return best


def _lawyer(b: Board, p: int, r: int, at: _Castle, now: float) -> float:
    """Turning one of p's road cards into a Residence for 1 food: the Residence's worth and the room it makes for
    a prestige building (p's cubes then counted for one more), less the card's prestige and family worth it loses
    and the food."""
    if not (b.cubes[p][FOOD] or b.cubes[p][GOLD]):
        return 0.0
    targets = lawyer_targets(b, p)
    if not targets:
        return 0.0
    best = None
    for j in targets:
        card = b.road_card[j]
        family = _FAMILY[card]
        lost = CARDS[card].prestige - RESIDENCE_PRESTIGE + (at.w[family] if family is not None else 0.0)
        best = at.w[_RESIDENCE] - lost if best is None else max(best, at.w[_RESIDENCE] - lost)
    after = list(b.cubes[p])
    after[FOOD if after[FOOD] else GOLD] -= 1
    return max(0.0, best + at.worth(b.deniers[p], after, r + 1) - now)


def amounts(b: Board, w: tuple[float, ...] | None = None) -> list[list[float]]:
    """For each seat, one number per feature, in `FEATURES` order (`w`: the weights at this stage,
    `weights(b)`, if the caller has them)."""
    n = b.num_players
    if w is None:
        w = weights(b)
    at = _castle(w, b)
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    for card, owner, face in zip(b.road_card, b.road_owner, b.road_face):
        if owner >= 0:
            if face == BUILDING:
                rows[owner][_FAMILY[card]] += 1
            elif face == RESIDENCE:
                rows[owner][_RESIDENCE] += 1
    room = [int(row[_RESIDENCE]) for row in rows] if b.standard else rooms(b)
    prestige = scores(b)
    for seat in range(n):
        row = rows[seat]
        row[0] = prestige[seat]
        spare = max(0, b.deniers[seat] - USEFUL_DENIERS)
        row[_DENIERS] = b.deniers[seat] - spare
        row[_SPARE] = spare
        (_rest, row[_READY], row[_PRESTIGE_BEGUN], covered), (loose, row[_BATCHES], row[_BEGUN]) = at.split(
            b.cubes[seat], room[seat])
        row[_RESIDENCE] -= covered  # to be covered by the prestige buildings ready: no longer a Residence's worth
        row[_CUBES:_CUBES + 4] = loose
        cards = len(b.hand[seat])
        row[_HAND] = min(cards, USEFUL_CARDS)
        row[_SPARE_CARDS] = cards - row[_HAND]
    _count_workers(b, rows, room, at)
    return rows


def _count_workers(b: Board, rows, room: list[int], at: _Castle) -> None:
    """The workers on the road: what their cards will bring the workers' and the cards' owners when they work."""
    phase = b.phase
    if phase not in (ACTIONS_PHASE, PROVOST_PHASE, EFFECTS_PHASE):
        return
    limit = b.activation_limit()
    start = b.cursor if phase == EFFECTS_PHASE else 0  # phase 4: the cards before the cursor have worked
    cards, owners, workers = b.road_card, b.road_owner, b.road_worker
    for i in range(start, len(cards)):
        p = workers[i]
        if p < 0:
            continue
        if i <= limit:
            column = _OUT
        elif phase == EFFECTS_PHASE:
            break  # the provost has stopped: nothing beyond him works this turn
        else:
            column = _BEYOND
        done = b.step if (phase == EFFECTS_PHASE and i == b.cursor) else 0  # 1: primary done, 2: both
        if done == 0:
            rows[p][column] += _effect_worth(primary_worth, b, i, p, room[p], at)
        owner = owners[i]
        if done <= 1 and owner >= 0 and owner != p and b.road_face[i] in (BUILDING, BECOMING_RESIDENCE):
            rows[owner][column] += _effect_worth(secondary_worth, b, i, owner, room[owner], at)


def _effect_worth(worth, b: Board, i: int, p: int, r: int, at: _Castle) -> float:
    """`worth(b, i, p, r, at, now)` (`primary_worth` or `secondary_worth` of road card i for p, who may build `r`
    prestige buildings), remembered by the card and p's supply: the positions a bot compares differ in one seat's
    move, so the others' workers bring the same again and again. A Lawyer's primary effect depends on p's road
    cards too: worked out each time."""
    card = b.road_card[i]
    if worth is primary_worth and _EFFECT[card] == LAWYER:
        return worth(b, i, p, r, at, at.worth(b.deniers[p], b.cubes[p], r))
    key = (worth, card, b.road_pool[i], b.deniers[p], *b.cubes[p], r)  # the pool: a small production's secondary
    known = at.effects.get(key)
    if known is None:
        if len(at.effects) >= _KEPT:
            at.effects.clear()
        known = at.effects[key] = worth(b, i, p, r, at, at.worth(b.deniers[p], b.cubes[p], r))
    return known


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


# How each feature's change reads after its signed number in a bot's reason ("+1 denier", "-1.5 points ...");
# a plural ending in brackets is added for a number other than 1 (`agents.evaluation.counted`).
GAIN_WORDS = {
    "prestige": "prestige", "deniers": "denier(s)", "food": "food", "wood": "wood", "stone": "stone",
    "gold": "gold", "spare_deniers": "spare denier(s)", "batches": "point(s) of castle batches ready",
    "begun": "point(s) of a castle batch begun", "worker_out": "point(s) your placed workers should bring",
    "worker_beyond": "point(s) your workers beyond the provost might bring", "hand": "card(s) in hand",
    "spare_cards": "card(s) in hand beyond the first few", "residence": "residence(s)",
    "prestige_ready": "point(s) of prestige buildings you can afford",
    "prestige_begun": "point(s) of a prestige building begun",
    "small_production": "wood production building(s) of your own",
    "large_production": "stone production building(s) of your own", "peddler": "Peddler(s) of your own",
    "market": "Market(s) of your own", "gold_mine": "Gold Mine(s) of your own", "bank": "Bank(s) of your own",
    "church": "Church(es) of your own", "lawyer": "Lawyer(s) of your own",
}
