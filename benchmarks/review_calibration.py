"""Does the review's "value lost" agree with what playing both moves on shows? (a benchmark, issue 29)

    nice -n 19 .venv/bin/python benchmarks/review_calibration.py --edition caylus-1303 --decisions 200 \
        --playouts 4 --records benchmarks/results/review-calibration-caylus-1303-hard-normal4.jsonl
    PYTHONPATH=build/compiled/src nice -n 15 .venv/bin/python benchmarks/review_calibration.py --edition caylus \
        --decisions 200 --playouts 4 --max-playouts 8 --slips keyed --swap \
        --records benchmarks/results/review-calibration-caylus-hard-normal-keyed.jsonl

The decisions come from heads-up games of `easy` players (the greedy bot with slips, so that some moves are
poor) on seeds 1, 2, ...: every `--every`-th decision with more than one legal move, of both seats. The reviewer
(`--level`) grades each; a decision is kept only while its label has fewer than its share of `--decisions` (a
fifth each), so that the blunders and mistakes are measured as often as the best moves, which make most of a
game; no label is kept more than 3 ahead of the median label, so that a journal stopped early holds them all.
Of the `best`s, at most half are decisions where the move played *is* the reviewer's best (nothing to play
on: measured 0 by definition); the others are other moves the reviewer values (nearly) as high.

Each kept decision: both moves (the reviewer's best and the move played) are played on to the end of the game
`--playouts` times by `--policy` players, with common random numbers: playout k of both moves has the same
players, seeded by k, and in Magna Carta the same world dealt from the seat's view at that moment
(`caylus.determinize(view, k)`). Where nothing is hidden `normal` plays one line only; its futures' players then
slip by `--slip` points (seeded by the playout, `LookaheadAgent(noise=)`), so that the playouts are several lines
of `normal`-strength play rather than one line repeated. Where cards are hidden (Magna Carta) the playouts differ
already (each its own deal, and `normal` deals the cards it cannot see again at every decision), so by default
nobody slips there: a slip of 1.5 points a decision is large beside Magna Carta's margins and made the measured
loss that of weaker players (one decision's measured loss of the reviewer's best went from +5.0 unslipped to
-2.1 slipped, 8 playouts each; docs/agents.md, "Game review"). `normal`'s 1-second safety cap is lifted: the same
records give the same journal on a loaded machine. The measured loss is the seat's mean final margin after the
best move less that after the move played.

`--slips keyed` (the journals `*-hard-normal-keyed.jsonl`): `normal` unslipped in its futures, but choosing among
the moves it played on by its values plus `--slip` points times a taste fixed by the playout's persona, the turn
and the move (`KeyedSlips`), so that both continuations meet players who slip alike wherever their choices are
alike (common random numbers that survive the lines' first difference; slips drawn in order fell on different
moves in the two lines, whose margins were then uncorrelated). Where nothing is hidden its greedy steps are
remembered across the decision's playouts (`Remembered`: the same moves as `normal`, checked by `--check`; about
a fifth less CPU). `--swap` plays the playouts in groups of one a seat, the seats taking each group's personas in
turn (antithetic); `--max-playouts M` adds groups while the two moves are within 2 standard errors of each other,
up to M.

Resumable: `--records FILE` keeps one JSON line a decision looked at (kept ones with every playout's margins);
a rerun with the same file goes on where it stopped. Each kept decision prints its CPU seconds, the median so far
and the CPU still needed at that rate.

`--anchors` measures instead the issue's known bad moves (passing first on the first turn with everything left; no
batch, bundle or offer at the castle with one affordable): the reviewer's loss and label beside the measured loss
and its standard error over the playouts, one JSON line each.

`--report` prints the figures of a journal (older journals too): the correlation of claimed and measured loss,
their mean absolute gap, how often a `blunder` lost more than a `good` (every such pair), the measured loss by
label, the least-squares scale of the reviewer's loss to play, and how much of the measured spread is the
playouts' own noise (from the spread of each decision's paired playouts). The loss is scaled and labelled again
by today's `review.loss_scale` and `review.THRESHOLDS` from the raw loss kept in the journal.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.greedy import greedy_successor, ranked_after
from caylus.agents.lookahead import LookaheadAgent, outcome
from caylus.agents.lookahead import play_on as lookahead_play_on
from caylus.agents.play import MAX_DECISIONS, ask
from caylus.agents.review import LABELS, Reviewer, label_for, loss_scale, review_position


AHEAD = 3  # decisions a label may be kept ahead of the median label's count (`wanted`)


def candidates(edition: str, players: int, every: int):
    """(seed, index, game at that decision, the move the easy player made), endlessly."""
    seed = 0
    while True:
        seed += 1
        game = caylus.new_game(edition, players=players, seed=seed)
        bots = [make_agent("easy", seed * 10 + p) for p in range(players)]
        seen = 0
        while not game.is_terminal:
            move = bots[game.current_player].choose(Position(game))
            if len(game.legal_actions()) > 1:
                if seen % every == 0:
                    yield seed, len(game.history), game.clone(), move
                seen += 1
            game.apply(move)


def player(policy: str, seed: int, slip: float):
    agent = make_agent(policy, seed)
    if isinstance(agent, LookaheadAgent):
        agent.seconds = None  # no time cap: the same playout on a loaded machine
        if slip:
            agent.noise = slip
    return agent


def turn_of(board) -> int:
    """The turn a board is in (Caylus 1303 calls it a round): a keyed slip is a player's taste for a move in a
    turn."""
    return board.turn if hasattr(board, "turn") else board.round


def taste(persona: str, turn: int, token: str) -> float:
    """A standard Gaussian draw fixed by the persona, the turn and the move: the same player meets the same move
    in the same turn of either continuation with the same slip (a string seed is hashed by SHA-512: the same
    draw in every process)."""
    return random.Random(f"{persona}/{turn}/{token}").gauss(0.0, 1.0)


class Remembered:
    """The greedy's best moves at each position met in one decision's playouts, remembered by the moves that lead
    there (nothing hidden: from one decision's game the same moves are the same game), two bounded generations.
    The playouts of one decision run through the same positions again and again: `normal`'s futures of its next
    decision continue the line its last one played, and the playouts of both moves, with their slips, share
    every stretch where they choose alike. The same moves as `normal` (`LookaheadAgent.weigh` without slips,
    deals, doubt or turns; checked against it by `--check`), for less work."""

    def __init__(self, keep: int, size: int = 20_000):
        self.keep = keep  # the moves kept a position: the lookahead's candidates
        self.size = size
        self.new: dict[tuple, list] = {}
        self.old: dict[tuple, list] = {}

    def rank(self, game) -> list:
        """The first `keep` of `greedy.ranked_after(game, mover)`: (value, index, action, the game after it)."""
        key = tuple(a.token for a in game.history)
        top = self.new.get(key)
        if top is None:
            top = self.old.get(key)
            if top is None:
                top = ranked_after(game, game.current_player)[:self.keep]
            if len(self.new) >= self.size:
                self.old, self.new = self.new, {}
            self.new[key] = top
        return top

    def greedy(self, game):
        """`greedy.greedy_successor` through the remembered rankings (its best is the ranking's first)."""
        if len(game.legal_actions()) == 1:
            return greedy_successor(game)
        return self.rank(game)[0][3]


def remembered_weigh(agent: LookaheadAgent, game, memory: Remembered) -> list | None:
    """`agent.weigh(Position(game))`'s candidates played on, [(value, rank, action)] best first, through `memory`;
    None where the agent's setting is not the plain one this replays (something hidden, slips, inner players,
    doubt, turns: `weigh` is asked then)."""
    edition = game.edition
    candidates, horizon, _samples, inner = agent.budget(edition)
    if edition.determinize is not None or inner is not None or agent.noise_in(edition) or \
            agent.doubt_in(edition) or agent.turns_in(edition) or agent.own_player(edition) is not None:
        return None
    leaf = agent.leaf_in(edition)
    seat = game.current_player
    weighed = []
    for rank, (_value, _i, action, _settled) in enumerate(memory.rank(game)[:candidates]):
        g = game.clone()
        g.keep_undo = False
        g.apply(action)
        weighed.append((outcome(lookahead_play_on(g, horizon, memory.greedy), seat, leaf), rank, action))
    weighed.sort(key=lambda w: (-w[0], w[1]))
    return weighed


class KeyedSlips:
    """`policy` (a lookahead level: `normal`) slipping by common random numbers: at each decision it values its
    moves as it always does and plays the best of those it played on after adding `slip` points times the
    persona's taste for each (`taste`: fixed by the persona, the turn and the move). With `slip` 0 it is the
    policy itself. Both continuations of a decision meet players with the same tastes, so where the two lines
    pass through like choices they slip alike, and their margins move together: the paired difference keeps
    what the first move changed, not which slips each line drew (the futures' own slips, drawn in order from a
    generator, fell on different moves in the two lines: their margins were uncorrelated, 0.08 in Caylus
    1303)."""

    def __init__(self, policy: str, seed: int, slip: float, persona: str, memory: Remembered | None = None):
        self.agent = player(policy, seed, 0.0)
        self.memory = memory  # the remembered greedy moves of this decision's playouts (`remembered_weigh`)
        if not isinstance(self.agent, LookaheadAgent):
            raise SystemExit(f"--slips keyed needs a lookahead level as --policy (normal, hard), not {policy!r}")
        self.slip = slip
        self.persona = persona
        self.rng, self.greedy = self.agent.rng, self.agent.greedy  # the generators `fingerprint` reads

    def move(self, game):
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        weighed = None if self.memory is None else remembered_weigh(self.agent, game, self.memory)
        if weighed is None:
            ranked = self.agent.weigh(Position(game))
            weighed = [w[:3] for w in ranked[:max(1, self.agent.last_played_on)]]
        if not self.slip:
            return weighed[0][2]
        turn = turn_of(game.board)
        return max(weighed, key=lambda w: (w[0] + self.slip * taste(self.persona, turn, w[2].token), -w[1]))[2]


def persona(playout: int, seat: int, players: int, swap: bool) -> str:
    """Who plays `seat` in playout `playout`: with `swap`, the playouts come in groups of `players` in which the
    seats take each persona in turn (antithetic: a taste that favours one seat in one playout favours another
    in the next), else one persona a seat a playout."""
    if swap:
        return f"{playout // players}:{(seat + playout) % players}"
    return f"{playout}:{seat}"


def _plain(value):
    """A board field as comparable data: a generator by its state (Caylus 1303's and Magna Carta's boards hold
    one), lists as tuples; anything else by its repr (an object without a value repr then shows its address, so
    two copies never compare equal: a missed meeting, never a false one)."""
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    state = getattr(value, "state", None)
    if state is not None and type(value).__name__ == "Rng":
        return ("rng", _plain(state))
    return repr(value)


def _agent_state(agent):
    """What the rest of an agent's play depends on besides the game: its generators' states (the lookahead
    levels' and their greedy ranker's). None for an agent holding anything else (an own player built for the
    edition), which then never meets another line."""
    if getattr(agent, "_own", None):
        return None
    gens = [agent.rng] + ([agent.greedy.rng] if hasattr(agent, "greedy") else [])
    if not all(isinstance(g, random.Random) for g in gens):
        return None
    return tuple(g.getstate() for g in gens)


def fingerprint(game, agents):
    """The whole state the rest of a playout depends on: every field of the board (not its event log), the
    decision count and every player's generators. Two lines with the same fingerprint play the same rest of the
    game, move for move. None where an agent's state is not known (no meeting is looked for then)."""
    states = tuple(_agent_state(a) for a in agents)
    if any(s is None for s in states):
        return None
    board = game.board
    names = sorted(vars(board)) if hasattr(board, "__dict__") else \
        [n for n in dir(type(board)) if not n.startswith("_") and not callable(getattr(board, n))]
    return (len(game.history), tuple((n, _plain(getattr(board, n))) for n in names if n != "events"), states)


def play_out(game, move, seat: int, policy: str, playout: int, slip: float, meet: dict | None = None,
             keyed: bool = False, swap: bool = False, memory: Remembered | None = None):
    """One playout: `move` then the game to its end, every seat played by `policy` seeded by `playout` (in
    Magna Carta in the world `playout` deals from the seat's view). Returns (the seat's final margin, the
    fingerprints of its decisions, the decision at which it met a line of `meet` or None).

    With `meet` (another line's fingerprints: the other move's playout with the same players), the playout stops
    where it reaches a position of that line with the same decision count and the same players' generators: from
    there both lines play the same moves to the same end, so its margin is that line's (`meet` maps a fingerprint
    to that line's final margin). The measured margins are those of playing every line to its end."""
    if game.edition.determinize is not None:
        g = caylus.determinize(game.view(seat), playout)
    else:
        g = game.clone()
    g.keep_undo = False
    g.apply(move.token)
    if keyed:
        names = [persona(playout, p, g.num_players, swap) for p in range(g.num_players)]
        agents = [KeyedSlips(policy, 1000 * int(name.split(":")[0]) + int(name.split(":")[1]), slip, name, memory)
                  for name in names]
    else:
        agents = [player(policy, 1000 * playout + p, slip) for p in range(g.num_players)]
    seen = []
    decisions = 0
    while not g.is_terminal:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")
        mark = fingerprint(g, agents)
        if meet is not None and mark is not None and mark in meet:
            return meet[mark], seen, decisions
        if mark is not None:
            seen.append(mark)
        agent = agents[g.current_player]
        g.apply(agent.move(g) if keyed else ask(agent, g))
        decisions += 1
    s = g.scores()
    return s[seat] - max(s[:seat] + s[seat + 1:]), seen, None


def final_margin(game, move, seat: int, policy: str, playout: int, slip: float) -> float:
    """The seat's final margin after `move`, the game played to its end by `policy` players seeded by `playout`."""
    return play_out(game, move, seat, policy, playout, slip)[0]


def paired_margins(game, best, played, seat: int, policy: str, playout: int, slip: float, keyed: bool = False,
                   swap: bool = False, memory: Remembered | None = None):
    """Playout `playout` of both moves (the same players, the same world): (margin after `best`, margin after
    `played`, the decision of the played line at which it met the best's line, or None). Where the lines meet
    (moves played in another order, the same position reached) the played line is not played again."""
    margin_best, seen, _ = play_out(game, best, seat, policy, playout, slip, keyed=keyed, swap=swap, memory=memory)
    margin_played, _, met = play_out(game, played, seat, policy, playout, slip,
                                     meet=dict.fromkeys(seen, margin_best), keyed=keyed, swap=swap, memory=memory)
    return margin_best, margin_played, met


def raw_loss(row: dict) -> float:
    """The reviewer's loss before any scale (journals before the scale kept only `loss`, which was raw then)."""
    return row["raw_loss"] if "raw_loss" in row else row["loss"]


def wanted(label: str, same: bool, kept: dict, total: int) -> bool:
    """Whether a decision of this label is still wanted: each label a fifth of `total`, and of the `best`s at most
    half where the move played is the reviewer's best. No label runs more than `AHEAD` past the median label's
    count, so that a journal stopped early (the measurement spans sessions) holds every label, not the common ones
    first; a rare label holds back no one while the median moves."""
    share = math.ceil(total / len(LABELS))
    if kept[label] >= share or kept[label] >= statistics.median(kept[name] for name in LABELS) + AHEAD:
        return False
    return not (label == "best" and same and kept["best-same"] >= share // 2)


def units(best: list, played: list, group: int) -> list[float]:
    """The paired differences of a decision's playouts, each group of `group` playouts (one antithetic set of
    personas, `persona`) as one unit: its mean."""
    diffs = [b - p for b, p in zip(best, played)]
    return [statistics.mean(diffs[k:k + group]) for k in range(0, len(diffs) - group + 1, group)]


def close(best: list, played: list, group: int, z: float = 2.0) -> bool:
    """Whether the two moves are still too close to tell apart: their mean paired difference within `z` standard
    errors of 0 (more playouts go there, `--max-playouts`). Fewer than 2 units: yes."""
    u = units(best, played, group)
    if len(u) < 2:
        return True
    return abs(statistics.mean(u)) < z * statistics.stdev(u) / math.sqrt(len(u))


def default_slip(edition: str) -> float:
    """`--slip` unless given: none where the edition hides cards (the playouts differ by their deals), else 1.5."""
    return 0.0 if caylus.get_edition(edition).determinize is not None else 1.5


def measure(args) -> None:
    out = Path(args.records)
    done: dict = {}
    kept = {name: 0 for name in LABELS}
    kept["best-same"] = 0
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            if not row.get("skipped") and (row.get("slip", 0), row.get("slips", "futures"), row.get("swap", False)) \
                    != (args.slip, args.slips, args.swap):
                raise SystemExit(f"{out} was measured with --slip {row.get('slip', 0)} --slips "
                                 f"{row.get('slips', 'futures')}{' --swap' if row.get('swap') else ''}, not "
                                 f"--slip {args.slip} --slips {args.slips}{' --swap' if args.swap else ''}: "
                                 f"one journal, one measurement")
            done[(row["seed"], row["index"])] = row
            if not row.get("skipped"):
                kept[row["label"]] += 1
                kept["best-same"] += row["label"] == "best" and row["best"] == row["played"]
    reviewer = Reviewer(args.level)
    costs = [r["cpu_seconds"] for r in done.values() if not r.get("skipped")]
    for seed, index, game, move in candidates(args.edition, args.players, args.every):
        if sum(kept[name] for name in LABELS) >= args.decisions or seed > args.max_games:
            break
        if (seed, index) in done:
            continue
        started = time.process_time()
        d = review_position(reviewer, game, index, move)
        raw = round(max(0.0, d.best_value - d.value), 3) if d.best != d.played else 0.0
        label = label_for(raw * loss_scale(args.edition))
        same = d.best == d.played
        if not wanted(label, same, kept, args.decisions):
            row = {"seed": seed, "index": index, "label": label, "skipped": True}
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            continue
        best = game.parse(d.best)
        best_m, played_m, met = [], [], []
        keyed = args.slips == "keyed"
        memory = Remembered(3) if keyed else None
        group = game.num_players if args.swap else 1
        k = 0
        while not same and (k < args.playouts or (k < args.max_playouts and close(best_m, played_m, group))):
            for _ in range(group):  # interleaved: both moves of playout k, then k + 1; a whole group of personas
                b, p, at = paired_margins(game, best, move, d.seat, args.policy, k, args.slip, keyed=keyed,
                                          swap=args.swap, memory=memory)
                best_m.append(b)
                played_m.append(p)
                met.append(at)
                k += 1
        measured = statistics.mean(best_m) - statistics.mean(played_m) if best_m else 0.0
        cost = round(time.process_time() - started, 2)
        row = {"edition": args.edition, "seed": seed, "index": index, "seat": d.seat, "played": d.played,
               "best": d.best, "raw_loss": raw, "label": label, "measured": round(measured, 3),
               "margins_best": best_m, "margins_played": played_m, "playouts": len(best_m), "met": met,
               "policy": args.policy, "slip": args.slip, "level": args.level, "cpu_seconds": cost}
        if keyed:
            row.update(slips="keyed", swap=args.swap, group=group)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        kept[label] += 1
        kept["best-same"] += label == "best" and same
        costs.append(cost)
        left = args.decisions - sum(kept[name] for name in LABELS)
        median = statistics.median(costs)
        print(f"seed {seed} decision {index}: {label} raw loss {raw:.2f}, measured {measured:.2f} "
              f"({len(best_m)} playouts a move); {cost:.1f} CPU s, median {median:.1f} s a decision, "
              f"{left} left: about {left * median / 60:.0f} CPU min", flush=True)


def check(args) -> int:
    """`--check`: `remembered_weigh` against `normal`'s own `weigh` at every `--every`-th decision of the first
    heads-up `easy` game (seed 1): the same candidates, values and order, or a list of where they differ."""
    agent = player(args.policy, 5, 0.0)
    memory = Remembered(3)
    game = caylus.new_game(args.edition, players=args.players, seed=1)
    bots = [make_agent("easy", 10 + p) for p in range(args.players)]
    looked = differ = 0
    while not game.is_terminal:
        if len(game.legal_actions()) > 1 and len(game.history) % args.every == 0:
            fast = remembered_weigh(agent, game, memory)
            if fast is None:
                raise SystemExit(f"{args.edition}: {args.policy} is not replayed by `remembered_weigh` here")
            slow = agent.weigh(Position(game))[:agent.last_played_on]
            looked += 1
            if [(round(v, 9), r, a.token) for v, r, a in fast] != [(round(v, 9), r, a.token) for v, r, a, _g in slow]:
                differ += 1
                print(f"decision {len(game.history)}: {fast} against {[w[:3] for w in slow]}")
        game.apply(bots[game.current_player].choose(Position(game)))
    print(f"{args.edition}: {looked} decisions, {differ} where the remembered moves differ from {args.policy}'s")
    return 1 if differ else 0


def anchor_positions(edition: str):
    """(name, game, the bad move) for the issue's known bad moves in `edition`, found in heads-up greedy games
    (seed 1): passing first on the first turn with every worker and denier left, and passing at the castle (the
    Construction Site in 1303) with an offer affordable and none made yet."""
    game = caylus.new_game(edition, players=2, seed=1)
    while not ("pass" in game.legal_tokens() and any(t.startswith("place:") for t in game.legal_tokens())):
        game.apply(game.legal_actions()[0])
    yield "passing first on the first turn", game, game.parse("pass")
    prefix = {"caylus": "batch:", "caylus-1303": "bundle:", "magna-carta": "batch"}[edition]
    game = caylus.new_game(edition, players=2, seed=1)
    bots = [make_agent("greedy", 10 + p) for p in range(2)]
    while True:
        tokens = game.legal_tokens()
        if "pass" in tokens and any(t.startswith(prefix) for t in tokens) and \
                (edition != "caylus" or game.board.batches[game.current_player] == 0):
            yield "no offer at the castle with one affordable", game, game.parse("pass")
            return
        game.apply(bots[game.current_player].choose(Position(game)))


def anchors(args) -> None:
    """The known bad moves (`anchor_positions`): the review's loss against what `--playouts` playouts of both
    moves show, one JSON line each (appended to `--records`)."""
    reviewer = Reviewer(args.level)
    for name, game, move in anchor_positions(args.edition):
        started = time.process_time()
        index = len(game.history)
        d = review_position(reviewer, game, index, move)
        best = game.parse(d.best)
        best_m, played_m = [], []
        for k in range(args.playouts):
            best_m.append(final_margin(game, best, d.seat, args.policy, k, args.slip))
            played_m.append(final_margin(game, move, d.seat, args.policy, k, args.slip))
        diffs = [b - p for b, p in zip(best_m, played_m)]
        row = {"edition": args.edition, "anchor": name, "index": index, "played": d.played, "best": d.best,
               "loss": d.loss, "label": d.label, "measured": round(statistics.mean(diffs), 3),
               "measured_se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 3) if len(diffs) > 1 else None,
               "margins_best": best_m, "margins_played": played_m, "playouts": args.playouts,
               "policy": args.policy, "slip": args.slip, "level": args.level,
               "cpu_seconds": round(time.process_time() - started, 2)}
        with Path(args.records).open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def correlation(xs, ys):
    if len(xs) >= 2 and statistics.pstdev(xs) > 0 and statistics.pstdev(ys) > 0:
        return round(statistics.correlation(xs, ys), 3)
    return None


def split_half(rows, partitions: int = 64) -> float | None:
    """The measured loss's reliability by splitting each decision's playouts into two halves: the correlation of
    the halves' measured losses across decisions, stepped up to all the playouts by Spearman-Brown (2r / (1 + r)),
    averaged over the splits. A decision's units are its playouts, or its groups of antithetic personas (`units`);
    where every decision has the same even count of at most 8, every balanced split of them, else `partitions`
    seeded random ones (each decision's units shuffled, its first half against the rest). None with fewer than 2
    units or 3 decisions."""
    unit_rows = [units(r["margins_best"], r["margins_played"], r.get("group", 1)) for r in rows]
    unit_rows = [u for u in unit_rows if len(u) >= 2]
    if len(unit_rows) < 3:
        return None
    counts = {len(u) for u in unit_rows}
    n = min(counts)
    if len(counts) == 1 and n % 2 == 0 and n <= 8:
        orders = [list(c) + [k for k in range(n) if k not in c]
                  for c in itertools.combinations(range(n), n // 2) if 0 in c]
        splits = [[orders[s] for _ in unit_rows] for s in range(len(orders))]
    elif len(counts) == 1 and n % 2:
        splits = [[list(range(n)) for _ in unit_rows]]  # the first half-count against the rest (older journals)
    else:
        rng = random.Random(1)
        splits = [[rng.sample(range(len(u)), len(u)) for u in unit_rows] for _ in range(partitions)]
    values = []
    for orders in splits:
        a = [statistics.mean(u[k] for k in order[:len(u) // 2]) for u, order in zip(unit_rows, orders)]
        b = [statistics.mean(u[k] for k in order[len(u) // 2:]) for u, order in zip(unit_rows, orders)]
        c = correlation(a, b)
        if c is not None:
            values.append(2 * c / (1 + c) if c > -1 else -1.0)
    return round(statistics.mean(values), 3) if values else None


def report(path: str, scale: float | None = None) -> dict:
    """The figures of a journal, its losses scaled (`scale`, else today's `review.loss_scale` of its edition) and
    labelled by today's `review.THRESHOLDS` from the raw loss."""
    rows = [json.loads(line) for line in Path(path).read_text().splitlines()]
    rows = [r for r in rows if not r.get("skipped")]
    if not rows:
        return {"decisions": 0}
    if scale is None:
        scale = loss_scale(rows[0]["edition"])
    for r in rows:
        r["raw_loss"] = raw_loss(r)
        r["loss"] = r["raw_loss"] * scale
        r["label"] = label_for(r["loss"])
    loss = [r["loss"] for r in rows]
    measured = [r["measured"] for r in rows]
    played_on = [r["playouts"] for r in rows if r["playouts"]]
    out = {"decisions": len(rows), "scale": scale, "policy": rows[0]["policy"], "slip": rows[0].get("slip", 0),
           "slips": rows[0].get("slips", "futures"), "swap": rows[0].get("swap", False),
           "playouts": max(played_on, default=0), "least_playouts": min(played_on, default=0),
           "mean_playouts": round(statistics.mean(played_on), 2) if played_on else 0,
           "correlation": correlation(loss, measured),
           "mean_absolute_gap": round(statistics.mean(abs(a - b) for a, b in zip(loss, measured)), 3)}
    blunders = [r["measured"] for r in rows if r["label"] == "blunder"]
    goods = [r["measured"] for r in rows if r["label"] == "good"]
    pairs = [(b, g) for b in blunders for g in goods]
    out["blunder_loses_more_than_good"] = (round(sum(1.0 if b > g else 0.5 if b == g else 0.0 for b, g in pairs)
                                                 / len(pairs), 3) if pairs else None)
    out["labels"] = {name: sum(1 for r in rows if r["label"] == name) for name in LABELS}
    # What each label's decisions really lost when played on (mean measured loss): the thresholds' check.
    out["measured_by_label"] = {name: round(statistics.mean(r["measured"] for r in rows if r["label"] == name), 2)
                                for name in LABELS if any(r["label"] == name for r in rows)}
    differ = [r for r in rows if r["best"] != r["played"]]
    if len(differ) >= 2:
        x = [raw_loss(r) for r in differ]
        y = [r["measured"] for r in differ]
        # Where the reviewer's best is not the move played (the others are 0 on both sides by definition).
        out["decisions_where_moves_differ"] = len(differ)
        out["correlation_where_moves_differ"] = correlation(x, y)
        out["reviewer_mean_raw_loss_where_moves_differ"] = round(statistics.mean(x), 2)
        out["measured_mean_loss_where_moves_differ"] = round(statistics.mean(y), 2)
        out["measured_sd_where_moves_differ"] = round(statistics.pstdev(y), 2)
        # The scale that brings the raw loss nearest to play (least squares through 0: measured ~ scale x raw).
        # Noise in the measurement does not bias it; the reviewer's own errors shrink it.
        if sum(a * a for a in x) > 0:
            fit = sum(a * b for a, b in zip(x, y)) / sum(a * a for a in x)
            se = math.sqrt(sum((b - fit * a) ** 2 for a, b in zip(x, y)) / max(1, len(x) - 1) / sum(a * a for a in x))
            out["fitted_scale"] = round(fit, 3)
            out["fitted_scale_se"] = round(se, 3)
        # The playouts' own noise: each decision's paired differences give the variance of its mean.
        noisy = [r for r in differ if r["playouts"] >= 2 and "margins_best" in r]  # older journals kept means only
        if len(noisy) >= 2:
            noise = statistics.mean(statistics.variance(u) / len(u) for u in
                                    (units(r["margins_best"], r["margins_played"], r.get("group", 1)) for r in noisy)
                                    if len(u) >= 2)
            spread = statistics.pvariance([r["measured"] for r in noisy])
            out["playout_noise_share_of_measured_variance"] = round(noise / spread, 2) if spread else None
            reliability = 1 - noise / spread if spread else 0
            c = correlation([raw_loss(r) for r in noisy], [r["measured"] for r in noisy])
            if c is not None and reliability > 0.05:
                # Spearman's correction for attenuation: the correlation with endless playouts, estimated.
                out["correlation_without_playout_noise"] = round(c / math.sqrt(reliability), 3)
            # The most any reviewer could reach against these measurements: a perfect one (it knows each
            # decision's true gap) correlates with the measured loss by the square root of the measure's
            # reliability. Estimated twice: from the noise variance above, and split-half (the playouts halved,
            # the halves' correlation across decisions, Spearman-Brown to the whole; averaged over the splits).
            out["perfect_reviewer_correlation"] = round(math.sqrt(max(0.0, reliability)), 3)
            half = split_half(noisy)
            if half is not None:
                out["split_half_reliability"] = half
                out["perfect_reviewer_correlation_split_half"] = round(math.sqrt(max(0.0, half)), 3)
        met = [m for r in differ for m in r.get("met", [])]
        if met:
            # How often the played move's line reached a position of the best's line (moves in another order):
            # from there it was not played again (`paired_margins`).
            out["playouts_met"] = f"{sum(m is not None for m in met)} of {len(met)}"
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--edition", default="caylus")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--decisions", type=int, default=200, help="decisions to measure, a fifth of each label")
    p.add_argument("--every", type=int, default=3, help="look at every N-th decision of the games")
    p.add_argument("--max-games", type=int, default=400, help="stop after this many games' decisions")
    p.add_argument("--playouts", type=int, default=4, help="playouts of each move (the same seeds for both)")
    p.add_argument("--policy", default="normal", help="who plays both moves on to the end")
    p.add_argument("--slip", type=float,
                   help="the slip, in points, of the policy's futures (a lookahead level), so playouts differ "
                        "(default: 1.5 where nothing is hidden, 0 where cards are)")
    p.add_argument("--slips", choices=("futures", "keyed"), default="futures",
                   help="where the policy slips: in its futures, drawn in order (the older journals), or keyed: "
                        "between the moves it played on, by a taste fixed by the playout, the turn and the move, "
                        "so that both continuations slip alike (common random numbers; `KeyedSlips`)")
    p.add_argument("--swap", action="store_true",
                   help="with --slips keyed: playouts in groups of one a seat, the seats taking each group's "
                        "personas in turn (antithetic)")
    p.add_argument("--max-playouts", type=int,
                   help="after --playouts, more (a group at a time) while the two moves are within 2 standard "
                        "errors of each other, up to this many (default: --playouts)")
    p.add_argument("--level", default="hard", help="the reviewer")
    p.add_argument("--records", required=True, help="JSON lines, one a decision (resumable)")
    p.add_argument("--report", action="store_true", help="only print the figures of the records so far")
    p.add_argument("--scale", type=float, help="with --report: scale the raw loss by this, not today's")
    p.add_argument("--check", action="store_true",
                   help="only check that the remembered greedy steps (--slips keyed) play as --policy does")
    p.add_argument("--anchors", action="store_true",
                   help="measure the known bad moves instead (passing first on the first turn, no offer at the "
                        "castle): the review's loss and the playouts' measured loss with its standard error")
    args = p.parse_args(argv)
    if args.slip is None:
        args.slip = default_slip(args.edition)
    if args.max_playouts is None:
        args.max_playouts = args.playouts
    if args.playouts < 1 or args.decisions < 1 or args.every < 1 or args.slip < 0 or \
            args.max_playouts < args.playouts:
        p.error("--playouts, --decisions and --every are 1 or more, --slip 0 or more, --max-playouts at least "
                "--playouts")
    if args.swap and args.slips != "keyed":
        p.error("--swap swaps the keyed slips' personas: it needs --slips keyed")
    if args.check:
        return check(args)
    if args.anchors:
        anchors(args)
        return 0
    if not args.report:
        measure(args)
    print(json.dumps(report(args.records, args.scale)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
