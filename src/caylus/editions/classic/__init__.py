"""Caylus (2005), edition id "caylus": 2-5 players, the favor table or the simplified favors, optional Jeweller."""

from caylus.core.edition import Edition, Option

from . import rules, scoring, setup, view
from .words import WORDS
from .notation import ACTIONS
from . import heuristics

EDITION = Edition(
    id="caylus",
    title="Caylus (2005)",
    actions=ACTIONS,
    min_players=2,
    max_players=5,
    options=(
        Option("favors", "table", ("table", "simplified"),
               "table: the royal favor table; simplified: each favor is worth 3 prestige (beginner variant)"),
        Option("jeweller", False, (), "add the Jeweller, the later printing's 10th stone tile"),
    ),
    new_board=setup.new_board,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    why_illegal=rules.why_illegal,
    view=view.view,
    scores=scoring.scores,
    describe=view.describe,
    words=WORDS,
    heuristics=heuristics,
)
