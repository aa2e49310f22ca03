"""The planner players (`caylus.agents.planner`): one machinery over each edition's end-of-game evaluation
(`caylus.editions.<edition>.planner`), named by the editions' tables as data."""

from __future__ import annotations

import pytest

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.planner import (
    PlannerAgent, PlannerSearch, check_spec, difference_error, edition_planner, looking, own_agent, play_on,
    slipping, spread,
)
from caylus.core.registry import get_edition
from tests.clock import Ticks

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
    for bad in ({"candidates": 0}, {"horizon": -1}, {"turns": -1}, {"deals": 0}):
        with pytest.raises(ValueError, match="planner search"):
            PlannerSearch(planner, 1, **bad)
    with pytest.raises(ValueError, match="replies"):
        PlannerAgent(planner, 1, replies=-1)
    with pytest.raises(TypeError):
        own_agent(get_edition("caylus"), {"player": "planner", "candidates": 3}, 1)


# -- the anytime search (`hard:SECONDS`) -----------------------------------------------------------------------------

def _position_1303(decisions: int = 30, seed: int = 3):
    game = caylus.new_game("caylus-1303", players=2, seed=seed)
    bots = [make_agent("greedy", 1), make_agent("greedy", 2)]
    for _ in range(decisions):
        game.apply(bots[game.current_player].choose(Position(game)))
    while len(game.legal_actions()) < 4:
        game.apply(bots[game.current_player].choose(Position(game)))
    return Position(game)


def _small(seed=1, **kw):
    # Short futures so that each search takes milliseconds; the steps then widen and deepen by the generic rule.
    return PlannerSearch(edition_planner(get_edition("caylus-1303")), seed, candidates=2, horizon=3, **kw)


def test_the_first_search_of_the_anytime_form_is_the_plain_search():
    position = _position_1303()
    one = _small(steps=1)
    assert one.rank(position) == _small().rank(position)
    assert one.last_steps == 1 and one.last_setting == (2, 3, 0, 1)


def test_the_anytime_search_widens_and_deepens_and_is_the_same_for_the_same_steps():
    position = _position_1303()
    a, b = _small(steps=3), _small(steps=3)
    assert a.rank(position) == b.rank(position) and a.last_trace == b.last_trace
    assert [len(t) for t in a.last_trace] == [2, 4, min(6, len(position.legal))]
    assert a.last_setting == (min(6, len(position.legal)), 12, 0, 1)
    assert a.schedule(5, True)[:3] == [(2, 3, 0, 1, (0, 0), 1), (4, 6, 0, 2, (0, 0), 1),
                                      (5, 12, 0, 3, (0, 0), 1)]  # more deals where cards hide


def test_more_searches_never_play_a_worse_answer_by_the_deepest_values():
    position = _position_1303()
    answers, traces = [], []
    for steps in range(1, 5):
        search = _small(steps=steps)
        answers.append(search.choose(position).token)
        traces.append(search.last_trace)
    for k in range(3):
        assert traces[k + 1][:k + 1] == traces[k]  # the same searches first: a fixed budget, a fixed answer
        deepest = traces[k + 1][-1]
        assert answers[k] in deepest and deepest[answers[k + 1]] >= deepest[answers[k]]
        assert deepest[answers[k + 1]] == max(deepest.values())


def test_a_search_cut_by_the_deadline_answers_no_worse_than_the_last_complete_one_by_its_values():
    position = _position_1303()
    full = _small(steps=5)  # a deadline stops the same searches (steps=5 below) no later
    full.rank(position)
    cut_seen = 0
    for budget in range(2, 400, 19):
        search = _small(think=float(budget), steps=5)
        search.clock = Ticks()  # deterministic: the deadline passes after so many reads of the clock
        answer = search.choose(position).token
        k = len(search.last_trace)
        assert k >= 1 and search.last_trace[0] == full.last_trace[0]  # the first search, the level's, is never cut
        last = search.last_trace[-1]
        assert search.last_trace[:-1] == full.last_trace[:k - 1]
        if k <= len(full.last_trace) and last != full.last_trace[k - 1]:  # the deepest search was cut
            cut_seen += 1
            before = max(full.last_trace[k - 2], key=full.last_trace[k - 2].get) if k > 1 else None
            if before is not None:
                assert before in last and last[answer] >= last[before]
        assert last[answer] == max(last.values())
    assert cut_seen >= 1


def test_a_deadline_passed_before_the_first_search_ends_still_plays_the_plain_search_s_answer():
    # Cut, the first search answered from the planner's first moves only and missed the level's best where the
    # planner ranks it lower: `hard:SECONDS` under load played the one-decision planner's move.
    not_the_planners = 0
    for seed in (3, 5, 8, 11, 13, 21):
        position = _position_1303(seed=seed)
        plain = _small().rank(position)
        search = _small(think=1.0)  # one read of the clock: the deadline passes before the first future ends
        search.clock = Ticks()
        assert search.choose(position) == plain[0][2]
        assert search.last_steps == 1 and search.last_trace[0] == {a.token: v for v, _r, a in plain[:2]}
        not_the_planners += plain[0][2] != search.planner.rank(position)[0][2]
    assert not_the_planners >= 1  # where the level and the planner differ


def test_a_wider_search_plays_only_the_futures_it_adds_and_values_them_as_a_fresh_search(monkeypatch):
    position = _position_1303()
    planner = edition_planner(get_edition("caylus-1303"))
    import caylus.agents.planner as module
    calls = []
    real = module.play_on
    monkeypatch.setattr(module, "play_on", lambda *a, **kw: calls.append(1) or real(*a, **kw))
    search = PlannerSearch(planner, 1, candidates=2, horizon=40, deeper=[{"candidates": 3}, {"candidates": 5}],
                           steps=3)
    search.rank(position)
    monkeypatch.setattr(module, "play_on", real)
    # Futures to the end of the round are not cut by the horizon: each move is played on once, whatever the width.
    assert len(calls) == min(5, len(position.legal))
    for values, width in zip(search.last_trace, (2, 3, 5)):
        fresh = PlannerSearch(planner, 1, candidates=width, horizon=40).rank(position)[:width]
        assert values == {action.token: value for value, _rank, action in fresh}


def _looking(**kw):
    # Every move played on 6 decisions, then the best 2 again in futures where every seat looks 2 decisions ahead.
    return PlannerSearch(edition_planner(get_edition("caylus-1303")), 1, candidates=2, horizon=6,
                         deeper=[{"candidates": 40}, {"candidates": 2, "looks": 2, "look_ahead": 2}], **kw)


def test_with_time_left_once_every_move_is_played_on_the_futures_look_ahead_themselves():
    position = _position_1303()
    planner = edition_planner(get_edition("caylus-1303"))
    search = _looking(steps=3)
    answer = search.rank(position)
    assert search.last_steps == 3 and search.last_looks == (2, 2) and search.last_played_on == 2
    wide = search.last_trace[1]
    assert len(wide) == len(position.legal)
    best_two = sorted(wide, key=lambda token: -wide[token])[:2]
    assert sorted(search.last_trace[2]) == sorted(best_two)  # the last answer's best two, played on again
    for value, _rank, action in answer[:2]:
        world = position.sample(0)
        world.keep_undo = False
        begun = world.clone()
        begun.apply(action)
        g = play_on(planner, begun, 6, 0, step=looking(planner, 2, 2), start=begun.board)
        assert value == planner.margin(g.board, position.player)
    assert answer[0][0] == max(search.last_trace[2].values())
    # Where every seat of the futures plays the one-decision policy, the search stops once every move is played on.
    plain = PlannerSearch(planner, 1, candidates=2, horizon=40, deeper=[{"candidates": 40}], steps=10)
    plain.rank(position)
    assert plain.last_steps == 2 and plain.last_looks == (0, 0)


def test_more_time_never_plays_a_worse_answer_by_its_own_values_when_the_futures_look_ahead():
    position = _position_1303()
    full = _looking(steps=4)
    full.rank(position)
    assert full.last_steps == 4
    answers, cut_seen = {}, 0
    for budget in range(2, 200, 15):
        search = _looking(think=float(budget), steps=4)
        search.clock = Ticks()  # the deadline in reads of the clock: the same cut on every machine
        answers[budget] = answer = search.choose(position).token
        if not search.last_trace:
            continue
        k = len(search.last_trace)
        last = search.last_trace[-1]
        assert search.last_trace[:-1] == full.last_trace[:k - 1]
        assert last[answer] == max(last.values())
        if k > 1:  # what less time would have played, valued again by the deepest search: never better
            before = max(search.last_trace[-2], key=search.last_trace[-2].get)
            assert before in last and last[answer] >= last[before]
        cut_seen += last != full.last_trace[k - 1]
    assert cut_seen >= 1 and len(set(answers.values())) >= 1


def _sampled(**kw):
    # The leaders' futures first (4 each: the planner's own line, then 3 with slips), then wider, then the leaders
    # again by more futures, then every move: short futures so that it runs in moments.
    return PlannerSearch(edition_planner(get_edition("caylus-1303")), 1, candidates=3, horizon=6,
                         deeper=[{"samples": 4}, {"candidates": 8}, {"candidates": 2, "samples": 8},
                                 {"candidates": 40, "samples": 4}], **kw)


def test_the_spread_of_futures_is_pooled_over_the_moves_with_two_or_more():
    assert spread({0: [1.0], 1: [2.0]}) is None
    assert spread({0: [1.0, 3.0], 1: [5.0]}) == pytest.approx(2 ** 0.5)
    # (1-2)^2 + (3-2)^2 + (2-4)^2 + (6-4)^2 + (4-4)^2 = 10 over 1 + 2 degrees of freedom
    assert spread({0: [1.0, 3.0], 1: [2.0, 6.0, 4.0]}) == pytest.approx((10 / 3) ** 0.5)


def test_samples_play_each_move_again_with_slips_the_same_for_every_move_and_average_them():
    position = _position_1303()
    planner = edition_planner(get_edition("caylus-1303"))
    search = _sampled(steps=2)
    answer = search.rank(position)
    assert [len(t) for t in search.last_trace] == [3, 3]
    assert set(search.last_samples[1].values()) == {4}
    for value, _rank, action in answer[:3]:
        margins = search.last_futures[action.token]
        assert margins[0] == search.last_trace[0][action.token]  # the first future is the plain search's
        world = position.sample(0)
        world.keep_undo = False
        for k in (1, 3):  # sample k: the one-decision policy slipping by the draws of Random(k)
            begun = world.clone()
            begun.apply(action)
            g = play_on(planner, begun, 6, 0, step=slipping(planner, k, search.slip), start=begun.board)
            assert margins[k] == planner.margin(g.board, position.player)
        assert value == pytest.approx(sum(margins) / 4)
    assert len({tuple(m) for m in search.last_futures.values()}) > 1


def test_a_move_takes_the_lead_from_the_last_answer_only_by_a_margin_beyond_the_noise():
    checked = switched = 0
    for seed in (3, 5, 8, 11):
        position = _position_1303(seed=seed)
        search = _sampled(steps=5)
        answer = search.rank(position)
        trace, margins = search.last_trace, search.last_margins
        assert margins[0] == 0.0  # the first search: the plain search's order, no margin
        for k in range(1, len(trace)):
            values = trace[k]
            answered = next(iter(values))  # the search's answer comes first
            before = next(iter(trace[k - 1]))  # the last answer, valued again by this search
            assert before in values
            if margins[k] > 0:
                checked += 1
                if answered != before:
                    switched += 1
                    assert values[answered] > values[before] + margins[k]
                    assert values[answered] == max(values.values())
                else:  # no other move beats the last answer beyond the margin, whatever its mean
                    assert all(v <= values[before] + margins[k] for t, v in values.items() if t != before)
            # Never worse by this search's values than what the search before it answered.
            assert values[answered] >= values[before]
        assert answer[0][2].token == next(iter(trace[-1]))
    assert checked >= 8


def test_the_margin_is_the_paired_error_of_the_difference_where_the_futures_meet_the_same_slips():
    assert difference_error([1.0, 2.0, 3.0], [0.0, 1.0, 2.0], None) == 0.0  # the same slips, the same gap
    # differences 1, 3, 2, 2: mean 2, sample variance 2/3, error sqrt(2/3 / 4)
    assert difference_error([2.0, 4.0, 3.0, 5.0], [1.0, 1.0, 1.0, 3.0], 9.0) == pytest.approx((2 / 3 / 4) ** 0.5)
    assert difference_error([1.0, 3.0], [2.0], 2.0) == pytest.approx(2.0 * 1.5 ** 0.5)  # unpaired: the pooled spread
    assert difference_error([1.0], [2.0], None) is None


def test_the_samples_noise_alone_does_not_take_the_lead_from_the_last_answer():
    # Moves the level's own line valued alike (rank 0 the planner's first): rank 1's futures are a little higher on
    # average, by less than their noise, then by far more. Only the second takes the lead.
    search = _small()
    futures = {0: [5.0, 3.0, 7.0, 5.0], 1: [5.0, 5.0, 5.0, 6.6], 2: [2.0, 2.0, 2.0, 2.0]}
    valued = sorted([(5.0, 0, "a"), (5.4, 1, "b"), (2.0, 2, "c")], key=lambda e: (-e[0], e[1]))
    kept, margin = search._lead(valued, futures, {0, 1, 2}, 0)
    assert kept[0][1] == 0 and margin > 0.4
    futures[1] = [8.0, 6.0, 10.0, 8.0]  # 3 points higher on every slip
    valued = sorted([(5.0, 0, "a"), (8.0, 1, "b"), (2.0, 2, "c")], key=lambda e: (-e[0], e[1]))
    kept, margin = search._lead(valued, futures, {0, 1, 2}, 0)
    assert kept[0][1] == 1 and margin == 0.0


def test_with_samples_a_deadline_never_plays_a_worse_answer_by_the_deepest_values():
    position = _position_1303()
    full = _sampled(steps=5)
    full.rank(position)
    cut_seen = 0
    for budget in range(2, 900, 37):
        search = _sampled(think=float(budget), steps=5)
        search.clock = Ticks()  # the deadline in reads of the clock: the same cut on every machine
        answer = search.choose(position).token
        if not search.last_trace:
            continue
        k = len(search.last_trace)
        last = search.last_trace[-1]
        assert search.last_trace[:-1] == full.last_trace[:k - 1]
        assert answer == next(iter(last))
        if k > 1:  # what less time would have played, valued again by the deepest search: never better
            before = next(iter(search.last_trace[-2]))
            assert before in last and last[answer] >= last[before]
        cut_seen += last != full.last_trace[k - 1]
    assert cut_seen >= 1


def test_the_anytime_search_refuses_bad_settings():
    planner = edition_planner(get_edition("caylus-1303"))
    for bad in ({"think": 0}, {"think": -1.0}, {"think": float("inf")}, {"steps": 0}):
        with pytest.raises(ValueError, match="thinking time"):
            PlannerSearch(planner, 1, **bad)
    for slip in (0, -0.5, float("inf"), float("nan"), True, "1"):
        with pytest.raises(ValueError, match="slip"):
            PlannerSearch(planner, 1, slip=slip)
    for step in ({}, {"candidates": 0}, {"horizon": -1}, {"depth": 3}, {"turns": 1.5}, {"deals": True}, "wide",
                 {"samples": 0}):
        with pytest.raises(ValueError, match="deeper step"):
            PlannerSearch(planner, 1, deeper=[step])


def test_hard_seconds_is_the_anytime_planner_search_where_hard_is_the_planner_search():
    position = _position_1303()
    hard = make_agent("hard:0.5", 4)
    own = hard.own_player(position.edition)
    assert isinstance(own, PlannerSearch) and own.think == 0.5
    assert hard.choose(position) in position.legal and own.last_steps >= 0
    # Magna Carta's `hard` is still the rollout lookahead: thinking for a time, it plays rounds of its futures.
    assert make_agent("hard:0.5", 4).own_player(get_edition("magna-carta")) is None


def test_hints_at_hard_come_from_the_planner_search_in_plain_words():
    position = _position_1303()
    hard = make_agent("hard", 6)
    advice = hard.explain(position, top=3)
    ranked = PlannerSearch(edition_planner(position.edition), 6, candidates=4, horizon=12).rank(position)
    assert [a.action for a in advice] == [a for _v, _r, a in ranked[:3]]
    assert advice[0].action == make_agent("hard", 6).choose(position)
    assert "every player choosing as the planner would" in advice[0].reason
    assert "at the end of the game" in advice[0].reason and advice[0].value == round(ranked[0][0], 3)


def test_the_search_over_several_deals_decides_from_the_seats_view_alone():
    # Magna Carta hides the other hands and the decks: every deal the search plays its futures in is dealt from
    # the seat's view, so two games that look the same to it get the same move, and the same seed the same move.
    game = caylus.new_game("magna-carta", players=2, seed=5)
    bots = [make_agent("random", 1), make_agent("random", 2)]
    for _ in range(25):
        game.apply(bots[game.current_player].choose(Position(game)))
    seat = game.current_player
    other = caylus.determinize(game.view(seat), 12345)
    assert other.view(seat) == game.view(seat) and other.view(None) != game.view(None)
    planner = edition_planner(get_edition("magna-carta"))
    search = lambda: PlannerSearch(planner, 9, candidates=2, horizon=6, deals=3)
    assert search().choose(Position(game)) is search().choose(Position(other))
    one = search()
    ranked = one.rank(Position(game))
    assert sorted(str(a.token) for _v, _r, a in ranked) == sorted(str(a.token) for a in game.legal_actions())
    assert one.last_setting[3] == 3
    # The anytime form starts from the same deals and adds one a search.
    assert [step[3] for step in search().schedule(5, True)[:3]] == [3, 4, 5]
