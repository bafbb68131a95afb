"""Game options as players type them: `name=value` pairs separated by spaces (each game's own names).

The same text works in `/game new options:` and on the command line (`--option`). Values become
ints, booleans or comma lists here; the ruleset's strict options model then checks names and ranges, and
bot/present/option_hints.py words a refusal: the option, what it takes, and every option of the game.
"""
from __future__ import annotations

import re
from typing import Any

MAX_TEXT = 200
_PAIR = re.compile(r"^([a-z_]{1,30})=([A-Za-z0-9_,.-]{1,60})$")
_TRUE = {"on", "true", "yes", "y", "1"}
_FALSE = {"off", "false", "no", "n", "0"}


HELP_NOTE = " (the game's help lists its options)."  # where the game is not known yet: `/game help` lists them


class OptionTextError(ValueError):
    """The text is not `key=value` pairs; the message says what to type instead."""


def _value(raw: str) -> Any:
    if "," in raw:
        return [part for part in raw.split(",") if part]
    low = raw.lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    if re.fullmatch(r"-?[0-9]{1,6}", raw):
        return int(raw)
    return raw


def parse_option_text(text: str | None) -> dict[str, Any]:
    if not text or not text.strip():
        return {}
    if len(text) > MAX_TEXT:
        raise OptionTextError(f"Options are at most {MAX_TEXT} characters.")
    out: dict[str, Any] = {}
    for token in text.replace(";", " ").split():
        match = _PAIR.match(token.strip())
        if match is None:
            raise OptionTextError(f"`{token[:40]}` is not an option: write `name=value` pairs separated by "
                                  f"spaces{HELP_NOTE}")
        key, raw = match.groups()
        if key in out:
            raise OptionTextError(f"Option `{key}` is given twice.")
        out[key] = _value(raw)
    return out
