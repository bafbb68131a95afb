"""Campaign Manager 2008's silent path (engine/core/search.py, `SilentRules`): what a search asks of a position,
answered from the same pieces as the full path — legality from rules.choices (as rules.offers, their Actions made
once by rules.actions), who owes a move from rules.owes (which answers as choices does without making the offers),
each step from the body of rules.step (rules.advance) — without option labels, without a copy of the state, and
without a word: the effects run by handlers that name no line, the lines a step states are dropped unread."""
from __future__ import annotations

from engine.campaign_manager_2008.rules import actions, advance, offers, owes
from engine.campaign_manager_2008.state import CMState
from engine.core.types import Action


class CMSilent:
    """The four answers without words. `advance` leaves the state exactly as `apply` would but for what only the
    table's posts read (the lines held for the turn's post, the map keys they changed)."""

    __slots__ = ()

    def over(self, state: CMState) -> bool:
        return state.phase == "over"

    def to_move(self, state: CMState) -> list[str]:
        if state.phase == "play":  # one seat at most: the one a choice waits for, else the one whose turn it is
            seat = state.wait["seat"] if state.wait is not None else state.turn.seat if state.turn else None
            return [seat] if seat is not None and owes(state, seat) else []
        return [s for s in state.seats if owes(state, s)]

    def legal(self, state: CMState, seat: str) -> list[Action]:
        return list(actions(offers(state, seat)[1]))

    advance = staticmethod(advance)  # (state, seat, action): rules.advance itself
