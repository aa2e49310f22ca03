"""Build Caylus 1303 positions directly on the board, then play tokens through the public `Game` API.

    t = Table(players=4)
    t.give(RED, "journeyman")
    t.resources(RED, food=1, wood=1)
    t.worker("carpenter", RED)
    t.activate()                  # Activation from the City Gate
    t.play("build:wood_quarry")

Seats: 0 Blue, 1 Red, 2 Green, 3 Yellow, 4 Black.
"""

from __future__ import annotations

import caylus
from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import (
    CHARACTERS, CONSTRUCTION, FACE_NAMES, IN_BOX, ON_BOARD, PRINTED_SLOTS, PROVOST_MAX, RESOURCES, SETUP, SLOTS,
    TILES, TILE_ID, WORKERS_PER_COLOR,
)

BLUE, RED, GREEN, YELLOW, BLACK = range(5)
CHAR = {c: i for i, c in enumerate(CHARACTERS)}


class Table:
    """A game whose board the test arranges: no characters, empty road past the 8 starting buildings."""

    def __init__(self, players: int = 4, first: int = BLUE, round_number: int = 1, seed: int = 0, keep_road=False):
        self.game = caylus.new_game("caylus-1303", players=players, seed=seed)
        b = self.b = self.game.board
        b.stack.clear()
        b.chars = [IN_BOX] * 12
        b.first = first
        b.round = round_number
        b.phase = rules.PLANNING
        b.step = 0
        b.k = 0
        if not keep_road:
            # A known Road: the 8 starting buildings in catalog order (no second Farm: the site gets it),
            # nothing else; every Wood and Stone building in the supply.
            starting = [TILE_ID[k] for k in (
                "starting_farm_1", "starting_sawmill", "starting_quarry", "starting_carpenter",
                "starting_market_1", "starting_market_2", "starting_guild_any", "starting_guild_stone")]
            for s in range(PRINTED_SLOTS, SLOTS):
                b.tile[s] = -1
                b.face[s] = SETUP
                b.owner[s] = -1
            for r, t in enumerate(starting):
                b.tile[PRINTED_SLOTS + r] = t
            b.site = (TILE_ID["starting_farm_2"], TILE_ID["wood_manor"], TILE_ID["stone_gold_mine"])
            for t, tile in enumerate(TILES):
                b.supply[t] = tile.kind >= 2 and t not in b.site
        for p in range(players):
            self.resources(p)

    # -- arranging --------------------------------------------------------------------------------------------
    def give(self, p: int, *characters: str) -> "Table":
        for c in characters:
            self.b.chars[CHAR[c]] = p
        return self

    def on_board(self, *characters: str) -> "Table":
        for c in characters:
            self.b.chars[CHAR[c]] = ON_BOARD
        return self

    def resources(self, p: int, food=0, wood=0, stone=0, fabric=0, gold=0) -> "Table":
        self.b.res[5 * p:5 * p + 5] = [food, wood, stone, fabric, gold]
        return self

    def workers(self, p: int, count: int) -> "Table":
        """`count` Workers in front of `p`, the rest of the 15 (not on the board) in the Camp."""
        b = self.b
        placed = b.worker_on.count(p) + b.journeyman_on.count(p) + b.site_workers.count(p)
        b.workers[p] = count
        b.camp[p] = WORKERS_PER_COLOR - count - placed
        return self

    def road(self, index: int, key: str, side: str = "construction", owner: int = -1) -> "Table":
        """Put a tile on Road space `index` (0 = right after the Guilds Bridge)."""
        b = self.b
        s = PRINTED_SLOTS + index
        t = TILE_ID[key]
        b.tile[s] = t
        b.face[s] = FACE_NAMES.index(side)
        b.owner[s] = owner
        b.supply[t] = False
        if owner >= 0:
            b.houses[owner] -= 1
        return self

    def build(self, index: int, key: str, owner: int) -> "Table":
        return self.road(index, key, "construction", owner)

    def slot(self, key: str) -> int:
        return self.b.tile.index(TILE_ID[key])

    def worker(self, key: str, p: int) -> "Table":
        """A worker of `p` on the building named `key` (taken from the Camp, so the hand is unchanged)."""
        b = self.b
        s = self.slot(key)
        if b.worker_on[s] < 0:
            b.worker_on[s] = p
        else:
            b.journeyman_on[s] = p
        b.camp[p] -= 1
        return self

    def site_worker(self, p: int) -> "Table":
        self.b.site_workers.append(p)
        self.b.camp[p] -= 1
        return self

    # -- starting a phase ----------------------------------------------------------------------------------------
    def plan(self) -> "Table":
        """Planning from the start (the Early Riser first, then the first player)."""
        b = self.b
        b.phase, b.step, b.k = rules.PLANNING, 0, 0
        b.passed = []
        return self.go()

    def activate(self, provost: int = PROVOST_MAX, passed=None) -> "Table":
        """Activation from the City Gate; everyone has passed (seat order unless `passed` says otherwise)."""
        b = self.b
        b.passed = list(range(b.n)) if passed is None else list(passed)
        b.provost = provost
        b.phase, b.step, b.k, b.begun = rules.ACTIVATION, 0, 0, False
        return self.go()

    def deliver(self) -> "Table":
        b = self.b
        b.passed = list(range(b.n))
        b.phase, b.step, b.k = rules.DELIVERY, 0, 0
        return self.go()

    def steward(self) -> "Table":
        b = self.b
        b.passed = list(range(b.n))
        rules._start_stewardship(b)
        return self.go()

    def go(self) -> "Table":
        rules.reindex(self.b)  # the rules' bookkeeping, made anew from the arranged board
        rules.run(self.b)
        self.game._begin_here()
        return self

    # -- playing and looking -------------------------------------------------------------------------------------
    def play(self, *tokens: str) -> "Table":
        for token in tokens:
            self.game.apply(token)
        return self

    def skip_bridge(self) -> "Table":
        """Everyone declines to move the Provost at the Guilds Bridge (and the Bailiff, if any)."""
        while self.deciding() == rules.D_PROVOST and self.b.stack[-1][2] in (3, 1):
            self.play("pass")
        return self

    def deciding(self):
        return self.b.stack[-1][0] if self.b.stack and not self.b.terminal else None

    @property
    def who(self) -> int:
        return self.game.current_player

    def legal(self) -> list[str]:
        return self.game.legal_tokens()

    def res(self, p: int) -> dict:
        return {r: self.b.res[5 * p + i] for i, r in enumerate(RESOURCES) if self.b.res[5 * p + i]}

    def pp(self, p: int) -> int:
        return self.b.pp[p]

    def hold(self, p: int, index: int = 22) -> "Table":
        """A stop: `p` on a Jeweler at Road space `index`, holding 1 Gold, so Activation pauses there
        (the Jeweler's offer) instead of running on through Delivery and Stewardship."""
        self.road(index, "stone_jeweler", "construction")
        self.worker("stone_jeweler", p)
        self.b.res[5 * p + 4] = 1
        return self

    def at_hold(self) -> bool:
        b = self.b
        return bool(b.stack) and b.stack[-1][0] == rules.D_OFFER and b.stack[-1][2] == "jeweler"


def tile_key(b, slot: int) -> str | None:
    t = b.tile[slot]
    return TILES[t].key if t >= 0 else None


def road_keys(b) -> list:
    return [tile_key(b, s) for s in range(PRINTED_SLOTS, SLOTS)]


CONSTRUCTION_SIDE = CONSTRUCTION
