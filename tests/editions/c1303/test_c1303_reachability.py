"""Reachability: seeded keen random players play every action token of Caylus 1303 at least once.

A token that never becomes legal although the rules allow it is a bug. The players:

- **keen** seats play a random non-``pass`` answer (``pass`` only when it is the only answer); half of the time
  they prefer an answer no one has played yet, so rare tokens (odd Chamberlain bundles) come up quickly;
- one **builder** seat per game works toward the expensive Monuments (Theater 3 Gold + 4 Wood, Cathedral
  3 Gold + 3 Stone, Mansion 5 Gold + 5 Stone), which uniform play never affords: it takes the Lawyer for a
  Residence, constructs and uses the Gold buildings, hoards Wood, Stone and Gold (it never delivers), and
  otherwise plays like a keen seat.

Every player moves the Provost forward when it may, so that the buildings at the end of the Road are activated.
Games alternate 2-5 players and both character options; the loop stops as soon as every token has been played.

No token is excluded: each one is reachable, and is reached.
"""

from __future__ import annotations

import random

import caylus

EDITION = "caylus-1303"
MAX_GAMES = 3000
UNREACHABLE: dict[str, str] = {}   # token -> why the rules never allow it (none in Caylus 1303)

# What the builder wants, best first.
BUILDER_WISHES = (
    "monument:theater", "monument:mansion", "monument:cathedral", "place:lawyer",
    "build:stone_gold_mine", "build:stone_foundry", "build:stone_alchemist", "build:stone_quarry",
    "build:wood_stonemason", "build:wood_spinning_mill",
    "place:stone_gold_mine", "place:stone_foundry", "place:stone_alchemist", "place:stone_quarry",
    "place:wood_spinning_mill", "place:wood_quarry", "place:starting_quarry", "place:wood_sawmill",
    "place:starting_sawmill", "place:stone_sawmill", "place:wood_stonemason", "place:carpenter",
    "place:starting_carpenter", "gold:2", "gold:1", "take:fabric", "take:stone",
)
BUILDER_RANK = {token: rank for rank, token in enumerate(BUILDER_WISHES)}
# Answers that spend what the builder hoards.
BUILDER_AVOIDS = ("bundle:", "prestige:5", "prestige:9", "spend:stone", "spend:wood")


def choose(game, rng: random.Random, builder: int, played: set):
    legal = game.legal_actions()
    keen = [a for a in legal if a.token != "pass"] or legal
    if game.current_player == builder:
        wished = [a for a in keen if a.token in BUILDER_RANK]
        if wished and rng.random() < 0.8:
            choices = [min(wished, key=lambda a: BUILDER_RANK[a.token])]
        else:
            choices = [a for a in keen if not a.token.startswith(BUILDER_AVOIDS)] or legal
    else:
        unplayed = [a for a in keen if a.token not in played]
        choices = unplayed if unplayed and rng.random() < 0.5 else keen
    forward = [a for a in choices if a.token.startswith("provost:+")]
    return rng.choice(forward or choices)


def test_keen_players_play_every_token():
    every = [a.token for a in caylus.get_edition(EDITION).actions]
    wanted = set(every) - set(UNREACHABLE)
    played: set[str] = set()
    games = 0
    for seed in range(MAX_GAMES):
        options = {"characters": ("random", "recommended")[seed % 2]}
        game = caylus.new_game(EDITION, players=2 + seed % 4, seed=seed, **options)
        rng = random.Random(seed)
        builder = rng.randrange(game.num_players)
        while not game.is_terminal:
            action = choose(game, rng, builder, played)
            played.add(action.token)
            game.apply(action)
        games += 1
        if wanted <= played:
            break
    missing = [t for t in every if t in wanted and t not in played]
    assert not missing, f"never played in {games} games: {missing}"
    assert not played & set(UNREACHABLE), "a token said to be unreachable was played"
