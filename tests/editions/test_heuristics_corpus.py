"""Every edition's bot heuristics: `evaluate` gives the values recorded on a fixed corpus of positions (written
before the heuristics were made faster; see tests/editions/heuristics_corpus.py), to within 1e-9."""

from __future__ import annotations

import pytest

from tests.editions import heuristics_corpus

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_evaluate_gives_the_recorded_values(edition):
    wrong = heuristics_corpus.mismatches(edition)
    assert not wrong, f"{len(wrong)} positions valued differently, first: {wrong[0]}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_corpus_covers_every_player_count(edition):
    counts = {len(vals) for _game, _at, _board, vals in heuristics_corpus.positions(edition)}
    assert counts == set(heuristics_corpus.PLAYERS[edition])
