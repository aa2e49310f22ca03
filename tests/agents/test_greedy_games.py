"""The greedy and lookahead bots choose exactly as recorded before the greedy policy was made faster (see
tests/agents/greedy_games.py): the same moves, and the same margins to the last bit."""

from __future__ import annotations

import pytest

from tests.agents import greedy_games

EDITIONS = greedy_games.EDITIONS


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_greedy_game_plays_the_recorded_moves(edition):
    played = [a.index for a in greedy_games.greedy_game(edition).history]
    recorded = [int(i) for i in greedy_games.expected(edition)["actions"].split()]
    first = next((k for k, (a, b) in enumerate(zip(played, recorded)) if a != b), min(len(played), len(recorded)))
    assert played == recorded, f"the games part at decision {first}"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("at", greedy_games.LOOKED_AT)
def test_the_bots_weigh_a_position_as_recorded(edition, at):
    recorded = greedy_games.expected(edition)
    actions = [int(i) for i in recorded["actions"].split()]
    weighed = greedy_games.weighing(greedy_games.position_at(edition, actions, at))
    assert weighed == recorded["weighed"][str(at)]  # floats compared exactly: same values, not close ones
