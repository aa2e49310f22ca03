"""The castle blunder, counted (a benchmark): at castle decisions from real seeded Caylus 2005 games, where the
seat has given no batch yet and can give one, how often each lookahead setting passes (-2 prestige instead of
+5 or more).

    .venv/bin/python benchmarks/castle_positions.py --games 6 --settings 3,8,1,0,0 5,40,1,0,0 5,40,1,0,3

The positions come from heads-up greedy games on seeds 1..GAMES (the greedy itself never passes there). A setting
is `candidates,horizon,samples,noise,doubt` of `LookaheadAgent` (`normal` is 3,8,1,0,0 and `hard` 5,40,1,0,0 in
Caylus 2005); a level name (`normal`, `hard`, `hard:2`) is also accepted. Figures: benchmarks/RESULTS-bots.md.
"""

from __future__ import annotations

import argparse
import time

import caylus
from caylus.agents import LookaheadAgent, Position, make_agent


def positions(games: int, players: int = 2) -> list:
    """(seed, decision, game) at every castle decision with a batch legal and none given yet this turn."""
    out = []
    for seed in range(1, games + 1):
        game = caylus.new_game("caylus", players=players, seed=seed)
        agents = [make_agent("greedy", seed * 10 + p) for p in range(players)]
        while not game.is_terminal:
            legal = game.legal_actions()
            tokens = [a.token for a in legal]
            if "pass" in tokens and any(t.startswith("batch:") for t in tokens) and \
                    game.board.batches[game.current_player] == 0:
                out.append((seed, len(game.history), game.clone()))
            game.apply(legal[0] if len(legal) == 1 else agents[game.current_player].choose(Position(game)))
    return out


def agent(setting: str):
    if "," not in setting:
        return make_agent(setting, 1)
    c, h, s, n, d = setting.split(",")
    return LookaheadAgent(1, candidates=int(c), horizon=int(h), samples=int(s), noise=float(n), doubt=float(d))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--settings", nargs="+", default=["normal", "hard"])
    args = parser.parse_args()
    found = positions(args.games)
    print(f"{len(found)} castle decisions with a batch affordable and none given, from {args.games} greedy games")
    for setting in args.settings:
        bot, passes, start = agent(setting), 0, time.perf_counter()
        for _seed, _n, game in found:
            passes += bot.choose(Position(game)).token == "pass"
        print(f"{setting:>16}: passed {passes} of {len(found)}, "
              f"{(time.perf_counter() - start) / len(found):.2f} s a decision", flush=True)


if __name__ == "__main__":
    main()
