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
- An uncovered Residence pays 1 denier a turn and can carry a prestige building.
"""

from __future__ import annotations

from caylus.core.valuation import Valuation

from .catalog import (
    BANK, CARDS, CHURCH, FOOD, GATHER, GOLD, GOLD_MINE, LARGE_PRODUCTION, LAWYER, MARKET, NEUTRAL_PEDDLER, PEDDLER,
    RESIDENCE_PRESTIGE, SECTION_VALUE, SMALL_PRODUCTION, TRADING_POST,
)
from .rules import (
    ACTIONS_PHASE, BECOMING_RESIDENCE, BUILDING, EFFECTS_PHASE, PROVOST_PHASE, RESIDENCE, Board, lawyer_targets,
)
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature. Tried against other values by
# self-play: benchmarks/tune_mc_weights.py.
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
    "hand": (0.4, 0.0),             # cards in hand: buildings to come
    "residence": (2.0, 0.3),        # an uncovered Residence: +1 denier a turn, and room for a prestige building
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
USEFUL_DENIERS = 6  # deniers enough for a turn's actions (4 workers, a card); more are worth less until the end
_COLUMN = {name: i for i, name in enumerate(FEATURES)}
_DENIERS, _SPARE, _CUBES, _GOLD = _COLUMN["deniers"], _COLUMN["spare_deniers"], _COLUMN["food"], _COLUMN["gold"]
_BATCHES, _BEGUN = _COLUMN["batches"], _COLUMN["begun"]
_OUT, _BEYOND, _HAND, _RESIDENCE = (_COLUMN["worker_out"], _COLUMN["worker_beyond"], _COLUMN["hand"],
                                    _COLUMN["residence"])
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


def supply_worth(deniers: int, cubes, w, tokens) -> float:
    """What deniers and cubes are worth at the weights `w`, batches counted at the tokens they would take."""
    return _split_worth(deniers, split_supply(cubes, w, tokens), w)


def _split_worth(deniers: int, split, w) -> float:
    """`supply_worth`, the cubes already split by `split_supply`."""
    loose, points, begun = split
    spare = max(0, deniers - USEFUL_DENIERS)
    return ((deniers - spare) * w[_DENIERS] + spare * w[_SPARE] + loose[0] * w[_CUBES] + loose[1] * w[_CUBES + 1]
            + loose[2] * w[_CUBES + 2] + loose[3] * w[_GOLD] + points * w[_BATCHES] + begun * w[_BEGUN])


class _Castle:
    """The weights `w` at this stage and the castle tokens left, with the supplies already split into batches at
    them: a bot values many positions of one turn, where the same supplies come back again and again."""

    def __init__(self, w, tokens: list[int]):
        self.w, self.tokens = w, tokens
        self.splits: dict = {}  # cubes -> split_supply(cubes, w, tokens) (shared: never changed)
        self.worths: dict = {}  # (deniers, *cubes) -> supply_worth(deniers, cubes, w, tokens)
        self.effects: dict = {}  # (primary or secondary, card, pool, deniers, *cubes) -> what working it brings

    def worth(self, deniers: int, cubes) -> float:
        """What these deniers and cubes are worth (`supply_worth`)."""
        key = (deniers, *cubes)
        worth = self.worths.get(key)
        if worth is None:
            if len(self.worths) >= _KEPT:
                self.worths.clear()
            worth = self.worths[key] = _split_worth(deniers, self.split(cubes), self.w)
        return worth

    def split(self, cubes) -> tuple[list[int], int, float]:
        """The cubes as castle batches (`split_supply`)."""
        key = tuple(cubes)
        split = self.splits.get(key)
        if split is None:
            if len(self.splits) >= _KEPT:
                self.splits.clear()
            split = self.splits[key] = split_supply(cubes, self.w, self.tokens)
        return split


_KEPT = 4096  # supplies (and stages and castles) remembered; beyond, forgotten and worked out again
_CASTLES: dict = {}  # (weights, castle tokens left) -> _Castle


def _castle(w, b: Board) -> _Castle:
    key = w, tuple(b.castle)
    at = _CASTLES.get(key)
    if at is None:
        if len(_CASTLES) >= _KEPT:
            _CASTLES.clear()
        at = _CASTLES[key] = _Castle(w, next_tokens(b))
    return at


def _gain(b: Board, p: int, at: _Castle, now: float, deniers: int = 0, cube: int = -1, n: int = 1,
          paid: int = -1) -> float:
    """What p gains, in prestige, by taking `deniers` (may be negative) and `n` cubes of kind `cube`, giving one
    cube of kind `paid`; `now` is what p's supply is worth as it is."""
    after = list(b.cubes[p])
    if cube >= 0:
        after[cube] += n
    if paid >= 0:
        after[paid] -= 1
    return at.worth(b.deniers[p] + deniers, after) - now


def primary_worth(b: Board, i: int, p: int, at: _Castle, now: float) -> float:
    """What the primary effect of road card i is expected to bring p (the worker's owner), in prestige points;
    `now` is what p's deniers and cubes are worth (`supply_worth`)."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    money = b.deniers[p]
    if effect == GATHER or effect == SMALL_PRODUCTION:
        return _gain(b, p, at, now, cube=_CUBE[card])
    if effect == LARGE_PRODUCTION:
        return _gain(b, p, at, now, cube=_CUBE[card], n=2)
    if effect == TRADING_POST:
        return _gain(b, p, at, now, deniers=2)
    if effect == GOLD_MINE:
        return _gain(b, p, at, now, cube=GOLD)
    if effect == NEUTRAL_PEDDLER or effect == PEDDLER:
        most = min(money, 1 if effect == NEUTRAL_PEDDLER else 2)
        return max([0.0] + [_gain(b, p, at, now, deniers=-n, cube=t, n=n)
                            for t in (0, 1, 2) for n in range(1, most + 1)])
    if effect == MARKET:
        return max([0.0] + [_gain(b, p, at, now, deniers=4, paid=t) for t in range(4) if b.cubes[p][t]])
    if effect == BANK:
        return max([0.0] + [_gain(b, p, at, now, deniers=-price, cube=GOLD, n=n)
                            for n, price in ((1, 1), (2, 3)) if money >= price])
    if effect == CHURCH:
        return _church(b, p, at, now, ((1, 2), (2, 5)))
    if effect == LAWYER:
        return _lawyer(b, p, at, now)
    return 0.0


def secondary_worth(b: Board, i: int, p: int, at: _Castle, now: float) -> float:
    """What the secondary effect of road card i is expected to bring p, its owner, when another's worker works it."""
    card = b.road_card[i]
    effect = _EFFECT[card]
    money = b.deniers[p]
    if effect == SMALL_PRODUCTION:
        return _gain(b, p, at, now, cube=_CUBE[card]) if b.road_pool[i] else 0.0
    if effect == LARGE_PRODUCTION:
        return _gain(b, p, at, now, cube=_CUBE[card])
    if effect == MARKET:
        return _gain(b, p, at, now, deniers=1)
    if effect == LAWYER:
        return _gain(b, p, at, now, deniers=2)
    if effect == PEDDLER:
        return max([0.0] + [_gain(b, p, at, now, deniers=-1, cube=t) for t in (0, 1, 2)]) if money else 0.0
    if effect == GOLD_MINE:
        return max([0.0] + [_gain(b, p, at, now, cube=GOLD, paid=t) for t in (0, 1, 2) if b.cubes[p][t]])
    if effect == BANK:
        return max(0.0, _gain(b, p, at, now, deniers=-2, cube=GOLD)) if money >= 2 else 0.0
    if effect == CHURCH:
        return _church(b, p, at, now, ((1, 3),))
    return 0.0


def _church(b: Board, p: int, at: _Castle, now: float, offers) -> float:
    """Castle tokens bought with deniers: the best offer (tokens, price) p can pay, or nothing."""
    best = 0.0
    for n, price in offers:
        if b.deniers[p] >= price and len(at.tokens) >= n:
            best = max(best, sum(at.tokens[:n]) + _gain(b, p, at, now, deniers=-price))
    return best


def _lawyer(b: Board, p: int, at: _Castle, now: float) -> float:
    """Turning one of p's road cards into a Residence for 1 food: the Residence's worth, less the card's prestige
    and family worth it loses."""
    if not (b.cubes[p][FOOD] or b.cubes[p][GOLD]):
        return 0.0
    pay = FOOD if b.cubes[p][FOOD] else GOLD
    best = 0.0
    for j in lawyer_targets(b, p):
        card = b.road_card[j]
        family = _FAMILY[card]
        lost = CARDS[card].prestige - RESIDENCE_PRESTIGE + (at.w[family] if family is not None else 0.0)
        best = max(best, at.w[_RESIDENCE] - lost)
    return best + _gain(b, p, at, now, paid=pay) if best > 0 else 0.0


def amounts(b: Board, w: tuple[float, ...] | None = None) -> list[list[float]]:
    """For each seat, one number per feature, in `FEATURES` order (`w`: the weights at this stage,
    `weights(b)`, if the caller has them)."""
    n = b.num_players
    if w is None:
        w = weights(b)
    at = _castle(w, b)
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    prestige = scores(b)
    for seat in range(n):
        row = rows[seat]
        row[0] = prestige[seat]
        spare = max(0, b.deniers[seat] - USEFUL_DENIERS)
        row[_DENIERS] = b.deniers[seat] - spare
        row[_SPARE] = spare
        loose, row[_BATCHES], row[_BEGUN] = at.split(b.cubes[seat])
        row[_CUBES:_CUBES + 4] = loose
        row[_HAND] = len(b.hand[seat])
    for card, owner, face in zip(b.road_card, b.road_owner, b.road_face):
        if owner >= 0:
            if face == BUILDING:
                rows[owner][_FAMILY[card]] += 1
            elif face == RESIDENCE:
                rows[owner][_RESIDENCE] += 1
    _count_workers(b, rows, at)
    return rows


def _count_workers(b: Board, rows, at: _Castle) -> None:
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
            rows[p][column] += _effect_worth(primary_worth, b, i, p, at)
        owner = owners[i]
        if done <= 1 and owner >= 0 and owner != p and b.road_face[i] in (BUILDING, BECOMING_RESIDENCE):
            rows[owner][column] += _effect_worth(secondary_worth, b, i, owner, at)


def _effect_worth(worth, b: Board, i: int, p: int, at: _Castle) -> float:
    """`worth(b, i, p, at, now)` (`primary_worth` or `secondary_worth` of road card i for p), remembered by the
    card and p's supply: the positions a bot compares differ in one seat's move, so the others' workers bring
    the same again and again. A Lawyer's primary effect depends on p's road cards too: worked out each time."""
    card = b.road_card[i]
    if worth is primary_worth and _EFFECT[card] == LAWYER:
        return worth(b, i, p, at, at.worth(b.deniers[p], b.cubes[p]))
    key = (worth, card, b.road_pool[i], b.deniers[p], *b.cubes[p])  # the pool: a small production's secondary
    known = at.effects.get(key)
    if known is None:
        if len(at.effects) >= _KEPT:
            at.effects.clear()
        known = at.effects[key] = worth(b, i, p, at, at.worth(b.deniers[p], b.cubes[p]))
    return known


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


GAIN_WORDS = {
    "prestige": "prestige", "deniers": "deniers", "food": "food", "wood": "wood", "stone": "stone",
    "gold": "gold", "spare_deniers": "spare deniers", "batches": "prestige of castle batches ready",
    "begun": "prestige of a castle batch begun", "worker_out": "prestige a placed worker brings",
    "worker_beyond": "prestige a worker beyond the provost may bring", "hand": "a card in hand",
    "residence": "a residence", "small_production": "a wood production building of your own",
    "large_production": "a stone production building of your own", "peddler": "a Peddler of your own",
    "market": "a Market of your own", "gold_mine": "a Gold Mine of your own", "bank": "a Bank of your own",
    "church": "a Church of your own", "lawyer": "a Lawyer of your own",
}
