"""Presidential Election's silent path (engine/core/search.py, `SilentRules`): the rules' own answers without a
word — who owes a move and what it may do come from menus.py's facts before any option is labelled, and a step is
rules.py's own body run on the state itself, its lines dropped unread."""
from __future__ import annotations

from engine.core.types import Action
from engine.presidential_election import menus, rules
from engine.presidential_election.primitives import Unsaid
from engine.presidential_election.state import PEState


class PESilent:
    """over / to_move / legal / advance for a search, each exactly the full path's answer."""

    __slots__ = ()

    def over(self, state: PEState) -> bool:
        return state.phase == "over" and state.winner is not None

    def to_move(self, state: PEState) -> list[str]:
        if self.over(state):
            return []
        return menus.owing(state)

    def legal(self, state: PEState, seat: str) -> list[Action]:
        if self.over(state):
            return []
        return menus.legal(state, seat)  # no menu offers an action twice: nothing to drop

    def advance(self, state: PEState, seat: str, action: Action) -> None:
        rules.step(state, seat, action, Unsaid())
