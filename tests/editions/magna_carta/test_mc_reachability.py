"""Reachability: seeded keen random players play every action token of Caylus Magna Carta at least once.

A token that never becomes legal although the rules allow it is a bug (this test found one: `pay:gold` was never a
choice, since gold paid only what no other cube could; see test_mc_audit_findings section 1). The players:

- **keen** seats answer with a token no one has played yet when they can, otherwise with a random answer that is
  not ``pass`` nine times in ten;
- about one seat in three is a **saver**, keen too but never giving a castle batch: the Cathedral (5 stone + 3 gold,
  and a Residence in the standard rules) is never affordable otherwise, as batches spend every stone.

Each rule set is played on its own (2, 3 and 4 players per seed) until it has played every token it allows. The
standard rules allow every token; the beginner rules allow every token but those of the provost, the Lawyer, the
Church, Residences and the Hotel (`BEGINNER_NEVER`, with the rule that forbids each). No token is unreachable.
"""

from __future__ import annotations

import random

import caylus
from caylus.editions.magna_carta.catalog import COLOURS

EDITION = "magna-carta"
MAX_SEEDS = 1000  # each seed plays a 2-, a 3- and a 4-player game; the standard rules need about 430
SAVER_SHARE = 0.3

# Tokens the beginner rules never allow: "These buildings [Church, Lawyer] are not used in the light version", the
# Hotel "goes back into the box", and there is no provost and no Residence to cover.
BEGINNER_NEVER = (
    {f"provost:{k:+d}" for k in (-3, -2, -1, 1, 2, 3)}
    | {"build:lawyer", "build:church", "church:1", "church:2", "prestige:hotel"}
    | {f"place:{colour}_{card}" for colour in COLOURS for card in ("lawyer", "church")}
    | {t for t in (a.token for a in caylus.get_edition(EDITION).actions) if t.startswith(("residence:", "cover:"))}
)


def choose(game, rng: random.Random, saver: bool, played: set):
    legal = game.legal_actions()
    if saver:
        legal = [a for a in legal if a.token != "batch"] or legal
    unplayed = [a for a in legal if a.token not in played]
    if unplayed:
        return rng.choice(unplayed)
    keen = [a for a in legal if a.token != "pass"]
    return rng.choice(keen if keen and rng.random() < 0.9 else legal)


def play_until_every_token(rules: str, wanted: set) -> tuple[set, int]:
    played: set[str] = set()
    games = 0
    for seed in range(MAX_SEEDS):
        for players in (2, 3, 4):
            game = caylus.new_game(EDITION, players=players, seed=seed, rules=rules)
            rng = random.Random(seed)
            savers = [rng.random() < SAVER_SHARE for _ in range(players)]
            while not game.is_terminal:
                action = choose(game, rng, savers[game.current_player], played)
                played.add(action.token)
                game.apply(action)
            games += 1
        if wanted <= played:
            break
    return played, games


def test_keen_players_play_every_token_of_the_standard_rules():
    every = [a.token for a in caylus.get_edition(EDITION).actions]
    played, games = play_until_every_token("standard", set(every))
    missing = [t for t in every if t not in played]
    assert not missing, f"never played in {games} games: {missing}"


def test_keen_players_play_every_token_the_beginner_rules_allow():
    every = [a.token for a in caylus.get_edition(EDITION).actions]
    wanted = set(every) - BEGINNER_NEVER
    played, games = play_until_every_token("beginner", wanted)
    missing = [t for t in every if t in wanted and t not in played]
    assert not missing, f"never played in {games} games: {missing}"
    assert not played & BEGINNER_NEVER, "a token the beginner rules never allow was played"
