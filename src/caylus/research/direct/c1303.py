"""Caylus 1303 encoded from the board (see `caylus.research.direct`): what `editions.c1303.view` shows of each
part, read from the same list of the board (nothing in Caylus 1303 is hidden)."""

from __future__ import annotations

from itertools import compress

from caylus.editions.c1303.catalog import (
    CHARACTERS, FACE_NAMES, IN_BOX, IN_DRAFT, KIND_NAMES, ON_BOARD, PLAYER_NAMES, PRINTED_SLOTS, RESOURCES, SLOTS,
    TILES,
)
from caylus.editions.c1303.rules import DECISION_NAMES, PHASE_NAMES
from caylus.editions.c1303.scoring import scores

from .._extra import need
from . import CACHE, Unusual, offsets, order_places, put_counts, put_numbers, word_slots

np = need("numpy")


def make(enc):
    n = enc.players
    at = offsets(enc)
    seats = range(n)
    if [enc._seat(name) for name in PLAYER_NAMES[:n]] != list(seats):
        raise ValueError("caylus-1303: the encoding names the seats otherwise than the board")
    num = [at[k] for k in ("round", "provost", "journeyman_used", "goldsmith_used", "flow.stack", "flow.step",
                           "flow.k", "flow.begun", "flow.turn", "flow.terminal")]
    num += [at[f"seats.{p}.{k}"] for k in ("workers", "camp", "houses") for p in seats]
    num += [at[f"seats.{p}.resources.{r}"] for p in seats for r in RESOURCES]  # board: 5 * seat + resource
    num += [at[f"seats.{p}.{k}"] for k in ("prestige", "bundles_this_round") for p in seats]
    num += [at[f"scores.{p}"] for p in seats]
    num = np.array(num, np.intp)
    phase = word_slots(enc, "phase", PHASE_NAMES)
    keys = [t.key for t in TILES]
    # each slot of the board (printed buildings, then the road): where its fields start, or None for no field
    slots = [(f"printed.{s}" if s < PRINTED_SLOTS else f"road.{s - PRINTED_SLOTS}") for s in range(SLOTS)]
    building = [word_slots(enc, f"{p}.building", keys) for p in slots]
    kind = [word_slots(enc, f"{p}.kind", [KIND_NAMES[t.kind] for t in TILES]) if f"{p}.kind" in at else None
            for p in slots]
    side = [word_slots(enc, f"{p}.side", FACE_NAMES) if f"{p}.side" in at else None for p in slots]
    owner = [at[f"{p}.owner"] for p in slots]
    workers = [at[f"{p}.workers"] for p in slots]
    site = word_slots(enc, "construction_site.buildings", keys)
    supply = word_slots(enc, "supply", keys)
    if any(-1 in w for w in building + [site, supply]) or len(set(supply)) != len(supply):
        raise ValueError("caylus-1303: every tile needs a word of its own in the encoding's vocabulary")
    site_workers = at["construction_site.workers"]
    holders = {IN_BOX: "box", ON_BOARD: "board", IN_DRAFT: "draft", **dict(enumerate(PLAYER_NAMES))}
    characters = [{h: s for h, s in zip(holders, word_slots(enc, f"characters.{c}", list(holders.values())))}
                  for c in CHARACTERS]
    decision = word_slots(enc, "flow.stack.-1.decision", DECISION_NAMES)
    top_player, top_b = at["flow.stack.-1.player"], at["flow.stack.-1.b"]
    viewer, current, first, bridge = at["viewer"], at["current_player"], at["first_player"], at["guilds_bridge"]
    built = range(SLOTS)
    cache: dict = {}  # `_laid`'s slots, by what the board holds there
    ordered: dict = {}  # the bridge's slots and places, by the passing order

    def _laid(b) -> list:
        tile, face, own = b.tile, b.face, b.owner
        hot = []
        for s in built:
            t = tile[s]
            if t >= 0:
                hot.append(building[s][t])
                if kind[s] is not None:
                    hot.append(kind[s][t])
                    f = side[s][face[s]]
                    if f < 0:
                        raise Unusual
                    hot.append(f)
                if own[s] >= 0:
                    hot.append(owner[s] + own[s])
        hot += [site[t] for t in b.site]
        hot += compress(supply, b.supply)
        chars = b.chars
        for i, where in enumerate(characters):
            slot = where.get(chars[i], -1)
            if slot < 0:
                raise Unusual
            hot.append(slot)
        return hot

    def encode(game, seat, out):
        b = game.board
        stack = b.stack
        nums = [b.round, b.provost, b.journeyman_used, b.goldsmith_used, len(stack), b.step, b.k, b.begun,
                b.turn, b.terminal]
        nums += b.workers + b.camp + b.houses + b.res + b.pp + b.bundles + scores(b)
        hot = [viewer + seat]
        cp = game.current_player
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            hot.append(current + cp)
        p = phase[b.phase]
        if p < 0 or not 0 <= b.first < n:
            raise Unusual
        hot.append(p)
        hot.append(first + b.first)
        # The buildings, their sides and owners, the supply, the characters and the site change a few times a
        # round: their slots are kept (the site, of varying length, last in the key)
        key = (*b.tile, *b.face, *b.owner, *b.supply, *b.chars, *b.site)
        laid = cache.get(key)
        if laid is None:
            if len(cache) >= CACHE:
                cache.clear()
            laid = cache[key] = np.array(_laid(b), np.intp)
        # slots that count (a seat's workers on one building: worker and journeyman)
        count = [a + w for a, w in zip(workers, b.worker_on) if w >= 0]
        count += [a + w for a, w in zip(workers, b.journeyman_on) if w >= 0]
        count += [site_workers + w for w in b.site_workers]
        b_value = None
        if stack:
            d, who, _, value = stack[-1]
            if decision[d] < 0 or not 0 <= who < n:
                raise Unusual
            hot.append(decision[d])
            hot.append(top_player + who)
            b_value = value or 0
        put_numbers(out, num, nums)
        out.put(hot, 1.0)
        out.put(laid, 1.0)
        passed = b.passed
        if passed:
            out.put(*order_places(ordered, tuple(passed), bridge))
        if count:
            put_counts(out, count)
        if b_value is not None:
            out[top_b] = b_value

    return encode
