"""Caylus Magna Carta encoded from the board (see `caylus.research.direct`): what `editions.magna_carta.view`
shows the seat of each part, read from the same list of the board. Hidden: the other seats' hands (their sizes
are public) and every deck's order, as in the view."""

from __future__ import annotations

from itertools import chain

from caylus.editions.magna_carta.catalog import CARDS, PRESTIGE, SECTIONS
from caylus.editions.magna_carta.rules import (
    BECOMING_RESIDENCE, BUILDING, DECISION_NAMES, PHASE_NAMES, RESIDENCE,
)
from caylus.editions.magna_carta.scoring import road_points, scores

from .._extra import need
from . import CACHE, Unusual, offsets, order_places, put_counts, word_slots

np = need("numpy")

_FACES = {BUILDING: "building", RESIDENCE: "residence", BECOMING_RESIDENCE: "becoming_residence"}


def make(enc):
    n = enc.players
    at = offsets(enc)
    seats = range(n)
    num = [at[k] for k in ("terminal", "turn", "road", "cursor", "step", "stack")]
    num += [at[f"castle.{s}"] for s in SECTIONS] + [at[f"removed_tokens.{s}"] for s in SECTIONS]
    num += [at[f"seats.{p}.{k}"] for k in ("deniers", "workers", "batches") for p in seats]
    num += [at[f"seats.{p}.{k}"] for p in seats for k in ("food", "wood", "stone", "gold")]  # board: cubes[seat]
    num += [at[f"seats.{p}.tokens.{s}"] for p in seats for s in SECTIONS]
    num += [at[f"seats.{p}.{k}"] for k in ("hand_size", "deck_size") for p in seats]
    num += [at[f"scores.{p}"] for p in seats]
    phase = word_slots(enc, "phase", PHASE_NAMES)
    names = [c.name for c in CARDS]
    prestige = [p.name for p in PRESTIGE]
    capacity = sum(1 for f in enc.fields if f.pattern.endswith(".card"))
    card = [word_slots(enc, f"road.{i}.card", names) for i in range(capacity)]
    owner = [at[f"road.{i}.owner"] for i in range(capacity)]
    worker = [at[f"road.{i}.worker"] for i in range(capacity)]
    pool = [at[f"road.{i}.pool"] for i in range(capacity)]
    # a face: BUILDING, RESIDENCE and BECOMING_RESIDENCE are negative, a prestige building's index is not
    faces = {**_FACES, **dict(enumerate(prestige))}
    face = [dict(zip(faces, word_slots(enc, f"road.{i}.face", list(faces.values())))) for i in range(capacity)]
    hand = [word_slots(enc, f"seats.{p}.hand", names) for p in seats]
    discard = [word_slots(enc, f"seats.{p}.discard", names) for p in seats]
    front = [word_slots(enc, f"seats.{p}.prestige_in_front", prestige) for p in seats]
    available = word_slots(enc, "prestige_available", prestige)
    if any(-1 in w for w in chain(card, hand, discard, front, [available])):
        raise ValueError("magna-carta: every card and prestige building needs a word in the encoding's vocabulary")
    decision = word_slots(enc, "stack.-1.0", DECISION_NAMES)
    top_player, top_2, top_3 = at["stack.-1.1"], at["stack.-1.2"], at["stack.-1.3"]
    viewer, current, first, actor = at["viewer"], at["current_player"], at["first_player"], at["actor"]
    provost, bridge = at["provost"], at["bridge"]
    # the numbers' slots followed by the pools of the road's first `shown` spaces, for each `shown`
    num_pool = [np.array(num + pool[:shown], np.intp) for shown in range(capacity + 1)]
    ordered: dict = {}  # the bridge's slots and places, by the order on it
    cache: dict = {}  # the road's one-hot slots and each seat's points there, by what the board holds there

    def encode(game, seat, out):
        b = game.board
        stack = b.stack
        road = b.road_card
        nums = [b.terminal, b.turn, len(road), b.cursor, b.step, len(stack)]
        nums += b.castle + b.removed + b.deniers + b.workers + b.batches
        for c in b.cubes:
            nums += c[:4]
        for t in b.tokens:
            nums += t
        nums += map(len, b.hand)
        nums += map(len, b.deck)
        # The road's cards, owners and faces change a few times a turn: their slots and points are kept
        key = (*road, *b.road_owner, *b.road_face)
        kept = cache.get(key)
        if kept is None:
            if len(cache) >= CACHE:
                cache.clear()
            faces = b.road_face
            shown = min(len(road), capacity)
            laid = [card[i][road[i]] for i in range(shown)]
            laid += [owner[i] + o for i, o in enumerate(b.road_owner[:shown]) if o >= 0]
            laid += [face[i][faces[i]] for i in range(shown)]
            kept = cache[key] = (np.array(laid, np.intp), road_points(b))
        laid, on_road = kept
        nums += scores(b, on_road)
        shown = min(len(road), capacity)  # the road's cards past the encoding's capacity are left out
        nums += b.road_pool[:shown]
        hot = [viewer + seat]
        cp = game.current_player
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            hot.append(current + cp)
        p = phase[b.phase]
        if p < 0 or not 0 <= b.first_player < n or b.actor >= n:
            raise Unusual
        hot.append(p)
        hot.append(first + b.first_player)
        if b.actor >= 0:
            hot.append(actor + b.actor)
        hot += [worker[i] + w for i, w in enumerate(b.road_worker[:shown]) if w >= 0]
        # bags: a word may come more than once (map over a list's __getitem__: no comprehension's frame)
        count = list(map(available.__getitem__, b.prestige_left))
        count += map(hand[seat].__getitem__, b.hand[seat])
        for q in seats:
            count += map(discard[q].__getitem__, b.discard[q])
            count += map(front[q].__getitem__, b.front[q])
        top = None
        if stack:
            d, who, x, y = stack[-1]
            if decision[d] < 0 or not who < n:
                raise Unusual
            hot.append(decision[d])
            if who >= 0:
                hot.append(top_player + who)
            top = (x or 0, y or 0)
        out.put(num_pool[shown], nums)  # put: a little faster than fancy indexing from lists
        out.put(hot, 1.0)
        out.put(laid, 1.0)
        if b.provost >= 0:
            out[provost] = 1.0
            out[provost + 1] = b.provost
        if b.bridge:
            out.put(*order_places(ordered, tuple(b.bridge), bridge))
        if count:
            put_counts(out, count)
        if top is not None:
            out[top_2], out[top_3] = top

    return encode
