"""Caylus Magna Carta (Ystari, 2007), the card game: edition id ``magna-carta``.

Options: ``rules=standard`` (default) or ``rules=beginner`` (no provost, Lawyer, Church, Residences or Hotel; the
prestige buildings go in front of their builder).
"""

from caylus.core.edition import Edition, Option

from .catalog import PLAYER_NAMES
from .describe import describe
from .notation import ACTIONS
from .rules import apply, legal_actions, must_ask, why_illegal
from .scoring import scores
from .setup import new_board
from .beliefs import determinize
from .undo import undo_barrier
from .view import event_for, private, public, view
from .words import WORDS
from . import heuristics

EDITION = Edition(
    id="magna-carta",
    title="Caylus Magna Carta",
    actions=ACTIONS,
    min_players=2,
    max_players=4,
    options=(
        Option("rules", "standard", ("standard", "beginner"),
               "standard rules (provost, Lawyer, Church, Residences, Hotel) or the beginner rules"),
    ),
    new_board=new_board,
    legal_actions=legal_actions,
    apply=apply,
    why_illegal=why_illegal,
    view=view,
    scores=scores,
    player_names=PLAYER_NAMES,
    determinize=determinize,
    private=private,
    public=public,
    must_ask=must_ask,
    event_for=event_for,
    undo_barrier=undo_barrier,
    describe=describe,
    words=WORDS,
    heuristics=heuristics,
)

__all__ = ["EDITION"]
