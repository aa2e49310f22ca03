"""Plain words for what a player sees: the front door to each edition's `words` module.

Every function takes a view (`Game.view(player)`, which names its edition), so a client that holds only a view (the
browser, over the server) can use them. A value that is not such a view raises `BadOption`, an unknown token
`IllegalAction`; nothing here changes a game.
"""

from __future__ import annotations

import difflib
import re


from .edition import Edition, Words
from .errors import BadOption, CaylusError, shown
from .registry import get_edition


def describe_action(view: dict, token) -> str:
    """What choosing `token` (an `Action` or its text) does in the position `view` shows, in plain words:
    ``"Place a worker on the Sawmill (2 deniers)"``. A token that does not answer the decision being asked is
    described without the position's costs."""
    edition, words = _words("describe_action", view)
    action = edition.actions.parse(token)
    return _call("describe_action", words.action, view, action)


def describe_decision(view: dict) -> str:
    """What the player to move is being asked, in plain words (``"Blue: place a worker or pass (...)"``)."""
    _, words = _words("describe_decision", view)
    return _call("describe_decision", words.decision, view)


def describe_building(view: dict, name) -> dict:
    """A building, special building, card, character or monument by its id or its name (any case; spaces,
    underscores and hyphens alike): ``{"id", "name", "kind", "text", "cost", "owner", "where"}``, `text` saying
    what it does and `where`/`owner` where it is in this view; and ``glyphs`` (its cost and effect as pictures
    for a board, docs/glyphs.md) where the edition draws them. An unknown name raises `BadOption` naming the
    closest ones."""
    _, words = _words("describe_building", view)
    if not isinstance(name, str) or not name.strip():
        raise BadOption(f"describe_building: a building's name is non-empty text, not {shown(name)}")
    entries = _call("describe_building", words.buildings, view)
    index = _index(entries)
    key = _key(name)
    found = index.get(key) or index.get(key.removeprefix("the_"))
    if found is not None:
        entry = {k: found[k] for k in ("id", "name", "kind", "text", "cost", "owner", "where")}
        if "glyphs" in found:  # what a board draws inside the tile (docs/glyphs.md), where the edition gives it
            entry["glyphs"] = found["glyphs"]
        return entry
    close = difflib.get_close_matches(key, list(index), n=4, cutoff=0.6)
    names = list(dict.fromkeys(index[k]["name"] for k in close))
    hint = f" (did you mean {', '.join(names)}?)" if names else " (caylus.building_names(view) lists them all)"
    raise BadOption(f"{view['edition']} has no building, card or character called {shown(name)}{hint}")


def building_names(view: dict) -> list[str]:
    """Every name `describe_building` explains in this view's edition, for completion."""
    _, words = _words("building_names", view)
    return [entry["name"] for entry in _call("building_names", words.buildings, view)]


def describe_event(view: dict, event) -> str:
    """The log line for one engine event (a plain dict with a ``kind``), as the seat of `view` may read it."""
    _, words = _words("describe_event", view)
    if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
        raise BadOption(f"describe_event: an event is a dict with a 'kind', not {shown(event)}")
    return _call("describe_event", words.event, view, event)


def glossary(edition_or_view) -> dict:
    """Short plain names for an edition (its id, or a view of it): ``resources`` (token name -> name), ``money``,
    ``points``, ``phases`` (the view's phase -> name), ``players`` and, where the edition has one, ``favor_lines``."""
    if isinstance(edition_or_view, str):
        edition = get_edition(edition_or_view)
        if edition.words is None:
            raise BadOption(f"edition {edition.id!r} has no words")
        words = edition.words
    else:
        _, words = _words("glossary", edition_or_view)
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, (list, tuple)) else v)
            for k, v in words.glossary.items()}


def plain_event(event: dict, player_names) -> str:
    """Any event in generic words, for a kind an edition has no sentence for: "Blue: produce (building sawmill;
    gain 2 wood)". Editions use it as their fallback, so a new event kind never goes unlogged."""
    player = event.get("player")
    who = player_names[player] if isinstance(player, int) and 0 <= player < len(player_names) else None
    details = "; ".join(f"{key.replace('_', ' ')} {_plain_value(value)}" for key, value in event.items()
                        if key not in ("kind", "player"))
    text = event["kind"].replace("_", " ")
    return (f"{who}: " if who else "") + text + (f" ({details})" if details else "")


# Event amounts that are counted things: name -> (one, several).
_COUNTED = {"deniers": ("denier", "deniers"), "workers": ("worker", "workers"), "favors": ("favor", "favors"),
            "any_cubes": ("cube of their choice", "cubes of their choice"),
            "any_resources": ("resource of their choice", "resources of their choice"),
            "dungeon": ("dungeon token", "dungeon tokens"), "walls": ("walls token", "walls tokens"),
            "towers": ("towers token", "towers tokens")}


def amounts_text(amounts: dict) -> str:
    """An event's gain or paid dict in words: {"wood": 2, "deniers": 1} -> '2 wood and 1 denier'."""
    parts = [f"{n} {_COUNTED[name][n != 1]}" if name in _COUNTED else f"{n} {name}" for name, n in amounts.items()]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plain_value(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{v} {k}" if isinstance(v, int) else f"{k} {_plain_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain_value(v) for v in value)
    return str(value).replace("_", " ")


# -- helpers ------------------------------------------------------------------------------------------------------

def _words(what: str, view) -> tuple[Edition, Words]:
    if not isinstance(view, dict) or not isinstance(view.get("edition"), str):
        raise BadOption(f"{what} needs a view from Game.view(player), not {shown(view)}")
    edition = get_edition(view["edition"])
    if edition.words is None:
        raise BadOption(f"edition {edition.id!r} has no words")
    return edition, edition.words


def _call(what: str, function, *args):
    """Call an edition's words; a view it cannot read (a key missing, a value of the wrong type) is `BadOption`."""
    try:
        return function(*args)
    except CaylusError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        raise BadOption(f"{what}: not a view that Game.view returns ({type(exc).__name__} {shown(exc)})") from None


def _key(name: str) -> str:
    """A name as lookups compare it: lower case, every run of spaces, underscores, hyphens or quotes one '_'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _index(entries: list[dict]) -> dict[str, dict]:
    """Each entry under its id, its name and its aliases (the first entry keeps a key two of them share)."""
    index: dict[str, dict] = {}
    for entry in entries:
        for name in (entry["id"], entry["name"], *entry.get("aliases", ())):
            index.setdefault(_key(name), entry)
    return index


__all__ = ["building_names", "describe_action", "describe_building", "describe_decision",
           "describe_event", "glossary"]
