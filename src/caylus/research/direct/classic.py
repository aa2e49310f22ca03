"""Caylus (2005) encoded from the board (see `caylus.research.direct`): what `editions.classic.view` shows of each
part, read from the same list of the board (nothing in Caylus is hidden, so every seat sees the same)."""

from __future__ import annotations

from itertools import compress

from caylus.editions.classic.catalog import (
    CUBES, FAVOR_LINES, GATE, JOUST_FIELD, MERCHANTS_GUILD, ROAD_LENGTH, SECTIONS, TILES, TRADING_POST,
)
from caylus.editions.classic.rules import DECISION_NAMES, PHASE_NAMES

from .._extra import need
from . import CACHE, Unusual, number_writer, offsets, ones, word_slots

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
    turn_order, passing = at["turn_order"], at["passing_order"]
    stables, castle = at["special_buildings.stables"], at["castle.workers"]
    decision = word_slots(enc, "decisions.-1.kind", DECISION_NAMES)
    top_player, arg0, arg1 = at["decisions.-1.player"], at["decisions.-1.args.0"], at["decisions.-1.args.1"]
    viewer, current, placer_at = at["viewer"], at["current_player"], at["engine.placer"]
    write_numbers = number_writer([
        ("b.terminal", None), ("b.turn", None), ("b.provost", None), ("b.bailiff", None), ("b.counted", None),
        ("len(b.pending)", None), ("len(b.stack)", None), ("b.step", None), ("b.sub", None),
        ("b.deniers", n), ("b.cubes", 5 * n), ("b.prestige", n), ("b.workers", n), ("b.houses", n),
        ("b.favor", 4 * n), ("b.castle_houses", len(SECTIONS) * n), ("b.batches", n), ("b.bonus", n),
        ("b.filled", len(SECTIONS))], num, f"caylus, {n} players")
    cache: dict = {}  # the road and stock's one-hot slots, by what the board holds there
    # the last road, owners and stock met (copies) and their slots; the last workers on the road and theirs
    last: list = [(None, None, None, None), (None, None)]

    def encode(game, seat, out):
        b = game.board
        stack = b.stack
        # what the view path would encode otherwise (or refuse) is found before anything is written
        p = phase[b.phase]
        placer = b.placer
        if p < 0 or placer >= n:
            raise Unusual
        top = None
        if stack:
            kind, who, x, y = stack[-1]
            top = decision[kind]
            if top < 0 or who >= n:
                raise Unusual
            args = (int(x) if x else 0, int(y) if y else 0)
        # The road's buildings, their owners and the stock change a few times a game: their slots are kept, the
        # last ones met first (list comparisons, cheaper than a key of them all), then by content
        road, owners, in_stock = b.road, b.owner, b.in_stock
        seen = last[0]  # one read: another thread may replace it
        if road == seen[0] and owners == seen[1] and in_stock == seen[2]:
            built = seen[3]
        else:
            key = (*road, *owners, *in_stock)
            built = cache.get(key)
            if built is None:
                if len(cache) >= CACHE:
                    cache.clear()
                built = [a + word[t] for a, t in zip(road_tile, road[1:]) if t >= 0]
                built += [a + o for a, o in zip(road_owner, owners[1:]) if o >= 0]
                built += compress(stock, in_stock)
                built = cache[key] = ones(built)
            last[0] = road[:], owners[:], in_stock[:], built
        # the workers on the road: their slots, for the last placement met
        worker = b.worker
        seen = last[1]
        if worker == seen[0]:
            on_road = seen[1]
        else:
            on_road = [a + w for a, w in zip(road_worker, worker[1:]) if w >= 0]
            last[1] = worker[:], on_road
        out[built[0]] = built[1]
        # the numbers and the one-hot slots that change at every move, written one by one (numpy reads a list of
        # slots slowly)
        v = memoryview(out)
        write_numbers(b, v)
        v[viewer + seat] = 1.0
        cp = game.current_player
        if 0 <= cp:  # `TERMINAL` is negative: nobody
            v[current + cp] = 1.0
        v[p] = 1.0
        # the four orders of seats (turn, passing, stables, castle): each seat's place, from 1 (a few seats each,
        # and their combinations too many to keep)
        for a, seq in ((turn_order, b.order), (passing, b.passed), (stables, b.stables), (castle, b.castle)):
            place = 1
            for q in seq:
                v[a + q] = place
                place += 1
        for a in on_road:
            v[a] = 1.0
        special = b.special
        for k, a in specials:
            if special[k] >= 0:
                v[a + special[k]] = 1.0
        if b.inn_left >= 0:
            v[inn_left + b.inn_left] = 1.0
        if b.inn_right >= 0:
            v[inn_right + b.inn_right] = 1.0
        lines = b.lines_used
        for s in seats:
            if lines[s]:
                for line in range(4):
                    if lines[s] & (1 << line):
                        v[used[s][line]] = 1.0
        if placer >= 0:
            v[placer_at + placer] = 1.0
        if top is not None:
            v[top] = 1.0
            if who >= 0:
                v[top_player + who] = 1.0
            v[arg0], v[arg1] = args

    return encode
