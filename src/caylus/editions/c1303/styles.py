"""The style players of Caylus 1303: three plans strong players follow, one table (`STYLES`).

Each style is the edition's heuristic weights (`heuristics.WEIGHTS`, prestige points a unit, early and late in
the game) with a few changed, and a bonus (early, late) for the moves the plan calls for; `caylus.agents.styles`
plays them one decision ahead. The plans, from the rulebook and the classic advice:

- builder: build on the Road at the Carpenter and the Stonemason (an owner gains prestige each time another
  player's worker uses the building), turn a building into a Residence at the Lawyer and cover it with a Monument
  (up to 20 prestige); the Architect character adds a point a building.
- castle: deliver a bundle to the castle's construction site every round (5 prestige a bundle), keep food and
  varied resources for bundles, with the Foreman or the Goldsmith to make each bundle pay more.
- planner: no one plan but the best move one turn ahead by what the position will be worth at the end of the
  game (`planner.py`: prestige, bundles the resources make, buildings' income for the rounds left, Residences,
  Monuments), the way an independent hand-written player does it.
- producer: own the production buildings (the Stone ones give their owner a resource when others use them),
  keep a large supply of workers (Day Laborer, Covered Market) and turn the resources into gold at the end.
"""

from __future__ import annotations

from .catalog import MONUMENT_TILES, STONE_TILES, TILES, WOOD_TILES

_MONUMENTS = [TILES[t].key for t in MONUMENT_TILES]
_PRODUCTION = ("wood_quarry", "wood_sawmill", "wood_farm", "wood_spinning_mill", "stone_quarry", "stone_sawmill",
               "stone_farm", "stone_gold_mine")
assert set(_PRODUCTION) <= {TILES[t].key for t in WOOD_TILES + STONE_TILES}  # names the catalog knows

# style -> {"plan": one line, "weights": {feature: (early, late)} replacing the edition's, "prefer": {token pattern
# ("*": any text): (bonus early, bonus late)}}. Bonuses are prestige points added to the move's value.
STYLES = {
    "builder": {
        "plan": "builds on the Road at the Carpenter and the Stonemason, makes Residences at the Lawyer and "
                "covers them with Monuments; takes the Architect",
        "weights": {
            "wood_building": (2.8, 0.0),
            "stone_building": (4.0, 0.0),
            "residence": (2.6, 0.5),
            "stone": (1.5, 0.1),
            "gold": (3.0, 2.0),
        },
        "prefer": {
            "character:architect": (2.0, 1.0),
            "place:carpenter": (0.4, 0.2),
            "place:starting_carpenter": (0.4, 0.2),
            "place:wood_stonemason": (0.6, 0.2),
            "place:lawyer": (0.6, 0.3),
            "build:*": (1.0, 0.5),
            **{f"monument:{name}": (3.0, 2.0) for name in _MONUMENTS},
        },
    },
    "castle": {
        "plan": "delivers a bundle to the castle every round, keeps food and varied resources for bundles, and "
                "takes the Foreman or the Goldsmith",
        "weights": {
            "food": (1.3, 0.1),
            "fabric": (1.5, 0.1),
            "gold": (3.0, 2.0),
        },
        "prefer": {
            "place:construction_site": (1.5, 1.0),
            "bundle:*": (2.0, 1.5),
            "character:foreman": (2.0, 1.0),
            "character:goldsmith": (1.5, 1.0),
        },
    },
    "producer": {
        "plan": "owns the production buildings, above all the Stone ones and the Gold Mine, keeps a large supply "
                "of workers (Day Laborer) and turns resources into gold",
        "weights": {
            "wood_building": (2.8, 0.0),
            "stone_building": (4.5, 0.0),
        },
        "prefer": {
            "character:day_laborer": (2.0, 1.0),
            "character:steward": (1.0, 0.5),
            **{f"build:{name}": (2.5, 0.5) for name in _PRODUCTION},
            "place:*carpenter": (1.0, 0.2),
            "place:*stonemason": (1.0, 0.2),
        },
    },
    "planner": {
        "plan": "no fixed plan: the best move one turn ahead by what the position will be worth at the end of the "
                "game (bundles, buildings' income for the rounds left, Residences and Monuments)",
        "agent": {"player": "planner"},
    },
}
