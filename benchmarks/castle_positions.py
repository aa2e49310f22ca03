"""The castle blunder, counted (a benchmark): at castle decisions from real seeded Caylus 2005 games, where the
seat has given no batch yet and can give one, how often each lookahead setting passes (-2 prestige instead of
+5 or more).

    .venv/bin/python benchmarks/castle_positions.py --games 6 --settings 3,8,1,0,0 5,40,1,0,0 5,40,1,0,3

The positions come from heads-up greedy games on seeds 1..GAMES (the greedy itself never passes there). A setting
is `candidates,horizon,samples,noise,doubt[,plans]` of `LookaheadAgent` (`hard` is 5,40,1,0,0 and `normal`
3,8,1,0,0,0.6 in Caylus 2005; `plans`: the placed workers' plans counted at that share where a future stops,
`leaf`); a level name (`normal`, `hard`, `hard:2`) is also accepted. Printed: the positions passed at, as
(seed, decision, the seat's prestige). Figures: benchmarks/RESULTS-bots.md.
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
    c, h, s, n, d, *plans = setting.split(",")
    return LookaheadAgent(1, candidates=int(c), horizon=int(h), samples=int(s), noise=float(n), doubt=float(d),
                          leaf={"worker_out": float(plans[0])} if plans else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--settings", nargs="+", default=["normal", "hard"])
    args = parser.parse_args()
    found = positions(args.games)
    print(f"{len(found)} castle decisions with a batch affordable and none given, from {args.games} greedy games")
    for setting in args.settings:
        bot, passes, start = agent(setting), [], time.perf_counter()
        for seed, n, game in found:
            if bot.choose(Position(game)).token == "pass":
                passes.append((seed, n, game.board.prestige[game.current_player]))
        print(f"{setting:>16}: passed {len(passes)} of {len(found)}, "
              f"{(time.perf_counter() - start) / len(found):.2f} s a decision, at {passes}", flush=True)


if __name__ == "__main__":
    main()
