"""Phase 2: the six actions with their prices, and their refusals (rulebook, "Phase 2: Actions")."""

import pytest

import caylus
from caylus.editions.magna_carta import rules as R
from caylus.editions.magna_carta.catalog import CARD_BY_NAME, PRESTIGE_BY_NAME

from .mc_scenario import (
    BLUE, GREEN, RED, cubes, new, play, residence, set_player, set_road, to_actions, top, worker,
)

ROAD = ["park", "forest", "quarry", "peddler"]


def actions(actor=BLUE, players=4, rules="standard", road=None, bridge=(), **player):
    g = new(players, rules)
    set_road(g, road or ROAD)
    set_player(g, actor, **player)
    return to_actions(g, actor, bridge)


def names(cards):
    return sorted(R.CARDS[c].name for c in cards)


# -- A) draw a card --------------------------------------------------------------------------------------------------
def test_draw_takes_the_top_card_for_one_denier():
    """"The player pays 1 denier to the stock to take the first card on their pile and add it to their hand.\""""
    g = actions(deniers=2, hand=["bank"], deck=["market", "peddler", "church"], discard=[])
    play(g, "draw")
    b = g.board
    assert b.deniers[BLUE] == 1 and names(b.hand[BLUE]) == ["bank", "church"] and len(b.deck[BLUE]) == 2
    assert g.current_player == RED


def test_draw_from_an_empty_pile_reshuffles_the_discard_pile():
    """"If there are no cards left in the pile, the player shuffles the cards of their discard pile and builds a new
    pile.\""""
    g = actions(deniers=1, hand=[], deck=[], discard=["market", "peddler", "church"])
    play(g, "draw")
    b = g.board
    assert len(b.hand[BLUE]) == 1 and len(b.deck[BLUE]) == 2 and b.discard[BLUE] == []
    assert names(b.hand[BLUE] + b.deck[BLUE]) == ["church", "market", "peddler"]


def test_draw_refused_without_a_denier_or_a_card():
    g = actions(deniers=0, hand=["bank"], deck=["market"], wood=1, stone=2)  # can still build, so Blue is asked
    assert g.legal_tokens() == ["pass", "build:bank"]
    with pytest.raises(caylus.IllegalAction, match="Blue has no denier to pay for it"):
        g.apply("draw")
    g = actions(deniers=3, hand=["bank"], deck=[], discard=[])
    with pytest.raises(caylus.IllegalAction, match="no card left in their pile or discard pile"):
        g.apply("draw")


def test_hand_size_is_not_limited():
    g = actions(deniers=1, hand=["small_farm", "small_sawmill", "small_quarry", "peddler", "market"], deck=["bank"])
    play(g, "draw")
    assert len(g.board.hand[BLUE]) == 6


# -- B) replace the hand ---------------------------------------------------------------------------------------------
def test_replace_discards_the_whole_hand_and_draws_as_many():
    """"discard all the cards in their hand ..., place them face up in the discard pile, and take the same number of
    cards from their pile.\""""
    g = actions(deniers=1, hand=["bank", "church"], deck=["market", "peddler", "lawyer"], discard=["gold_mine"])
    play(g, "replace")
    b = g.board
    assert b.deniers[BLUE] == 0
    assert names(b.hand[BLUE]) == ["lawyer", "peddler"]
    assert names(b.discard[BLUE]) == ["bank", "church", "gold_mine"]


def test_replace_reshuffles_when_the_pile_runs_out():
    """"If there is not enough cards left in the pile, the player shuffles the cards of their discard pile and builds
    a new pile" (the cards just discarded included)."""
    g = actions(deniers=1, hand=["bank", "church"], deck=["market"], discard=[])
    play(g, "replace")
    b = g.board
    assert len(b.hand[BLUE]) == 2 and "market" in names(b.hand[BLUE])
    assert len(b.deck[BLUE]) == 1 and b.discard[BLUE] == []
    assert names(b.hand[BLUE] + b.deck[BLUE]) == ["bank", "church", "market"]


def test_replace_refused_with_an_empty_hand():
    g = actions(deniers=1, hand=[], deck=["market"])
    with pytest.raises(caylus.IllegalAction, match="no card in hand to replace"):
        g.apply("replace")


# -- C) place a worker -----------------------------------------------------------------------------------------------
def test_place_a_worker_costs_one_denier_and_allows_any_owner():
    """"A player may place a worker on a neutral building, on one of their own buildings, or on a building belonging
    to someone else.\""""
    g = actions(deniers=3, road=ROAD + ["blue:market", "red:bank"])
    tokens = g.legal_tokens()
    for t in ("place:park", "place:peddler", "place:blue_market", "place:red_bank"):
        assert t in tokens
    play(g, "place:red_bank")
    assert g.board.road_worker[5] == BLUE and g.board.deniers[BLUE] == 2 and g.board.workers[BLUE] == 3


def test_place_beyond_the_provost_is_allowed():
    g = new(4)
    set_road(g, ROAD + ["red:bank"], provost=1)
    set_player(g, BLUE, deniers=1)
    to_actions(g, BLUE)
    assert "place:red_bank" in g.legal_tokens()


def test_place_refusals():
    """"There can be only 1 worker per card." "Placing a worker on a residential building or a prestige building is
    forbidden." Each player has 4 workers, and placing costs 1 denier."""
    g = new(4)
    set_road(g, ROAD + ["red:market", "red:bank", "red:gold_mine", "green:market"])
    residence(g, 4)
    residence(g, 5, "statue")
    worker(g, 0, RED)
    set_player(g, BLUE, deniers=3)
    to_actions(g, BLUE)
    with pytest.raises(caylus.IllegalAction, match="Red already has a worker on the Park"):
        g.apply("place:park")
    with pytest.raises(caylus.IllegalAction, match="no worker may be placed on a residence or a prestige building"):
        g.apply("place:red_market")
    with pytest.raises(caylus.IllegalAction, match="no worker may be placed on a residence or a prestige building"):
        g.apply("place:red_bank")
    with pytest.raises(caylus.IllegalAction, match="Blue's Market is not on the road"):
        g.apply("place:blue_market")
    with pytest.raises(caylus.IllegalAction, match="the Trading Post is not on the road"):
        g.apply("place:trading_post")
    g.board.workers[BLUE] = 0
    g._legal = None
    with pytest.raises(caylus.IllegalAction, match="Blue has no worker left"):
        g.apply("place:forest")
    g.board.deniers[BLUE] = 0
    g._legal = None
    with pytest.raises(caylus.IllegalAction, match="Blue has no denier"):
        g.apply("place:forest")


def test_place_on_a_missing_colour_is_refused():
    g = actions(players=2, deniers=2)
    with pytest.raises(caylus.IllegalAction, match="there is no Orange player in a 2-player game"):
        g.apply("place:orange_market")


def test_a_player_places_up_to_four_workers():
    g = actions(deniers=10, road=ROAD + ["red:market"], players=2, bridge=[RED])
    for t in ("place:park", "place:peddler", "place:red_market", "place:forest"):
        play(g, t)
    assert g.board.workers[BLUE] == 0
    assert not any(t.startswith("place:") for t in g.legal_tokens())


# -- D) build from hand ------------------------------------------------------------------------------------------------
def test_build_refused_when_not_in_hand_or_unaffordable():
    g = actions(hand=["large_quarry"], food=1, wood=0, stone=1, gold=0)
    with pytest.raises(caylus.IllegalAction, match=r"Blue cannot afford the Quarry \(stone\): costs 1 food \+ 2 stone; "
                                                   r"has 1 food, 1 stone, 0 gold"):
        g.apply("build:large_quarry")
    # Not in hand and not affordable: the cost is public, the hand is not, so the reason is the cost, as it would
    # be with the Bank in hand (the same words to anyone the refusal is passed on to).
    with pytest.raises(caylus.IllegalAction, match="Blue cannot afford the Bank"):
        g.apply("build:bank")
    # Affordable and refused: only then does the refusal say the card is not in hand (refused says that already).
    g = actions(hand=["large_quarry"], food=1, wood=1, stone=0, gold=0)
    with pytest.raises(caylus.IllegalAction, match="Blue has no Farm \\(wood\\) in hand"):
        g.apply("build:small_farm")


def test_gold_pays_what_is_missing():
    """"Gold is a wild resource. A cube of gold equals a cube of any type" (Progress of the game)."""
    g = actions(hand=["bank"], food=0, wood=0, stone=1, gold=2)
    play(g, "build:bank")
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}


def test_gold_is_spent_only_if_the_builder_chooses():
    g = actions(hand=["bank"], food=0, wood=1, stone=2, gold=1)
    play(g, "build:bank")
    assert top(g) == ("pay", BLUE) and g.legal_tokens() == ["pay:wood", "pay:gold"]
    play(g, "pay:wood")
    assert g.legal_tokens() == ["pay:stone", "pay:gold"]
    play(g, "pay:stone")
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 1}


def test_white_cube_of_the_cost_is_chosen_by_the_builder():
    """The Peddler and Market cost 1 wood + 1 cube of any kind (a white cube): the builder chooses which cube, gold
    included ("White cubes stand for cubes of any kind (including gold)")."""
    g = actions(hand=["market"], food=1, wood=1, stone=1, gold=0)
    play(g, "build:market")
    assert top(g) == ("pay", BLUE)
    assert g.legal_tokens() == ["pay:food", "pay:stone"]  # the wood is needed for the wood of the cost
    with pytest.raises(caylus.IllegalAction, match="Blue needs 2 wood to pay the cube of any kind and the wood"):
        g.apply("pay:wood")
    with pytest.raises(caylus.IllegalAction, match="Blue has no gold"):
        g.apply("pay:gold")
    play(g, "pay:stone")
    assert cubes(g, BLUE) == {"food": 1, "wood": 0, "stone": 0, "gold": 0}
    assert g.current_player == RED


def test_white_cube_paid_with_gold_when_nothing_else_is_left():
    g = actions(hand=["peddler"], food=0, wood=1, stone=0, gold=1)
    play(g, "build:peddler")  # the only way to pay: no question asked
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}
    assert g.board.road_card[-1] == CARD_BY_NAME["peddler"] and g.board.road_owner[-1] == BLUE


@pytest.mark.parametrize("players,pool", [(2, 2), (3, 4), (4, 4)])
def test_small_production_card_gets_its_pool_when_built(players, pool):
    """"When one of these cards is placed on the road, put 4 cubes ... in the secondary effect area." "2 players: put
    2 cubes".\""""
    g = actions(players=players, hand=["small_sawmill"], food=1, wood=1)
    play(g, "build:small_sawmill")
    assert g.board.road_pool[-1] == pool


# -- E) prestige buildings ---------------------------------------------------------------------------------------------
def test_prestige_needs_a_residence_in_standard_rules():
    """"NB: It is impossible to build a prestige building if you do not own any residential buildings.\""""
    g = actions(stone=2, gold=1)
    assert "prestige:statue" not in g.legal_tokens()
    with pytest.raises(caylus.IllegalAction, match="Blue has no uncovered Residence"):
        g.apply("prestige:statue")


def test_prestige_asks_which_residence_when_there_are_two():
    g = new(4)
    set_road(g, ROAD + ["blue:market", "blue:bank", "red:gold_mine"])
    residence(g, 4)
    residence(g, 5)
    residence(g, 6)  # Red's: not Blue's to cover
    set_player(g, BLUE, food=0, wood=2, stone=0, gold=1)
    to_actions(g, BLUE)
    play(g, "prestige:theatre")
    assert top(g) == ("cover", BLUE) and g.legal_tokens() == ["cover:market", "cover:bank"]
    play(g, "cover:bank")
    assert g.board.road_face[5] == PRESTIGE_BY_NAME["theatre"] and g.board.road_face[4] == R.RESIDENCE
    assert cubes(g, BLUE) == {"food": 0, "wood": 0, "stone": 0, "gold": 0}


def test_prestige_refusals():
    g = new(4)
    set_road(g, ROAD + ["blue:market"])
    residence(g, 4)
    set_player(g, BLUE, food=0, wood=0, stone=3, gold=0)
    g.board.prestige_left.remove(PRESTIGE_BY_NAME["cathedral"])
    to_actions(g, BLUE)
    with pytest.raises(caylus.IllegalAction, match=r"cannot afford the Statue: costs 2 stone \+ 1 gold"):
        g.apply("prestige:statue")
    with pytest.raises(caylus.IllegalAction, match="the Cathedral is already built"):
        g.apply("prestige:cathedral")


def test_beginner_prestige_goes_in_front_of_the_player():
    """Beginner rules: the prestige building is built in front of you; the Hotel is not used."""
    g = actions(rules="beginner", stone=2, gold=1)
    assert "prestige:statue" in g.legal_tokens()
    with pytest.raises(caylus.IllegalAction, match="the Hotel is not used in the beginner rules"):
        g.apply("prestige:hotel")
    play(g, "prestige:statue")
    assert g.board.front[BLUE] == [PRESTIGE_BY_NAME["statue"]]
    assert g.scores()[BLUE] == 6


# -- F) pass -----------------------------------------------------------------------------------------------------------
def test_turn_order_skips_passed_players_and_phase_ends_when_all_passed():
    """Players act one action at a time in clockwise order; "Once a player has passed, they cannot take any actions
    for the remainder of the phase. Phase 2 lasts until all players have passed.\""""
    g = new(3)
    set_road(g, ROAD[1:])
    for p in range(3):
        set_player(g, p, deniers=2, food=0, wood=0, stone=0, gold=0)
    to_actions(g, RED)
    play(g, "pass")  # Red first: +1 denier
    assert g.current_player == GREEN
    play(g, "draw")
    assert g.current_player == BLUE
    play(g, "draw")
    assert g.current_player == GREEN  # Red has passed
    play(g, "pass", "pass")
    assert g.board.bridge == [RED, GREEN, BLUE]
    assert g.board.phase != R.ACTIONS_PHASE
    assert g.board.deniers == [1, 3, 1]  # after 1 denier of provost money for nobody: provost phase asks Red
    assert top(g) == ("provost", RED)


def test_unknown_or_misplaced_tokens_are_refused_with_the_decision_named():
    g = actions(deniers=2)
    with pytest.raises(caylus.IllegalAction, match=r"Blue must choose an action now"):
        g.apply("batch")
    with pytest.raises(caylus.IllegalAction, match="unknown action"):
        g.apply("fly")
