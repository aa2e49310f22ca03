"""`Game`: the one public game-state object, the same for every edition.

It wraps an edition's plain board and adds what every edition shares: validated `apply` that leaves the state
unchanged on error, forced moves played automatically, `undo` from snapshots of the board (kept where they pay: see below),
independent `clone`, text records and JSON.
"""

from __future__ import annotations

import json

from .actions import Action
from .edition import SPECTATOR, TERMINAL, Edition
from .errors import BadOption, BadRecord, IllegalAction, shown

ENGINE_VERSION = "0.1.0"

# Undo restores the board as it was before the undone action, from a copy of the board (a snapshot) kept by
# `apply`. A copy costs two to three actions, so forward play keeps one only every `CHECKPOINT_EVERY` actions (a
# tenth of an action's time or less); an undo between two of them replays from the one below, and keeps a snapshot
# at each decision it replays through. Undo comes in runs (a player stepping back, a search unwinding or trying
# several moves in turn), so after an undo the next `EAGER_AFTER_UNDO` actions each keep their snapshot: then
# `apply` + `undo` is one copy and one pop, as cheap as the copy `clone` makes.
# A game with `keep_undo = False` (an expert switch for playouts that never undo) keeps no snapshot at all; its
# undo replays from the newest one it has (at worst the setup's), so it stays exact, only slower.
# The snapshots form a chain, newest first: each is a tuple (actions before it, board, the snapshot below, depth,
# the legal actions then), the setup's at depth 0. A clone shares the chain as it is, so clone takes the same time
# however long the game; snapshots below `_shared` (a depth) may belong to a clone too, so undo copies them instead
# of taking them.
CHECKPOINT_EVERY = 32
EAGER_AFTER_UNDO = 64


class Game:
    """A game in progress: ``current_player``, ``legal_actions()``, ``apply()``, ``undo()``, ``clone()``, ...

    Create one with `caylus.new_game`. Players are numbered 0..N-1 (seat order, which is not turn order).
    """

    __slots__ = ("edition", "num_players", "seed", "options", "board", "history", "_snapshots", "_legal",
                 "_set_up", "_events", "_marks", "_shared", "_eager", "keep_undo")

    def __init__(self, edition: Edition, players: int, seed: int, options: dict, board=None, begin: bool = True):
        """A game set up by the edition's rules, or around `board` (`from_board`, `clone`). With ``begin=False``
        the caller sets the history and the undo snapshots itself (`clone`). (`clone` and `from_board` call this
        rather than ``Game.__new__``: in the compiled build, ``__new__`` runs ``__init__``.)"""
        self.edition = edition
        self.num_players = players
        self.seed = seed
        self.options = options
        # made by the edition's setup (not from a determinized board): events can start there
        self._set_up = board is None
        self.board = edition.new_board(players, seed, options) if board is None else board
        self._events: list[dict] | None = None  # what happened, once `record_events()` is called
        self.keep_undo = True  # False: apply keeps no snapshot at all (playouts that never undo; undo then replays)
        if begin:
            self._begin_here()

    def _begin_here(self) -> None:
        """Make the board as it stands the start: no history, undo stops here, forced moves played. (The setup
        and `from_board` start this way; tests that arrange a board by hand call it after.)"""
        self.history: list[Action] = []  # the actions players chose; forced moves are replayed, not stored
        # (first action, board before it, the older snapshots, depth, its legal actions): a chain, newest first
        self._snapshots: tuple = (0, self.board.copy(), None, 0, None)
        self._shared = 1  # snapshots of a lower depth may also belong to a clone
        self._eager = 0  # how many more actions keep a snapshot each (set by undo)
        self._legal: list[Action] | None = None
        self._marks: list[int] = []  # len(self._events) before each action of `history` (undo cuts there)
        self._play_forced()

    # -- what a player may do ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The player to decide now, or `TERMINAL` (-4) once the game is over."""
        return TERMINAL if self.board.terminal else self.board.current_player

    @property
    def is_terminal(self) -> bool:
        return self.board.terminal

    def legal_actions(self) -> list[Action]:
        """The legal actions of `current_player`, in canonical order (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.board.terminal else self.edition.legal_actions(self.board)
        return legal

    def legal_tokens(self) -> list[str]:
        return [a.token for a in self.legal_actions()]

    def parse(self, token) -> Action:
        """The action a token names (raises `IllegalAction` for a malformed or unknown token)."""
        return self.edition.actions.parse(token)

    def apply(self, action) -> Action:
        """Play `action` (an `Action` or its token) for `current_player`; returns the `Action` played.

        Raises `IllegalAction` with the reason if it is not legal now; the state is then unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # The usual caller hands back one of the interned Actions `legal_actions()` gave (playouts, bots, search):
        # finding it there (by identity) both validates and parses it. Anything else is parsed and explained.
        if type(action) is not Action or action not in legal:
            action = self._legal_one(action, legal)
        if self.keep_undo and self.history:  # the setup's snapshot is taken before its forced moves, in __init__
            below = self._snapshots
            done = len(self.history)
            if self._eager:
                self._eager -= 1
                self._snapshots = (done, self.board.copy(), below, below[3] + 1, legal)
            elif done - below[0] >= CHECKPOINT_EVERY:
                self._snapshots = (done, self.board.copy(), below, below[3] + 1, legal)
        self._legal = None
        if self._events is not None:
            self._marks.append(len(self._events))
        self.edition.apply(self.board, action)
        self.history.append(action)
        self._play_forced()
        return action

    def _legal_one(self, token, legal: list[Action]) -> Action:
        """The legal action `token` (a token, or an `Action` of any edition) names, else `IllegalAction` saying why."""
        act = self.edition.actions.parse(token)
        if self.board.terminal:
            raise IllegalAction(f"{act.token}: the game is over")
        if act not in legal:
            raise IllegalAction(f"{act.token}: {self.edition.why_illegal(self.board, act)}")
        return act

    def push(self, action) -> Action:
        """`apply`, in python-chess's spelling. (A method, not an alias: the compiled build keeps no aliases.)"""
        return self.apply(action)

    def _play_forced(self) -> None:
        """Play every decision that has exactly one legal answer: the engine never asks a question with one answer.

        The one exception is a decision the edition says must be asked (`Edition.must_ask`), because whether it
        has a single answer depends on hidden information.
        """
        edition, board = self.edition, self.board
        while not board.terminal:
            legal = edition.legal_actions(board)
            if len(legal) != 1 or (edition.must_ask is not None and edition.must_ask(board)):
                self._legal = legal
                return
            edition.apply(board, legal[0])
        self._legal = []

    def undo(self) -> Action:
        """Take back the last action a player chose (and the forced moves after it); returns it."""
        if not self.history:
            raise IllegalAction("undo: no action to take back")
        target = len(self.history) - 1
        snapshot = self._snapshots
        while snapshot[0] > target:
            snapshot = snapshot[2]
        start, board, below, depth, legal = snapshot
        undone = self.history.pop()
        if start == target and start:
            # the usual case: the snapshot of the board just before the undone action, at a decision (so no
            # forced move to play); taken as it is unless a clone shares it
            self.board = board if depth >= self._shared else board.copy()
            self._snapshots = below
            self._shared = min(self._shared, depth)
            self._legal = legal
        else:  # no snapshot there (between checkpoints, keep_undo off, or the setup's): replay from the newest
            self._shared = min(self._shared, depth + 1)
            self.board = board.copy()
            self._play_forced()
            keep = self.keep_undo
            edition, history = self.edition, self.history
            for done in range(start, target):
                if keep and done > start:  # the next undo of this run is then a pop
                    snapshot = (done, self.board.copy(), snapshot, snapshot[3] + 1, self._legal)
                edition.apply(self.board, history[done])
                self._play_forced()
            self._snapshots = snapshot
        if self.keep_undo:
            self._eager = EAGER_AFTER_UNDO
        if self._events is not None:  # the replay above recorded nothing: cut what the undone action said
            del self._events[self._marks.pop():]
            self.board.events = self._events
        return undone

    def pop(self) -> Action:
        """`undo`, in python-chess's spelling."""
        return self.undo()

    def clone(self) -> "Game":
        """An independent copy: nothing done to one changes the other."""
        other = Game(self.edition, self.num_players, self.seed, dict(self.options), self.board.copy(), False)
        other.history = list(self.history)
        other._snapshots = self._snapshots  # shared: from now on both copy these snapshots instead of taking them
        other._shared = self._shared = self._snapshots[3] + 1
        other.keep_undo = self.keep_undo
        other._eager = 0
        other._legal = self._legal
        other._set_up = self._set_up  # (the copy has no event list: a copy to plan on records nothing)
        other._marks = []
        return other

    # -- what happened: events ------------------------------------------------------------------------------
    def record_events(self) -> None:
        """From now on, keep the events of every action (see docs/events.md); the game so far is replayed once
        so that `events()` starts at the setup. Games that do not call this pay nothing for events."""
        if self._events is not None:
            return
        events: list[dict] = []
        marks: list[int] = []
        edition = self.edition
        if self._set_up:
            board = edition.new_board(self.num_players, self.seed, self.options, events)
        else:  # a determinized game starts at the board it was dealt: nothing happened before
            setup = self._snapshots
            while setup[2] is not None:
                setup = setup[2]
            board = setup[1].copy()
            board.events = events
        self.board = board
        self._play_forced()
        for act in self.history:
            marks.append(len(events))
            edition.apply(board, act)
            self._play_forced()
        self._events = events
        self._marks = marks

    @property
    def records_events(self) -> bool:
        """Whether `record_events()` was called."""
        return self._events is not None

    def events(self, player: object = None, since: object = 0) -> list[dict]:
        """The events from number `since` on (0: the whole game), as `player` may know them (see docs/events.md).

        ``player=None`` gives every event as it happened (the omniscient view); a seat gets the same list with
        what it may not know left out (in Magna Carta, the cards another player drew). Event number k is the
        same event for every seat, so a front end can ask for ``since=`` what it has already shown.
        Raises `IllegalAction` if events are not recorded (`record_events()`), for an unknown seat or a bad
        `since`.
        """
        if self._events is None:
            raise IllegalAction("events: this game does not record events (call game.record_events() first)")
        if player is not None:
            self._check_seat("events", player)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise IllegalAction(f"events: since must be a whole number of events (0 or more), not {shown(since)}")
        chosen = self._events[since:]
        redact = self.edition.event_for
        if redact is None or player is None:
            return [_copied(e) for e in chosen]
        return [_copied(redact(e, player)) for e in chosen]

    def public_events(self, since: object = 0) -> list[dict]:
        """`events()` as someone without a seat may know them (a spectator): nothing private to any seat."""
        events = self.events(None, since)
        redact = self.edition.event_for
        return events if redact is None else [redact(e, SPECTATOR) for e in events]

    @property
    def event_count(self) -> int:
        """How many events have been recorded (0 if none are)."""
        return 0 if self._events is None else len(self._events)

    def _check_seat(self, what: str, player: object) -> int:
        """`player` if it is a seat of this game, else `IllegalAction`."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalAction(f"{what}: no player {shown(player)} in a {self.num_players}-player game")
        return player

    # -- results --------------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Prestige of each player (seat order); once the game is over, with the end bonuses included."""
        return self.edition.scores(self.board)

    def winners(self) -> list[int]:
        """The players with the most prestige (ties share the victory); empty until the game is over."""
        if not self.board.terminal:
            return []
        s = self.scores()
        best = max(s)
        return [p for p, v in enumerate(s) if v == best]

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: 1.0 for each winner (shared victories too), 0.0 otherwise; all 0 mid-game."""
        won = set(self.winners())
        return [1.0 if p in won else 0.0 for p in range(self.num_players)]

    def player_name(self, player: object) -> str:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise IllegalAction(f"player_name: no player {shown(player)} in a {self.num_players}-player game")
        return self.edition.player_names[player]

    # -- what a player may see ------------------------------------------------------------------------------
    # (Arguments checked here are typed `object`: the compiled build enforces annotations, and would refuse a
    # wrong type with TypeError, or turn True into 1, before the check gives its clear IllegalAction.)
    def view(self, player: object = None) -> dict:
        """What `player` may see, as plain data (JSON-ready). ``player=None`` is the omniscient view."""
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < self.num_players):
            raise IllegalAction(f"view: no player {shown(player)} in a {self.num_players}-player game")
        v = self.edition.view(self.board, player)
        v["edition"] = self.edition.id
        v["players"] = self.num_players
        v["options"] = dict(self.options)
        v["viewer"] = player
        v["current_player"] = self.current_player
        v["legal_actions"] = self.legal_tokens() if player is None or player == self.current_player else []
        return v

    def public_view(self) -> dict:
        """What someone without a seat may see (a spectator): like `view(seat)` with no hand of anyone's shown;
        `viewer` is None and `legal_actions` empty. In editions without hidden information, the whole table."""
        v = self.edition.view(self.board, SPECTATOR)
        v["edition"] = self.edition.id
        v["players"] = self.num_players
        v["options"] = dict(self.options)
        v["viewer"] = None
        v["current_player"] = self.current_player
        v["legal_actions"] = []
        return v

    @staticmethod
    def from_board(edition: Edition, players: int, seed: int, options: dict, board) -> "Game":
        """Wrap a board made elsewhere (a determinization); its history starts empty, so undo stops there."""
        return Game(edition, players, seed, dict(options), board)

    def __str__(self) -> str:
        if self.edition.describe is not None:
            return self.edition.describe(self.board)
        return json.dumps(self.view(None), indent=1)

    # -- records and JSON -----------------------------------------------------------------------------------
    def header(self) -> dict:
        tags = {
            "Edition": self.edition.id,
            "Players": str(self.num_players),
            "Seed": str(self.seed),
            "Options": " ".join(f"{k}={_opt_text(v)}" for k, v in sorted(self.options.items())),
            "Engine": f"caylus {ENGINE_VERSION}",
        }
        dealt = self.dealt()
        if dealt is not None:  # a determinized game starts from the world it was dealt, not from its seed
            from .record import dealt_tag

            tags["Dealt"] = dealt_tag(dealt)
        return tags

    def dealt(self) -> dict | None:
        """The board a determinized game was dealt, as the omniscient view of it (what its record and JSON start
        from); None for a game made by its edition's setup from the seed."""
        if self._set_up or self.edition.determinize is None:
            return None
        setup = self._snapshots
        while setup[2] is not None:
            setup = setup[2]
        return {**self.edition.view(setup[1], None), "players": self.num_players, "options": dict(self.options),
                "viewer": None}

    def record(self, seat: object = None) -> str:
        """The text game record: header tags, then one action token per line (see docs/notation.md).

        With `seat`, the record of what that seat saw: no seed, the public moves and the seat's own view after
        each (its own cards only); it does not replay as a game (`core.record.load_seat_record` reads it)."""
        from .record import write_record, write_seat_record

        if seat is not None:
            return write_seat_record(self, self._check_seat("record", seat))

        result = None
        if self.board.terminal:
            result = " ".join(str(s) for s in self.scores())
        return write_record(self.header(), [a.token for a in self.history], result)

    def to_json(self) -> str:
        """The game as JSON: how it was set up (its seed, or for a determinized game the board it was dealt, as
        `dealt`), every action, and the full state (checked on load)."""
        data = {
            "edition": self.edition.id,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "engine": ENGINE_VERSION,
            "actions": [a.token for a in self.history],
            "state": self.edition.view(self.board, None),
        }
        dealt = self.dealt()
        if dealt is not None:
            data["dealt"] = dealt
        return json.dumps(data, sort_keys=True)

    @staticmethod
    def from_json(text: object) -> "Game":
        """Rebuild a game from `to_json` output; `BadRecord` if it is malformed or its state does not match."""
        from . import registry

        try:
            data = json.loads(text)  # type: ignore[arg-type]  # (not text: json.loads raises the TypeError below)
        except RecursionError:
            raise BadRecord("not JSON that a game could be: nested too deep") from None
        except (TypeError, ValueError) as exc:
            raise BadRecord(f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise BadRecord("a game in JSON must be an object")
        for key in ("edition", "players", "seed", "actions"):
            if key not in data:
                raise BadRecord(f"missing key {key!r}")
        unknown = sorted(set(data) - _JSON_KEYS)
        if unknown:
            raise BadRecord(f"unknown key {shown(unknown[0])} (keys: {', '.join(sorted(_JSON_KEYS))})")
        if not isinstance(data["edition"], str):
            raise BadRecord("'edition' must be an edition id (text)")
        if isinstance(data["players"], bool) or not isinstance(data["players"], int):
            raise BadRecord("'players' must be an integer")
        if isinstance(data["seed"], bool) or not isinstance(data["seed"], int):
            raise BadRecord("'seed' must be an integer")
        if not isinstance(data["actions"], list):
            raise BadRecord("'actions' must be a list of tokens")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise BadRecord("'options' must be an object")
        if not isinstance(data.get("engine", ""), str):
            raise BadRecord("'engine' must be text")
        try:
            if "dealt" in data:
                game = registry.game_from_dealt(data["edition"], data["players"], data["seed"], options,
                                                data["dealt"])
            else:
                game = registry.new_game(data["edition"], players=data["players"], seed=data["seed"], **options)
        except BadOption as exc:
            raise BadRecord(str(exc)) from None
        for i, token in enumerate(data["actions"]):
            try:
                game.apply(token)
            except IllegalAction as exc:
                raise BadRecord(f"action {i + 1}: {exc}") from None
        if "state" in data and data["state"] != json.loads(json.dumps(game.edition.view(game.board, None))):
            raise BadRecord("the stored state does not match the state its actions produce")
        return game


def _copied(event: dict) -> dict:
    """A copy of an event that the caller may change freely (events hold plain values, dicts and lists)."""
    return {k: (dict(v) if type(v) is dict else list(v) if type(v) is list else v) for k, v in event.items()}


_JSON_KEYS = frozenset(("edition", "players", "seed", "options", "engine", "actions", "state", "dealt"))


def _opt_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
