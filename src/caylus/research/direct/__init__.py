"""Encoders that read an engine `Game` straight from its board, one module per edition.

`Encoding.encode(game.view(seat))` builds the seat's whole view as dicts and lists (names, sentences, every
space of the road) and then reads the parts it keeps back out of them; most of an observation's time went to
building that view. These encoders write the same slots from the board's own flat lists with a few numpy
operations, the layout (every field's offset) taken from the `Encoding` itself, so the vector is bit for bit the
one the view gives (tests/research/test_direct.py checks every seat of 10,000 positions per edition). A position
they do not expect (an empty phase name, a seat out of range) is handed back to the view path, which encodes it
or refuses it exactly as it always did.
"""

from __future__ import annotations

import importlib
from collections import Counter

import numpy as np

# How many board parts (a road, say) an encoder remembers the slots of before it starts afresh: a bound on memory
CACHE = 1 << 12
MODULES = {"caylus": "classic", "caylus-1303": "c1303", "magna-carta": "magna_carta"}


class Unusual(Exception):
    """The position has something the direct encoder does not handle: encode it from the view."""


def direct_encoder(enc):
    """`encode(game, seat, buffer)` for the `Encoding` enc, or None where the edition has none. `buffer` is a
    float32 array of `enc.size + 1` zeros (the last slot takes what the view would not write); it raises
    `Unusual` before writing anything the view path would encode differently."""
    name = MODULES.get(enc.edition.id)
    if name is None:
        return None
    module = importlib.import_module(f"{__name__}.{name}")
    return module.make(enc)


def offsets(enc) -> dict:
    """Each field's first slot, by label."""
    return {f.label: f.offset for f in enc.fields}


def word_slots(enc, label: str, words) -> list:
    """For each of `words` (an edition's names, by number), its slot in the field `label`; -1 for a word the
    vocabulary lacks (the view path refuses it)."""
    f = enc._index[label]
    index = enc._words[f.vocabulary]
    return [f.offset + index[w] if w in index else -1 for w in words]


def put_numbers(out, slots, numbers: list) -> None:
    """`out.put(slots, numbers)`, the numbers handed to numpy as bytes when they all lie in 0..255 (nearly always):
    numpy reads a list of ints about half as fast."""
    try:
        out.put(slots, np.frombuffer(bytes(numbers), np.uint8))
    except (ValueError, TypeError):  # a number below 0 or above 255, or not an int: as a list
        out.put(slots, numbers)


def put_counts(out, count: list) -> None:
    """Write each slot of `count` as how many times it appears there (a bag's words, a list of seats)."""
    if len(set(count)) == len(count):
        out.put(count, 1.0)
    else:
        counted = Counter(count)
        out.put(list(counted), list(counted.values()))


def order_places(cache: dict, order: tuple, first: int):
    """The slots (`first` + seat) and places (1, 2, ...) of an order of seats (the bridge's, say), for
    `out.put(*...)`; kept by the order in `cache`, which starts afresh past `CACHE` orders."""
    placed = cache.get(order)
    if placed is None:
        if len(cache) >= CACHE:
            cache.clear()
        placed = cache[order] = (np.array([first + who for who in order], np.intp),
                                 np.arange(1, len(order) + 1, dtype=np.float32))
    return placed
