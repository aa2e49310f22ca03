"""Caylus 1303 in plain words: every action, decision, building, character and event as a player reads it.

Everything here reads a view (`Game.view`), never the board, so that a client holding only a view can use it.
What a building or character does is written from the rulebook (shared/rules/caylus-1303-rules.md) and the
catalog's figures (shared/reference/caylus-1303.md); no third-party imports.
"""

from __future__ import annotations

from caylus.core.edition import Words
from caylus.core.words import amounts_text, plain_event

from . import glyphs
from .catalog import (
    ARCHITECT_BONUS, BUILD_STONE, BUILD_STONE_NO_STONE, BUILD_WOOD, BUNDLE_PRESTIGE, BUNDLES, CHARACTERS,
    DAY_LABORER_BONUS, FAVOR, FOREMAN_BONUS, GAIN, GOLD, GOLDSMITH_BONUS, LAWYER, MONUMENT, OFFER, OFFERS,
    OWNER_PRESTIGE, PLAYER_NAMES, PRINTED, RESOURCES, STARTING, STEWARD_PRESTIGE, STONE, STONE_BUILDING, TILE_ID,
    TILES, TOLL, WOOD_BUILDING, site_slots_open,
)
from .rules import DECISION_NAMES, PHASE_NAMES

# -- names ------------------------------------------------------------------------------------------------------

# Tile key -> the name a player reads; unique, so that `help <name>` finds one tile (several tiles share a title).
TILE_NAMES = {
    "fairground": "Fairground", "lawyer": "Lawyer", "carpenter": "Carpenter", "toll": "Toll",
    "starting_farm_1": "Starting Farm", "starting_farm_2": "second Starting Farm",
    "starting_sawmill": "Starting Sawmill", "starting_quarry": "Starting Quarry",
    "starting_carpenter": "Starting Carpenter", "starting_market_1": "Starting Market",
    "starting_market_2": "second Starting Market", "starting_guild_any": "Starting Guild",
    "starting_guild_stone": "Starting Stone Guild",
    "wood_covered_market": "Covered Market", "wood_manor": "Manor", "wood_stonemason": "Stonemason",
    "wood_quarry": "Wood Quarry", "wood_sawmill": "Wood Sawmill", "wood_farm": "Wood Farm",
    "wood_spinning_mill": "Spinning Mill", "wood_market": "Wood Market", "wood_tailor": "Tailor",
    "stone_quarry": "Stone Quarry", "stone_sawmill": "Stone Sawmill", "stone_farm": "Stone Farm",
    "stone_gold_mine": "Gold Mine", "stone_foundry": "Foundry", "stone_alchemist": "Alchemist",
    "stone_guild": "Stone Guild", "stone_church": "Church", "stone_jeweler": "Jeweler",
    "garden": "Garden", "granary": "Granary", "factory": "Factory", "theater": "Theater", "statue": "Statue",
    "cathedral": "Cathedral", "mansion": "Mansion",
}
assert set(TILE_NAMES) == set(TILE_ID)
CHARACTER_NAMES = {c: c.replace("_", " ").title() for c in CHARACTERS}
CHARACTER_TEXT = {
    "early_riser": "Before the first player's turn in Planning, you may place 1 worker, returning 1 more worker "
                   "to the camp.",
    "night_worker": "Once another player has passed, your workers still cost you only 1 to place.",
    "journeyman": "Once a round, you may place a worker on a building where another player's worker stands alone; "
                  "yours works after theirs.",
    "thief": "Your workers on other players' buildings give their owners no prestige.",
    "steward": f"When another player places a worker on one of your buildings, you gain {STEWARD_PRESTIGE} "
               f"prestige (instead of {OWNER_PRESTIGE}).",
    "bailiff": "After the Guilds Bridge in Activation, you may move the provost 1 step either way, free.",
    "architect": f"+{ARCHITECT_BONUS} prestige for each wood building, stone building or monument you construct.",
    "deliveryman": "You may deliver bundles at the construction site without a worker there, after everyone else.",
    "foreman": f"+{FOREMAN_BONUS} prestige for each bundle you deliver.",
    "chamberlain": "Your bundles may be any 3 resources, not only 3 different ones with food.",
    "goldsmith": f"Once a round, +{GOLDSMITH_BONUS} prestige for a bundle with gold in it.",
    "day_laborer": f"+{DAY_LABORER_BONUS} worker at Recruitment.",
}
assert set(CHARACTER_TEXT) == set(CHARACTERS)
KIND_WORDS = ("printed building", "starting building", "wood building", "stone building", "monument")
PHASE_WORDS = {"draft": "character draft", "planning": "planning", "activation": "activation",
               "delivery": "delivery at the construction site", "stewardship": "stewardship", "over": "game over"}
assert set(PHASE_WORDS) == set(PHASE_NAMES)

GLOSSARY = {
    "resources": {r: r for r in RESOURCES},
    "money": "workers",
    "points": "prestige points",
    "phases": PHASE_WORDS,
    "players": list(PLAYER_NAMES),
    "characters": CHARACTER_NAMES,
}


def _amount(count: int, word: str) -> str:
    """'1 worker', '3 workers', '2 food' (resources and prestige take no plural)."""
    if word.split()[-1] in ("worker", "step", "bundle", "resource", "house", "space"):
        return f"{count} {word if count == 1 else word + 's'}"
    return f"{count} {word}"


def _resources(amounts) -> str:
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(amounts) if n)


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _seat(view: dict, name: str) -> int:
    return PLAYER_NAMES.index(name)


def _top(view: dict):
    """The decision being asked: (kind, player name, a, b), or None once the game is over."""
    stack = view["flow"]["stack"]
    if not stack:
        return None
    d = stack[-1]
    return DECISION_NAMES.index(d["decision"]), d["player"], d["a"], d["b"]


def _slots(view: dict):
    """(label, slot dict) for every building space: the printed buildings, then the Road."""
    for slot in view["printed"]:
        yield "before the Guilds Bridge", slot
    for r, slot in enumerate(view["road"]):
        yield f"road space {r + 1}", slot


def _find(view: dict, key: str):
    """(label, slot) of a tile on the board, or None."""
    for label, slot in _slots(view):
        if slot["building"] == key:
            return label, slot
    return None


def _holder(view: dict, character: str):
    """The player name holding a character, or None."""
    where = view["characters"][character]
    return where if where in PLAYER_NAMES else None


# -- effects ------------------------------------------------------------------------------------------------------

def _offer_words(o) -> str:
    """'Spend 1 fabric for 4 prestige', 'Return 1 worker to the camp to take 1 food', 'Take 1 wood'."""
    pay = []
    if any(o.cost):
        pay.append("spend " + _resources(o.cost))
    if o.any_cost:
        pay.append(f"spend {_amount(o.any_cost, 'resource')} of your choice (not gold)")
    if o.workers_back:
        pay.append(f"return {_amount(o.workers_back, 'worker')} to the camp")
    get = []
    if any(o.gain):
        get.append(_resources(o.gain))
    if o.workers:
        get.append(f"{_amount(o.workers, 'worker')} from the camp")
    if o.prestige:
        get.append(f"{o.prestige} prestige")
    if o.favor:
        get.append("a favor")
    gains = " and ".join(get)
    if not pay:
        return f"Take {gains}"
    return f"{' and '.join(pay).capitalize()} for {gains}"


def _offers_text(offers) -> str:
    """The answers of an offer in one phrase; one answer per resource reads 'spend 1 food, wood, stone or fabric
    for 3 workers from the camp'."""
    verbs = {o.token.partition(":")[0] for o in offers}
    if len(offers) > 1 and verbs <= {"spend", "take"} and len(verbs) == 1:
        kinds = [o.token.partition(":")[2] for o in offers]
        text = _offer_words(offers[0]).replace(f"1 {kinds[0]}", f"1 {_or_list(kinds)}", 1)
    else:
        text = _or_list([_offer_words(o)[0].lower() + _offer_words(o)[1:] for o in offers])
    return text[0].lower() + text[1:]


def _effect_words(effect) -> str:
    """What using an effect does, in a sentence without its final stop."""
    code = effect.code
    if code == GAIN:
        parts = []
        if any(effect.gain):
            parts.append(_resources(effect.gain))
        if effect.workers:
            parts.append(f"{_amount(effect.workers, 'worker')} from the camp")
        text = "take " + " and ".join(parts) if parts else ""
        if effect.prestige:
            text += (" and gain " if text else "gain ") + f"{effect.prestige} prestige"
        return text
    if code == OFFER:
        table = OFFERS[effect.offer]
        text = _offers_text(table.offers)
        return text if table.optional else text + " (one of them)"
    if code == LAWYER:
        return ("put one of your houses on a starting building without one, for 1 fabric; at Stewardship it "
                "becomes your residence (1 more worker at every Recruitment)")
    if code == BUILD_WOOD:
        return "construct a wood building, paying its cost, on the first empty road space"
    if code == BUILD_STONE:
        return "construct a stone building, paying its cost, on the first empty road space"
    if code == BUILD_STONE_NO_STONE:
        return "construct a stone building without paying its stone, on the first empty road space"
    if code == TOLL:
        return "move the provost 1 or 2 steps either way, free"
    if code == FAVOR:
        return "take a favor"
    return ""


def _worker_text(effect) -> str:
    """'its worker takes 1 food' (a gain is not optional), 'its worker may construct ...'."""
    words = _effect_words(effect)
    if effect.code == GAIN:
        return "its worker " + words.replace("take ", "takes ", 1).replace("gain ", "gains ", 1)
    return "its worker may " + words


def _tile_text(tile) -> str:
    if tile.kind == MONUMENT:
        text = "Built at Stewardship over one of its builder's residences"
        if tile.recruit_workers:
            text += f"; {_amount(tile.recruit_workers, 'more worker')} at every Recruitment"
        if any(tile.recruit):
            text += f"; {_resources(tile.recruit)} at every Recruitment"
        if tile.favor:
            text += "; a favor when built"
        return text + ". No worker goes on it."
    setup, construction = tile.setup, tile.construction
    if tile.kind in (PRINTED, STARTING) or setup == construction:
        text = _worker_text(setup)
        text = text[0].upper() + text[1:] + "."
    else:
        text = f"Construction side: {_worker_text(construction)}. Setup side: {_worker_text(setup)}."
    if tile.kind == STARTING:
        text += " The Lawyer can make it a residence."
    if tile.owner_bonus >= 0:
        text += f" When another player's worker uses it, its owner takes 1 {RESOURCES[tile.owner_bonus]}."
    return text


def _cost_text(tile, pay_stone: bool = True) -> str:
    cost = list(tile.cost)
    if not pay_stone and cost[STONE]:
        cost[STONE] -= 1
    text = _resources(cost)
    if tile.wild:
        text += (", " if text else "") + f"{_amount(tile.wild, 'resource')} of your choice (not gold)"
    return text or "nothing"


def _prestige(view: dict, player: str, tile) -> int:
    return tile.prestige + (ARCHITECT_BONUS if _holder(view, "architect") == player else 0)


def _side_effect(view: dict, slot) -> str:
    key = (slot["building"], slot.get("side") == "construction")
    words = _SIDE_WORDS.get(key)
    if words is None:
        tile = TILES[TILE_ID[slot["building"]]]
        words = _SIDE_WORDS[key] = _effect_words(tile.construction if key[1] else tile.setup)
    return words


# The words of a tile's side depend on the printed tile alone: made once each (a placement's words, asked for every
# legal placement of every state a server sends, spent most of their time making them again).
_SIDE_WORDS: dict = {}


# -- actions ------------------------------------------------------------------------------------------------------

_ANSWERS = {
    "draft": ("character",), "early_riser": ("place", "pass"), "plan": ("place", "pass"),
    "offer": ("spend", "take", "gold", "prestige", "pass"), "pay": ("spend",), "lawyer": ("lawyer", "pass"),
    "build": ("build", "pass"), "provost": ("provost", "pass"), "favor": ("character", "site"),
    "board_character": ("character", "pass"), "deliver": ("bundle", "pass"), "monument": ("monument", "pass"),
}
assert set(_ANSWERS) == set(DECISION_NAMES)


def action(view: dict, act) -> str:
    top = _top(view)
    if top is not None and act.verb in _ANSWERS[DECISION_NAMES[top[0]]]:
        return _answer(view, act, *top)
    return _plain(act)


def _plain(act) -> str:
    verb, arg, token = act.verb, act.arg, act.token
    if verb == "pass":
        return "Pass"
    if verb == "place":
        if token == "place:construction_site":
            return "Place a worker on the construction site"
        return f"Place a worker on the {TILE_NAMES[TILES[arg].key]}"
    if verb == "character":
        return f"Take the {CHARACTER_NAMES[CHARACTERS[arg]]}"
    if verb == "provost":
        return f"Move the provost {_amount(abs(arg), 'step')} {'forward' if arg > 0 else 'back'}"
    if verb == "lawyer":
        return f"Put a house on the {TILE_NAMES[TILES[arg].key]} (1 fabric): your future residence"
    if verb == "build":
        tile = TILES[arg]
        return f"Build the {TILE_NAMES[tile.key]} (pay {_cost_text(tile)}; +{tile.prestige} prestige)"
    if verb == "spend":
        return f"Spend 1 {RESOURCES[arg]}"
    if verb == "take":
        return f"Take 1 {token[5:]}"
    if verb == "gold":
        return f"Take {arg} gold (Foundry: return {_amount(1 if arg == 1 else 3, 'worker')}; Alchemist: spend " \
               f"{_amount(arg, 'resource')})"
    if verb == "prestige":
        return f"Gain {arg} prestige at the Tailor, Church or Jeweler"
    if verb == "site":
        return f"Use construction site building {arg} with your favor"
    if verb == "bundle":
        name, counts, _normal = BUNDLES[arg]
        return f"Deliver a bundle of {_resources(counts)} (+{BUNDLE_PRESTIGE} prestige)"
    if verb == "monument":
        tile = TILES[arg]
        return f"Build the {TILE_NAMES[tile.key]} over a residence (pay {_cost_text(tile)}; +{tile.prestige} prestige)"
    return token


def _answer(view: dict, act, kind: int, who: str, a, b) -> str:
    name = DECISION_NAMES[kind]
    verb, arg = act.verb, act.arg
    if verb == "pass":
        return _pass_words(view, name, who)
    if verb == "place":
        return _place_words(view, act, who, early=name == "early_riser")
    if verb == "character":
        character = CHARACTERS[arg]
        title = CHARACTER_NAMES[character]
        if name == "favor":
            return f"Take the {title} from {view['characters'][character]}: {CHARACTER_TEXT[character]}"
        if name == "board_character":
            return f"Take the {title} from the board: {CHARACTER_TEXT[character]}"
        return f"Choose the {title}: {CHARACTER_TEXT[character]}"
    if verb == "provost":
        where = view["provost"] + arg
        reach = f"road spaces 1-{where} will work" if where > 0 else "no road building will work"
        cost = f"return {_amount(abs(arg) * b, 'worker')} to the camp" if b else "free"
        return f"Move the provost {_amount(abs(arg), 'step')} {'forward' if arg > 0 else 'back'} ({cost}; {reach})"
    if verb == "lawyer":
        found = _find(view, TILES[arg].key)
        where = f" on {found[0]}" if found else ""
        return (f"Put a house on the {TILE_NAMES[TILES[arg].key]}{where} (pay 1 fabric): at Stewardship it becomes "
                f"your residence")
    if verb == "build":
        tile = TILES[arg]
        pay_stone = bool(b)
        empty = next((r + 1 for r, slot in enumerate(view["road"]) if slot["building"] is None), None)
        where = f" on road space {empty}" if empty else ""
        return (f"Build the {TILE_NAMES[tile.key]}{where} (pay {_cost_text(tile, pay_stone)}; "
                f"+{_prestige(view, who, tile)} prestige)")
    if verb == "spend" and name == "pay":
        more = f" ({a - 1} more to pay)" if a > 1 else ""
        return f"Spend 1 {RESOURCES[arg]}{more}"
    if name == "offer":
        for o in OFFERS[a].offers:
            if o.token == act.token:
                return _offer_words(o) + f" at the {_offer_building(a)}"
    if verb == "site":
        key = view["construction_site"]["buildings"][arg - 1]
        tile = TILES[TILE_ID[key]]
        return f"Use construction site building {arg}, the {TILE_NAMES[key]}: {_effect_words(tile.setup)}"
    if verb == "bundle":
        _name, counts, _normal = BUNDLES[arg]
        gain = BUNDLE_PRESTIGE
        if _holder(view, "foreman") == who:
            gain += FOREMAN_BONUS
        if _holder(view, "goldsmith") == who and counts[GOLD] and not view["goldsmith_used"]:
            gain += GOLDSMITH_BONUS
        return f"Deliver a bundle of {_resources(counts)} (+{gain} prestige)"
    if verb == "monument":
        tile = TILES[arg]
        covered = view["road"][a - len(view["printed"])]["building"]
        return (f"Build the {TILE_NAMES[tile.key]} over your residence, the {TILE_NAMES[covered]} (pay "
                f"{_cost_text(tile)}; +{_prestige(view, who, tile)} prestige{'; a favor' if tile.favor else ''})")
    return _plain(act)


def _offer_building(offer: str) -> str:
    """The building whose effect is that offer ('Starting Guild'; a shared offer names its kind)."""
    names = [TILE_NAMES[t.key] for t in TILES
             if any(e is not None and e.code == OFFER and e.offer == offer for e in (t.setup, t.construction))]
    return names[0] if len(names) == 1 else names[0].replace("second ", "").replace("Starting ", "").replace(
        "Wood ", "")


def _pass_words(view: dict, name: str, who: str) -> str:
    if name == "plan":
        if not view["guilds_bridge"]:
            return "Pass (a house on the Guilds Bridge; you become the first player)"
        return "Pass (a house on the Guilds Bridge; place no more workers this round)"
    return {
        "early_riser": "Do not place a worker early", "offer": "Decline the offer",
        "lawyer": "Put no house", "build": "Build nothing",
        "provost": f"Leave the provost where he is (road spaces 1-{view['provost']} work)" if view["provost"]
        else "Leave the provost where he is",
        "board_character": "Take no character from the board", "deliver": "Deliver no more bundles",
        "monument": "Build no monument on this residence",
    }.get(name, "Pass")


def _place_words(view: dict, act, who: str, early: bool) -> str:
    passed = bool(view["guilds_bridge"])
    cost = 2 if early or (passed and _holder(view, "night_worker") != who) else 1
    price = "1 worker" if cost == 1 else f"{cost} workers: 1 goes back to the camp"
    if act.token == "place:construction_site":
        return f"Place a worker on the construction site to deliver bundles ({price})"
    key = TILES[act.arg].key
    found = _find(view, key)
    notes = [price]
    name = f"the {TILE_NAMES[key]}"
    if found:
        label, slot = found
        owner = slot["owner"]
        if owner is not None and owner != who:
            name = f"{owner}'s {TILE_NAMES[key]}"
            if _holder(view, "thief") != who:
                gain = STEWARD_PRESTIGE if _holder(view, "steward") == owner else OWNER_PRESTIGE
                notes.append(f"{owner} gains {gain} prestige")
        elif owner == who:
            name = f"your {TILE_NAMES[key]}"
        if slot["workers"]:
            notes.append(f"after {slot['workers'][0]}'s worker, as the Journeyman")
        name += f", {label}"
        effect = _side_effect(view, slot)
        return f"Place a worker on {name} ({'; '.join(notes)}): {effect}"
    return f"Place a worker on {name} ({'; '.join(notes)})"


# -- decisions ----------------------------------------------------------------------------------------------------

def decision(view: dict) -> str:
    top = _top(view)
    if top is None:
        scores = view["scores"]
        best = max(scores)
        winners = [PLAYER_NAMES[p] for p, s in enumerate(scores) if s == best]
        return (f"The game is over: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the victory'} "
                f"with {best} prestige")
    kind, who, a, b = top
    name = DECISION_NAMES[kind]
    me = view["seats"][_seat(view, who)]
    if name == "draft":
        return f"{who}: choose your character"
    if name == "early_riser":
        return f"{who}: as the Early Riser, place a worker before the first player (it costs 2 workers), or not"
    if name == "plan":
        passed = bool(view["guilds_bridge"])
        cost = 2 if passed and _holder(view, "night_worker") != who else 1
        return (f"{who}: place a worker or pass (a worker costs {_amount(cost, 'worker')}; you have "
                f"{_amount(me['workers'], 'worker')}; {len(view['guilds_bridge'])} of {view['players']} have passed)")
    if name == "offer":
        offers = _offers_text(OFFERS[a].offers)
        return f"{who}: at the {_offer_building(a)}, {offers}" + ("; or nothing" if OFFERS[a].optional else "")
    if name == "pay":
        return f"{who}: choose a resource to spend (food, wood, stone or fabric; {a} to pay)"
    if name == "lawyer":
        return f"{who}: put a house on a starting building for 1 fabric (Lawyer), or not"
    if name == "build":
        what = "wood building (Carpenter)" if a == WOOD_BUILDING else "stone building (Stonemason)"
        extra = "" if b or a == WOOD_BUILDING else ", without paying its stone"
        return f"{who}: construct a {what}{extra}, or nothing"
    if name == "provost":
        where = {(2, 0): "with the Toll, free", (3, 1): "at the Guilds Bridge, 1 worker a step",
                 (1, 0): "with the Bailiff, free"}.get((a, b), "")
        return (f"{who}: move the provost up to {_amount(a, 'step')} either way {where}, or pass (road spaces "
                f"1-{view['provost']} work now)" if view["provost"] else
                f"{who}: move the provost up to {_amount(a, 'step')} either way {where}, or pass (no road building "
                f"works now)")
    if name == "favor":
        open_sites = site_slots_open(view["round"])
        sites = "construction site building 1" if open_sites == 1 else f"one of construction site buildings 1-{open_sites}"
        return f"{who}: use your favor: take another player's character, or use {sites}"
    if name == "board_character":
        return f"{who}: take a character from the board, or not"
    if name == "deliver":
        late = " (as the Deliveryman, last)" if a else ""
        what = "any 3 resources" if _holder(view, "chamberlain") == who else "3 different resources, one of them food"
        return (f"{who}: deliver bundles at the construction site{late} ({what}; +{BUNDLE_PRESTIGE} prestige each), "
                f"or stop")
    covered = view["road"][a - len(view["printed"])]["building"]
    return f"{who}: build a monument over your residence, the {TILE_NAMES[covered]}, or not"


# -- buildings ----------------------------------------------------------------------------------------------------

def buildings(view: dict) -> list[dict]:
    out = []
    site = view["construction_site"]["buildings"]
    supply = set(view["supply"])
    on_board = {slot["building"]: (label, slot) for label, slot in _slots(view) if slot["building"]}
    for tile in TILES:
        key = tile.key
        owner = None
        if key in on_board:
            label, slot = on_board[key]
            where = label
            if slot.get("side") in ("residence", "monument"):
                where += f" ({slot['side']})"
            # During Activation the first worker may have left before the Journeyman's second one: no name then.
            present = [w for w in slot["workers"] if w]
            if present:
                where += f" (workers: {', '.join(present)})"
            owner = slot["owner"]
        elif key in site:
            where = f"on the construction site (building {site.index(key) + 1})"
        elif key in supply:
            where = "in the supply"
        elif tile.kind == STARTING:
            where = "covered by a monument"
        else:
            where = "out of the game"
        cost = None
        if tile.kind in (WOOD_BUILDING, STONE_BUILDING, MONUMENT):
            builder = {WOOD_BUILDING: "a Carpenter", STONE_BUILDING: "a Stonemason",
                       MONUMENT: "Stewardship, over a residence"}[tile.kind]
            cost = f"{_cost_text(tile)} at {builder} (+{tile.prestige} prestige)"
        out.append({"id": key, "name": TILE_NAMES[key], "kind": KIND_WORDS[tile.kind], "text": _tile_text(tile),
                    "cost": cost, "owner": owner, "where": where, "aliases": (tile.title,) if tile.kind != STARTING
                    else (), "glyphs": glyphs.of(tile)})
    for character in CHARACTERS:
        where = view["characters"][character]
        out.append({"id": character, "name": "The " + CHARACTER_NAMES[character], "kind": "character",
                    "text": CHARACTER_TEXT[character], "cost": None,
                    "owner": where if where in PLAYER_NAMES else None,
                    "where": {"box": "in the box (not in this game)", "board": "on the board",
                              "draft": "being drafted"}.get(where, f"in front of {where}"),
                    "aliases": (CHARACTER_NAMES[character],),
                    "glyphs": {"cost": [], "built": [], "gives": glyphs.CHARACTERS.get(character, [])}})
    site_workers = view["construction_site"]["workers"]
    out.append({"id": "construction_site", "name": "Construction Site", "kind": "board",
                "text": "In Delivery, each worker here, in the order they came, may deliver bundles (3 different "
                        f"resources, one of them food): {BUNDLE_PRESTIGE} prestige each. The most bundles earns a "
                        "favor. Its 3 buildings are used only through favors: the first in rounds 1-3, two in "
                        "rounds 4-6, all three in rounds 7-9.",
                "cost": None, "owner": None,
                "where": "by the castle" + (f" (workers: {', '.join(site_workers)})" if site_workers else "")})
    return out


# -- events -------------------------------------------------------------------------------------------------------

_OFFER_PLACES = {name: _offer_building(name) for name in OFFERS}


def _building_words(building) -> str:
    if building == "construction_site":
        return "the construction site"
    return f"the {TILE_NAMES[building]}" if building in TILE_NAMES else str(building)


def _at(ev: dict) -> str:
    """' on road space 9' (events count Road spaces from 0, as the view's list does)."""
    return f" on road space {ev['space'] + 1}" if ev.get("space") is not None else ""


def _who(player) -> str:
    return PLAYER_NAMES[player] if isinstance(player, int) else ""


def _names(seats) -> str:
    names = [PLAYER_NAMES[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def event(view: dict, ev: dict) -> str:
    """The log line for an engine event (docs/events.md, Caylus 1303); an unknown kind reads in generic words."""
    say = _EVENT_WORDS.get(ev["kind"])
    return say(_who(ev.get("player")), ev) if say else plain_event(ev, GLOSSARY["players"])


def _character_event(who: str, ev: dict) -> str:
    title = f"the {CHARACTER_NAMES[ev['character']]}"
    if ev["source"] == "player":
        return f"{who} takes {title} from {_who(ev['taken_from'])} with a favor"
    if ev["source"] == "board":
        return f"{who} takes {title} from the board"
    return f"{who} chooses {title}"


def _place_event(who: str, ev: dict) -> str:
    text = f"{who} places a worker on {_building_words(ev['building'])}{_at(ev)} ({_amount(ev['paid'], 'worker')}"
    if ev.get("journeyman"):
        text += ", as the Journeyman"
    text += ")"
    if ev.get("owner") is not None and ev.get("owner_prestige"):
        text += f"; {_who(ev['owner'])} gains {ev['owner_prestige']} prestige"
    return text


def _pass_event(who: str, ev: dict) -> str:
    if ev.get("forced"):
        text = f"{who} has no worker left to place and passes"
    else:
        text = f"{who} passes"
    return text + (" and takes the First Player tile" if ev.get("first_player") else "")


def _provost_event(who: str, ev: dict) -> str:
    via = {"toll": " with the Toll", "guilds_bridge": " at the Guilds Bridge", "bailiff": " as the Bailiff"}.get(
        ev.get("via"), "")
    if not ev["by"]:
        return f"{who} leaves the provost where he is{via}"
    paid = f" (returns {_amount(ev['paid'], 'worker')} to the camp)" if ev.get("paid") else ""
    return f"{who} moves the provost {_amount(abs(ev['by']), 'step')} {'forward' if ev['by'] > 0 else 'back'}{via}{paid}"


def _trade_event(who: str, ev: dict) -> str:
    paid = dict(ev["paid"])
    if ev.get("any_resources"):
        paid["any_resources"] = ev["any_resources"]
    paid_text = amounts_text(paid).replace("1 favor", "a favor")
    gain = amounts_text(ev["gain"]).replace("1 favor", "a favor")
    place = _OFFER_PLACES.get(ev["offer"], ev["offer"])
    return f"{who} pays {paid_text} for {gain} at the {place}" if paid else f"{who} takes {gain} at the {place}"


def _build_event(who: str, ev: dict) -> str:
    paid = dict(ev["paid"])
    if ev.get("any_resources"):
        paid["any_resources"] = ev["any_resources"]
    return (f"{who} builds {_building_words(ev['building'])}{_at(ev)} for {amounts_text(paid)} "
            f"(+{ev['prestige']} prestige)")


def _recruit_event(who: str, ev: dict) -> str:
    text = f"{who} recruits {_amount(ev['workers'], 'worker')}"
    if ev.get("gain"):
        text += f" and {amounts_text(ev['gain'])}"
    if ev.get("lost"):
        text += f" ({_amount(ev['lost'], 'worker')} lost: no more in the camp)"
    return text


def _game_over_event(who: str, ev: dict) -> str:
    scores = ", ".join(f"{PLAYER_NAMES[s]} {score}" for s, score in enumerate(ev["scores"]))
    winners = ev["winners"]
    return f"Game over: {_names(winners)} {'wins' if len(winners) == 1 else 'share the victory'} ({scores})"


_DECLINED = {"offer": "does not take the offer", "build": "builds nothing", "lawyer": "puts no house",
             "monument": "builds no monument", "early_riser": "does not place a worker early",
             "board_character": "takes no character from the board"}


def _decline_event(who: str, ev: dict) -> str:
    text = f"{who} {_DECLINED.get(ev['decision'], 'declines')}"
    if ev.get("offer"):
        text += f" at the {_OFFER_PLACES.get(ev['offer'], ev['offer'])}"
    return text


_EVENT_WORDS = {
    "phase": lambda who, ev: f"Round {ev['round']}: {PHASE_WORDS.get(ev['phase'], ev['phase'])}",
    "characters_on_board": lambda who, ev: "On the board: " + ", ".join(
        f"the {CHARACTER_NAMES[c]}" for c in ev["characters"]),
    "residence": lambda who, ev: f"{_building_words(ev['building'])[0].upper()}{_building_words(ev['building'])[1:]}"
    f"{_at(ev)} becomes {who}'s residence",
    "recruit": _recruit_event,
    "provost_reset": lambda who, ev: "The provost goes back before the last building on the road",
    "end_bonus": lambda who, ev: f"{who} scores {ev['total']} prestige at the end (for gold)",
    "game_over": _game_over_event,
    "character": _character_event,
    "place": _place_event,
    "pass": _pass_event,
    "produce": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} from {_building_words(ev['building'])}",
    "activate": lambda who, ev: f"{who} uses {_building_words(ev['building'])}",
    "owner_bonus": lambda who, ev: f"{who} takes {amounts_text(ev['gain'])} as the owner of "
    f"{_building_words(ev['building'])}",
    "not_activated": lambda who, ev: f"{who}'s worker on {_building_words(ev['building'])} goes back to the camp "
    f"unused (beyond the provost)",
    "trade": _trade_event,
    "decline": _decline_event,
    "pay": lambda who, ev: f"{who} spends 1 {ev['resource']}",
    "provost": _provost_event,
    "build": _build_event,
    "lawyer": lambda who, ev: f"{who} puts a house on {_building_words(ev['building'])}{_at(ev)} for "
    f"{amounts_text(ev['paid'])}",
    "favor_site": lambda who, ev: f"{who} uses construction site building {ev['site']}, "
    f"{_building_words(ev['building'])}, with a favor",
    "bundle": lambda who, ev: f"{who} delivers a bundle of {amounts_text(ev['resources'])} (+{ev['prestige']} "
    f"prestige)",
    "deliver_done": lambda who, ev: f"{who} stops delivering ({_amount(ev['bundles'], 'bundle')} this round)",
    "most_bundles": lambda who, ev: f"{who} delivered the most bundles ({ev['bundles']}) and earns a favor",
    "monument": lambda who, ev: f"{who} builds {_building_words(ev['building'])} over the residence "
    f"{_building_words(ev['covers'])[4:]}{_at(ev)} for {amounts_text(ev['paid'])} (+{ev['prestige']} prestige)",
}


WORDS = Words(action=action, decision=decision, buildings=buildings, event=event, glossary=GLOSSARY)
