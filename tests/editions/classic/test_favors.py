"""The royal favor table of Caylus (2005) and the simplified favors (rules p5-p6).

Each test cites the passage of shared/rules/caylus-rules.txt it checks.
"""

from __future__ import annotations

from .scenario import (
    BLUE, GREEN, ORANGE, RED, column, grant_favor, hold_in_castle, new, play, pos, put_tile, refused, seat_view,
    set_castle, set_cubes, set_favor, space, start_activation, start_castle, start_end_of_turn, start_special, sync,
)

NO_CUBES = {"food": 0, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}


def asked(game) -> tuple[int, str]:
    top = game.view(None)["decisions"][-1]
    return top["player"], top["kind"]


def game_with(counted: int = 0, **cubes):
    """A 4-player game (turn order Red, Blue, Green, Orange) with `counted` castle sections counted; Red has
    exactly `cubes` (the others none)."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, counted=counted)
    set_cubes(game, RED, **{**NO_CUBES, **cubes})
    sync(game)
    return game


def me(game) -> dict:
    return seat_view(game, RED)


# ==========================================================================================================
# Open columns
# ==========================================================================================================

def test_columns_one_and_two_are_open_from_the_start():
    """p5: 'For each line, the first two columns are available from the start of the game.' and p6: 'The
    player gains between 1 and 5 prestige points, depending on the column the marker is in' / 'between 3 and 7
    deniers'."""
    game = game_with()
    gained = []
    for _ in range(3):
        before = me(game)["prestige"]
        grant_favor(game, RED)
        play(game, "favor:prestige")
        gained.append(me(game)["prestige"] - before)
    assert gained == [1, 2, 2]
    assert column(game, RED)["prestige"] == 2
    money = me(game)["deniers"]
    grant_favor(game, RED)
    play(game, "favor:deniers")
    assert me(game)["deniers"] == money + 3 + 2  # the turn then ended: + 2 income


def test_columns_three_and_four_open_after_the_dungeon_count():
    """p5: 'Columns 3 and 4 are available after the count of the Dungeon section (even if players have already
    started building in the next section).'"""
    game = game_with(counted=1)
    set_favor(game, RED, prestige=2)
    gained = []
    for _ in range(3):
        before = me(game)["prestige"]
        grant_favor(game, RED)
        play(game, "favor:prestige")
        gained.append(me(game)["prestige"] - before)
    assert gained == [3, 4, 4]
    assert column(game, RED)["prestige"] == 4


def test_column_five_opens_after_the_walls_count_and_the_marker_stops_there():
    """p5: 'Column 5 is available after the count of the Walls section' and p6: 'Once level 5 has been
    reached, the marker can't go any further, but the player can still choose the line and take advantage of
    the effect of their choice.'"""
    game = game_with(counted=2)
    set_favor(game, RED, deniers=4)
    money = me(game)["deniers"]
    grant_favor(game, RED)
    play(game, "favor:deniers")
    grant_favor(game, RED)
    play(game, "favor:deniers")
    assert column(game, RED)["deniers"] == 5
    assert me(game)["deniers"] == money + 7 + 7 + 2 * 2  # each turn then ended: + 2 income


def test_column_five_stays_closed_during_the_walls_count():
    """p6 (Orange's example, for the Walls): columns open after the count, so a marker on column 4 cannot move
    during the Walls count itself; it still gives its column-4 effect."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={BLUE: 6}, walls={RED: 2, BLUE: 8}, counted=1)
    set_favor(game, RED, prestige=4)
    start_end_of_turn(game)
    assert asked(game) == (RED, "choose a line of the favor table")
    play(game, "favor:prestige")
    assert column(game, RED)["prestige"] == 4 and me(game)["prestige"] == 4


# ==========================================================================================================
# Moving the marker, then using a column
# ==========================================================================================================

def test_move_then_use_any_column_up_to_the_marker():
    """p5: 'Whenever a player earns a favor, they must choose a line at once, and, if it is possible, advance
    their marker to the right. Then, the player can use one of the effects provided on the chosen line,
    between level 1 and the level currently indicated by the marker.' p6 c: 'column 1: [...] 1 food cube;
    column 2: [...] 1 wood cube or 1 stone cube; column 3: [...] 1 cloth cube'."""
    game = game_with()
    set_favor(game, RED, cubes=1)
    grant_favor(game, RED)
    play(game, "favor:cubes")
    assert column(game, RED)["cubes"] == 2
    assert game.legal_tokens() == ["take:food", "take:wood", "take:stone"]
    refused(game, "take:cloth", "that cube is not on offer")
    play(game, "take:food")  # a lower column
    assert me(game)["cubes"] == {**NO_CUBES, "food": 1}


def test_a_favor_on_a_line_cannot_be_moved_to_another_line():
    """p6: 'It is not possible to advance your marker on a given line and use the effect of another line.'
    Line d, column 1: 'no effect'."""
    game = game_with(food=1, wood=1, stone=1)
    grant_favor(game, RED)
    play(game, "favor:buildings")  # marker 0 -> 1: no effect, nothing more is asked
    assert column(game, RED) == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 1}
    assert me(game)["cubes"] == {**NO_CUBES, "food": 1, "wood": 1, "stone": 1}
    assert me(game)["prestige"] == 0
    assert game.view(None)["phase"] != "special buildings"


def test_buildings_line_column_three_offers_carpenter_and_mason_not_architect():
    """p6 d: 'column 2 (carpenter): the player can build a wood building by paying 1 wood cube less. column 3
    (mason): the player can build a stone building by paying 1 stone cube less. [...] column 5 (architect)'."""
    game = game_with(counted=1, food=1, gold=1)
    put_tile(game, "residence", RED, pos=9)
    set_favor(game, RED, buildings=2)
    grant_favor(game, RED)
    play(game, "favor:buildings")
    tokens = game.legal_tokens()
    assert {"build:food_farm", "build:park", "build:mason", "pass"} <= set(tokens)
    assert "build:granary" not in tokens
    refused(game, "build:statue", "column 3; a prestige tile needs column 5")


# ==========================================================================================================
# Several favors in one phase
# ==========================================================================================================

def test_several_favors_in_one_phase_go_on_different_lines_at_most_four():
    """p6: 'If a player gains several favors during the same phase (for instance, during a count or when the
    monument is built), the favors must be used on different lines. So, it is impossible to gain more than 4
    favors in a phase.'"""
    game = game_with(food=1)
    grant_favor(game, RED, count=5)
    play(game, "favor:prestige")
    assert game.legal_tokens() == ["favor:deniers", "favor:cubes", "favor:buildings"]
    refused(game, "favor:prestige", "already took a favor on the prestige line this phase")
    play(game, "favor:deniers")
    assert game.legal_tokens() == ["favor:cubes", "favor:buildings"]
    play(game, "favor:cubes")  # column 1 of the cubes line: 1 food, no choice
    # The fourth favor can only go on the buildings line (played for Red: one answer), and the fifth has no
    # line left: it is lost, and the turn goes on.
    assert column(game, RED) == {"prestige": 1, "deniers": 1, "cubes": 1, "buildings": 1}
    assert me(game)["cubes"] == {**NO_CUBES, "food": 2}
    assert all(d["kind"] != "choose a line of the favor table" for d in game.view(None)["decisions"])


def test_a_new_phase_frees_the_lines_again():
    """p6: the different-lines rule is for favors of 'the same phase': the best builder's favor (phase 6) and
    a Dungeon count favor (phase 7) of the same turn may use the same line."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={RED: 1, BLUE: 4})
    set_cubes(game, RED, food=1, wood=1, stone=1)
    start_castle(game, [RED])
    play(game, "batch:wood+stone")  # the Dungeon is complete; Red is the best builder
    play(game, "favor:prestige")
    assert asked(game) == (RED, "choose a line of the favor table")  # phase 7: the Dungeon count, 2 houses
    assert "favor:prestige" in game.legal_tokens()
    play(game, "favor:prestige")
    assert column(game, RED)["prestige"] == 2


def test_the_church_built_with_a_favor_gives_a_favor_on_another_line():
    """p4 f: the church's builder 'gains 4 prestige points and a royal favor', and p6: favors of the same
    phase 'must be used on different lines'."""
    game = game_with(counted=1, cloth=1)
    set_favor(game, RED, buildings=2)
    grant_favor(game, RED)
    play(game, "favor:buildings", "build:church")  # column 3: 1 stone less, so only the cloth
    assert me(game)["cubes"] == NO_CUBES and me(game)["prestige"] == 4
    assert asked(game) == (RED, "choose a line of the favor table")
    assert "favor:buildings" not in game.legal_tokens()
    play(game, "favor:prestige")
    assert me(game)["prestige"] == 5


# ==========================================================================================================
# The lines' effects
# ==========================================================================================================

def test_buildings_line_works_without_that_building_on_the_board():
    """p6 d: 'To use the effect of a given building, it doesn't have to be on the board (for instance, you can
    use column 3 even if there is no mason on the board). Buildings are constructed according to the rules of
    phase 5.' (first free space, a house, the prestige at once)."""
    game = game_with(counted=1, food=1, stone=1)
    set_favor(game, RED, buildings=2)
    assert "mason" in game.view(None)["stock"]  # no mason on the road
    grant_favor(game, RED)
    play(game, "favor:buildings", "build:workshop")  # 1 food + 1 stone, less 1 stone
    assert space(game, 9) == {"space": 9, "tile": "workshop", "owner": RED, "worker": None}
    assert me(game)["cubes"] == {**NO_CUBES, "stone": 1} and me(game)["prestige"] == 3


def test_buildings_line_column_two_one_wood_less():
    """p6 d: 'column 2 (carpenter): the player can build a wood building by paying 1 wood cube less.'"""
    game = game_with(food=1)
    set_favor(game, RED, buildings=1)
    grant_favor(game, RED)
    play(game, "favor:buildings")
    # Every wood tile costing 1 wood + 1 food (or + 1 cube of any kind) is affordable with 1 food; the
    # lawyer (1 wood + 1 cloth) is not.
    assert game.legal_tokens() == ["pass", "build:food_farm", "build:cloth_farm", "build:quarry",
                                   "build:sawmill", "build:marketplace", "build:peddler", "build:mason"]
    play(game, "build:quarry")
    assert space(game, 9)["tile"] == "quarry" and me(game)["cubes"] == NO_CUBES
    assert me(game)["prestige"] == 2


def test_cubes_line_column_four_exchange_one_cube_for_two():
    """p6 c: 'column 4: the player [exchanges] 1 of his cubes for 2 cubes of their choice (no gold)'; the
    icon is the white cube: 'any kind (even gold)' (p2 Conventions)."""
    game = game_with(counted=1, food=1, gold=1)
    set_favor(game, RED, cubes=3)
    grant_favor(game, RED)
    play(game, "favor:cubes")
    assert game.legal_tokens() == ["take:food", "take:wood", "take:stone", "take:cloth", "exchange"]
    play(game, "exchange")
    assert game.legal_tokens() == ["pay:food", "pay:gold"]
    play(game, "pay:gold")
    assert game.legal_tokens() == ["take:food", "take:wood", "take:stone", "take:cloth"]
    refused(game, "take:gold", "not on offer")
    play(game, "take:cloth", "take:cloth")
    assert me(game)["cubes"] == {**NO_CUBES, "food": 1, "cloth": 2}


def test_cubes_line_column_five_gold():
    """p6 c: 'column 5: the player gains 1 gold cube'."""
    game = game_with(counted=2)
    set_favor(game, RED, cubes=4)
    grant_favor(game, RED)
    play(game, "favor:cubes")
    assert "take:gold" in game.legal_tokens()
    assert "exchange" not in game.legal_tokens()  # Red has no cube to give
    play(game, "take:gold")
    assert me(game)["cubes"] == {**NO_CUBES, "gold": 1}


def test_buildings_line_column_four_lawyer_costs_only_the_cloth():
    """p6 d: 'column 4 (lawyer): the player can transform one of their buildings or a neutral building into a
    residential building by paying only 1 cloth cube.'"""
    game = game_with(counted=1, cloth=1)
    put_tile(game, "sawmill", RED, pos=9)
    put_tile(game, "lawyer", RED, pos=10)
    put_tile(game, "quarry", BLUE, pos=11)
    set_favor(game, RED, buildings=3)
    money = me(game)["deniers"]
    grant_favor(game, RED)
    play(game, "favor:buildings")
    tokens = game.legal_tokens()
    assert "transform:sawmill" in tokens and "transform:neutral_farm" in tokens
    assert "transform:lawyer" not in tokens and "transform:quarry" not in tokens  # not Red's
    play(game, "transform:sawmill")
    assert space(game, 9) == {"space": 9, "tile": "residence", "owner": RED, "worker": None}
    assert me(game)["cubes"] == NO_CUBES
    assert me(game)["deniers"] == money + 2 + 1  # no denier paid; then turn 2's income, residence included
    assert me(game)["prestige"] == 2
    assert "sawmill" in game.view(None)["stock"]  # a player's building goes back to the stock


def test_buildings_line_lawyer_on_an_occupied_building_waits_for_its_activation():
    """p4 c applies to the favor table's lawyer too ('Buildings are constructed according to the rules of phase 5'):
    'If there is a worker in the building the player wants to transform, the latter pays immediately, but the
    lawyer's action will be delayed until the building has been activated.' Red jousts in phase 3 and turns the
    neutral farm, where Blue's worker stands, into a residence: Blue still works the farm in phase 5, then the
    residence replaces it."""
    game = game_with(counted=1, cloth=2)
    set_cubes(game, RED, 3)
    set_favor(game, RED, buildings=3)
    farm = pos(game, "neutral_farm")
    b = game.board
    b.worker[farm] = BLUE
    b.workers[BLUE] -= 1
    hold_in_castle(game, ORANGE)
    start_special(game, {"joust_field": RED})
    play(game, "joust", "favor:buildings", "transform:neutral_farm")
    assert me(game)["cubes"]["cloth"] == 0 and me(game)["deniers"] == 3 - 1  # the joust's denier only
    assert space(game, farm) == {"space": farm, "tile": "neutral_farm", "owner": None, "worker": BLUE}
    assert game.view(None)["pending_transformations"] == [{"space": farm, "player": RED}]
    while game.legal_tokens()[0] == "pass" and game.view(None)["phase"] == "provost":
        play(game, "pass")
    assert asked(game) == (BLUE, "choose what the building produces")
    play(game, "take:cloth")
    assert space(game, farm) == {"space": farm, "tile": "residence", "owner": RED, "worker": None}
    assert me(game)["prestige"] == 2 and seat_view(game, BLUE)["cubes"]["cloth"] == 1


def test_buildings_line_column_five_architect():
    """p6 d: 'column 5 (architect): the player can build a prestige building on one of his residential
    buildings.'"""
    game = game_with(counted=2, food=3, gold=1)
    put_tile(game, "residence", RED, pos=9)
    set_favor(game, RED, buildings=4)
    grant_favor(game, RED)
    play(game, "favor:buildings", "build:granary")
    assert space(game, 9) == {"space": 9, "tile": "granary", "owner": RED, "worker": None}
    assert me(game)["cubes"] == NO_CUBES and me(game)["prestige"] == 10


# ==========================================================================================================
# Simplified favors (p6)
# ==========================================================================================================

def test_simplified_favors_are_worth_three_points_each():
    """p6 'Simplified favor': 'Don't use the favor table. When a player gains a favor (thanks to the joust
    field, by building the church, by making the best offer in the castle, during the castle sections count or
    by building prestige buildings), they score 3 prestige points. When you gain several favors at the same
    time, each favor is worth 3 points.'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE], favors="simplified")
    set_cubes(game, RED, 5, cloth=1)
    start_special(game, {"joust_field": RED})
    play(game, "joust")
    assert me(game)["prestige"] == 3
    assert column(game, RED) == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 0}

    game = new(order=[RED, BLUE, GREEN, ORANGE], favors="simplified")
    set_castle(game, dungeon={RED: 5, BLUE: 1})
    set_cubes(game, RED, food=1, wood=1, stone=1)
    start_castle(game, [RED])
    play(game, "batch:wood+stone")  # Walls part (4 PP), best builder (3), then the Dungeon count (3)
    assert me(game)["prestige"] == 4 + 3 + 3
    assert game.view(None)["turn"] == 2

    game = new(order=[RED, BLUE, GREEN, ORANGE], favors="simplified")
    put_tile(game, "residence", RED, pos=9)
    put_tile(game, "architect", BLUE, pos=10)
    set_cubes(game, RED, food=0, wood=0, stone=4, gold=2)
    start_activation(game, {"architect": RED}, provost=10)
    play(game, "build:monument")
    assert me(game)["prestige"] == 14 + 2 * 3
