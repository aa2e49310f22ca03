"""`caylus play` and `caylus replay --step`: a mistake in the command line is one line on stderr and exit 2,
before any game starts (the games themselves are driven in a terminal in tests/play)."""

from __future__ import annotations

import pytest

from caylus.agents import play_random_game
from caylus.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv,says", [
    (["--players", "7"], "7"),
    (["--edition", "monopoly"], "monopoly"),
    (["--seats", "you,normal", "--players", "3"], "--seats names 2 seats for a 3-player game"),
    (["--seats", "you,,normal"], "empty name"),
    (["--option", "bogus=1"], "bogus"),
    (["--seed", "-1"], "seed"),
    (["--load", "/no/such/file.txt"], "cannot read /no/such/file.txt"),
    (["--edition", "magna-carta", "--players", "5"], "5"),
    (["--seats", "you,wizard"], "caylus play: --seats: seat 1 (Red): unknown agent 'wizard'"),
    (["--seats", "you,mcts:0"], "caylus play: --seats: seat 1 (Red): mcts:ITER needs a whole number"),
])
def test_mistakes_are_one_line_and_exit_2(capsys, argv, says):
    code, out, err = run(capsys, "play", *argv)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_load_refuses_a_finished_game_and_conflicting_flags(capsys, tmp_path):
    finished = tmp_path / "done.txt"
    finished.write_text(play_random_game("caylus", 2, 1).record(), encoding="utf-8")
    code, _, err = run(capsys, "play", "--load", str(finished))
    assert code == 2 and "finished game" in err and "replay" in err
    code, _, err = run(capsys, "play", "--load", str(finished), "--seed", "3")
    assert code == 2 and "takes the edition, seed and options from the record" in err
    broken = tmp_path / "broken.txt"
    broken.write_text("[Edition \"caylus\"]\nnot-a-token\n", encoding="utf-8")
    code, _, err = run(capsys, "play", "--load", str(broken))
    assert code == 2 and "broken.txt" in err


def test_help_lists_play_first(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert out.index("play") < out.index("sim")
