"""The style players of Caylus Magna Carta: three plans strong players follow, one table (`STYLES`).

Each style is the edition's heuristic weights (`heuristics.WEIGHTS`, prestige points a unit, early and late in
the game) with a few changed, and a bonus (early, late) for the moves the plan calls for; `caylus.agents.styles`
plays them one decision ahead. The plans, from the rulebook and the classic advice:

- builder: build the cards of its hand on the road (each is prestige, and income when others work it), turn one
  into a Residence at a Lawyer, and cover Residences with prestige buildings (6 to 14 prestige).
- castle: give a batch (a food and two other cubes) to the castle every turn while the Dungeon's 4-point tokens
  last, buy tokens at the Church, and keep food and varied cubes for it.
- producer: own the production buildings, above all the large ones and the Gold Mine (their owner takes a cube
  each time another player works them), and the Market and the Bank that turn cubes into deniers and gold.
"""

from __future__ import annotations


# style -> {"plan": one line, "weights": {feature: (early, late)} replacing the edition's, "prefer": {token pattern
# ("*": any text): (bonus early, bonus late)}}. Bonuses are prestige points added to the move's value.
STYLES = {
    "builder": {
        "plan": "builds its cards on the road, makes Residences at the Lawyer and covers them with prestige "
                "buildings",
        "weights": {
            "residence": (4.5, 1.2),
            "prestige_ready": (1.1, 0.8),
        },
        "prefer": {
            "prestige:*": (3.0, 2.0),
            "residence:*": (1.0, 0.5),
            "build:*": (0.3, 0.1),
        },
    },
    "castle": {
        "plan": "gives a batch to the castle every turn, buys tokens at the Church, and keeps food and varied "
                "cubes for batches",
        "weights": {
            "batches": (1.3, 1.1),
            "begun": (1.1, 0.7),
            "food": (0.7, 0.34),
            "church": (2.0, 0.0),
        },
        "prefer": {
            "batch": (1.5, 1.0),
            "church:*": (1.0, 0.8),
            "place:*church": (0.5, 0.4),
        },
    },
    "producer": {
        "plan": "owns the production buildings, above all the large ones and the Gold Mine, and the Market and "
                "the Bank that turn cubes into deniers and gold",
        "weights": {
            "small_production": (0.7, 0.0),
            "large_production": (1.6, 0.0),
            "gold_mine": (1.6, 0.0),
            "market": (1.0, 0.0),
            "bank": (1.4, 0.0),
        },
        "prefer": {
            "build:large_*": (1.0, 0.2),
            "build:gold_mine": (1.0, 0.2),
            "build:bank": (0.6, 0.1),
            "build:small_*": (0.4, 0.0),
        },
    },
}

# A player that is not a plan of weights and bonuses: one decision ahead over what the position will be worth at
# the end of the game (`planner.end_values`), the yardstick of an independent hand-written player.
STYLES["planner"] = {
    "plan": "one decision ahead over what the position will be worth at the end of the game: buildings for the "
            "turns they will earn in, deniers and cubes at what they can still buy, no worker left idle",
    "weights": {},
    "prefer": {},
    "agent": {"player": "planner"},
}
