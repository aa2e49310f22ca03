"""The SPRT's maths on fixed cases, each derived here another way (Wald's bounds, the Bernoulli SPRT in closed
form, a direct maximum-likelihood search), and the paired arena that feeds it: the schedule, the stop, resuming,
jobs, and the command line's report and errors."""

from __future__ import annotations

import json
import math

import pytest

from caylus.arena import Arena, run, schedule
from caylus.arena.report import GameResult, points
from caylus.arena.sprt import PAIR_SCORES, BadSprt, HeadToHead, bounds, elo, likeliest, llr, parse, score
from caylus.cli.main import main


def test_walds_bounds_at_five_percent_are_the_published_2_94():
    lower, upper = bounds(0.05, 0.05)
    assert (round(lower, 2), round(upper, 2)) == (-2.94, 2.94)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) and upper == pytest.approx(math.log(0.95 / 0.05))
    lower, upper = bounds(0.05, 0.10)  # looser on H0 errors: a quicker rejection
    assert (round(lower, 3), round(upper, 3)) == (-2.251, 2.890)


def test_logistic_elo_and_its_inverse():
    assert score(0) == 0.5 and score(400) == pytest.approx(10 / 11)
    assert score(-50) == pytest.approx(1 - score(50)) and round(score(50), 4) == 0.5715
    for value in (-300.0, -10.0, 0.0, 35.5, 700.0):
        assert elo(score(value)) == pytest.approx(value)
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf


def test_with_wins_and_losses_only_the_llr_is_the_bernoulli_sprt_in_closed_form():
    # Two outcomes: the only distribution with mean s is (1-s, s), so the generalized test is Wald's own.
    s0, s1 = score(0), score(50)
    for wins, losses in [(60, 40), (10, 30), (1, 1), (523, 477)]:
        expected = wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
        assert llr([losses, wins], [0.0, 1.0], 0, 50) == pytest.approx(expected, rel=1e-9)


def _trinomial_likelihood_by_search(losses, draws, wins, s):
    """max over distributions (l, d, w) with mean w + d/2 = s of the log-likelihood: one free parameter d,
    searched directly (the log-likelihood is concave in d)."""
    def loglik(d):
        w, l = s - d / 2, 1 - s - d / 2
        return losses * math.log(l) + draws * math.log(d) + wins * math.log(w)

    low, high = 1e-12, 2 * min(s, 1 - s) - 1e-12
    for _ in range(300):  # golden-section-like ternary search
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if loglik(a) < loglik(b):
            low = a
        else:
            high = b
    return loglik((low + high) / 2)


@pytest.mark.parametrize("ldw", [(30, 40, 50), (120, 260, 140), (7, 2, 11), (5000, 10000, 5300)])
def test_the_trinomial_llr_matches_a_direct_maximum_likelihood_search(ldw):
    for elo0, elo1 in [(0, 50), (-10, 10), (0, 5)]:
        direct = (_trinomial_likelihood_by_search(*ldw, score(elo1))
                  - _trinomial_likelihood_by_search(*ldw, score(elo0)))
        assert llr(list(ldw), [0.0, 0.5, 1.0], elo0, elo1) == pytest.approx(direct, abs=1e-6)


@pytest.mark.parametrize("counts", [[3, 20, 51, 24, 2], [120, 400, 900, 470, 110], [1, 0, 4, 0, 9]])
def test_the_pentanomial_llr_matches_a_constrained_maximum_likelihood_by_scipy(counts):
    from scipy.optimize import minimize

    def best(s):
        seen = [i for i, n in enumerate(counts) if n]
        def negative(p):
            return -sum(counts[i] * math.log(max(p[k], 1e-300)) for k, i in enumerate(seen))
        constraints = [{"type": "eq", "fun": lambda p: sum(p) - 1},
                       {"type": "eq", "fun": lambda p: sum(q * PAIR_SCORES[i] for q, i in zip(p, seen)) - s}]
        start = [1 / len(seen)] * len(seen)
        done = minimize(negative, start, constraints=constraints, bounds=[(1e-9, 1)] * len(seen), method="SLSQP",
                        options={"ftol": 1e-14, "maxiter": 1000})
        assert done.success
        return -done.fun

    for elo0, elo1 in [(0, 50), (0, 10)]:
        direct = best(score(elo1)) - best(score(elo0))
        assert llr(counts, PAIR_SCORES, elo0, elo1) == pytest.approx(direct, abs=1e-5)


def test_the_llr_agrees_with_the_normal_approximation_for_close_hypotheses():
    # LLR ~ N (s1 - s0) (2 m - s0 - s1) / (2 var), m and var the pairs' mean and variance (fishtest's
    # approximation of the GSPRT): close for nearby hypotheses and many pairs.
    counts = [400, 2300, 5100, 2500, 450]
    n = sum(counts)
    m = sum(k * a for k, a in zip(counts, PAIR_SCORES)) / n
    var = sum(k * (a - m) ** 2 for k, a in zip(counts, PAIR_SCORES)) / n
    s0, s1 = score(0), score(5)
    approx = n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var)
    assert llr(counts, PAIR_SCORES, 0, 5) == pytest.approx(approx, rel=0.01)
    assert approx > 2.94  # this run is decided H1


def test_the_likeliest_distribution_has_the_asked_mean_and_is_a_distribution():
    p = likeliest([3, 20, 51, 24, 2], PAIR_SCORES, 0.6)
    assert sum(p) == pytest.approx(1) and sum(q * a for q, a in zip(p, PAIR_SCORES)) == pytest.approx(0.6)
    assert all(q > 0 for q in p)
    with pytest.raises(BadSprt):
        likeliest([0, 0, 0, 0, 5], PAIR_SCORES, 0.5)  # all won: no distribution on what was seen has mean 1/2


def test_the_head_to_head_counts_games_pairs_and_elo():
    h = HeadToHead(0, 50)
    for points_ in [1, 1, 1, 0.5, 0, 1, 0, 0, 0.5, 0.5, 1]:  # the last game's pair is not finished
        h.add(points_)
    assert (h.wins, h.draws, h.losses) == (5, 3, 3) and h.games == 11
    # WW, WD, LW (as many points as two draws), LL, DD
    assert h.pentanomial == [1, 0, 2, 1, 1] and h.pairs == 5
    mean = (0 * 1 + 0.5 * 2 + 0.75 * 1 + 1 * 1) / 5  # the pairs' mean score: 0.55
    assert h.elo == pytest.approx(-400 * math.log10(1 / mean - 1))
    var = ((0 - mean) ** 2 + 2 * (0.5 - mean) ** 2 + (0.75 - mean) ** 2 + (1 - mean) ** 2) / 5
    lo, hi = h.elo_ci
    assert lo == pytest.approx(elo(mean - 1.959964 * math.sqrt(var / 5)))
    assert hi == pytest.approx(elo(mean + 1.959964 * math.sqrt(var / 5)))
    assert h.result is None and "W/D/L 5/3/3" in h.line() and "pairs 1 0 2 1 1" in h.line()
    counts = [1, 1e-3, 2, 1, 1]  # the outcome not seen counts as a thousandth of a pair in the test
    assert h.llr == pytest.approx(llr(counts, PAIR_SCORES, 0, 50))


def test_the_test_decides_h1_for_a_much_stronger_bot_and_h0_for_a_weaker_one():
    strong, weak = HeadToHead(0, 50), HeadToHead(0, 50)
    n = 0
    while strong.result is None:
        strong.add(1), strong.add(1 if n % 4 else 0.5)  # WW, WW, WW, WD, ...
        n += 1
        assert n < 1000
    assert strong.result == "H1" and strong.llr >= 2.94
    for _ in range(200):
        weak.add(0), weak.add(0.5 if _ % 3 else 1)
        if weak.result is not None:
            break
    assert weak.result == "H0" and weak.llr <= -2.94
    data = strong.as_json()["sprt"]
    assert set(data) >= {"llr", "lower", "upper", "elo", "elo_ci", "result"} and data["result"] == "H1"
    assert (data["lower"], data["upper"]) == (-2.9444, 2.9444)


def test_an_sprt_without_hypotheses_or_with_bad_ones_is_refused():
    for args, message in [((50, 0), "ELO0 must be below ELO1"), ((0, 50, 0.0), "alpha is an error rate"),
                          ((0, 50, 0.05, 0.7), "beta is an error rate"), ((0, None), "needs both"),
                          ((0, math.inf), "from -1000 to 1000")]:
        with pytest.raises(BadSprt, match=message):
            HeadToHead(*args)
    assert parse(" 0, 50") == (0.0, 50.0) and parse("-5,5") == (-5.0, 5.0)
    for text in ("50", "a,b", "0,50,100", "", "nan,5"):
        with pytest.raises(BadSprt):
            parse(text)
    with pytest.raises(BadSprt):
        HeadToHead().llr  # a head-to-head without hypotheses tracks Elo, but tests nothing


def test_a_game_scores_who_finished_ahead_of_whom():
    game = GameResult(0, 1, (0, 1, 2), [30, 25, 40], [2], "")
    assert points(game, 0, 1) == 1.0 and points(game, 1, 0) == 0.0   # neither won: the points decide
    assert points(game, 2, 0) == 1.0
    tied = GameResult(0, 1, (0, 1), [30, 30], [1], "")  # level on points, the tie-break gave seat 1 the game
    assert points(tied, 0, 1) == 0.0
    shared = GameResult(0, 1, (0, 1), [30, 30], [0, 1], "")
    assert points(shared, 0, 1) == 0.5


def test_a_paired_schedule_plays_each_seed_twice_with_the_bots_seats_swapped():
    specs = schedule(Arena("caylus", 2, ("a", "b"), games=6, seed=1, paired=True))
    assert [s.seating for s in specs] == [(0, 1), (1, 0)] * 3
    assert specs[0].seed == specs[1].seed != specs[2].seed == specs[3].seed
    specs = schedule(Arena("caylus", 3, ("a", "b", "field"), games=12, seed=1, paired=True))
    assert [s.seating for s in specs[:6]] == [(0, 1, 2), (1, 0, 2), (0, 2, 1), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    for seat in range(3):  # over the cycle, each bot sits in each seat alike
        assert sum(s.seating[seat] == 0 for s in specs) == sum(s.seating[seat] == 1 for s in specs) == 4
    with pytest.raises(ValueError, match="whole pairs"):
        Arena("caylus", 2, ("a", "b"), games=5, paired=True)
    with pytest.raises(ValueError, match="3 entries"):
        Arena("caylus", 4, ("a", "b"), games=4, paired=True)


def _stopped(result):
    h = result.head_to_head
    return result.games, h.pentanomial, h.result, round(h.llr, 9)


def test_the_sprt_arena_stops_at_a_bound_alike_with_jobs_and_resumes_to_the_same_stop(tmp_path):
    # greedy beats random at every game of Caylus 1303: at [0,400] the test accepts H1 after 5 pairs.
    arena = Arena("caylus-1303", 2, ("greedy", "random"), games=40, seed=2, paired=True)
    one = run(arena, sprt=HeadToHead(0, 400), records=tmp_path)
    assert _stopped(one)[:3] == (10, [0, 0, 0, 0, 5], "H1") and one.head_to_head.llr >= 2.94
    assert len(list(tmp_path.glob("*.txt"))) == 10
    assert _stopped(run(arena, jobs=2, sprt=HeadToHead(0, 400))) == _stopped(one)
    again = run(arena, sprt=HeadToHead(0, 400), records=tmp_path, resume=True)
    assert _stopped(again) == _stopped(one) and again.resumed == 10   # nothing left to play
    data = again.as_json()
    assert data["sprt"]["result"] == "H1" and data["head_to_head"]["pentanomial"] == [0, 0, 0, 0, 5]
    assert data["head_to_head"]["wdl"] == [10, 0, 0] and data["sprt"]["elo"] is None  # all won: infinite


def test_a_resumed_sprt_plays_on_from_the_journal_and_ends_like_an_unbroken_run(tmp_path):
    arena = Arena("caylus-1303", 2, ("greedy", "random"), games=40, seed=2, paired=True)
    whole = run(arena, sprt=HeadToHead(0, 400))
    run(Arena("caylus-1303", 2, ("greedy", "random"), games=4, seed=2, paired=True), records=tmp_path,
        sprt=HeadToHead(0, 400))   # stopped at --games 4, undecided
    resumed = run(arena, sprt=HeadToHead(0, 400), records=tmp_path, resume=True)
    assert _stopped(resumed) == _stopped(whole) and resumed.resumed == 4


def test_the_command_runs_an_sprt_heads_up_and_reports_it(capsys):
    assert main(["arena", "--edition", "caylus-1303", "--bots", "greedy,random", "--sprt", "0,400",
                 "--games", "40", "--seed", "2", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out.strip().splitlines()[-1])
    assert data["players"] == 2 and data["games"] == 10   # heads-up by default, stopped at H1
    sprt = data["sprt"]
    assert set(sprt) == {"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper", "elo", "elo_ci", "result"}
    assert sprt["result"] == "H1" and sprt["llr"] >= sprt["upper"] == 2.9444
    assert data["head_to_head"]["pentanomial"] == [0, 0, 0, 0, 5]
    assert "LLR +" in captured.err and "W/D/L" in captured.err   # the log carries the figures
    assert main(["arena", "--edition", "caylus-1303", "--bots", "greedy,random", "--sprt", "0,400",
                 "--games", "4", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert "no decision yet" in table and "greedy against random: 2 pairs" in table and "W/D/L 4/0/0" in table


def test_the_command_runs_an_sprt_at_three_seats_with_a_field(capsys):
    assert main(["arena", "--edition", "caylus-1303", "--players", "3", "--bots", "greedy,random", "--field",
                 "random", "--sprt", "0,400", "--games", "4", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["entries"] == ["greedy", "random", "random"] and data["games"] == 4
    assert data["head_to_head"]["pairs"] == 2 and sum(data["head_to_head"]["wdl"]) == 4


@pytest.mark.parametrize("argv,message", [
    (["--bots", "greedy,random", "--sprt", "50,0"], "ELO0 must be below ELO1"),
    (["--bots", "greedy,random", "--sprt", "fifty"], "--sprt takes two Elo differences"),
    (["--bots", "greedy,random", "--sprt", "0,50", "--alpha", "0.9"], "alpha is an error rate"),
    (["--bots", "greedy,random", "--alpha", "0.1"], "add it"),
    (["--bots", "greedy,random,easy", "--sprt", "0,50"], "--bots A,B, not 3 bot(s)"),
    (["--bots", "greedy,random", "--sprt", "0,50", "--games", "3"], "--games must be even"),
    (["--bots", "greedy,random", "--sprt", "0,50", "--players", "3"], "needs --field BOT"),
    (["--bots", "greedy,random", "--sprt", "0,50", "--field", "random"], "add --players N"),
    (["--bots", "greedy,random", "--sprt", "0,50", "--players", "3", "--field", "genius"], "--field: unknown agent"),
    (["--bots", "greedy,random", "--players", "3", "--field", "random"], "add --sprt"),
])
def test_sprt_mistakes_are_one_line_and_exit_2(argv, message, capsys):
    assert main(["arena", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_an_sprt_journal_is_not_taken_for_a_plain_arenas(tmp_path, capsys):
    common = ["arena", "--edition", "caylus-1303", "--players", "2", "--bots", "greedy,random", "--games", "2",
              "--records", str(tmp_path)]
    assert main([*common, "--sprt", "0,50", "--json"]) == 0
    capsys.readouterr()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert main([*common, "--resume"]) == 2
    assert "(its paired differ)" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_on_a_terminal_the_bar_carries_the_tests_figures_on_a_line_below_it(monkeypatch, capsys):
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setenv("COLUMNS", "160")  # a wide terminal: the figures on one line
    assert main(["arena", "--edition", "caylus-1303", "--bots", "greedy,random", "--sprt", "0,400", "--games", "2",
                 "--seed", "2"]) == 0
    shown = screen.getvalue()
    assert "2/2" in shown and "LLR +0.60 (-2.94,+2.94) [0,400]" in shown and "pairs 0 0 0 0 1" in shown
