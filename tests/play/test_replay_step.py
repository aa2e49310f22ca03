"""`caylus replay FILE --step`: a person steps through a record forward and backward on the board."""

from caylus.agents import play_random_game

from .terminal import finish, spawn


def test_stepping_forward_back_to_a_move_and_to_the_end(tmp_path):
    playout = play_random_game("caylus", 3, 7)
    record = tmp_path / "game.txt"
    record.write_text(playout.record(), encoding="utf-8")
    moves = len(playout.game.history)
    child = spawn("replay", str(record), "--step", "--no-color", home=str(tmp_path))
    child.expect("The start of the game")
    child.expect(r"\[0/%d\]" % moves)
    child.sendline("")  # Enter: the next move
    child.expect("Move 1 of %d: " % moves)
    child.sendline("g 10")
    child.expect("Move 10 of %d: " % moves)
    child.sendline("b")
    child.expect("Move 9 of %d: " % moves)
    child.sendline("nonsense")
    child.expect("Unknown command 'nonsense'")
    child.sendline("e")
    child.expect("Final scores: ")
    child.sendline("n")
    child.expect("Already there: the end of the record")
    child.sendline("s")
    child.expect("The start of the game")
    child.sendline("q")
    assert finish(child) == 0


def test_end_of_input_leaves_quietly(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(play_random_game("magna-carta", 2, 3).record(), encoding="utf-8")
    child = spawn("replay", str(record), "--step", home=str(tmp_path))
    child.expect(r"\[0/\d+\]")
    child.sendeof()
    assert finish(child) == 0


def test_step_refuses_stdin_and_json(tmp_path):
    child = spawn("replay", "-", "--step", home=str(tmp_path))
    child.expect("--step reads the record from a file")
    assert finish(child) == 2


def test_stepping_through_a_record_for_one_seat_shows_only_that_seats_hand(tmp_path):
    """A seat's own record (Game.record(seat=p)) steps through the game as that seat saw it."""
    playout = play_random_game("magna-carta", 2, 11)
    game = playout.game
    record = tmp_path / "red.txt"
    record.write_text(game.record(seat=1), encoding="utf-8")
    moves = len(game.history)
    child = spawn("replay", str(record), "--step", "--no-color", home=str(tmp_path))
    child.expect("as Red saw it")
    child.expect("The start of the game")
    child.expect(r"\[0/%d\]" % moves)
    child.sendline("g 5")
    child.expect("Move 5 of %d: " % moves)
    child.sendline("q")
    assert finish(child) == 0
