"""Suggestions for what a player types into `/game new options:` and `seat:`, and the words of a refused option —
read from the ruleset's own options model and seat names, so every ruleset's words come from the ruleset (the
tables name none). `/game new` (through the services) and the local table's `--option` refuse an option with the
same sentence: the option, the values it takes, and every option of the game."""
from __future__ import annotations

import itertools
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.present.options import HELP_NOTE, OptionTextError, parse_option_text
from engine.core.ruleset import lobby_seat_names, seat_range

# Options with a command option of their own (`/game new deadline_hours:`), not repeated in the text.
OWN_OPTIONS = {"deadline_hours"}
MAX_CHOICE = 100  # Discord's limit on an autocomplete choice's name and value
# Options every game takes, read by the table before the ruleset (bot/service/hints.py): suggested after the game's
# own, with the value that changes something.
TABLE_OPTIONS = {"hints": ["on"]}


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
        fewest, most = _list_sizes(metadata, len(items))
        return [",".join(combo) for size in range(fewest, most + 1) for combo in itertools.combinations(items, size)]
    return []


def _list_sizes(metadata: list[Any], items: int) -> tuple[int, int]:
    """How many items a list option takes (an empty list is its default, never typed)."""
    fewest = max([getattr(m, "min_length", None) or 0 for m in metadata] + [1])
    most = min([m.max_length for m in metadata if getattr(m, "max_length", None)] + [items])
    return fewest, most


def option_completions(ruleset: Any, typed: str, limit: int = 25) -> list[str]:
    """Whole texts to offer: what the player typed so far, with the word being typed completed to
    `name=value` for each option not given yet."""
    typed = (typed or "")[:200]
    tokens = typed.split()
    partial = "" if not tokens or typed.endswith(" ") else tokens[-1]
    done = tokens if not partial else tokens[:-1]
    given = {t.split("=", 1)[0].lower() for t in done}
    out: list[list[str]] = [[], []]  # the game's own options, then the table's, which always find room
    for kept, options in zip(out, (option_values(ruleset), TABLE_OPTIONS)):
        for name, values in options.items():
            if name in given:
                continue
            for value in values:
                pair = f"{name}={value}"
                text = " ".join([*done, pair])
                if pair.lower().startswith(partial.lower()) and len(text) <= MAX_CHOICE:
                    kept.append(text)
    own, table = out
    return own[:max(limit - len(table), 0)] + table[:limit]


def seat_completions(ruleset: Any, typed: str, taken: set[str] = frozenset(), limit: int = 25) -> list[str]:
    """The seats a lobby of this ruleset accepts, free ones only, matching what was typed."""
    typed = (typed or "").strip().upper()[:20]
    return [s for s in lobby_seat_names(ruleset) if s not in taken and s.upper().startswith(typed)][:limit]


# ------------------------------------------------------------ a refused option, in words


def _fields(ruleset: Any) -> dict[str, Any]:
    return dict(type(ruleset.parse_options({})).model_fields)


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def takes(ruleset: Any, name: str) -> str:
    """What the option `name` takes, in words ("on or off", "0, 1 or 3"); "" where it cannot be said."""
    field = _fields(ruleset).get(name)
    if field is None:
        return ""
    annotation = field.annotation
    if typing.get_origin(annotation) is list:
        (inner,) = typing.get_args(annotation)
        items = _values(inner, [])
        fewest, most = _list_sizes(field.metadata, len(items))
        count = str(fewest) if fewest == most else f"{fewest} or {most}" if most == fewest + 1 else f"{fewest} to {most}"
        return f"{count} of {', '.join(items)}, separated by commas" if items else ""
    values = _values(annotation, field.metadata)
    if values:
        return _or(values)
    low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
    high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
    if annotation is int and low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    return ""


def options_text(ruleset: Any, *, table: bool = True) -> str:
    """Every option a player may give the game, with what each takes: one sentence, and where the game is played at
    a table (not the demo), one more on the option every game takes there, `hints`."""
    parts = [f"`{name}=` {takes(ruleset, name)}" for name in _fields(ruleset) if name not in OWN_OPTIONS
             and takes(ruleset, name)]
    own = f"{ruleset.title}'s options: " + "; ".join(parts) + "." if parts else f"{ruleset.title} has no options."
    return f"{own} {HINTS_TEXT}" if table else own


# The option every game at a table takes (bot/service/hints.py), in words.
HINTS_TEXT = "Any game also takes `hints=on`: the bot's best moves for you on request, in a game that is not rated."


def _typed(value: Any) -> str:
    """An option's value as a player typed it (bot/present/options.py reads `a,b` as a list, on/off as yes-no)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value).replace("`", "'")[:40]


def refusal(ruleset: Any, options: dict[str, Any], exc: ValidationError, *, table: bool = True) -> str:
    """Why the ruleset refuses `options`, in words: the option, what it takes, and the game's options (`table`:
    `options_text`'s)."""
    error = exc.errors()[0]
    name = str(error["loc"][0]) if error["loc"] else ""
    given = f"`{name}={_typed(options[name])}`" if name in options else f"`{name}`"
    if error["type"] == "extra_forbidden":
        why = f"{ruleset.title} has no option `{name}`."
    elif error["type"] == "value_error":  # the options model's own sentence (`ai=GRN`, two parties alike)
        text = str(error.get("ctx", {}).get("error", "")) or error["msg"]
        why = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
        if name and takes(ruleset, name):
            why += f" `{name}` takes {takes(ruleset, name)}."
    elif takes(ruleset, name):
        why = f"`{name}` takes {takes(ruleset, name)}."
    else:
        why = f"`{name}` cannot be that."
    head = f"Bad option {given}: " if name else "Bad options: "
    return head + why + " " + options_text(ruleset, table=table)


def checked_options(ruleset: Any, options: dict[str, Any], *, table: bool = True) -> BaseModel:
    """The ruleset's options model for `options`; a refusal says why in words (OptionTextError; `table`:
    `options_text`'s)."""
    try:
        return ruleset.parse_options(options)
    except ValidationError as exc:
        raise OptionTextError(refusal(ruleset, options, exc, table=table)) from None


def asks_for_help(text: str | None) -> bool:
    """Whether typed option text is the word `help` (`--option help`): a question, answered by `option_help`."""
    return (text or "").strip().casefold() == "help"


def option_help(ruleset: Any, *, table: bool = True) -> str:
    """The answer to `--option help`: how options are written, and the game's."""
    return f"Options are given as `name=value` pairs. {options_text(ruleset, table=table)}"


def parse_for(ruleset: Any, text: str | None, *, table: bool = True) -> dict[str, Any]:
    """Typed option text (`name=value` pairs) read and checked against the ruleset's options, as the local table's
    `--option` gives it; a refusal (malformed text, `help`, an unknown option, a bad value) names the game's options
    (and, at a `table`, `hints`)."""
    if asks_for_help(text):
        raise OptionTextError(option_help(ruleset, table=table))
    try:
        options = parse_option_text(text)
    except OptionTextError as exc:
        said = str(exc).removesuffix(HELP_NOTE)
        raise OptionTextError(f"{said}{'' if said.endswith('.') else '.'} {options_text(ruleset, table=table)}") \
            from None
    checked_options(ruleset, options, table=table)
    return options


def players_hint(ruleset: Any, options: dict[str, Any] | None, count: int) -> str:
    """The options that would let `count` players play, where some would (a solo game's option); "" else."""
    fits: dict[str, str] = {}  # option name -> its first value that fits
    for name, values in option_values(ruleset).items():
        for value in values:
            fewest, most = seat_range(ruleset, {**(options or {}), **parse_option_text(f"{name}={value}")})
            if fewest <= count <= most:
                fits.setdefault(name, f"{name}={value}")
    if not fits:
        return ""
    names = _or([f"`{name}=`" for name in fits])
    example = ", ".join(f"`{pair}`" for pair in fits.values())
    return (f" {count} player{'s' if count != 1 else ''} can play with the option {names} "
            f"(for example {example}).")
