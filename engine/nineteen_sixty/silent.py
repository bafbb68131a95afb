"""1960's silent path for a search (engine/core/search.py, `SilentRules`): the legal actions as `legal.moves`
finds them, without the menu's words, and the step `rules.take` takes, on the state itself, without `apply`'s
copy, its check of the secrets a step shows, or its lines held for the turn's post.

A search asks `to_move` and then `legal` of the same position. What `to_move` finds for each seat (its stage, or its
actions where telling whether it owes one needs them) is kept with the state it was found for, for `legal` to take
instead of finding it again; every `advance` drops it, and the rules change a state in place nowhere else (`apply`
steps a copy). The one pair is set and read whole, so two searches sharing this object never read each other's."""
from __future__ import annotations

from typing import Any

from engine.core.types import Action
from engine.nineteen_sixty.legal import ACTIONS, moves, owed_stages
from engine.nineteen_sixty.rules import advance_silently
from engine.nineteen_sixty.state import NSState


class NineteenSixtySilent:
    """Who is to move, what a seat may do, and one step in place, each exactly as the full path answers."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: tuple[NSState, dict[str, Any]] | None = None  # the last state `to_move` answered, and its finds

    def over(self, state: NSState) -> bool:
        return state.phase == "over"

    def to_move(self, state: NSState) -> list[str]:
        if state.phase == "over":
            return []
        owed = owed_stages(state)
        self._seen = (state, owed)
        return list(owed)

    def legal(self, state: NSState, seat: str) -> list[Action]:
        seen = self._seen
        if seen is None or seen[0] is not state:
            return moves(state, seat)[1]  # a new list each time: the caller's to keep
        found = seen[1].get(seat)
        if found is None:
            return []
        return ACTIONS[found](state, seat) if type(found) is str else list(found)  # `stage_actions`, a call less

    def advance(self, state: NSState, seat: str, action: Action) -> None:
        self._seen = None
        advance_silently(state, seat, action)
