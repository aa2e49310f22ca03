"""The planner players (`caylus.agents.planner`): one machinery over each edition's end-of-game evaluation
(`caylus.editions.<edition>.planner`), named by the editions' tables as data."""

from __future__ import annotations

import pytest

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.planner import PlannerAgent, PlannerSearch, check_spec, edition_planner, own_agent
from caylus.core.registry import get_edition

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_edition_gives_the_planner_its_hooks(edition):
    planner = edition_planner(get_edition(edition))
    assert planner.FOLLOW_UPS >= 1 and planner.DEALS >= 1
    game = caylus.new_game(edition, players=2, seed=1)
    b = game.board
    assert isinstance(planner.margin(b, 0), float)
    assert planner.follow_ups_end(b, b) in (True, False)
    assert planner.future_end(b, b, 0) is False  # a future that has not begun has not ended


@pytest.mark.parametrize("edition", EDITIONS)
def test_style_planner_is_the_planner_agent_over_the_editions_evaluation(edition):
    game = caylus.new_game(edition, players=2, seed=3)
    own = make_agent("style:planner", 7).own_player(game.edition)
    assert isinstance(own, PlannerAgent) and own.planner is edition_planner(game.edition)
    position = Position(game)
    ranked = PlannerAgent(edition_planner(game.edition), 7).rank(position)
    assert sorted(i for _v, i, _a in ranked) == list(range(len(position.legal)))
    assert [v for v, _i, _a in ranked] == sorted((v for v, _i, _a in ranked), reverse=True)
    assert make_agent("style:planner", 7).choose(position) == ranked[0][2]


def test_own_agent_builds_the_player_an_edition_names_with_its_settings():
    ed = get_edition("caylus")
    search = own_agent(ed, {"player": "planner-search", "candidates": 2, "horizon": 5}, 1)
    assert isinstance(search, PlannerSearch) and (search.candidates, search.horizon) == (2, 5)


@pytest.mark.parametrize("spec", ["planner", {}, {"player": "mcts"}, {"player": lambda seed: None}])
def test_a_table_entry_that_names_no_planner_player_is_a_clear_error(spec):
    with pytest.raises(ValueError, match="own player"):
        check_spec(spec)
    with pytest.raises(ValueError, match="own player"):
        own_agent(get_edition("caylus"), spec, 1)


def test_a_table_without_a_player_gets_none_and_a_kept_player_is_built_once():
    ed = get_edition("caylus")
    assert own_agent(ed, None, 1) is None
    kept = {}
    first = own_agent(ed, {"player": "planner"}, 1, kept)
    assert own_agent(ed, {"player": "planner"}, 1, kept) is first and kept == {"caylus": first}


def test_bad_settings_are_refused():
    planner = edition_planner(get_edition("caylus"))
    for bad in ({"candidates": 0}, {"horizon": -1}, {"turns": -1}):
        with pytest.raises(ValueError, match="planner search"):
            PlannerSearch(planner, 1, **bad)
    with pytest.raises(ValueError, match="replies"):
        PlannerAgent(planner, 1, replies=-1)
    with pytest.raises(TypeError):
        own_agent(get_edition("caylus"), {"player": "planner", "candidates": 3}, 1)
