"""The one session model that every front end drives: the terminal game (`caylus play`) and the server
(`caylus serve`) alike.

A `Session` holds a `Game` and who sits where: each seat is a person (``"human"``) or a bot (a spec such as
``"normal"``, built with `caylus.agents.levels.make_agent`, or an agent object). It accepts people's moves
(checked: the seat is to move, is a person, saw the current `version`, chose a legal action), plays the bots'
moves one at a time (`bot_step`, so the caller decides when and where bots think), takes decisions back
(`undo`), gives hints, and tells each seat what it may see: `state(seat)` and `log(seat)`, never another
seat's secrets. It does no I/O and starts no thread.

    session = Session(caylus.new_game("caylus", players=3, seed=1), ["human", "normal", "normal"])
    while not session.game.is_terminal:
        if session.bot_to_move:
            session.bot_step()
        else:
            seat = session.game.current_player
            print(session.state(seat)["legal"])
            session.move(seat, "pass")
    print(session.result())

Change the game only through the session (read `session.game` freely): it counts the versions and keeps the
log's words in step with the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from .agents.base import Advice, Position
from .core import Action, BadOption, Game, IllegalAction, load_record
from .core.errors import shown
from .core.words import describe_action, describe_event

HUMAN = "human"  # the seat spec of a person
HINT_BOT = "normal"  # whose `explain` gives hints, unless the session is given another
HINT_LEVELS = ("normal", "hard")  # the levels a hint may be asked of by name (`hint(..., level=)`)


class UndoRefused(IllegalAction):
    """An undo that would go back across a card revealed to anyone or a random draw (the edition's
    `undo_barrier`): refused, nothing changes; the message says what was revealed."""


class StaleMove(IllegalAction):
    """A move made on a version of the game that is no longer the current one (it was seen before another move,
    an undo, or it was sent twice). Nothing was played."""


class Session:
    """A game, its seats (people and bots), a version counter, and what each seat may see. See the module doc.

    `seats` has one entry per player: ``"human"``, a bot spec (``"random"``, ``"greedy"``, ``"easy"``,
    ``"normal"``, ``"hard"``, ``"mcts:ITER"``, ``"module:Class"``) or an agent object (anything with
    ``choose(position)``). Bots are seeded from `seed` (default: the game's seed) and their seat, so a session
    replays alike. `hint_bot` (a spec or an agent with ``explain``) gives the hints. `version` starts at the
    number of moves in the game unless given (a server restoring a table passes the version it had stored).
    """

    def __init__(self, game: Game, seats: Sequence, *, seed: int | None = None, hint_bot=HINT_BOT,
                 version: int | None = None):
        if not isinstance(game, Game):
            raise BadOption(f"Session needs a caylus Game, not {shown(game)}")
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
            raise BadOption(f"Session: seats must be a list with one entry per player, not {shown(seats)}")
        if len(seats) != game.num_players:
            raise BadOption(f"Session: {len(seats)} seats for a {game.num_players}-player game")
        if seed is None:
            seed = game.seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(f"Session: seed must be an integer, not {shown(seed)}")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int) or version < 0):
            raise BadOption(f"Session: version must be a whole number (0 or more), not {shown(version)}")
        self.game = game
        self.seed = seed
        self._specs: list[str] = []
        self._agents: list = []
        for p, spec in enumerate(seats):
            if spec == HUMAN:
                self._specs.append(HUMAN)
                self._agents.append(None)
            else:
                agent = _agent(spec, _bot_seed(seed, p), f"seat {p} ({game.player_name(p)})")
                self._specs.append(spec if isinstance(spec, str) else getattr(agent, "name", type(agent).__name__))
                self._agents.append(agent)
        self._hint_spec = hint_bot
        self._hint_agent = None  # built on the first hint
        self._level_agents: dict = {}  # level -> its bot, for hints asked of a level (built on the first)
        game.record_events()
        self._movers = _movers(game)  # the seat that chose each action of game.history
        self.version = len(game.history) if version is None else version
        self._texts: dict = {}  # seat (or None) -> the log lines already worded for it, by event number

    @classmethod
    def from_record(cls, text: str, seats: Sequence, **kwargs) -> "Session":
        """A session that goes on from a game record (`Game.record()` text): the record is replayed exactly.
        `BadRecord` if it does not replay; the other arguments are those of `Session`."""
        return cls(load_record(text), seats, **kwargs)

    # -- who sits where ------------------------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        """Each seat's spec: ``"human"`` or the bot's spec (or name, for an agent object)."""
        return list(self._specs)

    def is_human(self, seat: int) -> bool:
        self._check_seat("is_human", seat)
        return self._agents[seat] is None

    @property
    def bot_to_move(self) -> bool:
        """Whether the game goes on with a bot's decision (`bot_step`), not a person's."""
        return not self.game.is_terminal and self._agents[self.game.current_player] is not None

    # -- changing the game ---------------------------------------------------------------------------------
    def move(self, seat: int, token, version: int | None = None) -> Action:
        """Play `token` (an action token or `Action`) for the person at `seat`; returns the `Action` played.

        Refused with an `IllegalAction` (nothing changes) if the game is over, `seat` is not to move or is a
        bot, or the action is not legal; with a `StaleMove` if `version` is given and is not the current one
        (the move was chosen on a position that has changed since, or it was sent twice).
        """
        self._check_seat("move", seat)
        what = f"move {shown(token if not isinstance(token, Action) else token.token)}"
        if version is not None:
            if isinstance(version, bool) or not isinstance(version, int):
                raise IllegalAction(f"{what}: version must be a whole number, not {shown(version)}")
            if version != self.version:
                raise StaleMove(f"{what}: made on version {version} of the game, but it is at version "
                                f"{self.version} now (it changed since, or the move was sent twice); nothing "
                                f"was played")
        game = self.game
        if game.is_terminal:
            raise IllegalAction(f"{what}: the game is over")
        to_move = game.current_player
        if seat != to_move:
            raise IllegalAction(f"{what}: it is {game.player_name(to_move)}'s turn, not {game.player_name(seat)}'s")
        if self._agents[seat] is not None:
            raise IllegalAction(f"{what}: {game.player_name(seat)} is a bot ({self._specs[seat]}); its moves are "
                                f"played by bot_step")
        played = game.apply(token)
        self._movers.append(seat)
        self.version += 1
        return played

    def bot_step(self) -> Action:
        """The bot to move chooses (from what its seat may know: `Position`) and plays one action; returns it.
        `IllegalAction` if the game is over or a person is to move."""
        game = self.game
        if game.is_terminal:
            raise IllegalAction("bot_step: the game is over")
        seat = game.current_player
        agent = self._agents[seat]
        if agent is None:
            raise IllegalAction(f"bot_step: it is {game.player_name(seat)}'s turn, and {game.player_name(seat)} "
                                f"is a person")
        choice = agent.choose(Position(game))
        played = game.apply(choice)  # checked like anyone's move: a bot cannot play an illegal action
        self._movers.append(seat)
        self.version += 1
        return played

    def bot_move(self, token, version: int | None = None) -> Action:
        """Play `token` for the bot to move, chosen elsewhere (a server's bot worker, from that seat's
        `Position`); returns the `Action` played. Checked like a person's move: `StaleMove` if `version` is
        given and is not the current one, `IllegalAction` if the game is over, a person is to move or the
        action is not legal. Nothing changes when it is refused."""
        game = self.game
        what = f"bot move {shown(token if not isinstance(token, Action) else token.token)}"
        if version is not None and version != self.version:
            raise StaleMove(f"{what}: chosen on version {version} of the game, but it is at version "
                            f"{self.version} now; nothing was played")
        if game.is_terminal:
            raise IllegalAction(f"{what}: the game is over")
        seat = game.current_player
        if self._agents[seat] is None:
            raise IllegalAction(f"{what}: it is {game.player_name(seat)}'s turn, and {game.player_name(seat)} "
                                f"is a person")
        played = game.apply(token)
        self._movers.append(seat)
        self.version += 1
        return played

    def undo(self, seat: int) -> Action:
        """Take back the last decision of the person at `seat`, with every bot move made after it; returns it.

        Only the latest decision made by a person can be taken back, by that person: against bots, that is
        "back to my previous decision"; with several people (hot-seat), one step, by whoever made it.
        `IllegalAction` (nothing changes) for a bot's seat or when that decision is not this seat's.
        """
        self._check_seat("undo", seat)
        game = self.game
        name = game.player_name(seat)
        if self._agents[seat] is not None:
            raise IllegalAction(f"undo: {name} is a bot")
        last = next((k for k in range(len(self._movers) - 1, -1, -1) if self._agents[self._movers[k]] is None), None)
        if last is None:
            raise IllegalAction(f"undo: {name} has no decision to take back")
        if self._movers[last] != seat:
            raise IllegalAction(f"undo: the last decision made by a person is {game.player_name(self._movers[last])}'s"
                                f"; only they can take it back")
        barrier = self._barrier_since(last)
        if barrier is not None:
            raise UndoRefused(f"undo: {name}'s last decision cannot be taken back: since it, {barrier}. No undo "
                              f"goes back across a card revealed to anyone (bots included) or a random draw")
        undone = None
        while len(game.history) > last:
            undone = game.undo()
            self._movers.pop()
        count = game.event_count
        for texts in self._texts.values():
            del texts[count:]
        self.version += 1
        return undone

    def _barrier_since(self, last: int) -> str | None:
        """Why the game may not go back to before decision number `last` (the edition's `undo_barrier`: a card
        revealed to anyone, a random draw), or None: undone, it would let a player look and choose again."""
        game = self.game
        barrier = game.edition.undo_barrier
        if barrier is None:
            return None
        before = game.clone()
        before.record_events()  # the copy counts its events, to find where decision `last` began
        while len(before.history) > last:
            before.undo()
        for event in game.events(None, before.event_count):
            why = barrier(event)
            if why is not None:
                return why
        return None

    # -- advice --------------------------------------------------------------------------------------------
    def hint(self, seat: int, top: int = 3, level: str | None = None) -> list[Advice]:
        """The hint bot's best `top` actions for `seat`, best first, each with a value and a reason
        (`Advice`); with `level` (one of `HINT_LEVELS`), that level's bot's instead: `"hard"` is the edition's
        real `hard` (the planner's search where that is `hard`). `IllegalAction` if it is not that seat's turn,
        `BadOption` for another level."""
        self._check_seat("hint", seat)
        if level is not None and level not in HINT_LEVELS:
            raise BadOption(f"hint: a hint is asked of the level {' or '.join(HINT_LEVELS)}, not {shown(level)}")
        game = self.game
        if game.is_terminal or game.current_player != seat:
            raise IllegalAction(f"hint: it is not {game.player_name(seat)}'s turn")
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise IllegalAction(f"hint: top must be a whole number of actions (1 or more), not {shown(top)}")
        if level is not None:
            if level not in self._level_agents:
                self._level_agents[level] = _agent(level, _bot_seed(self.seed, game.num_players), "hint")
            return list(self._level_agents[level].explain(Position(game), top))
        if self._hint_agent is None:
            agent = _agent(self._hint_spec, _bot_seed(self.seed, game.num_players), "hint_bot")
            if not callable(getattr(agent, "explain", None)):
                raise BadOption(f"hint: the hint bot {shown(self._hint_spec)} cannot explain its choices")
            self._hint_agent = agent
        return list(self._hint_agent.explain(Position(game), top))

    # -- what each seat may see ----------------------------------------------------------------------------
    def state(self, seat: int | None = None, since: int = 0, view: dict | None = None) -> dict:
        """What `seat` may see now, as plain data (JSON-ready); ``None`` is a spectator (nothing private).
        `view`: the seat's view (`Game.view(seat)`, or `Game.public_view()`) if the caller has it already (a
        server building every seat's state of one position); it is read, never changed.

        Keys: ``seat``, ``version``, ``current_player``, ``terminal``, ``seats`` (each seat's name and spec),
        ``legal`` (``[{"token", "text"}]`` for the seat to move, else empty), ``view`` (`Game.view(seat)`, or
        `Game.public_view()`), ``log`` (`log(seat, since)`), ``scores`` (each seat's prestige so far) and, once
        the game is over, ``result`` (`result()`).
        """
        game = self.game
        if seat is not None:
            self._check_seat("state", seat)
        if view is None:
            view = game.public_view() if seat is None else game.view(seat)
        out = {
            "seat": seat,
            "version": self.version,
            "current_player": game.current_player,
            "terminal": game.is_terminal,
            "seats": [{"seat": p, "name": game.player_name(p), "spec": self._specs[p]}
                      for p in range(game.num_players)],
            "legal": [{"token": t, "text": describe_action(view, t)} for t in view["legal_actions"]],
            "view": view,
            "log": self._log(seat, since, view),
            "scores": game.scores(),
        }
        if game.is_terminal:
            out["result"] = self.result()
        return out

    def log(self, seat: int | None = None, since: int = 0) -> list[dict]:
        """The events from number `since` on as `seat` may know them (``None``: a spectator), each a copy of the
        engine's event (docs/events.md) with its ``index`` (its number: pass the next one as `since`) and its
        ``text`` (`caylus.describe_event`)."""
        if seat is None:
            view = self.game.public_view()
        else:
            self._check_seat("log", seat)
            view = self.game.view(seat)
        return self._log(seat, since, view)

    def _log(self, seat, since, view) -> list[dict]:
        game = self.game
        events = game.public_events(since) if seat is None else game.events(seat, since)
        # Where no event is told differently to anyone (no `event_for`: nothing hidden), every seat and a
        # spectator read the same lines: worded once for them all, not once per seat.
        texts = self._texts.setdefault(seat if game.edition.event_for is not None else None, [])
        out = []
        for i, event in enumerate(events, since):
            if i >= len(texts):
                texts.extend([None] * (i + 1 - len(texts)))
            if texts[i] is None:
                texts[i] = describe_event(view, event)
            event["index"] = i
            event["text"] = texts[i]
            out.append(event)
        return out

    def result(self) -> dict | None:
        """The final result once the game is over (None before): ``scores``, ``winners`` and, by seat,
        ``players``: ``{"seat", "name", "score", "bonus", "bonus_parts"}``, the end-of-game bonus broken down
        by where it came from (`bonus` is its total, already in `score`)."""
        game = self.game
        if not game.is_terminal:
            return None
        scores = game.scores()
        seats = game.public_view()["seats"]
        players = []
        for p in range(game.num_players):
            parts = dict(seats[p].get("end_bonus_parts") or {})
            players.append({"seat": p, "name": game.player_name(p), "score": scores[p],
                            "bonus": sum(parts.values()), "bonus_parts": parts})
        return {"scores": scores, "winners": game.winners(), "players": players}

    def record(self) -> str:
        """The game record (`Game.record()`): what a server stores, and `from_record` goes on from."""
        return self.game.record()

    def _check_seat(self, what: str, seat) -> None:
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise IllegalAction(f"{what}: no seat {shown(seat)} in a {n}-player game (seats 0-{n - 1})")


def _bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed: different seats play differently, the same session alike."""
    return (seed * 1_000_003 + seat) % (1 << 64)


def _agent(spec, seed: int, where: str):
    """The agent a seat spec names, or the agent object itself; `BadOption` for anything else."""
    if isinstance(spec, str):
        from .agents.levels import make_agent

        try:
            return make_agent(spec, seed)
        except (ValueError, ImportError) as exc:
            raise BadOption(f"Session: {where}: {exc}") from None
    if callable(getattr(spec, "choose", None)):
        return spec
    raise BadOption(f"Session: {where} must be {HUMAN!r}, a bot spec such as 'normal', or an agent, "
                    f"not {shown(spec)}")


def _movers(game: Game) -> list[int]:
    """The seat that chose each action of `game.history`, found by taking them back one by one on a copy."""
    copy = game.clone()
    movers = []
    while copy.history:
        copy.undo()
        movers.append(copy.current_player)
    movers.reverse()
    return movers
