"""Caylus Magna Carta events (docs/events.md): what they say agrees with the rules (shared/rules/magna-carta-rules.md),
and no seat ever learns another player's cards from them: a card drawn is told to its drawer only."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import caylus
from caylus.core.edition import SPECTATOR

CARD_KEYS = ("card", "cards", "covers", "target", "discarded")  # the keys of events that name player cards
GAMES = [(players, seed, rules) for players in (2, 3, 4) for seed in (1, 2) for rules in ("standard", "beginner")]


def finished(players: int, seed: int, rules: str = "standard", stop: int | None = None) -> caylus.Game:
    game = caylus.new_game("magna-carta", players=players, seed=seed, rules=rules)
    game.record_events()
    rng = random.Random(seed)
    while not game.is_terminal and (stop is None or len(game.history) < stop):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players,seed,rules", GAMES)
def test_a_seat_sees_its_own_draws_and_only_the_number_of_the_others(players, seed, rules):
    game = finished(players, seed, rules)
    everything = game.events()
    for seat in [SPECTATOR, *range(players)]:
        mine = game.public_events() if seat == SPECTATOR else game.events(seat)
        assert len(mine) == len(everything)
        for told, real in zip(mine, everything):
            if real["kind"] == "draw" and real["player"] != seat:
                assert told == {**real, "cards": None}  # how many, never which
            else:
                assert told == real  # everything else is public


@pytest.mark.parametrize("players,seed,rules", GAMES)
def test_no_event_names_a_card_in_another_players_hand(players, seed, rules):
    """Replayed step by step: the events another player's action leaves never name a card that is then in that
    player's hand (every player has the same cards: a card is the event's player's, or its `owner`'s). Only a hand
    discarded face up (`redraw`, `replace`) is named, as it lies on the discard pile."""
    told = finished(players, seed, rules)
    game = caylus.new_game("magna-carta", players=players, seed=seed, rules=rules)
    game.record_events()
    for act in told.history:
        before = game.event_count
        game.apply(act)
        hands = [set(s["hand"]) for s in game.view(None)["seats"]]
        for seat in range(players):
            for event in game.events(seat, since=before):
                q = event["player"]
                if q is None or q == seat or event["kind"] in ("redraw", "replace"):
                    continue
                for key, value in event.items():
                    if key not in CARD_KEYS or key == "card" and event.get("owner", q) != q:
                        continue  # a card on the road, named with its owner (or neutral): not q's
                    names = value if isinstance(value, list) else [value]
                    assert not [n for n in names if isinstance(n, str) and n in hands[q]], (seat, event)


@pytest.mark.parametrize("players,seed,rules", GAMES)
def test_draws_and_reshuffles_add_up(players, seed, rules):
    """Each player starts with 3 cards (rules: setup); drawing takes the top card, reshuffling the discard pile
    into a new pile when it is empty."""
    game = finished(players, seed, rules)
    events = game.events()
    opening = [e for e in events[:players + 1] if e["kind"] == "draw"]
    assert [e["player"] for e in opening] == list(range(players)) and all(e["count"] == 3 for e in opening)
    for e in events:
        if e["kind"] == "draw":
            assert e["count"] == len(e["cards"]) >= 1
        elif e["kind"] == "reshuffle":
            assert e["count"] >= 1


@pytest.mark.parametrize("players,seed,rules", GAMES)
def test_castle_tokens_told_add_up_to_each_players_tokens(players, seed, rules):
    """Phase 5: a batch takes a token of the best section left; the Church sells tokens too."""
    game = finished(players, seed, rules)
    taken = Counter()
    for e in game.events():
        if e["kind"] == "batch":
            taken.update({(e["player"], s): n for s, n in e["tokens"].items()})
        elif e["kind"] == "trade" and e["card"] == "church":
            taken.update({(e["player"], s): n for s, n in e["gain"].items()})
    for p, seat in enumerate(game.view(None)["seats"]):
        for section, n in seat["tokens"].items():
            assert taken[(p, section)] == n


@pytest.mark.parametrize("players,seed,rules", GAMES)
def test_the_provost_events_follow_him(players, seed, rules):
    """Phase 3: each player in passing order may move him, 1 denier a card; phase 6: he moves 2 cards on."""
    events = finished(players, seed, rules).events()
    moves = [e for e in events if e["kind"] in ("provost", "provost_advance")]
    if rules == "beginner":
        assert not moves
        return
    for before, after in zip(moves, moves[1:]):
        assert after["start"] == before["to"]
    for e in moves:
        if e["kind"] == "provost":
            assert e["paid"] == abs(e["by"]) and e["to"] == e["start"] + e["by"]


@pytest.mark.parametrize("players,seed,rules", GAMES[:4])
def test_the_end_bonus_and_the_result(players, seed, rules):
    """End of the game: 1 point a gold, 1 per 3 other cubes, 1 per 3 deniers."""
    game = finished(players, seed, rules)
    events = game.events()
    bonus = {e["player"]: e for e in events if e["kind"] == "end_bonus"}
    for p, seat in enumerate(game.view(None)["seats"]):
        assert bonus[p]["parts"] == seat["end_bonus_parts"]
    assert events[-1] == {"kind": "game_over", "player": None, "scores": game.scores(), "winners": game.winners()}


def test_undo_takes_back_a_draw():
    game = finished(3, 5, stop=12)
    while "draw" not in game.legal_tokens():
        game.apply(game.legal_actions()[0])
    before = game.events()
    game.apply("draw")
    assert game.events()[-1]["kind"] == "draw"
    game.undo()
    assert game.events() == before
