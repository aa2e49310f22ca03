"""What the Gymnasium and PettingZoo environments both hand a learner: the observation space (the encoded view
and the action mask) and the mask itself, 1 for each legal action id of the seat to move."""

from __future__ import annotations

from ._extra import need
from .encoding import Encoding

np = need("numpy")
spaces = need("gymnasium.spaces")


def observation_space(encoding: Encoding, n_actions: int):
    """`{"observation": the encoded view (float32), "action_mask": one int8 per action id}`."""
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (encoding.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
    })


def action_mask(game, seat: int):
    """1 for each action id `seat` may play now (all zeros when another seat is to move)."""
    mask = np.zeros(len(game.edition.actions), np.int8)
    if game.current_player == seat:
        mask[[action.index for action in game.legal_actions()]] = 1
    return mask
