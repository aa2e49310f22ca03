"""A game record seen again: the table at any step of it, and the prefix a new table plays on from.

Stateless: each request carries the record (a finished table's record, or a file the player uploaded), so the
server keeps nothing per replay. What the record may reveal is what its holder already knows: the record's seed
deals every card, so the position is shown from any seat asked for. Playing on with a person where cards are
hidden re-deals them (`redealt`): the record would tell that person every hand and the cards to come.
"""

from __future__ import annotations

import caylus
from caylus.core.record import load_record, parse_record
from caylus.session import Session

from .errors import ApiError

HUMAN = "human"


def replayed(text: str, step: int | None):
    """(the game after `step` of the record's actions (None: all of them), the record's number of actions);
    422 naming the line if the record does not replay, or if `step` is past its end."""
    try:
        whole = load_record(text)
    except caylus.CaylusError as exc:
        raise ApiError(422, "bad_record", f"this record does not replay: {exc}") from None
    steps = len(whole.history)
    if step is None or step == steps:
        return whole, steps
    if step > steps:
        raise ApiError(422, "bad_step", f"step {step} is past the record's end: it has {steps} moves (steps "
                                        f"0-{steps})")
    return load_record(text, stop_at=step), steps


def position(text: str, step: int | None, seat: int | None) -> dict:
    """The table at `step` of the record as `seat` (None: a spectator) sees it, in the shape of a table's state
    (docs/server.md) with no legal moves, plus ``step``, ``steps`` and ``next`` (the move played from here, in
    words, or None at the end)."""
    game, steps = replayed(text, step)
    if seat is not None and not 0 <= seat < game.num_players:
        raise ApiError(422, "bad_seat", f"no seat {seat} in a {game.num_players}-player game "
                                        f"(seats 0-{game.num_players - 1})")
    at = len(game.history)
    nxt = None
    if at < steps:
        token = parse_record(text)[1][at][1]
        mover = game.current_player
        nxt = {"token": token, "player": mover, "text": caylus.describe_action(game.view(mover), token)}
    session = Session(game, [HUMAN] * game.num_players)
    state = session.state(seat)
    state["legal"] = []
    state["decision"] = None
    state["version"] = at
    state["edition"] = game.edition.id
    state["closed"] = False
    for entry in state["seats"]:
        entry["kind"] = entry["spec"]
    # Where the last move's events begin in the log (the board outlines what it touched).
    state["last_from"] = 0
    if at:
        before = load_record(text, stop_at=at - 1)
        before.record_events()
        state["last_from"] = len(before.public_events())
    view = state["view"]
    state["buildings"] = {entry["id"]: entry for entry in
                          (caylus.describe_building(view, name) for name in caylus.building_names(view))}
    state.update(step=at, steps=steps, next=nxt, title=game.edition.title)
    return state


def seat_kinds(text: str) -> list[str] | None:
    """The record's [Seats] tag (who sat where when `caylus play` saved it), as the server's seat kinds; None
    if it has none."""
    try:
        tags, _ = parse_record(text)
    except caylus.CaylusError:
        return None
    given = tags.get("Seats", "").strip()
    if not given:
        return None
    return [HUMAN if k.strip() in ("you", HUMAN) else k.strip() for k in given.split(",")]


def check_play_on(game) -> None:
    """Refuse (422) a new table from this record prefix where the game is over there."""
    if game.is_terminal:
        raise ApiError(422, "game_over", "the game is over at this step: step back to play on from an earlier one")


def hides_cards(edition) -> bool:
    return edition.determinize is not None or edition.event_for is not None


def redealt(game, seed: int):
    """The position of `game` with every hidden card dealt again from `seed` (the server's secret): the same
    public table (road, buildings, discard piles, how many cards each hand and pile holds, what each pile was
    last shuffled from), and hands, piles' order and the random generator drawn uniformly among the worlds that
    fit it. Played on with a person, whoever holds the record (that person too) knows no hidden card of the new
    table: no hand is the record's, not even their own, which they may have seen in it.

    Dealt from the public view, as two seats' determinizations: the first re-deals every seat but one from
    what that seat knows (its own hand and the public table), the second, from another seat's view of that
    deal, re-deals the first seat too. What a seat knows of another's cards is public (each deck is its owner's
    own), so every seat's cards come from a deal that saw only the public table. Its history starts empty:
    undo stops at this position."""
    first = caylus.determinize(game.view(0), seed)
    return caylus.determinize(first.view(1), (seed * 1_000_003 + 1) % (1 << 64))
