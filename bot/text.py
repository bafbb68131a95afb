"""Plain-text renderings of views, for the console table and text fallbacks.

What a ruleset's board and hand read like is its presenter's business (bot/present/): nothing
here names a ruleset.
"""
from __future__ import annotations

from pydantic import BaseModel

from bot import present, typed_rest


def pending_note(pending: str) -> str:
    """What a player reads when a compound move stopped because others decide first (bot/typed_rest.py)."""
    return typed_rest.waiting_note(pending)


def board_text(view: BaseModel) -> str:
    return present.for_view(view).board_text(view)


def hand_text(view: BaseModel) -> str:
    return present.for_view(view).hand_text(view)


def extras_note(view: BaseModel, count: int) -> str:
    """The line telling a seat it has `count` plays allowed at any time, in its game's words."""
    return present.for_view(view).extras_note(count, view)
