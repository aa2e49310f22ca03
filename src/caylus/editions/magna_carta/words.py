"""Caylus Magna Carta in plain words: every action, decision, card and event as a player reads it.

Everything here reads a view (`Game.view`), never the board, and only what that view shows (a hidden hand stays
hidden), so that a client holding only a view can use it. What a card does is written from the rulebook
(shared/rules/magna-carta-rules.md, "Detail of the Buildings") and the catalog's figures; no third-party imports.
(`describe.py` is the text picture of the board; this module is the words.)
"""

from __future__ import annotations

from caylus.core.edition import Words
from caylus.core.words import amounts_text, plain_event

from . import glyphs
from .catalog import (
    BANK, CARDS, CHURCH, CUBE_NAMES, GATHER, GOLD_MINE, HAND_SIZE, LARGE_PRODUCTION, LAWYER, MARKET,
    NEUTRAL_CARDS, NEUTRAL_PEDDLER, PEDDLER, PLAYER_CARDS, PLAYER_NAMES, POOL_CUBES, PRESTIGE, PRESTIGE_BY_NAME,
    RESIDENCE_COST, RESIDENCE_PRESTIGE, SECTION_VALUE, SECTIONS, SMALL_PRODUCTION, TRADING_POST,
)
from .rules import BATCH_COST, DECISION_NAMES, PHASE_NAMES, pay_with

# -- names ------------------------------------------------------------------------------------------------------

# Card id -> the name a player reads (the catalog's titles keep the tile colours: "Farm (wood)").
CARD_NAMES = {
    "small_farm": "Small Farm", "small_sawmill": "Small Sawmill", "small_quarry": "Small Quarry",
    "peddler": "Peddler", "market": "Market", "lawyer": "Lawyer", "large_farm": "Large Farm",
    "large_sawmill": "Large Sawmill", "large_quarry": "Large Quarry", "gold_mine": "Gold Mine", "bank": "Bank",
    "church": "Church",
}
NEUTRAL_NAMES = {"park": "Park", "forest": "Forest", "quarry": "Quarry", "peddler": "neutral Peddler",
                 "trading_post": "Trading Post"}
assert set(CARD_NAMES) == {CARDS[c].name for c in PLAYER_CARDS}
assert set(NEUTRAL_NAMES) == {CARDS[c].name for c in NEUTRAL_CARDS}
_PLAYER_CARD = {CARDS[c].name: CARDS[c] for c in PLAYER_CARDS}
_NEUTRAL_CARD = {CARDS[c].name: CARDS[c] for c in NEUTRAL_CARDS}
COLOURS = tuple(name.lower() for name in PLAYER_NAMES)
PHASE_WORDS = {"redraw": "opening hands", "actions": "actions", "provost": "the provost's move",
               "effects": "the buildings' effects", "castle": "the castle", "over": "game over"}
assert set(PHASE_WORDS) == set(PHASE_NAMES)

GLOSSARY = {
    "resources": {c: c for c in CUBE_NAMES},
    "money": "deniers",
    "points": "prestige points",
    "phases": PHASE_WORDS,
    "players": list(PLAYER_NAMES),
    "castle_sections": list(SECTIONS),
}


def _amount(count: int, word: str) -> str:
    """'1 denier', '3 deniers', '2 food' (cubes and prestige take no plural)."""
    if word.split()[-1] in ("denier", "card", "cube", "token", "batch", "worker"):
        plural = word + ("es" if word.endswith("ch") else "s")
        return f"{count} {word if count == 1 else plural}"
    return f"{count} {word}"


def _cubes(amounts, any_cubes: int = 0) -> str:
    parts = [f"{n} {CUBE_NAMES[i]}" for i, n in enumerate(amounts) if n]
    if any_cubes:
        parts.append(f"{_amount(any_cubes, 'cube')} of any kind")
    return ", ".join(parts) or "nothing"


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _top(view: dict):
    stack = view["stack"]
    if not stack:
        return None
    kind, player, index, extra = stack[-1]
    return DECISION_NAMES.index(kind), player, index, extra


def _card_name(road_card: dict) -> str:
    return NEUTRAL_NAMES[road_card["card"]] if road_card["owner"] is None else CARD_NAMES[road_card["card"]]


def _whose(view: dict, road_card: dict, player=None) -> str:
    """'the Park', 'your Market', "Red's Market"."""
    owner = road_card["owner"]
    name = _card_name(road_card)
    if owner is None:
        return f"the {name}"
    if owner == player:
        return f"your {name}"
    return f"{PLAYER_NAMES[owner]}'s {name}"


def _next_token(view: dict) -> str:
    """'a 4-point dungeon token': the castle token a batch or the Church takes next."""
    for s, name in enumerate(SECTIONS):
        if view["castle"][name]:
            return f"a {SECTION_VALUE[s]}-point {name} token"
    return "no token (none is left)"


def _owed_text(owes: int) -> str:
    """What a payment in progress still owes (`rules.owed`: 3 bits each of food, wood, stone, then any cubes)."""
    return _cubes((owes & 7, owes >> 3 & 7, owes >> 6 & 7, 0), owes >> 9)


# -- what cards do ------------------------------------------------------------------------------------------------

def _primary(card) -> str:
    """What the worker on the card does (its primary effect)."""
    effect = card.effect
    if effect in (GATHER, SMALL_PRODUCTION):
        return f"take 1 {CUBE_NAMES[card.cube]}"
    if effect == LARGE_PRODUCTION:
        return f"take 2 {CUBE_NAMES[card.cube]}"
    if effect == TRADING_POST:
        return "take 2 deniers"
    if effect == NEUTRAL_PEDDLER:
        return "buy 1 food, wood or stone for 1 denier"
    if effect == PEDDLER:
        return "buy 1 or 2 cubes of food, wood or stone, 1 denier each"
    if effect == MARKET:
        return "sell 1 cube for 4 deniers"
    if effect == LAWYER:
        return ("pay 1 food to turn one of your own cards on the road (not a Lawyer) into a residence "
                f"(+1 denier of income a turn; worth {RESIDENCE_PRESTIGE} prestige)")
    if effect == GOLD_MINE:
        return "take 1 gold"
    if effect == BANK:
        return "buy 1 gold for 1 denier, or 2 gold for 3 deniers"
    if effect == CHURCH:
        return "buy 1 castle token for 2 deniers, or 2 for 5 deniers"
    return ""


def _secondary(card, players: int | None = None) -> str:
    """What the card's owner gets when another player's worker is on it (its secondary effect), or ''."""
    effect = card.effect
    if effect == SMALL_PRODUCTION:
        pool = f"{POOL_CUBES[players]} " if players else ""
        return (f"take 1 {CUBE_NAMES[card.cube]} from the {pool}cubes put on the card when it was built, while "
                f"some are left")
    if effect == LARGE_PRODUCTION:
        return f"take 1 {CUBE_NAMES[card.cube]}"
    if effect == PEDDLER:
        return "buy 1 cube of food, wood or stone for 1 denier"
    if effect == MARKET:
        return "take 1 denier"
    if effect == LAWYER:
        return "take 2 deniers"
    if effect == GOLD_MINE:
        return "swap 1 food, wood or stone for 1 gold"
    if effect == BANK:
        return "buy 1 gold for 2 deniers"
    if effect == CHURCH:
        return "buy 1 castle token for 3 deniers"
    return ""


# What the owner gets when another player's worker works their card, in short (the secondary effects).
_OWNER_GETS = {SMALL_PRODUCTION: "takes a cube from the card's pool", LARGE_PRODUCTION: "takes 1 cube",
               PEDDLER: "may buy 1 cube", MARKET: "takes 1 denier", LAWYER: "takes 2 deniers",
               GOLD_MINE: "may swap a cube for 1 gold", BANK: "may buy 1 gold", CHURCH: "may buy 1 castle token"}


def _card_text(card, players: int | None = None) -> str:
    text = f"Its worker may {_primary(card)}." if card.effect in (
        NEUTRAL_PEDDLER, PEDDLER, MARKET, LAWYER, BANK, CHURCH) else f"Its worker takes {_primary(card)[5:]}."
    second = _secondary(card, players)
    if second:
        does = "may " + second if card.effect in (PEDDLER, GOLD_MINE, BANK, CHURCH) else "takes" + second[4:]
        text += f" When another player's worker is on it, its owner {does}."
    if card.standard_only:
        text += " Standard rules only."
    return text


# -- actions ------------------------------------------------------------------------------------------------------

_ANSWERS = {
    "redraw": ("pass", "redraw"), "action": ("pass", "draw", "replace", "place", "build", "prestige"),
    "pay": ("pay",), "cover": ("cover",), "provost": ("pass", "provost"), "buy": ("pass", "buy"),
    "sell": ("pass", "sell"), "swap": ("pass", "swap"), "bank": ("pass", "bank"), "church": ("pass", "church"),
    "lawyer": ("pass", "residence"), "castle": ("pass", "batch"),
}
assert set(_ANSWERS) == set(DECISION_NAMES)


def action(view: dict, act) -> str:
    top = _top(view)
    if top is not None and act.verb in _ANSWERS[DECISION_NAMES[top[0]]]:
        return _answer(view, act, *top)
    return _plain(act)


def _place_target(token: str):
    """(owner seat or None, card name) that a place:<...> token names."""
    name = token[6:]
    colour, _, rest = name.partition("_")
    if colour in COLOURS and rest in _PLAYER_CARD:
        return COLOURS.index(colour), rest
    return None, name


def _plain(act) -> str:
    verb, arg, token = act.verb, act.arg, act.token
    if verb == "pass":
        return "Pass"
    if verb == "redraw":
        return f"Discard your opening hand and draw {HAND_SIZE} new cards"
    if verb == "draw":
        return "Draw a card (1 denier)"
    if verb == "replace":
        return "Discard your hand and draw as many new cards (1 denier)"
    if verb == "place":
        owner, name = _place_target(token)
        where = NEUTRAL_NAMES[name] if owner is None else f"{PLAYER_NAMES[owner]}'s {CARD_NAMES[name]}"
        return f"Place a worker on {'the ' if owner is None else ''}{where} (1 denier)"
    if verb == "build":
        card = _PLAYER_CARD[arg]
        return f"Build the {CARD_NAMES[arg]} from your hand (pay {_cubes(card.cost, card.any_cubes)})"
    if verb == "prestige":
        p = PRESTIGE[PRESTIGE_BY_NAME[arg]]
        return f"Build the {p.title} (pay {_cubes(p.cost)}; worth {p.prestige} prestige)"
    if verb == "cover":
        return f"Put the prestige building over your residence that was the {CARD_NAMES[arg]}"
    if verb == "pay":
        return f"Pay with 1 {arg}"
    if verb == "provost":
        return f"Move the provost {_amount(abs(arg), 'card')} {'forward' if arg > 0 else 'back'}"
    if verb == "buy":
        return f"Buy 1 {arg} for 1 denier"
    if verb == "sell":
        return f"Sell 1 {arg} for 4 deniers"
    if verb == "swap":
        return f"Swap 1 {arg} for 1 gold"
    if verb == "bank":
        return f"Buy {arg} gold at the Bank"
    if verb == "church":
        return f"Buy {_amount(arg, 'castle token')} at the Church"
    if verb == "residence":
        return f"Turn your {CARD_NAMES[arg]} into a residence (pay 1 food)"
    if verb == "batch":
        return f"Give a batch to the castle ({_cubes(BATCH_COST)})"
    return token


def _answer(view: dict, act, kind: int, player: int, index: int, extra: int) -> str:
    name = DECISION_NAMES[kind]
    verb, arg = act.verb, act.arg
    seat = view["seats"][player]
    if verb == "pass":
        return _pass_words(view, name, player, extra)
    if verb == "place":
        owner, card_name = _place_target(act.token)
        for i, card in enumerate(view["road"]):
            if card["owner"] == owner and card["card"] == card_name:
                notes = ["1 denier"]
                road_card = _PLAYER_CARD[card_name] if owner is not None else _NEUTRAL_CARD[card_name]
                if owner is not None and owner != player and road_card.effect in _OWNER_GETS:
                    notes.append(f"{PLAYER_NAMES[owner]} {_OWNER_GETS[road_card.effect]}")
                beyond = view["provost"] is not None and i > view["provost"]
                if beyond:
                    notes.append("beyond the provost for now")
                return (f"Place a worker on {_whose(view, card, player)}, card {i + 1} ({'; '.join(notes)}): "
                        f"{_primary(road_card)}")
        return _plain(act)
    if verb == "build":
        card = _PLAYER_CARD[arg]
        return (f"Build the {CARD_NAMES[arg]} from your hand at the end of the road (pay "
                f"{_cubes(card.cost, card.any_cubes)}; worth {card.prestige} prestige): {_primary(card)}")
    if verb == "prestige":
        p = PRESTIGE[PRESTIGE_BY_NAME[arg]]
        where = "over one of your residences" if view["rules"] == "standard" else "in front of you"
        income = "; +1 denier of income a turn" if p.name == "hotel" else ""
        return f"Build the {p.title} {where} (pay {_cubes(p.cost)}; worth {p.prestige} prestige{income})"
    if verb == "cover":
        p = PRESTIGE[extra]
        for i, card in enumerate(view["road"]):
            if card["owner"] == player and card["card"] == arg and card["face"] == "residence":
                return f"Put the {p.title} over your residence at card {i + 1} (once the {CARD_NAMES[arg]})"
        return _plain(act)
    if verb == "pay":
        return _payment(seat, arg, extra)
    if verb == "provost":
        to = view["provost"] + arg
        work = f"cards 1-{to + 1} will work" if to else "only card 1 will work"
        return (f"Move the provost {_amount(abs(arg), 'card')} {'forward' if arg > 0 else 'back'} "
                f"({_amount(abs(arg), 'denier')}; {work})")
    if verb == "buy":
        more = f"; you may buy {_amount(extra - 1, 'more cube')}" if extra > 1 else ""
        return f"Buy 1 {arg} for 1 denier{more}"
    if verb == "sell":
        return f"Sell 1 {arg} for 4 deniers (you have {seat[arg]})"
    if verb == "swap":
        return f"Swap 1 {arg} for 1 gold (your Gold Mine's bonus)"
    if verb == "bank":
        price = (1 if arg == 1 else 3) if extra else 2
        owner = "" if extra else " (your Bank's bonus)"
        return f"Pay {_amount(price, 'denier')} for {arg} gold{owner}"
    if verb == "church":
        price = (2 if arg == 1 else 5) if extra else 3
        owner = "" if extra else " (your Church's bonus)"
        first = _next_token(view)
        return f"Pay {_amount(price, 'denier')} for {_amount(arg, 'castle token')}{owner}, starting with {first}"
    if verb == "residence":
        for i, card in enumerate(view["road"]):
            if card["owner"] == player and card["card"] == arg:
                worth = _PLAYER_CARD[arg].prestige
                instead = f" instead of {worth}" if worth != RESIDENCE_PRESTIGE else ""
                return (f"Turn your {CARD_NAMES[arg]} (card {i + 1}) into a residence (pay 1 food; +1 denier of "
                        f"income a turn; worth {RESIDENCE_PRESTIGE} prestige{instead})")
        return _plain(act)
    if verb == "batch":
        return f"Give a batch to the castle ({_cubes(BATCH_COST)}; gold is wild) for {_next_token(view)}"
    if verb == "redraw":
        return f"Discard your opening hand and draw {HAND_SIZE} new cards"
    return _plain(act)


def _payment(seat: dict, cube_name: str, owes: int) -> str:
    """A `pay` answer: the cubes it gives (paying the cube of any kind with a kind the cost also asks for pays
    those in kind too) and what is owed after it."""
    cube = CUBE_NAMES.index(cube_name)
    cubes = [seat[name] for name in CUBE_NAMES]
    left = pay_with(cubes, owes, cube)
    paid = seat[cube_name] - cubes[cube]
    after = f"still owed: {_owed_text(left)}" if left else "the cost is paid"
    return f"Pay with {paid} {cube_name} ({after})"


def _pass_words(view: dict, name: str, player: int, extra: int) -> str:
    if name == "action":
        if not view["bridge"]:
            return "Pass (you get 1 denier as the first to pass)"
        return "Pass (no more actions this turn)"
    if name == "castle":
        return "Give no more batches" if view["seats"][player]["batches"] else "Give no batch"
    if name == "buy":
        return "Buy nothing"
    return {
        "redraw": "Keep your opening hand", "provost": "Leave the provost where he is", "sell": "Sell nothing",
        "swap": "Swap nothing", "bank": "Buy no gold", "church": "Buy no castle token",
        "lawyer": "Make no residence",
    }.get(name, "Pass")


# -- decisions ----------------------------------------------------------------------------------------------------

def decision(view: dict) -> str:
    top = _top(view)
    if top is None:
        scores = view["scores"]
        best = max(scores)
        winners = [PLAYER_NAMES[p] for p, s in enumerate(scores) if s == best]
        return (f"The game is over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the victory'} "
                f"with {best} prestige")
    kind, player, index, extra = top
    name = DECISION_NAMES[kind]
    who = PLAYER_NAMES[player]
    seat = view["seats"][player]
    card = view["road"][index] if 0 <= index < len(view["road"]) else None
    if name == "redraw":
        return f"{who}: keep your opening hand, or discard it and draw {HAND_SIZE} new cards (once)"
    if name == "action":
        return (f"{who}: choose an action: draw a card, replace your hand, place a worker (1 denier each), build "
                f"a card from your hand, build a prestige building, or pass (you have "
                f"{_amount(seat['deniers'], 'denier')} and {_amount(seat['workers'], 'worker')}; "
                f"{len(view['bridge'])} of {view['players']} have passed)")
    if name == "pay":
        return f"{who}: choose the cube that pays the next part of the cost (still owed: {_owed_text(extra)}; gold is wild)"
    if name == "cover":
        return f"{who}: choose the residence your {PRESTIGE[extra].title} covers"
    if name == "provost":
        where = view["provost"]
        return (f"{who}: move the provost up to 3 cards either way, 1 denier a card, or pass (he is on card "
                f"{where + 1} of {len(view['road'])}; you have {_amount(seat['deniers'], 'denier')})")
    at = _whose(view, card, player) if card else "the building"
    if name == "buy":
        return f"{who}: buy up to {_amount(extra, 'cube')} of food, wood or stone at {at}, 1 denier each, or nothing"
    if name == "sell":
        return f"{who}: sell 1 cube for 4 deniers at {at}, or nothing"
    if name == "swap":
        return f"{who}: swap 1 food, wood or stone for 1 gold ({at}'s bonus), or nothing"
    if name == "bank":
        offer = "1 gold for 1 denier, or 2 gold for 3 deniers" if extra else "1 gold for 2 deniers (owner's bonus)"
        return f"{who}: buy {offer} at {at}, or nothing"
    if name == "church":
        offer = "1 castle token for 2 deniers, or 2 for 5" if extra else "1 castle token for 3 deniers (owner's bonus)"
        return f"{who}: buy {offer} at {at}, or nothing"
    if name == "lawyer":
        return f"{who}: pay 1 food to turn one of your cards on the road into a residence ({at}), or not"
    return (f"{who}: give batches to the castle ({_cubes(BATCH_COST)} each, gold is wild; the next one earns "
            f"{_next_token(view)}), or stop")


# -- buildings ----------------------------------------------------------------------------------------------------

def buildings(view: dict) -> list[dict]:
    out = []
    players = view["players"]
    road = view["road"]
    standard = view["rules"] == "standard"

    def copies(name: str, neutral: bool) -> list[tuple[int, dict]]:
        return [(i, c) for i, c in enumerate(road) if c["card"] == name and (c["owner"] is None) == neutral]

    def on_card(i: int, c: dict) -> str:
        face = c["face"]
        text = f"card {i + 1} of the road"
        if face == "residence":
            text += " (now a residence)"
        elif face == "becoming_residence":
            text += " (a residence once its worker has worked)"
        elif face != "building":
            text += f" (under the {PRESTIGE[PRESTIGE_BY_NAME[face]].title})"
        if c["worker"] is not None:
            text += f" ({PLAYER_NAMES[c['worker']]}'s worker is on it)"
        return text

    for c in PLAYER_CARDS:
        card = CARDS[c]
        if card.standard_only and not standard:
            where = "not used in the beginner rules"
        else:
            built = copies(card.name, neutral=False)
            where = "; ".join(f"{PLAYER_NAMES[x['owner']]}'s on {on_card(i, x)}" for i, x in built) or \
                "not on the road yet"
        out.append({"id": card.name, "name": CARD_NAMES[card.name], "kind": "player building",
                    "text": _card_text(card, players), "cost": f"{_cubes(card.cost, card.any_cubes)} "
                    f"(worth {card.prestige} prestige)", "owner": None, "where": where,
                    "aliases": (card.title,), "glyphs": glyphs.card(card)})
    for i, x in enumerate(road):
        if x["owner"] is not None:
            card = _PLAYER_CARD[x["card"]]
            owner = PLAYER_NAMES[x["owner"]]
            out.append({"id": f"{COLOURS[x['owner']]}_{card.name}", "name": f"{owner}'s {CARD_NAMES[card.name]}",
                        "kind": "player building", "text": _card_text(card, players),
                        "cost": f"{_cubes(card.cost, card.any_cubes)} (worth {card.prestige} prestige)",
                        "owner": owner, "where": on_card(i, x), "glyphs": glyphs.card(card)})
    for c in NEUTRAL_CARDS:
        card = CARDS[c]
        found = copies(card.name, neutral=True)
        out.append({"id": f"neutral_{card.name}", "name": NEUTRAL_NAMES[card.name], "kind": "neutral building",
                    "text": _card_text(card), "cost": None, "owner": None,
                    "where": on_card(*found[0]) if found else "not in this game",
                    "aliases": (card.name,) if card.name != "peddler" else (),
                    "glyphs": glyphs.card(card, neutral=True)})
    available = set(view["prestige_available"])
    for p in PRESTIGE:
        owner = None
        if p.standard_only and not standard:
            where = "not used in the beginner rules"
        elif p.name in available:
            where = "available"
        else:
            where = "built"
            for i, x in enumerate(road):
                if x["face"] == p.name:
                    owner = PLAYER_NAMES[x["owner"]]
                    where = f"over {owner}'s residence on card {i + 1}"
            for q, seat in enumerate(view["seats"]):
                if p.name in seat["prestige_in_front"]:
                    owner = PLAYER_NAMES[q]
                    where = f"in front of {owner}"
        text = ("Built over one of its builder's residences (that residence then gives no income)" if standard
                else "Built in front of its builder")
        text += (f"; worth {p.prestige} prestige at the end. Its gold must be paid in gold (elsewhere gold may "
                 f"stand for any cube).")
        if p.name == "hotel":
            text += " Its owner gets 1 more denier of income every turn."
        out.append({"id": p.name, "name": p.title, "kind": "prestige building", "text": text,
                    "cost": _cubes(p.cost), "owner": owner, "where": where,
                    "glyphs": glyphs.prestige(p, income=1 if p.name == "hotel" else 0)})
    residences = [f"{PLAYER_NAMES[x['owner']]}'s on card {i + 1}" for i, x in enumerate(road)
                  if x["face"] == "residence"]
    out.append({"id": "residence", "name": "Residence", "kind": "residential building",
                "text": f"A card its owner's Lawyer worker turned over: 1 more denier of income every turn, worth "
                        f"{RESIDENCE_PRESTIGE} prestige; a prestige building may cover it. No worker goes on it.",
                "cost": f"{_cubes(RESIDENCE_COST)} at a Lawyer", "owner": None,
                "where": "; ".join(residences) or ("none yet" if standard else "not used in the beginner rules"),
                "glyphs": glyphs.RESIDENCE})
    castle = view["castle"]
    out.append({"id": "castle", "name": "Castle", "kind": "castle",
                "text": f"In phase 5, in passing order, each player may give batches ({_cubes(BATCH_COST)}, gold is "
                        f"wild) for castle tokens: dungeon tokens ({SECTION_VALUE[0]} points) first, then walls "
                        f"({SECTION_VALUE[1]}), then towers ({SECTION_VALUE[2]}). The most batches earns 1 gold; if "
                        f"nobody gives one, 2 tokens leave the game. The game ends once no token is left.",
                "cost": None, "owner": None,
                "where": "tokens left: " + ", ".join(f"{castle[s]} {s}" for s in SECTIONS)})
    return out


# -- events -------------------------------------------------------------------------------------------------------

def _card_words(ev: dict) -> str:
    """An event's card (with its owner): 'the Park', "Red's Market"."""
    name = ev["card"]
    owner = ev.get("owner")
    if owner is None:
        return f"the {NEUTRAL_NAMES.get(name, name)}"
    return f"{PLAYER_NAMES[owner]}'s {CARD_NAMES.get(name, name)}"


def _who(player) -> str:
    return PLAYER_NAMES[player] if isinstance(player, int) else ""


def _names(seats) -> str:
    names = [PLAYER_NAMES[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _card_list(cards) -> str:
    return ", ".join(CARD_NAMES.get(c, c) for c in cards)


def event(view: dict, ev: dict) -> str:
    """The log line for an engine event (docs/events.md, Magna Carta), as the seat of `view` got it: a card drawn by
    another seat is not named (the engine leaves it out of that seat's events)."""
    say = _EVENT_WORDS.get(ev["kind"])
    return say(_who(ev.get("player")), ev) if say else plain_event(ev, GLOSSARY["players"])


def _draw_event(who: str, ev: dict) -> str:
    cards = ev.get("cards")
    text = f"{who} draws {_amount(ev['count'], 'card')}"
    return text + (f": {_card_list(cards)}" if cards else "")


def _provost_event(who: str, ev: dict) -> str:
    if not ev["by"]:
        return f"{who} leaves the provost where he is"
    return (f"{who} moves the provost {_amount(abs(ev['by']), 'card')} {'forward' if ev['by'] > 0 else 'back'} "
            f"({_amount(ev['paid'], 'denier')})")


def _prestige_event(who: str, ev: dict) -> str:
    title = PRESTIGE[PRESTIGE_BY_NAME[ev["building"]]].title if ev["building"] in PRESTIGE_BY_NAME else ev["building"]
    text = f"{who} builds the {title} for {amounts_text(ev['cost'])}"
    if ev.get("in_front"):
        return text + " (in front of them)"
    if ev.get("covers"):
        return text + f" over their residence, once the {CARD_NAMES.get(ev['covers'], ev['covers'])}"
    return text


def _game_over_event(who: str, ev: dict) -> str:
    scores = ", ".join(f"{PLAYER_NAMES[s]} {score}" for s, score in enumerate(ev["scores"]))
    winners = ev["winners"]
    return f"Game over: {_names(winners)} {'wins' if len(winners) == 1 else 'share the victory'} ({scores})"


_DECLINED = {"buy": "buys nothing", "sell": "sells nothing", "swap": "swaps nothing", "bank": "buys no gold",
             "church": "buys no castle token", "lawyer": "makes no residence"}


_EVENT_WORDS = {
    "phase": lambda who, ev: f"Turn {ev['turn']}: {PHASE_WORDS.get(ev['phase'], ev['phase'])}",
    "draw": _draw_event,
    "reshuffle": lambda who, ev: f"{who} shuffles {_amount(ev['count'], 'card')} of their discard pile into a new "
    f"pile",
    "income": lambda who, ev: f"{who} collects {_amount(ev['deniers'], 'denier')}",
    "produce": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} from {_card_words(ev)}",
    "owner_bonus": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} as the owner of {_card_words(ev)}",
    "residence": lambda who, ev: f"{who}'s {CARD_NAMES.get(ev['card'], ev['card'])}"
    + (f" (card {ev['road_index'] + 1})" if ev.get("road_index") is not None else "") + " becomes a residence",
    "most_batches": lambda who, ev: f"{who} gave the most batches ({ev['batches']}) and takes "
    f"{amounts_text(ev['gain'])}",
    "tokens_removed": lambda who, ev: f"Nobody gave a batch: {amounts_text(ev['tokens'])} leave the game",
    "provost_advance": lambda who, ev: f"The provost moves on to card {ev['to'] + 1}" if ev["to"] != ev["start"]
    else "The provost stays at the end of the road",
    "first_player": lambda who, ev: f"{who} is the first player",
    "end_bonus": lambda who, ev: f"{who} scores {ev['total']} prestige at the end ("
    + ", ".join(f"{n} for {part}" for part, n in ev["parts"].items()) + ")",
    "game_over": _game_over_event,
    "redraw": lambda who, ev: f"{who} discards their opening hand ({_card_list(ev['discarded'])})" if ev["redraw"]
    else f"{who} keeps their opening hand",
    "pass": lambda who, ev: f"{who} passes" + (f" first and takes {_amount(ev['deniers'], 'denier')}"
                                              if ev.get("deniers") else ""),
    "place": lambda who, ev: f"{who} places a worker on {_card_words(ev)} ({_amount(ev['paid'], 'denier')})",
    "build": lambda who, ev: f"{who} builds the {CARD_NAMES.get(ev['card'], ev['card'])}"
    + (f" at card {ev['road_index'] + 1}" if ev.get("road_index") is not None else "") + f" for {amounts_text(ev['cost'])}" + (f" and {_amount(ev['any_cubes'], 'cube')} of their choice"
                                         if ev.get("any_cubes") else ""),
    "draw_action": lambda who, ev: f"{who} pays {_amount(ev['paid'], 'denier')} to draw a card",
    "replace": lambda who, ev: f"{who} pays {_amount(ev['paid'], 'denier')} and discards their hand "
    f"({_card_list(ev['discarded'])})",
    "prestige_building": _prestige_event,
    "cover": lambda who, ev: f"{who} puts the {PRESTIGE[PRESTIGE_BY_NAME[ev['building']]].title} over their "
    f"residence, once the {CARD_NAMES.get(ev['card'], ev['card'])}" if ev["building"] in PRESTIGE_BY_NAME
    else plain_event(ev, GLOSSARY["players"]),
    "pay": lambda who, ev: f"{who} pays 1 {ev['cube']}",
    "provost": _provost_event,
    "trade": lambda who, ev: f"{who} pays {amounts_text(ev['paid'])} for {amounts_text(ev['gain'])} at "
    f"{_card_words(ev)}",
    "lawyer": lambda who, ev: f"{who} pays {amounts_text(ev['paid'])} at {_card_words(ev)} to turn their "
    f"{CARD_NAMES.get(ev['target'], ev['target'])} into a residence"
    + (" once its worker has worked" if ev.get("delayed") else ""),
    "decline": lambda who, ev: f"{who} {_DECLINED.get(ev['decision'], 'declines')} at {_card_words(ev)}",
    "batch": lambda who, ev: f"{who} gives the castle a batch ({amounts_text(ev['cost'])}) for "
    f"{amounts_text(ev['tokens'])}",
    "castle_done": lambda who, ev: f"{who} is done at the castle ({_amount(ev['batches'], 'batch')})",
}


WORDS = Words(action=action, decision=decision, buildings=buildings, event=event, glossary=GLOSSARY)
