"""The style players of Caylus (2005): three plans strong players follow, one table (`STYLES`).

Each style is the edition's heuristic weights (`heuristics.WEIGHTS`, prestige points a unit, early and late in
the game) with a few changed, and a bonus (early, late) for the moves the plan calls for; `caylus.agents.styles`
plays them one decision ahead. The plans, from the rulebook (rules p4-5) and the classic advice:

- builder: build early (a wood building pays a prestige point each time another worker uses it, a stone one a
  cube), turn a building into a Residence at the Lawyer (income, and the only site for a prestige building), then
  save stone and gold and climb to the prestige buildings through the Architect (7 to 25 prestige each).
- castle: feed the castle every turn (5, 4 then 3 prestige a batch, rules p5), be its best builder for the extra
  favor, never take the -2 of a worker without a batch, keep food and a varied stock for batches, and climb the
  favor table's lines, whose later steps pay most.
- producer: own the production buildings (the stone buildings give their owner a bonus cube each time another
  worker uses them, rules p3 a), above all stone and cloth, and turn the surplus into gold, deniers and prestige
  through the Bank, the Church, the Tailor and the markets.
- planner: no plan of its own but the end of the game: its own player (`planner.py`), one decision ahead over
  what the position will be worth when the Towers are counted.
"""

from __future__ import annotations

from .catalog import BUILDABLE, PRESTIGE, TILES

_PRESTIGE_BUILDINGS = [TILES[t].id for t in BUILDABLE[PRESTIGE]]

# style -> {"plan": one line, "weights": {feature: (early, late)} replacing the edition's, "prefer": {token pattern
# ("*": any text): (bonus early, bonus late)}}. Bonuses are prestige points added to the move's value.
STYLES = {
    "builder": {
        "plan": "makes Residences at the Lawyer and climbs to prestige buildings through the Architect, building "
                "on the way",
        "weights": {
            "residence": (3.0, 0.3),
        },
        "prefer": {
            **{f"build:{name}": (3.0, 2.0) for name in _PRESTIGE_BUILDINGS},  # before "build:*": first match
            "build:lawyer": (2.0, 0.0),
            "build:*": (0.8, 0.3),
            "transform:*": (1.5, 0.5),
            "place:lawyer": (0.6, 0.3),
            "place:architect*": (0.8, 0.8),
        },
    },
    "castle": {
        "plan": "feeds the castle every turn for its prestige and favors, keeps food and a varied stock for "
                "batches, and climbs the favor table",
        "weights": {
            "batch": (2.0, 0.6),
            "food": (1.5, 0.34),
            "favor_step": (2.2, 0.5),
            "castle_count": (1.3, 1.2),
            "worker_out": (1.1, 1.0),
        },
        "prefer": {
            "place:castle": (1.2, 0.8),
            "batch:*": (1.0, 0.5),
            "joust": (0.8, 0.4),
        },
    },
    "producer": {
        "plan": "owns the production buildings, above all the stone and cloth ones, and turns the surplus into "
                "gold, deniers and prestige at the Bank, the Church, the Tailor and the markets",
        "weights": {
            "stone_building": (4.5, 0.0),
            "wood_building": (2.8, 0.0),
        },
        "prefer": {
            "build:quarry": (2.5, 0.5),
            "build:cloth_farm": (2.5, 0.5),
            "build:stone_farm": (2.5, 0.5),
            "build:workshop": (2.5, 0.5),
            "build:food_farm": (1.5, 0.3),
            "build:sawmill": (1.5, 0.3),
            "build:park": (1.5, 0.3),
            "build:bank": (1.0, 0.0),
            "build:tailor": (1.0, 0.0),
            "place:*carpenter": (1.0, 0.2),
            "place:mason": (1.0, 0.2),
            "place:bank": (0.5, 0.3),
            "place:tailor": (0.5, 0.3),
        },
    },
    "planner": {
        "plan": "no fixed plan: one decision ahead over what the position will be worth at the end of the game "
                "(buildings by the turns left to use them, cubes and deniers by what they can still buy)",
        "agent": {"player": "planner"},  # its own player (`planner.py`), not weights and bonuses
    },
}
