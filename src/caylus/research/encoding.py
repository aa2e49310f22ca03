"""A fixed-size numpy encoding of what one player sees, for learning code.

    enc = Encoding("caylus", players=4)
    vector = enc.encode(game.view(player))     # float32, shape (enc.size,)
    enc.decode(vector)["seats.0.deniers"]      # back to the view's numbers

The encoding is built only from `Game.view(player)`, so it holds nothing that player may not see. It is generic:
the fields kept for each edition are data (`fields.FIELDS`), and this module lays them out one after another.
Numbers are the view's raw values (counts, spaces, turns), not scaled. docs/research.md lists every field
(`Encoding.table()` generates that list; a test checks they agree).
"""

from __future__ import annotations

import importlib
import operator
import re
from dataclasses import dataclass

from caylus import BadOption, get_edition, new_game

from ._extra import need
from .fields import FIELDS

np = need("numpy")

# How each kind of field is laid out (slots per field, and what they hold).
KINDS = {
    "num": "1 slot: the value (true = 1, missing = 0)",
    "opt": "2 slots: 1 if present, then the value",
    "seat": "1 slot per seat: one-hot (all zero: nobody)",
    "cat": "1 slot per word of the vocabulary: one-hot (all zero: none)",
    "bag": "1 slot per word of the vocabulary: how many times it appears",
    "order": "1 slot per seat: its place in the list, from 1 (0: not in it)",
    "seats": "1 slot per seat: how many times it appears",
    "len": "1 slot: the list's length",
}

_STAR = re.compile(r"^\*(?:(\d+)|\{([^}]*)\})?$")


@dataclass(frozen=True)
class Field:
    """One laid-out field: `label` (the concrete path, e.g. ``seats.2.cubes.wood``), `pattern` (the path as
    written in `fields.FIELDS`), `kind`, `vocabulary` (words, for ``cat`` and ``bag``), `offset` and `size`."""

    label: str
    pattern: str
    kind: str
    keys: tuple
    vocabulary: tuple
    offset: int
    size: int


class Encoding:
    """The encoding of one edition's views for one player count (and options): `size`, `fields`, `encode`,
    `decode`, `values`, `table`."""

    def __init__(self, edition: str, players: int, **options):
        if edition not in FIELDS:
            raise BadOption(f"no encoding for edition {edition!r} (encodings: {', '.join(sorted(FIELDS))})")
        # The first view shows the lists whose length never changes (seats, road) and the keys of every dict.
        template = new_game(edition, players=players, seed=0, **options).view(0)
        self.edition = get_edition(edition)
        self.players = players
        self._names = {name: seat for seat, name in enumerate(self.edition.player_names[:players])}
        self.fields: list[Field] = []
        offset = 0
        for spec in FIELDS[edition]:
            pattern, kind = spec[0], spec[1]
            vocabulary = _vocabulary(spec[2]) if len(spec) > 2 else ()
            for keys in _expand(pattern.split("."), template, players):
                size = self._size(kind, vocabulary)
                label = ".".join(str(k) for k in keys)
                self.fields.append(Field(label, pattern, kind, tuple(keys), vocabulary, offset, size))
                offset += size
        self.size = offset
        self._index = {f.label: f for f in self.fields}
        self._words = {f.vocabulary: {w: i for i, w in enumerate(f.vocabulary)} for f in self.fields}
        self._plan()

    def _plan(self) -> None:
        """What `encode` does for every view, worked out once: the paths to walk (each shared prefix once) and
        the fields of each kind with where their value is found."""
        # The paths as a tree, numbered so that the children of a node are consecutive: node 0 is the view, and
        # each step (parent, keys) makes the next len(keys) nodes, the children `keys` of node `parent`.
        children: dict[tuple, list] = {}
        for f in self.fields:
            for depth in range(len(f.keys)):
                kids = children.setdefault(f.keys[:depth], [])
                if f.keys[depth] not in kids:
                    kids.append(f.keys[depth])
        self._steps: list[tuple[int, tuple]] = []
        nodes = {(): 0}
        queue = [()]
        for path in queue:  # breadth first: a parent is always made before its children
            kids = children.get(path)
            if kids:
                self._steps.append((nodes[path], tuple(kids)))
                for key in kids:
                    nodes[path + (key,)] = len(nodes)
                    queue.append(path + (key,))
        of_field = [nodes[f.keys] for f in self.fields]
        by_kind: dict[str, list] = {kind: [] for kind in KINDS}
        for f, node in zip(self.fields, of_field):
            by_kind[f.kind].append((f.offset, node, f))
        self._num_at = np.array([at for at, _, _ in by_kind["num"]], dtype=np.intp)
        self._num_nodes = _getter([node for _, node, _ in by_kind["num"]])
        # seats, and each vocabulary's words: read together, looked up with one `map`
        self._seat_at = [at for at, _, _ in by_kind["seat"]]
        self._seat_nodes = _getter([node for _, node, _ in by_kind["seat"]])
        cats: dict[tuple, list] = {}
        for at, node, f in by_kind["cat"]:
            cats.setdefault(f.vocabulary, []).append((at, node, f))
        self._cats = [(self._words[vocabulary], [at for at, _, _ in group], _getter([n for _, n, _ in group]),
                       [f for _, _, f in group]) for vocabulary, group in cats.items()]
        self._by_kind = {kind: [(at, node, self._words[f.vocabulary], f) for at, node, f in fields]
                         for kind, fields in by_kind.items() if kind != "num"}

    def _size(self, kind: str, vocabulary: tuple) -> int:
        if kind in ("num", "len"):
            return 1
        if kind == "opt":
            return 2
        if kind in ("seat", "order", "seats"):
            return self.players
        if kind in ("cat", "bag"):
            return len(vocabulary)
        raise BadOption(f"unknown field kind {kind!r} (kinds: {', '.join(KINDS)})")

    # -- encoding -------------------------------------------------------------------------------------------
    def encode(self, view: dict, out=None):
        """The view as a float32 vector of `size` (written into `out` if given)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        nodes = [view]
        grow = nodes.extend
        for parent, keys in self._steps:  # as `_get` reads them, each path prefix once
            node = nodes[parent]
            if isinstance(node, dict):
                grow(map(node.get, keys))
            elif isinstance(node, list):
                n = len(node)
                grow([node[key] if -n <= key < n else None for key in keys])
            else:
                grow([None] * len(keys))
        out[self._num_at] = [value or 0 for value in self._num_nodes(nodes)]
        put: dict[int, object] = {}  # every other slot that is not zero: {offset: value}, written at once
        players, seat_of = self.players, self._seat
        kinds = self._by_kind
        for at, i, _, _ in kinds["len"]:
            put[at] = len(nodes[i] or ())
        for at, i, _, _ in kinds["opt"]:
            value = nodes[i]
            if value is not None:
                put[at], put[at + 1] = 1.0, value
        for at, value in zip(self._seat_at, self._seat_nodes(nodes)):
            if value is not None:
                seat = value if type(value) is int and 0 <= value < players else seat_of(value)
                if seat is not None:
                    put[at + seat] = 1.0
        for words, ats, getter, fields in self._cats:
            values = getter(nodes)
            for at, index, value, f in zip(ats, map(words.get, values), values, fields):
                if index is not None:
                    put[at + index] = 1.0
                elif value is not None:
                    self._word(f, value)  # not a word of the vocabulary: says so
        for at, i, words, f in kinds["bag"]:
            for word in nodes[i] or ():
                index = words.get(word)
                slot = at + (index if index is not None else self._word(f, word))
                put[slot] = put.get(slot, 0) + 1.0
        for at, i, _, _ in kinds["order"]:
            for place, who in enumerate(nodes[i] or (), start=1):
                put[at + seat_of(who)] = place
        for at, i, _, _ in kinds["seats"]:
            for who in nodes[i] or ():
                seat = seat_of(who)
                if seat is not None:
                    put[at + seat] = put.get(at + seat, 0) + 1.0
        if put:
            out[list(put)] = list(put.values())
        return out

    def _seat(self, value):
        if value is None:
            return None
        if isinstance(value, str):
            if value not in self._names:
                raise BadOption(f"encoding: {value!r} is not a player of this game")
            return self._names[value]
        if value < 0:
            return None
        if value >= self.players:
            raise BadOption(f"encoding: seat {value} in a {self.players}-player game")
        return value

    def _word(self, f: Field, word) -> int:
        index = self._words[f.vocabulary].get(word)
        if index is None:
            raise BadOption(f"encoding: {word!r} at {f.label} is not in its vocabulary")
        return index

    # -- decoding: the documented meaning of every slot ----------------------------------------------------
    def decode(self, vector) -> dict:
        """Each field's value read back from a vector: {label: value}, in the forms `values` gives."""
        out = {}
        for f in self.fields:
            part = vector[f.offset:f.offset + f.size]
            kind = f.kind
            if kind in ("num", "len"):
                out[f.label] = int(part[0])
            elif kind == "opt":
                out[f.label] = int(part[1]) if part[0] else None
            elif kind in ("seat", "cat"):
                hot = [i for i, x in enumerate(part) if x]
                out[f.label] = None if not hot else (hot[0] if kind == "seat" else f.vocabulary[hot[0]])
            elif kind == "bag":
                out[f.label] = [w for w, n in zip(f.vocabulary, part) for _ in range(int(n))]
            elif kind == "order":
                out[f.label] = [seat for place, seat in sorted((int(x), s) for s, x in enumerate(part) if x)]
            else:  # seats
                out[f.label] = [int(x) for x in part]
        return out

    def values(self, view: dict) -> dict:
        """Each field's value read straight from the view, in the form `decode` gives it back: seats as indices,
        a bag's words in vocabulary order, missing numbers as 0."""
        out = {}
        for f in self.fields:
            value = _get(view, f.keys)
            kind = f.kind
            if kind == "num":
                out[f.label] = int(value or 0)
            elif kind == "len":
                out[f.label] = len(value or ())
            elif kind == "opt":
                out[f.label] = value
            elif kind == "seat":
                out[f.label] = self._seat(value)
            elif kind == "cat":
                out[f.label] = value
            elif kind == "bag":
                out[f.label] = sorted(value or (), key=lambda w, f=f: self._word(f, w))
            elif kind == "order":
                out[f.label] = [self._seat(s) for s in value or ()]
            else:  # seats
                counts = [0] * self.players
                for who in value or ():
                    seat = self._seat(who)
                    if seat is not None:
                        counts[seat] += 1
                out[f.label] = counts
        return out

    def table(self) -> list[dict]:
        """One row per field pattern: where it starts, how many slots it takes, its kind and vocabulary size."""
        rows: list[dict] = []
        for f in self.fields:
            if rows and rows[-1]["field"] == f.pattern:
                rows[-1]["slots"] += f.size
                rows[-1]["count"] += 1
                continue
            rows.append({"field": f.pattern, "kind": f.kind, "offset": f.offset, "slots": f.size, "count": 1,
                         "each": f.size, "vocabulary": len(f.vocabulary)})
        return rows


def markdown_table(edition: str, players: int = 4) -> str:
    """The field list of docs/research.md for one edition and player count (a test checks the page has it)."""
    enc = Encoding(edition, players)
    sources = {spec[0]: spec[2] for spec in FIELDS[edition] if len(spec) > 2}
    lines = [f"<!-- encoding table: {edition}, {players} players: {enc.size} slots -->",
             "| offset | slots | field | kind | words |", "|---:|---:|---|---|---|"]
    for row in enc.table():
        slots = f"{row['count']} x {row['each']}" if row["count"] > 1 else str(row["slots"])
        words = ""
        if row["field"] in sources:
            source = sources[row["field"]]
            named = " + ".join(source) if isinstance(source, list) else source
            words = f"{row['vocabulary']}: {named.replace('caylus.editions.', '')}"
        lines.append(f"| {row['offset']} | {slots} | `{row['field']}` | {row['kind']} | {words} |")
    return "\n".join(lines) + "\n"


def _vocabulary(source) -> tuple:
    """The words of a vocabulary: a list (whose items may name catalogs) or ``"module:NAME[.attribute]"``."""
    if isinstance(source, list):
        words: list = []
        for item in source:
            words.extend(_vocabulary(item) if ":" in item else [item])
        return tuple(dict.fromkeys(words))
    module, _, name = source.partition(":")
    name, _, attribute = name.partition(".")
    items = getattr(importlib.import_module(module), name)
    words = [getattr(item, attribute) for item in items] if attribute else list(items)
    return tuple(dict.fromkeys(w for w in words if w))  # once each, in catalog order (an empty name is no word)


def _expand(parts: list[str], node, players: int, prefix=()):
    """Every concrete key path a field pattern stands for."""
    if not parts:
        yield prefix
        return
    head, rest = parts[0], parts[1:]
    star = _STAR.match(head)
    if star is None:
        key = int(head) if head.lstrip("-").isdigit() else head
        yield from _expand(rest, _get(node, (key,)), players, prefix + (key,))
        return
    if star.group(1) or star.group(2):  # a list that grows: its capacity
        size = int(star.group(1)) if star.group(1) else int(eval(star.group(2), {"__builtins__": {}},
                                                                   {"players": players}))
        keys = range(size)
    elif isinstance(node, dict):
        keys = list(node)
    elif isinstance(node, list):
        keys = range(len(node))
    else:
        raise BadOption(f"encoding: '*' at {'.'.join(map(str, prefix))} is neither a list nor a dict")
    for key in keys:
        yield from _expand(rest, _get(node, (key,)), players, prefix + (key,))


def _getter(indices: list):
    """A function giving the items at `indices` of a list, as a tuple (one C call however many)."""
    if not indices:
        return lambda nodes: ()
    if len(indices) == 1:
        return lambda nodes, i=indices[0]: (nodes[i],)
    return operator.itemgetter(*indices)


def _get(node, keys):
    """The value at a key path, or None where the path leads nowhere (a shorter list, a missing key)."""
    for key in keys:
        if isinstance(node, dict):
            node = node.get(key)
        elif isinstance(node, list):
            if not -len(node) <= key < len(node):
                return None
            node = node[key]
        else:
            return None
    return node
