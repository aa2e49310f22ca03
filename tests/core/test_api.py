"""The public API as docs/api.md describes it, on the Caylus (2005) edition (always present)."""

from __future__ import annotations

import json
import random

import pytest

import caylus
from caylus import TERMINAL, Action, BadOption, BadRecord, CaylusError, Game, IllegalAction
from caylus.agents import Position, RandomAgent, play_random_game


def test_front_door():
    assert "caylus" in caylus.available_editions()
    game = caylus.new_game("caylus", players=4, seed=1)
    assert isinstance(game, Game)
    assert game.num_players == 4 and game.seed == 1
    assert game.options == {"favors": "table", "jeweller": False}
    assert 0 <= game.current_player < 4 and not game.is_terminal
    assert caylus.replay is not None and caylus.__version__ == caylus.core.ENGINE_VERSION


def test_the_docs_example_runs():
    """The example at the top of docs/api.md."""
    game = caylus.new_game("caylus", players=4, seed=1, favors="simplified")
    rng = random.Random(1)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    assert game.current_player == caylus.TERMINAL == -4
    assert len(game.scores()) == 4 and game.winners()
    again = caylus.load_record(game.record())
    assert again.scores() == game.scores()


@pytest.mark.parametrize("kwargs, message", [
    (dict(edition="chess"), "unknown edition 'chess'"),
    (dict(edition="caylus", players=1), "2-5 players, not 1"),
    (dict(edition="caylus", players=6), "2-5 players, not 6"),
    (dict(edition="caylus", players="four"), "whole number"),
    (dict(edition="caylus", seed="1"), "seed must be an integer"),
    (dict(edition="caylus", seed=True), "seed must be an integer"),
    (dict(edition="caylus", colour="red"), "no option 'colour'"),
    (dict(edition="caylus", favors="generous"), "expected one of table, simplified"),
    (dict(edition="caylus", jeweller="maybe"), "expected true or false"),
])
def test_bad_setups_raise_bad_option(kwargs, message):
    with pytest.raises(BadOption, match=message):
        caylus.new_game(**kwargs)


def test_options_accept_their_text_forms():
    assert caylus.new_game("caylus", players=2, seed=1, jeweller="true").options["jeweller"] is True
    assert caylus.new_game("caylus", players=2, seed=1, jeweller="no").options["jeweller"] is False
    assert caylus.new_game("caylus", players="3", seed=1).num_players == 3
    ed = caylus.get_edition("caylus")
    assert (ed.min_players, ed.max_players) == (2, 5)
    assert {o.name for o in ed.options} == {"favors", "jeweller"}


def test_errors_form_one_family():
    for cls in (IllegalAction, BadRecord, BadOption):
        assert issubclass(cls, CaylusError) and issubclass(cls, ValueError)


def test_apply_takes_an_action_or_its_token_and_returns_the_interned_action():
    game = caylus.new_game("caylus", players=4, seed=1)
    legal = game.legal_actions()
    assert legal[0].token == "pass" and all(isinstance(a, Action) for a in legal)
    twin = game.clone()
    played = game.apply("place:castle")
    assert played is twin.apply(twin.parse("place:castle")) is game.edition.actions["place:castle"]
    assert game.view(None) == twin.view(None)


def test_illegal_action_says_why_and_changes_nothing():
    game = caylus.new_game("caylus", players=4, seed=1)
    before = game.view(None)
    with pytest.raises(IllegalAction) as info:
        game.apply("favor:deniers")
    assert str(info.value).startswith("favor:deniers: ") and "must now place a worker or pass" in str(info.value)
    with pytest.raises(IllegalAction, match="unknown action 'fly'"):
        game.apply("fly:away")
    with pytest.raises(IllegalAction, match="takes no such argument"):
        game.apply("place:nowhere")
    with pytest.raises(IllegalAction, match="empty action token"):
        game.apply("")
    assert game.view(None) == before and game.history == []


def test_a_small_number_needs_no_sign():
    """Tokens are typed by people: provost:2 names provost:+2."""
    actions = caylus.get_edition("caylus").actions
    assert actions.parse("provost:2") is actions["provost:+2"]
    assert actions.parse("provost:-2") is actions["provost:-2"]


def test_action_index_is_a_stable_integer_id():
    actions = caylus.get_edition("caylus").actions
    assert [a.index for a in actions] == list(range(len(actions)))
    assert actions.by_index(0).token == "pass"
    game = caylus.new_game("caylus", players=3, seed=5)
    for act in game.legal_actions():
        assert actions.by_index(act.index) is act


def test_current_player_is_terminal_once_over_and_results_appear():
    playout = play_random_game("caylus", 3, seed=2)
    assert playout.ok, playout.error
    game = playout.game
    assert game.current_player == TERMINAL and game.is_terminal and game.legal_actions() == []
    scores = game.scores()
    assert game.winners() == [p for p in range(3) if scores[p] == max(scores)]
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply("pass")


def test_mid_game_has_no_winner_yet():
    game = caylus.new_game("caylus", players=2, seed=3)
    assert game.winners() == [] and game.returns() == [0.0, 0.0]
    assert game.scores() == [0, 0]


def test_undo_takes_back_one_player_action_and_returns_it():
    game = caylus.new_game("caylus", players=4, seed=1)
    start = game.view(None)
    with pytest.raises(IllegalAction, match="no action to take back"):
        game.undo()
    first = game.apply("place:castle")
    after_one = game.view(None)
    game.apply("pass")
    assert game.undo().token == "pass"
    assert game.view(None) == after_one
    assert game.undo() is first and game.view(None) == start and game.history == []


def test_clone_is_a_separate_game():
    game = caylus.new_game("caylus", players=4, seed=1)
    twin = game.clone()
    twin.apply("pass")
    assert game.history == [] and len(twin.history) == 1
    assert game.view(None) != twin.view(None)


def test_view_is_plain_data_with_the_common_keys():
    game = caylus.new_game("caylus", players=4, seed=1)
    v = game.view(game.current_player)
    assert json.loads(json.dumps(v)) == v
    for key in ("edition", "players", "options", "viewer", "current_player", "legal_actions"):
        assert key in v
    assert v["legal_actions"] == game.legal_tokens()
    other = (game.current_player + 1) % 4
    assert game.view(other)["legal_actions"] == []
    with pytest.raises(IllegalAction, match="no player 4"):
        game.view(4)


def test_json_round_trip_and_bad_json():
    game = caylus.new_game("caylus", players=2, seed=9)
    for token in ("pass", "pass"):
        game.apply(token)
    again = Game.from_json(game.to_json())
    assert again.view(None) == game.view(None) and again.history == game.history
    data = json.loads(game.to_json())
    data["state"]["turn"] = 99
    with pytest.raises(BadRecord, match="stored state does not match"):
        Game.from_json(json.dumps(data))
    with pytest.raises(BadRecord, match="not JSON"):
        Game.from_json("{")
    with pytest.raises(BadRecord, match="missing key 'seed'"):
        Game.from_json(json.dumps({"edition": "caylus", "players": 2, "actions": []}))
    with pytest.raises(BadRecord, match="action 1"):
        Game.from_json(json.dumps({"edition": "caylus", "players": 2, "seed": 1, "actions": ["joust"]}))


def test_determinize_is_for_hidden_information_editions():
    for eid in caylus.available_editions():
        ed = caylus.get_edition(eid)
        game = caylus.new_game(eid, players=ed.min_players, seed=4)
        if ed.determinize is None:
            with pytest.raises(BadOption, match="no hidden information"):
                caylus.determinize(game.view(0), 1)
        else:
            world = caylus.determinize(game.view(0), 1)
            assert world.view(0) == game.view(0)
    with pytest.raises(BadOption, match="needs a view"):
        caylus.determinize({"players": 2}, 1)


def test_random_agent_uses_only_the_legal_actions_and_its_seed():
    game = caylus.new_game("caylus", players=4, seed=1)
    a, b = RandomAgent(7), RandomAgent(7)
    for _ in range(30):
        choice = a.choose(Position(game))
        assert choice in game.legal_actions() and b.choose_in(game) is choice
        game.apply(choice)


def test_play_random_game_reports_a_failure_with_the_game_so_far(monkeypatch):
    calls = 0
    original = Game.apply

    def failing_apply(self, action):
        nonlocal calls
        calls += 1
        if calls == 10:
            raise RuntimeError("boom")
        return original(self, action)

    monkeypatch.setattr(Game, "apply", failing_apply)
    playout = play_random_game("caylus", 4, seed=3)
    assert not playout.ok and isinstance(playout.error, RuntimeError)
    assert playout.decisions == 9 and len(playout.game.history) == 9
    assert playout.record().startswith('[Edition "caylus"]')
    assert len(playout.record().splitlines()) == 5 + 9


def test_play_random_game_stops_a_game_that_does_not_end():
    playout = play_random_game("caylus", 2, seed=1, max_decisions=20)
    assert not playout.ok and "did not end within 20 decisions" in str(playout.error)
    assert playout.decisions == 20
