"""Caylus (2005) end-of-game evaluation (`planner.values`) and the player over it (`style:planner`).

Quotes are from shared/rules/caylus-rules.txt.
"""

from __future__ import annotations

import caylus
from caylus.agents import Position, make_agent
from caylus.agents.styles import style_names
from caylus.agents.planner import PlannerSearch, play_on, settle
from caylus.editions.classic import planner
from caylus.editions.classic.scoring import scores

from . import scenario as sc
from .scenario import BLUE, GREEN, ORANGE, RED

ORDER = [BLUE, RED, GREEN, ORANGE]


def value(game, seat: int = BLUE) -> float:
    return planner.values(game.board)[seat]


def _at_architect(bailiff: int):
    """Blue's worker at the Architect (Red's), with a Residence of its own and a Statue's cubes, the bailiff on
    `bailiff`."""
    game = sc.new(order=ORDER)
    sc.put_tile(game, "residence", owner=BLUE)
    sc.set_hand(game, BLUE, 3, stone=2, gold=1)
    sc.set_road(game, bailiff=bailiff)
    sc.use_building(game, "architect", BLUE, RED)
    return game


def test_a_prestige_building_late_in_the_game_is_worth_more_than_its_cubes():
    """Rules p4 b: a prestige building is built "on the sites of the residential buildings owned by a given
    player" and its builder "immediately scores the number of prestige points" (the Statue: 7, and "the statue
    ... the builder immediately gains 1 royal favor"); at the end 3 other cubes make 1 prestige and a gold cube 3
    (rules p6). Two turns from the end, Blue at the Architect with 2 stone and 1 gold is worth more after building
    the Statue than after passing."""
    game = _at_architect(bailiff=22)
    assert planner.turns_left(game.board) <= 3
    passed = game.clone()
    passed.apply("pass")
    built = game.clone()
    built.apply("build:statue")
    built, _margin = settle(planner, built, BLUE, built.board)  # the Statue's favor taken
    assert value(built) > value(passed) + 1


def test_a_building_of_ones_own_is_worth_more_with_more_turns_left():
    """Rules p3 c: a wood building pays its owner 1 prestige "each time" another player's worker uses it, so it
    is worth the uses left: Blue's Sawmill counts for more early in the game than two turns from the end."""
    worths = []
    for bailiff in (8, 22):
        game = sc.new(order=ORDER)
        without = value(game)
        sc.put_tile(game, "sawmill", owner=BLUE)
        sc.set_road(game, bailiff=bailiff)
        with_it = value(game)
        game = sc.new(order=ORDER)
        sc.set_road(game, bailiff=bailiff)
        worths.append(with_it - value(game))
        assert with_it > without - 1e-9 or bailiff > 8
    early, late = worths
    assert early > late + 2


def test_cubes_and_deniers_fall_to_their_end_worth():
    """Rules p6, "End of the game": each gold cube is worth 3 prestige, each 3 other cubes 1, each 4 deniers 1.
    Early, a stone is worth more than a third of a point (it builds); at the last turn, a third."""
    stone = planner.FEATURES.index("stone")
    deniers = planner.FEATURES.index("deniers")
    gold = planner.FEATURES.index("gold")
    early, last = planner._weights(12.0, 2), planner._weights(0.0, 2)
    assert early[stone] > 1.0 and abs(last[stone] - 1 / 3) < 1e-9
    assert early[deniers] > 0.25 and abs(last[deniers] - 0.25) < 1e-9
    assert last[gold] == 3.0


def test_turns_left_follow_the_bailiff_and_the_castle():
    """Rules p5: a section is counted when the bailiff reaches its count space "or if a section has been
    completed"; the Towers' count ends the game. Fewer turns are left with the bailiff further on, or with the
    castle nearly full."""
    game = sc.new(order=ORDER)
    start = planner.turns_left(game.board)
    sc.set_road(game, bailiff=18)
    later = planner.turns_left(game.board)
    sc.set_castle(game, dungeon={BLUE: 3, RED: 3}, walls={BLUE: 5, RED: 5}, towers={GREEN: 6, ORANGE: 6}, counted=2)
    full = planner.turns_left(game.board)
    assert start > later > full >= 1.0


def test_a_finished_game_is_worth_its_final_scores():
    game = caylus.new_game("caylus", players=2, seed=3)
    bots = [make_agent("greedy", p) for p in range(2)]
    while not game.is_terminal:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else bots[game.current_player].choose(Position(game)))
    assert planner.values(game.board) == [float(s) for s in scores(game.board)]


def test_the_planner_is_a_style_player_that_plays_the_same_moves_from_the_same_seed():
    assert "style:planner" in style_names("caylus")

    def moves(seed: int) -> list[str]:
        game = caylus.new_game("caylus", players=2, seed=seed)
        bots = [make_agent("style:planner", seed + p) for p in range(2)]
        out = []
        while not game.is_terminal and len(out) < 120:
            legal = game.legal_actions()
            action = bots[game.current_player].choose(Position(game))
            assert action in legal
            out.append(action.token)
            game.apply(action)
        return out

    assert moves(5) == moves(5)


def test_the_planner_builds_at_the_architect_when_it_can():
    """The player itself: at the Architect with a Statue's cubes two turns from the end, it builds (rules p4 b)."""
    game = _at_architect(bailiff=22)
    token = make_agent("style:planner", 1).choose(Position(game)).token
    assert token.startswith("build:")


def test_hard_plays_as_the_planner_search_and_hard_seconds_as_its_anytime_form():
    """Caylus 2005's `hard` is the planner's search (`heuristics.LOOKAHEAD["hard"]["agent"]`): the same moves from
    the same seed; `hard:SECONDS` is that search thinking for its time (deeper searches while time is left)."""
    game = caylus.new_game("caylus", players=2, seed=4)
    hard = make_agent("hard", 3)
    search = PlannerSearch(planner, 3, candidates=4, horizon=40, turns=1, from_decision=True)
    for _ in range(12):
        position = Position(game)
        action = hard.choose(position)
        assert action == search.choose(position)
        game.apply(action)
    thinking = make_agent("hard:0.05", 3).own_player(game.edition)
    assert isinstance(thinking, PlannerSearch) and (thinking.candidates, thinking.horizon) == (4, 40)
    assert thinking.think == 0.05 and thinking.from_decision
    # With more time: more futures of its own 4 best moves, twice as many each time, never a future past the next
    # turn and never more moves.
    schedule = thinking.schedule(20, False)
    assert schedule == [(4, 40, 1, 1, (0, 0), samples) for samples in (1, 4, 8, 16, 32, 64, 128, 256, 512, 1024)]


def _castle_pass_ending_the_turn():
    """A castle decision from a real game (heads-up, greedy, seed 4) where passing ends the turn and the seat who
    passes places first in the next one: the game there and the game after the pass."""
    game = caylus.new_game("caylus", players=2, seed=4)
    greedy = [make_agent("greedy", 40 + p) for p in range(2)]
    while not game.is_terminal:
        legal = game.legal_actions()
        seat = game.current_player
        if "pass" in [a.token for a in legal] and any(a.token.startswith("batch:") for a in legal):
            after = game.clone()
            after.apply("pass")
            if after.board.turn != game.board.turn and after.current_player == seat:
                return game, after
        game.apply(legal[0] if len(legal) == 1 else greedy[seat].choose(Position(game)))
    raise AssertionError("no such castle decision in the game")


def test_a_move_that_ends_the_turn_is_judged_where_the_next_turn_begins():
    """Rules p5: a worker in the castle may give no batch (and loses 2 prestige); the castle is the turn's last
    phase, so passing there can end the turn. The seat's own follow-ups stop at the new turn (its first placement
    there is not a consequence of the pass), and the search's futures, counted in turns from the board the move
    was chosen on, stop there too: a pass is not played a whole turn further than a batch."""
    before, after = _castle_pass_ending_the_turn()
    seat = before.current_player
    settled, value = settle(planner, after, seat, before.board)
    assert settled is after and value == planner.margin(after.board, seat)
    assert play_on(planner, after, 40, 1, start=before.board) is after
    assert play_on(planner, after, 40, 1).board.turn == after.board.turn + 1  # counted from after the move
