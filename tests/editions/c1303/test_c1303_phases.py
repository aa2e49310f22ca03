"""Setup, Planning, round structure and the end of the game."""

from __future__ import annotations

import pytest

import caylus
from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import (
    BROWN_SPACE, GRAY_SPACE, IN_BOX, IN_DRAFT, MONUMENT, ON_BOARD, PRINTED_SLOTS, RECOMMENDED_CHARACTERS,
    ROAD_SPACES, STARTING, STONEMASON, STONE_BUILDING, TILES, WOOD_BUILDING,
)

from .c1303_helpers import BLUE, GREEN, RED, YELLOW, Table


# -- Setup ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_as_the_book_lays_it_out(players):
    stonemason_on_site = False
    for seed in range(60):
        g = caylus.new_game("caylus-1303", players=players, seed=seed)
        b = g.board
        road = b.tile[PRINTED_SLOTS:]
        # 8 starting buildings on the Road, the 9th on Construction Site space 1.
        assert all(TILES[t].kind == STARTING for t in road[:8]) and len(set(road[:8])) == 8
        assert TILES[b.site[0]].kind == STARTING and b.site[0] not in road
        # One Wood building on the Site and one (never the Stonemason) on the brown space; same for Stone.
        assert TILES[b.site[1]].kind == WOOD_BUILDING and TILES[road[BROWN_SPACE]].kind == WOOD_BUILDING
        assert road[BROWN_SPACE] != STONEMASON
        stonemason_on_site |= b.site[1] == STONEMASON
        assert TILES[b.site[2]].kind == STONE_BUILDING and TILES[road[GRAY_SPACE]].kind == STONE_BUILDING
        assert [r for r in range(ROAD_SPACES) if road[r] < 0] == \
            [r for r in range(ROAD_SPACES) if r > BROWN_SPACE and r != GRAY_SPACE]
        assert all(b.face[s] == 0 and b.owner[s] < 0 for s in range(len(b.tile)))
        # 7 Wood + 7 Stone buildings and the 7 Monuments in the supply.
        kinds = [TILES[t].kind for t in range(len(TILES)) if b.supply[t]]
        assert kinds.count(WOOD_BUILDING) == 7 and kinds.count(STONE_BUILDING) == 7 and kinds.count(MONUMENT) == 7
        # The Provost just before the setup Wood building.
        assert b.provost == BROWN_SPACE
        start = 10 if players in (2, 5) else 6
        assert b.workers == [start] * players and b.camp == [15 - start] * players
        assert b.houses == [9] * players
        assert all(b.res[5 * p:5 * p + 5] == [1, 2, 1, 0, 0] for p in range(players))
        # The draft: players + 3 characters, the last player chooses first.
        assert b.chars.count(IN_DRAFT) == players + 3 and b.chars.count(IN_BOX) == 12 - players - 3
        assert g.current_player == (b.first - 1) % players
        assert b.phase == rules.DRAFT and b.round == 1
    assert stonemason_on_site


def test_character_draft_goes_counter_clockwise_from_the_last_player():
    """"Starting with the last player and continuing counterclockwise, each player chooses 1 Character tile
    ... The remaining 3 Characters are placed on the board."""
    g = caylus.new_game("caylus-1303", players=4, seed=3)
    first = g.board.first
    order = []
    while g.board.phase == rules.DRAFT:
        order.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert order == [(first - 1 - i) % 4 for i in range(4)]
    chars = g.board.chars
    assert chars.count(ON_BOARD) == 3 and all(chars.count(p) == 1 for p in range(4))
    assert g.board.phase == rules.PLANNING and g.current_player == first


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_recommended_first_game_characters(players):
    g = caylus.new_game("caylus-1303", players=players, seed=1, characters="recommended")
    drawn = sorted(c for c in range(12) if g.board.chars[c] == IN_DRAFT)
    assert drawn == sorted(RECOMMENDED_CHARACTERS[players])
    with pytest.raises(caylus.BadOption):
        caylus.new_game("caylus-1303", players=players, seed=1, characters="all")


def test_player_counts():
    for bad in (1, 6):
        with pytest.raises(caylus.BadOption):
            caylus.new_game("caylus-1303", players=bad)


# -- Planning ------------------------------------------------------------------------------------------------------

def planning(players=3, first=BLUE, workers=5) -> Table:
    t = Table(players=players, first=first)
    for p in range(players):
        t.workers(p, workers)
    return t


def test_forbidden_placements():
    """"It is prohibited to place a Worker: On a Building that is already occupied by another Worker; On a
    Monument; On a Residence; On the 3 Buildings placed on the Construction Site during the setup; On a space on
    the Road where no Building has yet been constructed."""
    t = planning()
    t.road(0, "garden", "monument", owner=GREEN).road(1, "starting_sawmill", "residence", owner=GREEN)
    t.plan()
    t.play("place:starting_quarry")                                    # Blue
    legal = t.legal()
    assert "place:starting_quarry" not in legal
    assert "place:starting_sawmill" not in legal
    assert not any(a.startswith("place:garden") for a in legal)        # (no such token at all)
    assert "place:starting_farm_2" not in legal                        # on the Construction Site
    assert "place:wood_farm" not in legal                              # still in the supply: no such space
    for token, why in (("place:starting_quarry", "occupied by Blue"), ("place:starting_sawmill", "residence"),
                       ("place:starting_farm_2", "construction site"), ("place:wood_farm", "not on the road")):
        before = t.game.view(None)
        with pytest.raises(caylus.IllegalAction, match=why):
            t.play(token)
        assert t.game.view(None) == before
    # The printed buildings before the Guilds Bridge take workers.
    assert {"place:fairground", "place:lawyer", "place:carpenter", "place:toll"} <= set(legal)


def test_buildings_past_the_provost_still_take_workers():
    t = planning().road(8, "wood_farm", "setup").plan()
    assert t.b.provost == 8 and "place:wood_farm" in t.legal()


def test_construction_site_one_worker_per_player_in_order():
    """"The player places 1 of their Workers on the first available space of the Construction Site ... The
    Construction Site can take several Workers, but only 1 per player."""
    t = planning().plan()
    t.play("place:construction_site", "place:construction_site", "pass")
    assert t.b.site_workers == [BLUE, RED]
    assert t.who == BLUE and "place:construction_site" not in t.legal()
    with pytest.raises(caylus.IllegalAction, match="already has a worker at the construction site"):
        t.play("place:construction_site")


def test_first_to_pass_takes_the_first_player_tile_and_others_pay_one_more():
    t = planning(players=4).plan()
    t.play("place:starting_farm_1")                                    # Blue: 1 Worker
    assert t.b.workers[BLUE] == 4
    t.play("pass")                                                     # Red passes first
    assert t.b.first == RED
    t.play("place:starting_sawmill")                                   # Green: 2 Workers
    assert t.b.workers[GREEN] == 3
    t.play("pass", "pass", "pass")                                     # Yellow, Blue, Green
    assert t.b.passed == [RED, YELLOW, BLUE, GREEN]
    # ... and Red starts the next round.
    while t.b.round == 1:
        t.play("pass" if "pass" in t.legal() else t.legal()[0])
    assert t.b.round == 2 and t.who == RED


def test_a_player_without_enough_workers_must_pass():
    t = planning().workers(RED, 1).plan()
    t.play("pass")                                                     # Blue passes: placing now costs 2
    assert t.b.passed == [BLUE, RED] and t.who == GREEN


def test_the_round_marker_and_phases_repeat_nine_times():
    g = caylus.new_game("caylus-1303", players=3, seed=11)
    rounds_seen = []
    while not g.is_terminal:
        if not rounds_seen or rounds_seen[-1] != g.board.round:
            rounds_seen.append(g.board.round)
        g.apply("pass" if "pass" in g.legal_tokens() else g.legal_actions()[0])
    assert rounds_seen == list(range(1, 10))


# -- End of the game -----------------------------------------------------------------------------------------------

def test_end_two_points_per_gold_and_shared_victory():
    """"The game ends at the end of the ninth round ... They add 2 Prestige Points per [Gold] they still have.
    ... Tied players share the victory."""
    t = Table(players=3, round_number=9)
    t.b.pp[:] = [10, 12, 14]
    t.resources(BLUE, gold=2).resources(RED, gold=1, food=4)
    for p in range(3):
        t.workers(p, 0)
    t.steward()
    assert t.game.is_terminal
    assert t.game.scores() == [14, 14, 14]
    assert t.game.winners() == [0, 1, 2] and t.game.returns() == [1.0, 1.0, 1.0]
    assert t.game.legal_actions() == []


def test_scores_before_the_end_are_the_prestige_so_far():
    t = Table(players=3, round_number=8)
    t.resources(BLUE, gold=2)
    t.b.pp[0] = 3
    assert t.game.scores()[0] == 3


def test_the_notation_page_example_replays():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "notation-c1303.md").read_text()
    record = text[text.index("[Edition"):text.rindex("```")]
    game = caylus.load_record(record)
    assert game.board.chars[0] == GREEN and game.board.phase == rules.PLANNING


# -- Stewardship 4): the Provost ----------------------------------------------------------------------------------

def test_provost_goes_back_before_the_setup_wood_building_while_nothing_is_constructed():
    """Stewardship 4) "The Provost is then placed just before the last constructed Building (disregard the Stone
    Building placed on the Road at the very beginning of the game as long there are empty spaces left in front of
    it)." With nothing constructed yet that is the setup position, just before the brown-flag space, however far
    the Toll and the Guilds Bridge moved him this round (interpretation 15)."""
    t = Table(players=3)
    t.road(BROWN_SPACE, "wood_farm", "setup").road(GRAY_SPACE, "stone_church", "setup")
    for p in range(3):
        t.workers(p, 3)
    t.activate(provost=BROWN_SPACE)
    t.play("provost:+3", "provost:+3", "provost:+3")         # the Guilds Bridge, Blue, Red, Green
    assert t.b.round == 2 and t.b.provost == BROWN_SPACE


def test_provost_before_the_last_space_of_a_full_road():
    t = Table(players=3)
    spare = [k for k in ("wood_farm", "wood_quarry", "wood_sawmill", "wood_market", "wood_tailor", "wood_stonemason",
                         "stone_quarry", "stone_sawmill", "stone_farm", "stone_foundry", "stone_alchemist",
                         "stone_guild", "stone_church", "stone_jeweler", "wood_spinning_mill")]
    for r in range(BROWN_SPACE, ROAD_SPACES):
        t.road(r, spare[r - BROWN_SPACE], "construction" if r != GRAY_SPACE else "setup")
    assert rules.provost_at_round_end(t.b) == ROAD_SPACES - 1
