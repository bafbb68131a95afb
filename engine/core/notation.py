"""What every ruleset's move notation shares.

Numbers in notation are ASCII digits only. `str.isdigit()` also accepts `²` or `١` and `int()` then
either raises (superscripts) or reads a digit the player never meant; `re`'s `\\d` matches every
script's digits. Parsers use `is_number` and `[0-9]` instead (tests/architecture checks for both).
"""
from __future__ import annotations

_DIGITS = frozenset("0123456789")


def is_number(token: str, max_digits: int | None = None) -> bool:
    """True for a non-empty run of ASCII digits, at most `max_digits` long."""
    return bool(token) and all(ch in _DIGITS for ch in token) and (max_digits is None or len(token) <= max_digits)
