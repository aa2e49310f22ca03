"""Text game records (docs/notation.md): writing, replaying, and every malformed record naming its line."""

from __future__ import annotations

import pytest

import caylus
from caylus import BadRecord
from caylus.agents import play_random_game
from caylus.core import parse_record


@pytest.fixture(scope="module")
def finished() -> caylus.Game:
    playout = play_random_game("caylus", 4, seed=11, options={"favors": "simplified"})
    assert playout.ok, playout.error
    return playout.game


def lines_of(game) -> list[str]:
    return game.record().splitlines()


def test_a_record_has_the_header_tags_then_one_token_a_line(finished):
    lines = lines_of(finished)
    assert lines[:5] == ['[Edition "caylus"]', '[Players "4"]', '[Seed "11"]',
                         '[Options "favors=simplified jeweller=false"]', f'[Engine "caylus {caylus.__version__}"]']
    assert lines[5:-1] == [a.token for a in finished.history]
    assert lines[-1] == '[Result "' + " ".join(map(str, finished.scores())) + '"]'


def test_replay_reproduces_the_game_exactly(finished):
    again = caylus.load_record(finished.record())
    assert again.view(None) == finished.view(None)
    assert again.record() == finished.record()
    assert caylus.replay(finished.record()).scores() == finished.scores()


def test_comments_and_blank_lines_are_ignored(finished):
    lines = lines_of(finished)
    text = "# a game between friends\n\n" + "\n".join(lines[:7]) + "\n   # a comment\n\n" + "\n".join(lines[7:])
    assert caylus.load_record(text).view(None) == finished.view(None)


def test_an_unfinished_record_replays_to_its_position(finished):
    lines = lines_of(finished)[:5 + 40]
    game = caylus.load_record("\n".join(lines))
    assert len(game.history) == 40 and not game.is_terminal
    assert caylus.load_record(finished.record(), stop_at=40).view(None) == game.view(None)


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def a_refused_token(record: str, line: int) -> str:
    """A real token that is not legal at the decision the record's `line` answers."""
    game = caylus.load_record(record, stop_at=line - 6)
    legal = set(game.legal_actions())
    return next(a.token for a in game.edition.actions if a not in legal)


def assert_bad(text: str, line: int, *phrases: str) -> None:
    with pytest.raises(BadRecord) as info:
        caylus.load_record(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: ")
    for phrase in phrases:
        assert phrase in str(info.value), str(info.value)


def test_an_illegal_token_names_its_line(finished):
    record = finished.record()
    token = a_refused_token(record, 9)
    assert_bad(replace_line(record, 9, token), 9, token)


def test_an_unknown_token_names_its_line(finished):
    assert_bad(replace_line(finished.record(), 12, "place:nowhere"), 12, "place:nowhere")
    assert_bad(replace_line(finished.record(), 7, "dance"), 7, "unknown action 'dance'")


def test_two_tokens_on_a_line(finished):
    assert_bad(replace_line(finished.record(), 8, "pass pass"), 8, "one action token per line")


def test_a_malformed_tag(finished):
    assert_bad(replace_line(finished.record(), 3, "[Seed 11]"), 3, "malformed tag")
    assert_bad(replace_line(finished.record(), 2, '[Players "4"'), 2, "malformed tag")


def test_a_tag_given_twice(finished):
    text = finished.record().replace('[Seed "11"]', '[Seed "11"]\n[Seed "12"]')
    assert_bad(text, 4, "tag Seed given twice")


@pytest.mark.parametrize("line, new, phrase", [
    (1, '[Edition "caylus-2099"]', "unknown edition 'caylus-2099'"),
    (2, '[Players "6"]', "2-5 players, not 6"),
    (2, '[Players "many"]', "whole number"),
    (3, '[Seed "eleven"]', "Seed must be an integer"),
    (4, '[Options "favors=generous jeweller=false"]', "expected one of table, simplified"),
    (4, '[Options "favors=table colour=red"]', "no option 'colour'"),
    (4, '[Options "favors"]', "is not key=value"),
])
def test_bad_header_values_name_their_tag_line(finished, line, new, phrase):
    assert_bad(replace_line(finished.record(), line, new), line, phrase)


def test_missing_tags():
    with pytest.raises(BadRecord, match='missing tag \\[Seed'):
        caylus.load_record('[Edition "caylus"]\n[Players "3"]\npass\n')


def test_a_result_that_does_not_match_is_detected(finished):
    lines = lines_of(finished)
    scores = finished.scores()
    wrong = " ".join(str(s + (1 if i == 0 else 0)) for i, s in enumerate(scores))
    text = "\n".join(lines[:-1] + [f'[Result "{wrong}"]'])
    assert_bad(text, len(lines), "replay gives")


def test_a_result_on_an_unfinished_game_is_detected(finished):
    lines = lines_of(finished)
    text = "\n".join(lines[:5 + 30] + [lines[-1]])
    assert_bad(text, 36, "not over after its 30 actions")


def test_actions_after_the_end_are_refused(finished):
    lines = lines_of(finished)
    text = "\n".join(lines[:-1] + ["pass"])
    assert_bad(text, len(lines), "the game is over")


def test_parse_record_splits_without_playing():
    tags, moves = parse_record('[Edition "caylus"]\n# hi\nplace:inn\n\npass\n')
    assert tags == {"Edition": "caylus"}
    assert moves == [(3, "place:inn"), (5, "pass")]
