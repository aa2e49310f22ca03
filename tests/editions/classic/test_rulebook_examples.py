"""Every worked example of the Caylus (2005) rulebook (shared/rules/caylus-rules.txt), as a scenario.

Each test quotes the example it plays; the position is set up with the scenario helpers and then everything
the example narrates is played through action tokens and checked through the public view.
"""

from __future__ import annotations

from .scenario import (
    BLUE, GREEN, ORANGE, RED, column, new, play, pos, put_tile, refused, seat_view, set_castle, set_cubes,
    set_favor, set_prestige, set_road, space, start_activation, start_castle, start_end_of_turn, start_special,
    sync, to_act,
)


def deniers(game) -> list[int]:
    return [p["deniers"] for p in game.view(None)["seats"]]


def prestige(game) -> list[int]:
    return [p["prestige"] for p in game.view(None)["seats"]]


def asked(game) -> tuple[int, str]:
    """Who must decide now, and what."""
    top = game.view(None)["decisions"][-1]
    return top["player"], top["kind"]


def pass_all(game, kind: str) -> None:
    """Everyone asked `kind` in a row declines (e.g. every player in the provost phase)."""
    while game.view(None)["decisions"] and asked(game)[1] == kind:
        game.apply("pass")


# ==========================================================================================================
# Phase 2: passing and the price of a worker (p2-p3), then the stables (p3 e)
# ==========================================================================================================

def test_passing_and_prices_then_stables_reorder():
    """Rules p2-p3, the running Phase 2 example, played in one 4-player game (turn order Red, Green, Orange,
    Blue):

    'At his turn, Blue decides to pass. [...] No one has passed yet, so Blue takes 1 denier from the stock.
    From now on, Green, Orange and Red will have to pay 2 deniers [...]'
    'Green decides to put a worker on the pedlar space (basic building). Since Blue has already passed [...],
    Green has to pay 2 deniers for this action.'
    'At his turn, Orange passes.'
    'Red places a worker on Green's mason. The cost is 3 deniers (since Blue and Orange have passed).
    Furthermore, Green gains 1 prestige point.'
    'Green passes. Red places his worker on his farm, which costs him only 1 denier.'
    'Finally, Red places a worker in the castle, taking the first spot available (behind Blue's pawn). Since
    Blue, Orange and Green have passed, Red must pay 4 deniers.'
    and p3 e: 'Blue has placed a worker on 1 in the stable. Red has placed one on number 2. The turn order,
    which was Red / Green / Orange / Blue, changes. Blue now comes first, and Red comes second. Green now slips
    to the third position, and Orange comes last.'
    """
    game = new(order=[RED, GREEN, ORANGE, BLUE])
    put_tile(game, "food_farm", RED)
    put_tile(game, "mason", GREEN)
    for seat, money in ((BLUE, 5), (RED, 12), (GREEN, 8), (ORANGE, 6)):
        set_cubes(game, seat, money)
    to_act(game, BLUE)

    # Before the narrated part: Blue takes stable spot 1 and castle spot 1; the others place where the rulebook
    # does not say. Nobody has passed, so every placement costs 1.
    play(game, "place:stables", "place:neutral_sawmill", "place:forest", "place:neutral_farm",
         "place:castle", "place:neutral_quarry", "place:joust_field", "place:trading_post")
    assert deniers(game) == [3, 10, 6, 4]

    play(game, "pass")  # Blue passes first: +1 denier
    assert deniers(game)[BLUE] == 4
    assert game.view(None)["passing_order"] == [BLUE]
    play(game, "place:stables")  # Red takes stable spot 2 (the rulebook's "number 2"), now for 2 deniers
    assert deniers(game)[RED] == 8
    assert game.view(None)["special_buildings"]["stables"] == [BLUE, RED]
    play(game, "place:fixed_peddler")  # Green at the pedlar: 2 deniers
    assert deniers(game)[GREEN] == 4
    play(game, "pass")  # Orange passes: no denier, he is not the first
    assert deniers(game)[ORANGE] == 4
    play(game, "place:mason")  # Red on Green's mason: 3 deniers, Green +1 PP
    assert deniers(game)[RED] == 5 and prestige(game) == [0, 0, 1, 0]
    play(game, "pass")  # Green passes
    play(game, "place:food_farm")  # Red on his own farm: 1 denier, no prestige
    assert deniers(game)[RED] == 4 and prestige(game) == [0, 0, 1, 0]
    assert game.view(None)["current_player"] == RED
    play(game, "place:castle")  # Red in the castle behind Blue: 4 deniers
    assert deniers(game)[RED] == 0
    assert game.view(None)["castle"]["workers"] == [BLUE, RED]

    # Red has no worker left, so he can only pass (played for him); phase 3 runs: the trading post pays
    # Orange 3, Green (no cloth) cannot joust, and the stables reorder the turn.
    v = game.view(None)
    assert v["passing_order"] == [BLUE, ORANGE, GREEN, RED]
    assert v["turn_order"] == [BLUE, RED, GREEN, ORANGE]
    assert v["special_buildings"]["stables"] == []
    assert v["phase"] == "provost" and asked(game) == (BLUE, "move the provost")
    assert deniers(game) == [4, 0, 4, 7]
    assert seat_view(game, BLUE)["workers"] == 5  # back from the stables; the castle worker stays
    assert seat_view(game, RED)["workers"] == 1


# ==========================================================================================================
# Phase 3 f: the inn
# ==========================================================================================================

def test_inn_green_drives_blue_out_then_pays_one():
    """Rules p3 f, example: 'During this turn, Blue was on the right circle of the inn. It only cost him
    1 denier to place a worker. During the worker placing phase, Green placed a worker on the left circle. When
    the inn is activated, Blue is driven out, and Green takes his place. He will stay there until he is driven
    out or he chooses to take it back in a subsequent turn. Until then, he only pays 1 denier per worker he
    places.'"""
    game = new(order=[ORANGE, BLUE, GREEN, RED])
    b = game.board
    b.inn_right = BLUE  # since an earlier turn
    b.workers[BLUE] -= 1
    for seat in range(4):
        set_cubes(game, seat, 5)
    sync(game)

    play(game, "pass")  # Orange passes first: the price is now 2...
    play(game, "place:neutral_sawmill")  # ...but Blue, on the inn's right circle, pays 1
    play(game, "place:inn")  # Green pays 2 for the left circle
    assert deniers(game) == [4, 5, 3, 6]
    play(game, "pass", "pass", "pass")  # Red, Blue, Green
    # Phase 3: Green moves to the right circle; Blue's worker there goes home.
    assert game.view(None)["special_buildings"]["inn"] == {"left": None, "right": GREEN}
    assert seat_view(game, BLUE)["workers"] == 5  # the sawmill worker is still out
    pass_all(game, "move the provost")
    # Turn 2: Green still holds the right circle and pays 1 although others have passed.
    v = game.view(None)
    assert v["turn"] == 2 and v["phase"] == "placement"
    assert seat_view(game, BLUE)["workers"] == 6
    play(game, "pass")  # Orange passes first
    play(game, "place:neutral_quarry")  # Blue: 2
    money = deniers(game)[GREEN]
    play(game, "place:gate")  # Green: 1
    assert deniers(game)[GREEN] == money - 1
    play(game, "pass")  # Red passes: the price is now 3 for everybody but Green
    money = deniers(game)[GREEN]
    play(game, "pass", "place:joust_field")  # Blue passes; Green still pays 1
    assert deniers(game)[GREEN] == money - 1
    play(game, "pass")  # Green
    # Phase 3, gate: Green keeps the worker home; joust: no cloth, passed for him; inn: nobody entered, so
    # Green chooses to stay or leave.
    play(game, "pass")
    assert asked(game) == (GREEN, "keep or take back the inn's worker")
    assert set(game.legal_tokens()) == {"inn:stay", "inn:leave"}
    play(game, "inn:stay")
    assert game.view(None)["special_buildings"]["inn"] == {"left": None, "right": GREEN}


# ==========================================================================================================
# Phase 4: the provost's move
# ==========================================================================================================

def test_provost_bidding_one_space_behind_start():
    """Rules p3, phase 4 example: 'Blue passed first, followed by Orange, Red and Green. [...] Blue passes.
    Orange wants to move the provost 2 spaces backward, and thus gives the stock 2 deniers. Red and Green's
    pawns can't be activated anymore. Red pays 2 deniers to have the provost move 2 spaces forward, but Green
    decides to pay 1 to have the provost move back 1 space. Green's building will be activated, but not Red's.
    As a result, the provost has ended one space behind his starting position in this turn.'"""
    game = new(order=[BLUE, ORANGE, RED, GREEN])
    put_tile(game, "food_farm", GREEN, pos=9)
    put_tile(game, "quarry", RED, pos=10)
    set_road(game, provost=10)
    for seat in range(4):
        set_cubes(game, seat, 5, food=0, stone=0)
    sync(game)
    play(game, "pass", "pass", "place:quarry", "place:food_farm", "pass", "pass")
    assert game.view(None)["passing_order"] == [BLUE, ORANGE, RED, GREEN]
    assert deniers(game) == [6, 4, 4, 5]

    assert asked(game) == (BLUE, "move the provost")
    play(game, "pass")
    assert asked(game)[0] == ORANGE
    play(game, "provost:-2")
    assert game.view(None)["provost"] == 8
    play(game, "provost:+2")  # Red
    assert game.view(None)["provost"] == 10
    play(game, "provost:-1")  # Green
    assert game.view(None)["provost"] == 9  # one space behind his start
    assert deniers(game) == [6, 2, 3, 3]
    # Phase 5: Green's farm on space 9 works (he chooses its product)...
    assert asked(game) == (GREEN, "choose what the building produces")
    play(game, "take:food")
    assert seat_view(game, GREEN)["cubes"]["food"] == 2
    # ...Red's quarry on space 10 does not; his worker comes back all the same.
    assert seat_view(game, RED)["cubes"]["stone"] == 0
    assert seat_view(game, RED)["workers"] == 6
    # Phase 7: the provost (9) was beyond the bailiff (6), who moves 2; the provost joins him.
    v = game.view(None)
    assert v["turn"] == 2 and v["bailiff"] == 8 and v["provost"] == 8


# ==========================================================================================================
# Phase 5: construction buildings (p4)
# ==========================================================================================================

def test_carpenter_builds_a_wood_farm():
    """Rules p4, example: 'Red has one of his workers on the neutral carpenter, and wants to build a wood
    farm. He pays 1 food cube and 1 wood cube - taken from his own reserve - to the stock, and places the farm
    on the first space available on the board. He puts a small house on the farm to show it is his property
    and immediately gains 2 prestige points.'"""
    game = new(order=[RED, GREEN, BLUE, ORANGE])
    put_tile(game, "sawmill", BLUE, pos=9)  # so that the first free space is 10
    set_cubes(game, RED, food=2, wood=1)
    start_activation(game, {"neutral_carpenter": RED})
    assert asked(game) == (RED, "choose a building to build")
    assert "build:food_farm" in game.legal_tokens()
    refused(game, "build:park", "builds wood tiles only, and the Park is a stone tile")
    houses = seat_view(game, RED)["houses"]
    play(game, "build:food_farm")
    assert space(game, 10) == {"space": 10, "tile": "food_farm", "owner": RED, "worker": None}
    assert seat_view(game, RED)["cubes"] == {"food": 1, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}
    assert seat_view(game, RED)["prestige"] == 2
    assert seat_view(game, RED)["houses"] == houses - 1
    assert "food_farm" not in game.view(None)["stock"]


def test_architect_builds_the_statue_on_greens_residence():
    """Rules p4, example: 'Green has placed one of his workers on the architect (since this building belongs
    to Blue, the latter gained 1 prestige point thanks to Green's worker), and wants to build the Statue. Green
    pays 1 gold cube and 2 stone cubes - taken from his own reserve - to the stock. He discards one of his
    residential buildings and replaces it with the Statue. He immediately gains 7 prestige points and 1 royal
    favor.'"""
    game = new(order=[GREEN, BLUE, RED, ORANGE])
    put_tile(game, "architect", BLUE, pos=9)
    put_tile(game, "residence", GREEN, pos=10)
    set_road(game, provost=9)
    set_cubes(game, GREEN, 5, gold=1, stone=2)
    sync(game)
    play(game, "place:architect")
    assert prestige(game) == [1, 0, 0, 0]  # Blue, at once
    assert deniers(game)[GREEN] == 4
    play(game, "pass", "pass", "pass", "pass")
    pass_all(game, "move the provost")
    assert asked(game) == (GREEN, "choose a building to build")
    assert game.legal_tokens() == ["pass", "build:statue"]
    refused(game, "build:granary", "Green cannot afford the Granary (3 food, 1 gold)")
    houses = seat_view(game, GREEN)["houses"]
    play(game, "build:statue")
    assert space(game, 10)["tile"] == "statue" and space(game, 10)["owner"] == GREEN
    assert seat_view(game, GREEN)["cubes"]["gold"] == 0 and seat_view(game, GREEN)["cubes"]["stone"] == 0
    assert seat_view(game, GREEN)["houses"] == houses  # the residence's house now marks the statue
    assert prestige(game)[GREEN] == 7
    assert asked(game) == (GREEN, "choose a line of the favor table")
    play(game, "favor:prestige")
    assert prestige(game) == [1, 0, 8, 0]
    assert column(game, GREEN)["prestige"] == 1


def test_lawyer_turns_the_neutral_quarry_into_a_residence():
    """Rules p4, example: 'Blue has placed one of his workers on the lawyer (which building belongs to him;
    consequently Blue doesn't gain any prestige point), and wants to build a residential building. He pays 1
    cloth cube and 1 denier [...]. He turns a neutral quarry [...] and transforms it into a residential
    building. He put a house on the tile and immediately gains 2 prestige points. At each subsequent turn, he
    will earn an additional income of 1 denier.'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "lawyer", BLUE, pos=9)
    set_road(game, provost=9)
    for seat in range(4):
        set_cubes(game, seat, 5)
    set_cubes(game, BLUE, cloth=1)
    sync(game)
    quarry = pos(game, "neutral_quarry")
    play(game, "place:lawyer")  # own building: 1 denier, no prestige
    assert deniers(game)[BLUE] == 4 and prestige(game)[BLUE] == 0
    play(game, "pass", "pass", "pass", "pass")
    pass_all(game, "move the provost")
    assert asked(game) == (BLUE, "choose a building for the lawyer")
    houses = seat_view(game, BLUE)["houses"]
    play(game, "transform:neutral_quarry")
    assert space(game, quarry) == {"space": quarry, "tile": "residence", "owner": BLUE, "worker": None}
    assert seat_view(game, BLUE)["cubes"]["cloth"] == 0
    assert prestige(game)[BLUE] == 2
    assert seat_view(game, BLUE)["houses"] == houses - 1
    assert "neutral_quarry" not in game.view(None)["stock"]  # a neutral tile is discarded for good
    # Nothing else happens this turn, so play went on to turn 2: Blue paid 1 denier (4 -> 3) and the new
    # phase 1 paid him 2 + 1, the others 2 (Red, who passed first, had 5 + 1).
    v = game.view(None)
    assert v["phase"] == "placement" and v["turn"] == 2
    assert deniers(game) == [3 + 3, 6 + 2, 5 + 2, 5 + 2]


# ==========================================================================================================
# Phase 6: the castle (p4-p5)
# ==========================================================================================================

def castle_game(green_batches: int):
    """Red (castle space 1) and Green (space 2) in the castle; 4 of the 6 Dungeon parts already built."""
    game = new(order=[RED, GREEN, BLUE, ORANGE])
    set_castle(game, dungeon={BLUE: 2, ORANGE: 2})
    set_cubes(game, RED, food=1, wood=1, stone=1)
    set_cubes(game, GREEN, food=green_batches, wood=green_batches, stone=green_batches)
    start_castle(game, [RED, GREEN])
    return game


def test_castle_red_gives_a_batch_in_the_dungeon():
    """Rules p4, example: 'Red and Green have both placed one worker in the castle (where the Dungeon is being
    built). Red, whose pawn is one space 1, starts the construction. He gives the stock a batch
    (food+stone+wood) and puts one of his houses on one of the free spaces in the Dungeon. He gains 5 prestige
    points. Now, it is Green's turn to offer batches.'"""
    game = castle_game(green_batches=2)
    assert asked(game) == (RED, "give batches to the castle")
    assert game.legal_tokens() == ["pass", "batch:wood+stone"]
    play(game, "batch:wood+stone")
    assert prestige(game)[RED] == 5
    assert seat_view(game, RED)["castle_parts"] == {"dungeon": 1, "walls": 0, "towers": 0}
    assert seat_view(game, RED)["cubes"] == {"food": 0, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}
    # Red has nothing left to give, so his "pass" is played for him (no penalty: he gave a batch).
    assert asked(game) == (GREEN, "give batches to the castle")
    assert prestige(game)[RED] == 5


def test_castle_green_gives_two_batches_one_overflows_into_the_walls():
    """Rules p5, example: 'Green proposes 2 batches. He places 2 houses in the castle, but since there is only
    1 space left in the Dungeon, Green puts one house in the Dungeon section, and one house in the Walls
    section. He gains 9 prestige points (5 points for the house in the Dungeon, and 4 points for the house in
    the Walls section). For this turn, Green has built the most houses in the castle. He thus gains a royal
    favor.'"""
    game = castle_game(green_batches=2)
    play(game, "batch:wood+stone")  # Red
    play(game, "batch:wood+stone", "batch:wood+stone")  # Green
    assert prestige(game)[GREEN] == 9
    assert seat_view(game, GREEN)["castle_parts"] == {"dungeon": 1, "walls": 1, "towers": 0}
    assert game.view(None)["castle"]["filled"] == {"dungeon": 6, "walls": 1, "towers": 0}
    assert asked(game) == (GREEN, "choose a line of the favor table")
    play(game, "favor:deniers")
    assert column(game, GREEN)["deniers"] == 1
    assert column(game, RED) == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 0}


def test_castle_tie_the_first_in_the_castle_gets_the_favor():
    """Rules p5, same example: 'Had Green only spent one batch, he would have gained 5 prestige points, and Red
    - who was the first player to place a worker in the castle this turn - would have gained the royal
    favor.'"""
    game = castle_game(green_batches=2)
    play(game, "batch:wood+stone")  # Red
    play(game, "batch:wood+stone", "pass")  # Green: one batch only
    assert prestige(game) == [0, 5, 5, 0]
    assert asked(game) == (RED, "choose a line of the favor table")
    play(game, "favor:prestige")
    assert prestige(game) == [0, 6, 5, 0]


# ==========================================================================================================
# Counts (p5) and phase 7 (p5)
# ==========================================================================================================

def test_dungeon_count_in_turn_order():
    """Rules p5, example: 'The Dungeon section must be counted. The turn order is Red, Blue, Orange, and
    finally Green. [...] Red put houses on 2 spaces and gains 1 favor. Blue built 3 parts and gains 1 favor
    too. Orange has not built anything yet, so they lose 2 prestige points (NB: you can't have less than 0
    point). Finally, Green put 1 house in the Dungeon and gains nothing (the green house in the Walls section
    is not counted in).'"""
    game = new(order=[RED, BLUE, ORANGE, GREEN])
    set_castle(game, dungeon={RED: 2, BLUE: 3, GREEN: 1}, walls={GREEN: 1})  # the Dungeon is full
    set_prestige(game, blue=4, red=4, green=4, orange=1)
    start_end_of_turn(game)
    assert asked(game) == (RED, "choose a line of the favor table")
    play(game, "favor:prestige")
    assert asked(game) == (BLUE, "choose a line of the favor table")
    play(game, "favor:prestige")
    # Orange: 1 - 2 stops at 0; Green: nothing. The count is over and turn 2 begins.
    assert prestige(game) == [5, 5, 4, 0]
    v = game.view(None)
    assert v["castle"]["sections_counted"] == 1
    assert v["turn"] == 2 and v["phase"] == "placement"
    assert column(game, GREEN) == column(game, ORANGE) == {"prestige": 0, "deniers": 0, "cubes": 0,
                                                           "buildings": 0}


def test_bailiff_one_space_no_count_until_the_dungeon_is_complete():
    """Rules p5, example: 'The provost is a few spaces behind the bailiff on the road. The latter moves 1
    space forward. Then the provost is placed on the bailiff's new space. The space which triggers the Dungeon
    count has not been reached yet, so the players will only proceed to count the Dungeon if its construction
    is finished.'"""
    game = new(order=[RED, BLUE, ORANGE, GREEN])
    set_castle(game, dungeon={RED: 2, BLUE: 3})  # 5 of 6: not finished
    set_road(game, bailiff=9, provost=7)
    start_end_of_turn(game)
    v = game.view(None)
    assert (v["bailiff"], v["provost"]) == (10, 10)
    assert v["castle"]["sections_counted"] == 0 and v["turn"] == 2
    assert prestige(game) == [0, 0, 0, 0]  # nobody lost points for an empty Dungeon either

    # The same turn end with the Dungeon finished: it is counted although space 12 is far.
    game = new(order=[RED, BLUE, ORANGE, GREEN])
    set_castle(game, dungeon={RED: 3, BLUE: 3})
    set_road(game, bailiff=9, provost=7)
    start_end_of_turn(game)
    assert game.view(None)["bailiff"] == 10
    assert asked(game) == (RED, "choose a line of the favor table")
    play(game, "favor:deniers", "favor:deniers")
    assert game.view(None)["castle"]["sections_counted"] == 1


def test_bailiff_two_spaces_reaches_the_dungeon_count():
    """Rules p5, example: 'The provost is one space farther than the bailiff on the road. The bailiff moves 2
    spaces forward. Then the provost is placed on the same space. The space which triggers the count in the
    Dungeon has been reached. The players proceed to count the Dungeon (unless the count was made in a
    previous turn because the Dungeon was already full, in which case the players can move on to the next
    turn).'"""
    game = new(order=[RED, BLUE, ORANGE, GREEN])
    set_castle(game, dungeon={RED: 2, BLUE: 1})
    set_prestige(game, blue=3, red=3, green=3, orange=3)
    set_road(game, bailiff=10, provost=11)
    start_end_of_turn(game)
    v = game.view(None)
    assert (v["bailiff"], v["provost"]) == (12, 12)
    assert asked(game) == (RED, "choose a line of the favor table")  # the count has begun
    play(game, "favor:prestige")
    assert prestige(game) == [3, 4, 1, 1]  # Blue (1 house) nothing; Green and Orange -2
    assert game.view(None)["castle"]["sections_counted"] == 1

    # Counted in an earlier turn because it was full: reaching space 12 counts nothing more.
    game = new(order=[RED, BLUE, ORANGE, GREEN])
    set_castle(game, dungeon={RED: 3, BLUE: 3}, counted=1)
    set_prestige(game, blue=3, red=3, green=3, orange=3)
    set_road(game, bailiff=10, provost=11)
    start_end_of_turn(game)
    v = game.view(None)
    assert v["bailiff"] == 12 and v["turn"] == 2 and v["phase"] == "placement"
    assert v["castle"]["sections_counted"] == 1
    assert prestige(game) == [3, 3, 3, 3]


# ==========================================================================================================
# Royal favors (p5-p6)
# ==========================================================================================================

def test_favor_stuck_marker_during_the_dungeon_count():
    """Rules p6, example: 'Orange has just gained a favor during the Dungeon count. He chooses the first line
    (prestige points), on which he already advanced in a previous phase. However, since the Dungeon is being
    counted, Orange can't advance his marker. He leaves it on its space and gains 2 prestige points.'"""
    game = new(order=[ORANGE, BLUE, RED, GREEN])
    set_castle(game, dungeon={ORANGE: 2, BLUE: 1, RED: 1, GREEN: 2})
    set_favor(game, ORANGE, prestige=2)
    set_prestige(game, orange=10)
    start_end_of_turn(game)
    assert asked(game) == (ORANGE, "choose a line of the favor table")
    play(game, "favor:prestige")
    assert prestige(game)[ORANGE] == 12
    assert column(game, ORANGE)["prestige"] == 2
    play(game, "favor:prestige")  # Green's favor: his marker moves from 0 to 1
    assert column(game, GREEN)["prestige"] == 1
    # Once the count is over, columns 3 and 4 are open.
    assert game.view(None)["castle"]["sections_counted"] == 1


def test_favor_blue_builds_the_church_and_takes_food_from_column_3():
    """Rules p6, example: 'The players are building the Towers. All the columns of the favor table are now
    available. Blue has just gained a favor by building the church. He chooses the third line (resource
    cubes). He moves from the second to the third space and chooses to take a food cube from the stock (he is
    on space 3, so he has the choice between spaces 1, 2 and 3).'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    set_castle(game, counted=2)  # the Dungeon and the Walls are counted: the Towers are being built
    put_tile(game, "mason", GREEN, pos=9)
    set_favor(game, BLUE, cubes=2)
    set_cubes(game, BLUE, food=0, wood=0, stone=1, cloth=1)
    start_activation(game, {"mason": BLUE}, provost=9)
    play(game, "build:church")
    assert prestige(game)[BLUE] == 4  # the rulebook text: 4 PP and a favor
    assert space(game, 10) == {"space": 10, "tile": "church", "owner": BLUE, "worker": None}
    assert asked(game) == (BLUE, "choose a line of the favor table")
    play(game, "favor:cubes")
    assert column(game, BLUE)["cubes"] == 3
    assert game.legal_tokens() == ["take:food", "take:wood", "take:stone", "take:cloth"]
    play(game, "take:food")
    assert seat_view(game, BLUE)["cubes"] == {"food": 1, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}


def test_favor_green_jousts_and_builds_the_park_with_the_stone_discount():
    """Rules p6, example: 'The players are building the Walls. Columns 3 and 4 are now available in the favor
    table. Green has just gained a favor thanks to the joust field. He chooses the fourth line. He moves from
    space 2 to space 3 and chooses to build a park. He pays 1 food cube (since he has a 1 stone cube
    discount), and places the parc tile on the first space available on the road. He puts a house on the tile
    and immediately gains 3 prestige points.'"""
    game = new(order=[GREEN, RED, BLUE, ORANGE])
    set_castle(game, dungeon={RED: 6}, counted=1)  # the Dungeon is counted: the Walls are being built
    set_favor(game, GREEN, buildings=2)
    set_cubes(game, GREEN, 3, food=1, wood=0, stone=0, cloth=1)
    start_special(game, {"joust_field": GREEN})
    play(game, "joust")
    assert deniers(game)[GREEN] == 2 and seat_view(game, GREEN)["cubes"]["cloth"] == 0
    play(game, "favor:buildings")
    assert column(game, GREEN)["buildings"] == 3
    assert asked(game) == (GREEN, "choose a building effect from the favor table")
    assert "build:park" in game.legal_tokens()
    houses = seat_view(game, GREEN)["houses"]
    play(game, "build:park")
    assert space(game, 9) == {"space": 9, "tile": "park", "owner": GREEN, "worker": None}
    assert seat_view(game, GREEN)["cubes"] == {"food": 0, "wood": 0, "stone": 0, "cloth": 0, "gold": 0}
    assert seat_view(game, GREEN)["houses"] == houses - 1
    assert prestige(game)[GREEN] == 3
