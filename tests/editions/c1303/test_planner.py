"""The end-of-game evaluation of Caylus 1303 and the one-turn player over it (`caylus.editions.c1303.planner`).

Rulebook: /work/shared/rules/caylus-1303-rules.md (End of game, Delivery, Stewardship, Planning)."""

from __future__ import annotations

import caylus
from caylus.agents import Position, make_agent, play_game
from caylus.agents.planner import PlannerSearch, play_on
from caylus.editions.c1303 import planner
from caylus.editions.c1303.catalog import FOOD, GOLD, STONE, TILE_ID, WOOD
from caylus.editions.c1303.rules import D_DELIVER, PLANNING, STEWARDSHIP

from tests.clock import Ticks


def _game_at(round_number: int, seed: int = 1):
    """A greedy heads-up game played to the first Planning decision of `round_number`."""
    game = caylus.new_game("caylus-1303", players=2, seed=seed)
    bots = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while not (game.board.round == round_number and game.board.phase == PLANNING):
        game.apply(bots[game.current_player].choose(Position(game)))
    return game


def test_at_the_end_the_evaluation_is_the_final_score():
    # End of game: prestige points, plus 2 per Gold still held.
    game = play_game(caylus.new_game("caylus-1303", players=2, seed=4),
                     [make_agent("greedy", 1), make_agent("greedy", 2)])
    assert planner.values(game.board) == [float(s) for s in game.scores()]


def test_a_provost_past_the_end_of_the_road_is_valued_like_one_at_its_end():
    # The provost may be moved onto the spaces past the Road's last one (rules: "the spaces bearing his symbol");
    # the evaluation read a slot past the Road for each step beyond and raised IndexError in hard's search.
    from caylus.editions.c1303.catalog import PROVOST_MAX, ROAD_SPACES
    game = _game_at(3)
    at_end, past_end = game.board.copy(), game.board.copy()
    at_end.provost, past_end.provost = ROAD_SPACES, PROVOST_MAX
    assert planner.values(past_end) == planner.values(at_end)


def test_resources_are_worth_less_as_the_game_nears_its_end_but_gold_keeps_its_two_points():
    # Only Gold scores at the end (2 PP each); Food, Wood, Stone and Fabric only buy things while rounds remain.
    early, late = _game_at(2).board, _game_at(9).board
    late.phase = STEWARDSHIP  # the last deliveries are over
    for b in (early, late):
        b.res[0:5] = [1, 1, 1, 1, 0]
    bare = []
    for b in (early, late):
        with_more = b.copy()
        with_more.res[WOOD] += 1
        bare.append(planner.seat_worth(with_more, 0) - planner.seat_worth(b, 0))
    assert bare[0] > 0.5 > bare[1] >= 0
    for b in (early, late):
        with_gold = b.copy()
        with_gold.res[GOLD] += 1
        assert planner.seat_worth(with_gold, 0) - planner.seat_worth(b, 0) >= 2.0


def test_the_resource_that_completes_a_bundle_is_worth_more_than_a_lone_one():
    # Delivery: a bundle is 3 different resources, one of them Food, and gains 5 PP.
    b = _game_at(3).board
    b.res[0:5] = [1, 1, 0, 0, 0]
    completing, lone = b.copy(), b.copy()
    completing.res[STONE] += 1
    lone.res[WOOD] += 1
    base = planner.seat_worth(b, 0)
    assert planner.seat_worth(completing, 0) - base > planner.seat_worth(lone, 0) - base + 1.0


def test_a_building_of_ones_own_is_worth_its_income_for_the_rounds_left():
    # Planning: when a worker is placed on a building constructed by another player, the latter gains 1 PP.
    worth = {}
    for round_number in (2, 8):
        b = _game_at(round_number).board
        s = b.tile.index(-1)
        t = TILE_ID["wood_quarry"]
        before = planner.seat_worth(b, 0)
        b.tile[s], b.face[s], b.owner[s] = t, 1, 0
        worth[round_number] = planner.seat_worth(b, 0) - before
    assert worth[2] > worth[8] > 0


def test_a_monument_late_in_the_game_is_valued_above_what_it_costs():
    # Stewardship: a Residence may be replaced by a Monument (the Statue: 1 Gold and 2 Stone for 7 PP).
    b = _game_at(9).board
    b.phase = STEWARDSHIP
    b.res[0:5] = [0, 0, 2, 0, 1]
    built = b.copy()
    built.res[STONE] -= 2
    built.res[GOLD] -= 1
    built.pp[0] += 7
    assert planner.seat_worth(built, 0) > planner.seat_worth(b, 0) + 2


def test_a_lawyers_residence_is_worth_its_workers_for_the_rounds_left():
    # Stewardship, Recruitment: 1 Worker more for each Residence; the Lawyer costs 1 Fabric.
    b = _game_at(2).board
    s = next(s for s in range(4, 12) if b.owner[s] < 0)
    before = planner.seat_worth(b, 0)
    b.owner[s] = 0
    assert planner.seat_worth(b, 0) - before > 2.0


def test_the_planner_delivers_the_bundles_it_can():
    # Delivery: each bundle delivered gains 5 PP; a worker on the Construction Site with a bundle gives it.
    delivered = 0
    for seed in range(1, 7):
        game = caylus.new_game("caylus-1303", players=2, seed=seed)
        bots = [make_agent("greedy", 1), make_agent("greedy", 2)]
        while not game.is_terminal:
            b = game.board
            if b.stack and b.stack[-1][0] == D_DELIVER and b.res[5 * game.current_player + FOOD]:
                choice = make_agent("style:planner", seed).choose(Position(game))
                assert choice.token != "pass", (seed, len(game.history))
                delivered += 1
            game.apply(bots[game.current_player].choose(Position(game)))
    assert delivered >= 3


def test_the_same_seed_plays_the_same_game():
    def one(seed):
        return play_game(caylus.new_game("caylus-1303", players=2, seed=7),
                         [make_agent("style:planner", seed), make_agent("greedy", 2)]).record()
    assert one(1) == one(1)


def test_the_planner_search_plays_legal_games_the_same_for_the_same_seed():
    def one():
        return play_game(caylus.new_game("caylus-1303", players=2, seed=9),
                         [PlannerSearch(planner, 1, candidates=2, horizon=4), make_agent("greedy", 2)]).record()
    assert one() == one()


def test_the_planner_search_stops_its_futures_where_the_next_round_begins():
    game = _game_at(2)
    after = play_on(planner, game.clone(), 10_000)
    assert after.board.round == 3 and after.board.phase == PLANNING


def test_the_planner_search_stops_its_futures_that_many_rounds_on_with_turns():
    # Rules, Course of the game: each round begins with its Planning; a deeper search (`hard:SECONDS`) plays its
    # futures to the start of a later round's.
    game = _game_at(2)
    assert play_on(planner, game.clone(), 10_000, 1).board.round == 3
    after = play_on(planner, game.clone(), 10_000, 2)
    assert after.board.round == 4 and after.board.phase == PLANNING


def test_hard_in_caylus_1303_is_the_planner_search_and_hard_seconds_its_anytime_form():
    game = _game_at(3, seed=2)
    position = Position(game)
    hard = make_agent("hard", 5)
    assert isinstance(hard.own_player(game.edition), PlannerSearch)
    assert hard.choose(position) == PlannerSearch(planner, 5, candidates=4, horizon=12).choose(position)
    thinking = make_agent("hard:0.05", 5).own_player(game.edition)
    assert isinstance(thinking, PlannerSearch) and thinking.think == 0.05
    # Its first search is hard's; the edition's deeper steps follow, every future as hard's (12 decisions, never
    # past the next round), of hard's own 4 best only: 4 futures each, then 8, 16, ... (of the extra searches
    # tried, the one not leaning worse than hard, benchmarks/RESULTS-bots.md "anytime, session 2026-11-27e").
    schedule = thinking.schedule(20, False)
    assert schedule == [(4, 12, 0, 1, (0, 0), samples) for samples in (1, 4, 8, 16, 32, 64, 128, 256, 512, 1024)]


def test_hard_seconds_with_more_time_never_plays_a_worse_answer_by_its_own_values():
    game = _game_at(3, seed=2)
    while len(game.legal_actions()) > 6 or len(game.legal_actions()) < 4:
        game.apply(make_agent("greedy", 1).choose(Position(game)))
    position = Position(game)

    def thinking(budget=None):
        search = make_agent("hard:1", 5).own_player(game.edition)
        search.steps = 4  # hard's own, then 4, 8 and 16 futures of its 4 best
        search.think = None if budget is None else float(budget)  # in reads of the clock; None: all 4 searches
        search.clock = Ticks()  # the deadline in reads of the clock: the same cut on every machine
        return search

    full = thinking()
    full.rank(position)
    assert [set(samples.values()) for samples in full.last_samples] == [{1}, {4}, {8}, {16}]
    assert all(set(values) == set(full.last_trace[0]) for values in full.last_trace)  # the same 4 moves
    answers, cut_seen = [], 0
    for budget in range(8, 300, 23):  # from a deadline within the first search (never cut: hard's) to all four
        search = thinking(budget)
        answer = search.choose(position).token
        answers.append(answer)
        k = len(search.last_trace)
        assert k >= 1 and search.last_trace[0] == full.last_trace[0]  # hard's own search, whole
        assert search.last_trace[:-1] == full.last_trace[:k - 1]
        last = search.last_trace[-1]
        assert answer == next(iter(last)) and last[answer] == max(last.values())
        if k > 1:  # what less time played, valued again by the deepest search it got through: never better
            before = next(iter(search.last_trace[-2]))
            assert last[answer] >= last[before]
        cut_seen += last != full.last_trace[k - 1]
    assert cut_seen >= 1 and answers[-1] == next(iter(full.last_trace[-1]))


def test_hard_seconds_stops_once_every_move_is_played_to_the_end_of_the_round():
    game = _game_at(3, seed=2)
    while len(game.legal_actions()) > 5 or len(game.legal_actions()) < 3:
        game.apply(make_agent("greedy", 1).choose(Position(game)))
    position = Position(game)
    search = PlannerSearch(planner, 5, candidates=4, horizon=12, deeper=[{"candidates": 6, "horizon": 40}],
                           steps=10)
    search.rank(position)
    # Rules, Course of the game: its futures end where the next round's Planning begins; once all moves are
    # played on that far, a further search would see nothing new, and it stops well before its 10 steps.
    assert search.last_setting[0] == len(position.legal) and search.last_steps <= 3
    # Magna Carta's hard is the rollout over greedy, as before.
    assert make_agent("hard", 5).own_player(caylus.new_game("magna-carta", players=2, seed=1).edition) is None
