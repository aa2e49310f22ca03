"""Setup (rulebook, "Setup"), the options, and the end of the game with its scoring."""

import pytest

import caylus
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import CARD_BY_NAME, NEUTRAL_CARDS, THE_PEDDLER

from .mc_scenario import BLUE, GREEN, RED, new, play, residence, set_player, set_road, to_castle, top


def raw_board(players, rules="standard", seed=0):
    """The board before the core plays anything (new_board already asks the first redraw question)."""
    return caylus.get_edition("magna-carta").new_board(players, seed, {"rules": rules})


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", ["standard", "beginner"])
def test_setup(players, rules):
    """The Peddler plus 1/2/3 random neutral cards to its left; tokens 7/8/9 minus 1 (3 players) or 2 (2 players);
    each player 2 food, 2 wood, 4 deniers, a shuffled deck of 12 (10 beginner) with 3 cards in hand."""
    b = raw_board(players, rules)
    assert len(b.road_card) == players and b.road_card[-1] == THE_PEDDLER
    assert len(set(b.road_card)) == players and all(c in NEUTRAL_CARDS for c in b.road_card)
    assert b.road_owner == [-1] * players
    assert b.provost == (players - 1 if rules == "standard" else -1)  # the provost starts on the Peddler
    assert b.castle == [7 - (4 - players), 8 - (4 - players), 9 - (4 - players)]
    deck = 12 if rules == "standard" else 10
    for p in range(players):
        assert b.cubes[p] == [2, 2, 0, 0] and b.deniers[p] == 4 and b.workers[p] == 4
        assert len(b.hand[p]) == 3 and len(b.deck[p]) == deck - 3 and b.discard[p] == []
        assert len(set(b.hand[p] + b.deck[p])) == deck
        if rules == "beginner":
            assert CARD_BY_NAME["lawyer"] not in b.hand[p] + b.deck[p]
            assert CARD_BY_NAME["church"] not in b.hand[p] + b.deck[p]
    assert len(b.prestige_left) == (7 if rules == "standard" else 6)
    assert b.stack[-1][:2] == (R.D_REDRAW, b.first_player)


def test_random_first_player_and_road():
    firsts = {raw_board(4, seed=s).first_player for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    roads = {tuple(raw_board(4, seed=s).road_card) for s in range(40)}
    assert len(roads) > 5


def test_one_time_redraw_of_the_whole_hand_in_turn_order():
    """"Now, each player may discard all the cards in their hand and take 3 new cards. This may only be done once.
    Discarded cards are placed face up in a discard pile.\""""
    g = new(3, seed=5)
    first = g.board.first_player
    assert top(g) == ("redraw", first) and g.legal_tokens() == ["pass", "redraw"]
    old = list(g.board.hand[first])
    play(g, "redraw")
    b = g.board
    assert sorted(b.discard[first]) == old and len(b.hand[first]) == 3 and not set(old) & set(b.hand[first])
    assert top(g) == ("redraw", (first + 1) % 3)
    play(g, "pass", "pass")
    # Then turn 1 begins with income: 4 + 2 deniers each.
    assert b.phase == R.ACTIONS_PHASE and b.deniers == [6, 6, 6] and top(g) == ("action", first)


def test_rules_option():
    assert new(2, "beginner").board.standard is False
    assert caylus.new_game("magna-carta", players=2).options == {"rules": "standard"}
    with pytest.raises(caylus.BadOption):
        caylus.new_game("magna-carta", players=2, rules="expert")
    with pytest.raises(caylus.BadOption):
        caylus.new_game("magna-carta", players=5)
    with pytest.raises(caylus.BadOption):
        caylus.new_game("magna-carta", players=1)


# -- end of turn and end of game -----------------------------------------------------------------------------------
def test_no_batch_removes_two_tokens_in_section_order():
    """"If no-one has offered any batch during this phase, 2 tokens are removed from the stock ... taken from the
    proper section of the Castle (red, then orange, then yellow).\""""
    g = new(2)
    g.board.castle[:] = [1, 6, 7]
    for p in range(2):
        set_player(g, p, food=0, wood=0, stone=0, gold=0)
    to_castle(g, [0, 1])
    assert g.board.castle == [0, 5, 7] and g.board.removed == [1, 1, 0]


def test_first_player_card_passes_left_and_income_is_paid():
    g = new(3)
    for p in range(3):
        set_player(g, p, food=0, wood=0, stone=0, gold=0, deniers=0)
    g.board.first_player = GREEN
    to_castle(g, [0, 1, 2])
    assert g.board.first_player == BLUE and g.board.deniers == [2, 2, 2] and top(g) == ("action", BLUE)


def test_game_ends_when_the_token_stock_is_empty_and_scores():
    """"If no token is left in the stock, the game is over." End scoring: tokens, the buildings' visible values,
    1 per gold, 1 per 3 other cubes, 1 per 3 deniers; no tie-breaker."""
    g = new(2)
    set_road(g, ["park", "peddler", "blue:bank", "blue:market", "blue:peddler", "red:large_farm"])
    residence(g, 3)  # 1 point
    residence(g, 4, "monument")  # 0 for the residence, 10 for the monument
    g.board.castle[:] = [0, 0, 1]
    g.board.tokens[BLUE] = [2, 1, 3]  # 8 + 3 + 6 = 17
    set_player(g, BLUE, food=2, wood=2, stone=1, gold=2, deniers=8)  # 5 cubes -> 1, 2 gold -> 2, 8 deniers -> 2
    set_player(g, RED, food=1, wood=1, stone=1, gold=0, deniers=2)  # one batch
    assert g.scores() == [17 + 3 + 1 + 10, 2]  # during the game: tokens and buildings only
    to_castle(g, [RED, BLUE])
    play(g, "batch")  # Red takes the last token
    assert g.is_terminal
    assert g.board.tokens[RED] == [0, 0, 1]
    # Red: 2 (token) + 2 (large farm) + 1 (gold for most batches) + 0 + 0
    assert g.scores() == [17 + 3 + 1 + 10 + 1 + 2 + 2, 2 + 2 + 1]
    assert g.winners() == [BLUE]


def test_beginner_scoring_counts_printed_prestige_and_buildings_in_front():
    g = new(2, "beginner")
    set_road(g, ["park", "peddler", "blue:bank", "red:small_farm"])
    g.board.front[RED] = [0]  # theatre
    assert g.scores() == [3, 1 + 6]


def test_scores_from_road_points_kept_are_the_scores():
    """`scores(b, road_points(b))` (the research encoder keeps the road's points by the road's content) is
    `scores(b)`, in front of their owner too, and at the end with the supply's points."""
    from caylus.editions.magna_carta.scoring import building_points, road_points, scores
    g = new(2, "beginner")
    set_road(g, ["park", "peddler", "blue:bank", "red:small_farm"])
    g.board.front[RED] = [0]  # theatre
    b = g.board
    assert road_points(b) != building_points(b)  # the theatre in front counts in one only
    assert scores(b, road_points(b)) == scores(b) == g.scores() == [3, 1 + 6]
    b.terminal = True
    assert scores(b, road_points(b)) == scores(b)


def test_church_emptying_the_stock_ends_the_game_at_end_of_turn():
    g = new(2)
    set_road(g, ["park", "peddler", "blue:church"])
    g.board.castle[:] = [0, 0, 1]
    b = g.board
    b.road_worker[2] = RED
    b.workers[RED] = 3
    set_player(g, RED, deniers=2, food=1, wood=1, stone=1)
    set_player(g, BLUE, deniers=0)
    from .mc_scenario import to_effects
    to_effects(g, [BLUE, RED])
    play(g, "church:1")
    assert g.is_terminal and g.board.tokens[RED] == [0, 0, 1]


def test_tied_scores_share_the_victory():
    """"There is no tie-breaker.\""""
    g = new(2)
    set_road(g, ["park", "peddler"])
    g.board.castle[:] = [0, 0, 0]
    for p in range(2):
        set_player(g, p, food=0, wood=0, stone=0, gold=0, deniers=0)
    to_castle(g, [0, 1])
    assert g.is_terminal and g.winners() == [0, 1] and g.returns() == [1.0, 1.0]
