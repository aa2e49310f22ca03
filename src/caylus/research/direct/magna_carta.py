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
from . import CACHE, Unusual, counted, number_lines, offsets, ones, word_slots

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
    scope = dict(
        np=np, CACHE=CACHE, Unusual=Unusual, ones=ones,
        road_points=road_points, scores=scores, n=n, capacity=capacity, card=card, owner=owner, worker=worker,
        pool=pool, face=face, phase=phase, hand=hand, decision=decision, viewer=viewer, current=current,
        first=first, actor=actor, top_player=top_player, top_2=top_2, top_3=top_3, provost=provost, bridge=bridge,
        available=available.__getitem__,
        cache={},  # the road's one-hot slots and each seat's points there, by what the board holds there
        # the last road met (copies of its cards, owners and faces) and what `cache` keeps of it; the last
        # discard piles, prestige buildings left and in front met (copies) and their bags' counts; the last road
        # pools met (a copy) and their slots and values where not 0; the last workers met (a copy) and their slots;
        # the last position met (its board, game, number of actions and last action), its vector without the
        # seat's own slots (None when not kept) and whether another seat asked for it; whether vectors are kept
        last=[(None, None, None, None), (None, None, None, None), (None, None), (None, None), (None,) * 6, True],
        counted=counted,
    )
    for q in seats:
        scope[f"discard{q}"] = discard[q].__getitem__
        scope[f"front{q}"] = front[q].__getitem__
    v0, v1, v2 = SECTION_VALUE
    # Written out seat by seat for this player count, as `encoder` writes the view's encoder: a loop over the
    # seats, or a chain of their lists, costs about twice as much as naming each seat's list.
    parts = [("b.terminal", None), ("b.turn", None), ("len(road)", None), ("b.cursor", None), ("b.step", None),
             ("len(stack)", None), ("b.castle", len(SECTIONS)), ("b.removed", len(SECTIONS)), ("b.deniers", n),
             ("b.workers", n), ("b.batches", n)]
    parts += [(f"c[{q}]", 4) for q in seats] + [(f"t[{q}]", len(SECTIONS)) for q in seats]
    parts += [(f"len(h[{q}])", None) for q in seats] + [(f"len(d[{q}])", None) for q in seats]
    parts += [("points", n)]
    source = _ENCODE.format(
        points=", ".join(f"t[{q}][0] * {v0} + t[{q}][1] * {v1} + t[{q}][2] * {v2} + on_road[{q}]" for q in seats),
        numbers=number_lines(parts, num, f"magna-carta, {n} players", indent="        "),
        discards=", ".join(f"*map(discard{q}, x[{q}])" for q in seats),
        fronts=", ".join(f"*map(front{q}, x[{q}])" for q in seats))
    exec(compile(source, f"<magna-carta direct encoder, {n} players>", "exec"), scope)
    return scope["encode"]


_ENCODE = """
def encode(game, seat, out):
    b = game.board
    actions = game.history
    # The seats of one position (an observer of every player, PettingZoo's `observe`) share all but their own
    # slots: the vector of the last position met is kept without them. A board changes only through the game's
    # apply and undo, as the game's own cache of legal actions assumes: apply adds an action (and forced moves)
    # to the history, undo puts another board object in place. So the same board object with as many actions,
    # the last one the same, is the same position (the board and game are kept, so their ids are not reused).
    # A learner asks one seat a position (Gymnasium, PettingZoo's `last`): there the copy would be thrown away, so
    # it is kept only while positions are asked for more than one seat: a kept position no other seat asked for
    # turns the keeping off, the next position asked again turns it on.
    met = last[4]  # one read: another thread may replace it
    same = (met[0] is b and met[1] is game and met[2] == len(actions)
            and met[3] is (actions[-1] if actions else None))
    if same and met[4] is not None:
        out[:] = met[4]
        v = memoryview(out)
        met[5][0] = True
    else:
        stack = b.stack
        road = b.road_card
        cp = game.current_player
        p = phase[b.phase]
        if p < 0 or not 0 <= b.first_player < n or b.actor >= n or len(b.road_pool) != len(road):
            raise Unusual
        top = None
        if stack:
            k, who, y, z = stack[-1]
            top = decision[k]
            if top < 0 or not who < n:
                raise Unusual
        # The road's cards, owners and faces change a few times a turn: their slots and points are kept, the last
        # ones met first (one comparison), then by content
        owners, faces = b.road_owner, b.road_face
        seen = last[0]  # one read: another thread may replace it
        if road == seen[0] and owners == seen[1] and faces == seen[2]:
            kept = seen[3]
        else:
            key = (*road, *owners, *faces)
            kept = cache.get(key)
            if kept is None:
                if len(cache) >= CACHE:
                    cache.clear()
                shown = min(len(road), capacity)
                laid = [card[i][road[i]] for i in range(shown)]
                laid += [owner[i] + o for i, o in enumerate(owners[:shown]) if o >= 0]
                laid += [face[i][faces[i]] for i in range(shown)]
                kept = cache[key] = (ones(laid), road_points(b))
            last[0] = road[:], owners[:], faces[:], kept
        laid, on_road = kept
        t = b.tokens
        x = b.front
        in_front = any(x)
        if b.terminal or in_front:  # the end's cube and denier points, the beginner's prestige in front
            points = scores(b, on_road)
        else:  # what `scores` gives during the game in the standard rules
            points = ({points})
        c, h, d = b.cubes, b.hand, b.deck
        # the numbers, one slot at a time through a memoryview (numpy reads a short list of slots slowly)
        v = memoryview(out)
{numbers}
        # bags: a word may come more than once. The prestige buildings left, the discard piles and what is in front
        # of the seats change a few times a turn: their counts are kept for the last ones met
        piles, left = b.discard, b.prestige_left
        seen = last[1]
        if piles == seen[0] and left == seen[1] and x == seen[2]:
            bags = seen[3]
        else:
            x = piles  # (map over a list's __getitem__: no comprehension's frame)
            count = [*map(available, left), {discards}]
            if in_front:
                x = b.front
                count += ({fronts})
            bags = counted(count) if count else None
            last[1] = [pile[:] for pile in piles], left[:], [f[:] for f in b.front], bags
        out[laid[0]] = laid[1]
        if bags is not None:
            out[bags[0]] = bags[1]
        # the road's pools (not 0) and workers, for the last ones met (the road's cards past the encoding's capacity
        # are left out: `zip` stops at the shorter list)
        pools, workers = b.road_pool, b.road_worker
        seen = last[2]
        if pools == seen[0]:
            pooled = seen[1]
        else:
            pooled = [(a, w) for a, w in zip(pool, pools) if w]
            last[2] = pools[:], pooled
        for a, w in pooled:
            v[a] = w
        seen = last[3]
        if workers == seen[0]:
            placed = seen[1]
        else:
            placed = [a + w for a, w in zip(worker, workers) if w >= 0]
            last[3] = workers[:], placed
        for a in placed:
            v[a] = 1.0
        place = 1  # each seat's place on the bridge, from 1
        for q in b.bridge:
            v[bridge + q] = place
            place += 1
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            v[current + cp] = 1.0
        v[p] = 1.0
        v[first + b.first_player] = 1.0
        if b.actor >= 0:
            v[actor + b.actor] = 1.0
        if top is not None:
            v[top] = 1.0
            if who >= 0:
                v[top_player + who] = 1.0
            v[top_2] = y or 0
            v[top_3] = z or 0
        if b.provost >= 0:
            v[provost] = 1.0
            v[provost + 1] = b.provost
        if same:
            keep = last[5] = True
        elif met[4] is not None and not met[5][0]:
            keep = last[5] = False
        else:
            keep = last[5]
        last[4] = (b, game, len(actions), actions[-1] if actions else None, out.copy() if keep else None,
                   [False])  # (whether another seat asked for it)
    # the seat's own slots: who views, and its hand (another seat's hand is hidden)
    v[viewer + seat] = 1.0
    for a in map(hand[seat].__getitem__, b.hand[seat]):
        v[a] += 1.0
"""
