"""The style players (`caylus.agents.styles`, the plans in each edition's `styles.py`): legal whole games in every
edition and player count, the same seed the same game, no peeking at hidden cards, clear errors for bad names,
and each style pursuing its plan more than `greedy` does over the same seeded games."""

from __future__ import annotations

from collections import Counter
from fnmatch import fnmatchcase

import pytest

import caylus
from caylus.agents import BadAgent, Position, make_agent, play_game
from caylus.agents.planner import check_spec
from caylus.agents.styles import Plan, StyleAgent, describe, style_names
from caylus.core.registry import get_edition

EDITIONS = ["caylus", "caylus-1303", "magna-carta"]
SETUPS = [("caylus", 2), ("caylus", 3), ("caylus", 4), ("caylus", 5), ("caylus-1303", 2), ("caylus-1303", 3),
          ("caylus-1303", 4), ("caylus-1303", 5), ("magna-carta", 2), ("magna-carta", 3), ("magna-carta", 4)]


def styles_table(edition):
    import importlib

    from caylus.core.registry import EDITION_MODULES
    return importlib.import_module(EDITION_MODULES[edition] + ".styles").STYLES


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_has_at_least_three_styles_by_their_agent_names(edition):
    names = style_names(edition)
    assert len(names) >= 3 and all(n.startswith("style:") for n in names)
    for name in names:
        agent = make_agent(name, seed=1)
        assert agent.name == name and callable(agent.choose)
    plans = describe(edition)
    assert list(plans) == names and all(len(line) > 30 for line in plans.values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_style_changes_only_features_the_edition_has_and_prefers_moves_that_exist(edition):
    ed = get_edition(edition)
    tokens = [a.token for a in ed.actions]
    for name, entry in styles_table(edition).items():
        if "agent" in entry:  # a player of its own (e.g. Caylus 2005's planner), not weights and bonuses
            check_spec(entry["agent"])  # names a player of `agents.planner`, as data
            assert not entry.get("weights") and not entry.get("prefer"), name
            continue
        assert set(entry["weights"]) <= set(ed.heuristics.FEATURES), name
        for pattern, (early, late) in entry["prefer"].items():
            assert any(fnmatchcase(t, pattern) for t in tokens), (name, pattern)
            assert early >= 0 and late >= 0
        Plan(ed, name, entry)  # builds


def test_a_style_naming_an_unknown_feature_is_refused():
    with pytest.raises(ValueError, match="no feature 'castles'"):
        Plan(get_edition("caylus"), "odd", {"plan": "x", "weights": {"castles": (1.0, 1.0)}, "prefer": {}})


@pytest.mark.parametrize("spec", ["style:", "style:nope", "style:Builder", "style: builder x"])
def test_a_bad_style_name_is_one_clear_error_naming_the_styles(spec):
    with pytest.raises(BadAgent, match="style:builder"):
        make_agent(spec, seed=1)


def test_a_style_an_edition_lacks_is_a_clear_error_at_its_first_move(monkeypatch):
    import caylus.agents.styles as styles
    real = styles._table
    monkeypatch.setattr(styles, "_table", lambda e: {} if e == "magna-carta" else real(e))
    monkeypatch.setattr(styles, "_PLANS", {})
    with pytest.raises(BadAgent, match="'magna-carta' has no style 'builder'"):
        StyleAgent("builder", 1).choose(Position(caylus.new_game("magna-carta", players=2, seed=1)))


@pytest.mark.parametrize("edition,players", SETUPS)
def test_styles_play_whole_games_with_legal_moves_only(edition, players):
    # play_game refuses (IllegalAction) any move that is not legal: whole games are the check; every style sits
    # in every seat over the seeds.
    names = style_names(edition)
    for seed in range(2):
        specs = [names[(seed + i) % len(names)] for i in range(players)]
        game = play_game(caylus.new_game(edition, players=players, seed=seed),
                         [make_agent(s, 10 * seed + i) for i, s in enumerate(specs)])
        assert game.is_terminal and game.winners()


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_same_seed_gives_the_same_game(edition):
    def one_game(seed):
        return play_game(caylus.new_game(edition, players=3, seed=3),
                         [make_agent(s, seed + i) for i, s in enumerate(style_names(edition)[:3])]).record()
    assert one_game(1) == one_game(1)


def test_a_magna_carta_style_decides_from_the_view_alone():
    """Two games that look the same to the seat to move but deal the others different hidden cards get the same
    decision from every style: it cannot read what its seat cannot see."""
    game = caylus.new_game("magna-carta", players=3, seed=5)
    bots = [make_agent("random", q) for q in range(3)]
    checked = 0
    for _ in range(60):
        game.apply(bots[game.current_player].choose(Position(game)))
        if len(game.legal_actions()) < 3:
            continue
        seat = game.current_player
        view = game.view(seat)
        other = caylus.determinize(view, 12345)
        assert other.view(seat) == view
        for spec in style_names("magna-carta"):
            assert make_agent(spec, 9).choose(Position(game)) is make_agent(spec, 9).choose(Position(other)), spec
        checked += 1
    assert checked >= 10


def test_a_style_never_touches_the_real_game_of_a_hidden_information_edition(monkeypatch):
    """The position's sample is all a style plans on: in Magna Carta that is a re-dealt game, never the real one."""
    game = caylus.new_game("magna-carta", players=2, seed=2)
    seen = []
    real_sample = Position.sample

    def spy(self, rng):
        world = real_sample(self, rng)
        seen.append(world)
        return world
    monkeypatch.setattr(Position, "sample", spy)
    for spec in style_names("magna-carta"):
        position = Position(game)
        assert position._game is None
        make_agent(spec, 1).choose(position)
    assert seen and all(world is not game for world in seen)


# -- each style pursues its plan --------------------------------------------------------------------------------


def census(edition, style, games=4, players=2):
    """What `style` and `greedy` did in the same seeded heads-up games (seats alternating): a Counter per bot of
    the moves' tokens matched by the patterns the test asks about."""
    counts = {style: Counter(), "greedy": Counter()}
    for seed in range(games):
        specs = [style, "greedy"] if seed % 2 == 0 else ["greedy", style]
        bots = [make_agent(s, 100 + seed) for s in specs]

        def on_move(game, player, action, seconds, specs=specs):
            counts[specs[player]][action.token] += 1
        play_game(caylus.new_game(edition, players=players, seed=seed), bots, on_move=on_move)
    return counts


def total(counter, *patterns):
    return sum(n for token, n in counter.items() if any(fnmatchcase(token, p) for p in patterns))


def test_the_caylus_builder_makes_residences_and_goes_to_the_architect():
    from caylus.editions.classic.catalog import BUILDABLE, PRESTIGE, TILES
    prestige = [f"build:{TILES[t].id}" for t in BUILDABLE[PRESTIGE]]
    c = census("caylus", "style:builder")
    # rules p4: the Lawyer makes a Residence, on which the Architect builds a prestige building
    assert total(c["style:builder"], "transform:*") > total(c["greedy"], "transform:*")
    assert total(c["style:builder"], "place:architect*") > total(c["greedy"], "place:architect*")
    assert total(c["style:builder"], *prestige) >= total(c["greedy"], *prestige)


def test_the_caylus_castle_player_gives_more_batches():
    c = census("caylus", "style:castle")
    assert total(c["style:castle"], "batch:*") > total(c["greedy"], "batch:*")


def test_the_caylus_producer_builds_more_production_buildings():
    production = ["build:food_farm", "build:cloth_farm", "build:quarry", "build:sawmill", "build:stone_farm",
                  "build:park", "build:workshop"]
    c = census("caylus", "style:producer")
    assert total(c["style:producer"], *production) > total(c["greedy"], *production)


def test_the_1303_builder_builds_more_and_the_castle_player_delivers_more_bundles():
    c = census("caylus-1303", "style:builder")
    assert total(c["style:builder"], "build:*", "monument:*") > total(c["greedy"], "build:*", "monument:*")
    c = census("caylus-1303", "style:castle")
    assert total(c["style:castle"], "bundle:*") > total(c["greedy"], "bundle:*")


def test_the_1303_producer_builds_more_production_buildings():
    from caylus.editions.c1303.styles import _PRODUCTION
    c = census("caylus-1303", "style:producer")
    patterns = [f"build:{name}" for name in _PRODUCTION]
    assert total(c["style:producer"], *patterns) > total(c["greedy"], *patterns)


def test_the_magna_carta_styles_pursue_their_plans():
    c = census("magna-carta", "style:builder")
    assert total(c["style:builder"], "build:*", "prestige:*") > total(c["greedy"], "build:*", "prestige:*")
    c = census("magna-carta", "style:castle")
    assert total(c["style:castle"], "batch", "church:*") > total(c["greedy"], "batch", "church:*")
    production = ["build:small_*", "build:large_*", "build:gold_mine"]
    c = census("magna-carta", "style:producer")
    assert total(c["style:producer"], *production) > total(c["greedy"], *production)
