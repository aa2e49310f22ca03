"""Every edition's view says where the end-of-game points came from (`end_bonus_parts`), once the game is over.

The rulebooks' end bonuses: Caylus (2005) p6 "3 points per gold cube, 1 point per 3 cubes (no Gold), 1 point
per 4 deniers"; Caylus 1303 "2 Prestige Points per Gold"; Magna Carta "1 point per gold, 1 per 3 other cubes,
1 per 3 deniers".
"""

import pytest

from caylus.agents import play_random_game

RULES = {  # per edition: the bonus each part gives, from the seat as the view shows it
    "caylus": lambda s: {"gold": 3 * s["cubes"]["gold"],
                         "cubes": sum(n for c, n in s["cubes"].items() if c != "gold") // 3,
                         "deniers": s["deniers"] // 4},
    "caylus-1303": lambda s: {"gold": 2 * s["resources"]["gold"]},
    "magna-carta": lambda s: {"gold": s["gold"], "cubes": (s["food"] + s["wood"] + s["stone"]) // 3,
                              "deniers": s["deniers"] // 3},
}


@pytest.mark.parametrize("edition", sorted(RULES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_end_bonus_parts_follow_the_rulebook_and_add_up_to_the_final_scores(edition, seed):
    game = play_random_game(edition, 3, seed).game
    assert game.is_terminal
    seats = game.view(None)["seats"]
    for seat in seats:
        assert seat["end_bonus_parts"] == RULES[edition](seat)
    if edition == "caylus":
        assert [s["prestige"] + sum(s["end_bonus_parts"].values()) for s in seats] == game.scores()
    game.undo()
    assert all(s["end_bonus_parts"] is None for s in game.view(None)["seats"])
