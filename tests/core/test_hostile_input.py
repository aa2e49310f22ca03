"""Hostile input at every public entry point: a clear documented error (or, for valid input, success), never another
exception, a hang or a changed game.

The rule (docs/api.md): an illegal move, a malformed record or JSON, a bad option or view, a bad command line all
raise `IllegalAction`, `BadRecord` or `BadOption` (the CLI: one line on stderr, exit 2), and a refused call leaves
the game exactly as it was. Hypothesis explores; the hand-written cases pin the nasty corners down.
"""

from __future__ import annotations

import copy
import io
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import caylus
from caylus import Action, BadOption, BadRecord, CaylusError, Game, IllegalAction
from caylus.cli.main import main
from caylus.core.errors import shown

EDITIONS = caylus.available_editions()
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class HostileRepr:
    """An object whose repr and str raise: quoting it in a message must not."""

    def __repr__(self):
        raise RuntimeError("repr")

    __str__ = __repr__


# Anything at all: the values a careless or hostile caller may pass where text, a number or an action is expected.
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**64 - 2, max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True), st.text(), st.binary(max_size=20),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.just(HostileRepr()), st.just(10**5000), st.just("x" * 100_000),
)
NASTY_TEXT = ["", " ", ":", "place:", "pass:extra", "provost:+0", "provost:99999999999999999999",
              "provost:" + "9" * 5000, "\x00", "pass\x00", "PASS", "p\u0430ss", "provost:\u0663", "provost:\u00b3",
              "provost:+", "provost:-",
              "x" * 100_000, ":" * 1000, "place:castle:castle", "provost:02", "\ufeffpass", "pass\u2028", "\r\n",
              "build:", "favor:", "[Edition \"caylus\"]", "# pass", "pass pass", "\t", "ü", "🐉"]
NON_STRINGS = [None, 0, 1, -1, 1.5, float("nan"), True, [], {}, b"pass", bytearray(b"pass"), ["pass"], ("pass",),
               {"token": "pass"}, object(), HostileRepr(), 10**5000, Action([], "x"), Action(None, "x")]


def ids(value) -> str:
    return shown(value, 24)


def one_line(err: CaylusError) -> None:
    """A clear, short message: one line, not an echo of a huge input."""
    text = str(err)
    assert text and "\n" not in text and len(text) < 400, text


def game_at(edition: str, players: int, seed: int, moves: int) -> Game:
    game = caylus.new_game(edition, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def finished(edition: str, players: int = 3, seed: int = 1) -> Game:
    return game_at(edition, players, seed, 10_000)


# ====================================================================================================================
# new_game
# ====================================================================================================================

@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [None, 4.0, True, False, 0, -3, 10**100, 10**5000, "", "four", " 4 x", "4\n5",
                                     "\u0664", "\uff14", "1_0", "9" * 5000, "-4", b"4", [4], {}, float("nan"),
                                     HostileRepr()], ids=ids)
def test_new_game_refuses_a_bad_player_count(edition, players):
    with pytest.raises(BadOption) as info:
        caylus.new_game(edition, players=players, seed=1)
    one_line(info.value)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [None, 1.0, 1.5, True, "1", " 1", b"1", [1], -1, -(2**63), 2**64, 2**70, 10**5000,
                                  float("inf"), HostileRepr()], ids=ids)
def test_new_game_refuses_a_bad_seed(edition, seed):
    with pytest.raises(BadOption, match="seed must be") as info:
        caylus.new_game(edition, players=3, seed=seed)
    one_line(info.value)


@pytest.mark.parametrize("edition", EDITIONS)
def test_new_game_accepts_the_whole_seed_range_and_text_player_counts(edition):
    for seed in (0, 2**64 - 1):
        game = caylus.new_game(edition, players=" 3\n", seed=seed)
        assert game.num_players == 3 and game.seed == seed
        assert caylus.load_record(game.record()).view(None) == game.view(None)


class Index:
    """An integer of another type (numpy's, say): it has __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        if isinstance(self.value, Exception):
            raise self.value
        return self.value


@pytest.mark.parametrize("edition", EDITIONS)
def test_integers_of_other_types_are_integers(edition):
    game = caylus.new_game(edition, players=Index(3), seed=Index(5))
    assert (game.num_players, game.seed) == (3, 5) and type(game.seed) is int
    for bad in (Index(RuntimeError("hostile")), Index(-1), Index(10**30)):
        with pytest.raises(BadOption):
            caylus.new_game(edition, players=bad, seed=1)
        with pytest.raises(BadOption):
            caylus.new_game(edition, players=3, seed=bad)


@pytest.mark.parametrize("edition", [None, 5, "", "CAYLUS", " caylus", "caylus\x00", ["caylus"], {}, b"caylus",
                                     "x" * 100_000, HostileRepr()], ids=ids)
def test_new_game_refuses_a_bad_edition(edition):
    with pytest.raises(BadOption) as info:
        caylus.new_game(edition, players=3, seed=1)
    one_line(info.value)
    with pytest.raises(BadOption):
        caylus.get_edition(edition)


@pytest.mark.parametrize("edition", EDITIONS)
def test_new_game_refuses_unknown_options_and_ill_typed_values(edition):
    ed = caylus.get_edition(edition)
    for name, value in [("bogus", 1), ("", "x"), ("x" * 10_000, 1)]:
        with pytest.raises(BadOption, match="no option") as info:
            caylus.new_game(edition, players=3, seed=1, **{name: value})
        one_line(info.value)
    for option in ed.options:
        for value in [None, 3, 2, -1, 1.0, 0.0, [option.default], {}, b"true", object(), HostileRepr(), 10**5000,
                      "", " ", "maybe", "x" * 10_000]:
            with pytest.raises(BadOption, match=f"option {option.name}") as info:
                caylus.new_game(edition, players=3, seed=1, **{option.name: value})
            one_line(info.value)


@FAST
@given(edition=st.one_of(st.sampled_from(EDITIONS), ANYTHING), players=st.one_of(st.integers(0, 6), ANYTHING),
       seed=st.one_of(st.integers(-5, 2**65), ANYTHING),
       options=st.dictionaries(st.sampled_from(["favors", "jeweller", "rules", "characters", "x"]),
                               st.one_of(st.sampled_from(["table", "simplified", "true", "no", "beginner", "random"]),
                                         ANYTHING), max_size=3))
def test_new_game_gives_a_game_or_bad_option(edition, players, seed, options):
    try:
        game = caylus.new_game(edition, players=players, seed=seed, **options)
    except BadOption as err:
        one_line(err)
        return
    ed = caylus.get_edition(edition)
    assert ed.min_players <= game.num_players <= ed.max_players and 0 <= game.seed < 2**64
    assert set(game.options) == {o.name for o in ed.options}


# ====================================================================================================================
# apply, parse, undo, view, player_name, the ActionSet
# ====================================================================================================================

@pytest.fixture(scope="module", params=EDITIONS)
def midgame(request) -> Game:
    return game_at(request.param, 3, 7, 25)


def refused(game: Game, call, *args) -> IllegalAction:
    """`call(*args)` raises IllegalAction (clear and short) and the game is exactly as before."""
    before, history = game.view(None), list(game.history)
    with pytest.raises(IllegalAction) as info:
        call(*args)
    one_line(info.value)
    assert game.view(None) == before and game.history == history
    return info.value


def apply_or_refuse(game: Game, x) -> None:
    """Either `x` names a legal action (played, then undone), or it is refused and nothing changes."""
    before, history = game.view(None), list(game.history)
    try:
        act = game.apply(x)
    except IllegalAction as err:
        one_line(err)
        assert game.view(None) == before and game.history == history
        return
    assert act in game.history and act is game.edition.actions.parse(act.token)
    assert game.undo() is act and game.view(None) == before


@pytest.mark.parametrize("x", NASTY_TEXT + NON_STRINGS, ids=ids)
def test_apply_and_parse_refuse_garbage_and_change_nothing(midgame, x):
    apply_or_refuse(midgame, x)
    try:
        act = midgame.parse(x)
    except IllegalAction as err:
        one_line(err)
    else:
        assert act.token in midgame.edition.actions and act is midgame.edition.actions.parse(act.token)


def test_messages_quote_a_long_or_unprintable_token_briefly(midgame):
    err = refused(midgame, midgame.apply, "x" * 100_000)
    assert str(err).startswith("'xxx") and "..." in str(err)
    assert str(refused(midgame, midgame.apply, "pass\x00")).startswith("'pass\\x00'")
    assert "takes no argument" in str(refused(midgame, midgame.parse, "pass:extra"))
    assert str(refused(midgame, midgame.apply, None)).startswith("None: an action must be")


@FAST
@given(data=st.data())
def test_apply_of_any_text_or_object_is_legal_or_refused(midgame, data):
    tokens = [a.token for a in midgame.edition.actions]
    x = data.draw(st.one_of(
        st.text(), st.text(alphabet=st.characters(codec="ascii"), max_size=30), ANYTHING,
        st.sampled_from(tokens).map(lambda t: t + data.draw(st.sampled_from(["", " ", "\t", "x", ":", ":1", "\x00"]))),
        st.builds(lambda v, a: f"{v}:{a}", st.sampled_from(sorted({t.partition(':')[0] for t in tokens})),
                  st.one_of(st.integers(-10**30, 10**30).map(str), st.text(max_size=8))),
    ))
    apply_or_refuse(midgame, x)


@pytest.mark.parametrize("edition", EDITIONS)
def test_actions_of_another_edition(edition):
    game = game_at(edition, 3, 7, 25)
    own = game.edition.actions
    for other in EDITIONS:
        for foreign in caylus.get_edition(other).actions:
            before = game.view(None)
            try:
                act = game.parse(foreign)
            except IllegalAction as err:
                one_line(err)
                assert foreign.token not in own
                continue
            assert act is own.parse(foreign.token)  # the same token names the same action in this edition
            apply_or_refuse(game, foreign)
            assert game.view(None) == before


@pytest.mark.parametrize("edition", EDITIONS)
def test_undo_view_and_player_name_refuse_what_does_not_exist(edition):
    game = caylus.new_game(edition, players=3, seed=2)
    assert "no action to take back" in str(refused(game, game.undo))
    for p in (-1, 3, 4, 99, 2**100, 10**5000, True, False, 1.0, "0", [], None, HostileRepr()):
        if p is not None:
            refused(game, game.view, p)
        refused(game, game.player_name, p)
    over = finished(edition)
    refused(over, over.apply, over.edition.actions.by_index(0))
    actions = game.edition.actions
    for i in (-1, len(actions), 10**30, True, 1.5, "0", None):
        with pytest.raises(IllegalAction):
            actions.by_index(i)
    for token in ("nope", [], None):
        with pytest.raises(IllegalAction):
            actions[token]
        assert token not in actions


# ====================================================================================================================
# load_record
# ====================================================================================================================

@pytest.fixture(scope="module", params=EDITIONS)
def record(request) -> str:
    return finished(request.param).record()


def header_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("["))


def bad_record(text, line: int | None = None, phrase: str = "") -> BadRecord:
    with pytest.raises(BadRecord) as info:
        caylus.load_record(text)
    one_line(info.value)
    assert info.value.line == line, str(info.value)
    assert phrase in str(info.value), str(info.value)
    return info.value


@pytest.mark.parametrize("text", [None, 5, b'[Edition "caylus"]', ["x"], {"Edition": "caylus"}, HostileRepr()], ids=ids)
def test_a_record_must_be_text(text):
    bad_record(text, None, "a record is text")


def test_empty_records_and_comments_only_miss_their_tags():
    for text in ("", "\n\n", "# only\n# comments\n", "\ufeff", "   \t\r\n"):
        bad_record(text, 1, 'missing tag [Edition "..."]')


def test_line_endings_a_bom_and_trailing_blanks_are_accepted(record):
    game = caylus.load_record(record)
    for variant in (record.replace("\n", "\r\n"), record.replace("\n", "\r"), "\ufeff" + record,
                    "\ufeff" + record.replace("\n", "\r\n"), record.replace("\n", " \t\n"),
                    record.replace("\n", "\n\n# c\n"), record.rstrip("\n")):
        assert caylus.load_record(variant).view(None) == game.view(None)


def test_other_unicode_line_separators_do_not_end_a_line(record):
    lines = record.splitlines()
    n = header_lines(record)
    for sep in ("\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"):
        text = "\n".join(lines[:n] + [lines[n] + sep + lines[n + 1]] + lines[n + 2:])
        bad_record(text, n + 1, "one action token per line")


@pytest.mark.parametrize("tag, value, phrase", [
    ("Edition", "cay\"lus", "malformed tag"),
    ("Edition", "cay]lus", "unknown edition 'cay]lus'"),
    ("Edition", "", "unknown edition ''"),
    ("Edition", "x" * 10_000, "unknown edition"),
    ("Players", "99999999999999999999999", "players, not 999999..."),
    ("Players", "9" * 5000, "players, not 999999..."),
    ("Players", "\u0663", "whole number"),
    ("Players", "3.0", "whole number"),
    ("Players", "", "whole number"),
    ("Seed", "-1", "seed must be from 0 to 2**64-1"),
    ("Seed", str(2**64), "seed must be from 0 to 2**64-1"),
    ("Seed", "9" * 5000, "seed must be from 0 to 2**64-1"),
    ("Seed", "1_0", "Seed must be an integer"),
    ("Seed", "\u0663", "Seed must be an integer"),
    ("Seed", "0x10", "Seed must be an integer"),
    ("Seed", "", "Seed must be an integer"),
    ("Options", "favors", "is not key=value"),
    ("Options", "=", "no option ''"),
    ("Options", "a=b=c", "no option 'a'"),
    ("Options", "\u00fc=1", "no option"),
    ("Options", "x" * 10_000 + "=1", "no option"),
])
def test_bad_tag_values_name_their_line(tag, value, phrase):
    lines = ['[Edition "caylus"]', '[Players "3"]', '[Seed "1"]', '[Options "favors=table"]']
    number = next(i for i, line in enumerate(lines, 1) if line.startswith(f"[{tag} "))
    lines[number - 1] = f'[{tag} "{value}"]'
    bad_record("\n".join(lines) + "\npass\n", number, phrase)


def test_a_repeated_option_is_refused():
    bad_record('[Edition "caylus"]\n[Players "3"]\n[Seed "1"]\n[Options "favors=table favors=simplified"]\n', 4,
               "option 'favors' given twice")


def test_tags_with_tabs_name_their_own_line():
    bad_record('[Edition\t"caylus"]\n[Players\t"3"]\n\n[Seed\t"x"]\n', 4, "Seed must be an integer")


def test_malformed_and_repeated_tags(record):
    lines = record.splitlines()
    for i, junk in enumerate(['[Edition "a"b"]', "[Edition caylus]", "[", "[]", '["x"]', '[Ed "x"', "[" * 10_000]):
        bad_record("\n".join([junk] + lines), 1, "malformed tag")
    bad_record("\n".join(lines[:2] + [lines[0]] + lines[2:]), 3, "given twice")


def test_a_missing_tag_is_refused(record):
    lines = record.splitlines()
    for tag in ("Edition", "Players", "Seed"):
        bad_record("\n".join(line for line in lines if not line.startswith(f"[{tag} ")), 1, f"missing tag [{tag}")


def test_bad_moves_name_their_line(record):
    lines = record.splitlines()
    n = header_lines(record) - 1  # the moves start after the header (the last tag is Result)
    for junk in ("\x00", "pass pass", "pass\tpass", "x" * 100_000, "plàce:inn", "🐉", "provost:+0", ":"):
        text = "\n".join(lines[:n] + [junk] + lines[n:])
        err = bad_record(text, n + 1)
        assert len(str(err)) < 400


def test_moves_past_the_end_and_a_wrong_result(record):
    lines = record.splitlines()
    bad_record("\n".join(lines[:-1] + ["pass"] + lines[-1:]), len(lines), "the game is over")
    bad_record("\n".join(lines[:-1] + ['[Result "garbage"]']), len(lines), "replay gives")
    bad_record("\n".join(lines[:-1] + ['[Result "' + "1 " * 5000 + '"]']), len(lines), "replay gives")


@pytest.mark.parametrize("stop_at", [-1, "x", 1.5, True, [], HostileRepr()], ids=ids)
def test_a_bad_stop_at_is_refused(record, stop_at):
    with pytest.raises(BadRecord, match="stop_at must be"):
        caylus.load_record(record, stop_at=stop_at)


def test_stop_at_beyond_the_record_replays_it_all(record):
    assert caylus.load_record(record, stop_at=10**30).view(None) == caylus.load_record(record).view(None)


@FAST
@given(text=st.one_of(st.text(), st.text(alphabet='[]"#: \t\r\n\ufeff\x00EditonPlayersSd0123456789-=cayluspas',
                                         max_size=200)))
def test_any_text_replays_or_is_refused(text):
    try:
        caylus.load_record(text)
    except BadRecord as err:
        one_line(err)
        assert err.line is None or 1 <= err.line <= max(1, len(text.splitlines()) + 1)


@FAST
@given(data=st.data())
def test_a_mangled_record_replays_or_names_a_line(record, data):
    lines = record.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines)))
        junk = data.draw(st.one_of(st.text(max_size=30), st.sampled_from(lines), st.sampled_from(NASTY_TEXT[:20])))
        how = data.draw(st.sampled_from(["insert", "replace", "delete"]))
        if how == "insert" or i == len(lines):
            lines.insert(i, junk)
        elif how == "replace":
            lines[i] = junk
        else:
            del lines[i]
    text = data.draw(st.sampled_from(["\n", "\r\n"])).join(lines)
    try:
        game = caylus.load_record(text)
    except BadRecord as err:
        one_line(err)
        assert err.line is not None and 1 <= err.line <= len(lines) + 1, str(err)
    else:
        assert caylus.load_record(game.record()).view(None) == game.view(None)


# ====================================================================================================================
# Game.from_json
# ====================================================================================================================

@pytest.fixture(scope="module", params=EDITIONS)
def saved(request) -> dict:
    return json.loads(game_at(request.param, 3, 5, 30).to_json())


def bad_json(text, phrase: str = "") -> None:
    with pytest.raises(BadRecord) as info:
        Game.from_json(text)
    one_line(info.value)
    assert phrase in str(info.value), str(info.value)


@pytest.mark.parametrize("text, phrase", [
    (None, "not JSON"), (5, "not JSON"), ("", "not JSON"), ("nope", "not JSON"), ("{", "not JSON"),
    ("[" * 100_000, "nested too deep"), ('{"a":' * 100_000, "nested too deep"), ("[]", "must be an object"),
    ("null", "must be an object"), ('"game"', "must be an object"), ("1e999", "must be an object"),
    ('{"seed": ' + "9" * 5000 + "}", "not JSON"), (b"\xff\xfe", "not JSON"), ("{}", "missing key 'edition'"),
])
def test_not_a_game_in_json(text, phrase):
    bad_json(text, phrase)


@pytest.mark.parametrize("key, value, phrase", [
    ("actions", "pass", "'actions' must be a list"), ("actions", {"0": "pass"}, "'actions' must be a list"),
    ("actions", [1, None], "action 1"), ("actions", [["pass"]], "action 1"), ("actions", ["x" * 10_000], "action 1"),
    ("players", "x", "'players' must be an integer"), ("players", "3", "'players' must be an integer"),
    ("players", 3.0, "'players' must be an integer"), ("players", True, "'players' must be an integer"),
    ("players", 99, "players, not 99"), ("players", None, "'players' must be an integer"),
    ("seed", "1", "'seed' must be an integer"), ("seed", 1.5, "'seed' must be an integer"),
    ("seed", -1, "seed must be from 0"), ("seed", 2**64, "seed must be from 0"), ("seed", None, "'seed' must be"),
    ("edition", ["caylus"], "'edition' must be an edition id"), ("edition", 5, "'edition' must be an edition id"),
    ("edition", "chess", "unknown edition 'chess'"), ("edition", None, "'edition' must be"),
    ("options", [], "'options' must be an object"), ("options", None, "'options' must be an object"),
    ("options", "favors=table", "'options' must be an object"), ("options", {"x": "y"}, "no option 'x'"),
    ("state", 5, "stored state does not match"), ("state", None, "stored state does not match"),
    ("state", {}, "stored state does not match"), ("engine", 5, "'engine' must be text"),
    ("extra", 1, "unknown key 'extra'"), ("Actions", [], "unknown key 'Actions'"),
])
def test_wrong_shapes_and_types_for_each_key(saved, key, value, phrase):
    data = dict(saved, **{key: value})
    bad_json(json.dumps(data), phrase)


@pytest.mark.parametrize("key", ["edition", "players", "seed", "actions"])
def test_missing_keys(saved, key):
    data = {k: v for k, v in saved.items() if k != key}
    bad_json(json.dumps(data), f"missing key {key!r}")


def test_optional_keys_may_be_left_out(saved):
    game = Game.from_json(json.dumps(saved))
    for key in ("state", "engine", "options"):
        data = {k: v for k, v in saved.items() if k != key}
        if key == "options":  # the defaults: only the same game if it was played with them
            data.pop("state")
            Game.from_json(json.dumps(data))
            continue
        assert Game.from_json(json.dumps(data)).view(None) == game.view(None)


@FAST
@given(data=st.data())
def test_a_tampered_json_game_is_refused_or_means_the_same(saved, data):
    tampered = copy.deepcopy(saved)
    paths = list(_leaves(tampered))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.text(max_size=8),
                                st.just([]), st.just({})))
    _set(tampered, path, value)
    try:
        game = Game.from_json(json.dumps(tampered))
    except BadRecord as err:
        one_line(err)
    else:
        assert json.loads(game.to_json())["state"] == saved["state"]


# ====================================================================================================================
# determinize
# ====================================================================================================================

HIDDEN = [e for e in EDITIONS if caylus.get_edition(e).determinize is not None]
OPEN = [e for e in EDITIONS if caylus.get_edition(e).determinize is None]


def _leaves(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield path + (k,)
            yield from _leaves(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield path + (i,)
            yield from _leaves(v, path + (i,))


def _set(x, path, value) -> None:
    for k in path[:-1]:
        x = x[k]
    if value is KeyError:
        del x[path[-1]]
    else:
        x[path[-1]] = value


def bad_view(view, rng=0, phrase: str = "") -> None:
    with pytest.raises(BadOption) as info:
        caylus.determinize(view, rng)
    one_line(info.value)
    assert phrase in str(info.value), str(info.value)


@pytest.mark.parametrize("view", [None, 5, "view", [], {}, {"edition": None}, {"edition": ["magna-carta"]},
                                  {"edition": "chess"}, {"edition": "magna-carta"}, HostileRepr()], ids=ids)
def test_determinize_refuses_what_is_not_a_view(view):
    bad_view(view)


@pytest.mark.parametrize("edition", OPEN)
def test_determinize_refuses_a_view_of_an_edition_without_hidden_information(edition):
    bad_view(game_at(edition, 3, 1, 10).view(0), 0, "no hidden information")


@pytest.fixture(scope="module", params=HIDDEN)
def hidden_views(request) -> list[dict]:
    views = []
    for seed in range(6):
        game = game_at(request.param, 2 + seed % 3, seed, 15 + 20 * seed)
        views += [game.view(p) for p in (None, *range(game.num_players))]
    return views


@pytest.mark.parametrize("rng", [None, "1", 1.5, True, [], b"\x01", HostileRepr()], ids=ids)
def test_determinize_refuses_a_bad_rng(hidden_views, rng):
    bad_view(hidden_views[1], rng, "rng must be")


def test_determinize_accepts_any_int_rng(hidden_views):
    for rng in (-1, 0, 2**64, 10**40):
        assert caylus.determinize(hidden_views[1], rng).view(hidden_views[1]["viewer"]) == hidden_views[1]


@pytest.mark.parametrize("key, value, phrase", [
    ("players", None, "players must be"), ("players", "2", "players must be"), ("players", True, "players must be"),
    ("players", 9, "players, not 9"), ("options", None, "options must be"), ("options", {"x": 1}, "no option 'x'"),
    ("viewer", 7, "viewer must be a seat"), ("viewer", -1, "viewer must be a seat"), ("viewer", True, "viewer must"),
    ("viewer", "0", "viewer must be a seat"), ("edition", "caylus", "no hidden information"),
])
def test_determinize_checks_the_core_keys(hidden_views, key, value, phrase):
    view = dict(hidden_views[1], **{key: value})
    bad_view(view, 0, phrase)


def test_determinize_refuses_missing_keys_wrong_types_and_inconsistent_counts(hidden_views):
    view = hidden_views[1]
    for key in [k for k in view if k not in ("legal_actions", "current_player", "edition", "viewer")]:
        bad_view({k: v for k, v in view.items() if k != key})
    for path in list(_leaves(view)):
        for value in (None, "x", -1, 10**6, 1.5, [], {}, True, KeyError):
            mangled = copy.deepcopy(view)
            try:
                _set(mangled, path, value)
            except (KeyError, TypeError):
                continue
            if mangled == view:
                continue
            try:
                world = caylus.determinize(mangled, 0)
            except BadOption as err:
                one_line(err)
            else:  # the change kept a consistent view (e.g. a count in a discarded key): it deals a game that shows it
                assert world.view(mangled["viewer"]) == mangled


@FAST
@given(data=st.data())
def test_a_mangled_view_deals_a_sound_game_or_is_refused(hidden_views, data):
    view = copy.deepcopy(data.draw(st.sampled_from(hidden_views)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_leaves(view))))
        value = data.draw(st.one_of(
            st.sampled_from([None, True, False, -1, 0, 1, 2, 3, 40, "", "x", [], {}, 1.5, KeyError]),
            st.integers(-5, 50), st.text(max_size=12),
            st.sampled_from(["park", "peddler", "building", "residence", "sell", "bank", "pay", "action", "castle",
                             "effects", "actions", "provost", "over", "standard", "beginner"])))
        try:
            _set(view, path, value)
        except (KeyError, TypeError, IndexError):
            pass
    try:
        world = caylus.determinize(view, data.draw(st.integers(0, 2**64)))
    except BadOption as err:
        one_line(err)
        return
    assert world.view(view["viewer"]) == view
    rng = random.Random(0)
    for _ in range(400):  # a game dealt from an accepted view plays on like any other
        if world.is_terminal:
            break
        world.apply(rng.choice(world.legal_actions()))


# ====================================================================================================================
# The command line
# ====================================================================================================================

def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cli_refuses(capsys, *argv, phrase: str = "") -> str:
    code, out, err = cli(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err and len(err) < 400, err
    assert err.startswith("caylus") and phrase in err, err
    return err


@pytest.mark.parametrize("argv, phrase", [
    (["--bogus"], ""), (["sim", "--bogus"], "unrecognized arguments"), (["sim", "--players", "abc"], "whole number"),
    (["sim", "--players", "\uff14"], "whole number"), (["sim", "--players", "1_0"], "whole number"),
    (["sim", "--players", "9" * 5000], "whole number"), (["sim", "--games", "-1"], "at least 1"),
    (["sim", "--games", "0"], "at least 1"), (["sim", "--games", ""], "whole number"),
    (["sim", "--seed", "x"], "whole number"), (["sim", "--seed", "-5"], "seed from 0 to 2**64-1"),
    (["sim", "--seed", str(2**64)], "seed from 0 to 2**64-1"), (["sim", "--seed", "1_0"], "whole number"),
    (["sim", "--seed", "9" * 5000], "whole number"),
    (["sim", "--seed", str(2**64 - 1), "--games", "2"], "beyond 2**64-1"),
    (["bench", "--seed", str(2**64 - 1), "--games", "2"], "beyond 2**64-1"),
    (["bench", "--repeat", "0"], "at least 1"), (["bench", "--seconds", "-5"], "more than 0 seconds"),
    (["bench", "--seconds", "0"], "more than 0 seconds"), (["bench", "--seconds", "inf"], "more than 0 seconds"),
    (["bench", "--seconds", "nan"], "more than 0 seconds"), (["bench", "--seconds", "x"], "number of seconds"),
    (["sim", "--option", "="], "expected key=value"), (["sim", "--option", "a=b=c"], "no option 'a'"),
    (["sim", "--option", "favors=b=c"], "expected one of"), (["sim", "--option", ""], "expected key=value"),
    (["sim", "--edition", ""], "unknown edition"), (["sim", "--edition", "x" * 10_000], "unknown edition"),
    (["sim\x00"], "invalid choice"), (["replay"], "required: FILE"), (["replay", ""], "no file name"),
    (["replay", "/no/such/file.txt"], "cannot read /no/such/file.txt: No such file"),
    (["replay", "/"], "Is a directory"), (["replay", "a\x00b"], "cannot read"),
    (["replay", "/tmp/" + "x" * 5000], "cannot read"), (["sim", "--records", "/dev/null/x"], "cannot create"),
    (["sim", "--records", "a\x00b"], "cannot create"),
])
def test_cli_mistakes_are_one_line_and_exit_2(capsys, argv, phrase):
    cli_refuses(capsys, *argv, phrase=phrase)


def test_cli_sim_reports_a_record_it_cannot_save(capsys, tmp_path):
    (tmp_path / "caylus-2p-seed1.txt").mkdir()  # where the first record would go
    cli_refuses(capsys, "sim", "--players", "2", "--games", "1", "--records", str(tmp_path),
                phrase="cannot save the record")


def test_cli_arguments_must_be_text(capsys):
    code, out, err = cli(capsys, "sim", 5)
    assert code == 2 and "must be text" in err and err.count("\n") == 1


@pytest.mark.parametrize("content, phrase", [
    (b"\xff\xfe\x00garbage", "not UTF-8 text"), (bytes(range(256)), "not UTF-8 text"),
    (b"", "missing tag"), (b"pass\n", "missing tag"), (b"\x00\x01\x02", "missing tag"),
    (b'[Edition "caylus"]\n[Players "3"]\n[Seed "1"]\nfly\n', "line 4: fly"),
])
def test_cli_replay_of_a_binary_or_garbage_file(capsys, tmp_path, content, phrase):
    path = tmp_path / "record.txt"
    path.write_bytes(content)
    cli_refuses(capsys, "replay", str(path), phrase=phrase)


@pytest.mark.parametrize("content, phrase", [
    (b"\xff\xfe\x00garbage", "not UTF-8 text"), (b"garbage\n" * 3, "missing tag"), ("🐉".encode(), "missing tag"),
])
def test_cli_replay_of_garbage_on_stdin(capsys, monkeypatch, content, phrase):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(content), encoding="utf-8"))
    cli_refuses(capsys, "replay", "-", phrase=phrase)


def test_cli_replay_accepts_a_bom_and_windows_line_endings(capsys, tmp_path):
    game = finished("caylus")
    path = tmp_path / "record.txt"
    path.write_bytes(b"\xef\xbb\xbf" + game.record().replace("\n", "\r\n").encode())
    code, out, err = cli(capsys, "replay", str(path), "--json")
    assert code == 0 and err == "" and json.loads(out)["scores"] == game.scores()


@FAST
@given(flag=st.sampled_from(["--players", "--games", "--seed", "--repeat", "--seconds", "--option", "--edition"]),
       value=st.one_of(st.text(), st.sampled_from(["0", "-1", "1e3", "inf", "=", "a=b=c", " ", "\x00", "9" * 30])))
def test_cli_any_flag_value_runs_or_is_one_clear_line(flag, value):
    # One repetition of one game at most, so that a value that happens to be valid runs quickly.
    argv = ["bench", "--games", "1", "--repeat", "1", "--json", flag, value]
    if flag in ("--games", "--repeat") and value.strip().lstrip("+").isdecimal() and value.strip().isascii():
        return  # a valid count: as long a run as it asks for
    if flag == "--seconds":
        argv = ["bench", "--repeat", "1", "--json", flag, value]
        try:
            if 0 < float(value) and float(value) > 0.05:
                return  # a valid, long run
        except ValueError:
            pass
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(argv)
    finally:
        sys.stdout, sys.stderr = saved
    if code == 0:
        assert json.loads(out.getvalue().splitlines()[-1])["errors"] == 0
    else:
        assert code == 2 and err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue(), err.getvalue()
