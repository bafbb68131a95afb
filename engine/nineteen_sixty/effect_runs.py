"""A card's or a reward's effect run until it needs a real choice (one candidate is taken without asking), and
resumed with the answer to the choice it waits for."""
from __future__ import annotations

from typing import Any

from engine.core.frames import Wait
from engine.core.notation import is_number
from engine.nineteen_sixty import waits
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.effects import interpreter
from engine.nineteen_sixty.state import NSState


def run_effect(state: NSState, ctx: Ctx, wait: Wait | None) -> None:
    """Run the effect until it needs a real choice (one candidate is taken without asking) or is done."""
    while wait is not None:
        among = list(wait.decision["among"])
        if len(among) == 1:
            wait = interpreter().resume(state.effect, ctx, among[0])
            continue
        frame = state.effect.frames[-1]
        asker = frame.locals.pop("asker", None) or frame.locals["actor"]
        state.wait = waits.kept(wait.decision["kind"], asker, among, wait.decision)
        return


def resume_wait(state: NSState, answer: Any, ctx: Ctx) -> bool:
    """The effect's pending choice answered (`pick …`) and the effect run on; the answer may be taken back."""
    assert state.wait is not None
    if state.wait["kind"] == "card":
        answer = int(answer)
    state.wait = None
    frames = state.effect.frames
    ctx.cause = frames[0].proc if frames and is_number(frames[0].proc) else None  # the card whose effect asked
    run_effect(state, ctx, interpreter().resume(state.effect, ctx, answer))
    return True
