"""The boards of every edition, drawn from fixed positions and compared with snapshot files (reviewed by eye).

Regenerate after a deliberate change with `CAYLUS_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/play`,
then read the diff.
"""

import io
import os
import random
from pathlib import Path

import pytest
from rich.console import Console

import caylus
from caylus.agents import play_random_game
from caylus.play.boards import render
from caylus.play.boards.common import scoreboard

SNAPSHOTS = Path(__file__).parent / "snapshots"


def text_of(renderable, color: bool = False) -> str:
    out = io.StringIO()
    console = Console(file=out, width=80, no_color=not color, color_system="truecolor" if color else None,
                      force_terminal=color, highlight=False, emoji=False)
    console.print(renderable)
    return out.getvalue()


def position(edition: str, players: int, seed: int, moves: int):
    """A game after `moves` seeded random moves (a fixed, varied position)."""
    game = caylus.new_game(edition, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def check(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("CAYLUS_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: run with CAYLUS_UPDATE_SNAPSHOTS=1 and review it"
    assert text == path.read_text(encoding="utf-8")


CASES = [  # name, edition, players, seed, moves, viewer
    ("caylus-4p-early", "caylus", 4, 1, 60, 0),
    ("caylus-5p-late", "caylus", 5, 2, 200, 1),
    ("caylus-1303-3p", "caylus-1303", 3, 1, 40, 0),
    ("caylus-1303-5p-late", "caylus-1303", 5, 3, 150, 2),
    ("magna-carta-3p-red", "magna-carta", 3, 1, 150, 1),
    ("magna-carta-4p-everything", "magna-carta", 4, 2, 300, None),
]


@pytest.mark.parametrize("name,edition,players,seed,moves,viewer", CASES, ids=[c[0] for c in CASES])
def test_board_snapshot(name, edition, players, seed, moves, viewer):
    game = position(edition, players, seed, moves)
    assert not game.is_terminal
    check(name, text_of(render(game.view(viewer))))


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_final_scoreboard_snapshot(edition):
    game = play_random_game(edition, 3, 5).game
    view = game.view(0)
    check(f"{edition}-end", text_of(scoreboard(view, game.scores(), game.winners())))


def test_magna_carta_board_shows_the_viewers_hand_and_no_other():
    game = position("magna-carta", 3, 1, 150)
    omniscient = game.view(None)["seats"]
    for viewer in range(3):
        text = text_of(render(game.view(viewer)))
        hand_line = next(line for line in text.splitlines() if line.startswith("Your hand"))
        assert hand_line.startswith(f"Your hand {omniscient[viewer]['name']}")
        for card in omniscient[viewer]["hand"]:
            assert caylus.describe_building(game.view(viewer), card)["name"] in hand_line
        assert "Hands:" not in text  # the omniscient line (replays) never shows in a seat's board


def test_colour_mode_tints_each_player_and_plain_mode_keeps_the_letters():
    game = position("caylus", 5, 1, 60)
    plain = text_of(render(game.view(0)))
    coloured = text_of(render(game.view(0)), color=True)
    assert "\x1b[" not in plain and "\x1b[" in coloured
    for name, letter in [("Blue", "B"), ("Red", "R"), ("Green", "G"), ("Orange", "O"), ("Black", "K")]:
        assert f"{name} ({letter})" in plain
    assert all(len(line) <= 80 for line in plain.splitlines())


@pytest.mark.parametrize("edition,key,title", [("caylus", "stock", "Stock"), ("caylus-1303", "supply", "Supply")])
def test_the_board_lists_the_buildings_still_to_build_by_kind(edition, key, title):
    """A player plans on what is left to build: every building of the stock (the supply in 1303) is named once,
    under its kind as the edition's words give it."""
    game = position(edition, 3, 4, 60)
    view = game.view(0)
    text = text_of(render(view))
    section = " ".join(text.split(title, 1)[1].split("\nNow:", 1)[0].split())
    by_kind = {}
    for building in view[key]:
        about = caylus.describe_building(view, building)
        by_kind.setdefault(about["kind"].removesuffix(" building"), []).append(about["name"])
    assert by_kind
    for kind, names in by_kind.items():
        listed = section.split(f" {kind}: ", 1)[1].split(": ", 1)[0]
        assert all(name in listed for name in names), (kind, names, listed)
    assert section.count(", ") == len(view[key]) - len(by_kind)
