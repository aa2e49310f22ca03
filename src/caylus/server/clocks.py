"""Time controls (issue 27): a clock per person's seat, on the server's own time.

A table made with a clock keeps it in its stored setup; the clocks themselves are never stored: they are worked out
again from the stored changes' times (each change's `created`), so a restart, or another process, sees the same
clocks. Between two changes the time is charged to the seat that was to decide, if a person played it (a bot's
thinking runs no person's clock; a game over or a closed table runs none).

- realtime (`initial_s`, `increment_s`): each person's seat has `initial_s`; its own decisions spend it, and each
  decision it makes adds `increment_s` (Fischer increment).
- turn_based (`per_turn_s`): each decision gets `per_turn_s`, days for correspondence play.

A clock that runs out hands the seat to the table's takeover bot (`Tables.check_clock`), like a resignation.
"""

from __future__ import annotations

REALTIME, TURN_BASED = "realtime", "turn_based"
KINDS = (REALTIME, TURN_BASED)
# The bounds a table's clock is checked against (hostile values: negative, zero, years).
MAX_INITIAL_S = 7 * 86_400  # a realtime game of a week per person at most
MAX_INCREMENT_S = 86_400
MIN_INITIAL_S = 10
MIN_PER_TURN_S = 10
MAX_PER_TURN_S = 30 * 86_400  # a month per decision at most
# A person who takes back a seat their clock lost gets at least this long for the decision at hand.
TAKE_BACK_S = 60.0


class BadClock(ValueError):
    """A clock setting that is not one (the message says what is wrong)."""


def check_clock(setting) -> dict | None:
    """The clock a table is created with, checked: None, or a dict with exactly the fields of its kind."""
    if setting is None:
        return None
    if not isinstance(setting, dict):
        raise BadClock("clock: an object ({\"kind\": \"realtime\" | \"turn_based\", ...}) or null")
    kind = setting.get("kind")
    if kind == REALTIME:
        fields = {"initial_s": (MIN_INITIAL_S, MAX_INITIAL_S), "increment_s": (0, MAX_INCREMENT_S)}
    elif kind == TURN_BASED:
        fields = {"per_turn_s": (MIN_PER_TURN_S, MAX_PER_TURN_S)}
    else:
        raise BadClock(f"clock: kind {kind!r} is not one of {', '.join(KINDS)}")
    unknown = set(setting) - set(fields) - {"kind"}
    if unknown:
        raise BadClock(f"clock: {', '.join(sorted(map(str, unknown)))} is not a field of a {kind} clock "
                       f"(fields: {', '.join(fields)})")
    checked = {"kind": kind}
    for name, (low, high) in fields.items():
        value = setting.get(name, 0 if name == "increment_s" else None)
        # Whole or fractional seconds, as JSON numbers: never true, "60" or NaN.
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise BadClock(f"clock: {name} must be a number of seconds, not {value!r}")
        if not low <= value <= high:
            raise BadClock(f"clock: {name} must be between {low} and {high} seconds, not {value!r}")
        checked[name] = float(value)
    return checked


class Clocks:
    """The clocks of one table, brought forward change by change (`change`) with whom each decision waits for
    (`deciding`)."""

    def __init__(self, setting: dict, players: int, start: float):
        self.setting = setting
        self.kind = setting["kind"]
        initial = setting.get("initial_s", setting.get("per_turn_s", 0.0))
        self.remaining = [float(initial)] * players  # realtime: each seat's time; turn_based: unused
        self.since = start  # when the decision at hand began (the last change)
        self.decider: int | None = None  # the person's seat that decision waits for (None: a bot, or nobody)

    def change(self, at: float, kind: str, seat: int | None) -> None:
        """A change was stored at `at`: charge the time since the last one to the seat that was deciding; a move
        by that seat earns the increment."""
        at = max(at, self.since)  # a clock never runs backwards, even if the machine's time does
        if self.decider is not None and self.kind == REALTIME:
            self.remaining[self.decider] -= at - self.since
            if kind == "move" and seat == self.decider:
                self.remaining[self.decider] += self.setting["increment_s"]
        self.since = at

    def deciding(self, seat: int | None) -> None:
        """The decision at hand waits for `seat` (a person's; None for a bot or nobody)."""
        self.decider = seat

    def taken_back(self, seat: int) -> None:
        """A person plays their seat again: a seat whose clock ran out gets a little time for the decision."""
        if self.kind == REALTIME:
            self.remaining[seat] = max(self.remaining[seat], TAKE_BACK_S)

    def left(self, seat: int, now: float) -> float:
        """The seconds `seat` has left at `now` (for the decision at hand, if it is deciding)."""
        running = seat == self.decider
        if self.kind == REALTIME:
            spent = max(0.0, now - self.since) if running else 0.0
            return self.remaining[seat] - spent
        per_turn = self.setting["per_turn_s"]
        return per_turn - max(0.0, now - self.since) if running else per_turn

    def out_of_time(self, now: float) -> int | None:
        """The seat whose clock ran out at `now`, if the decision at hand waits for one."""
        if self.decider is not None and self.left(self.decider, now) <= 0:
            return self.decider
        return None

    def state(self, people: list[bool]) -> dict:
        """The clocks as a state shows them: as of the last change (`since`, the server's time in seconds since
        the epoch), so that every state of one version is the same text; a client counts down the running seat's
        `left_s` from `since`."""
        seats = []
        for p, person in enumerate(people):
            left = self.left(p, self.since) if person else None
            seats.append({"seat": p, "left_s": None if left is None else round(max(0.0, left), 3),
                          "running": p == self.decider})
        return {**self.setting, "since": round(self.since, 3), "seats": seats}
