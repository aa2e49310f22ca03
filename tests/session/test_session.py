"""The session model (caylus.session): versioned moves, bot turns, undo, hints, per-seat state and log, records.

Bots here are `RandomAgent`s (any agent object may sit at a seat); hints come from a small explaining bot."""

from __future__ import annotations

import json

import pytest

import caylus
from caylus.agents import Advice, RandomAgent
from caylus.session import Session, StaleMove, UndoRefused


class Explainer:
    """A bot that explains: it ranks the legal actions by their position in the list (a fixed, known order)."""

    name = "explainer"

    def choose(self, position):
        return position.legal[0]

    def explain(self, position, top=3):
        return [Advice(a, float(-i), f"number {i + 1} in the list") for i, a in enumerate(position.legal[:top])]


def session(edition="caylus", players=3, seed=1, seats=None, **kwargs) -> Session:
    game = caylus.new_game(edition, players=players, seed=seed)
    if seats is None:
        seats = ["human"] + [RandomAgent(s) for s in range(1, players)]
    return Session(game, seats, hint_bot=Explainer(), **kwargs)


def to_person(s: Session) -> int:
    """Let the bots play until a person is to move; that person's seat."""
    while s.bot_to_move:
        s.bot_step()
    return s.game.current_player


def snapshot(s: Session) -> tuple:
    return (s.version, s.game.view(None), [a.token for a in s.game.history], s.game.events())


def play_out(s: Session) -> None:
    while not s.game.is_terminal:
        if s.bot_to_move:
            s.bot_step()
        else:
            seat = s.game.current_player
            s.move(seat, s.state(seat)["legal"][-1]["token"], s.version)


# -- moves and versions ------------------------------------------------------------------------------------------

def test_a_move_is_played_and_counted():
    s = session()
    seat = to_person(s)
    version = s.version
    token = s.game.legal_tokens()[1]
    played = s.move(seat, token, version)
    assert played.token == token and s.game.history[-1] is played
    assert s.version == version + 1


def test_a_stale_or_repeated_move_is_refused_and_changes_nothing():
    s = session(seats=["human", "human", "human"])
    seat = s.game.current_player
    version = s.version
    token = s.game.legal_tokens()[1]
    s.move(seat, token, version)
    before = snapshot(s)
    with pytest.raises(StaleMove, match=f"version {version}.*version {version + 1}"):
        s.move(seat, token, version)  # the same move sent twice
    with pytest.raises(StaleMove):
        s.move(s.game.current_player, s.game.legal_tokens()[0], version)  # chosen before the last move
    assert snapshot(s) == before
    assert isinstance(StaleMove("x"), caylus.IllegalAction)


@pytest.mark.parametrize("why,make", [
    ("turn", lambda s: s.move((s.game.current_player + 1) % 3, "pass")),
    ("bot", lambda s: s.move(s.game.current_player, "pass")),
    ("no seat", lambda s: s.move(7, "pass")),
    ("no seat", lambda s: s.move(True, "pass")),
    ("version", lambda s: s.move(s.game.current_player, "pass", "3")),
])
def test_moves_out_of_turn_by_a_bot_or_a_bad_seat_are_refused(why, make):
    s = session(seats=["human", RandomAgent(1), "human"])
    if why == "bot":
        while not s.bot_to_move:
            s.move(s.game.current_player, s.game.legal_tokens()[-1])
    else:
        to_person(s)
    before = snapshot(s)
    with pytest.raises(caylus.IllegalAction, match=why):
        make(s)
    assert snapshot(s) == before


def test_an_illegal_action_is_refused_with_the_engines_reason():
    s = session()
    seat = to_person(s)
    before = snapshot(s)
    with pytest.raises(caylus.IllegalAction, match="batch:food"):
        s.move(seat, "batch:food+wood", s.version)
    with pytest.raises(caylus.IllegalAction):
        s.move(seat, "no such token")
    assert snapshot(s) == before


def test_moves_after_the_end_are_refused():
    s = session()
    play_out(s)
    with pytest.raises(caylus.IllegalAction, match="over"):
        s.move(0, "pass")
    with pytest.raises(caylus.IllegalAction, match="over"):
        s.bot_step()


# -- bots ---------------------------------------------------------------------------------------------------------

def test_bot_step_plays_one_legal_move_of_the_bot_to_move():
    s = session(seats=[RandomAgent(5), "human", RandomAgent(6)])
    while not s.bot_to_move:
        s.move(s.game.current_player, "pass")
    seat, legal, version = s.game.current_player, s.game.legal_actions(), s.version
    played = s.bot_step()
    assert played in legal and s.version == version + 1
    assert s.log(seat)  # what it did is in the log


def test_bot_move_plays_a_move_chosen_elsewhere_checked_like_a_persons():
    s = session(seats=[RandomAgent(5), "human", RandomAgent(6)])
    while not s.bot_to_move:
        s.move(s.game.current_player, "pass")
    seat, version = s.game.current_player, s.version
    token = s.game.legal_actions()[0].token
    with pytest.raises(StaleMove):  # chosen on an older version: dropped
        s.bot_move(token, version - 1)
    before = snapshot(s)
    with pytest.raises(caylus.IllegalAction):
        s.bot_move("place:no-such-building", version)
    assert snapshot(s) == before
    assert s.bot_move(token, version).token == token and s.version == version + 1
    assert s.log(seat)
    while s.bot_to_move:
        s.bot_step()
    before = snapshot(s)
    with pytest.raises(caylus.IllegalAction, match="person"):  # a person's turn is never a bot's
        s.bot_move(s.game.legal_actions()[0].token, s.version)
    assert snapshot(s) == before


def test_bot_step_refuses_when_a_person_is_to_move():
    s = session(seats=["human"] * 3)
    before = snapshot(s)
    with pytest.raises(caylus.IllegalAction, match="person"):
        s.bot_step()
    assert snapshot(s) == before


def test_a_session_of_bots_alone_plays_to_the_end_the_same_way_twice():
    records = []
    for _ in range(2):
        s = Session(caylus.new_game("caylus-1303", players=3, seed=4), [RandomAgent(1), RandomAgent(2), RandomAgent(3)])
        play_out(s)
        records.append(s.record())
    assert records[0] == records[1]


# -- undo ---------------------------------------------------------------------------------------------------------

def test_undo_against_bots_goes_back_to_the_persons_previous_decision():
    s = session(seed=3)
    for _ in range(5):  # a few turns in
        s.move(to_person(s), s.game.legal_tokens()[-1])
    seat = to_person(s)
    before = snapshot(s)
    log_before = s.log(seat)
    token = s.game.legal_tokens()[1]
    s.move(seat, token, s.version)
    to_person(s)  # the bots answer
    assert s.game.current_player == seat and len(s.game.history) > len(before[2]) + 1
    assert s.undo(seat).token == token
    version, view, history, events = snapshot(s)
    assert (view, history, events) == before[1:]
    assert version > before[0]  # an undo is a change: moves chosen before it are stale
    assert s.log(seat) == log_before


def test_undo_in_hot_seat_is_one_step_by_whoever_made_it():
    s = session(seats=["human", "human", "human"])
    first = s.game.current_player
    before = snapshot(s)
    s.move(first, s.game.legal_tokens()[-1])
    second = s.game.current_player
    assert second != first
    with pytest.raises(caylus.IllegalAction, match="only they"):
        s.undo(second)
    s.undo(first)
    assert snapshot(s)[1:] == before[1:]
    with pytest.raises(caylus.IllegalAction, match="no decision"):
        s.undo(first)


def test_undo_never_takes_back_a_card_the_person_has_seen():
    """Magna Carta: a card drawn is a secret seen; taking the draw back would show the deck's next card for free
    (draw, look, undo, choose again). Other decisions are taken back as anywhere else."""
    s = session("magna-carta", players=2, seed=5)
    for _ in range(300):  # on to a decision where the person may draw a card
        seat = to_person(s)
        legal = s.game.legal_tokens()
        if "draw" in legal:
            break
        s.move(seat, legal[-1])
    assert "draw" in s.game.legal_tokens()
    other = next(t for t in s.game.legal_tokens() if t != "draw")
    before = snapshot(s)
    s.move(seat, other)
    to_person(s)
    s.undo(seat)
    assert snapshot(s)[1:] == before[1:]
    s.move(seat, "draw")
    to_person(s)
    seen = snapshot(s)
    with pytest.raises(caylus.IllegalAction, match="cannot be taken back"):
        s.undo(seat)
    assert snapshot(s) == seen


def _after_a_persons_move(first_barrier, prefer):
    """A Magna Carta session (a person against a random bot) just after the person moved and the bot answered,
    where the first event undo may not cross since the person's move is `first_barrier(event)`; the person's
    seat. The person plays the first legal move `prefer` likes (else the last)."""
    from caylus.editions.magna_carta.undo import undo_barrier

    for seed in range(40):
        s = session("magna-carta", players=2, seed=seed, seats=["human", RandomAgent(seed)])
        while not s.game.is_terminal:
            seat = to_person(s)
            if s.game.is_terminal:
                break
            start = s.game.event_count
            legal = s.game.legal_tokens()
            s.move(seat, next((t for t in legal if prefer(t)), legal[-1]))
            to_person(s)
            barriers = [e for e in s.game.events(None, start) if undo_barrier(e)]
            if barriers and first_barrier(barriers[0]):
                return s, seat
    raise AssertionError("no game came to the position wanted")


def test_undo_never_goes_back_across_a_card_a_bot_revealed():
    """A bot built a card from its hidden hand after the person's move: undoing would show the person that card
    and the bot's same answer for free (board-game sites' rule: no undo across hidden information revealed)."""
    s, seat = _after_a_persons_move(lambda e: e["kind"] == "build" and e["player"] == 1,
                                    prefer=lambda t: t.split(":")[0] not in ("draw", "replace", "build"))
    seen = snapshot(s)
    with pytest.raises(UndoRefused, match=r"since it, Red built a card from their hidden hand .*revealed to anyone"):
        s.undo(seat)
    assert snapshot(s) == seen


def test_undo_never_goes_back_across_a_bots_draw_or_a_shuffle():
    s, seat = _after_a_persons_move(lambda e: e["kind"] == "draw" and e["player"] == 1,
                                    prefer=lambda t: t.split(":")[0] not in ("draw", "replace", "build"))
    seen = snapshot(s)
    with pytest.raises(UndoRefused, match="Red drew"):
        s.undo(seat)
    assert snapshot(s) == seen
    s, seat = _after_a_persons_move(lambda e: e["kind"] == "reshuffle", prefer=lambda t: t == "draw")
    seen = snapshot(s)
    with pytest.raises(UndoRefused, match="shuffled into a new pile .a random draw"):
        s.undo(seat)
    assert snapshot(s) == seen


def test_undo_is_refused_for_a_bot_or_with_nothing_to_take_back():
    s = session()
    with pytest.raises(caylus.IllegalAction, match="bot"):
        s.undo(1)
    with pytest.raises(caylus.IllegalAction, match="no seat"):
        s.undo(9)


# -- hints --------------------------------------------------------------------------------------------------------

def test_a_hint_is_the_hint_bots_best_actions_with_reasons():
    s = session()
    seat = to_person(s)
    advice = s.hint(seat)
    assert [a.action for a in advice] == s.game.legal_actions()[:3]
    assert all(a.reason for a in advice)
    assert len(s.hint(seat, top=1)) == 1


def test_a_hint_of_hard_is_the_editions_real_hard_and_another_level_is_refused():
    from caylus.agents import Position, make_agent
    from caylus.agents.planner import PlannerSearch

    s = Session(caylus.new_game("caylus-1303", players=2, seed=2), ["human", "human"])
    seat = s.game.current_player
    advice = s.hint(seat, top=2, level="hard")
    # Caylus 1303's `hard` is the planner's search: the hint is its choice, in its words.
    hard = make_agent("hard", 1)
    assert isinstance(hard.own_player(s.game.edition), PlannerSearch)
    assert advice[0].action == hard.choose(Position(s.game)) and len(advice) == 2
    assert "at the end of the game" in advice[0].reason
    version = s.version
    for bad in ("expert", "hard:600", "mcts:100000", 3):
        with pytest.raises(caylus.BadOption, match="level normal or hard"):
            s.hint(seat, level=bad)
    assert s.version == version and s.game.current_player == seat  # nothing changed


def test_a_hint_out_of_turn_is_refused():
    s = session(seats=["human", "human", "human"])
    other = (s.game.current_player + 1) % 3
    with pytest.raises(caylus.IllegalAction, match="turn"):
        s.hint(other)


# -- what each seat sees --------------------------------------------------------------------------------------------

def test_state_of_the_seat_to_move():
    s = session()
    seat = to_person(s)
    state = s.state(seat)
    assert json.loads(json.dumps(state)) == state
    assert state["seat"] == seat and state["version"] == s.version and state["current_player"] == seat
    assert [x["token"] for x in state["legal"]] == s.game.legal_tokens()
    assert all(x["text"] for x in state["legal"])
    assert state["view"] == s.game.view(seat) and not state["terminal"] and "result" not in state
    assert [x["spec"] for x in state["seats"]] == ["human", "random", "random"]
    assert state["log"] == s.log(seat)


def test_state_of_a_seat_not_to_move_and_of_a_spectator_offer_no_moves():
    s = session(seats=["human"] * 3)
    other = (s.game.current_player + 1) % 3
    assert s.state(other)["legal"] == []
    spectator = s.state(None)
    assert spectator["seat"] is None and spectator["legal"] == [] and spectator["view"]["viewer"] is None


def test_the_log_numbers_its_entries_and_words_them():
    s = session()
    to_person(s)
    log = s.log(0)
    assert [e["index"] for e in log] == list(range(len(log)))
    assert all(isinstance(e["text"], str) and e["text"] for e in log)
    assert s.log(0, since=3) == log[3:]


def test_the_result_breaks_the_end_bonus_down():
    s = session(seed=2)
    play_out(s)
    result = s.state(0)["result"]
    assert result == s.result()
    assert result["scores"] == s.game.scores() and result["winners"] == s.game.winners()
    for p in result["players"]:
        assert p["bonus"] == sum(p["bonus_parts"].values()) and p["bonus_parts"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_ever_sees_another_seats_hand_in_magna_carta(players):
    s = session("magna-carta", players=players, seed=7, seats=["human"] * players)
    for _ in range(120):
        if s.game.is_terminal:
            break
        for seat in [None, *range(players)]:
            state = s.state(seat)
            for q, shown in enumerate(state["view"]["seats"]):
                if q != seat:
                    assert shown["hand"] is None and "deck" not in shown
            for entry in state["log"]:
                if entry.get("cards") is not None:  # the cards drawn: shown to their drawer only
                    assert entry["player"] == seat
        s.move(s.game.current_player, s.game.legal_tokens()[-1])


# -- records ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_from_record_goes_on_exactly(edition):
    s = session(edition, seed=5)
    for _ in range(6):
        s.move(to_person(s), s.game.legal_tokens()[-1])
    again = Session.from_record(s.record(), ["human", RandomAgent(1), RandomAgent(2)], hint_bot=Explainer())
    assert again.game.view(None) == s.game.view(None)
    assert again.version == len(s.game.history)
    assert again.log(0) == s.log(0) and again.state(None)["log"] == s.state(None)["log"]
    assert again.undo(0) is s.undo(0)  # who chose what is known again
    assert again.game.view(None) == s.game.view(None)


def test_a_bad_record_or_bad_seats_are_refused():
    with pytest.raises(caylus.BadRecord):
        Session.from_record("not a record", ["human", "human"])
    game = caylus.new_game("caylus", players=3, seed=1)
    with pytest.raises(caylus.BadOption, match="3 players|3-player"):
        Session(game, ["human", "human"])
    with pytest.raises(caylus.BadOption, match="seat 1"):
        Session(game, ["human", 42, "human"])
    with pytest.raises(caylus.BadOption, match="list"):
        Session(game, "human")
    with pytest.raises(caylus.BadOption):
        Session("a game", ["human"])


@pytest.mark.parametrize("edition,shared", [("caylus", True), ("caylus-1303", True), ("magna-carta", False)])
def test_log_lines_are_worded_once_for_every_seat_where_nothing_is_hidden(monkeypatch, edition, shared):
    """Where no event is told differently to anyone, each event's line is worded once and read by every seat and
    a spectator alike; where events are told by seat (Magna Carta's draws), each seat's lines are its own."""
    import caylus.session as session_module

    worded = []
    real = session_module.describe_event
    monkeypatch.setattr(session_module, "describe_event", lambda view, event: (worded.append(1), real(view, event))[1])
    s = session(edition, players=3, seats=["human", "human", "human"], seed=4)
    for _ in range(12):
        s.move(s.game.current_player, s.game.legal_actions()[0].token, s.version)
    logs = {seat: [(e["index"], e["text"]) for e in s.state(seat)["log"]] for seat in (0, 1, 2, None)}
    events = s.game.event_count
    if shared:
        assert logs[0] == logs[1] == logs[2] == logs[None] and len(worded) == events
    else:
        assert len(worded) == 4 * events  # three seats and the spectator, each worded for its own eyes
