"""The end-of-game evaluation of a Magna Carta position (planner.py) counts what the rulebook says things will be
worth when the game ends, and the planner (`style:planner`) plays by it from its seat's view alone."""

import pytest

import caylus
from caylus.agents import Position, make_agent, play_game
from caylus.agents.planner import PlannerAgent
from caylus.editions.magna_carta import heuristics as H
from caylus.editions.magna_carta import planner as P

from .mc_scenario import BLUE, GREEN, RED, new, residence, set_player, set_road, tidy_cards, to_actions

ROAD = ["park", "forest", "quarry", "peddler", "blue:large_quarry", "green:small_quarry", "blue:small_farm"]


def _turns_left(g, tokens_left: int) -> None:
    """Leave `tokens_left` castle tokens (Towers last), the others taken by the players, at turn 5."""
    b = g.board
    b.castle = [0, 0, 0]
    left = tokens_left
    for s in (2, 1, 0):
        b.castle[s] = min(left, 9)
        left -= b.castle[s]
    b.turn = 5


def _position(tokens_left: int, **blue):
    g = new(3)
    set_road(g, ROAD, provost=6, pools={5: 4})
    for p in range(3):
        set_player(g, p, deniers=3, food=0, wood=0, stone=0, gold=0)
    set_player(g, BLUE, **blue)
    tidy_cards(g)
    _turns_left(g, tokens_left)
    return to_actions(g, BLUE)


def test_turns_left_follow_the_castle_tokens_left():
    # End of the game: the game ends when the castle's last token is taken; each batch takes one, a turn without
    # any removes 2 (phase 5). Fewer tokens left, fewer turns.
    assert P.turns_left(_position(2).board) < P.turns_left(_position(8).board) < P.turns_left(_position(18).board)
    assert P.turns_left(_position(1).board) == 1.0


def test_deniers_and_cubes_fall_to_what_they_score_at_the_end():
    # End of the game: each group of 3 deniers yields 1 PP, each gold 1 PP, each 3 other cubes 1 PP. Before, cubes
    # and gold pay for buildings and batches: worth more while turns are left. Deniers are worth their end-game
    # rate all along (measured: kept at more, they were hoarded), spare ones less while they only wait.
    f = dict(zip(H.FEATURES, P.weights(1.0)))
    assert f["deniers"] == f["spare_deniers"] == pytest.approx(1 / 3)
    assert f["food"] == pytest.approx(1 / 3) and f["gold"] == 1.0
    early = dict(zip(H.FEATURES, P.weights(10.0)))
    assert early["deniers"] == pytest.approx(1 / 3) and early["spare_deniers"] < early["deniers"]
    assert early["stone"] > f["stone"] and early["gold"] > f["gold"]


def test_each_cube_of_a_batch_is_worth_more_than_it_costs_at_a_peddler():
    # Phase 5: a batch is 1 food, 1 wood and 1 stone for the next castle token (here the Walls', 3 PP). Phase 2 C)
    # and the Peddler: a worker costs 1 denier and the cube 1 more. A cube that adds a kind to the batch a seat has
    # begun is worth about its third of the token, more than the 2 deniers (2/3 PP at the end) it costs, so the
    # planner turns deniers into batches instead of keeping them.
    def blue(**supply):
        return P.end_values(_position(12, **supply).board)[BLUE]
    token = H.next_tokens(_position(12).board)[0]
    assert token == 3
    for have in ({"food": 1}, {"food": 1, "wood": 1}):
        kind = "wood" if "wood" not in have else "stone"
        gain = blue(**have, **{kind: 1}, deniers=1) - blue(**have, deniers=3)
        assert gain > 0.9 * token / 3 - 2 / 3


def test_a_building_earns_for_the_turns_left_and_nothing_in_the_last():
    # Cards: the secondary effect benefits the owner each time another player works the card; once the game ends
    # only the printed prestige counts (already in the score).
    last, mid, early = (dict(zip(H.FEATURES, P.weights(t))) for t in (1.0, 3.0, 8.0))
    for family in P.TURN_INCOME:
        assert last[family] == 0.0 < mid[family] < early[family]
    assert last["residence"] == 0.0 < mid["residence"]  # Phase 1: a Residence pays 1 denier a turn


def test_a_prestige_building_is_worth_more_than_its_cost_late_in_the_game():
    # E) Construct a prestige building: the Statue (2 stone + 1 gold, 6 PP) on one of the builder's Residences
    # (which then yields no point, End of the game); the cubes and gold kept would score 1 + 2/3 at most.
    g = _position(3, stone=2, gold=1)
    residence(g, 6)
    g = to_actions(g, BLUE)
    before, score = P.end_values(g.board)[BLUE], g.scores()[BLUE]
    statue = next(a for a in g.legal_actions() if a.token == "prestige:statue")
    g.apply(statue)
    while g.current_player == BLUE and g.board.stack and g.board.stack[-1][0] != P.D_ACTION:
        g.apply(g.legal_actions()[0])  # where the statue goes, if asked
    assert g.scores()[BLUE] == score + 6 - 1  # the Statue's 6, less the Residence's 1 it covers
    # Worth more built than the cubes and gold kept, although the kept ones already count the Statue within reach
    # (at a share: it may still be taken by another player first) and would score 1 + 2/3 at the end.
    assert P.end_values(g.board)[BLUE] > before > score + 1 + 2 / 3
    # ... and in the last turn the planner builds it, rather than pass or spend the gold on a road card (no denier
    # left to place a worker first).
    g = _position(1, stone=2, gold=1, deniers=0)
    residence(g, 6)
    g = to_actions(g, BLUE)
    assert PlannerAgent(P, 1).choose(Position(g)).token == "prestige:statue"


def test_once_the_game_is_over_the_value_is_the_final_score():
    game = play_game(caylus.new_game("magna-carta", players=2, seed=3), [make_agent("greedy", 1),
                                                                         make_agent("style:planner", 2)])
    assert P.end_values(game.board) == [float(s) for s in game.scores()]


def test_a_worker_on_a_building_is_worth_what_it_brings_and_its_owner_gains_too():
    # Phase 4: the worker's owner gets the primary effect (the stone Quarry: 2 stone), the card's owner the
    # secondary effect (1 stone) when another player works it.
    g = _position(12)
    at_home = P.end_values(g.board)
    g.apply(next(a for a in g.legal_actions() if a.token.startswith("place:") and "large_quarry" in a.token))
    placed = P.end_values(g.board)
    # Blue placed on its own Quarry: 2 stone for 1 denier (no secondary effect on one's own card).
    assert placed[BLUE] > at_home[BLUE]
    assert placed[RED] == at_home[RED] and placed[GREEN] == at_home[GREEN]


def test_the_planner_is_a_style_of_the_gauntlet_and_quick():
    from caylus.agents.styles import describe, style_names
    assert "style:planner" in style_names("magna-carta")
    assert "end of the game" in describe("magna-carta")["style:planner"]
    game = play_game(caylus.new_game("magna-carta", players=3, seed=4),
                     [make_agent("style:planner", q) for q in range(3)])
    assert game.is_terminal and game.winners()


def test_the_same_seed_gives_the_same_game():
    def one_game(seed):
        return play_game(caylus.new_game("magna-carta", players=2, seed=6),
                         [make_agent("style:planner", seed), make_agent("greedy", 2)]).record()
    assert one_game(1) == one_game(1)
