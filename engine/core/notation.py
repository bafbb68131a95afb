"""What every ruleset's move notation shares.

Numbers in notation are ASCII digits only. `str.isdigit()` also accepts `²` or `١` and `int()` then
either raises (superscripts) or reads a digit the player never meant; `re`'s `\\d` matches every
script's digits. Parsers use `is_number` and `[0-9]` instead (tests/architecture checks for both).
"""
from __future__ import annotations

import re
from typing import Callable, Mapping

from engine.core.types import Action

_DIGITS = frozenset("0123456789")


def is_number(token: str, max_digits: int | None = None) -> bool:
    """True for a non-empty run of ASCII digits, at most `max_digits` long."""
    return bool(token) and all(ch in _DIGITS for ch in token) and (max_digits is None or len(token) <= max_digits)


class Implied(Action):
    """A step the notation implies rather than states: Campaign Trail's short form `97 advertise education` ends
    with an unwritten `done`. A compound move plays it only where it is the seat's one option (nothing is left to
    choose); anywhere else it is passed over and the seat is asked, as the steps typed one by one would leave it.
    It never equals the stated step it stands for, so notation can tell the two apart."""

    def stated(self) -> Action:
        return Action(verb=self.verb, args=self.args)


MAX_MOVE_LENGTH = 2000  # characters of one typed move: anything longer is refused before it is read


def parse_steps(text: str, segment: Callable[[str], list[Action]], empty: str) -> list[Action]:
    """A typed move as its steps: steps are joined with `;` or new lines, each part read by the ruleset's
    `segment`; an over-long or empty move is refused with our typed error (`empty` says what to try)."""
    from engine.core.errors import UnknownAction

    if len(text) > MAX_MOVE_LENGTH:
        raise UnknownAction(f"That move is {len(text)} characters long; the limit is {MAX_MOVE_LENGTH}.",
                            code="too_long")
    actions: list[Action] = []
    for part in text.replace("\n", ";").split(";"):
        if part.strip():
            actions += segment(part.strip())
    if not actions:
        raise UnknownAction(empty, code="malformed")
    return actions


def join_steps(actions: list[Action]) -> str:
    """The steps of a move in notation, `; `-joined: what `parse_steps` reads back."""
    return "; ".join(a.notation() for a in actions)


# ---- states named in a move: by code or by name

def _name_key(text: str) -> str:
    return " ".join(text.replace("_", " ").replace("-", " ").split()).casefold()


def state_code(token: str, names: Mapping[str, str]) -> str | None:
    """The code of the state `token` names, or None. `names` maps each code to its name. A state is named by its
    code or its name, in any case, with `_` or `-` for a space: `TX`, `tx`, `Texas`, `texas`, `new_york`."""
    code = token.strip().upper()
    if code in names:
        return code
    key = _name_key(token)
    return next((c for c, name in names.items() if _name_key(name) == key), None)


def join_state_names(text: str, names: Mapping[str, str]) -> str:
    """`text` with each state name of several words (`New York`, `north carolina`) written as its code, so a move
    split on spaces reads it as one word."""
    for code, name in names.items():
        words = name.split()
        if len(words) > 1:
            pattern = r"(?<![\w])" + r"[\s_-]+".join(map(re.escape, words)) + r"(?![\w])"
            text = re.sub(pattern, code, text, flags=re.IGNORECASE)
    return text
