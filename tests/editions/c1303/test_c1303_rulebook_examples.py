"""Every worked example of the Caylus 1303 rulebook, replayed on the engine.

Our seats are Blue, Red, Green, Yellow (and Black with 5 players); where a 4-player example of the book uses
Black, it is played here by Yellow.
"""

from __future__ import annotations

from caylus.editions.c1303 import rules
from caylus.editions.c1303.catalog import GRAY_SPACE, PRINTED_SLOTS

from .c1303_helpers import BLUE, GREEN, RED, YELLOW, Table, road_keys

BOOK_BLACK = YELLOW


def test_passing_example():
    """Phase 1 c) Passing, example: "Blue chooses to pass their turn ... As they are the first player to pass,
    they take the First Player tile. From now on, Black, Green, and Red will have to spend 1 additional Worker for
    each Worker they place. Black chooses to pass as well, Green places 1 Worker (then pays the additional cost by
    returning 1 Worker to the Camp), and Red also passes. Green is now the only one to play: they place 1 last
    Worker (and return 1 Worker to the Camp), then choose to pass. The order on the Guilds Bridge is: Blue, Black,
    Red, and Green."

    The book's turn order is Blue, Black, Green, Red; our seats in turn order are Blue, Red, Green, Yellow, so
    the book's Black plays in seat Red and the book's Red in seat Yellow.
    """
    t = Table(players=4, first=BLUE)
    book_blue, book_black, book_green, book_red = BLUE, RED, GREEN, YELLOW
    for p in range(4):
        t.workers(p, 6)
    t.plan()
    assert t.who == book_blue
    t.play("pass")
    assert t.b.first == book_blue                      # takes the First Player tile
    assert t.who == book_black
    t.play("pass")
    assert t.who == book_green
    t.play("place:starting_farm_1")
    assert t.b.workers[book_green] == 4                # 1 placed + 1 returned to the Camp
    assert t.b.camp[book_green] == 15 - 6 + 1
    assert t.who == book_red
    t.play("pass")
    assert t.who == book_green                         # the only one left to play
    t.play("place:starting_sawmill")
    assert t.b.workers[book_green] == 2
    t.play("pass")
    assert t.b.passed == [book_blue, book_black, book_red, book_green]
    assert t.b.phase == rules.ACTIVATION


def test_guilds_bridge_example():
    """Phase 2 e) Guilds Bridge, example: "Blue was the first to pass their turn, followed by Black, Red, and
    Green. ... Blue chooses to spend nothing, Black chooses to return 2 Workers to the Camp to move the Provost
    2 steps backward. This means that the Red and Green Workers will no longer be activated. Thus, Red returns
    2 Workers to the Camp to move the Provost 2 steps forward. And last, Green returns 1 Worker to the Camp to
    move the Provost 1 step backward. Their Worker will be activated but not that of the Red."
    """
    t = Table(players=4)
    # Green's worker on Road space 8, Red's on space 9; the Provost stands after space 9.
    t.road(8, "wood_farm", "setup").road(9, "wood_sawmill", "setup")
    t.worker("wood_farm", GREEN).worker("wood_sawmill", RED)
    for p in range(4):
        t.workers(p, 5)
    t.activate(provost=10, passed=[BLUE, BOOK_BLACK, RED, GREEN])
    assert t.who == BLUE
    t.play("pass")                                     # Blue spends nothing
    assert t.who == BOOK_BLACK
    t.play("provost:-2")
    assert t.b.provost == 8 and t.b.workers[BOOK_BLACK] == 3
    assert t.who == RED
    t.play("provost:+2")
    assert t.b.provost == 10 and t.b.workers[RED] == 3
    assert t.who == GREEN
    assert "provost:+3" in t.legal() and "provost:-3" in t.legal()
    t.play("provost:-1")
    # The round then runs to its end by itself; each player recruits 3 Workers in Stewardship.
    assert t.b.workers[GREEN] == 4 + 3 and t.b.workers[RED] == 3 + 3 and t.b.workers[BOOK_BLACK] == 3 + 3
    assert t.res(GREEN) == {"food": 1} and t.pp(GREEN) == 1   # Green's Farm (Setup side) was activated
    assert t.res(RED) == {} and t.pp(RED) == 0                # Red's Sawmill, past the Provost, was not
    assert t.b.worker_on[PRINTED_SLOTS + 9] == -1                     # and Red's worker went back to the Camp


def test_carpenter_quarry_example():
    """Phase 2 c) Carpenter, example: "Red has 1 Worker on the Carpenter and wants to construct a Quarry. They
    spend 1 [Food] and 1 [Wood] and place the tile on the first empty space on the Road. Then, they place 1 House
    above it to show the Quarry is theirs and immediately gain 2 Prestige Points."
    """
    t = Table(players=4)
    t.resources(RED, food=1, wood=1)
    t.worker("carpenter", RED)
    houses = t.b.houses[RED]
    t.activate()
    assert t.who == RED
    assert "build:wood_quarry" in t.legal()
    assert "build:wood_spinning_mill" not in t.legal()   # 2 Wood: Red has only 1
    t.play("build:wood_quarry")
    s = PRINTED_SLOTS + 8                                   # the first empty space on this Road
    assert road_keys(t.b)[8] == "wood_quarry"
    assert t.b.owner[s] == RED and t.b.face[s] == 1       # Construction side up, Red's House above
    assert t.b.houses[RED] == houses - 1
    assert t.res(RED) == {}
    assert t.pp(RED) == 2


def test_delivery_and_favor_example():
    """Phase 3, example: "Red and Green have each placed 1 Worker on the Construction Site. Red, placed on space
    1, delivers a bundle (and gains 5 Prestige Points) while Green delivers 2 bundles (and gains 10 Prestige
    Points). In that round, Green is the player to have delivered the most bundles at the Construction Site and
    gains 1 Favor. Had Green chosen to deliver 1 bundle (and not 2), it is Red - who first placed themself at the
    Construction Site - that would have won the Favor."
    """
    for green_bundles, favored in ((2, GREEN), (1, RED)):
        t = Table(players=4)
        t.resources(RED, food=2, wood=2, stone=2)
        t.resources(GREEN, food=2, wood=2, stone=2)
        t.give(BLUE, "thief")
        t.site_worker(RED).site_worker(GREEN)
        t.deliver()
        assert t.who == RED
        t.play("bundle:food_wood_stone", "pass")
        assert t.pp(RED) == 5
        assert t.who == GREEN
        t.play(*["bundle:food_wood_stone"] * green_bundles)
        if green_bundles == 1:
            t.play("pass")
        assert t.pp(GREEN) == 5 * green_bundles
        assert t.deciding() == rules.D_FAVOR and t.who == favored
        t.play("character:thief")
        assert t.b.chars[3] == favored


def test_provost_placement_examples():
    """Phase 4, 4): "The Provost is then placed just before the last constructed Building (disregard the Stone
    Building placed on the Road at the very beginning of the game as long there are empty spaces left in front
    of it)." Examples: 1) between the Quarry and the Stonemason; 2) between the Sawmill and the Gold Mine;
    3) between the Gold Mine and the Alchemist.
    """
    # 1) Quarry then Stonemason built after the setup Wood building; the setup Gold Mine (gray space) is
    #    ignored because empty spaces are still left before it.
    t = Table(players=3)
    t.road(8, "wood_farm", "setup").road(GRAY_SPACE, "stone_gold_mine", "setup")
    t.build(9, "wood_quarry", RED).build(10, "wood_stonemason", BLUE)
    assert rules.provost_at_round_end(t.b) == 10          # just before the Stonemason, after the Quarry
    # 2) The last empty space before the Gold Mine has just been filled with a Sawmill: the Gold Mine counts.
    t.build(11, "wood_tailor", RED).build(12, "wood_sawmill", GREEN)
    assert rules.provost_at_round_end(t.b) == GRAY_SPACE  # between the Sawmill and the Gold Mine
    # 3) An Alchemist built right after the Gold Mine.
    t.build(GRAY_SPACE + 1, "stone_alchemist", BLUE)
    assert rules.provost_at_round_end(t.b) == GRAY_SPACE + 1   # between the Gold Mine and the Alchemist
    # And it really happens at the end of the round.
    t.steward()
    assert t.b.provost == GRAY_SPACE + 1 and t.b.round == 2


def test_recruitment_example():
    """Phase 4, 3): "4-player game example: Green takes 3 Workers, Black takes 5 Workers (2 Residences), Red
    takes 5 Workers (Garden), and Blue takes 3 Workers and 1 [Fabric] (Factory)."
    """
    t = Table(players=4)
    t.road(0, "starting_farm_1", "residence", owner=BOOK_BLACK)
    t.road(1, "starting_sawmill", "residence", owner=BOOK_BLACK)
    t.road(2, "garden", "monument", owner=RED)          # covers a Residence
    t.road(3, "factory", "monument", owner=BLUE)
    for p in range(4):
        t.workers(p, 0)
    t.steward()
    assert t.b.workers == [3, 5, 3, 5]                    # Blue, Red, Green, Yellow (the book's Black)
    assert t.res(BLUE) == {"fabric": 1}
    assert t.res(RED) == {} and t.res(GREEN) == {} and t.res(BOOK_BLACK) == {}


def test_farm_owner_bonus_example():
    """Stone buildings, example: "Red placed 1 Worker on the Farm. The owner (Blue) gained 1 PP. If the Building
    is activated, Red takes 2 [Food] and 1 [Fabric], and Blue takes 1 [Food]. Had Blue come on and activated
    their own Farm, they would have only taken 2 [Food] and 1 [Fabric]." And the note: "The PP gained during the
    placement of a Worker by another player is kept, whether the Building is activated or not. However, the bonus
    Resource is only available if the Building is activated."
    """
    # Red places during Planning: Blue gains 1 PP at once.
    t = Table(players=4, first=RED)
    t.build(8, "stone_farm", BLUE)
    t.workers(RED, 5)
    t.plan()
    t.play("place:stone_farm")
    assert t.pp(BLUE) == 1
    # Activated: Red 2 Food + 1 Fabric, Blue 1 Food.
    t = Table(players=4)
    t.build(8, "stone_farm", BLUE).worker("stone_farm", RED).hold(GREEN)
    t.activate()
    t.skip_bridge()
    assert t.at_hold()
    assert t.res(RED) == {"food": 2, "fabric": 1}
    assert t.res(BLUE) == {"food": 1}
    # Blue on their own Farm: only 2 Food + 1 Fabric.
    t = Table(players=4)
    t.build(8, "stone_farm", BLUE).worker("stone_farm", BLUE).hold(GREEN)
    t.activate()
    t.skip_bridge()
    assert t.res(BLUE) == {"food": 2, "fabric": 1}
    # Not activated (past the Provost): no bonus resource.
    t = Table(players=4)
    t.build(8, "stone_farm", BLUE).worker("stone_farm", RED)
    t.activate(provost=8)
    t.skip_bridge()
    assert t.res(BLUE) == {} and t.res(RED) == {}
