"""The optional compiled build (docs/compiled.md) plays exactly the games of the pure-Python engine, its reference.

These run in the second pass of `scripts/test` (the compiled pass), where the build is first on the path
and the environment says so (``CAYLUS_COMPILED=1``); in the ordinary pass there is nothing compiled to compare,
so tests/core/conftest.py leaves this file out of it (not collected, rather than skipped: CI shows no skip).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import caylus

# The modules scripts/build-compiled compiles.
COMPILED = ("caylus.core.game", "caylus.core.rng", "caylus.editions.classic.rules", "caylus.editions.c1303.rules",
            "caylus.editions.magna_carta.rules", "caylus.editions.magna_carta.setup")
REPO = Path(__file__).resolve().parents[2]



def is_compiled(name: str) -> bool:
    return not importlib.import_module(name).__file__.endswith(".py")


def digest(games: int = 6) -> str:
    """One hash over seeded random games of every edition and player count: each history, the events told, the
    scores and the final view, with some actions taken back and played again (undo, and a clone played on)."""
    h = hashlib.sha256()
    for edition in caylus.available_editions():
        ed = caylus.get_edition(edition)
        for seed in range(games):
            players = ed.min_players + seed % (ed.max_players - ed.min_players + 1)
            rng = random.Random(seed)
            game = caylus.new_game(edition, players=players, seed=seed)
            game.record_events()
            while not game.is_terminal:
                game.apply(rng.choice(game.legal_actions()))
                if rng.random() < 0.05 and game.history:
                    game.undo()
                if rng.random() < 0.01:
                    twin = game.clone()
                    while not twin.is_terminal:
                        twin.apply(rng.choice(twin.legal_actions()))
                    h.update(repr(twin.scores()).encode())
            h.update(" ".join(a.token for a in game.history).encode())
            h.update(repr(game.scores()).encode())
            h.update(json.dumps([game.events(), game.view(0)], sort_keys=True, default=str).encode())
    return h.hexdigest()


def test_the_engine_runs_compiled():
    assert [m for m in COMPILED if not is_compiled(m)] == []


def test_same_games_as_pure_python():
    pure = subprocess.run(
        [sys.executable, "-c", "import caylus.core.game as g, tests.core.test_compiled as t; "
                               "assert g.__file__.endswith('.py'), g.__file__; print(t.digest())"],
        cwd=REPO, env={**os.environ, "PYTHONPATH": f"{REPO / 'src'}{os.pathsep}{REPO}"},
        capture_output=True, text=True, timeout=600, check=True)
    assert digest() == pure.stdout.strip()
