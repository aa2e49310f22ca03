"""Which parts of each edition's view the numpy encoding keeps, and how: plain data read by `encoding.Encoding`.

A field is ``(path, kind)`` or ``(path, kind, vocabulary)``. A path walks the view: dict keys and list indices
separated by dots; ``*`` stands for every element of a list (or every key of a dict) whose length is the same all
game long (its length is read from the game's first view); ``*N`` for every element of a list that grows up to N
elements (``{...}`` around N: a formula of ``players``); ``-1`` for the last element (the decision on top of a
stack). Kinds (`encoding.KINDS` says how each is laid out): ``num`` a number or true/false, ``opt`` a number that
may be missing, ``seat`` a seat (index or player name; missing or negative: none), ``cat`` one word of a
vocabulary, ``bag`` a list of words of a vocabulary (counted), ``order`` a list of distinct seats (each seat's
place in it), ``seats`` a list of seats that may repeat or hold gaps (counted per seat), ``len`` a list's length.

A vocabulary is a list of words, or ``"module:NAME"`` / ``"module:NAME.attribute"`` naming the edition's own
catalog, so the words follow the edition when it changes. Parts of the view that are left out: the six keys every
view has but `viewer` and `current_player` (`legal_actions` becomes the action mask), sentences meant for people
(`deciding`, `asks`), the random generator's state, the breakdown of end bonuses shown once the game is over, and
decision arguments that are sometimes a word and sometimes a number (Caylus 1303's `flow.stack.*.a`).
"""

from __future__ import annotations

_CLASSIC = "caylus.editions.classic"
_C1303 = "caylus.editions.c1303"
_MAGNA = "caylus.editions.magna_carta"

FIELDS: dict[str, list[tuple]] = {
    "caylus": [
        ("viewer", "seat"),
        ("current_player", "seat"),
        ("terminal", "num"),
        ("turn", "num"),
        ("phase", "cat", f"{_CLASSIC}.rules:PHASE_NAMES"),
        ("turn_order", "order"),
        ("passing_order", "order"),
        ("provost", "num"),
        ("bailiff", "num"),
        ("seats.*.deniers", "num"),
        ("seats.*.cubes.*", "num"),
        ("seats.*.prestige", "num"),
        ("seats.*.workers", "num"),
        ("seats.*.houses", "num"),
        ("seats.*.favors.*", "num"),
        ("seats.*.favor_lines_used", "bag", f"{_CLASSIC}.catalog:FAVOR_LINES"),
        ("seats.*.castle_parts.*", "num"),
        ("seats.*.batches_this_turn", "num"),
        ("seats.*.end_bonus", "num"),
        ("road.*.tile", "cat", f"{_CLASSIC}.catalog:TILES.id"),
        ("road.*.owner", "seat"),
        ("road.*.worker", "seat"),
        ("special_buildings.gate", "seat"),
        ("special_buildings.trading_post", "seat"),
        ("special_buildings.merchants_guild", "seat"),
        ("special_buildings.joust_field", "seat"),
        ("special_buildings.stables", "order"),
        ("special_buildings.inn.left", "seat"),
        ("special_buildings.inn.right", "seat"),
        ("castle.workers", "order"),
        ("castle.filled.*", "num"),
        ("castle.sections_counted", "num"),
        ("stock", "bag", f"{_CLASSIC}.catalog:TILES.id"),
        ("pending_transformations", "len"),
        ("decisions", "len"),
        ("decisions.-1.kind", "cat", f"{_CLASSIC}.rules:DECISION_NAMES"),
        ("decisions.-1.player", "seat"),
        ("decisions.-1.args.0", "num"),
        ("decisions.-1.args.1", "num"),
        ("engine.step", "num"),
        ("engine.sub", "num"),
        ("engine.placer", "seat"),
    ],
    "caylus-1303": [
        ("viewer", "seat"),
        ("current_player", "seat"),
        ("round", "num"),
        ("phase", "cat", f"{_C1303}.rules:PHASE_NAMES"),
        ("first_player", "seat"),
        ("provost", "num"),
        ("guilds_bridge", "order"),
        ("printed.*.building", "cat", f"{_C1303}.catalog:TILES.key"),
        ("printed.*.owner", "seat"),
        ("printed.*.workers", "seats"),
        ("road.*.building", "cat", f"{_C1303}.catalog:TILES.key"),
        ("road.*.kind", "cat", f"{_C1303}.catalog:KIND_NAMES"),
        ("road.*.side", "cat", f"{_C1303}.catalog:FACE_NAMES"),
        ("road.*.owner", "seat"),
        ("road.*.workers", "seats"),
        ("construction_site.buildings", "bag", f"{_C1303}.catalog:TILES.key"),
        ("construction_site.workers", "seats"),
        ("supply", "bag", f"{_C1303}.catalog:TILES.key"),
        ("characters.*", "cat", ["box", "board", "draft", f"{_C1303}.catalog:PLAYER_NAMES"]),
        ("seats.*.workers", "num"),
        ("seats.*.camp", "num"),
        ("seats.*.houses", "num"),
        ("seats.*.resources.*", "num"),
        ("seats.*.prestige", "num"),
        ("seats.*.bundles_this_round", "num"),
        ("scores.*", "num"),
        ("journeyman_used", "num"),
        ("goldsmith_used", "num"),
        ("flow.stack", "len"),
        ("flow.stack.-1.decision", "cat", f"{_C1303}.rules:DECISION_NAMES"),
        ("flow.stack.-1.player", "seat"),
        ("flow.stack.-1.b", "num"),
        ("flow.step", "num"),
        ("flow.k", "num"),
        ("flow.begun", "num"),
        ("flow.turn", "num"),
        ("flow.terminal", "num"),
    ],
    "magna-carta": [
        ("viewer", "seat"),
        ("current_player", "seat"),
        ("terminal", "num"),
        ("turn", "num"),
        ("phase", "cat", f"{_MAGNA}.rules:PHASE_NAMES"),
        ("first_player", "seat"),
        ("provost", "opt"),
        ("road", "len"),
        # The road grows: at most every neutral card and every card of every player's deck.
        ("road.*{5+12*players}.card", "cat", f"{_MAGNA}.catalog:CARDS.name"),
        ("road.*{5+12*players}.owner", "seat"),
        ("road.*{5+12*players}.worker", "seat"),
        ("road.*{5+12*players}.face", "cat",
         ["building", "residence", "becoming_residence", f"{_MAGNA}.catalog:PRESTIGE.name"]),
        ("road.*{5+12*players}.pool", "num"),
        ("castle.*", "num"),
        ("removed_tokens.*", "num"),
        ("prestige_available", "bag", f"{_MAGNA}.catalog:PRESTIGE.name"),
        ("bridge", "order"),
        ("actor", "seat"),
        ("cursor", "num"),
        ("step", "num"),
        ("stack", "len"),
        ("stack.-1.0", "cat", f"{_MAGNA}.rules:DECISION_NAMES"),
        ("stack.-1.1", "seat"),
        ("stack.-1.2", "num"),
        ("stack.-1.3", "num"),
        ("seats.*.deniers", "num"),
        ("seats.*.food", "num"),
        ("seats.*.wood", "num"),
        ("seats.*.stone", "num"),
        ("seats.*.gold", "num"),
        ("seats.*.workers", "num"),
        # Only the viewer's own hand is seen; another seat's hand is all zeros (its size is in hand_size).
        ("seats.*.hand", "bag", f"{_MAGNA}.catalog:CARDS.name"),
        ("seats.*.hand_size", "num"),
        ("seats.*.deck_size", "num"),
        ("seats.*.discard", "bag", f"{_MAGNA}.catalog:CARDS.name"),
        ("seats.*.tokens.*", "num"),
        ("seats.*.prestige_in_front", "bag", f"{_MAGNA}.catalog:PRESTIGE.name"),
        ("seats.*.batches", "num"),
        ("scores.*", "num"),
    ],
}


def value_at(node, keys):
    """The value at a key path of a view, or None where the path leads nowhere (a shorter list, a missing key)."""
    for key in keys:
        if isinstance(node, dict):
            node = node.get(key)
        elif isinstance(node, list):
            if not -len(node) <= key < len(node):
                return None
            node = node[key]
        else:
            return None
    return node
