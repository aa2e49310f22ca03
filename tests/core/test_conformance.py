"""Random-playout conformance: what every edition, player count and option must satisfy through the public API.

Games terminate; legal actions apply without raising; illegal and malformed ones raise `IllegalAction` and
change nothing; `undo` restores exactly; `clone` is independent; JSON and records reproduce the state; results
are sound. Edition-specific invariants (conservation of cubes, workers, ...) live in each edition's own tests.

Set CAYLUS_CONFORMANCE_GAMES=N to play N games per configuration in each check (the default keeps the suite fast).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import caylus
from caylus import TERMINAL, Game, IllegalAction

from .playing import CONFIGS, EDITIONS, GAMES, apply_legal, describe_game, random_playout, seeds

# Tokens that are no action of any edition, or not tokens at all.
MALFORMED = ["place:nowhere", "", "   ", "pass pass", "PASS:", "build:", ":", "provost:+99", "fly:to_the_moon",
             "place:inn:now", "favor:", "\n"]
NOT_STRINGS = [None, 42, 3.5, ("pass",), b"pass"]
COMMON_VIEW_KEYS = {"edition", "players", "options", "viewer", "current_player", "legal_actions"}

by_config = pytest.mark.parametrize("config", CONFIGS, ids=str)


def snapshot(game: Game) -> dict:
    """The omniscient view, the whole state as plain data (what undo, clone and JSON must preserve)."""
    return game.view(None)


# -- playouts -----------------------------------------------------------------------------------------------------
@by_config
def test_random_games_end_with_sound_results(config):
    for seed in seeds(0, 5 * GAMES):
        game = config.new_game(seed)
        players = config.players

        def check_decision(g: Game) -> None:
            legal = g.legal_actions()
            assert 0 <= g.current_player < players, f"current_player {g.current_player}{describe_game(g)}"
            # Forced moves are played by the engine: a player is never asked a question with one answer,
            # unless the edition must ask it because the answer count depends on hidden information.
            must_ask = g.edition.must_ask is not None and g.edition.must_ask(g.board)
            assert len(legal) >= (1 if must_ask else 2), f"a decision with {len(legal)} answers: {legal}{describe_game(g)}"
            assert len(set(legal)) == len(legal), f"duplicate legal actions {legal}{describe_game(g)}"
            for act in legal:
                assert g.edition.actions.by_index(act.index) is act, f"{act} is not the edition's own action"
            assert g.winners() == [] and g.returns() == [0.0] * players
            assert not g.is_terminal

        random_playout(game, random.Random(seed), check_decision)
        assert game.is_terminal and game.current_player == TERMINAL
        assert game.legal_actions() == []
        scores = game.scores()
        assert len(scores) == players and all(type(s) is int for s in scores), scores
        winners = game.winners()
        assert winners, "a finished game has at least one winner"
        assert all(scores[p] == max(scores) for p in winners), (scores, winners)
        assert [p for p in range(players) if scores[p] == max(scores)] == winners
        assert game.returns() == [1.0 if p in winners else 0.0 for p in range(players)]
        with pytest.raises(IllegalAction, match="over"):
            game.apply("pass")


@by_config
def test_same_seed_same_game(config):
    seed = seeds(100, 1)[0]
    first = random_playout(config.new_game(seed), random.Random(seed))
    second = random_playout(config.new_game(seed), random.Random(seed))
    assert first.record() == second.record()
    assert snapshot(first) == snapshot(second)


@pytest.mark.parametrize("edition", EDITIONS)
def test_seeds_change_the_setup_or_the_play(edition):
    ed = caylus.get_edition(edition)
    records = {random_playout(caylus.new_game(edition, players=ed.max_players, seed=s), random.Random(1)).record()
               for s in range(1, 6)}
    assert len(records) > 1, "five seeds gave the very same game"


# -- illegal and malformed actions --------------------------------------------------------------------------------
def assert_refused(game: Game, action) -> IllegalAction:
    before, history, legal = snapshot(game), list(game.history), list(game.legal_actions())
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert str(info.value).strip(), "an IllegalAction must say why"
    assert snapshot(game) == before, f"refusing {action!r} changed the state{describe_game(game)}"
    assert game.history == history and game.legal_actions() == legal
    return info.value


@by_config
def test_illegal_actions_raise_and_change_nothing(config):
    for seed in seeds(200):
        game = config.new_game(seed)
        rng = random.Random(seed)
        universe = list(game.edition.actions)
        decision = 0

        def refuse_some(g: Game) -> None:
            nonlocal decision
            decision += 1
            legal = set(g.legal_actions())
            # A real token of the edition that is not legal now: refused with the token and a reason.
            not_legal = [a for a in universe if a not in legal]
            # Every decision one of them, and every 20th decision all of them (why_illegal must never fail).
            tried = not_legal if decision % 20 == 1 else rng.sample(not_legal, min(1, len(not_legal)))
            for act in tried:
                for form in (act, act.token):
                    err = assert_refused(g, form)
                    assert str(err).startswith(f"{act.token}: ") and len(str(err)) > len(act.token) + 3, str(err)
            assert_refused(g, MALFORMED[decision % len(MALFORMED)])
            if decision % 50 == 1:
                for thing in NOT_STRINGS:
                    assert_refused(g, thing)

        random_playout(game, rng, refuse_some)
        for act in list(game.edition.actions)[:5]:
            assert_refused(game, act)  # nothing is legal once the game is over


# -- undo ---------------------------------------------------------------------------------------------------------
@by_config
def test_undo_restores_exactly(config):
    for seed in seeds(300):
        game = config.new_game(seed)
        rng = random.Random(seed)
        with pytest.raises(IllegalAction):
            game.undo()
        assert snapshot(game) == snapshot(config.new_game(seed))
        states = [snapshot(game)]  # states[k]: the state after k player actions
        while not game.is_terminal:
            act = rng.choice(game.legal_actions())
            apply_legal(game, act)
            states.append(snapshot(game))
            if rng.random() < 0.08 or game.is_terminal:
                # Take back a few actions, checking every step, then play them again.
                back = rng.randint(1, min(40, len(game.history)))
                taken = []
                for _ in range(back):
                    taken.append(game.undo())
                    assert snapshot(game) == states[len(game.history)], \
                        f"undo to {len(game.history)} actions differs{describe_game(game)}"
                for act in reversed(taken):
                    apply_legal(game, act)
                    assert snapshot(game) == states[len(game.history)], \
                        f"replaying after undo differs at {len(game.history)} actions{describe_game(game)}"
            assert len(game.history) < 5000
        while game.history:  # all the way back to the start
            game.undo()
        assert snapshot(game) == states[0]


# -- clone --------------------------------------------------------------------------------------------------------
@by_config
def test_clone_is_independent(config):
    for seed in seeds(400):
        game = config.new_game(seed)
        rng = random.Random(seed)
        while not game.is_terminal:
            if rng.random() < 0.05:
                before = snapshot(game)
                twin = game.clone()
                assert snapshot(twin) == before and twin.history == game.history
                assert twin.legal_actions() == game.legal_actions()
                # Play the clone to its end and take some of it back: the original does not move.
                random_playout(twin, random.Random(rng.random()))
                for _ in range(min(5, len(twin.history))):
                    twin.undo()
                assert snapshot(game) == before, f"playing a clone changed the original{describe_game(game)}"
                # And the other way round: the original moves on, a fresh clone stays where it was.
                twin = game.clone()
                apply_legal(game, rng.choice(game.legal_actions()))
                assert snapshot(twin) == before, f"playing the original changed its clone{describe_game(game)}"
                continue
            apply_legal(game, rng.choice(game.legal_actions()))


# -- JSON and records ---------------------------------------------------------------------------------------------
def assert_reproduced(game: Game) -> None:
    state = snapshot(game)
    text = game.to_json()
    json.loads(text)
    again = Game.from_json(text)
    assert snapshot(again) == state, f"from_json(to_json()) differs{describe_game(game)}"
    assert again.to_json() == text and again.history == game.history
    record = game.record()
    replayed = caylus.load_record(record)
    assert snapshot(replayed) == state, f"load_record(record()) differs{describe_game(game)}"
    assert replayed.record() == record
    # The rebuilt games play on like the original.
    if not game.is_terminal:
        act = game.legal_actions()[0]
        assert again.legal_actions() == replayed.legal_actions() == game.legal_actions()
        for g in (again, replayed):
            g.apply(act)
        original = game.clone()
        original.apply(act)
        assert snapshot(again) == snapshot(replayed) == snapshot(original)


@by_config
def test_json_and_record_reproduce_the_state(config):
    for seed in seeds(500):
        game = config.new_game(seed)
        rng = random.Random(seed)
        assert_reproduced(game)
        random_playout(game, rng, lambda g: assert_reproduced(g) if rng.random() < 0.04 else None)
        assert_reproduced(game)
        assert "[Result " in game.record()


# -- views ----------------------------------------------------------------------------------------------------------
@by_config
def test_views_are_plain_data_for_every_player(config):
    seed = seeds(600, 1)[0]
    game = config.new_game(seed)
    rng = random.Random(seed)

    def look(g: Game) -> None:
        if rng.random() >= 0.1:
            return
        full = g.view(None)
        assert json.loads(json.dumps(full)) == full, "view(None) must be JSON-ready plain data"
        assert full["current_player"] == g.current_player and full["legal_actions"] == g.legal_tokens()
        for p in range(config.players):
            v = g.view(p)
            assert json.loads(json.dumps(v)) == v, f"view({p}) must be JSON-ready plain data"
            assert v["viewer"] == p and v["edition"] == config.edition
            assert v["legal_actions"] == (g.legal_tokens() if p == g.current_player else [])
            if g.edition.determinize is not None:
                # A determinization is a full game consistent with what that player sees.
                world = caylus.determinize(v, rng.randrange(1 << 30))
                assert world.view(p) == v, f"determinize(view({p})) is not consistent with that view"
                assert world.legal_actions() == g.legal_actions() or p != g.current_player
            # Game.view adds these keys itself; an edition's own data under one of them would be lost.
            own = g.edition.view(g.board, p)
            assert not COMMON_VIEW_KEYS & set(own), f"{config.edition} view uses {COMMON_VIEW_KEYS & set(own)}"
        for bad in (-1, config.players, "0", 1.0):
            with pytest.raises(IllegalAction):
                g.view(bad)

    random_playout(game, rng, look)
    if game.edition.determinize is None:
        with pytest.raises(caylus.BadOption):
            caylus.determinize(game.view(0), 1)


# -- tokens -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_tokens_round_trip(edition):
    actions = caylus.get_edition(edition).actions
    assert len(actions) > 0
    game = caylus.new_game(edition, players=caylus.get_edition(edition).min_players, seed=1)
    for i, act in enumerate(actions):
        token = str(act)
        assert token == act.token and act.index == i and actions.by_index(i) is act
        assert actions.parse(token) is act and game.parse(token) is act and actions.parse(act) is act
        assert actions.parse(f"  {token}\n") is act, "surrounding whitespace is forgiven"
        assert token == token.strip() and token.lower() == token and " " not in token
        verb, sep, arg = token.partition(":")
        assert act.verb == verb and verb.isidentifier(), token
        if sep:
            assert arg and act.arg is not None, f"{token}: a verb:arg token carries its argument"
        assert hash(act) == hash(actions.parse(token)) and act == actions.parse(token)
    assert len({a.token for a in actions}) == len(actions)
    for bad in MALFORMED:
        if bad.strip() not in actions:
            with pytest.raises(IllegalAction):
                actions.parse(bad)


# -- hypothesis: arbitrary action sequences and arbitrary text ------------------------------------------------------
slow_ok = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@slow_ok
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1),
       choices=st.lists(st.integers(0, 1 << 16), max_size=120))
def test_any_legal_sequence_undoes_back_to_the_start(config, seed, choices):
    game = config.new_game(seed)
    states = [snapshot(game)]
    for c in choices:
        if game.is_terminal:
            break
        legal = game.legal_actions()
        apply_legal(game, legal[c % len(legal)])
        states.append(snapshot(game))
    replayed = caylus.load_record(game.record())
    assert snapshot(replayed) == states[-1]
    while game.history:
        game.undo()
        assert snapshot(game) == states[len(game.history)]


@slow_ok
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 150),
       text=st.one_of(st.text(max_size=24), st.sampled_from(MALFORMED)))
def test_any_text_is_played_or_refused_cleanly(config, seed, moves, text):
    game = config.new_game(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal:
            break
        apply_legal(game, rng.choice(game.legal_actions()))
    try:
        legal_now = game.parse(text) in game.legal_actions()
    except IllegalAction:
        legal_now = False
    if legal_now:
        game.apply(text)
    else:
        assert_refused(game, text)
