"""The public words: caylus.describe_action, describe_decision, describe_building, building_names, describe_event
and glossary, over every edition; bad input gets a clear error and changes nothing."""

from __future__ import annotations

import copy
import json

import pytest

import caylus

EDITIONS = ("caylus", "caylus-1303", "magna-carta")


def view_of(edition: str) -> dict:
    game = caylus.new_game(edition, players=3, seed=1)
    return game.view(game.current_player)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_has_words_and_they_change_nothing(edition):
    game = caylus.new_game(edition, players=3, seed=1)
    view = game.view(game.current_player)
    before, state = copy.deepcopy(view), game.view(None)
    assert caylus.describe_decision(view).startswith(game.player_name(game.current_player) + ": ")
    for action in game.legal_actions():
        text = caylus.describe_action(view, action)
        assert text == caylus.describe_action(view, action.token) == caylus.describe_action(view, f" {action.token} ")
        assert text and text != action.token
    names = caylus.building_names(view)
    assert names and len(set(names)) == len(names)
    for name in names:
        entry = caylus.describe_building(view, name)
        assert set(entry) - {"glyphs"} == {"id", "name", "kind", "text", "cost", "owner", "where"}
        assert entry["name"] == name
        # Where the edition draws its buildings (docs/glyphs.md): rows of [what, n] pairs.
        for row in ("cost", "built", "gives"):
            assert all(isinstance(what, str) and isinstance(n, (int, str))
                       for what, n in entry.get("glyphs", {}).get(row, []))
        assert caylus.describe_building(view, entry["id"]) == entry
        assert entry["text"].endswith(".") and isinstance(entry["where"], str)
    assert view == before and game.view(None) == state


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_view_sent_as_json_gets_the_same_words(edition):
    view = view_of(edition)
    sent = json.loads(json.dumps(view))
    assert caylus.describe_decision(sent) == caylus.describe_decision(view)
    assert [caylus.describe_action(sent, t) for t in view["legal_actions"] or ["pass"]] == \
        [caylus.describe_action(view, t) for t in view["legal_actions"] or ["pass"]]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_token_has_words_out_of_context(edition):
    """A token that does not answer the decision asked still reads as words (without the position's costs)."""
    game = caylus.new_game(edition, players=2, seed=0)
    view = game.view(None)
    for action in game.edition.actions:
        text = caylus.describe_action(view, action)
        assert text and text != action.token, action.token


def test_names_are_found_whatever_their_case_and_spacing():
    view = view_of("caylus")
    for name in ("trading_post", "Trading post", "  TRADING-POST ", "the trading post", "trading   post"):
        assert caylus.describe_building(view, name)["id"] == "trading_post"
    assert caylus.describe_building(view, "Merchants guild")["id"] == "merchants_guild"
    assert caylus.describe_building(view, "Farm (food)")["id"] == "food_farm"  # the catalog's name, too
    assert caylus.describe_building(view_of("caylus-1303"), "early riser")["id"] == "early_riser"
    assert caylus.describe_building(view_of("magna-carta"), "Town Hall")["id"] == "town_hall"


def test_an_unknown_name_is_refused_with_the_closest_ones():
    view = view_of("caylus")
    with pytest.raises(caylus.BadOption, match=r"no building, card or character called 'sawmil'.*Sawmill"):
        caylus.describe_building(view, "sawmil")
    with pytest.raises(caylus.BadOption, match=r"called 'xyzzy' \(caylus.building_names\(view\) lists them all\)"):
        caylus.describe_building(view, "xyzzy")
    for bad in ("", "   ", None, 3, ["gate"]):
        with pytest.raises(caylus.BadOption, match="non-empty text"):
            caylus.describe_building(view, bad)


def test_an_unknown_token_is_an_illegal_action():
    view = view_of("caylus")
    with pytest.raises(caylus.IllegalAction, match="unknown action"):
        caylus.describe_action(view, "fly:moon")
    with pytest.raises(caylus.IllegalAction, match="no such argument"):
        caylus.describe_action(view, "place:moon")
    with pytest.raises(caylus.IllegalAction):
        caylus.describe_action(view, 7)


@pytest.mark.parametrize("bad", [None, 3, "caylus", [], {}, {"edition": 1}, {"edition": "chess"}])
def test_what_is_not_a_view_is_refused(bad):
    for call in (caylus.describe_decision, caylus.building_names, lambda v: caylus.describe_action(v, "pass"),
                 lambda v: caylus.describe_building(v, "gate"), lambda v: caylus.describe_event(v, {"kind": "x"})):
        with pytest.raises(caylus.BadOption):
            call(bad)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_broken_view_is_refused_clearly(edition):
    view = view_of(edition)
    for key in [k for k in view if k not in ("edition", "viewer", "legal_actions", "current_player", "options")]:
        broken = {k: v for k, v in view.items() if k != key}
        for call in (caylus.describe_decision, caylus.building_names,
                     lambda v: [caylus.describe_action(v, t) for t in view["legal_actions"]]):
            try:
                call(broken)
            except caylus.BadOption as exc:
                assert "not a view that Game.view returns" in str(exc)
    with pytest.raises(caylus.BadOption, match="not a view that Game.view returns"):
        caylus.describe_decision({"edition": edition})


def test_events_need_a_kind_and_unknown_kinds_still_read():
    view = view_of("caylus")
    for bad in (None, "produce", {}, {"kind": 3}):
        with pytest.raises(caylus.BadOption, match="an event is a dict with a 'kind'"):
            caylus.describe_event(view, bad)
    text = caylus.describe_event(view, {"kind": "a_new_kind", "player": 1, "gain": {"wood": 2}})
    assert text == "Red: a new kind (gain 2 wood)"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_glossary(edition):
    words = caylus.glossary(edition)
    assert words == caylus.glossary(view_of(edition))
    assert {"resources", "money", "points", "phases", "players"} <= set(words)
    assert view_of(edition)["phase"] in words["phases"]
    words["resources"].clear()  # a copy: the edition's words stay whole
    assert caylus.glossary(edition)["resources"]
    if edition == "caylus":
        assert set(words["favor_lines"]) == {"prestige", "deniers", "cubes", "buildings"}
    for bad in ("chess", None, {}, {"edition": "chess"}):
        with pytest.raises(caylus.BadOption):
            caylus.glossary(bad)
