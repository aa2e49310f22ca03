"""A static evaluation of a Caylus 1303 position by what it will be worth at the END of the game, and what the
players that look ahead over it (`style:planner`, `hard`: `caylus.agents.planner`) need of the edition.

The edition's `heuristics` blend an early and a late weight by the round; this evaluation counts instead what is
left to do with each thing a seat holds, from the rulebook:

- prestige points are kept to the end (rules, End of game), and each Gold adds 2 then;
- Food, Wood, Stone and Fabric score nothing at the end: they are worth what they can still buy, a share of a
  bundle (3 different resources with Food: 5 PP, rules p5), of a building or of a Monument, so their worth falls
  as the deliveries left run out;
- Workers pay for placements (rules, Planning): worth something while placements are left, nothing at the end;
- a Wood or Stone building of one's own gains 1 PP each time another player places a worker on it (2 with the
  Steward), and a Stone production building its bonus resource (rules, Stone buildings): worth its income for the
  rounds left;
- a Residence adds a Worker at every Recruitment left (rules p6) and can carry a Monument (4-20 PP);
- a Garden, Granary or Factory adds its recruitment for the rounds left; a character its power for the rounds
  left;
- a worker placed before the Provost is worth what its building will give (a building to construct: its prestige
  and income, less what it costs), a worker on the Construction Site the bundles the seat can deliver.

A seat's value is in end-of-game prestige points; search compares its margin over the best other seat.
"""

from __future__ import annotations

from .catalog import (
    ARCHITECT, BUILD_STONE, BUILD_STONE_NO_STONE, BUILD_WOOD, BUNDLE_PRESTIGE, CHAMBERLAIN, CHARACTERS,
    CONSTRUCTION, DAY_LABORER, DELIVERYMAN, FAVOR, FOREMAN, GAIN, GOLD, GOLD_PRESTIGE_AT_END, GOLDSMITH, LAWYER,
    MONUMENT_FACE, MONUMENT_TILES, OFFER, OWNER_PRESTIGE, PRINTED_SLOTS, RECRUITMENT, RESIDENCE, ROUNDS, SLOTS,
    STEWARD, STEWARD_PRESTIGE, STONE_BUILDING, STONE_TILES, TILES, TOLL, WOOD_BUILDING, WOOD_TILES,
)
from .heuristics import FEATURES, _effect_worth, _worths
from .rules import ACTIVATION, D_DELIVER, DELIVERY, PLANNING, _lawyer_targets

# Food, Wood, Stone and Fabric are worth first the bundles they make (rules p5: 3 different resources, one of them
# Food, 5 PP at the Construction Site), counted at BUNDLE_SHARE of the 5 PP (a worker must still go there and be
# activated); what is left over, a unit at LEFTOVER (what it pays of a building, a Monument or the Tailor).
BUNDLE_SHARE = 0.85
LEFTOVER = (0.7, 1.0, 1.1, 1.1)         # Food, Wood, Stone, Fabric
RESOURCE_WORTH = LEFTOVER               # a unit's worth when a single one is paid (costs, placed workers)
PLENTY = 3                              # left-over units of one kind beyond this are worth SURPLUS of their worth
SURPLUS = 0.5
GOLD_EXTRA = 0.8                        # Gold above its 2 PP while it can still buy a Monument or a Jeweler's PP
WORKER_WORTH = 0.35                     # a Worker while placements are left (beyond MANY_WORKERS, half)
MANY_WORKERS = 8
VISITS = 0.45                           # placements by other players on one's building, per other player a round
FAVOR_WORTH = 2.0                       # a Favor: a Construction Site building's effect and a character
MONUMENT_OPTION = 1.5                   # an uncovered Residence: room for a Monument
TOLL_WORTH = 0.3
CHARACTER_WORTH = {                     # a character's power, prestige points a round left
    "day_laborer": 0.5, "architect": 0.5, "foreman": 0.7, "goldsmith": 0.9, "steward": 0.3,
    "chamberlain": 0.5, "deliveryman": 0.6,
}
DEFAULT_CHARACTER = 0.35
_CHAR_WORTH = tuple(CHARACTER_WORTH.get(c, DEFAULT_CHARACTER) for c in CHARACTERS)
_PRODUCTION_BONUS = tuple(t.owner_bonus for t in TILES)
_BUILDABLE = {WOOD_BUILDING: WOOD_TILES, STONE_BUILDING: STONE_TILES}


class Horizon:
    """How much of the game is left, in the units the worths need (from the round and the phase)."""

    __slots__ = ("placements", "recruits", "deliveries", "later_placements")

    def __init__(self, b):
        left = ROUNDS - b.round
        self.placements = left + (1 if b.phase <= PLANNING else 0)   # Planning phases still to come, this one too
        self.later_placements = left                                 # those after this round
        self.recruits = left                                         # Recruitments that feed a Planning
        self.deliveries = left + (1 if b.phase <= DELIVERY else 0)


class Worths:
    """The worth of a unit of everything at one point of the game (a few dozen such points in a game)."""

    def __init__(self, n: int, placements: int, recruits: int, deliveries: int, later: int):
        use = min(1.0, (deliveries + 0.5) / 2.5) if deliveries else 0.05
        self.resource = tuple(r * use for r in RESOURCE_WORTH)
        self.bundle = BUNDLE_PRESTIGE * BUNDLE_SHARE if deliveries else 0.0
        self.most_bundles = 2 * deliveries  # bundles a seat may still deliver, counted at most
        self.gold = GOLD_PRESTIGE_AT_END + GOLD_EXTRA * min(1.0, deliveries / 3.0)
        self.worker = WORKER_WORTH * min(1.0, placements / 2.0)
        later_worker = WORKER_WORTH * min(1.0, later / 2.0)
        visits = VISITS * (n - 1) ** 0.7   # more players, more visits (fewer spaces each, too)
        self.visits_left = visits * placements
        self.residence = recruits * later_worker + (MONUMENT_OPTION if deliveries or recruits else 0.0)
        self.garden = 2 * recruits * later_worker
        self.characters = tuple(c * placements for c in _CHAR_WORTH)
        self.recruits = recruits
        # The edition's heuristics' weights, in their feature order, for what a placed worker's building gives.
        w = dict.fromkeys(FEATURES, 0.0)
        w.update(prestige=1.0, workers=self.worker, food=self.resource[0], wood=self.resource[1],
                 stone=self.resource[2], fabric=self.resource[3], gold=self.gold)
        self.at = _worths(tuple(w[f] for f in FEATURES))


_WORTHS: dict = {}


def worths(b) -> Worths:
    h = Horizon(b)
    key = (b.n, h.placements, h.recruits, h.deliveries, h.later_placements)
    w = _WORTHS.get(key)
    if w is None:
        w = _WORTHS[key] = Worths(b.n, *key[1:])
    return w


def _stock_worth(units: int, each: float) -> float:
    if units <= PLENTY:
        return units * each
    return (PLENTY + (units - PLENTY) * SURPLUS) * each


def _building_worth(b, p: int, t: int, w: Worths) -> float:
    """What owning the Wood or Stone building `t` still brings seat `p`: the visits of the others for the
    placements left (1 PP each, 2 with the Steward), with a Stone production building's bonus resource."""
    per_visit = STEWARD_PRESTIGE if b.chars[STEWARD] == p else OWNER_PRESTIGE
    bonus = _PRODUCTION_BONUS[t]
    if bonus >= 0:
        per_visit += w.resource[bonus] if bonus < 4 else w.gold
    return w.visits_left * per_visit


def _cost_worth(mine, cost, wild: int, w: Worths) -> float:
    """What paying `cost` and `wild` resources of one's choice takes from a seat holding `mine` (None if it
    cannot pay)."""
    spent = 0.0
    left = list(mine)
    for r, c in enumerate(cost):
        if c:
            if left[r] < c:
                return None
            left[r] -= c
            spent += c * (w.resource[r] if r < 4 else w.gold)
    if wild:
        cheapest = sorted((w.resource[r], r) for r in range(4) for _ in range(left[r]))
        if len(cheapest) < wild:
            return None
        spent += sum(v for v, _r in cheapest[:wild])
    return spent


def _best_construction(b, p: int, kind: int, pay_stone: bool, w: Worths) -> float:
    """The best a worker at a Carpenter or Stonemason can make: a building's prestige and income less its cost."""
    if b.houses[p] <= 0 or -1 not in b.tile:
        return 0.0
    mine = b.res[5 * p:5 * p + 5]
    architect = 1 if b.chars[ARCHITECT] == p else 0
    best = 0.0
    for t in _BUILDABLE[kind]:
        if not b.supply[t]:
            continue
        tile = TILES[t]
        cost = tile.cost
        if not pay_stone:
            cost = tuple(max(0, c - 1) if r == 2 else c for r, c in enumerate(cost))
        spent = _cost_worth(mine, cost, tile.wild, w)
        if spent is None:
            continue
        value = tile.prestige + architect + _building_worth(b, p, t, w) - spent
        if value > best:
            best = value
    return best


def _placed_worth(b, p: int, t: int, face: int, w: Worths) -> float:
    """What seat `p`'s worker on tile `t` (showing `face`) should bring at the activation."""
    tile = TILES[t]
    effect = tile.construction if face == CONSTRUCTION else tile.setup
    if effect is None:
        return 0.0
    code = effect.code
    if code == GAIN:
        # What the resources add to the seat's bundles and stock, with the Workers and prestige.
        mine = b.res[5 * p:5 * p + 4]
        more = [m + g for m, g in zip(mine, effect.gain)]
        chamberlain = b.chars[CHAMBERLAIN] == p
        return (_resources_worth(more, chamberlain, w) - _resources_worth(mine, chamberlain, w)
                + effect.gain[GOLD] * w.gold + effect.workers * w.worker + effect.prestige)
    if code == OFFER:
        return _effect_worth(effect, b, p, w.at)
    if code == BUILD_WOOD:
        return _best_construction(b, p, WOOD_BUILDING, True, w)
    if code == BUILD_STONE:
        return _best_construction(b, p, STONE_BUILDING, True, w)
    if code == BUILD_STONE_NO_STONE:
        return _best_construction(b, p, STONE_BUILDING, False, w)
    if code == LAWYER:
        if b.res[5 * p + 3] and b.houses[p] > 0 and _lawyer_targets(b):
            return max(0.0, w.residence - w.resource[3])
        return 0.0
    if code == TOLL:
        return TOLL_WORTH
    if code == FAVOR:
        return FAVOR_WORTH
    return 0.0


def _delivery_worth(b, p: int, w: Worths) -> float:
    """What the bundles seat `p` can deliver bring beyond the resources they use (rules p5: 5 PP a bundle of 3
    different resources with Food; the Chamberlain any 3; the Foreman +1 a bundle, the Goldsmith +5 once), and
    the Favor for the most bundles."""
    left = list(b.res[5 * p:5 * p + 5])
    per_bundle = BUNDLE_PRESTIGE + (1 if b.chars[FOREMAN] == p else 0)
    goldsmith = b.chars[GOLDSMITH] == p and not b.goldsmith_used
    chamberlain = b.chars[CHAMBERLAIN] == p
    unit = (*w.resource, w.gold)
    total, bundles = 0.0, 0
    while True:
        # The cheapest bundle the seat can make: Food and the two least worth of the other kinds it holds.
        if chamberlain:
            kinds = sorted((unit[r], r) for r in range(5) for _ in range(left[r]))[:3]
            if len(kinds) < 3:
                break
            used = [r for _v, r in kinds]
        else:
            if left[0] < 1:
                break
            others = sorted((unit[r], r) for r in range(1, 5) if left[r] > 0)
            if len(others) < 2:
                break
            used = [0, others[0][1], others[1][1]]
        gain = per_bundle - sum(unit[r] for r in used)
        if goldsmith and GOLD not in used and left[GOLD] > 0:
            pass  # the Goldsmith's bundle with Gold is left to the seat's choice at the delivery
        if gain <= 0:
            break
        for r in used:
            left[r] -= 1
        total += gain
        bundles += 1
    if bundles:
        total += FAVOR_WORTH * 0.5  # the most bundles, often
    return total


def seat_worth(b, p: int, w: Worths | None = None) -> float:
    """What seat `p`'s position is worth at the end of the game, in prestige points (the final score once the
    game is over)."""
    if b.terminal:
        return float(b.pp[p] + GOLD_PRESTIGE_AT_END * b.res[5 * p + GOLD])
    if w is None:
        w = worths(b)
    base = 5 * p
    res = b.res
    workers = b.workers[p]
    if workers > MANY_WORKERS:
        workers = MANY_WORKERS + 0.5 * (workers - MANY_WORKERS)
    value = b.pp[p] + res[base + GOLD] * w.gold + workers * w.worker
    value += _resources_worth(res[base:base + 4], b.chars[CHAMBERLAIN] == p, w)
    return value + _holdings(b, p, w)


def _resources_worth(mine, chamberlain: bool, w: Worths) -> float:
    """Food, Wood, Stone and Fabric: the bundles they make, then each unit left over."""
    left = list(mine)
    bundles = 0
    if w.bundle:
        if chamberlain:
            bundles = min(sum(left) // 3, w.most_bundles)
            taken = 3 * bundles
            for r in range(4):  # the bundles take the least worth units first
                r = (0, 1, 2, 3)[r]
                k = min(left[r], taken)
                left[r] -= k
                taken -= k
        else:
            while bundles < w.most_bundles and left[0] > 0:
                a, b2 = sorted((1, 2, 3), key=lambda r: -left[r])[:2]
                if left[b2] <= 0:
                    break
                left[0] -= 1
                left[a] -= 1
                left[b2] -= 1
                bundles += 1
    value = bundles * w.bundle
    for r in range(4):
        value += _stock_worth(left[r], w.resource[r])
    return value


def _holdings(b, p: int, w: Worths) -> float:
    value = 0.0
    tiles, faces, owners = b.tile, b.face, b.owner
    for s in range(PRINTED_SLOTS, len(tiles)):
        if owners[s] != p or tiles[s] < 0:
            continue
        t, face = tiles[s], faces[s]
        if face == RESIDENCE:
            value += w.residence
        elif face == MONUMENT_FACE:
            tile = TILES[t]
            if tile.recruit_workers:
                value += w.garden
            for r, n in enumerate(tile.recruit):
                if n:
                    value += n * w.recruits * RESOURCE_WORTH[r] * 0.7
        elif TILES[t].kind in (WOOD_BUILDING, STONE_BUILDING):
            value += _building_worth(b, p, t, w)
        else:  # a starting building with the Lawyer's House: a Residence at this round's Stewardship
            value += w.residence
    for c, holder in enumerate(b.chars):
        if holder == p:
            value += w.characters[c]
    if b.phase <= ACTIVATION:
        # The provost may stand past the Road's end (catalog.PROVOST_SPACES_PAST_END): all of it is activated.
        last = min(PRINTED_SLOTS + b.provost, SLOTS)
        for s in range(last):
            if b.worker_on[s] == p or b.journeyman_on[s] == p:
                t = tiles[s]
                if t >= 0:
                    value += _placed_worth(b, p, t, faces[s], w)
    if b.phase <= DELIVERY and _delivers_yet(b, p):
        value += _delivery_worth(b, p, w)
    return value


def _delivers_yet(b, p: int) -> bool:
    """Whether seat `p` still has bundles to decide this round: a worker on the Construction Site (or the
    Deliveryman) whose turn to deliver has not passed (rules p5: in the order of placement, the Deliveryman last)."""
    site = b.site_workers
    deliveryman = b.chars[DELIVERYMAN] == p
    if b.phase < DELIVERY:
        return p in site or deliveryman
    top = b.stack[-1] if b.stack else None
    if top is not None and top[0] == D_DELIVER and top[1] == p:
        return True
    if b.step == 0 and p in site and site.index(p) >= b.k:
        return True
    return deliveryman and b.step <= 1


def values(b) -> list[float]:
    """Every seat's end-of-game worth (`seat_worth`)."""
    if b.terminal:
        return [float(b.pp[p] + GOLD_PRESTIGE_AT_END * b.res[5 * p + GOLD]) for p in range(b.n)]
    w = worths(b)
    return [seat_worth(b, p, w) for p in range(b.n)]


def margin(b, seat: int) -> float:
    """How far `seat` is ahead of the best other seat, by `values`."""
    v = values(b)
    return v[seat] - max(v[:seat] + v[seat + 1:])


# -- what the planner players (`caylus.agents.planner`) need of this edition ----------------------------------------

FOLLOW_UPS = 4   # the seat's own next decisions played on after a move (which resource to pay, the next bundle)
DEALS = 1  # nothing is hidden in this edition: one world


def _new_round(b, start) -> bool:
    return b.round != start.round and b.phase == PLANNING


def follow_ups_end(b, start) -> bool:
    """Follow-ups stop where a new round's Planning begins: that is the next turn, not a consequence of the move
    chosen on `start`."""
    return _new_round(b, start)


def future_end(b, start, turns: int) -> bool:
    """A future stops where a later round's Planning begins (a comparable point for every move: the rounds'
    activations, deliveries and Stewardship played out, nothing of the next round begun): a round is a turn, so
    it stops at the next round's with `turns` 0 or 1, and `turns` rounds on with more (`hard:SECONDS`'s deeper
    searches)."""
    return b.phase == PLANNING and b.round >= start.round + (turns if turns > 1 else 1)
