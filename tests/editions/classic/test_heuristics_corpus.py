"""Caylus (2005) bot heuristics: `evaluate` gives the values recorded on a fixed corpus of positions (written before
the heuristics were made faster; see tests/editions/heuristics_corpus.py), to within 1e-9."""

from __future__ import annotations

from tests.editions import heuristics_corpus


def test_evaluate_gives_the_recorded_values():
    wrong = heuristics_corpus.mismatches("caylus")
    assert not wrong, f"{len(wrong)} positions valued differently, first: {wrong[0]}"


def test_the_corpus_covers_every_player_count():
    counts = {len(vals) for _game, _at, _board, vals in heuristics_corpus.positions("caylus")}
    assert counts == set(heuristics_corpus.PLAYERS["caylus"])
