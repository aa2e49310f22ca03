"""Game review: a bot level grades every decision of a finished (or unfinished) game record.

For each decision of the chosen seats it values the move played and the reviewer's best moves on one scale: the
seat's expected final margin over the best other seat, in prestige points, the way the level plays: where the
level is the edition's own planner search (Caylus 2005's and 1303's `hard`), as that search values moves
(`Reviewer.weigh_planned`); otherwise as the lookahead level's futures estimate it (`LookaheadAgent.budget`: the
level's candidates, horizon, deals of the hidden cards, slips, doubt and leaf shares, all the edition's). The move
played is always one of the moves played on, so its value and the best's are comparable; `loss` is how much the
played move gives up against the best (>= 0).

    from caylus.agents.review import review_record
    review = review_record(open("game.txt").read(), seats=[0], level="hard", jobs=2)
    review.to_json()

Hidden cards (Magna Carta): a decision is valued from a `Position` of the game at that moment, which keeps only
the seat's view; the futures are played in worlds dealt from that view (`Position.sample`), so the review of a
seat never depends on cards that seat could not see then.

Deterministic: each decision's futures are seeded by the decision's index alone, so the same record and level
give the same review whatever `jobs` is.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from caylus.core.errors import IllegalAction
from caylus.core.record import load_record
from caylus.core.registry import get_edition
from caylus.core.words import describe_action

from .base import Position
from .evaluation import gains, reason_text
from .greedy import greedy_successor, ranked_after
from .levels import BadAgent, make_agent
from .lookahead import LookaheadAgent, future_value, outcome, play_on
from .planner import PlannerSearch, settle, successor
from .planner import play_on as planner_play_on

# Labels by the loss in expected prestige points, after the edition's `REVIEW_LOSS_SCALE` (the thresholds and how
# the calibration set them: docs/agents.md, "Game review").
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
THRESHOLDS = (("best", 0.1), ("good", 0.5), ("inaccuracy", 1.0), ("mistake", 3.0))  # loss below: that label
ALTERNATIVES = 3  # the reviewer's best moves kept with their reasons for each decision
REVIEW_LEVELS = ("normal", "hard")
# The reviewer's budget a decision, as caps on the level's own setting: a game has some 100-400 decisions to
# review, each with the move played on beside the best ones, so a review cannot spend a bot's time on each.
CAPS = {"normal": {"candidates": 3, "horizon": 8, "samples": 1},
        "hard": {"candidates": 3, "horizon": 24, "samples": 2}}
# Where cards are hidden, a candidate this far (in the reviewer's points) behind the best of the first deal is not
# played in the other deals. Measured on a four-player Magna Carta record (greedy players, seed 5; 147 decisions, 6
# deals each): a move's gap to the move played varies across deals by a median 0.43 points (90%: 0.96); at 1 point
# no loss changed and 14% of the second deal's futures were saved, at 0.5 three losses changed.
BEHIND = 1.0
MEMORY = 3000  # greedy moves remembered a generation, two generations (some 50 MB: a position 6 KB, its key 2 KB)


class _Remembering:
    """A one-decision policy of the futures (the greedy's, or the planner's), remembering its moves. Where nothing
    is hidden the futures of neighbouring decisions of one record run through the same positions (the move played
    at one decision, then the policy's move at the next, is where the next decision's best future begins), and a
    position there is its record's moves: the same history is the same game. Positions are never changed once made, so a
    remembered one is handed out as it is."""

    def __init__(self, step=greedy_successor, size: int = MEMORY):
        self.step = step
        self.size = size
        self.new: dict[tuple, object] = {}
        self.old: dict[tuple, object] = {}
        self.hits = self.misses = 0

    def __call__(self, game):
        key = tuple(a.token for a in game.history)
        after = self.new.get(key)
        if after is None:
            after = self.old.get(key)
            if after is None:
                self.misses += 1
                after = self.step(game)
            else:
                self.hits += 1
            if len(self.new) >= self.size:
                self.old, self.new = self.new, {}
            self.new[key] = after
        else:
            self.hits += 1
        return after


class _OneWorld:
    """The futures' policies in one dealt world, each position's ranking of its moves (`greedy.ranked_after`)
    remembered by the moves that lead there (in one world the same history is the same game). A seat in a
    lookahead future that looks `inner` ahead plays each of its best moves on greedily, and the move it keeps is
    where the next seat's decision begins: that seat's ranking, and the first steps of its best move's greedy
    line, were worked out already as the last seat's line. So every future of one decision's candidates in one
    deal is played through this, and each ranking is worked out once: the same moves and values as
    `lookahead.future_value` (tested), about half the work."""

    def __init__(self):
        self.ranked: dict[tuple, list] = {}

    def rank(self, game) -> list:
        key = tuple(a.token for a in game.history)
        scored = self.ranked.get(key)
        if scored is None:
            scored = self.ranked[key] = ranked_after(game, game.current_player)
        return scored

    def greedy(self, game):
        """`greedy.greedy_successor`: the greedy's best is the first of its ranking (ties: canonical order)."""
        if len(game.legal_actions()) == 1:
            return greedy_successor(game)
        return self.rank(game)[0][3]

    def looking(self, candidates: int, horizon: int, leaf):
        """`lookahead.looking_successor(candidates, horizon, leaf)` through the remembered rankings."""
        def successor(game):
            if len(game.legal_actions()) == 1:
                return greedy_successor(game)
            seat = game.current_player
            best, best_value = None, None
            for _value, _i, _action, g in self.rank(game)[:candidates]:
                value = outcome(play_on(g, horizon, self.greedy), seat, leaf)
                if best_value is None or value > best_value:
                    best, best_value = g, value
            return best
        return successor


def loss_scale(edition) -> float:
    """What a point of the reviewer's value lost is worth in final margin when both moves are played on (an edition
    or its id): the edition's `REVIEW_LOSS_SCALE`, measured by benchmarks/review_calibration.py; 1 where unmeasured.
    The reviewer's futures are short and every seat in them plays one fixed policy, so its differences between
    two moves come out larger than what play shows (the rest of a real game evens much of them out)."""
    if isinstance(edition, str):
        edition = get_edition(edition)
    return getattr(edition.heuristics, "REVIEW_LOSS_SCALE", 1.0)


def label_for(loss: float) -> str:
    """The label of a decision that lost `loss` expected prestige points against the reviewer's best move."""
    for name, below in THRESHOLDS:
        if loss < below:
            return name
    return "blunder"


@dataclass
class Alternative:
    move: str  # the action token
    value: float  # the seat's expected final margin after it
    reason: str


@dataclass
class Decision:
    index: int  # the decision's place in the record (0 = its first move)
    seat: int
    played: str
    best: str
    value: float  # the expected final margin after the move played
    best_value: float
    loss: float  # (best_value - value) x the edition's `loss_scale`: the margin play shows lost
    label: str
    reason: str
    alternatives: list[Alternative] = field(default_factory=list)

    def public(self) -> dict:
        """The decision as `--json` prints it."""
        return {"index": self.index, "seat": self.seat, "played": self.played, "best": self.best,
                "value": self.value, "loss": self.loss, "label": self.label, "reason": self.reason}


@dataclass
class Review:
    edition: str
    level: str
    players: int
    seats: list[int]
    decisions: list[Decision]

    def of_seat(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def summary(self, seat: int) -> dict:
        """Mean loss a decision, the count of each label, and the three turning points (the seat's three costliest
        decisions, in the order they were played)."""
        mine = self.of_seat(seat)
        labels = {name: 0 for name in LABELS}
        for d in mine:
            labels[d.label] += 1
        mean = round(sum(d.loss for d in mine) / len(mine), 3) if mine else 0.0
        costly = sorted(mine, key=lambda d: (-d.loss, d.index))[:3]
        return {"seat": seat, "mean_loss": mean, "labels": labels,
                "turning_points": sorted((d.index for d in costly if d.loss > 0), key=int)}

    def to_json(self) -> dict:
        """The object `caylus review --json` prints (the shape issue 29 fixes)."""
        return {"edition": self.edition, "level": self.level,
                "seats": [{k: v for k, v in self.summary(s).items() if k != "turning_points"} for s in self.seats],
                "decisions": [d.public() for d in self.decisions]}

    def details(self) -> dict:
        """Everything a review page shows: `to_json`'s object with each seat's turning points, the label thresholds,
        and each decision's best move's value and the reviewer's alternatives (move, value, reason), best first."""
        out = self.to_json()
        out["players"] = self.players
        out["thresholds"] = [list(band) for band in THRESHOLDS]  # (label, loss below), for the page's legend
        out["seats"] = [self.summary(s) for s in self.seats]
        out["decisions"] = [dict(d.public(), best_value=d.best_value,
                                 alternatives=[{"move": a.move, "value": a.value, "reason": a.reason}
                                               for a in d.alternatives])
                            for d in self.decisions]
        return out

    def margins(self, seat: int) -> list[tuple[int, float]]:
        """(index, expected final margin after the move played) for each reviewed decision of `seat`: the chart."""
        return [(d.index, d.value) for d in self.of_seat(seat)]


class Reviewer:
    """Values moves at one decision the way the level plays them, with the move played among those played on:
    where the level is the edition's own planner search (`"agent"` in its setting: Caylus 2005's and 1303's
    `hard`), by that search (`weigh_planned`); otherwise by the lookahead's futures (`weigh`)."""

    def __init__(self, level: str = "hard"):
        if level not in REVIEW_LEVELS:
            raise BadAgent(f"a review is made at a lookahead level ({', '.join(REVIEW_LEVELS)}), not {level!r}")
        self.level = level
        agent = make_agent(level, 0)
        assert isinstance(agent, LookaheadAgent)
        self.agent = agent
        self.memory = _Remembering()
        self.share_deals = True  # a deal's futures through one `_OneWorld` (False: each afresh, the same values)
        self.planned: dict = {}  # edition id -> (the level's planner search, its remembered one-decision policy)

    def search(self, edition) -> tuple[PlannerSearch, _Remembering] | None:
        """The level's planner search for `edition` and its remembered policy, None where the level has none."""
        if edition.id not in self.planned:
            own = self.agent.own_player(edition)
            if not isinstance(own, PlannerSearch):
                self.planned[edition.id] = None
            else:
                module = own.planner.planner
                self.planned[edition.id] = (own, _Remembering(lambda g: successor(module, g)))
        return self.planned[edition.id]

    def value(self, position: Position, played, index: int):
        """`weigh_planned` where the level is the edition's planner search, else `weigh`."""
        if self.search(position.edition) is not None:
            return self.weigh_planned(position, played, index)
        return self.weigh(position, played, index)

    def weigh_planned(self, position: Position, played, index: int):
        """As `weigh`, by the level's planner search (`agents.planner.PlannerSearch`): every legal move valued one
        decision ahead by the edition's end-of-game evaluation (the seat's follow-ups played), the search's
        `candidates` best and `played` each played on `horizon` decisions by every seat playing the planner, and
        valued by the seat's margin where that future stops: the final margin the planner expects, in prestige
        points. In `planner.DEALS` worlds dealt from the seat's view where cards are hidden, seeded by `index`;
        where nothing is hidden the planner's moves along the record are remembered (`_Remembering`)."""
        search, memory = self.search(position.edition)
        planner = search.planner.planner
        rng = random.Random(0x5EED ^ (index * 1_000_003))
        deals = planner.DEALS if position.hidden else 1
        worlds = [position.sample(rng.getrandbits(63)) for _ in range(deals)]
        for world in worlds:
            world.keep_undo = False
        seat = position.player
        first = []  # (one-decision value, canonical order, action, the first world after it and its follow-ups)
        for i, action in enumerate(position.legal):
            total, shown = 0.0, None
            for world in worlds:
                g = world.clone()
                g.apply(action)
                g, v = settle(planner, g, seat, world.board)
                total += v
                shown = shown or g
            first.append((total / deals, i, action, shown))
        first.sort(key=lambda s: (-s[0], s[1]))
        chosen = first[:search.candidates]
        if all(s[2] != played for s in chosen):
            chosen.append(next(s for s in first if s[2] == played))
        step = None if position.hidden else memory
        out = []
        for _v, _i, action, shown in chosen:
            total = 0.0
            for world in worlds:
                g = world.clone()
                g.apply(action)
                g = planner_play_on(planner, g, search.horizon, search.turns, step=step,
                                    start=world.board if search.from_decision else None)
                total += planner.margin(g.board, seat)
            out.append((total / deals, action, shown))
        out.sort(key=lambda v: -v[0])  # stable: ties keep the planner's order
        return out, worlds[0]

    def budget(self, edition) -> tuple[int, int, int]:
        """(candidates, horizon, samples) a decision: the level's setting for `edition`, capped by `CAPS`; the
        horizon the edition's `REVIEW_HORIZON[level]` where it names one (the futures its loss scale was measured
        with, where the level's own have moved on since)."""
        candidates, horizon, samples, _inner = self.agent.budget(edition)
        horizon = getattr(edition.heuristics, "REVIEW_HORIZON", {}).get(self.level, horizon)
        cap = CAPS[self.level]
        return (min(candidates, cap["candidates"]), min(horizon, cap["horizon"]), min(samples, cap["samples"]))

    def future(self, position: Position, action, seed: int, horizon: int, seat: int, inner, noise, leaf) -> float:
        """The seat's margin after `action` and `horizon` more decisions, as the level's futures play it
        (`lookahead.future_value`); greedy futures where nothing is hidden go through the remembered moves."""
        if position.hidden or inner is not None or noise:
            return future_value(position, action, seed, horizon, seat, inner=inner, noise=noise, leaf=leaf)
        world = position.sample(seed)
        world.keep_undo = False
        world.apply(action)
        return outcome(play_on(world, horizon, self.memory), seat, leaf)

    def weigh(self, position: Position, played, index: int):
        """([(expected final margin, action, the game after it and the seat's follow-ups)] for the level's best
        moves and `played`, best first; the world the moves were tried in). The futures are seeded by `index`: every
        move meets the same worlds and slips."""
        edition = position.edition
        candidates, horizon, samples = self.budget(edition)
        inner = self.agent.budget(edition)[3]
        noise = self.agent.noise_in(edition)
        doubt = self.agent.doubt_in(edition)
        leaf = self.agent.leaf_in(edition)
        rng = random.Random(0x5EED ^ (index * 1_000_003))
        world = position.sample(rng.getrandbits(63))
        world.keep_undo = False
        seat = position.player
        scored = ranked_after(world, seat, position.legal)
        chosen = scored[:candidates]
        if all(s[2] != played for s in chosen):
            chosen.append(next(s for s in scored if s[2] == played))
        varied = position.hidden or bool(noise and inner is None)
        rounds = samples if varied else 1
        seeds = [rng.getrandbits(63) for _ in range(rounds)]
        totals = [0.0] * len(chosen)
        counts = [0] * len(chosen)
        live = list(range(len(chosen)))
        played_at = next(k for k, s in enumerate(chosen) if s[2] == played)
        for r, seed in enumerate(seeds):
            if r == 1 and position.hidden:
                # Deals agree: a candidate `BEHIND` the first deal's best is played in no other deal (it keeps its
                # first deal's value); the move played always is, as it sets the loss.
                first = max(totals)
                live = [k for k in live if totals[k] >= first - BEHIND or k == played_at]
            if position.hidden and not noise and self.share_deals:
                # One deal, every candidate's future in it, through one memory of the policies' rankings.
                dealt = position.sample(seed)
                dealt.keep_undo = False
                memory = _OneWorld()
                step = memory.greedy if inner is None else memory.looking(*inner, leaf)
                for k in live:
                    g = dealt.clone()
                    g.keep_undo = False
                    g.apply(chosen[k][2])
                    totals[k] += outcome(play_on(g, horizon, step), seat, leaf)
                    counts[k] += 1
            else:
                for k in live:
                    totals[k] += self.future(position, chosen[k][2], seed, horizon, seat, inner, noise, leaf)
                    counts[k] += 1
        out = []
        for (greedy_value, _i, action, settled), total, n in zip(chosen, totals, counts):
            trust = n / (n + doubt)
            value = greedy_value + trust * (total / n - greedy_value)
            out.append((value, action, settled))
        out.sort(key=lambda v: -v[0])  # stable: ties keep the greedy's order
        return out, world


def _words(position: Position, world, seat: int, action, settled) -> str:
    return reason_text(describe_action(position.view, action.token), gains(world, settled, seat))


def review_position(reviewer: Reviewer, game, index: int, played) -> Decision | None:
    """The review of the decision `game` is at, where the record played `played` (a token or Action); None for a
    forced decision (a single legal move)."""
    legal = game.legal_actions()
    if len(legal) < 2:
        return None
    played = game.parse(played) if isinstance(played, str) else played
    if played not in legal:
        raise IllegalAction(f"review: {played.token} is not legal at decision {index}")
    position = Position(game)  # what the seat knew then: in Magna Carta its view, never the hidden cards
    seat = position.player
    weighed, world = reviewer.value(position, played, index)
    best_value, best, best_settled = weighed[0]
    value, _a, settled = next(w for w in weighed if w[1] == played)
    loss = max(0.0, best_value - value) * loss_scale(game.edition)
    if played == best:
        loss = 0.0
    label = label_for(loss)
    played_words = _words(position, world, seat, played, settled)
    if label == "best":
        reason = played_words
    else:
        reason = (f"{played_words}; better: {_words(position, world, seat, best, best_settled)} "
                  f"({loss:.1f} expected prestige lost)")
    alternatives = [Alternative(a.token, round(v, 3), _words(position, world, seat, a, s))
                    for v, a, s in weighed[:ALTERNATIVES]]
    return Decision(index, seat, played.token, best.token, round(value, 3), round(best_value, 3), round(loss, 3),
                    label, reason, alternatives)


def _review_span(args) -> list[Decision]:
    """Review the decisions `indices` (sorted) of the record `text`: one job of `review_record`."""
    text, level, indices = args
    reviewer = Reviewer(level)
    game = load_record(text, stop_at=indices[0])
    moves = load_record(text).history
    out = []
    wanted = set(indices)
    for i in range(indices[0], indices[-1] + 1):
        if i in wanted:
            d = review_position(reviewer, game, i, moves[i])
            if d is not None:
                out.append(d)
        game.apply(moves[i])
    return out


def chosen_decisions(text: str, seats: list[int] | None) -> tuple[object, list[int]]:
    """The game a record plays, and the indices of the decisions of `seats` (all seats if None) worth reviewing:
    those with more than one legal move."""
    game = load_record(text)
    replay = load_record(text, stop_at=0)
    indices = []
    for i, action in enumerate(game.history):
        if (seats is None or replay.current_player in seats) and len(replay.legal_actions()) > 1:
            indices.append(i)
        replay.apply(action)
    return game, indices


def review_record(text: str, seats: list[int] | None = None, level: str = "hard", jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None, indices: list[int] | None = None,
                  span: int = 8) -> Review:
    """Review the decisions of `seats` (all if None) in the record `text`; `jobs` processes share the work.
    `progress(done, total)` is called as decisions are reviewed. `indices` limits the review to those decisions.
    BadRecord for a record that does not replay, ValueError for a seat not in the game or jobs below 1."""
    if jobs < 1:
        raise ValueError("review: jobs must be 1 or more")
    Reviewer(level)  # a bad level is an error before any work
    game, todo = chosen_decisions(text, seats)
    n = game.num_players
    if seats is not None:
        bad = [s for s in seats if not 0 <= s < n]
        if bad:
            raise ValueError(f"review: no seat {bad[0]} in a {n}-player game (seats 0-{n - 1})")
    if indices is not None:
        keep = set(indices)
        todo = [i for i in todo if i in keep]
    spans = [todo[k:k + span] for k in range(0, len(todo), span)]
    decisions: list[Decision] = []
    done = 0
    if progress:
        progress(0, len(todo))
    work = [(text, level, s) for s in spans]
    if jobs == 1 or len(spans) < 2:
        results = map(_review_span, work)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(_review_span, work)
    try:
        for chunk, s in zip(results, spans):
            decisions.extend(chunk)
            done += len(s)
            if progress:
                progress(done, len(todo))
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    shown = sorted(set(d.seat for d in decisions) if seats is None else seats)
    return Review(game.edition.id, level, n, shown if seats is not None else list(range(n)), decisions)


def review_game(game, seats: list[int] | None = None, level: str = "hard", jobs: int = 1, **kw) -> Review:
    """`review_record` of a `Game`'s record."""
    return review_record(game.record(), seats, level, jobs, **kw)


__all__ = ["LABELS", "THRESHOLDS", "Alternative", "Decision", "Review", "Reviewer", "label_for", "review_game",
           "loss_scale", "review_position", "review_record"]
