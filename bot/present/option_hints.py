"""Suggestions for what a player types into `/game new options:` and `seat:` — read from the ruleset's own
options model and seat names, so every ruleset's words come from the ruleset (the tables name none)."""
from __future__ import annotations

import itertools
import typing
from typing import Any

from engine.core.ruleset import lobby_seat_names

# Options with a command option of their own (`/game new deadline_hours:`), not repeated in the text.
OWN_OPTIONS = {"deadline_hours"}
MAX_CHOICE = 100  # Discord's limit on an autocomplete choice's name and value


def option_values(ruleset: Any) -> dict[str, list[str]]:
    """name -> the values a player may type for it, as typed (`on`/`off` for yes-no options)."""
    model = type(ruleset.parse_options({}))
    out: dict[str, list[str]] = {}
    for name, field in model.model_fields.items():
        if name in OWN_OPTIONS:
            continue
        values = _values(field.annotation, field.metadata)
        if values:
            out[name] = values
    return out


def _values(annotation: Any, metadata: list[Any]) -> list[str]:
    if annotation is bool:
        return ["on", "off"]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    if typing.get_origin(annotation) is list:
        (inner,) = typing.get_args(annotation)
        items = _values(inner, [])
        sizes = [getattr(m, "min_length", None) or getattr(m, "max_length", None) for m in metadata]
        size = next((s for s in sizes if s), 2)
        return [",".join(combo) for combo in itertools.combinations(items, size)]
    return []


def option_completions(ruleset: Any, typed: str, limit: int = 25) -> list[str]:
    """Whole texts to offer: what the player typed so far, with the word being typed completed to
    `name=value` for each option not given yet."""
    typed = (typed or "")[:200]
    tokens = typed.split()
    partial = "" if not tokens or typed.endswith(" ") else tokens[-1]
    done = tokens if not partial else tokens[:-1]
    given = {t.split("=", 1)[0].lower() for t in done}
    out = []
    for name, values in option_values(ruleset).items():
        if name in given:
            continue
        for value in values:
            pair = f"{name}={value}"
            if pair.lower().startswith(partial.lower()):
                text = " ".join([*done, pair])
                if len(text) <= MAX_CHOICE:
                    out.append(text)
    return out[:limit]


def seat_completions(ruleset: Any, typed: str, taken: set[str] = frozenset(), limit: int = 25) -> list[str]:
    """The seats a lobby of this ruleset accepts, free ones only, matching what was typed."""
    typed = (typed or "").strip().upper()[:20]
    return [s for s in lobby_seat_names(ruleset) if s not in taken and s.upper().startswith(typed)][:limit]
