"""Caylus as a PettingZoo AEC environment: one agent per seat, taking turns as the game says.

    from caylus.research import pettingzoo as caylus_pz
    env = caylus_pz.env(edition="caylus", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(env.np_random.choice(mask.nonzero()[0]))
        env.step(action)

Agents are named ``player_0`` .. ``player_{N-1}`` (seats). An observation is a dict: ``observation``, the
seat's view encoded by `caylus.research.encoding.Encoding` (float32, documented in docs/research.md), and
``action_mask``, 1 for each legal action id (int8, one per action of the edition: id = `Action.index`). Rewards
come at the end: 1 to each winner (a tie shares the victory), 0 otherwise. ``info["tokens"]`` names the legal
actions; ``env.unwrapped.game`` is the engine's `Game` (``.view(seat)`` for a seat's view as plain data).
``reset(seed=S)`` sets the game up with engine seed S; ``reset(options={"game": game})`` goes on from a copy of
an engine `Game` of the same edition, players and options (a record, an arena game, a determinization).
``perfect_recall=True`` appends the seat's whole action-observation history to ``observation``
(`caylus.research.recall`: the actions so far and, in Magna Carta, the seat's hand after each), so that two
different information states never share an observation.
"""

from __future__ import annotations

from caylus import get_edition, new_game

from ._extra import need
from .encoding import Encoding
from .given import given_game
from .observation import action_of, legal_known, observation_space
from .recall import Recall, recall_size

np = need("numpy")
spaces = need("gymnasium.spaces")
_pz = need("pettingzoo")
_wrappers = need("pettingzoo.utils.wrappers")


def env(edition: str = "caylus", players: int = 4, render_mode: str | None = None, **options):
    """The environment with PettingZoo's call-order checks (`OrderEnforcingWrapper`: no step or observation
    before reset; `_Ordered` makes the same checks faster). PettingZoo's AssertOutOfBoundsWrapper is left out:
    the environment itself refuses an action id out of range (`caylus.IllegalAction`, nothing changed), and the
    wrapper's check cost a tenth of a step. `raw_env` has no wrapper at all."""
    return _Ordered(raw_env(edition=edition, players=players, render_mode=render_mode, **options))


class _Ordered(_wrappers.OrderEnforcingWrapper):
    """PettingZoo's `OrderEnforcingWrapper` with its checks unchanged, but what every step of a loop reads (`last`,
    `agents`, `agent_selection`) taken from the environment directly: through the wrapper's `__getattr__`, eight
    lookups a step cost a third of PettingZoo's steps a second (benchmarks/bench_speed.py)."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    @property
    def agents(self):
        if not self._has_reset:  # as the wrapper says it (an AttributeError here goes on to its __getattr__)
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    @property
    def agent_selection(self):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection


class raw_env(_pz.AECEnv):
    """The AEC environment without wrappers (PettingZoo's naming)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "caylus_v0", "is_parallelizable": False}

    def __init__(self, edition: str = "caylus", players: int = 4, render_mode: str | None = None,
                 perfect_recall: bool = False, **options):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if not isinstance(perfect_recall, bool):
            raise ValueError(f"perfect_recall must be True or False, got {perfect_recall!r}")
        new_game(edition, players=players, seed=0, **options)  # refuses a bad edition, count or option now
        self.edition = get_edition(edition)
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.encoding = Encoding(edition, players, **options)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        n_actions = len(self.edition.actions)
        self.perfect_recall = perfect_recall
        self._recall_size = recall_size(self.edition.private is not None, players) if perfect_recall else 0
        self._observation_space = observation_space(self.encoding, n_actions, self._recall_size)
        self._recall = None
        self._action_space = spaces.Discrete(n_actions)
        self.game = None
        self._no_mask = np.zeros(n_actions, np.int8)  # copied for a seat that is not to move
        self._known_for, self._known = None, None  # the game's list of legal actions last met, its `legal_known`

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or not hasattr(self, "_rng"):
            self._rng = np.random.default_rng(seed)
        game = given_game(options, self.edition, self.players, self.options)
        if game is None:
            game_seed = seed if seed is not None else int(self._rng.integers(0, 2**63))
            game = new_game(self.edition.id, players=self.players, seed=game_seed, **self.options)
        # The environment only plays forward: its game keeps no undo snapshot (a board copy every 32 actions, 2% of
        # a step in Magna Carta). `undo` on it stays exact, replaying from the setup.
        game.keep_undo = False
        self.game = game
        self._recall = Recall(game) if self.perfect_recall else None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._update_infos()
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        if self._recall is None:
            observation = self.encoding.encode_game(self.game, seat)
        else:
            observation = np.empty(self.encoding.size + self._recall_size, np.float32)
            self.encoding.encode_game(self.game, seat, out=observation[:self.encoding.size])
            self._recall.write(observation[self.encoding.size:], seat)
        mask = self._legal_known()[0] if seat == self.game.current_player else self._no_mask
        return {"observation": observation, "action_mask": mask.copy()}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        played = self.game.apply(action_of(self.edition, action))  # an illegal one raises, changing nothing
        self._cumulative_rewards[agent] = 0.0
        if self._recall is not None:
            self._recall.add(self.game, played.index)
        if self.game.is_terminal:
            self.rewards = {a: 0.0 for a in self.agents}
            for a, value in zip(self.possible_agents, self.game.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
            self.agent_selection = agent
            self._accumulate_rewards()
        else:
            # every reward before the end is 0 (`rewards` already says so: it changes only at the end, and a reset
            # makes it anew), and adding 0s changes no cumulative reward
            self.agent_selection = self.possible_agents[self.game.current_player]
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _update_infos(self):
        infos, current = self.infos, self.game.current_player
        legal = list(self._legal_known()[1])
        for seat, agent in enumerate(self.possible_agents):
            if agent in infos:
                infos[agent] = {"tokens": legal if seat == current else []}

    def _legal_known(self) -> tuple:
        """`legal_known` of the position now (the mask of its legal actions and their tokens), made once a position
        for the step's infos and `observe`'s mask: the game hands back the same list of legal actions until its
        next action, and holding it keeps its id from being reused."""
        legal = self.game.legal_actions()
        if legal is not self._known_for:
            self._known_for, self._known = legal, legal_known(self.game)
        return self._known

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
