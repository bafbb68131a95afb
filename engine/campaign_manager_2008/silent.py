"""Campaign Manager 2008's silent path (engine/core/search.py, `SilentRules`): what a search asks of a position,
answered from the same pieces as the full path — legality from rules.choices, each step from rules.step — without
option labels, without a copy of the state, and without the posted lines a step returns."""
from __future__ import annotations

from typing import Any, Callable

from engine.campaign_manager_2008.primitives import Line
from engine.campaign_manager_2008.rules import act, choices, step
from engine.campaign_manager_2008.state import CMState
from engine.core.posting import hold_or_post
from engine.core.types import Action, HeldLine


class CMSilent:
    """The four answers without words. `advance` leaves the state exactly as `apply` would, held lines included:
    a line held for the turn's post is kept in the state in words, so a step whose lines are held has them worded
    by `tell` (the title's words, handed over by the ruleset object); no other step's lines are ever built."""

    def __init__(self, tell: Callable[[list[Line]], Any]) -> None:
        self.tell = tell

    def over(self, state: CMState) -> bool:
        return state.phase == "over"

    def to_move(self, state: CMState) -> list[str]:
        return [s for s in state.seats if choices(state, s)[1]]

    def legal(self, state: CMState, seat: str) -> list[Action]:
        return [act(verb, arg) for verb, arg in choices(state, seat)[1]]

    def advance(self, state: CMState, seat: str, action: Action) -> None:
        events: list[Line] = []
        changed: list[str] = []
        _, hold = step(state, seat, action, events, changed)
        # The state's part of post_step (engine/core/posting.py): the lines posted now are dropped unread.
        lines = [HeldLine.of(e) for e in self.tell([line.stated() for line in events]) if e.public] if hold else []
        posted = hold_or_post(state.unposted, state.unposted_changed, lines, changed, hold=hold)[1]
        if posted is not None:
            state.last_changed = posted
