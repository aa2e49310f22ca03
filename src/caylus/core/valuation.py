"""The shape every edition's bot heuristics share: features with an early-game and a late-game worth.

An edition says what it counts (`amounts(board, weights)`: one row of numbers per seat, in `WEIGHTS` order; it is
handed the weights at the board's stage, for counting that depends on them), how far the game has gone (`stage`:
0 to 1), and the final scores; `Valuation` blends the weights by the stage and values every seat in prestige
points. The edition's `heuristics.py` keeps its table and its counting, and exports these.
"""

from __future__ import annotations

from operator import mul

STAGES_KEPT = 256  # blended weights remembered, one entry a stage value (a game has a few dozen at most)


class Valuation:
    def __init__(self, weights: dict, stage, amounts, final_scores):
        self.table = weights            # feature -> (worth early, worth late), prestige points a unit
        self.features = tuple(weights)
        self.stage = stage              # (board) -> 0..1
        self.amounts = amounts          # (board, weights(board)) -> [[amount per feature] per seat]
        self.final_scores = final_scores  # (board) -> [score per seat], the end bonuses included once over
        # Bots value thousands of positions a second and the stage takes few values: the blend is kept per stage,
        # and forgotten when the table changes (a tuning script may change `WEIGHTS` in place).
        self._blended: dict[float, tuple[float, ...]] = {}
        self._blended_from: tuple | None = None

    def weights(self, b) -> tuple[float, ...]:
        """The weights at this stage of the game, in feature order (one shared tuple a stage)."""
        t = self.stage(b)
        table = tuple(self.table.values())
        if table != self._blended_from or len(self._blended) >= STAGES_KEPT:
            self._blended = {}
            self._blended_from = table
        w = self._blended.get(t)
        if w is None:
            w = self._blended[t] = tuple([early * (1 - t) + late * t for early, late in table])
        return w

    def parts(self, b, seat: int) -> dict[str, float]:
        """What each feature is worth to `seat` now, in prestige points (their sum is `evaluate(b)[seat]`)."""
        w = self.weights(b)
        return {name: wx * x for name, wx, x in zip(self.features, w, self.amounts(b, w)[seat])}

    def evaluate(self, b) -> list[float]:
        """Each seat's position in prestige points; once the game is over, exactly the final scores."""
        if b.terminal:
            return [float(s) for s in self.final_scores(b)]
        w = self.weights(b)
        return [sum(map(mul, w, row)) for row in self.amounts(b, w)]
