"""`caylus play` against bots, driven as a person would drive it, in a pseudo-terminal (pexpect): whole games in
every edition (the person answers with the first legal move), hints and undo."""

import re

import pexpect
import pytest

from caylus import load_record

from .terminal import finish, spawn

PROMPT = re.compile(r"\n(Blue|Red|Green|Orange|Yellow|Black)> ")
END = "Final scores"


def play_to_the_end(child, answer="1", limit=2000):
    """Answer every decision with `answer` until the final scores; how many decisions were answered."""
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




def test_hint_and_undo_back_to_your_own_previous_decision(tmp_path):
    child = spawn("play", "--players", "3", "--seats", "you,random,greedy", "--seed", "2", "--fast", "--no-color",
                  home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect(r"Hint: \d+\. .+ \[\S+\]")  # the move: its number, words and token
    child.expect(r"why: \S")  # the normal bot's reason
    child.expect(PROMPT)
    child.sendline("hint hard")  # the edition's real hard: in Caylus 2005 the planner's search, in its words
    child.expect(r"Hint: \d+\. .+ \[\S+\]")
    child.expect(r"why: \S")
    child.expect(r"planner\s+would:\s+worth\s+\d+\s+\w+")  # the terminal may wrap the line anywhere
    child.expect(PROMPT)
    child.sendline("hint expert")
    child.expect("hint takes nothing or a level after it: normal or hard")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    before = tmp_path / "before.txt"
    child.sendline(f"save {before}")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)  # Blue again, after the bots' moves
    child.sendline("undo")
    child.expect("Taken back")
    child.expect(PROMPT)
    after = tmp_path / "after.txt"
    child.sendline(f"save {after}")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    assert load_record(after.read_text()).history == load_record(before.read_text()).history


def test_load_keeps_each_bots_level_and_keys_typed_ahead_are_not_answers(tmp_path):
    # Not --fast: the bots' moves scroll by at a reading pace, while the person types ahead.
    child = spawn("play", "--players", "3", "--seats", "you,hard,easy", "--seed", "6", "--no-color",
                  home=str(tmp_path))
    child.expect(PROMPT)
    child.sendline("1")
    child.send("1\r")   # typed while the bots' moves show: it must not answer the next question
    child.expect(PROMPT)
    # The question waits for an answer: nothing of Blue's happens (a key taken would play Blue's next move).
    seen = child.expect([r"\n\s+B Blue ", PROMPT, "Not possible", pexpect.TIMEOUT], timeout=3)
    assert seen == 3, "a key typed ahead was taken as an answer"
    saved = tmp_path / "bots.txt"
    child.sendline(f"save {saved}")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("n")
    assert finish(child) == 0
    assert '[Seats "you,hard,easy"]' in saved.read_text(encoding="utf-8")
    again = spawn("play", "--load", str(saved), "--fast", "--no-color", home=str(tmp_path))
    again.expect(r"Seats: Blue: you, Red: hard bot, Green: easy bot\.")
    again.expect(PROMPT)
    again.sendline("quit")
    again.expect(r"Save the game before leaving\?")
    again.sendline("n")
    assert finish(again) == 0
