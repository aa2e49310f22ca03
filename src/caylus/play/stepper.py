"""`caylus replay FILE --step`: walk through a game record forward and backward on the same board."""

from __future__ import annotations

from rich.text import Text

from caylus import Game, describe_action, load_record

from .boards import render
from .terminal import Leave, Terminal

HELP = ("Enter or n: next move   b: back one move   g N: go to move N   s: start   e: end   q: quit")


def step_through(record: str, term: Terminal) -> int:
    """Show the record's game move by move as the player asks; returns the exit code (0)."""
    final = load_record(record)
    tokens = [a.token for a in final.history]
    game = load_record(record, stop_at=0)
    movers: list[tuple[int, str]] = []  # who chose each move played so far, and its words
    term.show(Text(f"Replaying {final.edition.title}, {final.num_players} players, seed {final.seed}: "
                   f"{len(tokens)} moves.", style="bold"), HELP)
    _show(game, term, movers, tokens)
    try:
        while True:
            answer = term.ask(f"[{len(game.history)}/{len(tokens)}] n/b/g N/s/e/q > ",
                              ("next", "back", "go", "start", "end", "quit", "help")).lower()
            target = _target(answer, len(game.history), len(tokens))
            if answer in ("q", "quit"):
                return 0
            if target is None:
                term.show(f"Unknown command {answer!r}. {HELP}")
                continue
            if target == len(game.history):
                term.show("Already there: " + ("the end of the record." if target == len(tokens)
                                               else "the start of the record." if target == 0 else f"move {target}."))
                continue
            while len(game.history) < target:
                token = tokens[len(game.history)]
                movers.append((game.current_player, describe_action(game.view(None), token)))
                game.apply(token)
            while len(game.history) > target:
                game.undo()
                movers.pop()
            _show(game, term, movers, tokens)
    except Leave:
        return 0


def _target(answer: str, at: int, last: int) -> int | None:
    """The move number a stepping command goes to, or None if it is not one."""
    if answer in ("", "n", "next"):
        return min(at + 1, last)
    if answer in ("b", "back", "p", "prev"):
        return max(at - 1, 0)
    if answer in ("s", "start"):
        return 0
    if answer in ("e", "end"):
        return last
    word, _, number = answer.partition(" ")
    if word in ("g", "go") and number.strip().isdigit():
        return max(0, min(int(number), last))
    return None


def _show(game: Game, term: Terminal, movers: list[int], tokens: list[str]) -> None:
    term.show(render(game.view(None)))
    at = len(game.history)
    if at:
        line = Text(f"Move {at} of {len(tokens)}: ", style="bold")
        seat, words = movers[-1]
        line.append(f"{game.player_name(seat)}: {words}  [{tokens[at - 1]}]")
        term.show(line)
    else:
        term.show(Text("The start of the game.", style="bold"))
    if game.is_terminal:
        scores = game.scores()
        term.show("Final scores: " + ", ".join(f"{game.player_name(p)} {s}" for p, s in enumerate(scores)))


def step_through_seat(record: str, term: Terminal) -> int:
    """Show a record for one seat (`Game.record(seat=p)`) move by move as that seat saw the game: its own view
    at each point, no other hand. Returns the exit code (0)."""
    from caylus.core.record import load_seat_record

    seen = load_seat_record(record)
    tokens, views = seen.tokens, seen.views
    name = views[0]["seats"][seen.seat].get("name", f"seat {seen.seat}")
    term.show(Text(f"Replaying {seen.edition}, {seen.players} players, as {name} saw it: {len(tokens)} moves.",
                   style="bold"), HELP)
    at = 0
    _show_seen(views, tokens, at, term)
    try:
        while True:
            answer = term.ask(f"[{at}/{len(tokens)}] n/b/g N/s/e/q > ",
                              ("next", "back", "go", "start", "end", "quit", "help")).lower()
            if answer in ("q", "quit"):
                return 0
            target = _target(answer, at, len(tokens))
            if target is None:
                term.show(f"Unknown command {answer!r}. {HELP}")
                continue
            at = target
            _show_seen(views, tokens, at, term)
    except Leave:
        return 0


def _show_seen(views: list, tokens: list, at: int, term: Terminal) -> None:
    term.show(render(views[at]))
    if at:
        before = views[at - 1]
        who = before.get("current_player")
        mover = before["seats"][who]["name"] if isinstance(who, int) and 0 <= who < len(before["seats"]) else ""
        line = Text(f"Move {at} of {len(tokens)}: ", style="bold")
        line.append(f"{mover}: {describe_action(before, tokens[at - 1])}  [{tokens[at - 1]}]")
        term.show(line)
    else:
        term.show(Text("The start of the game.", style="bold"))

