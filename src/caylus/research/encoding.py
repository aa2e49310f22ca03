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
import re
from dataclasses import dataclass

from caylus import BadOption, get_edition, new_game

from ._extra import need
from .direct import Unusual, direct_encoder
from .encoder import compile_encoder
from .fields import FIELDS, value_at as _get

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

_ENCODERS: dict[tuple, object] = {}  # compiled `encode` functions, by (edition, players, options)
_DIRECT: dict[tuple, object] = {}  # encoders from the board (`caylus.research.direct`), by the same key

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
        # where the seats' scores are, for editions whose view shows them (`game.scores()`, read back)
        scores = [self._index.get(f"scores.{p}") for p in range(players)]
        self.score_slots = None if None in scores else np.array([f.offset for f in scores], np.intp)
        self._words = {f.vocabulary: {w: i for i, w in enumerate(f.vocabulary)} for f in self.fields}
        # Writing the encoder's source and compiling it takes a good part of a second (Magna Carta's road): once
        # per edition, players and options in a process, however many environments are made.
        key = (edition, players, repr(sorted(self.edition.normalize_options(options).items())))
        if key not in _ENCODERS:
            _ENCODERS[key] = compile_encoder(self, template)
        self._encode = _ENCODERS[key]
        self._key = key
        self._direct = False  # not made yet (None: the edition has none)

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
            out = np.empty(self.size, dtype=np.float32)
        self._encode(view, out)  # writes every slot, and only once the whole view is read (an error changes nothing)
        return out

    def encode_game(self, game, seat: int, out=None):
        """`encode(game.view(seat))`, bit for bit, read straight from the game's board without building the view
        (several times faster: what the research environments call at every step). A game of another edition or
        player count, or a seat that is not one, goes through `game.view(seat)` and is refused as it refuses."""
        direct = self._direct
        if direct is False:
            direct = self._direct = _DIRECT.get(self._key, False)
            if direct is False:
                direct = self._direct = _DIRECT[self._key] = direct_encoder(self)
        if (direct is not None and game.edition is self.edition and game.num_players == self.players
                and type(seat) is int and 0 <= seat < self.players):
            vector = np.zeros(self.size, dtype=np.float32)
            try:
                direct(game, seat, vector)
            except (Unusual, LookupError, TypeError, ValueError):  # a position it does not expect: the view's way
                pass
            else:
                if out is None:
                    return vector
                out[:] = vector
                return out
        return self.encode(game.view(seat), out)

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
