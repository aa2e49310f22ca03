"""Every edition as an OpenSpiel game: importing this module registers them with `pyspiel`.

    import pyspiel
    import caylus.research.openspiel
    game = pyspiel.load_game("python_caylus", {"players": 4})          # also python_caylus_1303, python_magna_carta
    state = game.new_initial_state()                                   # a chance node: which setup
    state.apply_action(state.chance_outcomes()[0][0])

Game parameters: ``players``, ``seed`` and ``setups`` (the setup chance node picks one of the engine seeds
``seed .. seed+setups-1``, uniformly), ``engine_seed`` (the same as ``seed``, as decimal text: OpenSpiel's
integers stop at 2**31-1 and engine seeds run to 2**64-1; it wins over ``seed`` when given), and the edition's
options by name (``favors``, ``jeweller``, ``characters``, ``rules``). Actions are the edition's fixed action
space: action id = `Action.index`. `state_from_game(game)` makes a state from any engine `Game`.

Chance. The game has one chance node, at the root: it picks the engine seed, and the seed fixes everything
random: the setup and, in Magna Carta, every later draw and reshuffle (the engine deals them from its seeded
generator as play reaches them). So the game is explicitly stochastic: after the root every transition is
determined, and an algorithm that enumerates chance outcomes enumerates the `setups` seeds, which is exact for
this game (a real table would reshuffle with fresh randomness; with many setups the difference vanishes). In
Magna Carta nobody sees the seed, only what it deals them, so the game has imperfect information;
``resample_from_infostate`` (used by `ISMCTSBot`) re-deals what the player cannot see, deck orders included,
with `caylus.determinize`. docs/research.md says more.
"""

from __future__ import annotations

import json
import operator
from typing import NamedTuple

from caylus import BadOption, Game, determinize, get_edition, load_record, new_game
from caylus.core import Rng
from caylus.core.registry import check_seed, game_from_dealt

from ._extra import need
from .encoding import Encoding
from .recall import RECALL_ACTIONS, hand_mask, masks, recall_size

pyspiel = need("pyspiel")
np = need("numpy")

# OpenSpiel's convention for games written in Python: "python_" + the name, with underscores.
SHORT_NAMES = {"caylus": "python_caylus", "caylus-1303": "python_caylus_1303", "magna-carta": "python_magna_carta"}

DEFAULT_SETUPS = 1000
# A safe upper bound on a game's length in OpenSpiel actions (the setup and every player decision); random games
# take a few hundred (benchmarks/bench_openspiel.py prints the longest it saw).
MAX_GAME_LENGTH = 10_000

# pyspiel's player ids as plain ints: reading a pybind11 enum costs more than the rest of `current_player`
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def ascending_ids(legal: list) -> list[int]:
    """The ids of `legal` (the engine's legal actions, in its own order) ascending, as OpenSpiel wants them. Sorted
    afresh each time: about half the legal lists of a random game are new, and a cache of the lists met (keyed by
    tuples of them) made the Python loop 12-17% slower than this."""
    ids = [a.index for a in legal]
    ids.sort()
    return ids


def _forward(game: Game) -> Game:
    """`game` as a state plays it: forward play keeps no undo snapshot (the default `Game` copies its board every
    32 actions, 6-11% of the Python loop) until the state's first `undo_action`, which turns them on."""
    game.keep_undo = False
    return game


class PlayerAction(NamedTuple):
    """One step of `CaylusState.full_history()` (pyspiel's own PlayerAction cannot be made from Python)."""

    player: int
    action: int


class _Core:
    """What a state changes as it plays, in one plain object: the engine's `Game` (None before setup), every
    action applied with who applied it, and the game's shared lookups. An attribute of a pyspiel State costs
    several times a plain object's slot to read, and the Python loop (`legal_actions`, `apply_action`,
    `is_terminal`) reads one attribute of the state a call, then slots.

    OpenSpiel copies a state's attributes with `copy.deepcopy` and serializes them with `pickle`: the first is a
    `Game.clone` and copies of the lists (the lookups are shared), the second a game record (a re-dealt game's
    record starts from the world it was dealt: `Game.dealt()`)."""

    __slots__ = ("game", "actions", "players", "spec", "by_id")

    def __init__(self, spec: "_Setup", game: Game | None = None, actions: list | None = None,
                 players: list | None = None):
        self.spec = spec
        self.game = game
        self.actions: list[int] = [] if actions is None else actions  # every action applied, chance included
        self.players: list[int] = [] if players is None else players  # who applied each
        self.by_id = spec.actions

    def __deepcopy__(self, memo):
        return _Core(self.spec, None if self.game is None else self.game.clone(), list(self.actions),
                     list(self.players))

    def __reduce__(self):
        return (_core_from_record, (self.spec, None if self.game is None else self.game.record(),
                                    self.actions, self.players))


def _core_from_record(spec: "_Setup", record: str | None, actions: list, players: list) -> _Core:
    return _Core(spec, None if record is None else _forward(load_record(record)), actions, players)


class _Privates(list):
    """What only each seat saw after the setup and after each action (`Edition.private`, one tuple of seats per
    point; None for a seat whose part is unknown: before a re-deal, for every seat but the one it was dealt for).
    Copied shallowly: its items are tuples, never changed."""

    def __deepcopy__(self, memo):
        return _Privates(self)


class _Recorder:
    """A copy of the engine's game at the last point whose hidden cards a state has noted (`CaylusState._fill`),
    or None: then the state replays its game from its start to get there. A clone of the state shares it, and
    whichever goes on first copies it (`own` False: not ours alone); not pickled."""

    __slots__ = ("game", "own")

    def __init__(self, game: Game | None = None, own: bool = True):
        self.game = game
        self.own = own

    def __deepcopy__(self, memo):
        self.own = False
        return _Recorder(self.game, False)

    def __reduce__(self):
        return (_Recorder, ())


class _Setup:
    """How states of one game are set up: shared by all of them, never copied (OpenSpiel deep-copies a state's
    attributes on every clone), pickled by value."""

    __slots__ = ("edition", "players", "seed", "setups", "options", "actions")

    def __init__(self, edition_id: str, players: int, seed: int, setups: int, options: dict):
        self.edition = get_edition(edition_id)
        self.players, self.seed, self.setups, self.options = players, seed, setups, options
        self.actions = tuple(self.edition.actions)  # by id

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_Setup, (self.edition.id, self.players, self.seed, self.setups, self.options))


class CaylusGame(pyspiel.Game):
    """One edition of Caylus as a pyspiel game; each edition is a subclass naming its `edition_id`."""

    edition_id = ""

    def __init__(self, params=None):
        params = dict(params or {})
        edition_id = self.edition_id
        edition = get_edition(edition_id)
        spec = _parameters(edition)
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{SHORT_NAMES[edition_id]} has no parameter {unknown[0]!r} "
                             f"(parameters: {', '.join(sorted(spec))})")
        values = {**spec, **params}
        players, seed, setups = int(values["players"]), int(values["seed"]), int(values["setups"])
        text = values["engine_seed"].strip()
        if text:
            if not (text.isascii() and text.isdigit()) or len(text) > 20:
                raise ValueError(f"engine_seed must be a whole number from 0 to 2**64-1 in decimal, got {text!r}")
            seed = int(text)
        if setups < 1 or seed < 0:
            raise ValueError("setups must be at least 1 and seed at least 0")
        check_seed(seed)
        try:
            check_seed(seed + setups - 1)
        except BadOption:
            raise ValueError(f"the setups run past the last engine seed (2**64-1): seed {seed} leaves room for "
                             f"{2**64 - seed} setups, not {setups}") from None
        options = {o.name: values[o.name] for o in edition.options}
        new_game(edition.id, players=players, seed=seed, **options)  # refuses bad values now
        self.setup = _Setup(edition.id, players, seed, setups, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(edition.actions),
            max_chance_outcomes=setups,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(edition), info, values)
        self.encoding = Encoding(edition.id, players, **options)

    def new_initial_state(self, *args):
        """The state before setup: a chance node choosing one of `setups` engine seeds."""
        return CaylusState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer: the encoded view of a player, and the view itself as text; with perfect recall (the
        information state), the player's whole action-observation history too (`CaylusObserver`)."""
        if params:
            raise ValueError(f"the Caylus observer takes no parameters, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return CaylusObserver(self.encoding, recall, self.setup.edition.private is not None, self.setup.players)


class CaylusState(pyspiel.State):
    """A position: before setup (a chance node), then the engine's game."""

    # `_core` is read at every call of the Python loop. An attribute in a pyspiel State's __dict__ costs several
    # times a slot to read; so it is a slot, mirrored in the __dict__ (`__setattr__`), because OpenSpiel's clone
    # and serialization copy the __dict__, setting each entry on the new state by name.
    __slots__ = ("_core", "__dict__")

    def __setattr__(self, name, value):
        if name == "_core":
            _CORE_SLOT.__set__(self, value)
            self.__dict__["_core"] = value
        else:
            super().__setattr__(name, value)

    def __init__(self, game: CaylusGame):
        super().__init__(game)
        self._spec = game.setup
        # The engine's game (None until the setup chance node is resolved) and the actions applied: one object,
        # so that each call of the loop reads one attribute of this State (`_Core`)
        self._core = _Core(game.setup)
        # What only each seat saw after each of them (hidden-information editions; else None)
        self._privates = _Privates() if self._spec.edition.private is not None else None
        # What every seat saw come out of hiding, after each of them (`Edition.public`, kept as it gives them: the
        # bit masks of the information state are made when one is asked for; else None): the view shows only
        # where those cards are now, a player remembers when they were shown
        self._publics = _Privates() if self._spec.edition.public is not None else None
        # Both are noted when they are first asked for, not at every action (which would cost more than the
        # action): they lag `_core.actions`, and `_fill` brings them up to date from this copy of the game
        self._recorder = _Recorder() if self._privates is not None else None

    @property
    def engine(self) -> Game | None:
        """The engine's `Game` (None before setup). Read it, don't change it: go through `apply_action`."""
        return self._core.game

    # -- whose turn, what is legal ----------------------------------------------------------------------------
    def current_player(self):
        game = self._core.game
        if game is None:
            return CHANCE
        board = game.board
        return TERMINAL if board.terminal else board.current_player

    def is_terminal(self):
        game = self._core.game
        return game is not None and game.board.terminal

    def _legal_actions(self, player):
        game = self._core.game
        if game is None or player != game.current_player:
            return []
        return ascending_ids(game.legal_actions())

    # Python callers (OpenSpiel's Python bots, our environments) reach these directly, without a round trip
    # through OpenSpiel's C++ State, which would halve the throughput; C++ callers go through the C++ State
    # and its hooks (`_legal_actions`, `_apply_action`) to the same code.
    def legal_actions(self, player=None):
        core = self._core
        game = core.game
        if game is None:
            return list(range(core.spec.setups)) if player in (None, CHANCE) else []
        if player is not None and player != game.current_player:
            return []
        ids = [a.index for a in game.legal_actions()]  # `ascending_ids` inlined
        ids.sort()
        return ids

    def legal_actions_mask(self, player=None):
        mask = [0] * (self._spec.setups if self._core.game is None else len(self._spec.edition.actions))
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action(self, action):
        """Play an action id (a setup at the chance node); a bad one raises ValueError and changes nothing."""
        core = self._core
        game = core.game
        # The usual call, a legal id as an int after the setup, in one go (the rest below)
        if game is None or type(action) is not int or action < 0:
            return self._apply_action(action)
        try:
            act = core.by_id[action]
        except IndexError:
            return self._apply_action(action)  # which says why
        player = game.board.current_player
        game.apply(act)
        core.actions.append(action)
        core.players.append(player)

    def is_chance_node(self):
        return self._core.game is None

    def is_player_node(self):
        return self._core.game is not None and not self._core.game.is_terminal

    def chance_outcomes(self):
        if self._core.game is not None:
            return []
        p = 1.0 / self._spec.setups
        return [(i, p) for i in range(self._spec.setups)]

    def _apply_action(self, action):
        action = operator.index(action)  # numpy's integers too (OpenSpiel's Python bots sample with numpy)
        if self._core.game is None:
            player = int(pyspiel.PlayerId.CHANCE)
            spec = self._spec
            if not 0 <= action < spec.setups:
                raise ValueError(f"setup {action}: there are {spec.setups} setups (0..{spec.setups - 1})")
            self._core.game = _forward(new_game(spec.edition.id, players=spec.players, seed=spec.seed + action,
                                                **spec.options))
        else:
            game = self._core.game
            player = game.current_player
            game.apply(self._spec.edition.actions.by_index(action))
        self._core.actions.append(action)
        self._core.players.append(player)
        if self._privates is not None and len(self._core.actions) == 1:
            self._start_recording()

    def _start_recording(self) -> None:
        """Note the hidden cards at the start of the engine's game (after the setup, or where it was dealt)."""
        game = self._core.game
        self._saw(game.board)
        self._recorder.game, self._recorder.own = game.clone(), True
        self._recorder.game.keep_undo = False

    def _fill(self) -> None:
        """Note what each seat saw up to now (hidden-information editions), replaying the actions since the last
        point noted on the recorder's copy of the game (made again from the game's start if there is none)."""
        if self._privates is None or len(self._privates) >= len(self._core.actions):
            return
        recorder = self._recorder
        game = recorder.game
        if game is not None and not recorder.own:  # shared with a clone: go on on a copy
            game = recorder.game = game.clone()
            game.keep_undo = False
            recorder.own = True
        if game is None:  # an unpickled state, or an undo below the points noted: replay from the start
            now = self._core.game
            start = len(self._core.actions) - 1 - len(now.history)  # the point where the engine's game starts
            dealt = now.dealt()
            game = (new_game(now.edition.id, players=now.num_players, seed=now.seed, **now.options)
                    if dealt is None else game_from_dealt(now.edition.id, now.num_players, now.seed, now.options,
                                                          dealt))
            game.keep_undo = False
            for act in now.history[:len(self._privates) - 1 - start]:
                game.apply(act)
            recorder.game, recorder.own = game, True
        actions = self._spec.actions
        for action in self._core.actions[len(self._privates):]:
            game.apply(actions[action])
            self._saw(game.board)

    def _saw(self, board) -> None:
        """Note what each seat saw alone, and what all saw come out of hiding, at `board` (hidden-information
        editions: `Edition.private` and `Edition.public` are both given)."""
        spec = self._spec
        private = spec.edition.private
        self._privates.append(tuple([private(board, q) for q in range(spec.players)]))
        self._publics.append(spec.edition.public(board))

    def undo_action(self, player, action):
        """Take back the last action (`Game.undo`; before setup again if it was the chance outcome)."""
        if not self._core.actions or self._core.actions[-1] != action:
            raise ValueError(f"undo_action({player}, {action}): it is not the last action played")
        if len(self._core.actions) == 1:
            self._core.game = None
        else:
            game = self._core.game
            # Forward play kept no snapshot (`_forward`): this first undo replays from the start, keeping one at
            # each action on the way, and the game keeps them from now on, as the default `Game` does
            game.keep_undo = True
            game.undo()  # raises for an action played before a re-deal: it is not in that game
        self._core.actions.pop()
        self._core.players.pop()
        if self._privates is not None and len(self._privates) > len(self._core.actions):
            self._privates.pop()
            self._publics.pop()
            self._recorder.game = None  # it is past the point now: `_fill` replays

    # OpenSpiel's C++ side keeps its own copy of the history, which Python cannot take back (and which Python
    # callers of apply_action bypass), so these report ours.
    def history(self):
        return list(self._core.actions)

    def history_str(self):
        return ", ".join(str(a) for a in self._core.actions)

    def move_number(self):
        return len(self._core.actions)

    def full_history(self):
        """(player, action) pairs, with OpenSpiel's PlayerAction attribute names; the setup is the chance
        player's."""
        return [PlayerAction(p, a) for p, a in zip(self._core.players, self._core.actions)]

    def is_initial_state(self):
        return not self._core.actions

    # -- words and results ------------------------------------------------------------------------------------
    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"setup:seed={self._spec.seed + action}"
        return self._spec.edition.actions.by_index(action).token

    def returns(self):
        if self._core.game is None:
            return [0.0] * self._spec.players
        return self._core.game.returns()

    def __str__(self):
        if self._core.game is None:
            return f"{self._spec.edition.title}, before setup"
        return str(self._core.game)

    def view(self, player):
        """What `player` sees (`Game.view`); before setup, only how the game is set up."""
        if self._core.game is None:
            return {"edition": self._spec.edition.id, "players": self._spec.players, "setup": None}
        return self._core.game.view(player)

    def public_tokens(self) -> list[str]:
        """The players' actions so far as tokens (everyone sees them; the setup's seed is not among them)."""
        actions = self._spec.edition.actions
        return [actions.by_index(a).token for a in self._core.actions[1:]]

    # -- hidden information -----------------------------------------------------------------------------------
    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one: what they cannot see re-dealt (`caylus.determinize`),
        seeded from `probability_sampler()`. A clone where nothing is hidden."""
        self._fill()
        state = self.clone()
        if self._core.game is None or self._spec.edition.determinize is None:
            return state
        seed = int(probability_sampler() * (1 << 53))
        state._core.game = _forward(determinize(self._core.game.view(player_id), Rng(seed)))
        # the last point noted is now: go on from the re-deal
        state._recorder.game, state._recorder.own = state._core.game.clone(), True
        state._recorder.game.keep_undo = False
        # What the others saw before the re-deal is theirs in the real game: unknown in this one.
        state._privates = _Privates(tuple(seen if q == player_id else None for q, seen in enumerate(point))
                                    for point in self._privates)
        return state

    def private_history(self, player: int) -> list:
        """What only `player` saw after the setup and after each action since (its hand, in Magna Carta), oldest
        first; empty where nothing is hidden or before the setup."""
        if self._privates is None:
            return []
        self._fill()
        return [point[player] for point in self._privates]

    def public_history(self) -> list:
        """The cards out of hiding that every seat saw after the setup and after each action since (each seat's
        discard pile, in Magna Carta), oldest first; empty where nothing is hidden or before the setup."""
        if self._publics is None:
            return []
        self._fill()
        return list(self._publics)


_CORE_SLOT = CaylusState.__dict__["_core"]  # the slot's descriptor, for `CaylusState.__setattr__`


class CaylusObserver:
    """OpenSpiel's Python observer: `tensor`, `dict` (its parts by name), `set_from(state, player)` and
    `string_from(state, player)`.

    The observation is the player's current view: tensor "view" (encoded by `Encoding`), string the view as
    compact JSON. The information state (perfect recall) adds the player's whole action-observation history:
    every player action so far (all public) and, where something is hidden, what only the player saw after the
    setup and after each action (its hand). Tensor parts, after "view":

    - "recall_length" (1): how many player actions so far;
    - "recall_actions" (`RECALL_ACTIONS`): the k-th player action's id + 1, then 0;
    - "recall_private" (1 + `RECALL_ACTIONS`, hidden-information editions only): what only the player saw after
      the setup, then after each action, as a bit mask of its card ids (sum of 2**id; -1: not known, before a
      re-deal), then 0;
    - "recall_public" (players x (1 + `RECALL_ACTIONS`), hidden-information editions only): for each seat in
      turn, the cards of that seat that everyone saw out of hiding (its discard pile) after the setup, then
      after each action, as bit masks, then 0.

    Two different information states never share a tensor (tests/research/test_recall.py) while a game has at
    most `RECALL_ACTIONS` player actions. The string: the view's JSON, a line of the action tokens, and (hidden
    information) a line of what only the player saw at each point and a line of what everyone saw come out of
    hiding at each point (each seat's bit mask, joined by "/").
    """

    def __init__(self, encoding: Encoding, perfect_recall: bool, hidden: bool = False, players: int = 0):
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.hidden = hidden and perfect_recall
        points = 1 + RECALL_ACTIONS
        size = encoding.size
        if perfect_recall:
            size += recall_size(self.hidden, players)
        self.tensor = np.zeros(size, np.float32)
        at = encoding.size
        self.dict = {"view": self.tensor[:at]}
        if perfect_recall:
            self.dict["recall_length"] = self.tensor[at:at + 1]
            self.dict["recall_actions"] = self.tensor[at + 1:at + points]
            if self.hidden:
                at += points
                self.dict["recall_private"] = self.tensor[at:at + points]
                self.dict["recall_public"] = self.tensor[at + points:].reshape(players, points)

    def set_from(self, state: CaylusState, player: int):
        if state.engine is None:
            self.tensor.fill(0.0)
            return
        self.encoding.encode_game(state.engine, player, out=self.dict["view"])
        if not self.perfect_recall:
            return
        actions = state.history()[1:]
        self.dict["recall_length"][0] = len(actions)
        acts = self.dict["recall_actions"]
        acts.fill(0.0)
        kept = actions[:RECALL_ACTIONS]
        acts[:len(kept)] = np.asarray(kept, np.float32) + 1.0
        if self.hidden:
            seen = self.dict["recall_private"]
            seen.fill(0.0)
            hands = [hand_mask(cards) for cards in state.private_history(player)[:RECALL_ACTIONS + 1]]
            seen[:len(hands)] = hands
            shown = self.dict["recall_public"]
            shown.fill(0.0)
            points = state.public_history()[:RECALL_ACTIONS + 1]
            if points:
                shown[:, :len(points)] = np.asarray([masks(point) for point in points], np.float32).T

    def string_from(self, state: CaylusState, player: int) -> str:
        text = json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += "\n" + " ".join(state.public_tokens())
            if self.hidden:
                text += "\n" + " ".join("?" if cards is None else ".".join(map(str, cards)) or "-"
                                         for cards in state.private_history(player))
                text += "\n" + " ".join("/".join(map(str, masks(point))) for point in state.public_history())
        return text


def state_from_game(game: Game, pyspiel_game: "CaylusGame | None" = None) -> "CaylusState":
    """An OpenSpiel state at `game`'s position: any engine `Game` (from a seed, a record, an arena game, a
    determinization). Its history is the setup chance outcome, then the game's actions, all replayed (so
    `undo_action` goes back through them). Without `pyspiel_game`, the game is loaded with the game's own
    players, options and ``engine_seed`` and one setup. A given `pyspiel_game` must have the same edition,
    players and options, and (for a game from its setup) the game's seed among its setups. A determinized game
    starts from the world it was dealt (`Game.dealt()`): its setup outcome is 0 and undo stops after it."""
    if not isinstance(game, Game):
        raise TypeError(f"state_from_game needs a caylus Game, not {type(game).__name__}")
    edition = game.edition
    if pyspiel_game is None:
        params = {"players": game.num_players, "engine_seed": str(game.seed), "setups": 1, **game.options}
        pyspiel_game = pyspiel.load_game(SHORT_NAMES[edition.id], params)
    spec = getattr(pyspiel_game, "setup", None)
    if not isinstance(spec, _Setup) or spec.edition is not edition:
        raise ValueError(f"state_from_game: a {edition.title} game needs the {SHORT_NAMES[edition.id]} game")
    if spec.players != game.num_players or edition.normalize_options(spec.options) != game.options:
        raise ValueError(f"state_from_game: the game has {game.num_players} players and options {game.options}; "
                         f"the OpenSpiel game {spec.players} and {spec.options}")
    dealt = game.dealt()
    if dealt is None and not spec.seed <= game.seed < spec.seed + spec.setups:
        raise ValueError(f"state_from_game: seed {game.seed} is not among the game's setups "
                         f"({spec.seed}..{spec.seed + spec.setups - 1})")
    state = pyspiel_game.new_initial_state()
    if dealt is None:
        state.apply_action(game.seed - spec.seed)
    else:
        state._core.game = _forward(game_from_dealt(edition.id, game.num_players, game.seed, game.options, dealt))
        state._core.actions.append(0)
        state._core.players.append(int(pyspiel.PlayerId.CHANCE))
        if state._privates is not None:
            state._start_recording()
    for act in game.history:
        state.apply_action(act.index)
    return state


def _parameters(edition) -> dict:
    spec = {"players": min(4, edition.max_players), "seed": 0, "engine_seed": "", "setups": DEFAULT_SETUPS}
    for option in edition.options:
        spec[option.name] = option.default
    return spec


def _game_type(edition) -> "pyspiel.GameType":
    hidden = edition.determinize is not None
    return pyspiel.GameType(
        short_name=SHORT_NAMES[edition.id],
        long_name=f"Python {edition.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # One chance node, the seed at the root, fixes all that is random: see the module docstring.
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=edition.max_players,
        min_num_players=edition.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(edition),
    )


class ClassicGame(CaylusGame):
    """Caylus (2005): python_caylus."""

    edition_id = "caylus"


class Caylus1303Game(CaylusGame):
    """Caylus 1303: python_caylus_1303."""

    edition_id = "caylus-1303"


class MagnaCartaGame(CaylusGame):
    """Caylus Magna Carta: python_magna_carta."""

    edition_id = "magna-carta"


# Registered as classes, as OpenSpiel's own Python games are: OpenSpiel keeps what it is given until the
# interpreter has shut down, and a class outlives that safely where a plain function does not.
for _game_class in (ClassicGame, Caylus1303Game, MagnaCartaGame):
    if SHORT_NAMES[_game_class.edition_id] not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(get_edition(_game_class.edition_id)), _game_class)
