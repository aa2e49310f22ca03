"""Hypothesis properties over random positions: views hide exactly the unseen cards, determinizations agree with
the view, and undo / JSON reproduce the state."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import caylus
from caylus.core.game import Game
from caylus.editions.magna_carta.view import view as edition_view

from .test_mc_hidden_information import hide_differently

position = st.tuples(st.integers(2, 4), st.sampled_from(["standard", "beginner"]), st.integers(0, 10**6),
                     st.integers(0, 400))


def reach(players, rules, seed, steps):
    g = caylus.new_game("magna-carta", players=players, seed=seed, rules=rules)
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal:
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g, rnd


@settings(max_examples=40, deadline=None)
@given(position, st.integers(0, 3), st.integers(0, 2**32))
def test_view_and_determinize_properties(pos, viewer, seed):
    g, rnd = reach(*pos)
    p = viewer % g.num_players
    v = g.view(p)
    assert edition_view(hide_differently(g.board, p, rnd), p) == edition_view(g.board, p)
    d = caylus.determinize(v, seed)
    assert d.view(p) == v
    if not d.is_terminal:
        d.apply(rnd.choice(d.legal_actions()))  # plays on


@settings(max_examples=25, deadline=None)
@given(position)
def test_undo_json_and_record_reproduce_the_state(pos):
    g, rnd = reach(*pos)
    state = g.view(None)
    assert Game.from_json(g.to_json()).view(None) == state
    assert caylus.load_record(g.record()).view(None) == state
    if not g.is_terminal:
        g.apply(rnd.choice(g.legal_actions()))
        g.undo()
        assert g.view(None) == state
