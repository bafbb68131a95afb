"""What Campaign Manager 2008's states of before kept in words, made again for a record made then (the earlier
layout's restore, engine/core/earlier_layouts.py): the outcome's reason (`reason`, after `draw`: empty while the game
went on) and the last roll as a line (`last_dice`, where `last_roll` is now). rules.load_state reads such a state.
Also a line as worded then, for a record's public lines and the lines a state held while it kept the posting: the
blocks a demographic's rally took, as a bare count ("FL (4)")."""
from __future__ import annotations

import re
from typing import Any

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.primitives import c
from engine.campaign_manager_2008.state import Roll
from engine.campaign_manager_2008.words import reason, roll_line


_BLOCKS_TAKEN = re.compile(r"\(([0-9]+) undecided blocks?\)")


def said_then(text: str) -> str:
    """A line as the words of then said it: a rally's blocks taken as a bare count."""
    return _BLOCKS_TAKEN.sub(r"(\1)", text)


def outcome_and_roll_in_words(data: dict[str, Any]) -> None:
    """A state's dump, in place, as stored while the state kept its reason and its last roll as text."""
    roll = data.get("last_roll")
    laid: dict[str, Any] = {}
    for key, value in data.items():
        if key == "last_roll":
            laid["last_dice"] = [roll_line(Roll.model_validate(roll))] if roll else []
            continue
        laid[key] = value
        if key == "draw":
            laid["reason"] = _reason(data)
    data.clear()
    data.update(laid)


def _reason(data: dict[str, Any]) -> str:
    if data.get("phase") != "over":
        return ""
    sides = data["sides"]
    if data["draw"]:
        a, b = data["seats"]
        return reason(f.ElectionDrawn(scores=(sides[a]["score"], sides[b]["score"])))
    winner = data["winner"]
    return reason(f.ElectionWon(winner=winner, score=sides[winner]["score"], target=c().rules.target))
