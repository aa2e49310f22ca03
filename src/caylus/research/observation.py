"""What the Gymnasium and PettingZoo environments both hand a learner: the observation space (the encoded view
and the action mask) and the mask itself, 1 for each legal action id of the seat to move."""

from __future__ import annotations

import operator

from caylus import IllegalAction

from ._extra import need
from .encoding import Encoding

np = need("numpy")
spaces = need("gymnasium.spaces")


def observation_space(encoding: Encoding, n_actions: int, extra: int = 0):
    """`{"observation": the encoded view (float32) and `extra` slots after it (the perfect-recall history),
    "action_mask": one int8 per action id}`."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (encoding.size + extra,), np.float32),
        "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
    })


_LEGAL: dict = {}  # each list of legal actions met (a tuple of them) -> its mask (read-only) and its tokens
_LEGAL_KEPT = 1 << 12  # a bound on their memory: past it the dict starts afresh


def legal_known(game) -> tuple:
    """(the mask of the legal actions now, read-only; their tokens, a tuple) for a game whose decision is not
    over: the same lists come back often (placements, passes), so each one met is kept with both."""
    legal = tuple(game.legal_actions())
    known = _LEGAL.get(legal)
    if known is None:
        mask = bytearray(len(game.edition.actions))  # set byte by byte: numpy takes a list of ids slowly
        for action in legal:
            mask[action.index] = 1
        mask = np.frombuffer(bytes(mask), np.int8)  # read-only: each caller gets a copy
        if len(_LEGAL) >= _LEGAL_KEPT:
            _LEGAL.clear()
        known = _LEGAL[legal] = (mask, tuple([action.token for action in legal]))
    return known


def action_of(edition, action):
    """The edition's action with id `action` (an int, numpy's too); `IllegalAction` for anything else (a float
    is not rounded to an id) or an id out of range."""
    try:
        index = operator.index(action)
    except TypeError:
        raise IllegalAction(f"an action is an action id (an int), not {type(action).__name__}") from None
    return edition.actions.by_index(index)
