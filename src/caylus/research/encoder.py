"""The function `Encoding.encode` runs, written once per encoding as straight-line Python.

An encoding's fields are data (`fields.FIELDS`); reading them one at a time from the view's root walks the same
dicts again and again and decides each field's kind at every call. Here the fields become source code once, when
the `Encoding` is made: each path prefix of the view is read once into a local variable, each field is one
statement with its offset written in, and every slot that is not zero is written with two numpy assignments. What
it computes is exactly what reading field by field computes (tests/research/test_encoding_speed.py checks it bit for
bit against that reference).
"""

from __future__ import annotations

from array import array

from ._extra import need
from .fields import value_at

np = need("numpy")


def compile_encoder(enc, template: dict | None = None):
    """`encode(view, out)` for the `Encoding` enc: fills the float32 vector `out` from `view`.

    With `template` (a view of the same edition and players), parts that every view has as the template has
    them (the seats, the road's spaces, a dict's keys) are read by plain subscripts, without checking their type
    or length first; a view that lacks one of them (a client's partial view) raises reading it, before anything
    is written, and is encoded again by the checked reading, which gives what it always gave."""
    checked = _compile(enc, None)
    if template is None:
        return checked
    fast = _compile(enc, template, checked)
    return fast


def _compile(enc, template, fallback=None):
    children: dict[tuple, list] = {}
    for f in enc.fields:
        for depth in range(len(f.keys)):
            kids = children.setdefault(f.keys[:depth], [])
            if f.keys[depth] not in kids:
                kids.append(f.keys[depth])
    names = {(): "view"}
    lines = ["def encode(view, out):"]
    queue = [()]
    for path in queue:  # breadth first: a parent is read before its children
        kids = children.get(path)
        if not kids:
            continue
        parent = names[path]
        mine = []
        for key in kids:
            names[path + (key,)] = f"n{len(names)}"
            mine.append(names[path + (key,)])
            queue.append(path + (key,))
        shape = _shape(template, path)
        if shape is not None and all(_holds(shape, key) for key in kids):
            # every view has this part as the template has it: read by subscripts (a view without raises)
            lines += [f"    {name} = {parent}[{key!r}]" for key, name in zip(kids, mine)]
            continue
        # as `fields.value_at` reads one key: a dict's value, a list's item (None out of range), else None
        lines.append(f"    if isinstance({parent}, dict):")
        lines.append(f"        get = {parent}.get")
        lines += [f"        {name} = get({key!r})" for key, name in zip(kids, mine)]
        if any(isinstance(k, int) for k in kids):
            lines.append(f"    elif isinstance({parent}, list):")
            lines.append(f"        size = len({parent})")
            for key, name in zip(kids, mine):
                if isinstance(key, int):
                    inside = f"{key} < size" if key >= 0 else f"{-key} <= size"
                    lines.append(f"        {name} = {parent}[{key}] if {inside} else None")
                else:  # a word as a list index: the error reading it always gave
                    lines.append(f"        {name} = _get({parent}, ({key!r},))")
        lines.append("    else:")
        lines.append("        " + " = ".join(mine) + " = None")
    space: dict = {"_get": value_at, "seat_of": enc._seat, "word_of": enc._word, "PLAYERS": enc.players,
                   "ZERO": array("f", bytes(4 * enc.size)), "frombuffer": np.frombuffer, "float32": np.float32}
    # Slots are written one by one into a plain C array of float32 (a Python float or int stored there is
    # rounded as numpy rounds it), then copied into `out` at once.
    lines.append("    b = ZERO[:]")
    for i, f in enumerate(enc.fields):
        v, at, kind = names[f.keys], f.offset, f.kind
        space[f"F{i}"] = f
        if kind == "num":
            lines.append(f"    b[{at}] = {v} or 0")
        elif kind == "len":
            lines.append(f"    b[{at}] = len({v} or ())")
        elif kind == "opt":
            lines.append(f"    if {v} is not None:")
            lines.append(f"        b[{at}] = 1.0")
            lines.append(f"        b[{at + 1}] = {v}")
        elif kind == "seat":
            lines.append(f"    if {v} is not None:")
            lines.append(f"        s = {v} if type({v}) is int and 0 <= {v} < PLAYERS else seat_of({v})")
            lines.append("        if s is not None:")
            lines.append(f"            b[{at} + s] = 1.0")
        elif kind == "cat":
            words = f"W{id(f.vocabulary)}"
            space[words] = enc._words[f.vocabulary]
            lines.append(f"    if {v} is not None:")
            lines.append(f"        w = {words}.get({v})")
            lines.append(f"        b[{at} + (w if w is not None else word_of(F{i}, {v}))] = 1.0")
        elif kind == "bag":
            words = f"W{id(f.vocabulary)}"
            space[words] = enc._words[f.vocabulary]
            lines.append(f"    for x in {v} or ():")
            lines.append(f"        w = {words}.get(x)")
            lines.append(f"        b[{at} + (w if w is not None else word_of(F{i}, x))] += 1.0")
        elif kind == "order":
            lines.append(f"    for place, who in enumerate({v} or (), start=1):")
            lines.append(f"        b[{at} + seat_of(who)] = place")
        else:  # seats
            lines.append(f"    for who in {v} or ():")
            lines.append("        s = seat_of(who)")
            lines.append("        if s is not None:")
            lines.append(f"            b[{at} + s] += 1.0")
    lines.append("    out[:] = frombuffer(b, float32)")
    if fallback is not None:  # the whole body in a try: a view shaped otherwise is read again, checked
        lines[1:] = ["    try:"] + ["    " + line for line in lines[1:]] + [
            "    except (LookupError, TypeError, AttributeError):", "        checked(view, out)"]
        space["checked"] = fallback
    kind = "subscripts" if template is not None else "checked"
    exec(compile("\n".join(lines) + "\n", f"<encoder {enc.edition.id} {enc.players}p {kind}>", "exec"), space)
    return space["encode"]


def _shape(template, path):
    """The template's part at `path` if every view has it there as a dict or list (else None): reached by
    keys the template holds, never by an index from the end (a list that may be empty)."""
    node = template
    for key in path:
        if node is None or not _holds(node, key):
            return None
        node = node[key]
    return node if isinstance(node, (dict, list)) else None


def _holds(node, key) -> bool:
    if isinstance(node, dict):
        return key in node and not isinstance(key, int)
    if isinstance(node, list):
        return isinstance(key, int) and 0 <= key < len(node)
    return False
