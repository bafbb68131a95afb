"""A typed move's rest, kept while others decide (typed moves survive windows).

A compound move typed in one line (`82 campaign MA4 VT4`) stops where the decision passes to someone else — a
response window on its declaration, a rival who must choose (engine.core.ruleset.play_until_handoff). The rest is
kept here, in the game's settings under the seat, with the person who typed it; when that seat owes a move again
the manager plays it, as if the player had sent it then. If it is no longer legal (the window changed the game),
nothing of it is applied and the player is told why, with their choices. A move of the seat's own, an undo, or a
change of hands drops it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from bot.present import echo


@dataclass(frozen=True)
class TypedRest:
    user_id: str
    notation: str


def key(seat: str) -> str:
    return f"typed_rest:{seat}"


def dump(rest: TypedRest) -> str:
    return json.dumps({"user": rest.user_id, "notation": rest.notation})


def load(raw: str | None) -> TypedRest | None:
    try:
        data = json.loads(raw) if raw else None
        return TypedRest(str(data["user"]), str(data["notation"])) if data else None
    except (ValueError, TypeError, KeyError):
        return None


def waiting_note(notation: str) -> str:
    """What the player reads when their typed move stops for others."""
    return (f"The rest of your move waits while others decide (a rival may answer it, or must choose): `{echo.notation(notation)}`. "
            "It is played for you as soon as it is your move again; if it is no longer legal then, nothing of it is "
            "played and you are told why.")


def refused_note(notation: str, why: str) -> str:
    return (f"The rest of your typed move, `{echo.notation(notation)}`, was not played: {why} Nothing of it was applied; "
            "your choices are below.")
