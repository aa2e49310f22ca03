"""Caylus Magna Carta encoded from the board (see `caylus.research.direct`): what `editions.magna_carta.view`
shows the seat of each part, read from the same list of the board. Hidden: the other seats' hands (their sizes
are public) and every deck's order, as in the view."""

from __future__ import annotations

from itertools import chain

from caylus.editions.magna_carta.catalog import CARDS, PRESTIGE, SECTION_VALUE, SECTIONS
from caylus.editions.magna_carta.rules import (
    BECOMING_RESIDENCE, BUILDING, DECISION_NAMES, PHASE_NAMES, RESIDENCE,
)
from caylus.editions.magna_carta.scoring import road_points, scores

from .._extra import need
from . import CACHE, Unusual, offsets, order_places, put_counts, put_numbers, word_slots

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
    slots = [np.array(num + pool[:shown], np.intp) for shown in range(capacity + 1)]
    width = len(num)  # how many numbers the board gives when every seat's lists have their usual length
    scope = dict(
        np=np, CACHE=CACHE, Unusual=Unusual, order_places=order_places, put_counts=put_counts,
        put_numbers=put_numbers, road_points=road_points, scores=scores, n=n, capacity=capacity, card=card,
        owner=owner, worker=worker,
        face=face, phase=phase, hand=hand, decision=decision, slots=slots, width=width, viewer=viewer,
        current=current, first=first, actor=actor, top_player=top_player, top_2=top_2, top_3=top_3,
        provost=provost, bridge=bridge, available=available.__getitem__,
        ordered={},  # the bridge's slots and places, by the order on it
        cache={},  # the road's one-hot slots and each seat's points there, by what the board holds there
    )
    for q in seats:
        scope[f"discard{q}"] = discard[q].__getitem__
        scope[f"front{q}"] = front[q].__getitem__
    v0, v1, v2 = SECTION_VALUE
    # Written out seat by seat for this player count, as `encoder` writes the view's encoder: a loop over the
    # seats, or a chain of their lists, costs about twice as much as naming each seat's list.
    source = _ENCODE.format(
        points=", ".join(f"t[{q}][0] * {v0} + t[{q}][1] * {v1} + t[{q}][2] * {v2} + on_road[{q}]" for q in seats),
        cubes=", ".join(f"*c[{q}]" for q in seats), tokens=", ".join(f"*t[{q}]" for q in seats),
        sizes=", ".join(f"len(h[{q}])" for q in seats) + ", " + ", ".join(f"len(d[{q}])" for q in seats),
        discards=", ".join(f"*map(discard{q}, x[{q}])" for q in seats),
        fronts=", ".join(f"*map(front{q}, x[{q}])" for q in seats))
    exec(compile(source, f"<magna-carta direct encoder, {n} players>", "exec"), scope)
    return scope["encode"]


_ENCODE = """
def encode(game, seat, out):
    b = game.board
    stack = b.stack
    road = b.road_card
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
    t = b.tokens
    x = b.front
    in_front = any(x)
    if b.terminal or in_front:  # the end's cube and denier points, the beginner's prestige in front
        points = scores(b, on_road)
    else:  # what `scores` gives during the game in the standard rules
        points = ({points})
    c, h, d = b.cubes, b.hand, b.deck
    nums = [b.terminal, b.turn, len(road), b.cursor, b.step, len(stack), *b.castle, *b.removed, *b.deniers,
            *b.workers, *b.batches, {cubes}, {tokens}, {sizes}, *points]
    if len(nums) != width:  # a seat's cubes or tokens of an unusual length
        raise Unusual
    nums += b.road_pool[:capacity]  # the road's cards past the encoding's capacity are left out
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
    hot += [a + w for a, w in zip(worker, b.road_worker) if w >= 0]  # zip stops at the encoding's capacity
    top = None
    if stack:
        k, who, y, z = stack[-1]
        if decision[k] < 0 or not who < n:
            raise Unusual
        hot.append(decision[k])
        if who >= 0:
            hot.append(top_player + who)
        top = (y or 0, z or 0)
    # bags: a word may come more than once (map over a list's __getitem__: no comprehension's frame)
    x = b.discard
    count = [*map(available, b.prestige_left), *map(hand[seat].__getitem__, h[seat]), {discards}]
    if in_front:
        x = b.front
        count += ({fronts})
    put_numbers(out, slots[min(len(road), capacity)], nums)
    out.put(laid, 1.0)
    if len(set(count)) == len(count):  # each word once: one put with the one-hot slots
        hot += count
        out.put(hot, 1.0)
    else:
        out.put(hot, 1.0)
        put_counts(out, count)
    if b.provost >= 0:
        out[provost] = 1.0
        out[provost + 1] = b.provost
    if b.bridge:
        out.put(*order_places(ordered, tuple(b.bridge), bridge))
    if top is not None:
        out[top_2], out[top_3] = top
"""
