"""`caylus serve` on the command line: its help, and one clear line (exit 2) for a bad flag, a database it cannot
open, or a missing web extra. Serving itself is tested in tests/server (the process is started there)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from caylus.cli.main import main


def test_serve_help_lists_the_flags():
    out = subprocess.run([sys.executable, "-m", "caylus.cli", "serve", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    for flag in ("--host", "--port", "--db", "--people-bot-nice"):
        assert flag in out.stdout


def test_bad_flags_and_databases_are_one_line(capsys, tmp_path):
    assert main(["serve", "--port", "70000"]) == 2
    assert main(["serve", "--db", "nonsense://x"]) == 2
    assert main(["serve", "--db", f"sqlite:///{tmp_path}/no/such/dir/x.db"]) == 2
    assert main(["serve", "--people-bot-nice", "-5"]) == 2  # a higher priority than the server's: never
    assert main(["serve", "--people-bot-nice", "two"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 5


def test_a_refused_number_names_its_own_flag(capsys):
    # Every limit once shared one parser whose refusal always named --moves-per-second.
    for flag, bad in [("--tables-per-minute", "lots"), ("--reads-per-second", "0"), ("--hints-per-minute", "-1"),
                      ("--idle-minutes", "inf"), ("--bot-pace", "nan"), ("--absent-minutes", "-3"),
                      ("--people-bot-nice", "1.5"), ("--moves-per-second", "2e7")]:
        assert main(["serve", flag, bad]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"argument {flag}:" in err and "Traceback" not in err, err
        others = {"--moves-per-second", "--tables-per-minute", "--reads-per-second", "--hints-per-minute"} - {flag}
        assert not any(o in err for o in others), err


def test_a_plain_path_is_an_sqlite_file(tmp_path, monkeypatch):
    from caylus.cli.serve import _database
    monkeypatch.chdir(tmp_path)
    assert _database("games.db") == f"sqlite:///{tmp_path}/games.db"
    assert _database("sqlite:///x.db") == "sqlite:///x.db"
    assert _database("postgresql://u@h/d") == "postgresql://u@h/d"
    assert _database("") == ""


def test_a_missing_web_extra_says_what_to_install(capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "fastapi" else real(name, *a))
    assert main(["serve"]) == 2
    err = capsys.readouterr().err.strip()
    assert "pip install 'caylus[web]'" in err and len(err.splitlines()) == 1
