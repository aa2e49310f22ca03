"""The lookahead bot (the `normal` and `hard` levels): it takes its few best moves by the heuristics, plays the
game on from each for a while with every seat playing as the greedy bot would, and keeps the move whose future
looks best for it (its margin over the best other seat when the look ahead stops, or the final scores).

This is a rollout algorithm: choosing by how the greedy policy fares *after* a move improves on the greedy policy
itself, and it sees what one decision ahead cannot: the provost moved next, a building an opponent takes first,
the castle's batches a round later. It spends its time on a few well-played futures rather than on many random
ones, which in these games tell good moves from bad only through a lot of noise.

Played on by whom: greedily by default, every seat's move in a future chosen one decision ahead. With
`inner=(k, h)` (or `"inner"` in an edition's setting) every seat in the futures looks ahead a little itself: it
plays its k best moves on h decisions greedily and keeps the best for it. That is a rollout over the lookahead
policy, a second step of improvement: each move is tested against opponents who plan too, which a future of
greedy players misjudges when the opponents really do look ahead. Heads-up it beats `hard` (about 64% of games
in Magna Carta and Caylus 2005) at 2-3 times the time; no level uses it yet (`benchmarks/RESULTS-bots.md`).

Where a future stops: by the heuristics, with the features an edition's setting names in `leaf` at a share of
their worth (Caylus 2005's `normal` counts the placed workers' plans at 0.6: a plan is not banked prestige, and
counted in full it made the look ahead pass at the castle to keep cubes for next turn; `evaluation.leaf_values`).
When it stops: after `horizon` decisions, or sooner with `turns` (a level's setting or the constructor's) once
that many turns have begun after the decision's (the edition planner's `future_end`): every move's future then
ends at the same point of the game, its turn played out, with no plan half made.

Hidden information (Magna Carta): each candidate is played on in `samples` worlds re-dealt from the seat's view
by `Position.sample`; every candidate meets the same worlds, so they are compared on equal terms.

Budget: `candidates` x `samples` futures of `horizon` decisions a move, each decision in them costing about k x h
greedy ones with `inner` (deterministic: the same seed plays the same moves); `seconds` caps it, best candidates
first, so a capped search still weighs the likeliest moves. A level's budget is the edition's: with
`level="hard"` the bot reads `LOOKAHEAD["hard"]` from the edition's heuristics for each game (the best setting
differs by edition), and the constructor's figures serve an edition without one.
"""

from __future__ import annotations

import random
import time

from caylus.core.words import describe_action

from .base import Advice, Position
from .evaluation import gains, leaf_values, margin, reason_text
from .greedy import GreedyAgent, greedy_successor, ranked_after, slipping_successor
from .planner import edition_planner, own_agent


def play_on(game, decisions: int, successor=greedy_successor, until=None):
    """The game after `decisions` more actions (or its end), every seat playing by `successor` (greedily);
    sooner where `until(board)`, if given, says the future ends (`future_value`'s `turns`)."""
    stop = len(game.history) + decisions
    while not game.is_terminal and len(game.history) < stop and not (until is not None and until(game.board)):
        game = successor(game)
    return game


def looking_successor(candidates: int, horizon: int, leaf: dict[str, float] | None = None):
    """The policy of a player who looks ahead a little, as a successor for `play_on`: the mover's `candidates`
    best moves by the greedy's values, each played on `horizon` decisions greedily; the one ending best for it
    (ties: the greedy's order)."""
    def successor(game):
        legal = game.legal_actions()
        if len(legal) == 1:  # nothing to weigh
            return greedy_successor(game)
        seat = game.current_player
        best, best_value = None, None
        for _value, _i, _action, g in ranked_after(game, seat, legal)[:candidates]:
            value = outcome(play_on(g, horizon), seat, leaf)
            if best_value is None or value > best_value:
                best, best_value = g, value
        return best
    return successor


def outcome(game, seat: int, leaf: dict[str, float] | None = None) -> float:
    """The seat's margin over the best other seat: by the final scores at the end, else by the heuristics (with
    the features in `leaf` at that share of their worth: `leaf_values`)."""
    return margin(list(game.scores()) if game.is_terminal else leaf_values(game, leaf), seat)


def future_value(position: Position, action, seed: int, horizon: int, seat: int,
                 inner: tuple[int, int] | None = None, noise: float = 0.0,
                 leaf: dict[str, float] | None = None, turns: int = 0) -> float:
    """The seat's margin after `action` and `horizon` more decisions, in the world `seed` deals from what the
    seat may know, every player playing by the futures' policy (looking `inner` ahead, else slipping by `noise`
    points with `seed`'s slips, else greedily). The one future both the bot and the review value moves by.

    With `turns`, the future stops sooner: where the edition ends a future once that many turns have begun after
    the decision's (its planner's `future_end`, counted from the board the move is chosen on), so that every move
    compared is valued at the same point of the game, its turn played out: a future cut after a number of
    decisions mid-turn counts workers placed and not yet worked (and deniers not yet spent on the provost) against
    a move that has banked its turn (Magna Carta: the pass, the kept deniers)."""
    if inner is not None:
        successor = looking_successor(*inner, leaf)
    elif noise:
        successor = slipping_successor(random.Random(seed), noise)
    else:
        successor = greedy_successor
    world = position.sample(seed)
    world.keep_undo = False  # played forward on clones only: no undo snapshots to pay for
    if not turns:
        world.apply(action)
        return outcome(play_on(world, horizon, successor), seat, leaf)
    end = edition_planner(position.edition).future_end
    start = world.board  # the decision's board, left as it is: the future is played on a clone
    begun = world.clone()
    begun.keep_undo = False
    begun.apply(action)
    return outcome(play_on(begun, horizon, successor, until=lambda b: end(b, start, turns)), seat, leaf)


class LookaheadAgent:
    name = "lookahead"

    def __init__(self, seed: int | None = None, candidates: int = 5, horizon: int = 40, samples: int = 1,
                 seconds: float | None = None, level: str | None = None, inner: tuple[int, int] | None = None,
                 noise: float = 0.0, think: float | None = None, doubt: float = 0.0,
                 leaf: dict[str, float] | None = None, agree: int = 0, turns: int = 0):
        check_budget(candidates, horizon, samples, inner)
        check_turns(turns)
        check_leaf(leaf)
        if noise < 0 or doubt < 0 or (think is not None and not think > 0):
            raise ValueError("lookahead: a slip and a doubt of 0 or more, and a thinking time above 0 seconds")
        check_agree(agree)
        self.level = level
        self.seed = seed
        self._own: dict = {}  # edition id -> the edition's own player for this level (`own_player`)
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed)
        self.candidates = candidates
        self.horizon = horizon
        self.samples = samples
        self.inner = inner
        self.seconds = seconds
        self.noise = noise  # the slip, in points, of the players in the futures (0: they play greedily)
        self.doubt = doubt  # how many futures the greedy's value of a move counts as (`doubt_in`)
        self.agree = agree  # rounds after which futures the same in every deal end the search (`agree_in`)
        self.leaf = leaf  # features counted at a share of their worth where a future stops (`leaf_in`)
        self.turns = turns  # a future stops once this many turns have begun after the decision's (`turns_in`)
        self.think = think  # anytime: seconds to think a move, as many rounds of futures as fit
        self.last_rounds = 0
        self.last_futures = 0  # statistics of the last decision, for benchmarks
        self.last_played_on = 0  # how many candidates it played on
        self.last_seconds = 0.0
        self.last_horizon = horizon

    def budget(self, edition) -> tuple[int, int, int, tuple[int, int] | None]:
        """(candidates, horizon, samples, inner) for a game of `edition`: the level's setting in the edition's
        heuristics (`LOOKAHEAD[level]`) if it has one, else the constructor's."""
        table = getattr(edition.heuristics, "LOOKAHEAD", {}) if self.level else {}
        if self.level not in table:
            return self.candidates, self.horizon, self.samples, self.inner
        setting = table[self.level]
        inner = setting.get("inner")
        return (setting["candidates"], setting["horizon"], setting.get("samples", 1),
                None if inner is None else (inner["candidates"], inner["horizon"]))

    def _setting(self, edition, name: str, default: float) -> float:
        table = getattr(edition.heuristics, "LOOKAHEAD", {}) if self.level else {}
        return table.get(self.level, {}).get(name, default)

    def noise_in(self, edition) -> float:
        """The slip of the players in the futures for a game of `edition`: the level's setting's `noise` if it has
        one, else the constructor's."""
        return self._setting(edition, "noise", self.noise)

    def doubt_in(self, edition) -> float:
        """How many futures a move's greedy value counts as (the level's setting's `doubt`, else the
        constructor's): a move is valued at its greedy value moved towards its futures' mean margin by
        n / (n + doubt) of the way, for n futures each; 0 trusts the futures alone."""
        return self._setting(edition, "doubt", self.doubt)

    def agree_in(self, edition) -> int:
        """After how many rounds of deals the search stops if every candidate's future was the same in each of
        them (the level's setting's `agree`, else the constructor's; 0: never early). Where the hidden cards do
        not change any line of play (in Magna Carta about 7 decisions in 10), the other deals would only repeat
        the same futures."""
        agree = self._setting(edition, "agree", self.agree)
        check_agree(agree)
        return agree

    def turns_in(self, edition) -> int:
        """After how many turns begun a future stops, before its horizon if sooner (the level's setting's
        `turns`, else the constructor's; 0: only the horizon stops it): `future_value`."""
        turns = self._setting(edition, "turns", self.turns)
        check_turns(turns)
        return turns

    def leaf_in(self, edition) -> dict[str, float] | None:
        """The features a future's last position counts at a share of their worth (the level's setting's
        `leaf`, else the constructor's), checked against the edition's features."""
        leaf = self._setting(edition, "leaf", self.leaf)
        check_leaf(leaf, edition.heuristics.FEATURES)
        return leaf

    def own_player(self, edition):
        """The edition's own player for this level, if the level's setting names one (`"agent"`: a player of
        `agents.planner`, e.g. `{"player": "planner-search", "candidates": 4, "horizon": 16}`, built with the
        seed), else None. Thinking for a time (`hard:SECONDS`), the planner's search thinks that long (anytime:
        deeper and wider searches until the time is up); any other own player is left for rounds of futures."""
        spec = self._setting(edition, "agent", None)
        if spec is not None and self.think is not None:
            if not isinstance(spec, dict) or spec.get("player") != "planner-search":
                return None
            spec = {**spec, "think": self.think}
        return own_agent(edition, spec, self.seed, self._own)

    def choose(self, position: Position):
        own = self.own_player(position.edition)
        if own is not None:
            return own.choose(position)
        if len(position.legal) == 1:
            return position.legal[0]
        return self.weigh(position)[0][2]

    def explain(self, position: Position, top: int = 3) -> list[Advice]:
        own = self.own_player(position.edition)
        if own is not None and callable(getattr(own, "explain", None)):
            return own.explain(position, top)  # the level's real player explains its own choice
        ranked = self.weigh(position)
        world = position.sample(self.rng.getrandbits(63))
        out = []
        for k, (value, _i, action, settled) in enumerate(ranked[:top]):
            words = describe_action(position.view, action.token)
            reason = reason_text(words, gains(world, settled, position.player))
            if k >= self.last_played_on:  # not played on: valued one decision ahead, like the greedy bot
                out.append(Advice(action, round(value, 3), reason))
                continue
            standing = "ahead of" if value >= 0 else "behind"
            out.append(Advice(action, round(value, 3), f"{reason} (looking {self.last_horizon} moves ahead: "
                                                       f"{abs(value):.0f} {standing} the best other player)"))
        return out

    def weigh(self, position: Position) -> list[tuple[float, int, object, object]]:
        """The candidates, best first: (looked-ahead margin, greedy rank, action, the game right after it).

        Only the greedy's `candidates` best moves are played on, each in the same futures (`samples` rounds, or
        with `think` as many rounds as fit in that many seconds); the value is the mean margin over them. When
        the time runs out in the first round, the candidates not reached keep their place behind those that
        were."""
        start = time.perf_counter()
        budget = self.think if self.think is not None else self.seconds
        deadline = None if budget is None else start + budget
        candidates, horizon, samples, inner = self.budget(position.edition)
        noise = self.noise_in(position.edition)
        leaf = self.leaf_in(position.edition)
        agree = self.agree_in(position.edition)
        turns = self.turns_in(position.edition)
        _world, scored = self.greedy.rank(position)
        # Where nothing is hidden and nobody slips, every future of a move is the same line of play: one round.
        varied = position.hidden or bool(noise and inner is None)
        seat = position.player
        totals: list[float] = []
        first: list[float] = []  # each candidate's future in the first deal
        same = True  # every later deal's futures so far were the first deal's
        rounds, futures = 0, 0
        while True:
            seed = self.rng.getrandbits(63)  # one world and one run of slips, met by every candidate alike
            round_start = time.perf_counter()
            for rank, (_value, _i, action, _settled) in enumerate(scored[:candidates]):
                if rounds == 0 and deadline is not None and totals and time.perf_counter() > deadline:
                    break
                value = future_value(position, action, seed, horizon, seat, inner=inner, noise=noise, leaf=leaf,
                                     turns=turns)
                if rounds == 0:
                    totals.append(value)
                    first.append(value)
                else:
                    totals[rank] += value
                    same = same and value == first[rank]
                futures += 1
            rounds += 1
            if not varied:
                break
            now = time.perf_counter()
            if self.think is None:
                if rounds >= samples or (deadline is not None and now > deadline) or (agree and rounds >= agree
                                                                                      and same):
                    break
            # Thinking for a while: another round only if it should end in time (the last round's length).
            elif len(totals) < len(scored[:candidates]) or now + (now - round_start) > deadline:
                break
        # A future is one line of play and swings by many points on small differences; the greedy's value of
        # the move is certain but short-sighted. Trust the futures' mean as far as their number warrants.
        doubt = self.doubt_in(position.edition)
        trust = rounds / (rounds + doubt)
        weighed = [(value + trust * (total / rounds - value), rank, action, settled)
                   for rank, (total, (value, _i, action, settled)) in enumerate(zip(totals, scored))]
        weighed.sort(key=lambda w: (-w[0], w[1]))
        # The moves not played on follow, in the greedy's order, valued one decision ahead.
        rest = [(value, rank, action, settled)
                for rank, (value, _i, action, settled) in enumerate(scored) if rank >= len(weighed)]
        self.last_futures = futures
        self.last_rounds = rounds
        self.last_played_on = len(weighed)
        self.last_seconds = time.perf_counter() - start
        self.last_horizon = horizon
        return weighed + rest


def check_budget(candidates: int, horizon: int, samples: int, inner: tuple[int, int] | None = None) -> None:
    if candidates < 1 or horizon < 0 or samples < 1:
        raise ValueError("lookahead: at least 1 candidate and 1 sample, and a horizon of 0 or more decisions")
    if inner is not None and (len(inner) != 2 or inner[0] < 1 or inner[1] < 0):
        raise ValueError("lookahead: the players in the futures look at 1 candidate or more, 0 decisions or more")


def check_turns(turns) -> None:
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
        raise ValueError("lookahead: futures stop after a whole number of turns begun, 0 or more (0: at the horizon)")


def check_agree(agree) -> None:
    if isinstance(agree, bool) or not isinstance(agree, int) or agree < 0 or agree == 1:
        raise ValueError("lookahead: futures agree after 2 rounds of deals or more (0: always play them all)")


def check_leaf(leaf: dict[str, float] | None, features: tuple[str, ...] | None = None) -> None:
    """A leaf setting is features and shares of their worth from 0 to 1 (of the edition's features, if given)."""
    if leaf is None:
        return
    if not isinstance(leaf, dict) or not all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in leaf.values()):
        raise ValueError("lookahead: a leaf setting maps features to a share of their worth from 0 to 1")
    unknown = [name for name in leaf if features is not None and name not in features]
    if unknown:
        raise ValueError(f"lookahead: the leaf setting names no feature of this edition: {', '.join(unknown)}")
