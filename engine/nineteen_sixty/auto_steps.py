"""The steps the game takes by itself between decisions: an effect run on, the activity phase moved along, the
momentum phase, Campaign Strategy, the Debates and Election Day, each until someone must decide."""
from __future__ import annotations

from engine.nineteen_sixty.debates import debate_step
from engine.nineteen_sixty.effect_runs import run_effect
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.effects import interpreter
from engine.nineteen_sixty.election import election_step
from engine.nineteen_sixty.end_of_turn import momentum_step, strategy_step
from engine.nineteen_sixty.plays import activity_step
from engine.nineteen_sixty.state import NSState


def advance(state: NSState, ctx: Ctx) -> None:
    """The game moved on by itself until someone must decide, an effect waits for a choice, or the game is over."""
    for _ in range(10_000):
        if state.phase == "over" or state.wait is not None:
            return
        if state.effect.frames:
            run_effect(state, ctx, interpreter().run(state.effect, ctx))
            continue
        if not _step(state, ctx):
            return
    raise RuntimeError("the game did not settle")


def _step(state: NSState, ctx: Ctx) -> bool:
    """One automatic step; False when someone must decide."""
    if state.phase == "initiative":
        return False
    if state.phase == "activity":
        return activity_step(state, ctx)
    if state.phase == "momentum":
        return momentum_step(state, ctx)
    if state.phase == "strategy":
        return strategy_step(state, ctx)
    if state.phase == "debate":
        return debate_step(state, ctx)
    if state.phase == "election":
        return election_step(state, ctx)
    return False
