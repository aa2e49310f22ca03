"""The `caylus` command: sim, bench and replay, in-process (main(argv)) and once through the installed script."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import caylus
from caylus.cli.main import main

SIM_KEYS = {"games", "decisions", "seconds", "games_per_s", "decisions_per_s", "mean_scores", "errors"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


# -- sim ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sim_json_reports_every_game_without_errors(capsys, players):
    code, out, err = run(capsys, "sim", "--edition", "caylus", "--players", str(players), "--games", "6",
                         "--seed", "1", "--json")
    assert code == 0, err
    summary = last_json(out)
    assert SIM_KEYS <= set(summary)
    assert summary["games"] == 6 and summary["errors"] == 0 and summary["finished"] == 6
    assert summary["decisions"] > 6 * 50 and summary["seconds"] > 0
    assert summary["decisions_per_s"] > 0 and summary["games_per_s"] > 0
    assert len(summary["mean_scores"]) == players and len(summary["wins"]) == players
    assert sum(summary["wins"]) >= 6  # every game has a winner (shared victories count for each)


@pytest.mark.parametrize("options", [["favors=simplified"], ["jeweller=true"], ["favors=simplified", "jeweller=yes"]])
def test_sim_passes_the_options_to_the_edition(capsys, options):
    argv = ["sim", "--players", "3", "--games", "3", "--json"]
    for opt in options:
        argv += ["--option", opt]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    summary = last_json(out)
    for opt in options:
        key, value = opt.split("=")
        expected = caylus.get_edition("caylus").normalize_options({key: value})[key]
        assert summary["options"][key] == expected


def test_sim_is_reproducible_from_its_seed(capsys):
    first = last_json(run(capsys, "sim", "--games", "3", "--seed", "7", "--json")[1])
    second = last_json(run(capsys, "sim", "--games", "3", "--seed", "7", "--json")[1])
    assert first["decisions"] == second["decisions"] and first["mean_scores"] == second["mean_scores"]


def test_sim_text_summary(capsys):
    code, out, _ = run(capsys, "sim", "--players", "2", "--games", "2", "--seed", "3")
    assert code == 0
    assert "Caylus (2005)" in out and "2 players" in out
    assert "games:       2 (seeds 3-4), 2 finished, 0 errors" in out
    assert "decisions/s" in out and "mean scores: Blue" in out and "wins:" in out


def test_sim_records_replay_to_the_same_scores(capsys, tmp_path):
    code, out, err = run(capsys, "sim", "--players", "3", "--games", "2", "--seed", "5",
                         "--records", str(tmp_path / "records"))
    assert code == 0, err
    files = sorted((tmp_path / "records").iterdir())
    assert [f.name for f in files] == ["caylus-3p-seed5.txt", "caylus-3p-seed6.txt"]
    for f in files:
        code, out, err = run(capsys, "replay", str(f), "--json")
        assert code == 0, err
        result = json.loads(out)
        game = caylus.load_record(f.read_text())
        assert result["terminal"] and result["scores"] == game.scores() and result["winners"] == game.winners()
        assert result["actions"] == len(game.history) and result["seed"] == int(f.stem.split("seed")[1])


def test_sim_reports_a_failing_game_with_its_seed_and_record(capsys, monkeypatch):
    from caylus.agents import random_agent

    original = random_agent.RandomAgent.choose_in

    def choose(self, game):
        if game.seed == 2 and len(game.history) == 12:
            raise RuntimeError("the agent tripped")
        return original(self, game)

    monkeypatch.setattr(random_agent.RandomAgent, "choose_in", choose)
    code, out, err = run(capsys, "sim", "--games", "3", "--seed", "1", "--json")
    assert code == 1
    summary = last_json(out)
    assert summary["errors"] == 1 and summary["error_seeds"] == [2] and summary["finished"] == 2
    assert "seed 2 raised RuntimeError: the agent tripped" in err
    assert "Traceback" in err and '[Seed "2"]' in err
    record = err[err.index('[Edition "caylus"]'):]
    assert len(caylus.load_record(record).history) == 12  # the record so far replays


# -- bench --------------------------------------------------------------------------------------------------------
def test_bench_json_has_the_sim_keys_and_the_median(capsys):
    code, out, err = run(capsys, "bench", "--games", "3", "--repeat", "3", "--json")
    assert code == 0, err
    result = last_json(out)
    assert SIM_KEYS | {"repeats", "median_decisions_per_s"} <= set(result)
    assert result["repeats"] == 3 and len(result["runs"]) == 3 and result["players"] == 4
    assert result["edition"] == "caylus" and result["errors"] == 0 and result["games"] == 9
    assert result["min_decisions_per_s"] <= result["median_decisions_per_s"] <= result["max_decisions_per_s"]
    assert result["decisions_per_s"] == result["median_decisions_per_s"]
    # The same seeds every repetition: the same work each time.
    assert len({r["decisions"] for r in result["runs"]}) == 1


def test_bench_for_a_time_budget(capsys):
    code, out, err = run(capsys, "bench", "--players", "2", "--seconds", "0.05", "--repeat", "2")
    assert code == 0, err
    assert "decisions/s: median" in out and "2 repetitions of 0.05 s" in out


def test_the_benchmark_script_uses_the_same_function():
    script = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_random_playouts.py"
    done = subprocess.run([sys.executable, str(script), "--games", "2", "--repeat", "1", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["players"] for r in results] == [2, 3, 4, 5]
    assert all(r["errors"] == 0 and r["median_decisions_per_s"] > 0 for r in results)


# -- replay -------------------------------------------------------------------------------------------------------
@pytest.fixture
def record_file(tmp_path) -> Path:
    from caylus.agents import play_random_game

    path = tmp_path / "game.txt"
    path.write_text(play_random_game("caylus", 2, seed=4).game.record())
    return path


def test_replay_prints_the_final_scores(capsys, record_file):
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 0, err
    game = caylus.load_record(record_file.read_text())
    assert "final scores: " + ", ".join(f"{n} {s}" for n, s in zip(("Blue", "Red"), game.scores())) in out
    assert "winner" in out


def test_replay_reads_stdin(capsys, monkeypatch, record_file):
    monkeypatch.setattr(sys, "stdin", io.StringIO(record_file.read_text()))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["scores"] == caylus.load_record(record_file.read_text()).scores()


def test_replay_of_an_unfinished_record_shows_the_position(capsys, tmp_path, record_file):
    short = tmp_path / "short.txt"
    short.write_text("\n".join(record_file.read_text().splitlines()[:25]) + "\n")
    code, out, _ = run(capsys, "replay", str(short))
    assert code == 0
    assert "20 actions" in out and "the record ends before the game does" in out and " to play:" in out
    # The position in words, as `--step` shows it: the board, the question, the moves numbered (no Python lists).
    game = caylus.load_record(short.read_text())
    view = game.view(None)
    assert "The road" in out and "1. " + caylus.describe_action(view, view["legal_actions"][0]) in out
    assert f"[{view['legal_actions'][0]}]" in out
    assert "['" not in out and "{'" not in out


def test_replay_of_a_malformed_record_names_the_line(capsys, tmp_path, record_file):
    lines = record_file.read_text().splitlines()
    lines[8] = "place:nowhere"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "line 9: place:nowhere" in err and "Traceback" not in err


# -- command-line mistakes: one line on stderr, exit code 2 -----------------------------------------------------------
@pytest.mark.parametrize("argv, phrase", [
    ([], "required: COMMAND"),
    (["dance"], "invalid choice: 'dance'"),
    (["sim", "--bogus"], "unrecognized arguments: --bogus"),
    (["sim", "--edition", "chess"], "unknown edition 'chess'"),
    (["sim", "--players", "6"], "2-5 players, not 6"),
    (["sim", "--players", "1"], "2-5 players, not 1"),
    (["sim", "--players", "two"], "expected a whole number"),
    (["sim", "--games", "0"], "expected at least 1"),
    (["sim", "--seed", "x"], "expected a whole number"),
    (["sim", "--option", "favors"], "expected key=value"),
    (["sim", "--option", "colour=red"], "no option 'colour'"),
    (["sim", "--option", "favors=generous"], "expected one of table, simplified"),
    (["sim", "--option", "jeweller=perhaps"], "expected true or false"),
    (["bench", "--seconds", "0"], "more than 0 seconds"),
    (["bench", "--option", "x=1"], "no option 'x'"),
    (["replay"], "required: FILE"),
    (["replay", "/no/such/record.txt"], "cannot read /no/such/record.txt"),
])
def test_mistakes_are_one_clear_line_and_exit_2(capsys, argv, phrase):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and phrase in err and "Traceback" not in err, err
    assert err.startswith("caylus")


def test_help_and_version(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "sim" in out and "bench" in out and "replay" in out
    code, out, _ = run(capsys, "sim", "--help")
    assert code == 0 and "--option KEY=VALUE" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and caylus.__version__ in out


# -- the installed entry point ------------------------------------------------------------------------------------
def test_the_installed_caylus_command(tmp_path):
    script = Path(sys.executable).with_name("caylus")
    assert script.exists(), f"the caylus entry point is not installed next to {sys.executable} (pip install -e .)"
    done = subprocess.run([str(script), "sim", "--edition", "caylus", "--players", "4", "--games", "3",
                           "--seed", "1", "--json", "--records", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert last_json(done.stdout)["errors"] == 0
    replayed = subprocess.run([str(script), "replay", str(tmp_path / "caylus-4p-seed1.txt")],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0 and "final scores" in replayed.stdout
    bad = subprocess.run([str(script), "sim", "--players", "9"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip() == "caylus sim: edition 'caylus' is for 2-5 players, not 9"


def test_python_dash_m_caylus_is_the_same_command():
    done = subprocess.run([sys.executable, "-m", "caylus", "sim", "--edition", "caylus-1303", "--players", "3",
                           "--games", "2", "--seed", "4", "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert last_json(done.stdout)["finished"] == 2
    bad = subprocess.run([sys.executable, "-m", "caylus", "sim", "--players", "9"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip() == "caylus sim: edition 'caylus' is for 2-5 players, not 9"
