"""A game record seen again: the table at any step of it, and the prefix a new table plays on from.

Stateless: each request carries the record (a finished table's record, or a file the player uploaded), so the
server keeps nothing per replay. What the record may reveal is what its holder already knows: the record's seed
deals every card, so the position is shown from any seat asked for. Playing on is another matter (`check_play_on`).
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


def check_play_on(text: str, game, kinds: list[str]) -> None:
    """Refuse (422) a new table from this record prefix where it would let someone learn or choose a hidden
    card. The rule is the one for a chosen seed (the record holds the seed, and the seed deals every hand and the
    pile to come): where an edition hides cards, a table with a person may not start from a record; bots only may.
    A determinized record (its [Dealt] board) is refused too: a table starts from a seed."""
    tags, _ = parse_record(text)
    if "Dealt" in tags:
        raise ApiError(422, "dealt_record", "this record starts from a dealt board (a determinization), not from "
                                            "a seed: a table cannot start from it")
    if game.is_terminal:
        raise ApiError(422, "game_over", "the game is over at this step: step back to play on from an earlier one")
    ed = game.edition
    if HUMAN in kinds and (ed.determinize is not None or ed.event_for is not None):
        raise ApiError(422, "hidden_cards", f"{ed.title} hides cards, and a record's seed deals them all: "
                                            f"whoever holds the record would know every hand and the cards to "
                                            f"come. Play on from here with bots in every seat, or start a new "
                                            f"table")
