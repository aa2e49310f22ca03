"""Actions and their text tokens.

Every decision a player makes is one `Action`. Each edition declares the finite set of all its actions once,
at import time (`ActionSet`); the engine hands out those same interned objects, so comparing actions is cheap
and `parse(str(a)) is a` always holds. What an action means depends on the decision being asked (the top of the
pending-decision stack): `pass` declines whatever is being offered.
"""

from __future__ import annotations

import re

from .errors import IllegalAction, shown


class Action:
    """One decision, named by a stable token such as ``place:inn`` or ``provost:-2``; interned per edition.

    ``verb`` is the part before the colon, ``arg`` the parsed part after it (a string or an int), or None.
    Equality is identity: each edition's `ActionSet` makes every action once and `parse` maps any token (or a
    foreign `Action`) to that object, so `in` over a list of legal actions stays a fast C-level scan.
    """

    __slots__ = ("token", "verb", "arg", "index")

    def __init__(self, token: str, verb: str, arg=None, index: int = -1):
        self.token = token
        self.verb = verb
        self.arg = arg
        self.index = index  # position in the edition's ActionSet: a stable integer id for learning code

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Action({self.token!r})"


class ActionSet:
    """The complete, ordered universe of an edition's actions.

    ``index`` of an action is its position here, which gives a fixed-size action space for learning code
    (OpenSpiel's ``num_distinct_actions``).
    """

    def __init__(self, edition: str):
        self.edition = edition
        self._by_token: dict[str, Action] = {}
        self._all: list[Action] = []
        self._never: dict[str, str] = {}  # well-formed tokens the rules never allow, with the reason

    def add(self, token: str, arg=None) -> Action:
        """Declare the action named `token` (``verb`` or ``verb:arg``); `arg` overrides the parsed argument."""
        verb, sep, text = token.partition(":")
        if arg is None and sep:
            arg = int(text) if re.fullmatch(r"[+-]?\d+", text) else text
        if token in self._by_token:
            return self._by_token[token]
        act = Action(token, verb, arg, len(self._all))
        self._by_token[token] = act
        self._all.append(act)
        return act

    def never(self, token: str, reason: str) -> None:
        """Name a token that reads like a move but the rules never allow (``place:statue``), and why."""
        self._never[token] = reason

    def __getitem__(self, token: str) -> Action:
        try:
            return self._by_token[token]
        except (KeyError, TypeError):
            raise IllegalAction(f"{_token_text(token)}: not an action of edition {self.edition!r}") from None

    def __iter__(self):
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)

    def __contains__(self, token: str) -> bool:
        return isinstance(token, str) and token in self._by_token

    def by_index(self, index: int) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._all):
            raise IllegalAction(f"no action with index {shown(index)} in edition {self.edition!r} "
                                f"(indices 0-{len(self._all) - 1})")
        return self._all[index]

    def parse(self, token) -> Action:
        """The action a token names; `IllegalAction` if the token is malformed or unknown in this edition."""
        if isinstance(token, Action):
            try:
                act = self._by_token.get(token.token)
            except Exception:  # an Action made by hand, whose token is not text
                act = None
            if act is None:
                raise IllegalAction(f"{_token_text(getattr(token, 'token', None))}: not an action of edition "
                                    f"{self.edition!r}")
            return act
        if not isinstance(token, str):
            raise IllegalAction(f"{shown(token)}: an action must be an Action or its text token, "
                                f"not {type(token).__name__}")
        text = str.strip(token)  # str.strip: a str subclass cannot change what stripping means
        act = self._by_token.get(text)
        if act is not None:
            return act
        # Be forgiving about the sign of small numbers: "provost:2" means "provost:+2".
        if ":" in text:
            verb, _, arg = text.partition(":")
            if arg.isdigit():
                act = self._by_token.get(f"{verb}:+{arg}")
                if act is not None:
                    return act
        if not text:
            raise IllegalAction("empty action token")
        if text in self._never:
            raise IllegalAction(f"{text}: {self._never[text]}")
        shown_text = _token_text(text)
        verb = text.partition(":")[0]
        known = sorted({a.verb for a in self._all})
        if verb not in known:
            raise IllegalAction(f"{shown_text}: unknown action {shown(verb)} (known: {', '.join(known)})")
        args = [a.token.partition(":")[2] for a in self._all if a.verb == verb and ":" in a.token]
        if not args:
            raise IllegalAction(f"{shown_text}: {verb!r} takes no argument")
        shown_args = ", ".join(args[:12]) + (", ..." if len(args) > 12 else "")
        raise IllegalAction(f"{shown_text}: {verb!r} takes no such argument in edition {self.edition!r} "
                            f"(it takes: {shown_args})")


def _token_text(text) -> str:
    """A token as a message shows it: as typed if it is short and printable, else quoted and cut short."""
    if isinstance(text, str) and text.isprintable() and len(text) <= 60:
        return text
    return shown(text)
