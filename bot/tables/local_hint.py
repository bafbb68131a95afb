"""The local table's `hint`: the search's top three moves for the seat at the keyboard, in a game opened with
`--option hints=on` (bot/service/hints.py). A local game is never rated, so any may have hints; the hint is
written to the terminal, for whoever is at the keyboard, and the game's record notes that it was asked for."""
from __future__ import annotations

from typing import Any

from bot.service import GameManager, ManagerError
from bot.service.hints import OPTION, split_options

WORD = "hint"


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
