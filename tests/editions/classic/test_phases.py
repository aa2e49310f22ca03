"""The rules of phases 2, 4, 6 and 7 of Caylus (2005), the end of the game and the 2-player adjustments.

Each test cites the passage of shared/rules/caylus-rules.txt it checks ("p2 b" = page 2, paragraph b).
"""

from __future__ import annotations

import caylus

from .scenario import (
    BLACK, BLUE, GREEN, ORANGE, RED, new, play, put_tile, refused, seat_view, set_castle, set_cubes,
    set_prestige, set_road, start_castle, start_end_of_turn, sync,
)


def deniers(game) -> list[int]:
    return [p["deniers"] for p in game.view(None)["seats"]]


def prestige(game) -> list[int]:
    return [p["prestige"] for p in game.view(None)["seats"]]


def asked(game) -> tuple[int, str]:
    top = game.view(None)["decisions"][-1]
    return top["player"], top["kind"]


def places(game) -> set[str]:
    return {t for t in game.legal_tokens() if t.startswith("place:")}


# ==========================================================================================================
# Phase 2: placing the workers
# ==========================================================================================================

def test_price_is_the_smallest_free_number_of_the_passing_scale():
    """p2 b/c/e: 'a sum of money that is equal to the smallest unoccupied number on the passing scale (between
    1 and 5 deniers according to the number of players who have already passed)'."""
    game = new(players=5, order=[BLUE, RED, GREEN, ORANGE, BLACK])
    for seat in range(5):
        set_cubes(game, seat, 20)
    sync(game)
    play(game, "place:neutral_sawmill")  # Blue: nobody passed, 1
    play(game, "pass")  # Red passes first
    play(game, "place:castle")  # Green: 2 (the castle is priced the same way)
    play(game, "pass")  # Orange
    play(game, "place:gate")  # Black: 3
    play(game, "pass")  # Blue
    play(game, "pass")  # Green
    play(game, "place:trading_post")  # Black: 5, all four others have passed
    assert deniers(game) == [19, 21, 18, 20, 12]


def test_first_passer_takes_one_denier_the_others_nothing():
    """p2 a: 'The first player who passes gets 1 denier from the stock immediately.' and 'Once a player has
    passed, they can't place workers until the end of the phase.'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    for seat in range(4):
        set_cubes(game, seat, 5)
    set_cubes(game, GREEN, 9)
    sync(game)
    play(game, "pass", "pass")  # Blue, then Red
    assert deniers(game) == [6, 5, 9, 5]
    play(game, "place:gate")  # Green: 3
    play(game, "pass")  # Orange
    assert deniers(game) == [6, 5, 6, 5]
    # Blue and Red have passed: Green is asked again at once.
    assert asked(game) == (GREEN, "place a worker or pass")
    play(game, "pass")
    assert game.view(None)["passing_order"] == [BLUE, RED, ORANGE, GREEN]
    assert deniers(game) == [6, 5, 6, 5]


def test_own_building_costs_one_and_gives_no_prestige():
    """p2 d: 'The player pays 1 denier to the stock. [...] Placing a worker in one of your own buildings does
    not yield a prestige point.' p2 c: on another player's building 'The owner of the building
    instantaneously earns one prestige point.'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "quarry", BLUE, pos=9)
    put_tile(game, "sawmill", RED, pos=10)
    for seat in range(4):
        set_cubes(game, seat, 9)
    sync(game)
    play(game, "pass", "pass", "pass")  # Blue, Red, Green: the price is now 4
    play(game, "place:quarry")  # Orange on Blue's quarry: 4, Blue +1 PP
    assert deniers(game)[ORANGE] == 5 and prestige(game) == [1, 0, 0, 0]
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "sawmill", RED, pos=10)
    for seat in range(4):
        set_cubes(game, seat, 9)
    sync(game)
    play(game, "pass")  # Blue
    play(game, "place:sawmill")  # Red on his own sawmill: 1 although the price is 2, no prestige
    assert deniers(game)[RED] == 8 and prestige(game) == [0, 0, 0, 0]


def test_inn_holder_pays_one_everywhere_and_owners_still_gain_a_point():
    """p3 f: 'The player who occupies the circle on the right always pays 1 denier to place their workers,
    no matter how many players have passed (the player's opponents still gain 1 prestige point every time the
    former uses their buildings).'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "quarry", BLUE, pos=9)
    game.board.inn_right = ORANGE
    game.board.workers[ORANGE] -= 1
    for seat in range(4):
        set_cubes(game, seat, 9)
    sync(game)
    play(game, "pass", "pass", "pass")  # Blue, Red, Green: the others would pay 4
    play(game, "place:quarry", "place:castle", "place:trading_post", "place:inn")
    assert deniers(game)[ORANGE] == 5
    assert prestige(game) == [1, 0, 0, 0]
    # One player may have two workers in the inn (p2 b).
    assert game.view(None)["special_buildings"]["inn"] == {"left": ORANGE, "right": ORANGE}


def test_castle_one_worker_per_player():
    """p2 e: 'The castle may contain several workers, but each player can only place one.'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    play(game, "place:castle", "place:castle", "place:castle")  # Blue, Red, Green
    assert game.view(None)["castle"]["workers"] == [BLUE, RED, GREEN]
    play(game, "pass")  # Orange
    assert asked(game)[0] == BLUE
    assert "place:castle" not in places(game)
    refused(game, "place:castle", "Blue already has a worker in the castle")


def test_stables_one_worker_per_player_and_three_at_most():
    """p2 b: 'If the worker is placed in the stables, the player puts him on the smallest number available.
    Up to 3 workers can be placed in the stable, but a given player can place only one.'"""
    game = new(players=5, order=[BLUE, RED, GREEN, ORANGE, BLACK])
    play(game, "place:stables")  # Blue on 1
    play(game, "pass", "pass", "pass", "pass")  # Red, Green, Orange, Black
    assert asked(game)[0] == BLUE
    refused(game, "place:stables", "Blue already has a worker in the stables")

    game = new(players=5, order=[BLUE, RED, GREEN, ORANGE, BLACK])
    play(game, "place:stables", "place:stables", "place:stables")
    assert game.view(None)["special_buildings"]["stables"] == [BLUE, RED, GREEN]
    assert "place:stables" not in places(game)
    refused(game, "place:stables", "the stables are full")


def test_forbidden_spaces():
    """p2: 'Putting a worker on a prestige building (blue), on a residential building (green) or on an unbuilt
    space is forbidden. Placing a worker on a space where there already is another worker is also forbidden,
    except in three cases (stable, inn, castle).'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "residence", RED, pos=9)
    put_tile(game, "statue", RED, pos=10)
    put_tile(game, "sawmill", GREEN, pos=11)
    sync(game)
    play(game, "place:sawmill", "place:trading_post")  # Blue on Green's sawmill; Red at the trading post
    # Green may go on every road building but the occupied sawmill, the residence, the statue and the empty
    # sites: the neutral tiles (1-6), the peddler, the carpenter and the gold mine.
    road = {f"place:{s['tile']}" for s in game.view(None)["road"]
            if s["tile"] and s["tile"] not in ("residence", "statue", "sawmill")}
    assert len(road) == 9
    assert places(game) == road | {"place:gate", "place:merchants_guild", "place:joust_field",
                                   "place:stables", "place:inn", "place:castle"}
    refused(game, "place:sawmill", "occupied by Blue")
    refused(game, "place:trading_post", "the trading post is occupied")
    refused(game, "place:residence", "no worker may be placed on a residential building")
    refused(game, "place:statue", "no worker may be placed on a prestige building")
    refused(game, "place:quarry", "not on the road")  # a tile still in the stock: its site is unbuilt


def test_no_worker_or_no_money_means_pass():
    """p2 a: 'If a player wants to pass or must pass because of a lack of workers or money [...]'. A decision
    with one answer is played by the engine."""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    b = game.board
    b.workers[RED] = 0
    b.deniers[RED] = 4
    b.deniers[GREEN] = 0
    sync(game)
    play(game, "place:gate")  # Blue; Red (no worker) and Green (no money) pass without being asked
    assert game.view(None)["passing_order"] == [RED, GREEN]
    assert deniers(game)[RED] == 5  # Red took the first passer's denier
    assert asked(game)[0] == ORANGE

    game = new(order=[BLUE, RED, GREEN, ORANGE])
    put_tile(game, "sawmill", GREEN, pos=9)
    set_cubes(game, GREEN, 1)
    sync(game)
    play(game, "pass", "pass")  # the price is 3 now, but Green's own sawmill costs 1
    assert asked(game)[0] == GREEN
    assert places(game) == {"place:sawmill"}
    refused(game, "place:gate", "Green has 1 deniers and placing there costs 3")


# ==========================================================================================================
# Phase 4: the provost's move
# ==========================================================================================================

def provost_game(provost: int, money: int = 9):
    """Everybody passes (Blue first); the provost phase begins with Blue, who then has `money` deniers."""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    set_road(game, provost=provost)
    play(game, "pass", "pass", "pass", "pass")
    set_cubes(game, BLUE, money)
    sync(game)
    assert game.view(None)["decisions"][-1] == {"kind": "move the provost", "player": BLUE, "args": [0, 0]}
    return game


def test_provost_moves_in_passing_order_one_denier_a_space():
    """p3 phase 4: 'Following the passing order of phase 2 (that is, the first player who passed speaks
    first) [...] Each player can move the provost 1 to 3 spaces forward or backward by paying 1 denier per
    space. It is also possible to pass.'"""
    game = new(order=[BLUE, RED, GREEN, ORANGE])
    for seat in range(4):
        set_cubes(game, seat, 9)
    put_tile(game, "sawmill", RED, pos=9)
    sync(game)
    play(game, "place:gate", "pass", "pass", "pass")  # Blue places; Red, Green, Orange pass
    play(game, "pass")  # Blue passes last
    play(game, "pass")  # the gate: Blue keeps his worker home
    assert asked(game) == (RED, "move the provost")
    play(game, "provost:+3")
    assert asked(game)[0] == GREEN
    play(game, "provost:-2")
    assert asked(game)[0] == ORANGE
    play(game, "pass")
    assert asked(game)[0] == BLUE
    assert game.view(None)["provost"] == 7
    assert deniers(game) == [8, 10 - 3, 9 - 2, 9]
    assert game.legal_tokens() == ["pass", "provost:-3", "provost:-2", "provost:-1", "provost:+1",
                                   "provost:+2", "provost:+3"]


def test_provost_one_to_three_spaces_paid_from_the_purse():
    """p3 phase 4: '1 to 3 spaces [...] by paying 1 denier per space'."""
    game = provost_game(provost=10, money=2)
    assert game.legal_tokens() == ["pass", "provost:-2", "provost:-1", "provost:+1", "provost:+2"]
    refused(game, "provost:+3", "Blue has 2 deniers and moving the provost 3 spaces costs 3")
    refused(game, "provost:+4", "no such argument")


def test_provost_never_onto_the_bridge_nor_past_the_last_space():
    """p3 phase 4: 'The provost can neither go backward to the area before the bridge (that is, to the special
    buildings), nor go beyond the last space of the road. The provost can move to empty spaces.'"""
    game = provost_game(provost=2)
    assert game.legal_tokens() == ["pass", "provost:-1", "provost:+1", "provost:+2", "provost:+3"]
    refused(game, "provost:-2", "neither onto the bridge nor past space 28")
    play(game, "provost:-1")
    assert game.view(None)["provost"] == 1

    game = provost_game(provost=26)
    refused(game, "provost:+3", "neither onto the bridge nor past space 28")
    play(game, "provost:+2")
    assert game.view(None)["provost"] == 28

    game = provost_game(provost=8)
    play(game, "provost:+3")  # space 11 is an empty site
    assert game.view(None)["provost"] == 11
    assert game.view(None)["road"][10]["tile"] is None


# ==========================================================================================================
# Phase 6: the castle
# ==========================================================================================================

def test_a_batch_is_food_and_two_different_cubes_gold_allowed():
    """p4 phase 6: 'A batch must be composed of three different cubes, one of which must be a food cube.'
    (Gold is a cube like the others here.)"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_cubes(game, RED, food=1, wood=2, stone=0, cloth=0, gold=1)
    start_castle(game, [RED])
    assert game.legal_tokens() == ["pass", "batch:wood+gold"]
    refused(game, "batch:wood+wood", "no such argument")  # two identical cubes are no batch
    refused(game, "batch:wood+stone", "Red lacks the cubes for wood+stone")
    play(game, "batch:wood+gold")
    assert seat_view(game, RED)["cubes"] == {"food": 0, "wood": 1, "stone": 0, "cloth": 0, "gold": 0}
    assert prestige(game)[RED] == 5

    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_cubes(game, RED, food=0, wood=1, stone=1, cloth=1, gold=1)
    start_castle(game, [RED])
    # No food: Red cannot give a batch; the only answer, pass, is played for him and costs 2 PP (from 0: 0).
    assert prestige(game)[RED] == 0
    assert game.view(None)["castle"]["workers"] == []


def test_batches_overflow_into_the_next_section():
    """p5: 'If there is no more room in this section, the player may start building the next section' and the
    points: 'Dungeon [...] 5 [...] Walls [...] 4 [...] Towers [...] 3 prestige points.'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={BLUE: 6}, walls={BLUE: 4, GREEN: 5}, counted=1)
    set_cubes(game, RED, food=3, wood=3, stone=3)
    start_castle(game, [RED])
    play(game, "batch:wood+stone", "batch:wood+stone", "batch:wood+stone")
    assert seat_view(game, RED)["castle_parts"] == {"dungeon": 0, "walls": 1, "towers": 2}
    assert prestige(game)[RED] == 4 + 3 + 3
    # After the Dungeon count, batches go to the Walls even while Dungeon spaces are empty (p5 "Counts").
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={BLUE: 2}, counted=1)
    set_cubes(game, RED, food=1, wood=1, stone=1)
    start_castle(game, [RED])
    play(game, "batch:wood+stone")
    assert seat_view(game, RED)["castle_parts"] == {"dungeon": 0, "walls": 1, "towers": 0}
    assert prestige(game)[RED] == 4


def test_full_towers_no_batch_and_no_penalty():
    """p5: 'This penalty does not apply if, during the building of the Towers, a player can't give a batch
    because there is no room left (if the player owns a batch, they keep the cubes and their prestige is not
    affected).'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={BLUE: 6}, walls={BLUE: 10}, towers={BLUE: 7, GREEN: 6}, counted=2)
    set_prestige(game, red=10, green=10)
    set_cubes(game, RED, food=2, wood=2, stone=2)
    set_cubes(game, GREEN, food=1, wood=1, stone=1)
    start_castle(game, [RED, GREEN])
    assert game.legal_tokens() == ["pass", "batch:wood+stone"]
    play(game, "batch:wood+stone")  # the last Towers part
    # Red cannot give his second batch; Green is not even asked; nobody loses points; Red gets the favor.
    assert asked(game) == (RED, "choose a line of the favor table")
    assert prestige(game) == [0, 13, 10, 0]
    assert seat_view(game, RED)["cubes"]["food"] == 1
    assert seat_view(game, GREEN)["cubes"] == {"food": 1, "wood": 1, "stone": 1, "cloth": 0, "gold": 0}


def test_no_batch_costs_two_points_never_below_zero():
    """p5: 'If a player has placed a worker in the castle but won't or can't give a batch [...], they lose 2
    prestige points (it is not possible to go below 0 point, though).'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_prestige(game, red=5, blue=1)
    set_cubes(game, RED, food=1, wood=1, stone=1)
    set_cubes(game, BLUE, food=1, wood=1, stone=1)
    start_castle(game, [RED, BLUE])
    play(game, "pass", "pass")  # both could give a batch and won't
    assert prestige(game)[RED] == 3 and prestige(game)[BLUE] == 0


def test_best_builder_tie_goes_to_the_earliest_arrival():
    """p5: 'you determine which player has provided the most batches during this turn [...]. This player
    immediately gains 1 royal favor. If several players are tied, the one who arrived first gains the
    favor.'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_cubes(game, BLUE, food=1, wood=1, stone=1)
    for seat in (RED, GREEN):
        set_cubes(game, seat, food=2, wood=2, cloth=2)
    start_castle(game, [BLUE, GREEN, RED])
    play(game, "batch:wood+stone")  # Blue: 1
    play(game, "batch:wood+cloth", "batch:wood+cloth")  # Green: 2
    play(game, "batch:wood+cloth", "batch:wood+cloth")  # Red: 2, arrived after Green
    assert asked(game) == (GREEN, "choose a line of the favor table")


def test_no_favor_when_nobody_gives_a_batch():
    """p5 (best builder): with no batch given, nobody 'has provided the most batches'."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_prestige(game, red=4, blue=4)
    start_castle(game, [RED, BLUE])
    play(game, "pass", "pass")
    v = game.view(None)
    assert prestige(game)[:2] == [4 - 2, 4 - 2]
    assert v["phase"] == "placement" and v["turn"] == 2  # no favor was asked for
    assert all(seat_view(game, s)["favors"] == {"prestige": 0, "deniers": 0, "cubes": 0, "buildings": 0}
               for s in (RED, BLUE))


# ==========================================================================================================
# Phase 7: end of the turn, counts
# ==========================================================================================================

def end_of_turn(bailiff: int, provost: int, **castle):
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, **castle)
    set_road(game, bailiff=bailiff, provost=provost)
    start_end_of_turn(game)
    return game


def test_bailiff_moves_one_or_two_and_the_provost_joins_him():
    """p5 phase 7: 'If the provost is located after the bailiff [...], the bailiff moves 2 spaces forward. If
    the provost is located before the bailiff [...] or on the same space, the bailiff only advances by 1 space.
    Once the bailiff has moved, place the provost on the space the bailiff has just reached.'"""
    for provost, reached in ((9, 10), (5, 10), (10, 11), (20, 11)):
        v = end_of_turn(bailiff=9, provost=provost).view(None)
        assert (v["bailiff"], v["provost"]) == (reached, reached), provost


def test_count_when_the_bailiff_goes_past_the_count_space():
    """p5 phase 7: 'if the bailiff, during his move, reached or went past Dungeon count, Walls count, Towers
    count spaces [...], proceed to count'."""
    game = end_of_turn(bailiff=11, provost=15, dungeon={RED: 2})
    assert game.view(None)["bailiff"] == 13
    assert asked(game) == (RED, "choose a line of the favor table")
    game = end_of_turn(bailiff=10, provost=15, dungeon={RED: 2})
    assert game.view(None)["bailiff"] == 12 and asked(game)[0] == RED
    game = end_of_turn(bailiff=10, provost=10, dungeon={RED: 2})
    assert game.view(None)["bailiff"] == 11 and game.view(None)["castle"]["sections_counted"] == 0


def test_walls_count_table_counts_only_the_walls():
    """p5 'Counts': 'Walls: no house -3 prestige points, 2 houses 1 royal favor, 3 or 4 houses 2 royal
    favors, 5 houses & more 3 royal favors' and 'If you are counting a section while houses have already been
    placed in the next section because of the lack of room, the latter houses are not taken into account.'
    Counted once: 'in any case, there will only be one count per section'."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, dungeon={RED: 6}, walls={RED: 5, BLUE: 3, GREEN: 2}, towers={ORANGE: 4}, counted=1)
    set_prestige(game, red=10, blue=10, green=10, orange=10)
    set_road(game, bailiff=17, provost=17)
    start_end_of_turn(game)
    play(game, "favor:prestige", "favor:deniers", "favor:cubes")  # Red: 3 favors (column 1 food: no choice)
    assert seat_view(game, RED)["cubes"]["food"] == 3
    play(game, "favor:prestige", "favor:deniers")  # Blue: 2
    play(game, "favor:prestige")  # Green: 1
    v = game.view(None)
    assert prestige(game) == [10 + 1, 10 + 1, 10 + 1, 10 - 3]  # Orange's Towers parts do not count here
    assert v["castle"]["sections_counted"] == 2 and v["turn"] == 2
    # The next turn end, with the bailiff past 18 again: no second Walls count.
    set_road(game, bailiff=19, provost=19)
    start_end_of_turn(game)
    assert game.view(None)["castle"]["sections_counted"] == 2
    assert prestige(game) == [11, 11, 11, 7]


def test_the_game_ends_right_after_the_towers_count_with_the_end_bonuses():
    """p5 'Counts' (Towers: no house -4, 2 or 3 houses 1 favor) and p6 'End of the game': 'The game ends right
    after the count of the Towers section [...] 3 points per gold cube they have left, 1 point per 3 cubes
    they have left (no Gold), 1 point per 4 deniers they have left.' 'In case of draw for the first place, all
    the players who are tied win.'"""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, towers={RED: 2, BLUE: 1, GREEN: 1}, counted=2)
    set_prestige(game, red=20, blue=22, green=17, orange=31)
    set_cubes(game, RED, 7, food=2, wood=2, stone=1, cloth=0, gold=1)  # 3 + 1 + 1 = 5
    set_cubes(game, BLUE, 8, food=0, wood=0, stone=0, cloth=0, gold=1)  # 3 + 0 + 2 = 5
    set_cubes(game, GREEN, 3, food=2, wood=0, stone=0, cloth=0, gold=0)  # 0
    set_cubes(game, ORANGE, 0, food=0, wood=0, stone=0, cloth=0, gold=0)  # 0
    set_road(game, bailiff=23, provost=23)
    start_end_of_turn(game)
    assert game.view(None)["bailiff"] == 24
    assert asked(game) == (RED, "choose a line of the favor table")
    assert not game.is_terminal
    play(game, "favor:deniers")  # Red: +4 deniers (column 2): 11 deniers, 2 points
    assert game.is_terminal and game.legal_tokens() == []
    # prestige: Blue 22, Red 20, Green 17, Orange 31 - 4; bonuses: Blue 3 + 2, Red 3 + 5 // 3 + 11 // 4
    assert [p["end_bonus"] for p in game.view(None)["seats"]] == [5, 6, 0, 0]
    assert [p["end_bonus_parts"] for p in game.view(None)["seats"]] == [
        {"gold": 3, "cubes": 0, "deniers": 2}, {"gold": 3, "cubes": 1, "deniers": 2},
        {"gold": 0, "cubes": 0, "deniers": 0}, {"gold": 0, "cubes": 0, "deniers": 0}]
    assert game.scores() == [27, 26, 17, 27]
    assert game.winners() == [BLUE, ORANGE]  # a shared victory (seats 0 and 3)
    assert game.returns() == [1.0, 0.0, 0.0, 1.0]


def test_the_game_ends_when_the_towers_are_complete():
    """p6: 'after the bailiff has reached the Towers count space or when the 14 parts of the Towers have been
    built'."""
    game = new(order=[RED, BLUE, GREEN, ORANGE])
    set_castle(game, towers={RED: 1, BLUE: 13}, counted=2)
    set_road(game, bailiff=19, provost=19)
    start_end_of_turn(game)
    assert game.view(None)["bailiff"] == 20
    play(game, "favor:prestige", "favor:deniers", "favor:cubes")  # Blue: 3 favors
    assert game.is_terminal


def test_an_unfinished_game_has_no_winner():
    """p6: the winner is decided at the end only."""
    game = new()
    assert game.winners() == [] and not game.is_terminal


# ==========================================================================================================
# Caylus for 2 players (p6)
# ==========================================================================================================

def test_two_players_start_with_five_deniers():
    """p6: 'Both players start the game with 5 deniers.' (p1 for 3-5 players: 5, 6, 6, 7, 7 by turn order.)
    Turn 1 begins with its phase 1 income of 2."""
    game = caylus.new_game("caylus", players=2, seed=3)
    assert deniers(game) == [7, 7]
    game = caylus.new_game("caylus", players=5, seed=3)
    order = game.view(None)["turn_order"]
    assert [deniers(game)[seat] for seat in order] == [7, 8, 8, 9, 9]


def test_two_players_alternate_the_turn_order_and_have_no_stables():
    """p6: 'The turn order changes with each turn. A player plays first on one turn, and second on the next,
    and so on. Consequently, the stables are not used.'"""
    game = new(players=2, order=[RED, BLUE])
    assert "place:stables" not in places(game)
    refused(game, "place:stables", "the stables are not used in a 2-player game")
    seen = []
    for _ in range(3):
        seen.append(game.view(None)["turn_order"])
        play(game, "pass", "pass")
        while game.view(None)["phase"] != "placement":
            play(game, "pass")
    assert seen == [[RED, BLUE], [BLUE, RED], [RED, BLUE]]


def test_two_players_three_deniers_once_the_other_has_passed():
    """p6: 'When a player passes, the other must pay 3 deniers (instead of 2 in the normal rule) to play in a
    building they do not own. Playing in your own buildings still costs 1 denier.' (Interpretation: the 3
    applies to every space that is not the player's own building, the castle included.)"""
    game = new(players=2, order=[RED, BLUE])
    put_tile(game, "sawmill", BLUE, pos=9)
    put_tile(game, "quarry", RED, pos=10)
    set_cubes(game, RED, 20)
    set_cubes(game, BLUE, 20)
    sync(game)
    play(game, "place:gate")  # Red: 1, nobody passed
    play(game, "pass")  # Blue passes (+1)
    play(game, "place:sawmill")  # Red on Blue's sawmill: 3, Blue +1 PP
    play(game, "place:castle")  # 3
    play(game, "place:quarry")  # Red's own quarry: 1
    assert deniers(game) == [21, 20 - 1 - 3 - 3 - 1]
    assert prestige(game) == [1, 0]


def test_two_players_the_inn_keeps_its_power():
    """p6: 'The inn keeps its power (the player whose pawn is placed on the right space pays 1 denier in every
    case).'"""
    game = new(players=2, order=[BLUE, RED])
    game.board.inn_right = RED
    game.board.workers[RED] -= 1
    set_cubes(game, RED, 10)
    sync(game)
    play(game, "pass")  # Blue
    play(game, "place:castle", "place:gate")
    assert deniers(game)[RED] == 8
