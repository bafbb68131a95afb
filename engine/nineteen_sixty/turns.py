"""A turn's beginning: the hands dealt and the initiative drawn, or the Debates (turn 6) and Election Day (turn 9)
opened their own way; and what a turn's decisions share: the salt that seals a secret choice, and the shape of
the function that applies a decision."""
from __future__ import annotations

import hashlib
from typing import Callable

from engine.core.types import Event
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.primitives import c, deal, initiative_check, seat_of
from engine.nineteen_sixty.state import NSState

Handler = Callable[[NSState, str, tuple[str, ...], Ctx], bool]  # a decision's args applied; whether it may be undone


def salt(state: NSState, seat: str, what: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{state.randomness.prng}|{seat}|{what}|{state.turn}".encode()).hexdigest()[:32]


def start_turn(state: NSState, events: list[Event] | None) -> None:
    """The next turn begins: its hands dealt and its initiative drawn (the Debates and Election Day begin their
    own way). Its lines go to `events`, or nowhere when it is None (a search's silent step)."""
    rules = c().rules
    state.turn_effects = []
    state.played, state.activity, state.starter, state.initiative = [], 1, None, None
    if state.turn == rules.debate_turn:
        _start_debates(state, events)
        return
    if state.turn == rules.election_turn:
        state.phase, state.step = "election", "bonus"
        if events is not None:
            events.append(Event(facts=t.StageOpened(turn=state.turn, stage="election")))
        return
    n = rules.hand_size.before_debates if state.turn < rules.debate_turn else rules.hand_size.after_debates
    if events is not None:
        events.append(Event(facts=t.TurnDealt(turn=state.turn, n=n)))
    for side in ("K", "N"):
        got = deal(state, side, n, events)
        if events is not None:
            events.append(Event(facts=t.Dealt(seat=seat_of(side), cards=tuple(got))))
    state.phase, state.step = "initiative", ""
    initiative_check(state, events)


def _start_debates(state: NSState, events: list[Event] | None) -> None:
    state.phase, state.step = "debate", "init"
    if events is not None:
        events.append(Event(facts=t.StageOpened(turn=state.turn, stage="debates")))
