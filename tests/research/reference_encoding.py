"""The encoding as it was first written (one field at a time, each path walked from the view's root): the
reference that `Encoding.encode` must match bit for bit (tests/research/test_encoding_speed.py)."""

from __future__ import annotations

import numpy as np

from caylus.research.encoding import _get


def reference_encode(enc, view: dict):
    out = np.zeros(enc.size, dtype=np.float32)
    for f in enc.fields:
        value = _get(view, f.keys)
        kind, at = f.kind, f.offset
        if kind == "num":
            out[at] = value or 0
        elif kind == "len":
            out[at] = len(value or ())
        elif kind == "opt":
            if value is not None:
                out[at], out[at + 1] = 1.0, value
        elif kind == "seat":
            seat = enc._seat(value)
            if seat is not None:
                out[at + seat] = 1.0
        elif kind == "cat":
            if value is not None:
                out[at + enc._word(f, value)] = 1.0
        elif kind == "bag":
            for word in value or ():
                out[at + enc._word(f, word)] += 1.0
        elif kind == "order":
            for place, who in enumerate(value or (), start=1):
                out[at + enc._seat(who)] = place
        else:  # seats
            for who in value or ():
                seat = enc._seat(who)
                if seat is not None:
                    out[at + seat] += 1.0
    return out
