"""A clock for tests of searches that think until a deadline."""


class Ticks:
    """A clock that moves one unit each time it is read: a deadline in reads, the same on any machine."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        self.now += 1
        return float(self.now)
