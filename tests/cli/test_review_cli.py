"""`caylus review` (issue 29): the JSON shape, and clear errors for bad input."""

from __future__ import annotations

import json

import caylus
from caylus.cli.main import main


def _record(tmp_path, moves=16):
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(moves):
        game.apply(game.legal_actions()[-1])
    path = tmp_path / "game.txt"
    path.write_text(game.record())
    return path


def test_json_is_one_object_on_the_last_line_with_the_issues_shape(tmp_path, capsys):
    path = _record(tmp_path)
    assert main(["review", str(path), "--seat", "1", "--level", "normal", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert set(data) == {"edition", "level", "seats", "decisions"}
    assert data["edition"] == "caylus" and data["level"] == "normal"
    assert [set(s) for s in data["seats"]] == [{"seat", "mean_loss", "labels"}]
    assert set(data["seats"][0]["labels"]) == {"best", "good", "inaccuracy", "mistake", "blunder"}
    assert data["decisions"]
    for d in data["decisions"]:
        assert set(d) == {"index", "seat", "played", "best", "value", "loss", "label", "reason"}
        assert d["seat"] == 1 and d["loss"] >= 0 and d["reason"]
    assert sum(data["seats"][0]["labels"].values()) == len(data["decisions"])


def test_text_output_has_a_summary_per_seat(tmp_path, capsys):
    path = _record(tmp_path, 8)
    assert main(["review", str(path), "--level", "normal"]) == 0
    out = capsys.readouterr().out
    assert "seat 0: mean loss" in out and "seat 1: mean loss" in out


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    path = _record(tmp_path, 4)
    assert main(["review", str(tmp_path / "missing.txt")]) == 2
    assert main(["review", str(path), "--seat", "5", "--level", "normal"]) == 2
    assert main(["review", str(path), "--level", "random"]) == 2
    assert main(["review", str(path), "--jobs", "0"]) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text('[Edition "caylus"]\n[Players "2"]\n[Seed "1"]\nplace:nowhere\n')
    assert main(["review", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "no seat 5" in err and "bad.txt" in err


def test_chart_draws_each_seats_expected_margin(tmp_path, capsys):
    import pytest

    pytest.importorskip("matplotlib")
    path = _record(tmp_path, 8)
    chart = tmp_path / "margins.png"
    assert main(["review", str(path), "--level", "normal", "--chart", str(chart)]) == 0
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["review", str(path), "--level", "normal", "--chart", str(tmp_path / "no" / "dir.png")]) == 2
    assert "cannot write" in capsys.readouterr().err
