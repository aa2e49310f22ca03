"""Engine events through the public API, for every edition: opt-in, JSON-ready, the same however recording
starts, taken back by `undo`, never recorded by copies, refused clearly when asked for wrongly (docs/events.md)."""

from __future__ import annotations

import json
import random

import pytest

import caylus
from caylus.core.edition import SPECTATOR

EDITIONS = ("caylus", "caylus-1303", "magna-carta")


def played(edition: str, players: int, seed: int, decisions: int | None = None, record: bool = True):
    """A game played at random for `decisions` actions (or to its end), recording events from the start."""
    game = caylus.new_game(edition, players=players, seed=seed)
    if record:
        game.record_events()
    rng = random.Random(seed)
    while not game.is_terminal and (decisions is None or len(game.history) < decisions):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("edition", EDITIONS)
def test_nothing_is_recorded_unless_asked(edition):
    game = played(edition, 3, 1, decisions=30, record=False)
    assert game.board.events is None
    assert not game.records_events and game.event_count == 0
    with pytest.raises(caylus.IllegalAction, match="record_events"):
        game.events()


@pytest.mark.parametrize("edition", EDITIONS)
def test_events_are_plain_json_and_end_with_the_result(edition):
    game = played(edition, 3, 2)
    events = game.events()
    assert events and all(isinstance(e["kind"], str) and "player" in e for e in events)
    assert not any("index" in e or "text" in e for e in events)  # the session's log adds these two
    assert json.loads(json.dumps(events)) == events
    assert events[-1]["kind"] == "game_over"
    assert events[-1]["scores"] == game.scores() and events[-1]["winners"] == game.winners()


@pytest.mark.parametrize("edition", EDITIONS)
def test_recording_late_gives_the_same_events_as_recording_from_the_start(edition):
    early = played(edition, 4, 3, decisions=80)
    late = played(edition, 4, 3, decisions=80, record=False)
    late.record_events()
    assert late.events() == early.events()
    again = caylus.load_record(early.record())
    again.record_events()
    assert again.events() == early.events()


@pytest.mark.parametrize("edition", EDITIONS)
def test_undo_takes_back_the_events_of_the_undone_action(edition):
    game = played(edition, 3, 4, decisions=40)
    rng = random.Random(4)
    for _ in range(60):
        if game.is_terminal:
            break
        before = game.events()
        game.apply(rng.choice(game.legal_actions()))
        game.undo()
        assert game.events() == before
        game.apply(rng.choice(game.legal_actions()))
        assert game.events()[:len(before)] == before


@pytest.mark.parametrize("edition", EDITIONS)
def test_undo_across_checkpoints_restores_the_events_exactly(edition):
    game = played(edition, 3, 5, decisions=100)
    marks = []
    replay = played(edition, 3, 5, decisions=0)
    for act in game.history:
        marks.append(replay.events())
        replay.apply(act)
    for k in range(len(game.history) - 1, 30, -7):
        while len(game.history) > k:
            game.undo()
        assert game.events() == marks[k]


@pytest.mark.parametrize("edition", EDITIONS)
def test_copies_record_nothing(edition):
    game = played(edition, 3, 6, decisions=20)
    copy = game.clone()
    assert copy.board.events is None and not copy.records_events
    count = game.event_count
    rng = random.Random(6)
    for _ in range(10):
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.event_count == count


@pytest.mark.parametrize("edition", EDITIONS)
def test_since_gives_the_tail_and_seats_see_one_numbering(edition):
    game = played(edition, 3, 7, decisions=50)
    everything = game.events()
    assert game.events(None, since=10) == everything[10:]
    for seat in range(3):
        assert len(game.events(seat)) == len(everything)
        assert game.events(seat, since=len(everything)) == []
    assert len(game.public_events()) == len(everything)


@pytest.mark.parametrize("seat", [-1, 3, True, "0", 1.0])
def test_a_bad_seat_is_refused(seat):
    game = played("caylus", 3, 8, decisions=10)
    count = game.event_count
    with pytest.raises(caylus.IllegalAction, match="no player"):
        game.events(seat)
    assert game.event_count == count


@pytest.mark.parametrize("since", [-1, True, "0", 1.0, None])
def test_a_bad_since_is_refused(since):
    game = played("caylus", 3, 8, decisions=10)
    count = game.event_count
    with pytest.raises(caylus.IllegalAction, match="since"):
        game.events(0, since=since)
    assert game.event_count == count


def test_events_returned_are_copies():
    game = played("caylus", 3, 9, decisions=10)
    first = game.events()
    income = next(e for e in first if e["kind"] == "income")
    income["buildings"]["x"] = 1
    first[0]["kind"] = "changed"
    first.clear()
    again = game.events()
    assert again[0]["kind"] != "changed"
    assert "x" not in next(e for e in again if e["kind"] == "income")["buildings"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_public_view_hides_every_hand(edition):
    game = played(edition, 3, 10, decisions=25)
    public = game.public_view()
    assert public["viewer"] is None and public["legal_actions"] == []
    assert json.loads(json.dumps(public)) == public
    if game.edition.determinize is None:  # nothing hidden: the public view is the table
        assert {k: v for k, v in public.items() if k not in ("viewer", "legal_actions")} == \
               {k: v for k, v in game.view(0).items() if k not in ("viewer", "legal_actions")}
    else:
        assert all(seat["hand"] is None for seat in public["seats"])
    assert SPECTATOR == -1


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 4])
def test_recording_changes_nothing_in_the_game(edition, players):
    """The same actions give the same game with and without events (events only tell)."""
    for seed in (11, 12):
        told = played(edition, players, seed)
        silent = caylus.load_record(told.record())
        assert silent.view(None) == told.view(None) and silent.scores() == told.scores()
