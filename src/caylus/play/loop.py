"""The terminal game: one loop over a `caylus.session.Session`, for any edition and any mix of people and bots.

Each person's turn: the board as their seat sees it, what happened since their last decision, the pending
decision and its legal moves numbered in plain words; they answer with a number, a token or a command (see
`commands.HELP`). Bots' moves are shown as they happen, at a pace a person can follow. With several people at
one keyboard (hot-seat), they take turns; where hands are hidden (Magna Carta), a "pass the screen" pause stands
between them, so nobody sees another's hand.
"""

from __future__ import annotations

from pathlib import Path

from rich.rule import Rule
from rich.text import Text

from caylus import CaylusError, IllegalAction, building_names, describe_action, describe_building
from caylus.session import HUMAN, Session

from . import commands, records
from .boards import render
from .boards.common import decision_line, scoreboard
from .choices import choices
from .style import console, mark, tag
from .terminal import Leave, Terminal

# The seats people play: "you", and "human" for each friend at the same keyboard.
HUMANS = ("you", HUMAN)
LOG_LINES = 30  # how many of the last events `log` shows


def play(game, seats: list[str], color: bool = True, fast: bool = False, term: Terminal | None = None) -> int:
    """Play `game` in the terminal with `seats` ("you"/"human" or a bot spec per seat); returns the exit code."""
    term = term or Terminal(console(color), fast=fast)
    return TerminalGame(game, seats, term).run()


class TerminalGame:
    """One game at the terminal: the session, who is a person, what each person has already been shown."""

    def __init__(self, game, seats: list[str], term: Terminal):
        self.term = term
        self.seats = seats
        self.people = [p for p, s in enumerate(seats) if s in HUMANS]
        self.session = Session(game, [HUMAN if s in HUMANS else s for s in seats])
        self.hot_seat = len(self.people) > 1
        # Where something is hidden (Magna Carta's hands), the screen is passed between people with a pause and
        # wiped; where the whole table is open to everyone, people simply take turns at the keyboard.
        self.secret = game.edition.determinize is not None
        self.seen = {p: game.event_count for p in self.people}  # the next log entry each person has not seen
        self.at_screen: int | None = None  # the person last shown the screen (hot-seat)
        self.saved_to = None
        self.decided: list[int] = []  # who made each decision taken at this terminal, for undo in hot-seat
        self.board_stale = True  # whether others have moved since the last board was shown

    @property
    def game(self):
        return self.session.game

    # -- the loop ------------------------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self._welcome()
            while not self.game.is_terminal:
                seat = self.game.current_player
                if seat in self.people:
                    self._person(seat)
                else:
                    self._bot()
            self._the_end()
            return 0
        except _Quit:
            return 0
        except KeyboardInterrupt:
            return self._interrupted()
        except Leave:
            self._save_quietly("You left the game")
            return 0

    def _welcome(self) -> None:
        g = self.game
        who = ", ".join(f"{g.player_name(p)}: {'you' if s == 'you' else 'a person' if s == 'human' else s + ' bot'}"
                        for p, s in enumerate(self.seats))
        self.term.show(Text(f"{g.edition.title}, {g.num_players} players, seed {g.seed}.", style="bold"),
                       f"Seats: {who}.",
                       "Type the number of a move (or its token; Tab completes), or help for the commands.")

    def _bot(self) -> None:
        self.session.bot_step()
        self.board_stale = True
        if self.hot_seat:
            return  # each person catches up after the screen is passed to them
        fresh = self._fresh(self._watcher())
        self._show_events(fresh)
        if fresh:
            self.term.pause()

    def _fresh(self, seat: int) -> list[dict]:
        """The log entries `seat` has not been shown yet (and now counts as shown)."""
        fresh = self.session.log(seat, self.seen.get(seat, 0))
        if fresh:
            self.seen[seat] = fresh[-1]["index"] + 1
        return fresh

    def _watcher(self) -> int:
        return self.people[0] if self.people else 0

    def _person(self, seat: int) -> None:
        if self.hot_seat and self.secret and self.at_screen != seat:
            self._pass_screen(seat)
        self.at_screen = seat
        fresh = self._catch_up(seat)
        # A follow-up decision of the same person (what a farm gives, which cube to pay) with nothing else in
        # between needs no new board: the decision and its moves are enough (`board` shows it).
        follow_up = (not self.board_stale and self.decided and self.decided[-1] == seat
                     and all(e.get("player") == seat for e in fresh))
        self._show_board(seat, full=not follow_up)
        while self.game.current_player == seat and not self.game.is_terminal:
            legal = self.game.legal_tokens()
            typed = commands.read(self.term.ask(f"{self.game.player_name(seat)}> ", [*legal, *commands.WORDS]),
                                  legal)
            if typed.command == "move":
                try:
                    self.session.move(seat, typed.arg)
                except IllegalAction as exc:
                    self.term.show(Text(f"Not possible: {exc}", style="red"),
                                   f"Choose a number from 1 to {len(legal)}, a move's token, or help.")
                    continue
                self.decided.append(seat)
                return
            self._command(seat, typed)

    def _pass_screen(self, seat: int) -> None:
        # The screen is wiped before and after the pause, so nobody sees a hand that is not theirs.
        if self.at_screen is not None:
            self.term.clear()
        self.term.show(Text.assemble("Pass the screen to ", tag(self.game.player_name(seat)),
                                     ", then press Enter."))
        self.term.ask("")
        self.term.clear()
        self.board_stale = True

    # -- what is shown ---------------------------------------------------------------------------------------
    def _catch_up(self, seat: int) -> list[dict]:
        fresh = self._fresh(seat)
        if fresh:
            self.term.show(Text("Since your last decision:", style="bold"))
            self._show_events(fresh)
        return fresh

    def _show_events(self, events: list[dict]) -> None:
        """Log lines: each player's in their colour, a new phase as a rule across the screen."""
        for event in events:
            player = event.get("player")
            if event["kind"] == "phase":
                self.term.show(Rule(event["text"], style="dim", align="left"))
            elif isinstance(player, int):
                self.term.show(Text.assemble("  ", mark(self.game.player_name(player)), " ", event["text"]))
            else:
                self.term.show(Text("  " + event["text"], style="bold"))

    def _show_board(self, seat: int, full: bool = True) -> None:
        view = self.game.view(seat)
        self.term.show("", render(view) if full else decision_line(view))
        self.board_stale = False
        self.term.show(Text("Your choices:" if not self.hot_seat else f"{self.game.player_name(seat)}'s choices:",
                            style="bold"), choices(view, self.term.console.width))

    # -- commands ----------------------------------------------------------------------------------------------
    def _command(self, seat: int, typed: commands.Typed) -> None:
        c, arg = typed.command, typed.arg
        if c == "error":
            self.term.show(Text(arg, style="red"))
        elif c == "help" and arg:
            self._help_building(seat, arg)
        elif c == "help":
            width = max(len(k) for k, _ in commands.HELP)
            self.term.show(Text("Commands:", style="bold"),
                           *(f"  {k:<{width}}  {v}" for k, v in commands.HELP))
        elif c == "board":
            self._show_board(seat)
        elif c == "hint":
            try:
                advice = self.session.hint(seat, top=1, level=arg or None)[0]
            except CaylusError as exc:
                self.term.show(Text(f"No hint: {exc}", style="red"))
                return
            token = advice.action.token
            what = describe_action(self.game.view(seat), token)
            why = advice.reason.removeprefix(what).lstrip(": ")  # a reason may repeat the move's words
            number = self.game.legal_tokens().index(token) + 1
            self.term.show(Text.assemble(Text("Hint: ", style="bold"), f"{number}. {what}  [{token}]"),
                           Text(f"  why: {why}" if why else "", style="dim"))
        elif c == "undo":
            # Hot-seat: one step back, whoever made it (they sit together); against bots: to your own decision.
            who = self.decided[-1] if self.hot_seat and self.decided else seat
            try:
                self.session.undo(who)
            except IllegalAction as exc:
                self.term.show(Text(f"Cannot undo: {str(exc).removeprefix('undo: ')}", style="red"))
                return
            if self.decided:
                self.decided.pop()
            for p in self.seen:  # the events after the decision are gone
                self.seen[p] = min(self.seen[p], self.game.event_count)
            self.term.show(Text("Taken back.", style="bold"))
            if self.game.current_player == seat:
                self._show_board(seat)
        elif c == "log":
            log = self.session.log(seat, max(0, self.game.event_count - LOG_LINES))
            self.term.show(Text("Lately:", style="bold"))
            self._show_events(log)
        elif c == "save":
            self._save(arg)
        elif c == "quit":
            if self.term.confirm("Save the game before leaving?", default=True):
                self._save(None)
            raise _Quit()

    def _help_building(self, seat: int, name: str) -> None:
        view = self.game.view(seat)
        try:
            b = describe_building(view, name)
        except CaylusError as exc:
            message = str(exc)
            if "did you mean" not in message:  # nothing close: say which names there are, not the API to ask
                message = (f"There is no building, card or character called {name!r} in "
                           f"{self.game.edition.title}. The names: {', '.join(building_names(view))}.")
            self.term.show(Text(message, style="red"))
            return
        lines = [Text.assemble(Text(b["name"], style="bold"), f" ({b['kind']}): {b['text']}")]
        for label in ("cost", "owner", "where"):
            if b[label]:
                lines.append(Text(f"  {label}: {b[label]}"))
        self.term.show(*lines)

    # -- saving and the end ------------------------------------------------------------------------------------
    def _split_save(self) -> bool:
        """Whether a save is one file per person: a hot-seat game with hidden cards, not over (a whole record
        holds the seed, which deals every hand)."""
        return self.secret and self.hot_seat and not self.game.is_terminal

    def _save_shares(self, name: str | None) -> list:
        """One file per person (`records.share_files`), named after the colour; returns the paths written."""
        g = self.game
        base = Path(name).expanduser() if name else records.automatic_path(g.edition.id, g.num_players, None)
        written = []
        for p, text in records.share_files(g, self.seats, self.people).items():
            path = base.with_name(f"{base.stem}-{g.player_name(p).lower()}{base.suffix or '.txt'}")
            written.append(records.save(path, text))
        return written

    def _save(self, name: str | None) -> bool:
        g = self.game
        if self._split_save():
            try:
                written = self._save_shares(name)
            except (OSError, ValueError) as exc:
                self.term.show(Text(f"Could not save: {exc}", style="red"))
                return False
            self.saved_to = written[0]
            self.term.show("Saved one file per person: each holds only that person's cards, and the game goes on "
                           "only with all of them:", *(f"  {w}" for w in written),
                           "  (go on with: caylus play " + " ".join(f"--load {w}" for w in written) + ")",
                           whole_lines=True)
            return True
        path = name or records.automatic_path(g.edition.id, g.num_players, g.seed)
        try:
            written = records.save(path, records.with_seats(g.record(), self.seats))
        except (OSError, ValueError) as exc:
            self.term.show(Text(f"Could not save to {path}: {exc}", style="red"))
            return False
        self.saved_to = written
        again = (f"caylus replay {written} --step" if g.is_terminal else f"caylus play --load {written}")
        self.term.show(f"Saved to {written}", f"  ({'see it again' if g.is_terminal else 'go on'} with: {again})",
                       whole_lines=True)
        return True

    def _save_quietly(self, why: str) -> None:
        """Save without asking (the player is gone or going); say where if the terminal is still there."""
        try:
            self.term.show(f"{why}.")
        except Leave:
            pass
        if not self.game.history:
            return
        g = self.game
        try:
            if self._split_save():
                files = self._save_shares(None)
            else:
                files = [records.save(records.automatic_path(g.edition.id, g.num_players, g.seed),
                                      records.with_seats(g.record(), self.seats))]
        except (OSError, ValueError):
            return
        try:
            self.term.show("Saved to " + ", ".join(map(str, files)),
                           "  (go on with: caylus play " + " ".join(f"--load {w}" for w in files) + ")",
                           whole_lines=True)
        except Leave:
            pass

    def _interrupted(self) -> int:
        self.term.show("")
        try:
            if self.term.confirm("Interrupted. Save the game before leaving?", default=True):
                self._save(None)
        except (KeyboardInterrupt, Leave):
            self._save_quietly("Leaving")
        return 130

    def _the_end(self) -> None:
        g = self.game
        seat = self.people[0] if len(self.people) == 1 else None  # the game is over: nothing is secret
        self.term.show("", render(g.view(seat)), "", scoreboard(g.view(seat), g.scores(), g.winners()))
        self._save(None)


class _Quit(Exception):
    """The player chose to quit."""
