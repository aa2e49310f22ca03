"""The castle in the lookahead's futures (Caylus 2005): a seat whose worker stands in the castle and who can give a
batch should give one. Giving none costs 2 prestige, "it is not possible to go below 0 point, though" (rules p5,
the castle), while a batch brings 5, 4 or 3. The positions come from real games: heads-up greedy games on fixed
seeds, at each castle decision where the seat has given no batch yet, can give one, and has the 2 prestige the
penalty would take."""

from __future__ import annotations

import pytest

import caylus
from caylus.agents import LookaheadAgent, Position, make_agent
from caylus.agents.evaluation import leaf_values, values


def castle_positions(seeds) -> list:
    out = []
    for seed in seeds:
        game = caylus.new_game("caylus", players=2, seed=seed)
        agents = [make_agent("greedy", seed * 10 + p) for p in range(2)]
        while not game.is_terminal:
            legal = game.legal_actions()
            tokens = [a.token for a in legal]
            seat = game.current_player
            if "pass" in tokens and any(t.startswith("batch:") for t in tokens) and \
                    game.board.batches[seat] == 0 and game.board.prestige[seat] >= 2:
                out.append((seed, len(game.history), game.clone()))
            game.apply(legal[0] if len(legal) == 1 else agents[seat].choose(Position(game)))
    return out


@pytest.fixture(scope="module")
def positions():
    return castle_positions(range(1, 5))


def test_normal_gives_a_batch_at_the_castle_whenever_it_can(positions):
    assert len(positions) >= 15
    normal = make_agent("normal", 1)
    passed = [(seed, n) for seed, n, game in positions if normal.choose(Position(game)).token == "pass"]
    assert passed == []


def test_hard_gives_a_batch_at_the_castle_whenever_it_can(positions):
    """Caylus 2005's `hard` (the planner's search, its futures ending where the next turn begins)."""
    hard = make_agent("hard", 1)
    passed = [(seed, n) for seed, n, game in positions if hard.choose(Position(game)).token == "pass"]
    assert passed == []


def test_counting_the_placed_workers_in_full_where_a_future_stops_passes_at_the_castle(positions):
    """The same look ahead (3 moves, 8 ahead) with the workers' plans counted in full: it passes at some of these
    castle positions, keeping its cubes for the worker it sends to the castle next turn (what `leaf` mends)."""
    full = LookaheadAgent(1, candidates=3, horizon=8, leaf={"worker_out": 1.0})
    assert any(full.choose(Position(game)).token == "pass" for _seed, _n, game in positions)


def test_leaf_values_count_a_feature_at_its_share():
    game = caylus.new_game("caylus", players=3, seed=6)
    greedy = make_agent("greedy", 0)
    while max(game.board.worker[1:]) < 0 or game.current_player != 0:
        game.apply(greedy.choose(Position(game)))
    h = game.edition.heuristics
    plans = [h.parts(game.board, seat)["worker_out"] for seat in range(3)]
    assert any(plans)
    expected = [v - 0.4 * p for v, p in zip(values(game), plans)]
    assert leaf_values(game, {"worker_out": 0.6}) == pytest.approx(expected)
    assert leaf_values(game, None) == values(game)
    assert leaf_values(game, {"worker_out": 1.0}) == pytest.approx(values(game))


def test_a_leaf_setting_is_checked():
    with pytest.raises(ValueError, match="share of their worth from 0 to 1"):
        LookaheadAgent(1, leaf={"worker_out": 1.5})
    with pytest.raises(ValueError, match="share of their worth from 0 to 1"):
        LookaheadAgent(1, leaf={"worker_out": "half"})
    game = caylus.new_game("caylus", players=2, seed=1)
    bot = LookaheadAgent(1, leaf={"workers_out": 0.5})
    with pytest.raises(ValueError, match="no feature of this edition: workers_out"):
        bot.choose(Position(game))
