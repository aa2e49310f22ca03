"""The gauntlet: who a bot meets (the edition's style players and the levels below it), each pairing played in
pairs of games and reported, with or without an SPRT a pairing; its records, resuming and mistakes."""

from __future__ import annotations

import json

import pytest

from caylus.agents.styles import style_names
from caylus.arena.gauntlet import Gauntlet, directory, opponents
from caylus.cli.main import main


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_a_bot_meets_every_style_player_and_the_levels_below_it(edition):
    styles = style_names(edition)
    assert len(styles) >= 3 and all(name.startswith("style:") for name in styles)
    assert opponents(edition, "hard") == [*styles, "random", "easy", "greedy", "normal"]
    assert opponents(edition, "greedy") == [*styles, "random", "easy"]
    assert opponents(edition, "random") == styles
    assert opponents(edition, "hard:4") == opponents(edition, "hard")   # a level's setting stands where it does
    # a bot that is no level meets every level; a style player every other style
    assert opponents(edition, "mcts:50") == [*styles, "random", "easy", "greedy", "normal", "hard"]
    assert opponents(edition, styles[0]) == [*styles[1:], "random", "easy", "greedy", "normal", "hard"]


def test_each_pairing_is_a_paired_heads_up_arena_of_its_own():
    g = Gauntlet("caylus-1303", "greedy", games=4, seed=3, sprt=(0.0, 50.0), alpha=0.1)
    arenas = g.arenas()
    assert [a.bots for a in arenas] == [("greedy", other) for other in opponents("caylus-1303", "greedy")]
    assert all(a.paired and a.players == 2 and a.games == 4 and a.seed == 3 for a in arenas)
    test = g.test()
    assert (test.elo0, test.elo1, test.alpha, test.beta) == (0.0, 50.0, 0.1, 0.05)
    assert not Gauntlet("caylus", "hard", games=2).test().testing
    assert directory(__import__("pathlib").Path("out"), "style:builder").name == "style-builder"


def test_the_command_runs_a_gauntlet_reports_each_pairing_and_resumes(tmp_path, capsys):
    argv = ["arena", "--gauntlet", "--edition", "caylus-1303", "--bots", "easy", "--games", "2", "--seed", "2",
            "--sprt", "0,50", "--records", str(tmp_path), "--json"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out.strip().splitlines()[-1])["gauntlet"]
    names = opponents("caylus-1303", "easy")
    assert (data["bot"], data["players"], data["sprt"]["elo1"]) == ("easy", 2, 50.0)
    assert [p["head_to_head"]["opponent"] for p in data["pairings"]] == names
    for pairing in data["pairings"]:
        assert pairing["games"] == 2 and pairing["head_to_head"]["pairs"] == 1
        assert sum(pairing["head_to_head"]["wdl"]) == 2 and sum(pairing["head_to_head"]["pentanomial"]) == 1
        assert pairing["sprt"]["result"] is None and pairing["sprt"]["upper"] == 2.9444
    assert "easy v style:builder" in captured.err   # each pairing's progress is labelled
    for name in names:
        assert len((directory(tmp_path, name) / "arena.jsonl").read_text().splitlines()) == 3
    assert main([*argv, "--resume"]) == 0   # nothing left to play: the same figures back
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["gauntlet"]
    assert [p["head_to_head"] for p in again["pairings"]] == [p["head_to_head"] for p in data["pairings"]]
    assert all(p["resumed"] == 2 for p in again["pairings"])
    assert main(argv[:-1]) == 2   # without --resume, a folder of saved games is refused
    assert "already holds 2 game(s)" in capsys.readouterr().err


def test_the_gauntlet_table_without_an_sprt(capsys):
    assert main(["arena", "--gauntlet", "--edition", "caylus-1303", "--bots", "random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "random's gauntlet in caylus-1303, heads-up" in out and "LLR" not in out
    for name in style_names("caylus-1303"):
        assert name in out


def test_saved_games_of_a_later_pairing_are_checked_before_any_game_is_played(tmp_path, capsys):
    common = ["arena", "--edition", "caylus-1303", "--games", "2", "--seed", "2"]
    last = opponents("caylus-1303", "random")[-1]
    assert main([*common, "--bots", f"random,{last}", "--sprt", "0,50", "--records",
                 str(directory(tmp_path, last))]) == 0   # the last pairing's games, already there
    capsys.readouterr()
    assert main([*common, "--gauntlet", "--bots", "random", "--records", str(tmp_path)]) == 2
    assert "already holds 2 game(s)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == [directory(tmp_path, last).name]   # nothing played


@pytest.mark.parametrize("argv,message", [
    (["--bots", "hard", "--players", "3"], "--gauntlet plays heads-up"),
    (["--bots", "hard,normal"], "--bots BOT, not 'hard,normal'"),
    (["--bots", "genius"], "unknown agent 'genius'"),
    (["--bots", "hard", "--field", "greedy"], "--field is not for --gauntlet"),
    (["--bots", "hard", "--chart", "x.png"], "--chart is not for --gauntlet"),
    (["--bots", "hard", "--games", "3"], "--games must be even"),
    (["--bots", "hard", "--sprt", "0"], "--sprt takes two Elo differences"),
    (["--bots", "hard", "--resume"], "--resume goes on with the games saved"),
])
def test_gauntlet_mistakes_are_one_line_and_exit_2(argv, message, capsys):
    assert main(["arena", "--gauntlet", "--games", "2", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err
