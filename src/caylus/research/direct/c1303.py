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
from . import CACHE, Unusual, number_writer, offsets, ones, word_slots

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
    write_numbers = number_writer([
        *((f"b.{k}", None) for k in ("round", "provost", "journeyman_used", "goldsmith_used")),
        ("len(b.stack)", None), *((f"b.{k}", None) for k in ("step", "k", "begun", "turn", "terminal")),
        ("b.workers", n), ("b.camp", n), ("b.houses", n), ("b.res", len(RESOURCES) * n), ("b.pp", n),
        ("b.bundles", n), ("scores(b)", n)], num, f"caylus-1303, {n} players", {"scores": scores})
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
    # the last buildings, sides, owners, supply, characters and site met (copies) and their slots; the last
    # workers met (copies) and their slots
    last: list = [(None,) * 7, (None, None, None, None)]

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
        cp = game.current_player
        p = phase[b.phase]
        if p < 0 or not 0 <= b.first < n:
            raise Unusual
        top = None
        if stack:
            d, who, _, value = stack[-1]
            top = decision[d]
            if top < 0 or not 0 <= who < n:
                raise Unusual
        # The buildings, their sides and owners, the supply, the characters and the site change a few times a
        # round: their slots are kept, the last ones met first (list comparisons, cheaper than a key of them all),
        # then by content (the site, of varying length, last in the key)
        tile, face, own, supplied, chars, site = b.tile, b.face, b.owner, b.supply, b.chars, b.site
        seen = last[0]  # one read: another thread may replace it
        if (tile == seen[0] and face == seen[1] and own == seen[2] and supplied == seen[3] and chars == seen[4]
                and site == seen[5]):
            laid = seen[6]
        else:
            key = (*tile, *face, *own, *supplied, *chars, *site)
            laid = cache.get(key)
            if laid is None:
                if len(cache) >= CACHE:
                    cache.clear()
                laid = cache[key] = ones(_laid(b))
            last[0] = tile[:], face[:], own[:], supplied[:], chars[:], site[:], laid
        # slots that count (a seat's workers on one building: worker and journeyman), for the last workers met
        worker_on, journeyman_on, site = b.worker_on, b.journeyman_on, b.site_workers
        seen = last[1]
        if worker_on == seen[0] and journeyman_on == seen[1] and site == seen[2]:
            count = seen[3]
        else:
            count = [a + w for a, w in zip(workers, worker_on) if w >= 0]
            count += [a + w for a, w in zip(workers, journeyman_on) if w >= 0]
            count += [site_workers + w for w in site]
            last[1] = worker_on[:], journeyman_on[:], site[:], count
        out[laid[0]] = laid[1]
        # the numbers, the workers and the one-hot slots that change at every move, written one by one (a few
        # each: numpy reads a list of slots slowly)
        v = memoryview(out)
        write_numbers(b, v)
        for a in count:
            v[a] += 1.0
        place = 1  # each seat's place on the guilds' bridge, from 1
        for q in b.passed:
            v[bridge + q] = place
            place += 1
        v[viewer + seat] = 1.0
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            v[current + cp] = 1.0
        v[p] = 1.0
        v[first + b.first] = 1.0
        if top is not None:
            v[top] = 1.0
            v[top_player + who] = 1.0
            v[top_b] = value or 0

    return encode
