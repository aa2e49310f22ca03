"""The shared valuation: weights blended by the stage, each seat's value the weighted sum of its amounts."""

from __future__ import annotations

from types import SimpleNamespace

from caylus.core.valuation import Valuation


def make(table: dict, stage: float) -> Valuation:
    return Valuation(table, lambda b: stage, lambda b, w: [[1.0, 2.0], [3.0, 0.0]], lambda b: [7, 9])


def test_weights_blend_the_early_and_late_worths_by_the_stage():
    v = make({"a": (1.0, 3.0), "b": (0.5, 0.0)}, 0.25)
    board = SimpleNamespace(terminal=False)
    assert v.weights(board) == (1.5, 0.375)
    assert v.evaluate(board) == [1.5 + 2 * 0.375, 4.5]


def test_a_table_changed_in_place_is_used_at_once():
    """Tuning scripts change `WEIGHTS` in place between decisions: the blend kept for a stage must follow."""
    table = {"a": (1.0, 1.0), "b": (1.0, 1.0)}
    v = make(table, 0.5)
    board = SimpleNamespace(terminal=False)
    assert v.evaluate(board) == [3.0, 3.0]
    table["b"] = (2.0, 4.0)
    assert v.evaluate(board) == [1.0 + 2 * 3.0, 3.0]


def test_a_finished_game_is_worth_its_final_scores():
    assert make({"a": (1.0, 1.0)}, 1.0).evaluate(SimpleNamespace(terminal=True)) == [7.0, 9.0]
