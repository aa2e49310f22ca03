"""`caylus sim`: play games with uniformly random legal actions and summarize them."""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

from caylus.agents import Playout
from caylus.core import get_edition

from . import runs
from .common import UsageError, add_game_arguments, check_seeds, options_text, path_text, why


def add(commands) -> None:
    sim = commands.add_parser("sim", help="play games with uniformly random legal actions and summarize them",
                              description="Play G games with uniformly random legal actions (game i: seed S+i).")
    add_game_arguments(sim, games_default=100)
    sim.add_argument("--records", type=Path, metavar="DIR",
                     help="save each game's record as DIR/<edition>-<N>p-seed<S>.txt (replay with caylus replay)")
    sim.set_defaults(run=run_sim)


def run_sim(args) -> int:
    players, options = runs.check_setup(args.edition, args.players, dict(args.option))
    check_seeds(args)
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
            raise UsageError(f"caylus sim: cannot create the records directory {path_text(str(args.records))}: "
                             f"{why(exc)}") from None

    def on_game(playout: Playout) -> None:
        if args.records is not None:
            path = args.records / f"{args.edition}-{players}p-seed{playout.seed}.txt"
            try:
                path.write_text(playout.record(), encoding="utf-8")
            except OSError as exc:
                raise UsageError(f"caylus sim: cannot save the record {path_text(str(path))}: {why(exc)}") from None
        if not playout.ok:
            _report_error(playout)

    run = runs.simulate(args.edition, players, args.games, args.seed, options, on_game=on_game)
    if args.json:
        print(json.dumps(run.as_json()))
    else:
        print(_summary_text(run))
    return 1 if run.failures else 0


def _report_error(playout: Playout) -> None:
    exc = playout.error
    print(f"caylus sim: the game with seed {playout.seed} raised {type(exc).__name__}: {exc}", file=sys.stderr)
    print("".join(traceback.format_exception(exc)).rstrip(), file=sys.stderr)
    print(f"# the record so far (seed {playout.seed}):", file=sys.stderr)
    print(playout.record().rstrip(), file=sys.stderr)


def _summary_text(run: runs.RunSummary) -> str:
    ed = get_edition(run.edition)
    names = ed.player_names[:run.players]
    games_per_s, decisions_per_s = run.rates()
    last_seed = run.first_seed + run.games - 1
    seeds = f"seed {last_seed}" if run.games == 1 else f"seeds {run.first_seed}-{last_seed}"
    lines = [
        f"{ed.title}, edition {ed.id}, {run.players} players, options: {options_text(run.options)}",
        f"games:       {run.games} ({seeds}), {run.finished} finished, "
        f"{len(run.failures)} errors",
        f"decisions:   {run.decisions} ({run.decisions / max(run.games, 1):.1f} a game)",
        f"time:        {run.seconds:.3f} s: {games_per_s:.1f} games/s, {decisions_per_s:.0f} decisions/s",
        "mean scores: " + ", ".join(f"{n} {s:.2f}" for n, s in zip(names, run.mean_scores)),
        "wins:        " + ", ".join(f"{n} {w}" for n, w in zip(names, run.wins))
        + "  (a shared victory counts for each winner)",
    ]
    if run.failures:
        lines.append("errors at seeds: " + " ".join(str(p.seed) for p in run.failures) + " (details on stderr)")
    return "\n".join(lines)
