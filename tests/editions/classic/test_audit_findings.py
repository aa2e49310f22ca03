"""Caylus (2005): the places where a rules audit found the engine unfaithful to the rulebook, one test each.

Each test quotes the passage of shared/rules/caylus-rules.txt it checks; it failed before its fix.
"""

from __future__ import annotations

from . import scenario as sc
from .scenario import BLUE, GREEN, ORANGE, RED

ORDER = [BLUE, RED, GREEN, ORANGE]


def fill_the_road(game, owner: int = GREEN) -> None:
    """Put `owner`'s residences on every unbuilt site of the road, as a long game of lawyers and rebuilding does."""
    b = game.board
    for space in range(1, len(b.road)):
        if b.road[space] < 0:
            sc.put_tile(game, "residence", owner=owner, pos=space)
    sc.sync(game)


def test_no_craft_building_when_the_road_has_no_unbuilt_space_left():
    """Rules p4 b: "the new building is placed on the first free (unbuilt) space on the road". The road has 19
    sites; a player's building the lawyer transforms goes "back into the stock and can consequently be rebuilt"
    while its residence keeps the site, so a long game can use up every site. With none left a carpenter, a mason
    or the favor table cannot build a wood or stone tile (there is nowhere to put it); an architect still builds
    on a residence. (Before: the engine offered the tile and crashed placing it, as in a keen 5-player game.)"""
    game = sc.new(order=ORDER)
    mason = sc.put_tile(game, "mason", owner=RED)
    sc.put_tile(game, "residence", owner=BLUE)
    fill_the_road(game)
    sc.set_hand(game, BLUE, 9, food=3, wood=3, stone=3, gold=2)
    sc.hold_in_castle(game, ORANGE)
    sc.start_activation(game, {"fixed_carpenter": BLUE, "mason": BLUE}, provost=mason)
    # The carpenter offers nothing and asks nothing; the mason neither.
    assert sc.decision(game) == "give batches to the castle"
    assert sc.cubes_of(game, BLUE) == {"food": 3, "wood": 3, "stone": 3, "cloth": 0, "gold": 2}

    game = sc.new(order=ORDER)
    sc.put_tile(game, "architect", owner=RED)
    sc.put_tile(game, "residence", owner=BLUE)
    fill_the_road(game)
    sc.set_hand(game, BLUE, 9, food=3, wood=3, stone=2, gold=1)
    sc.set_castle(game, counted=2)
    sc.set_favor(game, BLUE, buildings=4)
    sc.grant_favor(game, BLUE)
    game.apply("favor:buildings")
    builds = {t for t in game.legal_tokens() if t.startswith("build:")}
    assert builds == {"build:statue", "build:granary", "build:library"}  # prestige tiles on Blue's residence only
    sc.refused(game, "build:sawmill", "no unbuilt space")
    game.apply("build:statue")
    assert sc.space(game, 10)["tile"] == "statue"
