"""The seeded random source every edition draws from.

A tiny splitmix64 generator: its whole state is one integer, so cloning a game copies it for free, and
its stream is the same on every Python version (the stdlib `random` makes no such promise for all methods).
"""

_MASK = (1 << 64) - 1
_SPAN = 1 << 64  # how many values next64 gives
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _SPAN - _SPAN % n
        while True:
            # next64, written out: shuffles call this once a card, and a call costs as much as the arithmetic
            self.state = z = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def copy(self) -> "Rng":
        return Rng(self.state)
