"""Plain-text renderings of views, for the console table and text fallbacks.

What a ruleset's board and hand read like is its presenter's business (bot/present/): nothing
here names a ruleset.
"""
from __future__ import annotations

from pydantic import BaseModel

from bot import present


def pending_note(pending: str) -> str:
    """What a player reads when a compound move stopped because others decide first."""
    return (f"The rest of your move waits: others decide first (a rival may answer your move, or must choose). "
            f"When it is your move again, send `{pending[:300]}`.")


def board_text(view: BaseModel) -> str:
    return present.for_view(view).board_text(view)


def hand_text(view: BaseModel) -> str:
    return present.for_view(view).hand_text(view)


def extras_note(view: BaseModel, count: int) -> str:
    """The line telling a seat it has `count` plays allowed at any time, in its game's words."""
    return present.for_view(view).extras_note(count)
