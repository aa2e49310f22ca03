"""Caylus (2005) in plain words: every action, decision, building and event as a player reads it.

Everything here reads a view (`Game.view`), never the board, so that a client holding only a view can use it.
What a building does is written from the rulebook (shared/rules/caylus-rules.txt, "rules pN" below) and the
catalog's figures; no third-party imports.
"""

from __future__ import annotations

from caylus.core.edition import Words
from caylus.core.words import amounts_text, plain_event

from . import glyphs
from .catalog import (
    ALCHEMIST, ALCHEMIST_DEALS, ARCHITECT, BANK, BANK_DEALS, BUILDINGS_LINE, CARPENTER, CHURCH, CHURCH_DEALS, CUBES,
    CUBES_LINE, DENIERS_LINE, FAVOR_DENIERS, FAVOR_LINES, FAVOR_PRESTIGE, FIRST_PASSER_DENIERS, FIXED, GUILD_MOST,
    INN_HOLDER_PRICE, JEWELLER, JEWELLER_DEALS, JOUST_DENIERS, LAWYER, LAWYER_PRESTIGE, MARKET, MASON,
    NO_BATCH_PENALTY, NEUTRAL, OPEN_COLUMNS, OWN_BUILDING_PRICE, PEDDLER, PRESTIGE, PRESTIGE_LINE, PRODUCE,
    PROVOST_MOST, PROVOST_SPACE_PRICE, RESIDENCE_DENIERS, RESIDENTIAL, SECTION_PARTS, SECTION_PRESTIGE, SECTIONS,
    SIMPLIFIED_FAVOR_PRESTIGE, SPECIALS, STONE_TILE, TAILOR, TAILOR_DEALS, TILE, TILE_NAMES, TILES,
    TRADING_POST_DENIERS, TWO_PLAYER_PRICE, WOOD, STONE, WOOD_TILE,
)
from .rules import (
    _ANSWERS, D_ALCHEMIST, D_BANK, D_BONUS, D_BUILD, D_CASTLE, D_CHURCH, D_FAVOR, D_FAVOR_BUILD, D_FAVOR_CUBES,
    D_GATE, D_GIVE, D_GUILD, D_INN, D_JEWELLER, D_JOUST, D_LAWYER, D_MARKET, D_PAY, D_PEDDLER, D_PLACE,
    D_PRODUCE, D_PROVOST, D_TAILOR, D_TAKE, DECISION_NAMES, PHASE_NAMES,
)

# -- names ------------------------------------------------------------------------------------------------------

SPECIAL_NAMES = {
    "gate": "Gate", "trading_post": "Trading post", "merchants_guild": "Merchants' guild",
    "joust_field": "Joust field", "stables": "Stables", "inn": "Inn", "castle": "Castle",
}
assert set(SPECIAL_NAMES) == set(SPECIALS)
KIND_WORDS = {NEUTRAL: "neutral building", FIXED: "fixed building", WOOD_TILE: "wood building",
              STONE_TILE: "stone building", RESIDENTIAL: "residential building", PRESTIGE: "prestige building"}
FAVOR_LINE_NAMES = {"prestige": "prestige", "deniers": "deniers", "cubes": "cubes", "buildings": "buildings"}

GLOSSARY = {
    "resources": {cube: cube for cube in CUBES},
    "money": "deniers",
    "points": "prestige points",
    "phases": {name: name for name in PHASE_NAMES if name},
    "players": ["Blue", "Red", "Green", "Orange", "Black"],
    "favor_lines": {
        "prestige": "prestige: 1 to 5 prestige points",
        "deniers": "deniers: 3 to 7 deniers",
        "cubes": "cubes: 1 food; 1 wood or stone; 1 cloth; swap 1 cube for 2; 1 gold",
        "buildings": "buildings: nothing; a carpenter (1 wood less); a mason (1 stone less); a lawyer (no denier); "
                     "an architect",
    },
    "castle_sections": list(SECTIONS),
}


def _amount(count: int, word: str) -> str:
    """'1 denier', '3 deniers', '2 food' (cubes and prestige take no plural)."""
    if word.split()[-1] in ("denier", "worker", "cube", "batch", "favor", "space", "house"):
        plural = word + ("es" if word.endswith("ch") else "s")
        return f"{count} {word if count == 1 else plural}"
    return f"{count} {word}"


def _cubes_text(amounts, joiner: str = ", ") -> str:
    """'1 food, 1 wood' for a 5-tuple of cubes ('2 food and 1 cloth' with joiner ' and ')."""
    return joiner.join(f"{n} {CUBES[i]}" for i, n in enumerate(amounts) if n)


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _seat_name(view: dict, seat) -> str:
    return view["seats"][seat]["name"]


def _top(view: dict):
    """The decision being asked: (kind, seat, a, b), or None once the game is over."""
    decisions = view["decisions"]
    if not decisions:
        return None
    d = decisions[-1]
    return DECISION_NAMES.index(d["kind"]), d["player"], d["args"][0], d["args"][1]


def _tile_name(tile_id: str) -> str:
    return TILE_NAMES[tile_id]


def _space_of(view: dict, tile_id: str):
    """(space, owner seat or None, worker seat or None) of a tile on the road, or None."""
    for space in view["road"]:
        if space["tile"] == tile_id:
            return space["space"], space["owner"], space["worker"]
    return None


def _the(view: dict, tile_id: str, seat=None) -> str:
    """'the Sawmill', 'your Sawmill' (`seat` owns it) or "Red's Sawmill"."""
    name = _tile_name(tile_id)
    where = _space_of(view, tile_id)
    owner = where[1] if where else None
    if owner is None:
        return f"the {name}"
    if owner == seat:
        return f"your {name}"
    return f"{_seat_name(view, owner)}'s {name}"


def _placement_price(view: dict, seat: int) -> int:
    """What a worker costs `seat` anywhere but on its own building (rules p2 b-e, p3 f; 2 players: p6)."""
    if view["special_buildings"]["inn"]["right"] == seat:
        return INN_HOLDER_PRICE
    if view["players"] == 2:
        return TWO_PLAYER_PRICE if view["passing_order"] else 1
    return len(view["passing_order"]) + 1


def _build_cost(tile, discount: int) -> str:
    cost = list(tile.cost)
    if discount >= 0 and cost[discount]:
        cost[discount] -= 1
    text = _cubes_text(cost)
    if tile.cost_any:
        text += (", " if text else "") + _amount(tile.cost_any, "cube") + " of any kind"
    return text or "nothing"


def _build_gains(tile) -> str:
    gains = [f"+{tile.prestige} prestige"]
    if tile.favors:
        gains.append(_amount(tile.favors, "royal favor"))
    if tile.income:
        gains.append(f"+{_amount(tile.income, 'denier')} of income a turn")
    return ", ".join(gains)


def _first_site(view: dict):
    for space in view["road"]:
        if space["tile"] is None:
            return space["space"]
    return None


def _first_residence(view: dict, seat: int):
    for space in view["road"]:
        if space["tile"] == "residence" and space["owner"] == seat:
            return space["space"]
    return None


def _castle_section(view: dict):
    """The section the next batch goes into, or None if the castle is full."""
    castle = view["castle"]
    for s in range(castle["sections_counted"], 3):
        if castle["filled"][SECTIONS[s]] < SECTION_PARTS[s]:
            return s
    return None


def _favor_column(view: dict, seat: int, line: int) -> int:
    """The column a favor on `line` reaches: one step right if that column is open (rules p6)."""
    col = view["seats"][seat]["favors"][FAVOR_LINES[line]]
    return col + 1 if col < OPEN_COLUMNS[view["castle"]["sections_counted"]] else col


_FAVOR_CUBES_OFFER = ("", "1 food", "1 food, wood or stone", "1 food, wood, stone or cloth",
                      "1 food, wood, stone or cloth, or swap 1 cube for 2", "any cube, gold too, or swap 1 cube for 2")
_FAVOR_BUILD_OFFER = ("", "nothing yet", "a wood building for 1 wood less",
                      "a wood building for 1 wood less or a stone building for 1 stone less",
                      "a wood or stone building for 1 cube less, or a residence without the denier",
                      "a wood or stone building for 1 cube less, a residence without the denier, or a prestige "
                      "building")


def _deal_table(verb: str):
    return {"church": (CHURCH_DEALS, "denier", "prestige"), "tailor": (TAILOR_DEALS, "cloth", "prestige"),
            "bank": (BANK_DEALS, "denier", "gold"), "alchemist": (ALCHEMIST_DEALS, "cube", "gold"),
            "jeweller": (JEWELLER_DEALS, "gold", "prestige")}[verb]


def _deal(verb: str, gain: int) -> str:
    deals, pay, get = _deal_table(verb)
    price = _amount(deals[gain], pay)
    if verb == "alchemist":
        price += " (not gold)"
    return f"Pay {price} for {_amount(gain, get)}"


# -- actions ----------------------------------------------------------------------------------------------------

def action(view: dict, act) -> str:
    """What choosing `act` does now; the costs and gains of this position when `act` answers the decision asked."""
    top = _top(view)
    if top is not None and act.verb in _ANSWERS[top[0]]:
        return _answer(view, act, *top)
    return _plain(act)


def _plain(act) -> str:
    """An action's words without a position (it does not answer the decision being asked)."""
    verb, arg, token = act.verb, act.arg, act.token
    if verb == "pass":
        return "Pass"
    if verb == "place":
        if token[6:] in SPECIAL_NAMES:
            return f"Place a worker on the {SPECIAL_NAMES[token[6:]]}" if token != "place:castle" else \
                "Place a worker in the castle"
        return f"Place a worker on the {TILE_NAMES[TILES[arg].id]}"
    if verb == "provost":
        return f"Move the provost {_amount(abs(arg), 'space')} {'forward' if arg > 0 else 'back'}"
    if verb == "joust":
        return f"Joust: pay {_amount(JOUST_DENIERS, 'denier')} and 1 cloth for a royal favor"
    if verb == "inn":
        return "Keep your worker on the inn" if arg == "stay" else "Take your worker back from the inn"
    if verb in ("take", "pay", "sell", "buy"):
        return f"{verb.capitalize()} 1 {CUBES[arg]}"
    if verb == "build":
        tile = TILES[arg]
        return f"Build the {TILE_NAMES[tile.id]} (pay {_build_cost(tile, -1)}; {_build_gains(tile)})"
    if verb == "transform":
        return f"Turn the {TILE_NAMES[TILES[arg].id]} into a residence"
    if verb in ("church", "tailor", "bank", "alchemist", "jeweller"):
        return f"{_deal(verb, arg)} at the {verb.capitalize()}"
    if verb == "batch":
        a, b = arg
        return f"Give a batch to the castle (1 food, 1 {CUBES[a]}, 1 {CUBES[b]})"
    if verb == "favor":
        return f"Take the {FAVOR_LINES[arg]} line of the favor table"
    if verb == "exchange":
        return "Swap 1 of your cubes for 2 cubes (food, wood, stone or cloth)"
    return token


_PASS_WORDS = {
    D_GATE: "Take the gate's worker back (move it nowhere)",
    D_JOUST: "Do not joust",
    D_MARKET: "Sell nothing",
    D_BUILD: "Build nothing",
    D_LAWYER: "Make no residence",
    D_CHURCH: "Decline the Church's offers", D_TAILOR: "Decline the Tailor's offers",
    D_BANK: "Decline the Bank's offers", D_ALCHEMIST: "Decline the Alchemist's offers",
    D_JEWELLER: "Decline the Jeweller's offers",
    D_FAVOR_BUILD: "Use no building effect (the favor is spent)",
}


def _answer(view: dict, act, kind: int, seat: int, a, b) -> str:
    """`act` as the answer to the decision (kind, seat, a, b) on top of the view's stack."""
    verb, arg = act.verb, act.arg
    me = view["seats"][seat]
    if verb == "pass":
        return _pass_words(view, kind, seat, a, b)
    if verb == "place":
        return _place_words(view, act, seat, free=kind == D_GATE)
    if verb == "provost":
        where = view["provost"] + arg
        move = f"Move the provost {_amount(abs(arg), 'space')} {'forward' if arg > 0 else 'back'}, to space {where}"
        if kind == D_PROVOST:
            return f"{move} ({_amount(abs(arg) * PROVOST_SPACE_PRICE, 'denier')})"
        return f"{move} (free)"
    if verb == "joust":
        return f"Joust: pay {_amount(JOUST_DENIERS, 'denier')} and 1 cloth for a royal favor"
    if verb == "inn":
        if arg == "stay":
            return f"Keep your worker on the inn (next turn each worker costs you {_amount(INN_HOLDER_PRICE, 'denier')})"
        return "Take your worker back from the inn"
    if verb == "take":
        cube = CUBES[arg]
        if kind == D_PRODUCE:
            tile = TILES[a]
            option = next(o for o in tile.produces if next(i for i in range(5) if o[i]) == arg)
            return f"Take {_cubes_text(option, ' and ')} from the {TILE_NAMES[tile.id]}"
        if kind == D_BONUS:
            return f"Take 1 {cube} (your bonus as the {TILE_NAMES[TILES[a].id]}'s owner)"
        if kind == D_FAVOR_CUBES:
            return f"Take 1 {cube} from the favor table"
        return f"Take 1 {cube}" + (f" ({_amount(a - 1, 'more cube')} to take)" if a > 1 else "")
    if verb == "pay":
        if kind == D_GIVE:
            return f"Give 1 {CUBES[arg]} in the swap (you then take 2 cubes)"
        more = f" ({a - 1} more to pay)" if a > 1 else ""
        return f"Pay 1 {CUBES[arg]}{more}"
    if verb == "sell":
        return f"Sell 1 {CUBES[arg]} for {_amount(a, 'denier')} (you have {me['cubes'][CUBES[arg]]})"
    if verb == "buy":
        more = f"; you may buy {_amount(b - 1, 'more cube')}" if b > 1 else ""
        return f"Buy 1 {CUBES[arg]} for {_amount(a, 'denier')}{more}"
    if verb == "build":
        tile = TILES[arg]
        discount = b if kind == D_BUILD else WOOD if tile.kind == WOOD_TILE else STONE if tile.kind == STONE_TILE \
            else -1
        if tile.kind == PRESTIGE:
            where = _first_residence(view, seat)
            place = f" on your residence on space {where}" if where is not None else " on a residence of yours"
        else:
            where = _first_site(view)
            place = f" on space {where}" if where is not None else ""
        favor = " with the royal favor" if kind == D_FAVOR_BUILD else ""
        return f"Build the {TILE_NAMES[tile.id]}{place}{favor} (pay {_build_cost(tile, discount)}; {_build_gains(tile)})"
    if verb == "transform":
        return _transform_words(view, arg, seat, by_favor=kind == D_FAVOR_BUILD)
    if verb in ("church", "tailor", "bank", "alchemist", "jeweller"):
        text = _deal(verb, arg)
        if verb == "alchemist":
            text += ", chosen next"
        return text
    if verb == "batch":
        x, y = arg
        section = _castle_section(view)
        gain = "" if section is None else f": +{SECTION_PRESTIGE[section]} prestige and a house in the {SECTIONS[section]}"
        return f"Give a batch to the castle (1 food, 1 {CUBES[x]}, 1 {CUBES[y]}){gain}"
    if verb == "favor":
        return _favor_words(view, seat, arg)
    if verb == "exchange":
        return "Swap 1 of your cubes for 2 cubes of food, wood, stone or cloth"
    return _plain(act)


def _pass_words(view: dict, kind: int, seat: int, a, b) -> str:
    if kind == D_PLACE:
        if not view["passing_order"]:
            return f"Pass (you get {_amount(FIRST_PASSER_DENIERS, 'denier')} as the first to pass)"
        return "Pass (place no more workers this turn)"
    if kind in (D_GUILD, D_PROVOST):
        return f"Leave the provost on space {view['provost']}"
    if kind == D_PEDDLER:
        most = max(t.most for t in TILES if t.effect == PEDDLER and t.price == a)
        return "Buy nothing" if b >= most else "Buy no more"
    if kind == D_CASTLE:
        if view["seats"][seat]["batches_this_turn"] == 0:
            return f"Give no batch (you lose {NO_BATCH_PENALTY} prestige)"
        return "Give no more batches"
    return _PASS_WORDS.get(kind, "Pass")


def _place_words(view: dict, act, seat: int, free: bool) -> str:
    target = act.token[6:]
    price = None if free else _placement_price(view, seat)
    notes = []
    if target in SPECIAL_NAMES:
        name = "the castle" if target == "castle" else f"the {SPECIAL_NAMES[target]}"
    else:
        where = _space_of(view, target)
        owner = where[1] if where else None
        name = _the(view, target, seat) + (f", space {where[0]}" if where else "")
        if owner is not None and owner != seat:
            notes.append(f"{_seat_name(view, owner)} gains 1 prestige")
        elif owner == seat and not free:
            price = OWN_BUILDING_PRICE
    if free:
        into = "into" if target == "castle" else "to"
        return f"Move the gate's worker {into} {name} ({'; '.join(['free'] + notes)})"
    into = "in" if target == "castle" else "on"
    return f"Place a worker {into} {name} ({'; '.join([_amount(price, 'denier')] + notes)})"


def _transform_words(view: dict, tile_index: int, seat: int, by_favor: bool) -> str:
    tile = TILES[tile_index]
    where = _space_of(view, tile.id)
    pay = "1 cloth" if by_favor else f"1 cloth, {_amount(RESIDENCE_DENIERS, 'denier')}"
    text = (f"Turn {_the(view, tile.id, seat)}{f' (space {where[0]})' if where else ''} into your residence "
            f"(pay {pay}; +{LAWYER_PRESTIGE} prestige, +1 denier of income a turn")
    if tile.kind == NEUTRAL:
        text += "; uses a house"
    if where and where[2] is not None:
        text += "; once its worker has used it"
    return text + ")"


def _favor_words(view: dict, seat: int, line: int) -> str:
    if view["options"].get("favors") == "simplified":
        return f"Take a royal favor (+{SIMPLIFIED_FAVOR_PRESTIGE} prestige)"
    col = _favor_column(view, seat, line)
    text = f"Take the {FAVOR_LINES[line]} line of the favor table (column {col}: "
    if line == PRESTIGE_LINE:
        return text + f"+{FAVOR_PRESTIGE[col]} prestige)"
    if line == DENIERS_LINE:
        return text + f"+{_amount(FAVOR_DENIERS[col], 'denier')})"
    if line == CUBES_LINE:
        return text + f"{_FAVOR_CUBES_OFFER[col]})"
    return text + f"{_FAVOR_BUILD_OFFER[col]})"


# -- decisions --------------------------------------------------------------------------------------------------

def decision(view: dict) -> str:
    """What the player to move is being asked: 'Blue: place a worker or pass (...)'."""
    top = _top(view)
    if top is None:
        return _game_over(view)
    kind, seat, a, b = top
    me = view["seats"][seat]
    who = me["name"]
    if kind == D_PLACE:
        passed = len(view["passing_order"])
        price = _placement_price(view, seat)
        return (f"{who}: place a worker or pass (a worker costs {_amount(price, 'denier')}, "
                f"{_amount(OWN_BUILDING_PRICE, 'denier')} on your own buildings; you have "
                f"{_amount(me['workers'], 'worker')} and {_amount(me['deniers'], 'denier')}; "
                f"{passed} of {view['players']} have passed)")
    if kind == D_GATE:
        return f"{who}: move the gate's worker to any free space, free of charge, or take it back"
    if kind == D_GUILD:
        return (f"{who}: move the provost up to {_amount(GUILD_MOST, 'space')} either way for free (merchants' "
                f"guild), or leave him on space {view['provost']}")
    if kind == D_JOUST:
        return f"{who}: joust (pay {_amount(JOUST_DENIERS, 'denier')} and 1 cloth for a royal favor) or not"
    if kind == D_INN:
        return (f"{who}: keep your worker on the inn (each worker costs you {_amount(INN_HOLDER_PRICE, 'denier')} "
                f"next turn) or take it back")
    if kind == D_PROVOST:
        return (f"{who}: move the provost up to {_amount(PROVOST_MOST, 'space')} either way, "
                f"{_amount(PROVOST_SPACE_PRICE, 'denier')} a space, or pass (he is on space {view['provost']}; "
                f"you have {_amount(me['deniers'], 'denier')})")
    if kind == D_PRODUCE:
        tile = TILES[a]
        return f"{who}: choose what the {TILE_NAMES[tile.id]} gives you: " + _or_list(
            [_cubes_text(o) for o in tile.produces])
    if kind == D_BONUS:
        return f"{who}: another player used your {TILE_NAMES[TILES[a].id]}; choose your bonus cube"
    if kind == D_MARKET:
        return f"{who}: sell 1 cube for {_amount(a, 'denier')} at the marketplace, or nothing"
    if kind == D_PEDDLER:
        return f"{who}: buy up to {_amount(b, 'cube')} (not gold) for {_amount(a, 'denier')} each, or nothing"
    if kind == D_BUILD:
        what = {WOOD_TILE: "a wood building (carpenter)", STONE_TILE: "a stone building (mason)",
                PRESTIGE: "a prestige building on one of your residences (architect)"}[a]
        return f"{who}: build {what}, or nothing"
    if kind == D_PAY:
        kinds = "any cube, gold too" if b else "any cube but gold"
        return f"{who}: choose a cube to pay ({kinds}; {a} to pay)"
    if kind == D_LAWYER:
        return (f"{who}: turn a neutral building or one of your own into a residence (lawyer: 1 cloth and "
                f"{_amount(RESIDENCE_DENIERS, 'denier')}), or nothing")
    if kind in (D_CHURCH, D_TAILOR, D_BANK, D_ALCHEMIST, D_JEWELLER):
        verb = {D_CHURCH: "church", D_TAILOR: "tailor", D_BANK: "bank", D_ALCHEMIST: "alchemist",
                D_JEWELLER: "jeweller"}[kind]
        deals = _deal_table(verb)[0]
        offers = _or_list([_deal(verb, gain).lower() for gain in deals])
        return f"{who}: at the {verb.capitalize()}, {offers}; or nothing"
    if kind == D_CASTLE:
        section = _castle_section(view)
        where = "" if section is None else f", +{SECTION_PRESTIGE[section]} prestige each in the {SECTIONS[section]}"
        given = me["batches_this_turn"]
        return (f"{who}: give batches to the castle (1 food and 2 other different cubes each{where}); "
                f"{_amount(given, 'batch')} given so far")
    if kind == D_FAVOR:
        return f"{who}: choose a line of the favor table for your royal favor"
    if kind == D_FAVOR_CUBES:
        return f"{who}: take from the favor table's cubes line: {_FAVOR_CUBES_OFFER[a]}"
    if kind == D_FAVOR_BUILD:
        return f"{who}: use the favor table's buildings line: {_FAVOR_BUILD_OFFER[a]}; or nothing"
    if kind == D_GIVE:
        return f"{who}: choose the cube to give in the swap (you then take 2)"
    return f"{who}: choose a cube to take ({a} to take: food, wood, stone or cloth)"


def _game_over(view: dict) -> str:
    seats = view["seats"]
    scores = [s["prestige"] + s["end_bonus"] for s in seats]  # the end bonus is added once the game is over
    best = max(scores)
    winners = [s["name"] for s, score in zip(seats, scores) if score == best]
    return f"The game is over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the victory'} " \
           f"with {best} prestige"


# -- buildings --------------------------------------------------------------------------------------------------

def _tile_text(tile) -> str:
    """What a worker on the tile does (rules p4 a-i), or what the tile is for."""
    effect = tile.effect
    if effect == PRODUCE:
        text = "A worker here takes " + _or_list([_cubes_text(o, " and ") for o in tile.produces]) + "."
        if tile.kind == STONE_TILE:
            text += " When another player's worker uses it, the owner also takes one of those cubes."
        return text
    if effect == CARPENTER:
        return "A worker here may build one wood building, paying its cost; it goes on the first free space."
    if effect == MASON:
        return "A worker here may build one stone building, paying its cost; it goes on the first free space."
    if effect == ARCHITECT:
        return "A worker here may build one prestige building in place of one of their residences, paying its cost."
    if effect == LAWYER:
        return (f"A worker here may turn a neutral building or one of their own wood or stone buildings (never a "
                f"Lawyer) into their residence, for 1 cloth and {_amount(RESIDENCE_DENIERS, 'denier')}: "
                f"+{LAWYER_PRESTIGE} prestige and 1 more denier of income every turn.")
    if effect == MARKET:
        return f"A worker here may sell 1 cube (gold too) for {_amount(tile.price, 'denier')}."
    if effect == PEDDLER:
        return (f"A worker here may buy up to {_amount(tile.most, 'cube')} of food, wood, stone or cloth, "
                f"{_amount(tile.price, 'denier')} each.")
    if effect in (CHURCH, TAILOR, BANK, ALCHEMIST, JEWELLER):
        verb = {CHURCH: "church", TAILOR: "tailor", BANK: "bank", ALCHEMIST: "alchemist", JEWELLER: "jeweller"}[effect]
        deals = [_deal(verb, gain).lower() for gain in _deal_table(verb)[0]]
        return f"A worker here may {_or_list(deals)}."
    if tile.kind == RESIDENTIAL:
        return (f"Made by the lawyer from a neutral building or its owner's own building: "
                f"+{LAWYER_PRESTIGE} prestige, and 1 more denier of income every turn. An architect can replace it "
                f"with a prestige building. No worker goes here.")
    text = f"Built by an architect in place of one of its builder's residences: +{tile.prestige} prestige"
    if tile.favors:
        text += f" and {_amount(tile.favors, 'royal favor')}"
    text += " at once"
    if tile.income:
        text += f", and {_amount(tile.income, 'denier')} more income every turn"
    return text + ". No worker goes here."


_SPECIAL_TEXT = {
    "gate": "In phase 3 its worker may move, free, to any free space (another player's building gives that player "
            "1 prestige), or go home.",
    "trading_post": f"In phase 3 its worker takes {_amount(TRADING_POST_DENIERS, 'denier')}.",
    "merchants_guild": f"In phase 3 its worker may move the provost up to {_amount(GUILD_MOST, 'space')} either way, "
                       f"free.",
    "joust_field": f"In phase 3 its worker may pay {_amount(JOUST_DENIERS, 'denier')} and 1 cloth for a royal "
                   f"favor (once a turn).",
    "stables": "Up to 3 workers, one a player (not used with 2 players). In phase 3 they take the first places "
               "of the turn order, in the order they came.",
    "inn": f"A new worker goes on the left circle; in phase 3 it moves to the right circle and drives out the one "
           f"there. While you have a worker on the right circle, every worker costs you "
           f"{_amount(INN_HOLDER_PRICE, 'denier')}; you may keep it there turn after turn.",
    "castle": "In phase 6 each worker here, in the order they came, may give batches (1 food and 2 other different "
              "cubes each): 5 prestige a batch in the dungeon, 4 in the walls, 3 in the towers. Giving none costs "
              f"{NO_BATCH_PENALTY} prestige; the most batches earns a royal favor.",
}


def _special_where(view: dict, name: str) -> str:
    special = view["special_buildings"]
    if name == "castle":
        seats = view["castle"]["workers"]
    elif name == "stables":
        seats = special["stables"]
    elif name == "inn":
        inn = special["inn"]
        parts = []
        if inn["left"] is not None:
            parts.append(f"{_seat_name(view, inn['left'])}'s worker on the left circle")
        if inn["right"] is not None:
            parts.append(f"{_seat_name(view, inn['right'])}'s worker on the right circle")
        return "before the bridge" + (f" ({'; '.join(parts)})" if parts else "")
    else:
        seats = [] if special[name] is None else [special[name]]
    if not seats:
        return "before the bridge"
    return f"before the bridge (workers: {', '.join(_seat_name(view, s) for s in seats)})"


def buildings(view: dict) -> list[dict]:
    """Every tile, special building and the favor table, as this view shows them."""
    out = []
    jeweller = bool(view["options"].get("jeweller"))
    stock = set(view["stock"])
    for tile in TILES:
        spaces = [s for s in view["road"] if s["tile"] == tile.id]
        owners = [s["owner"] for s in spaces if s["owner"] is not None]
        if tile.kind == RESIDENTIAL:
            where = "; ".join(f"{_seat_name(view, s['owner'])}'s on space {s['space']}" for s in spaces) \
                or "none on the road yet"
            owner = None
        elif spaces:
            where = f"space {spaces[0]['space']} of the road"
            if spaces[0]["worker"] is not None:
                where += f" ({_seat_name(view, spaces[0]['worker'])}'s worker is on it)"
            owner = _seat_name(view, owners[0]) if owners else None
        else:
            owner = None
            where = ("not in this game (option jeweller)" if tile.id == "jeweller" and not jeweller
                     else "in the stock" if tile.id in stock else "out of the game")
        cost = None
        if tile.kind in (WOOD_TILE, STONE_TILE, PRESTIGE):
            builder = {WOOD_TILE: "a carpenter", STONE_TILE: "a mason", PRESTIGE: "an architect"}[tile.kind]
            cost = f"{_build_cost(tile, -1)} at {builder} ({_build_gains(tile)})"
        elif tile.kind == RESIDENTIAL:
            cost = f"1 cloth and {_amount(RESIDENCE_DENIERS, 'denier')} at the lawyer (+{LAWYER_PRESTIGE} prestige)"
        out.append({"id": tile.id, "name": TILE_NAMES[tile.id], "kind": KIND_WORDS[tile.kind],
                    "text": _tile_text(tile), "cost": cost, "owner": owner, "where": where,
                    "aliases": (tile.name,), "glyphs": glyphs.of(tile)})
    for name in SPECIALS:
        out.append({"id": name, "name": SPECIAL_NAMES[name], "kind": "special building", "text": _SPECIAL_TEXT[name],
                    "cost": None, "owner": None, "where": _special_where(view, name),
                    "glyphs": {"cost": [], "built": [], "gives": glyphs.SPECIALS.get(name, []),
                               **({"sections": glyphs.CASTLE_SECTIONS} if name == "castle" else {})}})
    out.append({"id": "favor_table", "name": "Favor table", "kind": "board",
                "text": "Each royal favor moves your marker one column right on a line of your choice (a different "
                        "line for each favor of one phase) and gives that column's effect or any to its left: "
                        + "; ".join(GLOSSARY["favor_lines"].values())
                        + ". Columns 3-4 open once the dungeon is counted, column 5 once the walls are.",
                "cost": None, "owner": None, "where": "beside the board",
                "glyphs": {"cost": [], "built": [], "gives": [], "lines": glyphs.FAVOR_CELLS}})
    return out


# -- events -----------------------------------------------------------------------------------------------------

def _building_words(building) -> str:
    """An event's building id as words: 'the Sawmill', 'the castle'."""
    if building in SPECIAL_NAMES:
        return f"the {SPECIAL_NAMES[building]}" if building != "castle" else "the castle"
    if building in TILE_NAMES:
        return f"the {TILE_NAMES[building]}"
    return "the favor table" if building == "favor_table" else str(building)


def _at(ev: dict) -> str:
    """' on space 9' when the event names a road space."""
    return f" on space {ev['space']}" if ev.get("space") is not None else ""


def _names(seats) -> str:
    names = [GLOSSARY["players"][s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def event(view: dict, ev: dict) -> str:
    """The log line for an engine event (docs/events.md, Caylus 2005); an unknown kind reads in generic words."""
    kind = ev["kind"]
    player = ev.get("player")
    who = GLOSSARY["players"][player] if isinstance(player, int) else ""
    say = _EVENT_WORDS.get(kind)
    return say(who, ev) if say else plain_event(ev, GLOSSARY["players"])


def _place_event(who: str, ev: dict) -> str:
    where = _building_words(ev["building"]) + _at(ev)
    into = "in" if ev["building"] == "castle" else "on"
    text = f"{who} places a worker {into} {where} ({_amount(ev['paid'], 'denier')})"
    if ev.get("owner") is not None and ev.get("owner_prestige"):
        text += f"; {GLOSSARY['players'][ev['owner']]} gains {ev['owner_prestige']} prestige"
    return text


def _gate_event(who: str, ev: dict) -> str:
    if ev["building"] is None:
        return f"{who} takes the gate's worker back"
    text = f"{who} moves the gate's worker to {_building_words(ev['building'])}{_at(ev)}"
    if ev.get("owner") is not None and ev.get("owner_prestige"):
        text += f"; {GLOSSARY['players'][ev['owner']]} gains {ev['owner_prestige']} prestige"
    return text


def _provost_event(who: str, ev: dict) -> str:
    via = " with the Merchants' guild" if ev.get("building") == "merchants_guild" else ""
    if not ev["by"]:
        return f"{who} leaves the provost on space {ev['start']}{via}"
    paid = f" ({_amount(ev['paid'], 'denier')})" if ev["paid"] else ""
    return (f"{who} moves the provost {_amount(abs(ev['by']), 'space')} {'forward' if ev['by'] > 0 else 'back'}, "
            f"to space {ev['to']}{via}{paid}")


def _build_event(who: str, ev: dict) -> str:
    paid = amounts_text(ev["paid"])
    if ev.get("any_cubes"):
        paid += f" and {_amount(ev['any_cubes'], 'cube')} of their choice"
    gains = [f"+{ev['prestige']} prestige"]
    if ev.get("favors"):
        gains.append(_amount(ev["favors"], "royal favor"))
    favor = " with a royal favor" if ev.get("by_favor") else ""
    return f"{who} builds {_building_words(ev['building'])}{_at(ev)}{favor} for {paid} ({', '.join(gains)})"


def _lawyer_event(who: str, ev: dict) -> str:
    later = "; it changes once its worker has left" if ev.get("delayed") else ""
    favor = " with a royal favor" if ev.get("by_favor") else ""
    return (f"{who} has the lawyer turn {_building_words(ev['building'])}{_at(ev)} into a residence{favor} "
            f"(pays {amounts_text(ev['paid'])}){later}")


def _count_event(who: str, ev: dict) -> str:
    text = f"{who} has {_amount(ev['houses'], 'house')} in the {ev['section']}"
    if ev["prestige"]:
        return text + f": {ev['prestige']} prestige"
    if ev["favors"]:
        return text + f": {_amount(ev['favors'], 'royal favor')}"
    return text + ": nothing"


def _favor_event(who: str, ev: dict) -> str:
    gain = f": {amounts_text(ev['gain'])}" if ev.get("gain") else ""
    return f"{who} takes a favor on the {ev['line']} line (column {ev['column']}){gain}"


def _game_over_event(who: str, ev: dict) -> str:
    scores = ", ".join(f"{GLOSSARY['players'][s]} {score}" for s, score in enumerate(ev["scores"]))
    winners = ev["winners"]
    return f"Game over: {_names(winners)} {'wins' if len(winners) == 1 else 'share the victory'} ({scores})"


_EVENT_WORDS = {
    "phase": lambda who, ev: f"Turn {ev['turn']}: {ev['phase']} phase",
    "income": lambda who, ev: f"{who} collects {_amount(ev['deniers'], 'denier')}" + (
        f" ({', '.join(f'{n} from the {TILE_NAMES.get(b, b)}' for b, n in ev['buildings'].items())})"
        if ev.get("buildings") else ""),
    "bailiff": lambda who, ev: f"The bailiff moves from space {ev['start']} to space {ev['to']}; the provost joins him",
    "count": _count_event,
    "counted": lambda who, ev: f"The {ev['section']} have been counted" if ev["section"] in ("walls", "towers")
    else f"The {ev['section']} has been counted",
    "end_bonus": lambda who, ev: f"{who} scores {ev['total']} prestige at the end ("
    + ", ".join(f"{n} for {part}" for part, n in ev["parts"].items()) + ")",
    "game_over": _game_over_event,
    "place": _place_event,
    "pass": lambda who, ev: f"{who} passes" + (f" first and takes {_amount(ev['deniers'], 'denier')}"
                                              if ev.get("deniers") else ""),
    "gate": _gate_event,
    "provost": _provost_event,
    "turn_order": lambda who, ev: f"The stables change the turn order: {_names(ev['order'])}",
    "inn": lambda who, ev: f"{who} moves into the inn" + (
        f", driving out {GLOSSARY['players'][ev['driven_out']]}" if ev.get("driven_out") is not None else ""),
    "inn_choice": lambda who, ev: f"{who} {'stays in' if ev['stays'] else 'leaves'} the inn",
    "produce": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} from {_building_words(ev['building'])}",
    "owner_bonus": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} as the owner of "
    f"{_building_words(ev['building'])}",
    "not_activated": lambda who, ev: f"{who}'s worker on {_building_words(ev['building'])} goes home unused "
    f"(beyond the provost)",
    "trade": lambda who, ev: f"{who} pays {amounts_text(ev['paid'])} for {amounts_text(ev['gain'])} at "
    f"{_building_words(ev['building'])}".replace("1 favor", "a royal favor"),
    "decline": lambda who, ev: f"{who} does not use {_building_words(ev['building'])}",
    "build": _build_event,
    "pay": lambda who, ev: f"{who} pays 1 {ev['cube']}",
    "lawyer": _lawyer_event,
    "residence": lambda who, ev: f"{_building_words(ev['building'])[0].upper()}{_building_words(ev['building'])[1:]}"
    f"{_at(ev)} becomes {who}'s residence (+{ev['prestige']} prestige)",
    "batch": lambda who, ev: f"{who} gives the castle a batch ({', '.join(ev['cubes'])}): a house in the "
    f"{ev['section']}, +{ev['prestige']} prestige",
    "castle_done": lambda who, ev: f"{who} gives no batch and loses {-ev['prestige']} prestige" if ev["prestige"]
    else f"{who} is done at the castle ({_amount(ev['batches'], 'batch')})",
    "best_builder": lambda who, ev: f"{who} gave the most batches ({ev['batches']}) and earns a royal favor",
    "favors": lambda who, ev: f"{who} earns {_amount(ev['count'], 'royal favor')}" + (
        f": +{ev['prestige']} prestige" if ev.get("prestige") else ""),
    "favor": _favor_event,
    "favor_cube": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} from the favor table",
    "exchange_give": lambda who, ev: f"{who} gives 1 {ev['cube']} in a swap",
    "exchange_take": lambda who, ev: f"{who} takes 1 {ev['cube']} in the swap",
    "favor_lost": lambda who, ev: f"{who} loses a favor (every line of the favor table was used this phase)",
}


WORDS = Words(action=action, decision=decision, buildings=buildings, event=event, glossary=GLOSSARY)
