"""What every ruleset's fuzz test checks of the options a seat is offered."""
from __future__ import annotations

from typing import Any

MAX_OPTIONS = 60  # more would not fit one list a player can read


def option_problems(ruleset: Any, options: list[Any], seat: str, step: int, *, round_trip: bool) -> list[str]:
    """The options are few enough for one list and, if `round_trip`, each one's notation parses back to it."""
    problems = []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{len(options)} options for {seat} at step {step}: too many for one list")
    if round_trip:
        problems += [f"notation does not round-trip: {o.action.notation()}" for o in options
                     if ruleset.parse(ruleset.format([o.action])) != [o.action]]
    return problems
