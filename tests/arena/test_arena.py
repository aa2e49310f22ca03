"""The arena: fair seatings, per-game seeds, the interval and rating maths on small fixed cases, the local,
parallel and Ray runners, and the command line's report and errors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import caylus
from caylus.arena import Arena, run, schedule
from caylus.arena.ratings import Ratings, ranks, wilson
from caylus.arena.schedule import game_seed
from caylus.cli.main import main


def outcome(result) -> list[dict]:
    """A result without its timings (which no two runs share)."""
    return [{k: v for k, v in bot.items() if k != "seconds_per_move"} for bot in result.as_json()["bots"]]


def test_with_as_many_entries_as_seats_each_entry_sits_once_in_each_seat():
    specs = schedule(Arena("caylus", 4, ("hard", "greedy", "greedy", "greedy"), games=8, seed=1))
    for seat in range(4):
        assert Counter(s.seating[seat] for s in specs) == Counter({0: 2, 1: 2, 2: 2, 3: 2})


def test_with_more_entries_than_seats_every_entry_plays_as_often_in_every_seat():
    specs = schedule(Arena("caylus", 2, ("a", "b", "c"), games=6, seed=1))  # 3 pairs x 2 rotations
    assert {s.seating for s in specs} == {(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)}
    for seat in range(2):
        assert Counter(s.seating[seat] for s in specs) == Counter({0: 2, 1: 2, 2: 2})


def test_every_game_has_its_own_seed_and_the_same_arena_the_same_seeds():
    seeds = [s.seed for s in schedule(Arena("caylus", 2, ("a", "b"), games=50, seed=7))]
    assert len(set(seeds)) == 50 and all(0 <= s < 2 ** 64 for s in seeds)
    assert seeds == [game_seed(7, i) for i in range(50)]
    assert seeds != [s.seed for s in schedule(Arena("caylus", 2, ("a", "b"), games=50, seed=8))]


def test_the_wilson_interval_on_fixed_cases():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == pytest.approx(1.0) and round(wilson(10, 10)[0], 4) == 0.7225
    assert wilson(0, 0) == (0.0, 1.0)


def test_ranks_share_ties():
    assert ranks([10, 30, 20, 30]) == [4, 1, 3, 1]


def test_a_seats_place_at_the_table_shares_the_places_of_a_tie():
    from caylus.arena.report import place
    scores = [10, 30, 20, 30]
    assert [place(scores, seat) for seat in range(4)] == [4, 1.5, 3, 1.5]
    assert place([7, 7], 0) == 1.5 and place([9, 3], 1) == 2


def test_a_bot_that_always_wins_rates_above_one_that_always_loses():
    r = Ratings(["strong", "weak"])
    for _ in range(20):
        r.update(["strong", "weak", "weak"], [30, 10, 5])
    assert r.interval("strong")[0] > r.interval("weak")[1]   # the intervals no longer overlap
    assert r.sigma["strong"] < 25 / 3                          # and they shrank from OpenSkill's start


def test_sigma_keeps_shrinking_with_games_since_a_bots_skill_does_not_drift():
    # OpenSkill's default drift (tau) would hold sigma near 1.5 from about 400 games on; bots do not drift.
    r = Ratings(["a", "b"])
    sigma = {}
    for g in range(1, 1601):
        r.update(["a", "b"], [1, 0] if g % 2 else [0, 1])
        if g in (400, 1600):
            sigma[g] = r.sigma["a"]
    assert sigma[1600] < 0.65 * sigma[400]   # about 1/sqrt(4) of it: every game still informs
    assert r.mu["a"] == pytest.approx(r.mu["b"], abs=0.5)


def test_a_game_replays_alone_from_its_record_and_jobs_do_not_change_results(tmp_path):
    arena = Arena("caylus", 2, ("easy", "random"), games=3, seed=3)
    one = run(arena, jobs=1, records=tmp_path)
    two = run(arena, jobs=2)
    assert outcome(one) == outcome(two)
    records = sorted(tmp_path.glob("*.txt"))
    assert len(records) == 3
    game = caylus.load_record(records[0].read_text())
    assert game.is_terminal and game.seed == schedule(arena)[0].seed


def test_a_stopped_arena_resumes_where_it_stopped_and_gives_an_unbroken_runs_results(tmp_path, monkeypatch):
    from caylus.arena import runners
    whole = run(Arena("caylus-1303", 2, ("easy", "random"), games=5, seed=4))
    run(Arena("caylus-1303", 2, ("easy", "random"), games=3, seed=4), records=tmp_path)   # stopped after 3
    journal = tmp_path / "arena.jsonl"
    text = journal.read_text()
    journal.write_text(text[:-40])   # and stopped while writing the 3rd game down: that one is played again
    played = []
    play_one = runners.play_one
    monkeypatch.setattr(runners, "play_one", lambda spec: played.append(spec.index) or play_one(spec))
    resumed = run(Arena("caylus-1303", 2, ("easy", "random"), games=5, seed=4), records=tmp_path, resume=True)
    assert played == [2, 3, 4]
    assert outcome(resumed) == outcome(whole) and resumed.games == 5
    assert (resumed.resumed, whole.resumed) == (2, 0) and "5 games (seed 4, 2 of them from the records)" in resumed.table()
    assert len(journal.read_text().splitlines()) == 1 + 5 and len(list(tmp_path.glob("*.txt"))) == 5


def test_a_records_directory_of_another_arena_is_refused_and_left_as_it_was(tmp_path, capsys):
    common = ["arena", "--players", "2", "--games", "2", "--seed", "3", "--records", str(tmp_path)]
    assert main([*common, "--bots", "random,random", "--json"]) == 0
    capsys.readouterr()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for argv, message in [
        ([*common, "--bots", "random,random"], "already holds 2 game(s) of an arena: resume it (--resume)"),
        ([*common, "--bots", "random,easy", "--resume"], "another arena's games (its bots differ)"),
        ([*common[:-2], "--bots", "random,random", "--resume"], "--resume goes on with the games saved"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    journal = tmp_path / "arena.jsonl"
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([lines[0], lines[1].replace('"seed": ', '"seed": 1'), lines[2]]) + "\n")
    assert main([*common, "--bots", "random,random", "--resume"]) == 2
    assert "line 2: game 1 has seed 1" in capsys.readouterr().err


def test_the_ray_backend_plays_the_same_arena():
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        arena = Arena("caylus-1303", 2, ("easy", "random"), games=2, seed=5)
        assert outcome(run(arena, backend="ray")) == outcome(run(arena))
        # an SPRT stops Ray where it stops locally, the games not needed cancelled (greedy wins every game)
        from caylus.arena.sprt import HeadToHead
        paired = Arena("caylus-1303", 2, ("greedy", "random"), games=40, seed=2, paired=True)
        stopped = run(paired, backend="ray", sprt=HeadToHead(0, 400))
        assert (stopped.games, stopped.head_to_head.pentanomial, stopped.head_to_head.result) == (10, [0, 0, 0, 0, 5], "H1")
    finally:
        ray.shutdown()


def test_the_command_reports_json_a_table_and_a_chart(tmp_path, capsys):
    chart = tmp_path / "ratings.png"
    code = main(["arena", "--edition", "magna-carta", "--players", "3", "--bots", "greedy,random,random",
                 "--games", "3", "--seed", "2", "--jobs", "2", "--json", "--chart", str(chart)])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out.strip().splitlines()[-1])
    assert (data["edition"], data["players"], data["games"]) == ("magna-carta", 3, 3)
    for bot in data["bots"]:
        assert {"name", "games", "wins", "win_rate", "ci", "rating", "rating_sigma", "mean_score",
                "mean_rank", "seconds_per_move"} <= set(bot)
        assert bot["ci"][0] <= bot["win_rate"] <= bot["ci"][1] and 1 <= bot["mean_rank"] <= 3
    assert sum(b["games"] for b in data["bots"]) == 9
    # Three seats a game: the places of a game add up to 1 + 2 + 3 whatever the ties.
    assert sum(b["mean_rank"] * b["games"] for b in data["bots"]) == pytest.approx(6 * 3, abs=0.01)
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["arena", "--players", "2", "--bots", "greedy,random", "--games", "2"]) == 0
    table = capsys.readouterr().out
    assert "win rate" in table and "place" in table and "greedy" in table and "most used buildings" in table


def test_a_log_follows_the_games_a_line_at_every_tenth(capsys):
    # stderr is not a terminal here, as in a long run under nohup: plain lines instead of a live bar
    assert main(["arena", "--players", "2", "--bots", "random,random", "--games", "20", "--json"]) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert [line.split(",")[0] for line in lines] == [f"caylus arena: {n}/20 games" for n in range(2, 21, 2)]


@pytest.mark.parametrize("argv,message", [
    (["--bots", "greedy,genius"], "unknown agent 'genius'"),
    (["--bots", "greedy"], "1 bot(s) for 4 seats"),
    (["--bots", "greedy,random", "--players", "7"], "for 2-5 players"),
    (["--bots", "greedy,random", "--edition", "chess", "--players", "2"], "unknown edition"),
    (["--bots", "greedy,random", "--players", "2", "--chart", "out.txt"], "writes a PNG"),
    (["--bots", "greedy,random", "--players", "2", "--backend", "spark"], "invalid choice"),
])
def test_mistakes_are_one_line_and_exit_2(argv, message, capsys):
    assert main(["arena", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_records_directory_that_cannot_be_written_is_one_line(tmp_path, capsys):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    assert main(["arena", "--players", "2", "--bots", "greedy,random", "--games", "1",
                 "--records", str(blocked / "games")]) == 2
    err = capsys.readouterr().err.strip()
    assert "cannot write records" in err and len(err.splitlines()) == 1


def test_the_table_names_buildings_in_the_editions_words():
    from caylus.arena.report import _building_words
    name = _building_words(Arena("caylus", 2, ("greedy", "random"), games=1))
    assert name("trading_post") == "Trading post"
    assert name("no_such_place") == "no such place"   # an id the words do not know is shown as it is


def test_the_ladder_bootstrap_reads_a_journal_and_judges_a_longer_run(tmp_path):
    # greedy beats random in every game of Caylus 1303 heads-up, so every draw keeps them apart.
    run(Arena("caylus-1303", 2, ("greedy", "random"), games=12, seed=2), records=tmp_path)
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder_bootstrap.py"
    done = subprocess.run([sys.executable, str(script), str(tmp_path), "--games", "60", "--draws", "5"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "12 games played" in done.stdout
    assert "greedy above random: 100% of 5 draws of 60 games" in done.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "arena.jsonl").write_text((tmp_path / "arena.jsonl").read_text().splitlines()[0] + "\n")
    done = subprocess.run([sys.executable, str(script), str(empty)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "holds no finished game" in done.stderr


def test_the_lookahead_variants_are_bots_the_arena_can_seat(monkeypatch):
    # benchmarks/lookahead_variants.py backs the settings tried for a level (RESULTS-bots.md, "The ladder").
    from caylus.agents import make_agent
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2] / "benchmarks"))
    bot = make_agent("lookahead_variants:K8H24S8", 3)
    assert (bot.name, bot.candidates, bot.horizon, bot.samples, bot.level) == ("K8H24S8", 8, 24, 8, None)
    game = caylus.new_game("magna-carta", players=3, seed=1)
    assert bot.budget(game.edition) == (8, 24, 8, None)  # its own setting, not the edition's level
    nested = make_agent("lookahead_variants:K5H12S4I2x4", 3)  # every seat in its futures looks 2 moves 4 ahead
    assert (nested.name, nested.budget(game.edition)) == ("K5H12S4I2x4", (5, 12, 4, (2, 4)))
