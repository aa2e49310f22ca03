"""Caylus 1303 (Space Cowboys, 2019): 2-5 players, 9 rounds, workers as the currency, 12 characters."""

from caylus.core import Edition, Option

from .catalog import PLAYER_NAMES
from .notation import ACTIONS
from .rules import apply, legal_actions, why_illegal
from .scoring import scores
from .setup import new_board
from .view import describe, view
from .words import WORDS
from . import heuristics

EDITION = Edition(
    id="caylus-1303",
    title="Caylus 1303",
    actions=ACTIONS,
    min_players=2,
    max_players=5,
    options=(
        Option("characters", "random", ("random", "recommended"),
               "random: players + 3 characters drawn at random; recommended: the rulebook's first-game set"),
    ),
    new_board=new_board,
    legal_actions=legal_actions,
    apply=apply,
    why_illegal=why_illegal,
    view=view,
    scores=scores,
    player_names=PLAYER_NAMES,
    describe=describe,
    words=WORDS,
    heuristics=heuristics,
)
