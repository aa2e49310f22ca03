"""The planner players over an edition's end-of-game evaluation: `PlannerAgent` (`style:planner`: one decision
ahead) and `PlannerSearch` (its best few moves played on for some decisions; each edition's `hard`).

The evaluation is edition knowledge and lives in the edition's `planner` module (`caylus.editions.<edition>.planner`);
the players here are the same for every edition and ask that module for:

- `margin(b, seat)`: how far the seat is ahead of the best other seat, in end-of-game prestige;
- `FOLLOW_UPS` and `follow_ups_end(b, start)`: how many of its own decisions a seat plays after a move, and where
  they stop short of that (`start`: the board the move was chosen on) - a move is judged with its cost paid;
- `future_end(b, start, turns)`: where a future of the search stops, a point comparable for every move;
- `DEALS`: in how many deals of the cards the seat cannot see each move is tried (1 where nothing is hidden).

An edition names these players in its own tables as data (`{"player": "planner"}` for a style,
`{"player": "planner-search", "candidates": 4, "horizon": 16}` for a level's `"agent"`), since an edition never
imports an agent; `own_agent` builds them.

Anytime (`hard:SECONDS`): `PlannerSearch(..., think=SECONDS)` searches again and again by the edition's `deeper`
steps (more futures of each leading move, more candidates, longer futures, more turns, more deals where cards
are hidden, futures in which every seat looks ahead itself), then twice as far each time, until the time is up
or nothing is left to look at, and plays the answer of the deepest search it got through. A search plays only
the futures it adds. A move takes the lead from the last answer only by a margin beyond the noise of the futures
(one future is a noisy value: the best of many moves is mostly the luckiest). The first search, the
level's own, is never cut, so `hard:SECONDS` never plays worse than the level. A later search the
deadline interrupts still counts for the moves it valued: it values the last answer first, so what it plays is
never worse by the deepest values it has than what less time would have played.
"""

from __future__ import annotations

import importlib
import random
import time

from caylus.core.registry import EDITION_MODULES
from caylus.core.words import describe_action

from .base import Advice
from .evaluation import gains, reason_text


def settle(planner, game, seat: int, start):
    """The game after the seat's own follow-up decisions, each the best by `planner.margin`, and the margin there."""
    value = None
    depth = planner.FOLLOW_UPS
    while (depth and not game.is_terminal and game.current_player == seat
           and not planner.follow_ups_end(game.board, start)):
        best, value = None, None
        for action in game.legal_actions():
            g = game.clone()
            g.apply(action)
            v = planner.margin(g.board, seat)
            if value is None or v > value:
                best, value = g, v
        game = best
        depth -= 1
    if value is None:
        value = planner.margin(game.board, seat)
    return game, value


def successor(planner, game, slip=None):
    """The game after the player to move plays its best decision by the margin (its follow-ups too): the planner's
    one-decision policy, which every seat plays in the futures of the search. `slip()`, if given, is added to each
    move's margin: a seat that sometimes takes a move about as good as its best (`slipping`)."""
    legal = game.legal_actions()
    if len(legal) == 1:
        g = game.clone()
        g.apply(legal[0])
        return g
    seat = game.current_player
    best, best_value = None, None
    for action in legal:
        g = game.clone()
        g.apply(action)
        g, v = settle(planner, g, seat, game.board)
        if slip is not None:
            v += slip()
        if best_value is None or v > best_value:
            best, best_value = g, v
    return best


def slipping(planner, seed: int, slip: float):
    """The one-decision policy with a Gaussian slip of `slip` points on each move's margin, drawn from
    `Random(seed)`: one more future of a move, as likely as the planner's own line but not the same. The search
    plays sample k of every move it compares with the same seed (the same slips where the lines agree), so that
    the slips mostly cancel in the comparison."""
    rng = random.Random(seed)

    def draw() -> float:
        return rng.gauss(0.0, slip)

    def step(game):
        return successor(planner, game, draw)
    return step


def looking(planner, candidates: int, ahead: int, slip=None):
    """A stronger policy for the futures than `successor`, at about `candidates` x `ahead` times its cost: the
    player to move weighs its `candidates` best moves by the one-decision policy, each played on up to `ahead`
    decisions by that policy (never past where a future of the move would end, `future_end` from the board it
    is chosen on), and keeps the one ending best for it: every seat of the future looks ahead a little itself.
    `slip()`, if given, is added to each move's first margin (which moves it weighs), as in `slipping`."""
    def step(game):
        legal = game.legal_actions()
        if len(legal) == 1:
            return successor(planner, game)
        seat = game.current_player
        first = []
        for i, action in enumerate(legal):
            g = game.clone()
            g.apply(action)
            g, v = settle(planner, g, seat, game.board)
            first.append((v + slip() if slip is not None else v, i, g))
        first.sort(key=lambda s: (-s[0], s[1]))
        best, best_value = None, None
        for _v, _i, g in first[:candidates]:
            value = planner.margin(play_on(planner, g, ahead, start=game.board).board, seat)
            if best_value is None or value > best_value:
                best, best_value = g, value
        return best
    return step


class OutOfTime(Exception):
    """A search's deadline passed in the middle of a future (`play_on` with a `deadline`)."""


def play_on(planner, game, decisions: int, turns: int = 0, deadline=None, step=None, start=None):
    """The game after at most `decisions` more decisions, every seat playing the one-decision policy, stopped
    sooner where the edition ends a future (`planner.future_end`, with `turns`, counted from `start`: by default
    the board the future begins on). With `deadline` (a `deadline.passed()` to ask between decisions),
    `OutOfTime` once it has passed. `step(game)`, if given, plays that policy's decision instead (the game
    review's remembered one: the same moves, fewer computed)."""
    start = game.board if start is None else start
    while decisions and not game.is_terminal and not planner.future_end(game.board, start, turns):
        if deadline is not None and deadline.passed():
            raise OutOfTime
        game = step(game) if step is not None else successor(planner, game)
        decisions -= 1
    return game


class PlannerAgent:
    """One decision ahead over the edition's end-of-game evaluation: each legal move is tried (in `DEALS` deals
    from the seat's view where cards are hidden) with the seat's own follow-up decisions, then (with `replies`)
    up to that many decisions of the other seats, each their best by the same evaluation, until the seat is to
    decide again; the move leaving the best margin is kept (ties: the canonical order). Milliseconds a move."""

    name = "style:planner"

    def __init__(self, planner, seed: int | None = None, replies: int = 0):
        if replies < 0:
            raise ValueError("planner: a number of replies of 0 or more")
        self.planner = planner
        self.rng = random.Random(seed)
        self.replies = replies

    def rank(self, position) -> list[tuple[float, int, object]]:
        """Every legal move with the margin it leads to (averaged over the deals), best first (ties in canonical
        order)."""
        planner = self.planner
        deals = planner.DEALS if position.hidden else 1
        worlds = [position.sample(self.rng.getrandbits(63)) for _ in range(deals)]
        for world in worlds:
            world.keep_undo = False  # tried on clones, never taken back
        seat = position.player
        scored = []
        for i, action in enumerate(position.legal):
            total = 0.0
            for world in worlds:
                g = world.clone()
                g.apply(action)
                g, value = settle(planner, g, seat, world.board)
                if self.replies:
                    k = self.replies
                    while k and not g.is_terminal and g.current_player != seat:
                        g = successor(planner, g)
                        k -= 1
                    value = planner.margin(g.board, seat)
                total += value
            scored.append((total / len(worlds), i, action))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return scored

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]


# What a search's setting names, with its least: `looks` and `look_ahead`, each seat of the futures weighing that
# many of its moves played on that far (`looking`; 0: the one-decision policy); `samples`, futures of each move
# (the first the policy's own line, the others with slips, `slipping`), their margins averaged.
STEP_KEYS = {"candidates": 1, "horizon": 0, "turns": 0, "deals": 1, "looks": 0, "look_ahead": 0, "samples": 1}
MOST_STEPS = 10  # searches an anytime move makes at most: by then the futures run twice 2^8 as far, past any game
# A move takes the lead from the last answer only if its value is higher by this many standard errors of the
# difference: of many moves each valued by a few futures, the luckiest looks best by chance (the winner's curse),
# so widening alone picked low-ranked moves by margins within noise, and sampling alone broke the level's ties so.
MARGIN_ERRORS = 2.0


class Deadline:
    """Where an anytime search must stop: `seconds` after it began, by `clock` (a test may give its own)."""

    def __init__(self, seconds: float, clock=time.perf_counter):
        self.clock = clock
        self.at = clock() + seconds

    def passed(self) -> bool:
        return self.clock() > self.at

    def left(self) -> float:
        return self.at - self.clock()


def check_step(step) -> dict:
    """A `deeper` step of a search's setting: some of `STEP_KEYS`, whole numbers."""
    if not isinstance(step, dict) or not step or any(
            k not in STEP_KEYS or isinstance(v, bool) or not isinstance(v, int) or v < STEP_KEYS[k]
            for k, v in step.items()):
        raise ValueError(f"planner search: a deeper step names some of {', '.join(STEP_KEYS)} as whole numbers "
                         f"(candidates, deals and samples 1 or more), not {step!r}")
    return dict(step)


def spread(futures: dict) -> float | None:
    """The standard deviation of one future's margin about its move's mean, pooled over the moves valued by two
    futures or more (`futures`: {rank: [margins]}); None where no move has two."""
    squares, free = 0.0, 0
    for values in futures.values():
        if len(values) > 1:
            mean = sum(values) / len(values)
            squares += sum((v - mean) ** 2 for v in values)
            free += len(values) - 1
    return (squares / free) ** 0.5 if free else None


def difference_error(a: list, b: list, pooled: float | None) -> float | None:
    """The standard error of the difference of two moves' mean margins: from the differences of their futures
    taken pairwise where both have the same number, two or more (future k of every move meets the same slips, so
    most of the noise cancels); else from `pooled` (`spread`), None if that is None."""
    if len(a) == len(b) > 1:
        d = [x - y for x, y in zip(a, b)]
        mean = sum(d) / len(d)
        return (sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
    if pooled is None:
        return None
    return pooled * (1 / len(a) + 1 / len(b)) ** 0.5


class PlannerSearch:
    """The planner with a look ahead: its `candidates` best moves (by `PlannerAgent.rank`) are each played on for
    up to `horizon` decisions (sooner where the edition ends a future; with `turns`, once that many turns have
    begun after this one), every seat playing the planner's one-decision policy, and the move whose future ends
    with the best margin is kept (ties: the planner's order). Where cards are hidden, each future is played in
    `deals` deals from the seat's view, the same for every move, and its margins averaged: one deal's luck is not
    a move's worth. Deterministic where nothing is hidden.

    Anytime, with `think` (seconds a move) or `steps` (searches a move): search after search, each by the next
    setting of `schedule` (`deeper`: the edition's own next steps), until the deadline, the steps or nothing left
    to look at; the deepest search's answer is played. A setting with `samples` plays each move that many times
    (its own line, then with slips of `slip` points, the same slips for every move) and averages: more futures of
    the leading moves make the comparison that decides less noisy. Each search values the candidates in the order
    of the last answer; its answer is the last answer again, unless another move is better by `MARGIN_ERRORS`
    standard errors of the difference (measured from the samples, pairwise where they meet the same slips; none
    until some move has two). So the answer is never worse by the search's values than the last
    one, also where the deadline cuts a search after two or more moves. With `steps` and no `think`,
    deterministic.

    `from_decision`: the edition's end of a future is judged from the board the move is chosen on rather than
    the one after it, so that a move which itself ends the turn (a pass at the castle) is not played a whole turn
    further than the moves it is compared with."""

    name = "planner-search"

    def __init__(self, planner, seed: int | None = None, candidates: int = 4, horizon: int = 16, turns: int = 0,
                 deeper=(), think: float | None = None, steps: int | None = None, deals: int = 1,
                 from_decision: bool = False, slip: float = 0.5):
        if candidates < 1 or horizon < 0 or turns < 0 or deals < 1:
            raise ValueError("planner search: at least 1 candidate and 1 deal, a horizon and a number of turns of "
                             "0 or more")
        if (think is not None and not 0 < think < float("inf")) or (steps is not None and steps < 1):
            raise ValueError("planner search: a thinking time above 0 seconds and at least 1 step")
        if isinstance(slip, bool) or not isinstance(slip, (int, float)) or not 0 < slip < float("inf"):
            raise ValueError(f"planner search: a slip above 0 points, not {slip!r}")
        self.planner = PlannerAgent(planner, seed)
        self.candidates, self.horizon, self.turns = candidates, horizon, turns
        self.deals = deals  # deals of the hidden cards each future is played in (1 where nothing is hidden)
        self.from_decision = from_decision
        self.deeper = tuple(check_step(step) for step in deeper)
        self.think, self.steps = think, steps
        self.slip = float(slip)  # points of the slips of the futures after a move's first (`samples`)
        self.clock = time.perf_counter  # what the deadline is read on
        self.last_steps = 0  # searches the last decision got through (one the deadline cut counts if it answered)
        self.last_setting = (candidates, horizon, turns, deals)  # (candidates, horizon, turns, deals) of the deepest
        self.last_played_on = 0  # moves the deepest search valued
        self.last_looks = (0, 0)  # how far each seat of the deepest search's futures looked ahead (0, 0: not)
        self.last_trace: list[dict] = []  # each search's values: {action token: mean margin of its futures}
        self.last_samples: list[dict] = []  # each search's futures a move: {action token: how many}
        self.last_new: list[set] = []  # each search's moves valued for the first time (action tokens)
        self.last_margins: list[float] = []  # each search's margin a first-valued move had to beat the lead by
        self.last_futures: dict = {}  # the deepest search's margins of each move's futures: {action token: [...]}
        self.last_seconds = 0.0

    def schedule(self, moves: int, hidden: bool) -> list[tuple[int, int, int, int, tuple[int, int], int]]:
        """The (candidates, horizon, turns, deals, (looks, look_ahead), samples) of each search an anytime move
        makes, in order: the level's own, then the edition's `deeper` steps (each changing what it names), then
        each twice as far as the one before (2 more candidates, twice the horizon, one more turn where turns end
        the futures, one more deal; the futures' policy and samples kept), MOST_STEPS in all. Never more
        candidates than `moves`, one deal where nothing is hidden; (0, 0): the futures played by the one-decision
        policy."""
        step = {"candidates": self.candidates, "horizon": self.horizon, "turns": self.turns, "deals": self.deals,
                "looks": 0, "look_ahead": 0, "samples": 1}
        out = []
        for k in range(MOST_STEPS):
            if 0 < k <= len(self.deeper):
                step = {**step, **self.deeper[k - 1]}
            elif k:
                step = {**step, "candidates": step["candidates"] + 2, "horizon": max(1, 2 * step["horizon"]),
                        "turns": step["turns"] + 1 if step["turns"] else 0, "deals": step["deals"] + 1}
            looks = (step["looks"], step["look_ahead"]) if step["looks"] > 1 and step["look_ahead"] else (0, 0)
            out.append((min(step["candidates"], moves), step["horizon"], step["turns"],
                        step["deals"] if hidden else 1, looks, step["samples"]))
        return out

    def rank(self, position) -> list[tuple[float, int, object]]:
        """Every legal move, best first: (value, the planner's rank, action); the moves played on first, by the
        margin their futures end with, then the others by the planner's one-decision margin."""
        if self.think is not None or self.steps is not None:
            return self._rank_anytime(position)
        planner = self.planner.planner
        ranked = self.planner.rank(position)
        deals = self.deals if position.hidden else 1
        worlds = [position.sample(self.planner.rng.getrandbits(63)) for _ in range(deals)]
        for world in worlds:
            world.keep_undo = False
        seat = position.player
        weighed = []
        for rank, (_value, _i, action) in enumerate(ranked[:self.candidates]):
            total = 0.0
            for world in worlds:
                g = world.clone()
                g.apply(action)
                g = play_on(planner, g, self.horizon, self.turns,
                            start=world.board if self.from_decision else None)
                total += planner.margin(g.board, seat)
            weighed.append((total / deals, rank, action))
        weighed.sort(key=lambda s: (-s[0], s[1]))
        self.last_played_on = len(weighed)
        self.last_setting = (self.candidates, self.horizon, self.turns, deals)
        return weighed + [(value, rank, action) for rank, (value, _i, action) in enumerate(ranked)
                          if rank >= self.candidates]

    def _future(self, world, action, seat, horizon, turns, looks, sample, deadline):
        """One future of `action` (sample 0: the policy's own line; sample k: with the slips of seed k), its
        margin for the seat and whether the horizon stopped it (not the game or the edition's end)."""
        planner = self.planner.planner
        slip = slipping(planner, sample, self.slip) if sample else None
        if looks[0]:
            draw = None
            if sample:
                rng = random.Random(sample)
                draw = lambda: rng.gauss(0.0, self.slip)  # noqa: E731 - the slips of this one future
            policy = looking(planner, *looks, slip=draw)
        else:
            policy = slip
        begun = world.clone()
        begun.apply(action)
        judged = world.board if self.from_decision else begun.board  # its end counted from
        g = play_on(planner, begun, horizon, turns, deadline, step=policy, start=judged)
        return planner.margin(g.board, seat), not (g.is_terminal or planner.future_end(g.board, judged, turns))

    def _rank_anytime(self, position) -> list[tuple[float, int, object]]:
        start = self.clock()
        deadline = None if self.think is None else Deadline(self.think, self.clock)
        ranked = self.planner.rank(position)
        seat = position.player
        # The answer so far, best first: to begin with the planner's own, one decision ahead (milliseconds).
        answer = [(value, rank, action) for rank, (value, _i, action) in enumerate(ranked)]
        worlds, trace, samples_seen, news, margins = [], [], [], [], []
        # Each move's futures as far as they were played: {rank: (kind, horizon, [margins], short)}, kind being
        # (turns, deals, looks). A later search plays only the futures it adds: the others are the same
        # (deterministic, from the same deals and slips) unless the horizon stopped them and the new one is longer.
        played = {}
        per_future = {}  # seconds a future took, by its policy (looks): what the next search would cost
        before = set()  # the moves the last answer's search valued
        self.last_played_on, self.last_looks, self.last_futures = 0, (0, 0), {}
        schedule = self.schedule(len(ranked), position.hidden)
        # The first search is the level's own and is never cut: cut, it answered from the planner's first one to
        # three moves and never reached the level's best where the planner ranks it lower (in Caylus 1303 games at
        # load 7-12, `hard:1` played such a move where `hard` would not at about 26 of 896 decisions).
        for k, (candidates, horizon, turns, deals, looks, samples) in enumerate(schedule):
            if self.steps is not None and k >= self.steps:
                break
            order = answer[:candidates]  # the last answer's best first (its moves, then the planner's next)
            kind = (turns, deals, looks)

            def kept(rank):
                """The futures of the move this search can take as they are."""
                memo = played.get(rank)
                if memo is None or memo[0] != kind or (memo[1] != horizon and memo[3]):
                    return []
                return memo[2]

            if deadline is not None and k:
                new = sum(max(0, samples - len(kept(entry[1]))) for entry in order)
                cost = per_future.get(looks, per_future.get((0, 0), 0.0) * (1 + looks[0] * looks[1]))
                if new and deadline.left() < cost:
                    break  # not even one more future could end in time
            while len(worlds) < deals:
                world = position.sample(self.planner.rng.getrandbits(63))
                world.keep_undo = False  # played on clones only
                worlds.append(world)
            valued, short, futures = [], False, {}
            try:
                for _value, rank, action in order:
                    margins_of = list(kept(rank))
                    stopped = bool(margins_of) and played[rank][3]
                    for sample in range(len(margins_of), samples):
                        began, total = self.clock(), 0.0
                        for world in worlds[:deals]:
                            value, cut = self._future(world, action, seat, horizon, turns, looks, sample,
                                                      deadline if k else None)
                            total += value
                            stopped = stopped or cut
                        margins_of.append(total / deals)
                        played[rank] = (kind, horizon, list(margins_of), stopped)
                        per_future[looks] = self.clock() - began
                    short = short or stopped
                    futures[rank] = margins_of
                    valued.append((self._worth(margins_of), rank, action))
            except OutOfTime:
                pass
            if len(valued) >= 2 or (valued and len(valued) == len(order)):
                valued.sort(key=lambda s: (-s[0], s[1]))
                valued, margin = self._lead(valued, futures, before, answer[0][1])
                seen = {rank for _value, rank, _action in valued}
                answer = valued + [entry for entry in answer if entry[1] not in seen]
                trace.append({action.token: value for value, _rank, action in valued})
                samples_seen.append({action.token: len(futures[rank]) for _value, rank, action in valued})
                news.append({action.token for _value, rank, action in valued if rank not in before})
                margins.append(margin)
                self.last_futures = {action.token: list(futures[rank]) for _value, rank, action in valued}
                before = before | seen
                self.last_setting = (candidates, horizon, turns, deals)
                self.last_looks = looks
                self.last_played_on = len(valued)
            if len(valued) < len(order):
                break  # the deadline
            following = schedule[k + 1] if k + 1 < len(schedule) else None
            if (candidates == len(ranked) and not short and not position.hidden
                    and (following is None or (following[2] == turns and following[4] == looks
                                               and following[5] <= samples))):
                break  # every move played on as far as the futures go: the next search would see nothing new
        self.last_steps = len(trace)
        self.last_trace, self.last_samples, self.last_new, self.last_margins = trace, samples_seen, news, margins
        self.last_seconds = self.clock() - start
        return answer

    def _worth(self, margins: list) -> float:
        """A move's value from the margins of its futures: their mean."""
        return sum(margins) / len(margins)

    def _lead(self, valued, futures, before, leader):
        """The search's moves (best first by value) with its answer first: the last answer (`leader`, its rank),
        unless the best other move beats it by `MARGIN_ERRORS` standard errors of the difference; and that margin
        (0 in the first search, or where no move has two futures to measure by: one line each is taken as it is).

        Every move is held to the margin, not only those valued for the first time: where futures are sampled, two
        moves the level's own line valued alike (a third of Caylus 1303's decisions) differ in their means by the
        slips' noise alone, and following those differences put chance where the planner's order decided."""
        if not before or len(valued) < 2:
            return valued, 0.0
        lead = next((entry for entry in valued if entry[1] == leader), None)
        if lead is None:  # not reached by this search: the best of the moves valued before leads
            lead = next((entry for entry in valued if entry[1] in before), valued[0])
        challenger = next(entry for entry in valued if entry is not lead)
        error = difference_error(futures[lead[1]], futures[challenger[1]], spread(futures))
        if error is None:
            return valued, 0.0
        margin = MARGIN_ERRORS * error
        if challenger[0] > lead[0] + margin:
            return [challenger] + [entry for entry in valued if entry is not challenger], margin
        return [lead] + [entry for entry in valued if entry is not lead], margin

    def choose(self, position):
        if len(position.legal) == 1:
            return position.legal[0]
        return self.rank(position)[0][2]

    def explain(self, position, top: int = 3) -> list[Advice]:
        """The best `top` moves with their values and a line each: what the move changes at once, and how the
        position it leads to stands by the end-of-game evaluation (played on, or one decision ahead)."""
        ranked = self.rank(position)
        candidates, horizon, turns, deals = self.last_setting
        world = position.sample(self.planner.rng.getrandbits(63))
        world.keep_undo = False
        out = []
        for k, (value, _rank, action) in enumerate(ranked[:top]):
            after = world.clone()
            after.apply(action)
            reason = reason_text(describe_action(position.view, action.token),
                                 gains(world, after, position.player))
            standing = f"{abs(value):.0f} {'ahead of' if value >= 0 else 'behind'} the best other player"
            if k < self.last_played_on:
                dealt = f", in {deals} deals of the hidden cards" if deals > 1 else ""
                reason += (f" (played on up to {horizon} moves{dealt}, every player choosing as the planner would: "
                           f"worth {standing} at the end of the game)")
            else:
                reason += f" (one move ahead: worth {standing} at the end of the game)"
            out.append(Advice(action, round(value, 3), reason))
        return out


PLAYERS = {"planner": PlannerAgent, "planner-search": PlannerSearch}


def edition_planner(edition):
    """The edition's `planner` module: its end-of-game evaluation and the hooks above."""
    return importlib.import_module(EDITION_MODULES[edition.id] + ".planner")


def check_spec(spec) -> None:
    """A clear error for an edition table's `"agent"` entry that names no player here."""
    if not isinstance(spec, dict) or spec.get("player") not in PLAYERS:
        raise ValueError(f"an edition's own player must be {{'player': one of {sorted(PLAYERS)}, ...}}, "
                         f"not {spec!r}")


def own_agent(edition, spec: dict | None, seed: int | None, kept: dict | None = None):
    """The player an edition's table names (`spec`: `{"player": name, **settings}`) for a game of `edition`, None
    where it names none; with `kept` (edition id -> player), built once an edition and kept there."""
    if spec is None:
        return None
    if kept is not None and edition.id in kept:
        return kept[edition.id]
    check_spec(spec)
    settings = {k: v for k, v in spec.items() if k != "player"}
    agent = PLAYERS[spec["player"]](edition_planner(edition), seed, **settings)
    if kept is not None:
        kept[edition.id] = agent
    return agent
