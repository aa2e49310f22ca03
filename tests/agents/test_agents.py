"""Every bot, every edition: only legal moves, the same seed gives the same game, no peeking at hidden cards,
budgets respected, clear errors for bad names, and explanations in words."""

from __future__ import annotations

import time

import pytest

import caylus
from caylus.agents import BadAgent, GreedyAgent, LookaheadAgent, MCTSAgent, Position, make_agent, play_game
from caylus.agents.base import Advice
from caylus.agents.evaluation import counted

SETUPS = [("caylus", 2), ("caylus", 4), ("caylus", 5), ("caylus-1303", 2), ("caylus-1303", 3),
          ("caylus-1303", 5), ("magna-carta", 2), ("magna-carta", 3), ("magna-carta", 4)]


def quick(spec, seed):
    """The bot a name stands for, with a small search so that whole games stay quick in tests."""
    if spec == "mcts":
        return MCTSAgent(seed, iterations=12)
    if spec == "lookahead":
        return LookaheadAgent(seed, candidates=2, horizon=3, samples=2)
    return make_agent(spec, seed)


@pytest.mark.parametrize("edition,players", SETUPS)
def test_bots_play_whole_games_with_legal_moves_only(edition, players):
    # play_game refuses (IllegalAction) any move that is not legal: a whole game is the check.
    specs = ["lookahead", "mcts", "easy", "random", "greedy"][:players]
    game = play_game(caylus.new_game(edition, players=players, seed=7),
                     [quick(s, 10 + i) for i, s in enumerate(specs)])
    assert game.is_terminal and game.winners()


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_the_same_seed_gives_the_same_game(edition):
    def one_game():
        return play_game(caylus.new_game(edition, players=3, seed=3),
                         [quick("mcts", 1), quick("easy", 2), quick("lookahead", 3)]).record()
    assert one_game() == one_game()


def test_a_magna_carta_bot_decides_from_the_view_alone():
    """Two games that look the same to the seat to move, but deal the other players different hidden cards,
    get the same decision: the bot cannot read what its seat cannot see."""
    game = caylus.new_game("magna-carta", players=3, seed=5)
    bots = [quick("random", 1), quick("random", 2), quick("random", 3)]
    for _ in range(25):  # into the game, where hands and decks differ
        game.apply(bots[game.current_player].choose(Position(game)))
    seat = game.current_player
    view = game.view(seat)
    other = caylus.determinize(view, 12345)  # same view, other hidden cards
    assert other.view(seat) == view
    hidden = lambda g: [s["hand"] for q, s in enumerate(g.view(None)["seats"]) if q != seat]
    assert hidden(other) != hidden(game)
    for spec in ("greedy", "mcts", "easy", "lookahead"):
        a = quick(spec, 9).choose(Position(game))
        b = quick(spec, 9).choose(Position(other))
        assert a is b, spec
    # `hard`'s own futures (every seat in them looking ahead itself), without its time cap, which would make the
    # two searches differ on a busy machine
    hard = lambda: LookaheadAgent(9, level="hard")
    assert hard().choose(Position(game)) is hard().choose(Position(other))


def test_a_position_of_a_hidden_information_game_keeps_no_real_game():
    game = caylus.new_game("magna-carta", players=2, seed=1)
    position = Position(game)
    assert position.hidden and position._game is None
    world = position.sample(3)
    assert world is not game and world.view(position.player) == position.view


def test_a_seconds_budget_stops_the_search():
    game = caylus.new_game("caylus", players=4, seed=2)
    bot = MCTSAgent(1, iterations=10_000_000, seconds=0.3)
    start = time.perf_counter()
    bot.choose(Position(game))
    assert time.perf_counter() - start < 3.0
    assert 0 < bot.last_iterations < 10_000_000


def test_a_seconds_budget_stops_the_lookahead_after_its_first_candidate():
    game = caylus.new_game("caylus", players=4, seed=2)
    bot = LookaheadAgent(1, candidates=50, horizon=10_000, seconds=0.05)
    action = bot.choose(Position(game))
    assert action in game.legal_actions()
    assert bot.last_futures == 1  # the greedy's favourite was played on to the end, then time was up


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_every_edition_says_how_far_its_levels_look(edition):
    from caylus.agents.lookahead import check_budget, check_leaf, check_turns
    heuristics = caylus.new_game(edition, players=2, seed=1).edition.heuristics
    table = heuristics.LOOKAHEAD
    assert set(table) == {"normal", "hard"}
    for setting in table.values():
        inner = setting.get("inner")
        check_budget(setting["candidates"], setting["horizon"], setting.get("samples", 1),
                     None if inner is None else (inner["candidates"], inner["horizon"]))
        check_leaf(setting.get("leaf"), heuristics.FEATURES)
        check_turns(setting.get("turns", 0))
    assert table["hard"]["horizon"] > table["normal"]["horizon"]
    # The level's words say how far it looks here (`caylus play` and the docs show them).
    from caylus.agents import LEVELS
    for level, setting in table.items():
        assert f"{setting['candidates']} best moves" in LEVELS[level][0]
        assert f"{setting['horizon']}" in LEVELS[level][0]
        if setting.get("samples", 1) > 1:
            assert f"{setting['samples']} deals" in LEVELS[level][0]


def test_a_level_looks_as_far_as_the_edition_says(monkeypatch):
    game = caylus.new_game("magna-carta", players=3, seed=4)
    while len(game.legal_actions()) < 3:
        game.apply(GreedyAgent(0).choose(Position(game)))
    table = game.edition.heuristics.LOOKAHEAD
    monkeypatch.setitem(table, "hard", {"candidates": 2, "horizon": 3, "samples": 3})
    bot = make_agent("hard", 1)
    bot.choose(Position(game))
    assert (bot.last_futures, bot.last_horizon) == (2 * 3, 3)
    # An edition without the table: the level's own figures (5 candidates, 2 deals each in Magna Carta).
    monkeypatch.delattr(game.edition.heuristics, "LOOKAHEAD")
    bot.choose(Position(game))
    assert (bot.last_futures, bot.last_horizon) == (min(5, len(game.legal_actions())) * 2, 40)


def test_the_lookahead_keeps_a_move_whose_future_is_better_than_greedys_first_choice():
    """A rollout algorithm: among the greedy's candidates, the move kept is the one whose future (every seat
    playing greedily) ends best, so with one candidate it is exactly the greedy's move, and with more it is the
    candidate with the best looked-ahead margin."""
    from caylus.agents.lookahead import outcome, play_on
    game = caylus.new_game("caylus", players=3, seed=6)
    for _ in range(12):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    assert LookaheadAgent(1, candidates=1, horizon=20).choose(position) is GreedyAgent(1).choose(position)
    bot = LookaheadAgent(1, candidates=4, horizon=20)
    ranked = bot.weigh(position)
    futures = {}
    for _v, _r, action, _g in ranked[:4]:
        world = position.sample(0)
        world.apply(action)
        futures[action.token] = outcome(play_on(world, 20), position.player)
    assert [round(v, 9) for v, *_ in ranked[:4]] == sorted((round(v, 9) for v in futures.values()), reverse=True)
    assert bot.choose(position).token == max(futures, key=lambda t: (futures[t], -list(futures).index(t)))


def test_a_player_looking_at_one_move_in_the_futures_plays_greedily():
    """`looking_successor(1, h)` keeps the greedy's favourite whatever h: the lookahead of the players in the
    futures (`inner`) differs from the greedy policy only by weighing more than one move."""
    from caylus.agents.greedy import greedy_successor
    from caylus.agents.lookahead import looking_successor
    game = caylus.new_game("caylus", players=3, seed=5)
    for _ in range(30):
        assert looking_successor(1, 6)(game).history == greedy_successor(game).history
        game = greedy_successor(game)


def test_with_inner_every_seat_in_the_futures_looks_ahead():
    """With `inner=(k, h)` the futures are played by `looking_successor(k, h)` for every seat (ours included):
    the kept move is the candidate whose future, so played, ends best; and such a future differs from a greedy one
    (or the option would change nothing)."""
    from caylus.agents.lookahead import looking_successor, outcome, play_on
    game = caylus.new_game("caylus", players=3, seed=6)
    for _ in range(12):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    bot = LookaheadAgent(1, candidates=3, horizon=8, inner=(2, 3))
    assert bot.budget(game.edition) == (3, 8, 1, (2, 3))
    ranked = bot.weigh(position)
    futures, greedy_futures = {}, {}
    for _v, _r, action, _g in ranked[:3]:
        world = position.sample(0)
        world.apply(action)
        futures[action.token] = outcome(play_on(world, 8, looking_successor(2, 3)), position.player)
        greedy_futures[action.token] = outcome(play_on(world, 8), position.player)
    assert [round(v, 9) for v, *_ in ranked[:3]] == sorted((round(v, 9) for v in futures.values()), reverse=True)
    assert futures != greedy_futures


@pytest.mark.parametrize("inner", [(0, 3), (2, -1), (1,)])
def test_a_bad_inner_lookahead_is_refused(inner):
    with pytest.raises(ValueError, match="players in the futures"):
        LookaheadAgent(1, inner=inner)


def test_a_level_reads_the_inner_lookahead_of_the_edition(monkeypatch):
    game = caylus.new_game("caylus", players=3, seed=4)
    table = game.edition.heuristics.LOOKAHEAD
    monkeypatch.setitem(table, "hard", {"candidates": 2, "horizon": 3, "inner": {"candidates": 2, "horizon": 1}})
    assert make_agent("hard", 1).budget(game.edition) == (2, 3, 1, (2, 1))


def test_mcts_reuses_its_tree_where_nothing_is_hidden():
    game = caylus.new_game("caylus", players=2, seed=4)
    bot = MCTSAgent(1, iterations=200)
    root = bot.search(Position(game))
    action = max(root.children, key=lambda t: root.children[t].visits)
    kept = root.children[action]
    game.apply(action)
    if not game.is_terminal:
        assert bot._reused_root(Position(game)) is kept


def test_mcts_sets_priors_one_step_below_the_root_and_on_a_reused_root():
    game = caylus.new_game("caylus", players=2, seed=4)
    bot = MCTSAgent(1, iterations=200)
    root = bot.search(Position(game))
    assert root.primed
    searched = [child for child in root.children.values() if child.children]
    assert searched and all(child.primed for child in searched)
    # Once its own decision comes back, the bot searches from a kept node: it must carry priors too.
    action = max(root.children, key=lambda t: root.children[t].visits)
    game.apply(action)
    assert bot.search(Position(game)).primed


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
@pytest.mark.parametrize("spec", ["greedy", "mcts", "random", "lookahead"])
def test_bots_explain_their_best_moves_in_words(edition, spec):
    game = caylus.new_game(edition, players=3, seed=8)
    bot = quick(spec, 1)
    position = Position(game)
    advice = bot.explain(position, top=3)
    assert 1 <= len(advice) <= 3
    for a in advice:
        assert isinstance(a, Advice) and a.action in position.legal and isinstance(a.value, float)
        # The reason starts with the move in plain words, then says why.
        assert a.reason.startswith(caylus.describe_action(position.view, a.action.token) + ":")


def test_reasons_count_in_the_right_number():
    assert counted(1, "denier(s)") == "+1 denier" and counted(-2, "denier(s)") == "-2 deniers"
    assert counted(-1, "batch(es) for the castle") == "-1 batch for the castle"
    assert counted(1.5, "point(s) your placed workers should bring") == "+1.5 points your placed workers should bring"
    assert counted(1, "residence(s) (1 denier a turn)") == "+1 residence (1 denier a turn)"  # a note stays as it is


@pytest.mark.parametrize("edition", ["caylus", "caylus-1303", "magna-carta"])
def test_every_gain_reads_as_words_after_a_number(edition):
    """The edition's reason words name every feature and read after a signed number (no "+1 a ...")."""
    heuristics = caylus.get_edition(edition).heuristics
    assert set(heuristics.GAIN_WORDS) == set(heuristics.FEATURES)
    for words in heuristics.GAIN_WORDS.values():
        assert words and not words.startswith(("a ", "an ", "the ")), words


@pytest.mark.parametrize("spec,message", [
    ("", "text"), ("brilliant", "unknown agent"), ("mcts:0", "whole number"), ("mcts:abc", "whole number"),
    ("nosuchmodule_xyz:Bot", "cannot import"), ("caylus.agents:NoSuchBot", "has no"),
    ("caylus.agents:Position", "cannot build"),
])
def test_a_bad_agent_name_is_one_clear_error(spec, message):
    with pytest.raises(BadAgent, match=message):
        make_agent(spec, 1)


def test_a_users_own_class_plays(tmp_path, monkeypatch):
    (tmp_path / "mybots.py").write_text(
        "class First:\n"
        "    name = 'first'\n"
        "    def __init__(self, seed=None):\n"
        "        self.seed = seed\n"
        "    def choose(self, position):\n"
        "        return position.legal[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    bot = make_agent("mybots:First", 5)
    assert bot.seed == 5
    game = play_game(caylus.new_game("caylus", players=2, seed=1), [bot, make_agent("greedy", 1)])
    assert game.is_terminal


def test_every_level_is_described_and_built():
    from caylus.agents import LEVELS
    for name, (words, _build) in LEVELS.items():
        assert words and make_agent(name, 1).name == name
    assert isinstance(make_agent("greedy", 1), GreedyAgent)


def test_a_hidden_information_position_rebuilt_from_its_view_alone_is_the_same_position():
    game = caylus.new_game("magna-carta", players=3, seed=8)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    real = Position(game)
    again = Position.from_view(game.view(game.current_player), len(game.history))
    assert (again.player, again.view, again.legal, again.decisions, again.hidden) == \
           (real.player, real.view, real.legal, real.decisions, True)
    assert again.sample(3).view(again.player) == real.view
    with pytest.raises(ValueError, match="seat to move"):
        Position.from_view(game.view((game.current_player + 1) % 3), 6)
    with pytest.raises(ValueError, match="hides nothing"):
        perfect = caylus.new_game("caylus", players=2, seed=1)
        Position.from_view(perfect.view(perfect.current_player), 0)


def test_futures_that_slip_are_averaged_over_rounds_with_the_same_draws_for_every_move():
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(6):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    bot = LookaheadAgent(1, candidates=3, horizon=6, samples=4, noise=2.0)
    bot.choose(position)
    assert (bot.last_rounds, bot.last_futures) == (4, 3 * 4)
    # Without a slip, where nothing is hidden, every future of a move is the same: one round is enough.
    steady = LookaheadAgent(1, candidates=3, horizon=6, samples=4)
    steady.choose(position)
    assert (steady.last_rounds, steady.last_futures) == (1, 3)
    # The same seed, the same futures and the same move.
    again = LookaheadAgent(1, candidates=3, horizon=6, samples=4, noise=2.0)
    assert [w[:3] for w in again.weigh(position)] == [w[:3] for w in
                                                      LookaheadAgent(1, candidates=3, horizon=6, samples=4,
                                                                     noise=2.0).weigh(position)]


def test_a_slipping_future_is_greedy_play_with_a_slip():
    from caylus.agents.greedy import greedy_successor, slipping_successor
    import random
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(5):
        game.apply(GreedyAgent(0).choose(Position(game)))
    # A slip of nothing is the greedy policy; a huge slip is play at random, which departs from it.
    assert slipping_successor(random.Random(1), 0.0)(game).history == greedy_successor(game).history
    lines = {tuple(a.token for a in slipping_successor(random.Random(k), 1000.0)(game).history) for k in range(8)}
    assert len(lines) > 1


def test_hard_thinking_for_a_while_plays_more_rounds_given_more_time(monkeypatch):
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(8):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    # Short futures, so that a round takes milliseconds even on a busy machine.
    monkeypatch.setitem(game.edition.heuristics.LOOKAHEAD, "hard", {"candidates": 2, "horizon": 2})
    quick, slow = make_agent("hard:0.05", 1), make_agent("hard:1", 1)
    start = time.perf_counter()
    assert quick.choose(position) in game.legal_actions()
    assert time.perf_counter() - start < 0.05 + 3.0  # a deadline: at most one round beyond it on a busy machine
    slow.choose(position)
    assert slow.last_rounds > quick.last_rounds >= 1
    assert slow.last_futures == 2 * slow.last_rounds  # whole rounds only: every move met the same futures
    assert slow.name == "hard:1"


@pytest.mark.parametrize("spec", ["hard:0", "hard:-1", "hard:abc", "hard:nan", "hard:inf", "hard:", "hard:1e9"])
def test_a_bad_thinking_time_is_one_clear_error(spec):
    with pytest.raises(BadAgent, match="hard:SECONDS needs a number of seconds"):
        make_agent(spec, 1)


def test_doubt_moves_a_moves_value_from_the_greedys_towards_its_futures():
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(10):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    greedy = {action: value for value, _i, action, _g in GreedyAgent(1).rank(position)[1]}
    futures = {w[2]: w[0] for w in LookaheadAgent(1, candidates=4, horizon=12).weigh(position)}
    doubted = LookaheadAgent(1, candidates=4, horizon=12, doubt=3.0).weigh(position)
    assert len(doubted) == len(greedy)
    for value, rank, action, _g in doubted[:4]:
        # one round of futures: a quarter of the way from the greedy's value to the future's margin
        assert value == pytest.approx(greedy[action] + 0.25 * (futures[action] - greedy[action]))
    with pytest.raises(ValueError):
        LookaheadAgent(1, doubt=-1.0)


def test_futures_the_same_in_every_deal_so_far_end_the_search_after_agree_rounds():
    game = caylus.new_game("caylus", players=2, seed=3)
    for _ in range(6):
        game.apply(GreedyAgent(0).choose(Position(game)))
    position = Position(game)
    # Slips too small to change any move: every round plays the same futures, so 2 rounds settle it, at the
    # values and order all 4 rounds give.
    full = LookaheadAgent(1, candidates=3, horizon=6, samples=4, noise=1e-9)
    early = LookaheadAgent(1, candidates=3, horizon=6, samples=4, noise=1e-9, agree=2)
    ranked, everything = early.weigh(position), full.weigh(position)
    assert [w[1:3] for w in ranked] == [w[1:3] for w in everything]
    assert [w[0] for w in ranked] == pytest.approx([w[0] for w in everything])
    assert (full.last_rounds, early.last_rounds, early.last_futures) == (4, 2, 3 * 2)
    # Slips that change the lines: the deals disagree, and every round is played.
    wild = LookaheadAgent(1, candidates=3, horizon=6, samples=4, noise=1000.0, agree=2)
    wild.weigh(position)
    assert wild.last_rounds == 4


@pytest.mark.parametrize("agree", [1, -1, True, 2.0, "2"])
def test_a_bad_agree_setting_is_one_clear_error(agree):
    with pytest.raises(ValueError, match="agree after 2 rounds"):
        LookaheadAgent(1, agree=agree)


def _magna_carta_mid_turn():
    """A two-player Magna Carta position in the actions phase with several moves, some workers already placed."""
    game = caylus.new_game("magna-carta", players=2, seed=7)
    greedy = GreedyAgent(0)
    while game.board.turn < 3 or len(game.legal_actions()) < 3 or not game.board.road_worker.count(-1) < len(
            game.board.road_worker):
        game.apply(greedy.choose(Position(game)))
    return game


def test_a_future_with_turns_stops_where_the_next_turn_begins():
    """`turns=1`: every move's future is played to where the next turn begins (its provost, buildings and castle
    played out, the income paid), however many decisions that takes, and valued there."""
    from caylus.agents.greedy import greedy_successor
    from caylus.agents.lookahead import future_value, outcome

    game = _magna_carta_mid_turn()
    position = Position(game)
    seat, turn = position.player, game.board.turn
    for action in position.legal[:3]:
        world = position.sample(11)
        world.apply(action)
        while not world.is_terminal and world.board.turn < turn + 1:
            world = greedy_successor(world)
        assert world.board.turn == turn + 1  # not cut mid-turn: the provost, buildings and castle played out
        assert future_value(position, action, 11, 200, seat, turns=1) == outcome(world, seat)
        # The horizon still caps it: 2 decisions do not reach the next turn, so the two futures are the same.
        assert future_value(position, action, 11, 2, seat, turns=1) == future_value(position, action, 11, 2, seat)


def test_a_level_reads_where_its_futures_end_from_the_edition(monkeypatch):
    import random

    from caylus.agents.lookahead import future_value

    game = _magna_carta_mid_turn()
    table = game.edition.heuristics.LOOKAHEAD
    monkeypatch.setitem(table, "hard", {"candidates": 2, "horizon": 200, "samples": 1, "turns": 1})
    bot = make_agent("hard", 1)
    assert bot.turns_in(game.edition) == 1
    position = Position(game)
    ranked = bot.weigh(position)
    seed = random.Random(1).getrandbits(63)  # the bot's first deal
    for value, _rank, action, _g in ranked[:2]:
        assert value == future_value(position, action, seed, 200, position.player, turns=1)
    monkeypatch.setitem(table, "hard", {"candidates": 2, "horizon": 12, "turns": -1})
    with pytest.raises(ValueError, match="whole number of turns"):
        bot.choose(Position(game))


@pytest.mark.parametrize("turns", [-1, True, 1.5, "1"])
def test_a_bad_turns_setting_is_one_clear_error(turns):
    with pytest.raises(ValueError, match="whole number of turns"):
        LookaheadAgent(1, turns=turns)


def test_magna_carta_hard_plays_to_the_turns_end_and_its_review_keeps_the_measured_futures():
    from caylus.agents.review import Reviewer

    edition = caylus.new_game("magna-carta", players=2, seed=1).edition
    reviewer = Reviewer("hard")
    assert reviewer.agent.turns_in(edition) == 1  # the level's own futures: to the start of the next turn
    # The review's: the 12 decisions its REVIEW_LOSS_SCALE was measured with (`review.CAPS` caps the rest).
    assert reviewer.budget(edition) == (3, 12, 2)
