"""Encoders that read an engine `Game` straight from its board, one module per edition.

`Encoding.encode(game.view(seat))` builds the seat's whole view as dicts and lists (names, sentences, every
space of the road) and then reads the parts it keeps back out of them; most of an observation's time went to
building that view. These encoders write the same slots from the board's own flat lists, the layout (every
field's offset) taken from the `Encoding` itself: the parts that change a few times a game or a turn (the road's
buildings, the discard piles) as kept slot arrays, those of the last board met first (compared as lists, cheaper
than a key of them) and one numpy assignment each; the numbers, the workers on the road and the few slots that
change at every move one item at a time through a memoryview of the vector (straight-line code written for the
player count), since numpy takes a short list of Python ints slowly. So the vector is bit for bit the one
the view gives (tests/research/test_direct.py checks every seat of 10,000 positions per edition). A position
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
    float32 array of `enc.size` zeros; it raises `Unusual` (or LookupError, TypeError, ValueError) where the view
    path would encode the position differently, having maybe written part of `buffer`: throw that one away."""
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


ONES = np.ones(1 << 12, np.float32)  # views of it are the values of `ones` (np.ones costs as much as 8 views)
ONES.flags.writeable = False


def ones(slots: list) -> tuple:
    """(the slots as an array, as many ones): `out[slots] = ones` is the cheapest way numpy sets them (a third of
    `out.put(slots, 1.0)`, which converts the 1.0 at every call)."""
    if len(slots) > len(ONES):
        return np.fromiter(slots, np.intp, len(slots)), np.ones(len(slots), np.float32)
    return np.fromiter(slots, np.intp, len(slots)), ONES[:len(slots)]


def number_lines(parts: list, slots: list, name: str, indent: str = "    ") -> str:
    """Straight-line Python that writes numbers into the memoryview `v` of the vector, one item at a time (numpy
    takes a list of ints and a list of slots slowly: several us a call). For each (expression, count) of `parts`
    in turn it takes the next `count` of `slots`: `v[s] = expression` for a single value (count None), else
    `v[s0], v[s1], ... = expression` for a sequence of exactly that length (one of another length raises
    ValueError, and a value that is not a number TypeError: the view's way then)."""
    lines, i = [], 0
    for expression, count in parts:
        if count is None:
            lines.append(f"{indent}v[{slots[i]}] = {expression}")
            i += 1
        elif count:
            lines.append(indent + "".join(f"v[{s}], " for s in slots[i:i + count]) + f"= {expression}")
            i += count
    if i != len(slots):
        raise ValueError(f"{name}: {len(slots)} number slots, {i} numbers")
    return "\n".join(lines)


def number_writer(parts: list, slots: list, name: str, scope: dict | None = None):
    """`write(b, v)`: `number_lines` of the board `b` as a function; `scope`: the names the expressions use
    besides `b`."""
    scope = dict(scope or {})
    source = "def write(b, v):\n" + number_lines(parts, slots, name) + "\n"
    exec(compile(source, f"<{name} numbers>", "exec"), scope)
    return scope["write"]


def counted(count: list) -> tuple:
    """(slots, how many times each appears in `count`) as arrays, for `out[slots] = counts`."""
    if len(set(count)) == len(count):  # each once, as is usual
        return ones(count)
    counts = Counter(count)
    return np.array(list(counts), np.intp), np.array(list(counts.values()), np.float32)
