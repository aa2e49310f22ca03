"""Each example in examples/ runs (with fewer steps) and prints its result."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_openspiel_mcts_against_our_bot():
    out = run("openspiel_mcts.py", "--simulations", "2")
    assert "MCTS (2 simulations)" in out and " won" in out


def test_pettingzoo_random_loop():
    out = run("pettingzoo_random.py", "--games", "1", "--players", "2")
    assert out.startswith("game 1: ") and "rewards [" in out


@pytest.mark.parametrize("edition", ["caylus", "magna-carta"])
def test_gymnasium_loop_with_masks(edition):
    out = run("gym_masks.py", "--episodes", "1", "--edition", edition, "--players", "2")
    assert out.startswith("episode 1: reward ")
