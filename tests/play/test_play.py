"""`caylus play` driven as a person would drive it, in a pseudo-terminal (pexpect).

The person here is a script: it answers each decision with its first legal move (or `hint` now and then), plays
whole games against quick bots in every edition, and tries the commands, bad input, Ctrl-C, end of input, a
resized terminal and a hot-seat game of two people.
"""

import re
import signal

import pytest

from caylus import load_record

from .terminal import finish, spawn

PROMPT = re.compile(r"\n(Blue|Red|Green|Orange|Yellow|Black)> ")
END = "Final scores"


def play_to_the_end(child, answer="1", limit=2000):
    """Answer every decision with `answer` until the final scores; returns how many decisions were answered."""
    for n in range(limit):
        if child.expect([PROMPT, END]) == 1:
            return n
        child.sendline(answer)
    raise AssertionError("the game did not end")


def saved_path(child) -> str:
    child.expect(r"Saved to (\S+\.txt)")
    return child.match.group(1)


@pytest.mark.parametrize("edition,players,seats", [
    ("caylus", 2, "you,random"),
    ("caylus-1303", 3, "random,you,greedy"),
    ("magna-carta", 2, "you,random"),
])
def test_a_whole_game_against_bots_ends_with_the_scoreboard_and_a_saved_record(tmp_path, edition, players, seats):
    child = spawn("play", "--edition", edition, "--players", str(players), "--seats", seats, "--seed", "4",
                  "--fast", "--no-color", home=str(tmp_path))
    child.expect("Type the number of a move")
    assert play_to_the_end(child) > 5
    child.expect("during the game")
    child.expect("Winner|Shared victory")
    path = saved_path(child)
    assert finish(child) == 0
    assert path.startswith(str(tmp_path / "data" / "caylus" / "games"))
    game = load_record(open(path, encoding="utf-8").read())
    assert game.is_terminal and game.edition.id == edition


def test_commands_bad_input_undo_hint_save_and_load(tmp_path):
    child = spawn("play", "--players", "3", "--seats", "you,random,random", "--seed", "2", "--fast",
                  "--no-color", home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Commands:")
    child.expect("save FILE")
    child.expect(PROMPT)
    child.sendline("help gate")
    child.expect("(?i)gate")
    child.expect(PROMPT)
    child.sendline("help no such building")
    child.expect("no building")
    child.expect(PROMPT)
    child.sendline("999")
    child.expect("there is no move 999")
    child.expect(PROMPT)
    child.sendline("blah blah")
    child.expect("Not possible: ")
    child.expect(PROMPT)
    child.sendline("favor:deniers")  # a real token, not legal now
    child.expect("Not possible: favor:deniers")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("Hint: ")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Taken back")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect("Lately:")
    child.expect(PROMPT)
    saved = tmp_path / "middle.txt"
    child.sendline(f"save {saved}")
    child.expect("Saved to")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    record = saved.read_text(encoding="utf-8")
    moves = len(load_record(record).history)
    assert moves >= 2

    again = spawn("play", "--load", str(saved), "--seats", "you,random,random", "--fast", "--no-color",
                  home=str(tmp_path))
    again.expect(PROMPT)
    again.sendline("1")
    again.expect(PROMPT)
    again.sendline(f"save {saved}")
    again.expect("Saved to")
    again.sendline("quit")
    again.sendline("n")
    assert finish(again) == 0
    assert len(load_record(saved.read_text(encoding="utf-8")).history) > moves


def test_ctrl_c_offers_to_save_and_end_of_input_saves_quietly(tmp_path):
    child = spawn("play", "--players", "2", "--seats", "you,random", "--fast", "--no-color", home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"Save the game before leaving\?")
    child.sendline("y")
    saved_path(child)
    assert finish(child) == 130

    child = spawn("play", "--players", "2", "--seats", "you,random", "--fast", "--no-color", home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendeof()
    saved_path(child)
    assert finish(child) == 0


def test_a_resized_terminal_gets_boards_of_its_new_width(tmp_path):
    child = spawn("play", "--players", "2", "--seats", "you,random", "--seed", "9", "--fast", "--no-color",
                  home=str(tmp_path), rows=40, cols=120)
    child.expect(PROMPT)
    child.setwinsize(30, 60)
    child.sendline("board")
    child.expect(PROMPT)
    lines = [line for line in child.before.replace("\r", "").split("\n") if line.strip()]
    assert lines and max(len(line) for line in lines) <= 60
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("n")
    assert finish(child) == 0


def test_hot_seat_magna_carta_never_shows_a_hand_to_the_other_player(tmp_path):
    child = spawn("play", "--edition", "magna-carta", "--players", "2", "--seats", "human,human", "--seed", "5",
                  "--fast", "--no-color", home=str(tmp_path))
    at_screen, passes, decisions = None, 0, 0
    while True:
        i = child.expect([r"Pass the screen to (\w+)", PROMPT, END])
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
    saved_path(child)
    assert finish(child) == 0


def test_a_closed_terminal_saves_the_game_without_a_traceback(tmp_path):
    child = spawn("play", "--players", "2", "--seats", "you,random", "--fast", "--no-color", home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.kill(signal.SIGHUP)
    assert finish(child) == 0
    saved = list((tmp_path / "data" / "caylus" / "games").glob("*.txt"))
    assert len(saved) == 1 and len(load_record(saved[0].read_text(encoding="utf-8")).history) >= 1
