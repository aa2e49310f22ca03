"""How a bot values a Caylus (2005) position, in prestige points: every weight in one table, `WEIGHTS`.

A seat's value is its prestige plus what the rest of its position is worth in prestige at this stage of the
game. Each feature has two weights, one for the start of the game and one for its end; in between they blend
by `stage` (0 at the first turn, 1 once the towers are about to be counted). At the end, cubes and deniers are
worth what the end-of-game conversion gives (3 prestige a gold cube, 1 per 3 other cubes, 1 per 4 deniers);
earlier they are worth more, because they build and they make batches for the castle.

Workers standing on the board have not worked yet. `_Turn` plays the rest of the turn on paper, the way the
rulebook orders it (special buildings, then the road up to the provost, then the castle), each seat taking the
best choice at the current weights with the cubes and deniers it will have by then; what each worker brings
is its `worker_out`. So a worker on a carpenter is worth the best building it can pay for (prestige, the
building, less the cubes), and a worker in the castle is worth the batches the seat will have after the road:
5, 4 or 3 prestige each (rules p5), a better count, maybe the best builder's favor, less the cubes given; with
no batch it costs 2 prestige.

`benchmarks/tune_caylus_weights.py` tries a change of these weights by self-play (see benchmarks/RESULTS-bots.md
for what was tried).
"""

from __future__ import annotations

from caylus.core.valuation import Valuation

from .catalog import (
    ALCHEMIST,
    ALCHEMIST_DEALS,
    ARCHITECT,
    BANK,
    BANK_DEALS,
    BUILDABLE,
    CARPENTER,
    CHURCH,
    CHURCH_DEALS,
    CLOTH,
    FOOD,
    GATE,
    GOLD,
    HOUSES,
    JEWELLER,
    JEWELLER_DEALS,
    JOUST_DENIERS,
    JOUST_FIELD,
    LAWYER,
    LAWYER_PRESTIGE,
    MARKET,
    MASON,
    MERCHANTS_GUILD,
    NO_BATCH_PENALTY,
    PEDDLER,
    PRESTIGE,
    PRODUCE,
    RESIDENCE,
    RESIDENCE_DENIERS,
    RESIDENTIAL,
    ROAD_LENGTH,
    SECTION_PARTS,
    SECTION_PRESTIGE,
    STONE_TILE,
    TAILOR,
    TAILOR_DEALS,
    TILES,
    TRADING_POST,
    TRADING_POST_DENIERS,
    WOOD_TILE,
    count_result,
)
from .rules import ACTIVATION, CASTLE_PHASE, D_CASTLE, PROVOST_PHASE, SPECIAL_BUILDINGS
from .scoring import scores

# feature: (worth early, worth late), in prestige points for one unit of the feature.
WEIGHTS = {
    "prestige": (1.0, 1.0),
    "deniers": (0.40, 0.25),      # late: 1 prestige per 4 deniers (the end conversion)
    "food": (1.10, 0.34),         # late: 1 prestige per 3 cubes; early: every batch needs a food cube
    "wood": (1.00, 0.34),
    "stone": (1.30, 0.34),
    "cloth": (1.20, 0.34),
    "gold": (3.40, 3.00),         # late: 3 prestige a gold cube
    "batch": (1.00, 0.0),         # a batch the seat's cubes make (food and two other kinds): castle prestige
    "wood_building": (1.60, 0.0),  # a wood tile on the road: 1 prestige each time another worker uses it
    "stone_building": (2.60, 0.0),  # a stone tile: a bonus cube each time another worker uses it
    "residence": (2.20, 0.0),      # 1 denier of income every turn
    "favor_step": (1.30, 0.30),    # a column gained on a line of the favor table: every later favor pays more
    "castle_count": (0.80, 1.0),   # what the count of the section being built gives the seat (-2..-4, favors)
    "worker_out": (1.00, 1.00),    # what the seat's workers on the board will bring this turn (`_Turn`)
}
FEATURES = tuple(WEIGHTS)
_COLUMN = {name: i for i, name in enumerate(FEATURES)}
_CUBE_COLUMN = _COLUMN["food"]  # the five cube features follow one another, food to gold

# How far the lookahead levels (`caylus.agents.lookahead`) look in this edition: the best few moves by these
# heuristics (`candidates`), each played on for `horizon` more decisions with every seat playing greedily.
# Chosen by arena: the README's "Strength, measured" and "The ladder", benchmarks/RESULTS-bots.md.
# `leaf`: where a future stops, what the workers on the board should still bring (`worker_out`) counts at that
# share of its worth: banked prestige is certain, a plan is not, and counted in full it made `normal` pass at the
# castle (-2) to keep cubes for a worker it sent there again next turn (`agents.evaluation.leaf_values`).
# `hard` plays as the planner's search (`"agent"`: `caylus.agents.planner.PlannerSearch` over `planner`, its 4 best
# moves by the end-of-game evaluation, each played on with every seat playing the planner to the start of the next
# turn after the one it was chosen in, at most 40 decisions: futures that end at one point of the turn, see
# `planner.future_end`); its candidates and horizon here are what the review and `hard:SECONDS` use.
# `hard:SECONDS` searches again while it has time (`agents.planner`, `deeper`), always to the next turn: more
# futures of `hard`'s own 4 best moves (its own line, then lines where every seat slips), twice as many each time,
# 4 to 1024 (9 steps: the generic ones, wider and longer, are never reached), the answer changed only where another
# move's futures beat it by 2 standard errors (`planner.MARGIN_ERRORS`). Not wider, not further turns: in
# Caylus 1303 widening picked low-ranked moves by margins within noise, futures more than a round ahead made
# `hard:4` lose 6 of 8 to `hard:1`, and of the extra searches tried only more futures of the leaders did not
# lean worse than `hard` (level, RESULTS-bots.md "anytime, session 2026-11-27d" and "-27e"; not measured here).
LEADERS_SAMPLED = [{"samples": 4 * 2 ** k} for k in range(9)]
LOOKAHEAD = {"normal": {"candidates": 3, "horizon": 8, "leaf": {"worker_out": 0.6}},
             "hard": {"candidates": 5, "horizon": 40,
                      "agent": {"player": "planner-search", "candidates": 4, "horizon": 40, "turns": 1,
                                "from_decision": True,
                                "deeper": LEADERS_SAMPLED}}}
# The game review's loss (`caylus.agents.review.loss_scale`): a point of the `hard` reviewer's value lost is
# worth this much final margin when both moves are played on (benchmarks/review_calibration.py, docs/agents.md).
REVIEW_LOSS_SCALE = 0.33

FAVOR_WORTH = 2.5         # a royal favor, whichever line it is taken on
GATE_WORTH = 1.0          # the gate's worker goes to any free space later: about a worker placed on it
GUILD_WORTH = 0.5         # moving the provost 1-3 spaces for free
STABLES_WORTH = 0.4       # playing first next turn
INN_WORTH = 0.6           # a worker placed for 1 denier, next turn
BEYOND_PROVOST = 0.5      # in placement, a worker up to 3 spaces past the provost may still be reached, for deniers
# The trade buildings: their deals, what the player pays with and what the player gets (rules p4 f-i).
_TRADES = {CHURCH: (CHURCH_DEALS, "deniers", "prestige"), BANK: (BANK_DEALS, "deniers", "gold"),
           TAILOR: (TAILOR_DEALS, "cloth", "prestige"), JEWELLER: (JEWELLER_DEALS, "gold", "prestige"),
           ALCHEMIST: (ALCHEMIST_DEALS, "cubes", "gold")}
_BUILDS = {CARPENTER: WOOD_TILE, MASON: STONE_TILE, ARCHITECT: PRESTIGE}  # who builds which kind of building
_OWNED_COLUMN = {WOOD_TILE: _COLUMN["wood_building"], STONE_TILE: _COLUMN["stone_building"],
                 RESIDENTIAL: _COLUMN["residence"]}
_BATCH, _FAVOR_STEP, _CASTLE_COUNT, _WORKER_OUT = (_COLUMN[name] for name in
                                                   ("batch", "favor_step", "castle_count", "worker_out"))
PLENTY = 2  # cubes of one kind beyond this many build less: they count half early in the game


def stage(b) -> float:
    """How far the game has gone, 0 to 1: by turns, or by the castle's sections counted if that is further."""
    by_turns, by_counts = (b.turn - 1) / 13.0, b.counted / 3.0
    t = by_turns if by_turns > by_counts else by_counts  # comparisons, not max(): valued thousands of times a second
    return t if t < 1.0 else 1.0


def _diminished(count: int, t: float) -> float:
    """Cubes of one kind, counted as worth: a varied stock builds more than a pile of one kind (early), while
    at the end every cube converts alike."""
    early = count if count <= PLENTY else PLENTY + 0.5 * (count - PLENTY)
    return early * (1 - t) + count * t


def batches(c) -> int:
    """How many batches the cubes `c` (food, wood, stone, cloth, gold) make: each a food cube and two cubes of
    two other different kinds (rules p5)."""
    # The other cubes make at most half their number of pairs of two kinds, and at most as many as there are
    # cubes not of the most plentiful kind; pairing the two most plentiful kinds first reaches both bounds.
    # (Comparisons rather than min() and max(): bots call this tens of thousands of times a second.)
    food, wood, stone, cloth, gold = c
    others = wood + stone + cloth + gold
    most = wood if wood >= stone else stone
    if cloth > most:
        most = cloth
    if gold > most:
        most = gold
    pairs = others // 2
    if others - most < pairs:
        pairs = others - most
    return food if food < pairs else pairs


def _open_section(filled, section: int) -> int:
    """The first section from `section` on with room for a batch (`filled` parts of each), or -1."""
    for k in range(section, len(SECTION_PARTS)):
        if filled[k] < SECTION_PARTS[k]:
            return k
    return -1


def count_worth(section: int, houses: int) -> float:
    """What a section's count gives a seat with `houses` there, in prestige (a favor at `FAVOR_WORTH`)."""
    change, favors = count_result(section, houses)
    return change + favors * FAVOR_WORTH


# Tables by tile: its cost cube by cube; the column it counts in once owned (or None).
_PAID = tuple(tuple(k for k, n in enumerate(tile.cost) for _ in range(n)) for tile in TILES)
_COST = tuple(tuple((k, n) for k, n in enumerate(tile.cost) if n) for tile in TILES)  # (kind, count) paid
_OWNED_BY_TILE = tuple(_OWNED_COLUMN.get(tile.kind) for tile in TILES)
_KEPT_COUNTS = 32  # cube counts whose `_diminished` worth is kept (a seat rarely has more of one kind)
_KEPT_USES = 4096  # building uses remembered a stage (`_Worths.uses`); beyond, forgotten and worked out again


class _Worths:
    """What cubes and deniers are worth at the weights `w` (stage `t`), and the choices that follow from that
    alone: worked out once a stage, since the stage takes few values in a game and bots value thousands of
    positions a second."""

    def __init__(self, t: float, w: tuple[float, ...]):
        self.w = w
        self.plenty, self.favor = PLENTY, FAVOR_WORTH
        self.cube = cube = w[_CUBE_COLUMN:_CUBE_COLUMN + 5]  # by kind, food to gold
        self.denier = w[_COLUMN["deniers"]]
        self.residence = w[_COLUMN["residence"]]
        self.batch = w[_COLUMN["batch"]]
        # The kinds from the one a seat parts with most easily to the dearest (kind order among equal worths).
        self.cheapest_first = tuple(sorted(range(5), key=cube.__getitem__))
        self.cheapest_others = tuple(k for k in self.cheapest_first if k != FOOD)  # a batch's two other cubes
        self.produce = {tile.index: self._produce(tile) for tile in TILES if tile.effect == PRODUCE}
        self.peddler = max(range(4), key=cube.__getitem__)  # the kind a peddler's deniers buy (not gold)
        self.diminished = tuple(_diminished(count, t) for count in range(_KEPT_COUNTS))
        # count_worth(section, houses) by section, then by the seat's houses there (at most all of its houses).
        self.count = tuple(tuple(count_worth(section, houses) for houses in range(HOUSES + 2))
                           for section in range(len(SECTION_PARTS)))
        self.trades = {effect: self._deals(*trade) for effect, trade in _TRADES.items()}
        # What building a tile brings before its cubes: prestige, favors, income, and the tile's own worth (a
        # prestige building replaces a residence).
        self.built = {t: TILES[t].prestige + TILES[t].favors * FAVOR_WORTH + TILES[t].income * self.residence
                      + (w[_OWNED_COLUMN[kind]] if kind in _OWNED_COLUMN else -self.residence)
                      for kind, tiles in BUILDABLE.items() for t in tiles}
        # What using a building did, by (building, the seat's deniers and cubes, the tiles in stock for a builder):
        # (its worth, the cubes and deniers after). The positions a bot compares differ in one seat's move, so
        # the other seats use the same buildings with the same stock again and again.
        self.uses: dict = {}
        self.castle: dict = {}  # the same for a castle worker's batches (`_Turn._give`), by cubes, houses, room

    def _deals(self, deals: dict, pays: str, gets: str) -> tuple[tuple[int, int, float], ...]:
        """A trade building's deals in order: (what one gets, what one pays, the worth of what one gets, less
        what one pays when that does not depend on the seat's cubes: deniers, cloth or gold)."""
        out = []
        for got, paid in deals.items():
            worth = got * (1.0 if gets == "prestige" else self.cube[GOLD])
            if pays == "deniers":
                worth -= paid * self.denier
            elif pays != "cubes":
                worth -= paid * self.cube[CLOTH if pays == "cloth" else GOLD]
            out.append((got, paid, worth))
        return tuple(out)

    def _produce(self, tile) -> tuple[tuple[tuple[int, int], ...], float, int]:
        """A production tile's best choice ((kind, count) of each cube it gives), its worth, and the kind of the
        bonus cube a stone tile's owner takes."""
        cube = self.cube
        best = max(tile.produces, key=lambda got: sum(n * cube[k] for k, n in enumerate(got)))
        bonus = max((k for k, n in enumerate(best) if n), key=cube.__getitem__)
        return tuple((k, n) for k, n in enumerate(best) if n), sum(n * cube[k] for k, n in enumerate(best)), bonus

    def cheapest(self, c, count: int, gold: bool) -> tuple[float, list[int]] | None:
        """The `count` cubes of the stock `c` a seat parts with most easily (gold only if `gold`): their worth
        and kinds, or None if it has fewer."""
        take = []
        for k in self.cheapest_first:
            if len(take) == count:
                break
            if gold or k != GOLD:
                take += [k] * min(c[k], count - len(take))
        if len(take) < count:
            return None
        cube = self.cube
        return sum([cube[k] for k in take]), take


_WORTHS: dict = {}  # (stage, weights) -> _Worths: the levels, the styles and the planner value by different weights
_KEPT_WORTHS = 1024


def _worths(t: float, w: tuple[float, ...]) -> _Worths:
    key = (t, w)
    worths = _WORTHS.get(key)
    # A tuning script may change PLENTY or FAVOR_WORTH.
    if worths is None or worths.plenty != PLENTY or worths.favor != FAVOR_WORTH:
        if len(_WORTHS) >= _KEPT_WORTHS:
            _WORTHS.clear()
        worths = _WORTHS[key] = _Worths(t, w)
    return worths


class _Turn:
    """The rest of this turn on paper, for every seat at once: what each seat's workers will bring
    (`out[seat]`, prestige at the worths `at`), spending and gaining cubes and deniers as they go."""

    def __init__(self, b, at: _Worths):
        self.b, self.at = b, at
        self.w, self.cube, self.denier = at.w, at.cube, at.denier
        n = b.n
        cubes = b.cubes
        self.cubes = [cubes[s * 5:s * 5 + 5] for s in range(n)]
        self.deniers = list(b.deniers)
        self.out = [0.0] * n
        self._specials()
        self._road()
        self._castle()

    def _cheapest(self, seat: int, count: int, gold: bool) -> tuple[float, list[int]] | None:
        """The `count` cubes `seat` parts with most easily (gold only if `gold`): their worth and kinds."""
        return self.at.cheapest(self.cubes[seat], count, gold)

    # -- phase 3 ------------------------------------------------------------------------------------------------
    def _specials(self):
        b = self.b
        if b.phase > SPECIAL_BUILDINGS:
            return
        # Phase 3 runs gate, trading post, guild, joust in order; `step` says which is next (rules p3).
        done = b.step if b.phase == SPECIAL_BUILDINGS else 0
        for i, worth in ((GATE, GATE_WORTH), (MERCHANTS_GUILD, GUILD_WORTH)):
            if b.special[i] >= 0 and done <= i:
                self.out[b.special[i]] += worth
        seat = b.special[TRADING_POST]
        if seat >= 0 and done <= TRADING_POST:
            self.deniers[seat] += TRADING_POST_DENIERS
            self.out[seat] += TRADING_POST_DENIERS * self.denier
        seat = b.special[JOUST_FIELD]
        if seat >= 0 and done <= JOUST_FIELD and self.cubes[seat][CLOTH] and self.deniers[seat] >= JOUST_DENIERS:
            gain = FAVOR_WORTH - self.cube[CLOTH] - JOUST_DENIERS * self.denier
            if gain > 0:  # the joust is optional
                self.cubes[seat][CLOTH] -= 1
                self.deniers[seat] -= JOUST_DENIERS
                self.out[seat] += gain
        for seat in b.stables:
            self.out[seat] += STABLES_WORTH
        if b.inn_left >= 0:
            self.out[b.inn_left] += INN_WORTH

    # -- phase 5 ------------------------------------------------------------------------------------------------
    def _road(self):
        b = self.b
        if b.phase > ACTIVATION:
            return
        placing = b.phase < PROVOST_PHASE
        first = b.step if b.phase == ACTIVATION else 1
        provost = b.provost
        last = min(ROAD_LENGTH, provost + 3) if placing else provost
        road, worker, out = b.road, b.worker, self.out
        for pos in range(first, last + 1):
            seat = worker[pos]
            if seat < 0:
                continue
            tile = TILES[road[pos]]
            gain = self._produce(pos, seat, tile) if tile.effect == PRODUCE else self._activate(seat, tile)
            if pos > provost:
                # Reaching it costs deniers in phase 4, and others may send the provost back.
                gain = BEYOND_PROVOST * gain - (pos - provost) * self.denier
            out[seat] += gain

    def _produce(self, pos: int, seat: int, tile) -> float:
        """What the production building `tile` on `pos` brings `seat` (its best choice at the weights); the owner
        of a stone building takes a bonus cube (rules p3 a)."""
        got, worth, bonus = self.at.produce[tile.index]
        c = self.cubes[seat]
        for k, n in got:
            c[k] += n
        if tile.kind == STONE_TILE:
            owner = self.b.owner[pos]
            if 0 <= owner != seat:
                self.cubes[owner][bonus] += 1
                self.out[owner] += self.cube[bonus]
        return worth

    def _activate(self, seat: int, tile) -> float:
        """What the building `tile`, not a production building, brings `seat` (its best use at the weights),
        changing the seat's stock: as remembered for this stock, else worked out (`_use`)."""
        effect = tile.effect
        c = self.cubes[seat]
        if effect in _BUILDS:
            if not self._may_build(seat, _BUILDS[effect]):
                return 0.0
            key = (tile.index, self.deniers[seat], *c, tuple(self.b.in_stock))
        else:
            key = (tile.index, self.deniers[seat], *c)
        uses = self.at.uses
        known = uses.get(key)
        if known is None:
            if len(uses) >= _KEPT_USES:
                uses.clear()
            gain = self._use(seat, tile)
            uses[key] = gain, c[:], self.deniers[seat]
            return gain
        gain, c[:], self.deniers[seat] = known
        return gain

    def _use(self, seat: int, tile) -> float:
        """What the building `tile`, not a production building, brings `seat` (its best use at the weights),
        changing the seat's stock; a builder's only if `_may_build`."""
        effect = tile.effect
        c = self.cubes[seat]
        if effect in _BUILDS:
            return self._build(seat, _BUILDS[effect])
        if effect == MARKET:
            cheapest = self._cheapest(seat, 1, False)
            if cheapest is None or tile.price * self.denier <= cheapest[0]:
                return 0.0
            c[cheapest[1][0]] -= 1
            self.deniers[seat] += tile.price
            return tile.price * self.denier - cheapest[0]
        if effect == PEDDLER:
            best = self.at.peddler
            gain = self.cube[best] - tile.price * self.denier
            count = min(tile.most, self.deniers[seat] // tile.price) if gain > 0 else 0
            c[best] += count
            self.deniers[seat] -= count * tile.price
            return count * gain
        if effect == LAWYER:
            if not c[CLOTH] or self.deniers[seat] < RESIDENCE_DENIERS:
                return 0.0
            gain = LAWYER_PRESTIGE + self.at.residence - self.cube[CLOTH] - self.denier
            if gain <= 0:
                return 0.0
            c[CLOTH] -= 1
            self.deniers[seat] -= RESIDENCE_DENIERS
            return gain
        if effect in _TRADES:
            return self._trade(seat, effect)
        return 0.0

    def _trade(self, seat: int, effect: int) -> float:
        """The better of a trade building's two deals ({what one gets: what one pays}), if it gains anything
        (rules p4 f-i): pays deniers, cloth, gold or any cubes but gold; gets prestige or gold."""
        _deals, pays, gets = _TRADES[effect]
        c = self.cubes[seat]
        best, best_gain = None, 0.0
        for got, paid, worth in self.at.trades[effect]:  # worth: what it gets, less deniers, cloth or gold paid
            if pays == "deniers":
                given = [] if self.deniers[seat] >= paid else None
                gain = worth
            elif pays == "cubes":
                cheapest = self._cheapest(seat, paid, False)
                given, gain = (None, 0.0) if cheapest is None else (cheapest[1], worth - cheapest[0])
            else:
                k = CLOTH if pays == "cloth" else GOLD
                given = [k] * paid if c[k] >= paid else None
                gain = worth
            if given is None:
                continue
            if gain > best_gain:
                best, best_gain = (got, paid, given), gain
        if best is None:
            return 0.0
        got, paid, given = best
        if pays == "deniers":
            self.deniers[seat] -= paid
        for k in given:
            c[k] -= 1
        if gets == "gold":
            c[GOLD] += got
        return best_gain

    def _may_build(self, seat: int, kind: int) -> bool:
        """Whether the seat may build a building of `kind` at all: a prestige building on a residence of its own;
        the others on a free site, with a house left (rules p4 b)."""
        b = self.b
        if kind == PRESTIGE:
            return any(b.road[p] == RESIDENCE and b.owner[p] == seat for p in range(1, ROAD_LENGTH + 1))
        return b.houses[seat] > 0 and -1 in b.road[1:]

    def _build(self, seat: int, kind: int) -> float:
        """The best building of `kind` the seat can pay for (if it `_may_build`): its prestige and favors, the
        tile's own worth, less the cubes (and, for a prestige building, the residence it replaces) (rules p4 b)."""
        b, c = self.b, self.cubes[seat]
        at = self.at
        built, batch, in_stock = at.built, at.batch, b.in_stock
        made = batches(c)
        charges = {}  # cost -> what paying it takes from the seat (many tiles share a cost)
        best, best_gain = None, 0.0
        for t in BUILDABLE[kind]:
            if not in_stock[t]:
                continue
            tile = TILES[t]
            cost = tile.cost, tile.cost_any
            charge = charges.get(cost, False)
            if charge is False:
                charge = charges[cost] = self._charge(c, tile, made)
            if charge is None:
                continue
            paid, worth, batches_lost = charge
            gain = built[t] - worth - batch * batches_lost
            if gain > best_gain:
                best, best_gain = paid, gain
        if best is None:
            return 0.0
        for k in best:
            c[k] -= 1
        return best_gain

    def _charge(self, c, tile, made: int) -> tuple[list[int], float, int] | None:
        """The cubes the stock `c` pays for `tile` (its cost, then the cheapest for the white cubes), their
        worth and the batches (of `made`) they leave unmade; None if it cannot pay."""
        rest = c[:]
        for k, n in _COST[tile.index]:
            if rest[k] < n:
                return None
            rest[k] -= n
        # The white cube: any kind, even gold, the one the seat parts with most easily.
        extra = self.at.cheapest(rest, tile.cost_any, True)
        if extra is None:
            return None
        paid = list(_PAID[tile.index]) + extra[1]
        for k in extra[1]:
            rest[k] -= 1
        cube = self.cube
        return paid, sum([cube[k] for k in paid]), made - batches(rest)

    # -- phase 6 ------------------------------------------------------------------------------------------------
    def _give(self, c, filled, section: int, houses_there: int, houses: int) -> tuple[float, int]:
        """The batches a castle worker's seat gives from its cubes `c` while there is room (`filled` parts of
        the sections, `section` the one being built, where the seat has `houses_there` houses): their worth
        (the section's prestige and a better count, less the cubes and the batches they no longer make) and
        their number, changing `c` and `filled`. The first batch is mandatory, a second only if it gains."""
        cube, at = self.cube, self.at
        count = at.count[min(section, 2)]  # count_worth(section, houses): used only while section < 3
        gain = 0.0
        made = 0
        while houses > made:
            s = _open_section(filled, section)
            if s < 0 or not c[FOOD]:
                break
            # The two other kinds the seat parts with most easily.
            others = [k for k in at.cheapest_others if c[k]]
            if len(others) < 2:
                break
            before = batches(c)
            c[FOOD] -= 1
            c[others[0]] -= 1
            c[others[1]] -= 1
            worth = (SECTION_PRESTIGE[s] - cube[FOOD] - cube[others[0]] - cube[others[1]]
                     - at.batch * (before - batches(c)))
            if s == section:
                worth += count[houses_there + 1] - count[houses_there]
            if worth <= 0 and made:  # a second batch is optional
                c[FOOD] += 1
                c[others[0]] += 1
                c[others[1]] += 1
                break
            if s == section:
                houses_there += 1
            filled[s] += 1
            made += 1
            gain += worth
        return gain, made

    def _castle(self):
        """The castle's workers give batches in arrival order while there is room (rules p5); the one who gave
        most gains a favor; a worker with no batch costs 2 prestige."""
        b = self.b
        if b.phase > CASTLE_PHASE or not b.castle:
            return
        filled = list(b.filled)
        section = b.counted
        given = {seat: b.batches[seat] for seat in b.castle}
        top = b.stack[-1] if b.stack else None
        for i, seat in enumerate(b.castle):
            if b.phase == CASTLE_PHASE and i < b.step - 1:
                continue  # done
            if b.phase == CASTLE_PHASE and i == b.step - 1 and not (top and top[0] == D_CASTLE and top[1] == seat):
                continue  # done
            c = self.cubes[seat]
            houses_there = b.castle_houses[min(section, 2) * b.n + seat]
            # What the seat's batches bring depends on its cubes and houses and the room left: remembered.
            key = (*c, b.houses[seat], houses_there, section, *filled)
            known = self.at.castle.get(key)
            if known is None:
                if len(self.at.castle) >= _KEPT_USES:
                    self.at.castle.clear()
                gain, made = self._give(c, filled, section, houses_there, b.houses[seat])
                self.at.castle[key] = gain, made, c[:], filled[:]
            else:
                gain, made, c[:], filled[:] = known
            given[seat] += made
            if given[seat] == 0 and _open_section(filled, section) >= 0:
                gain -= NO_BATCH_PENALTY
            self.out[seat] += gain
        best, most = -1, 0
        for seat in b.castle:  # arrival order breaks ties
            if given[seat] > most:
                best, most = seat, given[seat]
        if best >= 0:
            self.out[best] += FAVOR_WORTH


def amounts(b, w: tuple[float, ...] | None = None) -> list[list[float]]:
    """The raw amounts the weights multiply: for each seat, one number per feature, in `FEATURES` order (`w`:
    the weights at this stage, `weights(b)`, if the caller has them)."""
    n = b.n
    t = stage(b)
    at = _worths(t, weights(b) if w is None else w)
    out = _Turn(b, at).out
    diminished = at.diminished
    rows = [[0.0] * len(FEATURES) for _ in range(n)]
    section = min(b.counted, 2)
    counting = b.counted < 3
    count = at.count[section]
    cubes, prestige, deniers, favor, houses = b.cubes, b.prestige, b.deniers, b.favor, b.castle_houses
    try:
        worths = [diminished[k] for k in cubes]  # every seat's cubes, 5 a seat
    except IndexError:  # more cubes of a kind than the table holds
        worths = [_diminished(k, t) for k in cubes]
    for seat, row in enumerate(rows):
        c = cubes[seat * 5:seat * 5 + 5]
        row[0] = prestige[seat]
        row[1] = deniers[seat]
        row[_CUBE_COLUMN:_CUBE_COLUMN + 5] = worths[seat * 5:seat * 5 + 5]
        row[_BATCH] = batches(c)
        row[_FAVOR_STEP] = sum(favor[seat * 4:seat * 4 + 4])
        if counting:
            row[_CASTLE_COUNT] = count[houses[section * n + seat]]
        row[_WORKER_OUT] = out[seat]
    for tile, seat in zip(b.road[1:], b.owner[1:]):
        if tile >= 0 and seat >= 0:
            column = _OWNED_BY_TILE[tile]
            if column is not None:
                rows[seat][column] += 1
    return rows


_VALUATION = Valuation(WEIGHTS, stage, amounts, scores)
weights, parts, evaluate = _VALUATION.weights, _VALUATION.parts, _VALUATION.evaluate


# How each feature's change reads after its signed number in a bot's reason ("+1 denier", "-1.5 points ...");
# a plural ending in brackets is added for a number other than 1 (`agents.evaluation.counted`).
GAIN_WORDS = {
    "prestige": "prestige", "deniers": "denier(s)", "food": "food", "wood": "wood", "stone": "stone",
    "cloth": "cloth", "gold": "gold", "batch": "batch(es) for the castle",
    "wood_building": "wood building(s) of your own",
    "stone_building": "stone building(s) of your own", "residence": "residence(s) (1 denier a turn)",
    "favor_step": "step(s) on the favor table", "castle_count": "point(s) of prestige or favors at the castle's count",
    "worker_out": "point(s) your placed workers should bring this turn",
}
