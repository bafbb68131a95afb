"""A local game's settings beside the table's moves: the settings a resumed game is compared with, and the hints
it may give.

The table's word `hint`: the search's top three moves for the seat at the keyboard, in a game opened with
`--option hints=on` (bot/service/hints.py). A local game is never rated, so any may have hints; the hint is
written to the terminal, for whoever is at the keyboard, and the game's record notes that it was asked for."""
from __future__ import annotations

from typing import Any

from bot.service import GameManager, ManagerError
from bot.store import GameRecord
from bot.service.hints import OPTION, split_options

HINT = "hint"  # the table's word


async def hint_text(manager: GameManager, game_id: int, user_id: str) -> str:
    """The hint's lines, or the refusal in words (hints off, not this seat's turn)."""
    try:
        found = await manager.hints.hint(game_id, user_id)
    except ManagerError as exc:
        if exc.code == "hints_off":
            return (f"✗ Hints are off in game #{game_id}: start a game with `--option hints=on` (and `--new`, to "
                    "leave this one) for the word `hint`.")
        return f"✗ {exc.message}"
    return found.text(private=False)


def hints_differ(options: dict[str, Any] | None, settings: dict[str, str]) -> bool:
    """Whether `options` give `hints` other than the saved game has it."""
    if not options or OPTION not in options:
        return False
    return split_options(options)[1] != (settings.get(OPTION) == "on")


def without_hints(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options the ruleset reads (`hints` is the table's)."""
    return split_options(options)[0]


def unused_settings(ruleset: Any, game: GameRecord, seats: list[str], bot_seats: set[str], players: int | None,
                    options: dict[str, Any] | None, settings: dict[str, str]) -> list[str]:
    """The settings given that the saved `game` does not have (the same command as started it has none)."""
    unused = [f"--players {players}"] if players is not None and players != len(seats) else []
    if options and (_parsed(ruleset, without_hints(options)) != game.options or hints_differ(options, settings)):
        unused.append("--option " + " ".join(f"{k}={_option_value(v)}" for k, v in options.items()))
    unused += [f"--vs-bot {seat} (not a seat of this game)" for seat in sorted(bot_seats - set(seats))]
    return unused


def _parsed(ruleset: Any, options: dict[str, Any]) -> dict[str, Any] | None:
    """`options` as the store keeps them (the ruleset's defaults filled in); None when the ruleset refuses them."""
    try:
        return ruleset.parse_options(options).model_dump()
    except ValueError:  # pydantic's ValidationError: then they are surely not the saved game's options
        return None


def _option_value(value: Any) -> str:
    """An option's value as typed (bot/present/options.py reads `a,b` as a list and on/off as a boolean)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)
