"""Random-playout conformance for 2-4 players in both rule sets: termination, conservation, undo, clone, JSON and
records, and refusals that leave the state untouched."""

import json
import random

import pytest

import caylus
from caylus.core.game import Game
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import POOL_CUBES, PRESTIGE, SECTION_TOKENS
from caylus.editions.magna_carta.notation import ACTIONS
from caylus.editions.magna_carta.setup import deck_cards

CASES = [(n, rules) for rules in ("standard", "beginner") for n in (2, 3, 4)]
MAX_DECISIONS = 5000  # far above any real game: a game that does not end by then is a bug


def check_invariants(g):
    b = g.board
    n = b.num_players
    for p in range(n):
        # Cards: each player's cards are each in exactly one place.
        on_road = [c for c, o in zip(b.road_card, b.road_owner) if o == p]
        assert sorted(b.hand[p] + b.deck[p] + b.discard[p] + on_road) == sorted(deck_cards(b.standard))
        assert b.hand[p] == sorted(b.hand[p])
        # Workers: 4 each, at home or on the road.
        assert b.workers[p] + b.road_worker.count(p) == 4
        assert b.deniers[p] >= 0 and min(b.cubes[p]) >= 0
    # Castle tokens: in the stock, taken, or removed.
    for s in range(3):
        assert b.castle[s] + b.removed[s] + sum(t[s] for t in b.tokens) == SECTION_TOKENS[s] - (4 - n)
        assert b.castle[s] >= 0
    # Prestige buildings: available, on a residence, in front of a player, or built and waiting for its builder to
    # choose the Residence it covers; each once.
    used = [f for f in b.road_face if f >= 0] + [k for f in b.front for k in f]
    used += [extra for kind, _, _, extra in b.stack if kind == R.D_COVER]
    expected = [k.id for k in PRESTIGE if b.standard or not k.standard_only]
    assert sorted(used + b.prestige_left) == expected
    for i, face in enumerate(b.road_face):
        if face != R.BUILDING:
            assert b.standard and b.road_owner[i] >= 0 and b.road_card[i] != 5
            # A worker stands on a Residence only if a Lawyer turned its card over in this phase 4.
            assert b.road_worker[i] < 0 or b.phase == R.EFFECTS_PHASE
            assert face != R.BECOMING_RESIDENCE or (b.phase == R.EFFECTS_PHASE and i >= b.cursor)
        assert 0 <= b.road_pool[i] <= POOL_CUBES[n]
    # The cards open to a worker, kept up to date move by move, are those the road shows.
    fresh = b.copy()
    R.reindex(fresh)
    assert b.vacant == fresh.vacant
    if b.standard:
        assert 0 <= b.provost < len(b.road_card)
    else:
        assert b.provost == -1 and all(face == R.BUILDING for face in b.road_face)
    if not b.terminal:
        assert g.legal_actions(), "a live game always offers an action"
        if not R.must_ask(b):  # a player holding cards is asked even with one answer: it hides their hand
            assert len(g.legal_actions()) >= 2, "one-answer decisions are played by the engine"


def playout(n, rules, seed, each=None):
    g = caylus.new_game("magna-carta", players=n, seed=seed, rules=rules)
    rnd = random.Random(seed)
    steps = 0
    while not g.is_terminal:
        assert steps < MAX_DECISIONS
        g.apply(rnd.choice(g.legal_actions()))
        steps += 1
        if each:
            each(g, rnd)
    return g


@pytest.mark.parametrize("n,rules", CASES)
def test_random_games_terminate_and_conserve(n, rules):
    for seed in range(12):
        g = playout(n, rules, seed, lambda g, rnd: check_invariants(g))
        assert g.is_terminal and g.legal_actions() == [] and g.current_player == caylus.TERMINAL
        assert not any(g.board.castle)
        s = g.scores()
        assert len(s) == n and all(isinstance(x, int) for x in s)
        assert g.winners() and all(s[w] == max(s) for w in g.winners())


def _snapshot(g):
    return json.dumps(g.view(None), sort_keys=True)


@pytest.mark.parametrize("n,rules", CASES)
def test_undo_clone_refusals_and_legal_actions(n, rules):
    illegal_pool = list(ACTIONS)

    def each(g, rnd):
        if rnd.random() > 0.15:
            return
        before = _snapshot(g)
        legal = g.legal_actions()
        if legal:
            # undo restores exactly
            g.apply(rnd.choice(legal))
            g.undo()
            assert _snapshot(g) == before
            # every legal action applies without error, on a clone that leaves the original alone
            for a in legal:
                c = g.clone()
                c.apply(a)
            assert _snapshot(g) == before
        # illegal tokens are refused and change nothing
        for a in rnd.sample(illegal_pool, 8):
            if a not in legal:
                with pytest.raises(caylus.IllegalAction):
                    g.apply(a.token)
        for bad in ("", "place:nowhere", "provost:+4", "bank:3", 42):
            with pytest.raises(caylus.IllegalAction):
                g.apply(bad)
        assert _snapshot(g) == before

    for seed in range(2):
        playout(n, rules, 100 + seed, each)


@pytest.mark.parametrize("n,rules", CASES)
def test_json_and_record_round_trips(n, rules):
    g = caylus.new_game("magna-carta", players=n, seed=7, rules=rules)
    rnd = random.Random(7)
    checkpoints = {0, 5, 40, 120}
    step = 0
    while True:
        if step in checkpoints or g.is_terminal:
            state = g.view(None)
            assert Game.from_json(g.to_json()).view(None) == state
            assert caylus.load_record(g.record()).view(None) == state
        if g.is_terminal:
            break
        g.apply(rnd.choice(g.legal_actions()))
        step += 1
    # the finished record carries the result and replays to it
    assert "[Result" in g.record()
    assert caylus.load_record(g.record()).scores() == g.scores()


@pytest.mark.parametrize("n,rules", CASES)
def test_every_refused_token_has_a_reason(n, rules):
    def each(g, rnd):
        if g.is_terminal or rnd.random() > 0.2:
            return
        legal = set(g.legal_actions())
        for a in ACTIONS:
            if a not in legal:
                reason = g.edition.why_illegal(g.board, a)
                assert isinstance(reason, str) and reason

    playout(n, rules, 200, each)


def test_json_state_mismatch_is_detected():
    g = playout(3, "standard", 3)
    data = json.loads(g.to_json())
    data["state"]["seats"][0]["deniers"] += 1
    with pytest.raises(caylus.BadRecord, match="does not match"):
        Game.from_json(json.dumps(data))


def test_clone_is_independent():
    g = caylus.new_game("magna-carta", players=4, seed=3)
    c = g.clone()
    before = _snapshot(g)
    rnd = random.Random(0)
    for _ in range(50):
        c.apply(rnd.choice(c.legal_actions()))
    assert _snapshot(g) == before


def test_same_seed_same_game():
    a = playout(4, "standard", 11)
    b = playout(4, "standard", 11)
    assert a.record() == b.record() and a.view(None) == b.view(None)


def test_omniscient_view_is_json_ready_and_complete():
    g = playout(2, "standard", 5)
    v = g.view(None)
    assert json.loads(json.dumps(v)) == v
    assert "rng" in v and all("deck" in s and s["hand"] is not None for s in v["seats"])


def test_every_token_is_declared_once_and_parses_back():
    tokens = [a.token for a in ACTIONS]
    assert len(tokens) == len(set(tokens))
    for a in ACTIONS:
        assert ACTIONS.parse(a.token) is a and ACTIONS.by_index(a.index) is a
    assert ACTIONS.parse("provost:2") is ACTIONS["provost:+2"]
