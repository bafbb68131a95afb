"""1960's silent path for a search (engine/core/search.py, `SilentRules`): the legal actions as `legal.moves`
finds them, without the menu's words, and the step `rules.take` takes, on the state itself, without `apply`'s
copy, its check of the secrets a step shows, or its lines held for the turn's post."""
from __future__ import annotations

from engine.core.types import Action
from engine.nineteen_sixty.legal import moves, owes
from engine.nineteen_sixty.rules import advance_silently
from engine.nineteen_sixty.state import NSState


class NineteenSixtySilent:
    """Who is to move, what a seat may do, and one step in place, each exactly as the full path answers."""

    __slots__ = ()

    def over(self, state: NSState) -> bool:
        return state.phase == "over"

    def to_move(self, state: NSState) -> list[str]:
        if state.phase == "over":
            return []
        return [s for s in state.seats if owes(state, s)]

    def legal(self, state: NSState, seat: str) -> list[Action]:
        return moves(state, seat)[1]  # a new list each time: the caller's to keep

    def advance(self, state: NSState, seat: str, action: Action) -> None:
        advance_silently(state, seat, action)
