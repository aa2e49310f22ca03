"""Caylus as a single-agent Gymnasium environment: you play one seat, our bots play the others.

    import gymnasium
    import caylus.research.gym                      # registers caylus/Caylus-v0
    env = gymnasium.make("caylus/Caylus-v0", edition="caylus", players=4, seat=0, opponent="random")
    observation, info = env.reset(seed=1)
    action = int(env.np_random.choice(observation["action_mask"].nonzero()[0]))
    observation, reward, terminated, truncated, info = env.step(action)

An observation is a dict: ``observation`` (the seat's view encoded by `caylus.research.encoding.Encoding`,
float32) and ``action_mask`` (1 for each legal action id, int8). The action space is the edition's fixed action
space (`Discrete(len(edition.actions))`, id = `Action.index`). ``opponent`` is a bot for
`caylus.agents.levels.make_agent` (``random``, ``easy``, ``greedy``, ``normal``, ``hard``, ``mcts:ITER``). The
reward comes at the end: 1 if the seat is among the winners, else 0. An action that is not legal now ends the
episode with reward ``illegal_reward`` (default -1) and ``info["illegal_action"]`` saying why, the game unchanged
(as PettingZoo's TerminateIllegalWrapper does, so that unmasked random actions are safe); ``illegal="raise"``
raises instead. ``reset(options={"game": game})`` goes on from a copy of an engine `Game` of the same edition,
players and options (a record, an arena game, a determinization); the bots play until it is the seat's turn.
``perfect_recall=True`` appends the seat's whole action-observation history to ``observation``
(`caylus.research.recall`), so that two different information states never share an observation.
"""

from __future__ import annotations

from caylus import IllegalAction, get_edition, new_game
from caylus.agents import Position
from caylus.agents.levels import make_agent

from ._extra import need
from .encoding import Encoding
from .given import given_game
from .observation import action_of, legal_known, observation_space
from .recall import Recall, recall_size

np = need("numpy")
gymnasium = need("gymnasium")
spaces = need("gymnasium.spaces")

ENV_ID = "caylus/Caylus-v0"


class CaylusEnv(gymnasium.Env):
    """One seat of a Caylus game against bots (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, edition: str = "caylus", players: int = 4, seat: int = 0, opponent: str = "random",
                 illegal: str = "lose", illegal_reward: float = -1.0, render_mode: str | None = None,
                 perfect_recall: bool = False, **options):
        new_game(edition, players=players, seed=0, **options)  # refuses a bad edition, count or option now
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if not isinstance(perfect_recall, bool):
            raise ValueError(f"perfect_recall must be True or False, got {perfect_recall!r}")
        make_agent(opponent, 0)  # refuses an unknown level now, saying which levels exist
        self.edition = get_edition(edition)
        self.players, self.seat, self.opponent = players, seat, opponent
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.options = options
        self.render_mode = render_mode
        self.encoding = Encoding(edition, players, **options)
        n_actions = len(self.edition.actions)
        self.perfect_recall = perfect_recall
        self._recall_size = recall_size(self.edition.private is not None, players) if perfect_recall else 0
        self.observation_space = observation_space(self.encoding, n_actions, self._recall_size)
        self._recall = None
        self.action_space = spaces.Discrete(n_actions)
        self.game = None
        self.bots: dict[int, object] = {}
        self._choose: dict = {}
        self._last = None  # the view's encoding `_observation` made last (the observation's first part)
        self._mask = None  # the mask `_observation` made last (read-only: the observation and the info copy it)
        self._tokens = ()  # and the legal tokens then
        self._no_mask = np.zeros(n_actions, np.int8)  # when it is not the seat's turn
        self._no_mask.flags.writeable = False
        # where the observation holds the seats' scores, one after the other (Caylus 1303, Magna Carta), else None
        slots = self.encoding.score_slots
        first = None if slots is None else int(slots[0])
        self._score_part = (slice(first, first + players)
                            if first is not None and slots.tolist() == list(range(first, first + players)) else None)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game = given_game(options, self.edition, self.players, self.options)
        if game is None:
            game_seed = int(self.np_random.integers(0, 2**63))
            game = new_game(self.edition.id, players=self.players, seed=game_seed, **self.options)
        else:
            game_seed = game.seed
        # The environment only plays forward: its game keeps no undo snapshot (a board copy every 32 actions,
        # 6-15% of the engine's time). `undo` on it stays exact, replaying from the setup.
        game.keep_undo = False
        self.game = game
        self._recall = Recall(game) if self.perfect_recall else None
        self.bots = {p: make_agent(self.opponent, game_seed + p) for p in range(self.players) if p != self.seat}
        # how each bot chooses: straight from the game where it can (the random player makes the same choice
        # without the view and clone a `Position` costs), else from a `Position`
        self._choose = {p: getattr(bot, "choose_in", None) or (lambda game, bot=bot: bot.choose(Position(game)))
                        for p, bot in self.bots.items()}
        self._bots_play()
        return self._observation(), self._info()

    def step(self, action):
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if game.board.terminal:
            raise RuntimeError("the game is over: call reset()")
        try:
            played = game.apply(action_of(self.edition, action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            observation, info = self._observation(), self._info()
            info["illegal_action"] = str(exc)
            return observation, self.illegal_reward, True, False, info
        if self._recall is not None:
            self._recall.add(game, played.index)
        self._bots_play()
        terminated = game.board.terminal
        reward = game.returns()[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        observation = self._observation()
        return observation, reward, terminated, False, self._info()

    def _bots_play(self) -> None:
        game, seat, choose, recall = self.game, self.seat, self._choose, self._recall
        board, apply = game.board, game.apply  # (the game's own board all along: only an undo puts another)
        if recall is None:
            while not board.terminal and (player := board.current_player) != seat:
                apply(choose[player](game))
            return
        while not board.terminal and (player := board.current_player) != seat:
            recall.add(game, apply(choose[player](game)).index)

    def _observation(self) -> dict:
        game, seat = self.game, self.seat
        if game.current_player == seat:  # the mask and the tokens of each list of legal actions are kept
            known, self._tokens = legal_known(game)
        else:  # the game is over (or an illegal action ended the episode at another seat's turn)
            known, self._tokens = self._no_mask, ()
        self._mask = known
        if self._recall is None:
            observation = self._last = self.encoding.encode_game(game, seat)
        else:
            observation = np.empty(self.encoding.size + self._recall_size, np.float32)
            self._last = self.encoding.encode_game(game, seat, out=observation[:self.encoding.size])
            self._recall.write(observation[self.encoding.size:], seat)
        return {"observation": observation, "action_mask": known.copy()}

    def _info(self) -> dict:
        """The info of the position `_observation` just encoded: its action mask (a copy of its own), the legal
        tokens and the scores."""
        return {"action_mask": self._mask.copy(), "tokens": list(self._tokens), "scores": self._scores()}

    def _scores(self) -> list[int]:
        """`game.scores()`, read back from the observation just encoded where the encoding holds them (Caylus 1303
        and Magna Carta; Magna Carta's are counted by a walk of the road: 3.1 against 0.9 us read back)."""
        part = self._score_part
        if part is None or self._last is None:
            return self.game.scores()
        # one slice as Python floats (numpy's scalars, or a memoryview's items, convert several times slower)
        return list(map(int, self._last[part].tolist()))

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="caylus.research.gym:CaylusEnv")
