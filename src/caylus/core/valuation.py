"""The shape every edition's bot heuristics share: features with an early-game and a late-game worth.

An edition says what it counts (`amounts`: one row of numbers per seat, in `WEIGHTS` order), how far the game
has gone (`stage`: 0 to 1), and the final scores; `Valuation` blends the weights by the stage and values every
seat in prestige points. The edition's `heuristics.py` keeps its table and its counting, and exports these.
"""

from __future__ import annotations


class Valuation:
    def __init__(self, weights: dict, stage, amounts, final_scores):
        self.table = weights            # feature -> (worth early, worth late), prestige points a unit
        self.features = tuple(weights)
        self.stage = stage              # (board) -> 0..1
        self.amounts = amounts          # (board) -> [[amount per feature] per seat]
        self.final_scores = final_scores  # (board) -> [score per seat], the end bonuses included once over

    def weights(self, b) -> list[float]:
        """The weights at this stage of the game, in feature order."""
        t = self.stage(b)
        return [early * (1 - t) + late * t for early, late in self.table.values()]

    def parts(self, b, seat: int) -> dict[str, float]:
        """What each feature is worth to `seat` now, in prestige points (their sum is `evaluate(b)[seat]`)."""
        return {name: w * x for name, w, x in zip(self.features, self.weights(b), self.amounts(b)[seat])}

    def evaluate(self, b) -> list[float]:
        """Each seat's position in prestige points; once the game is over, exactly the final scores."""
        if b.terminal:
            return [float(s) for s in self.final_scores(b)]
        w = self.weights(b)
        return [sum(wi * xi for wi, xi in zip(w, row)) for row in self.amounts(b)]
