"""Caylus (2005) encoded from the board (see `caylus.research.direct`): what `editions.classic.view` shows of each
part, read from the same list of the board (nothing in Caylus is hidden, so every seat sees the same)."""

from __future__ import annotations

from itertools import compress

from caylus.editions.classic.catalog import (
    CUBES, FAVOR_LINES, GATE, JOUST_FIELD, MERCHANTS_GUILD, ROAD_LENGTH, SECTIONS, TILES, TRADING_POST,
)
from caylus.editions.classic.rules import DECISION_NAMES, PHASE_NAMES

from .._extra import need
from . import CACHE, Unusual, offsets, put_numbers, word_slots

np = need("numpy")


def make(enc):
    n = enc.players
    at = offsets(enc)
    seats = range(n)
    # the numbers, in the order `encode` lists them
    num = [at[k] for k in ("terminal", "turn", "provost", "bailiff", "castle.sections_counted",
                           "pending_transformations", "decisions", "engine.step", "engine.sub")]
    num += [at[f"seats.{s}.deniers"] for s in seats]
    num += [at[f"seats.{s}.cubes.{c}"] for s in seats for c in CUBES]  # board: seat * 5 + cube
    num += [at[f"seats.{s}.{k}"] for k in ("prestige", "workers", "houses") for s in seats]
    num += [at[f"seats.{s}.favors.{line}"] for s in seats for line in FAVOR_LINES]  # seat * 4 + line
    num += [at[f"seats.{s}.castle_parts.{part}"] for part in SECTIONS for s in seats]  # section * n + seat
    num += [at[f"seats.{s}.{k}"] for k in ("batches_this_turn", "end_bonus") for s in seats]
    num += [at[f"castle.filled.{part}"] for part in SECTIONS]
    phase = word_slots(enc, "phase", PHASE_NAMES)
    tile_words = [t.id for t in TILES]
    word = word_slots(enc, "road.0.tile", tile_words)
    road_tile = [at[f"road.{i}.tile"] for i in range(ROAD_LENGTH)]
    road_owner = [at[f"road.{i}.owner"] for i in range(ROAD_LENGTH)]
    road_worker = [at[f"road.{i}.worker"] for i in range(ROAD_LENGTH)]
    stock = word_slots(enc, "stock", tile_words)
    if -1 in stock or len(set(stock)) != len(stock) or -1 in word:
        raise ValueError("caylus: every tile needs a word of its own in the encoding's vocabulary")
    word = [s - at["road.0.tile"] for s in word]  # a tile's word's place in the field
    used = [word_slots(enc, f"seats.{s}.favor_lines_used", FAVOR_LINES) for s in seats]
    specials = [(GATE, at["special_buildings.gate"]), (TRADING_POST, at["special_buildings.trading_post"]),
                (MERCHANTS_GUILD, at["special_buildings.merchants_guild"]),
                (JOUST_FIELD, at["special_buildings.joust_field"])]
    inn_left, inn_right = at["special_buildings.inn.left"], at["special_buildings.inn.right"]
    orders = (at["turn_order"], at["passing_order"], at["special_buildings.stables"], at["castle.workers"])
    decision = word_slots(enc, "decisions.-1.kind", DECISION_NAMES)
    top_player, arg0, arg1 = at["decisions.-1.player"], at["decisions.-1.args.0"], at["decisions.-1.args.1"]
    viewer, current, placer = at["viewer"], at["current_player"], at["engine.placer"]
    num = np.array(num, np.intp)
    cache: dict = {}  # the road and stock's one-hot slots, by what the board holds there
    ordered: dict = {}  # the orders' slots and places, by the orders

    def encode(game, seat, out):
        b = game.board
        stack = b.stack
        nums = [b.terminal, b.turn, b.provost, b.bailiff, b.counted, len(b.pending), len(stack), b.step, b.sub]
        nums += b.deniers + b.cubes + b.prestige + b.workers + b.houses + b.favor + b.castle_houses
        nums += b.batches + b.bonus + b.filled
        hot = [viewer + seat]
        cp = game.current_player
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            hot.append(current + cp)
        p = phase[b.phase]
        if p < 0:
            raise Unusual
        hot.append(p)
        # The road's buildings, their owners and the stock change a few times a game: their slots are kept
        key = (*b.road, *b.owner, *b.in_stock)
        built = cache.get(key)
        if built is None:
            if len(cache) >= CACHE:
                cache.clear()
            built = [a + word[t] for a, t in zip(road_tile, b.road[1:]) if t >= 0]
            built += [a + o for a, o in zip(road_owner, b.owner[1:]) if o >= 0]
            built += compress(stock, b.in_stock)
            built = cache[key] = np.array(built, np.intp)
        hot += [a + w for a, w in zip(road_worker, b.worker[1:]) if w >= 0]
        special = b.special
        hot += [a + special[k] for k, a in specials if special[k] >= 0]
        if b.inn_left >= 0:
            hot.append(inn_left + b.inn_left)
        if b.inn_right >= 0:
            hot.append(inn_right + b.inn_right)
        lines = b.lines_used
        for s in seats:
            if lines[s]:
                hot += [used[s][line] for line in range(4) if lines[s] & (1 << line)]
        if not 0 <= b.placer < n:
            if b.placer >= n:
                raise Unusual
        else:
            hot.append(placer + b.placer)
        # The four orders of seats (turn, passing, stables, castle): their slots and places are kept (-1 parts)
        key = (*b.order, -1, *b.passed, -1, *b.stables, -1, *b.castle)
        placed = ordered.get(key)
        if placed is None:
            if len(ordered) >= CACHE:
                ordered.clear()
            place, places = [], []
            for a, seq in zip(orders, (b.order, b.passed, b.stables, b.castle)):
                place += [a + who for who in seq]
                places += range(1, len(seq) + 1)
            placed = ordered[key] = (np.array(place, np.intp), np.array(places, np.float32)) if place else None
        args = None
        if stack:
            kind, who, x, y = stack[-1]
            if decision[kind] < 0:
                raise Unusual
            hot.append(decision[kind])
            if who >= n:
                raise Unusual
            if who >= 0:
                hot.append(top_player + who)
            args = (int(x) if x else 0, int(y) if y else 0)
        put_numbers(out, num, nums)
        out.put(hot, 1.0)
        out.put(built, 1.0)
        if placed is not None:
            out.put(*placed)
        if args is not None:
            out[arg0], out[arg1] = args

    return encode
