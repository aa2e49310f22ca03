"""The JSON text of what the server sends most: states (a move's answer, each push to the sockets).

orjson (in the web extra) encodes a state 4-5 times faster than the standard library (a Caylus 1303 state of
16 KB: 0.2 against 0.95 ms), and a state is encoded once per watching seat per move, the largest share of the web
process's CPU a move. Without orjson, or for what it cannot encode (an integer past 64 bits), the standard
library's `json` gives the same JSON.
"""

from __future__ import annotations

import json

try:
    import orjson
except ImportError:  # an install without the web extra's orjson: the standard library, slower
    orjson = None

_OPTIONS = orjson.OPT_NON_STR_KEYS if orjson is not None else 0  # integer keys become text, as json does


def dumps_bytes(value) -> bytes:
    """`value` as compact UTF-8 JSON (no NaN or infinity: none is ever in a state)."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError: e.g. an integer over 64 bits; json writes those
            pass
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def dumps(value) -> str:
    """`value` as compact JSON text."""
    return dumps_bytes(value).decode("utf-8")
