"""Shared by the editions' words tests: describe every legal token of real games, once per kind of decision."""

from __future__ import annotations

import caylus


class Describer:
    """Describes each legal token the first time it answers a kind of decision (the view is made only then, which
    keeps long runs of games cheap), and checks every text: non-empty, and not the raw token."""

    def __init__(self):
        self.texts: dict[str, set[str]] = {}  # token -> the texts it got
        self.seen: set[tuple] = set()

    def see(self, game: caylus.Game) -> None:
        kind = game.board.stack[-1][0]
        new = [a for a in game.legal_actions() if (kind, a.token) not in self.seen]
        if not new:
            return
        view = game.view(game.current_player)
        question = caylus.describe_decision(view)
        assert question and game.player_name(game.current_player) in question, question
        for action in new:
            self.seen.add((kind, action.token))
            text = caylus.describe_action(view, action)
            assert isinstance(text, str) and text.strip() and text != action.token, (action.token, text)
            assert text == caylus.describe_action(view, action.token)
            self.texts.setdefault(action.token, set()).add(text)

    @property
    def described(self) -> set[str]:
        return set(self.texts)


def check_event_words(edition: str, games: int, **options) -> set[str]:
    """Random games with events recorded: every event each seat gets reads as a sentence of the edition's own (not
    the generic fallback, `plain_event`). Returns the kinds seen."""
    import random

    from caylus.core.words import plain_event

    kinds: set[str] = set()
    names = caylus.get_edition(edition).player_names
    for seed in range(games):
        game = caylus.new_game(edition, players=2 + seed % 3, seed=seed, **options)
        game.record_events()
        rng = random.Random(seed)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        for seat in range(game.num_players):
            view = game.view(seat)
            for event in game.events(seat):
                text = caylus.describe_event(view, event)
                assert text and "{" not in text and text != plain_event(event, names), (event, text)
                kinds.add(event["kind"])
    return kinds
