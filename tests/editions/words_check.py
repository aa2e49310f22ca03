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
