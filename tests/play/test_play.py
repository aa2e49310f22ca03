"""`caylus play` driven as people would drive it, in a pseudo-terminal (pexpect): two friends at one keyboard.

The people here are scripts: they answer with the first legal move, try the commands and bad input, and leave with
Ctrl-C, end of input or a closed terminal; the terminal is resized mid-game. Games against bots are in
test_play_bots.py.
"""

import re
import signal

from caylus import load_record

from .terminal import finish, spawn

PROMPT = re.compile(r"\n(Blue|Red|Green|Orange|Yellow|Black)> ")
PASS = re.compile(r"Pass the screen to (\w+)")
END = "Final scores"
HOT_SEAT = ("--players", "2", "--seats", "human,human", "--fast", "--no-color")


def to_prompt(child) -> str:
    """Go on to the next prompt, passing the screen (hot-seat) when asked; whose prompt it is."""
    while child.expect([PASS, PROMPT]) == 0:
        child.sendline("")
    return child.match.group(1)


def saved_path(child) -> str:
    child.expect(r"Saved to (\S+\.txt)")
    return child.match.group(1)


def test_hot_seat_magna_carta_to_the_end_never_shows_a_hand_to_the_other_player(tmp_path):
    child = spawn("play", "--edition", "magna-carta", *HOT_SEAT, "--seed", "5", home=str(tmp_path))
    at_screen, passes, decisions = None, 0, 0
    while True:
        i = child.expect([PASS, PROMPT, END])
        shown = re.findall(r"Your hand (\w+)", child.before)
        assert all(name == at_screen for name in shown), (at_screen, shown)
        if i == 0:
            at_screen, passes = child.match.group(1), passes + 1
            child.sendline("")
        elif i == 1:
            assert child.match.group(1) == at_screen
            child.sendline("1")
            decisions += 1
        else:
            break
    assert passes > 10 and decisions > passes
    child.expect("Winner|Shared victory")
    path = saved_path(child)
    assert finish(child) == 0
    assert load_record(open(path, encoding="utf-8").read()).is_terminal


def test_commands_bad_input_undo_save_and_load(tmp_path):
    child = spawn("play", *HOT_SEAT, "--seed", "2", home=str(tmp_path))
    first = to_prompt(child)
    child.sendline("help")
    child.expect("Commands:")
    child.expect("save FILE")
    to_prompt(child)
    child.sendline("help gate")
    child.expect(r"Gate \(special building\)")
    to_prompt(child)
    child.sendline("help no such building")
    child.expect("no building, card or character called 'no such building'")
    child.expect("The names: ")  # the names there are (not the Python function that lists them)
    to_prompt(child)
    child.sendline("999")
    child.expect("there is no move 999")
    to_prompt(child)
    child.sendline("blah blah")
    child.expect("Not possible: ")
    to_prompt(child)
    child.sendline("favor:deniers")  # a real token, not legal now
    child.expect("Not possible: favor:deniers")
    assert to_prompt(child) == first
    child.sendline("undo")
    child.expect(r"Cannot undo: \w+ has no decision to take back")
    to_prompt(child)
    child.sendline("1")
    second = to_prompt(child)
    assert second != first
    child.sendline("undo")  # hot-seat: one step back, to the other person's decision
    child.expect("Taken back")
    assert to_prompt(child) == first
    child.sendline("1")
    assert to_prompt(child) == second
    child.sendline("log")
    child.expect("Lately:")
    to_prompt(child)
    saved = tmp_path / "middle.txt"
    child.sendline(f"save {saved}")
    child.expect("Saved to")
    to_prompt(child)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    moves = len(load_record(saved.read_text(encoding="utf-8")).history)
    assert moves == 1

    again = spawn("play", "--load", str(saved), *HOT_SEAT[2:], home=str(tmp_path))
    assert to_prompt(again) == second
    again.sendline("1")
    to_prompt(again)
    again.sendline(f"save {saved}")
    again.expect("Saved to")
    to_prompt(again)
    again.sendline("quit")
    again.expect(r"Save the game before leaving\?")
    again.sendline("n")
    assert finish(again) == 0
    assert len(load_record(saved.read_text(encoding="utf-8")).history) == 2


def test_hot_seat_with_nothing_hidden_takes_turns_without_passing_the_screen(tmp_path):
    """Caylus hides nothing: two people at one keyboard just take turns, each told what the other did."""
    child = spawn("play", *HOT_SEAT, "--seed", "4", home=str(tmp_path))
    people = []
    for _ in range(6):
        assert child.expect([PASS, PROMPT]) == 1, "no pause to pass the screen where nothing is hidden"
        people.append(child.match.group(1))
        child.sendline("1")
    assert set(people) == {"Blue", "Red"}
    child.expect(PROMPT)
    assert "Since your last decision" in child.before
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0


def test_ctrl_c_offers_to_save_and_end_of_input_saves_quietly(tmp_path):
    child = spawn("play", *HOT_SEAT, home=str(tmp_path))
    to_prompt(child)
    child.sendline("1")
    to_prompt(child)
    child.sendintr()
    child.expect(r"Save the game before leaving\?")
    child.sendline("y")
    saved_path(child)
    assert finish(child) == 130

    child = spawn("play", *HOT_SEAT, home=str(tmp_path))
    to_prompt(child)
    child.sendline("1")
    to_prompt(child)
    child.sendeof()
    saved_path(child)
    assert finish(child) == 0


def test_a_closed_terminal_saves_the_game_without_a_traceback(tmp_path):
    child = spawn("play", *HOT_SEAT, home=str(tmp_path))
    to_prompt(child)
    child.sendline("1")
    to_prompt(child)
    child.kill(signal.SIGHUP)
    assert finish(child) == 0
    saved = list((tmp_path / "data" / "caylus" / "games").glob("*.txt"))
    assert len(saved) == 1 and len(load_record(saved[0].read_text(encoding="utf-8")).history) == 1


def test_a_resized_terminal_gets_boards_of_its_new_width(tmp_path):
    child = spawn("play", *HOT_SEAT, "--seed", "9", home=str(tmp_path), rows=40, cols=120)
    to_prompt(child)
    child.setwinsize(30, 60)
    child.sendline("board")
    child.expect(PROMPT)
    lines = [line for line in child.before.replace("\r", "").split("\n") if line.strip()]
    assert len(lines) > 10 and max(len(line) for line in lines) <= 60
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0


def test_load_sits_the_same_people_again_without_seats(tmp_path):
    """Issue 26: a hot-seat game saved and loaded with no --seats keeps both people (no bot takes the friend's
    seat); the line that says how to go on names no seats, since the record keeps them."""
    child = spawn("play", *HOT_SEAT, "--seed", "3", home=str(tmp_path))
    first = to_prompt(child)
    child.sendline("1")
    second = to_prompt(child)
    saved = tmp_path / "two.txt"
    child.sendline(f"save {saved}")
    child.expect(r"go on with: caylus play --load (\S+)\)")
    assert child.match.group(1) == str(saved)
    to_prompt(child)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    assert '[Seats "human,human"]' in saved.read_text(encoding="utf-8")

    again = spawn("play", "--load", str(saved), "--fast", "--no-color", home=str(tmp_path))
    again.expect(r"Seats: Blue: a person, Red: a person\.")
    assert to_prompt(again) == second   # the friend's move is theirs to make, not a bot's
    again.sendline("1")
    assert to_prompt(again) == first
    again.sendline("quit")
    again.expect(r"Save the game before leaving\?")
    again.sendline("n")
    assert finish(again) == 0


def test_a_seats_tag_that_does_not_fit_the_game_is_refused_in_one_line(tmp_path):
    saved = tmp_path / "bad.txt"
    saved.write_text('[Edition "caylus"]\n[Players "2"]\n[Seed "1"]\n[Seats "you,normal,hard"]\n', encoding="utf-8")
    child = spawn("play", "--load", str(saved), home=str(tmp_path))
    child.expect("Seats tag names 3 seats for a 2-player game")
    assert finish(child) == 2


def test_a_hot_seat_game_with_hidden_cards_saves_one_file_per_person(tmp_path):
    """Issue 25: a saved unfinished Magna Carta hot-seat game is one file per person, each with that person's
    cards only and no seed (a share of it: every file is needed to go on); all of them load it again."""
    from caylus.core.record import load_seat_record

    child = spawn("play", "--edition", "magna-carta", *HOT_SEAT, "--seed", "4", home=str(tmp_path))
    first = to_prompt(child)
    child.sendline("1")
    second = to_prompt(child)
    saved = tmp_path / "secret.txt"
    child.sendline(f"save {saved}")
    child.expect("Saved one file per person")
    child.expect(r"go on with: caylus play --load (\S+) --load (\S+)\)")
    files = [child.match.group(1), child.match.group(2)]
    to_prompt(child)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    assert sorted(files) == sorted([str(tmp_path / "secret-blue.txt"), str(tmp_path / "secret-red.txt")])
    for seat, name in enumerate(("blue", "red")):
        text = (tmp_path / f"secret-{name}.txt").read_text(encoding="utf-8")
        assert "[Seed " not in text and "[SeedShare " in text
        seen = load_seat_record(text)
        assert seen.seat == seat and all(v["seats"][1 - seat]["hand"] is None for v in seen.views)

    alone = spawn("play", "--load", files[0], home=str(tmp_path))
    alone.expect("one per person: give all of them")
    assert finish(alone) == 2
    again = spawn("play", "--load", files[1], "--load", files[0], "--fast", "--no-color", home=str(tmp_path))
    assert to_prompt(again) == second
    again.sendline("quit")
    again.expect(r"Save the game before leaving\?")
    again.sendline("n")
    assert finish(again) == 0
    assert first != second


def test_hint_takes_a_level_and_refuses_anything_else():
    from caylus.play.commands import Typed, read
    assert read("hint", ["pass"]) == Typed("hint", "")
    assert read("hint HARD", ["pass"]) == Typed("hint", "hard")
    assert read("hint normal", ["pass"]) == Typed("hint", "normal")
    assert read("hint expert", ["pass"]).command == "error"
    assert read("board now", ["pass"]).command == "error"
