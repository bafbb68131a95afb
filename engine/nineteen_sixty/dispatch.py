"""One decision applied to the state: an effect's pending choice answered, or the decision's verb handed to the
part of the turn it belongs to (the activity plays, the end of the turn, the Debates, Election Day)."""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.types import Action
from engine.nineteen_sixty import debates, election, end_of_turn, plays
from engine.nineteen_sixty.effect_runs import resume_wait
from engine.nineteen_sixty.effect_ctx import Ctx
from engine.nineteen_sixty.state import NSState
from engine.nineteen_sixty.turns import Handler

_BY_VERB: dict[str, Handler] = {**plays.DECISIONS, **end_of_turn.DECISIONS, **debates.DECISIONS,
                                **election.DECISIONS}


def dispatch(state: NSState, seat: str, action: Action, ctx: Ctx) -> bool:
    """Apply one decision; returns whether it may be taken back."""
    verb, args = action.verb, action.args
    if state.wait is not None:
        return resume_wait(state, args[0], ctx)
    if verb in ("trigger", "pass") and state.window is not None:
        return plays.answer_window(state, seat, verb, ctx)
    if verb == "pass" and state.phase == "strategy":
        return end_of_turn.pass_strategy(state, seat, args, ctx)
    if verb in plays.PLAY_STEPS and state.play is not None:
        return plays.PLAY_STEPS[verb](state, seat, args, ctx)
    handler = _BY_VERB.get(verb)
    if handler is None:
        raise IllegalAction(f"`{verb}` is not something you can do now.", code="illegal_verb")
    return handler(state, seat, args, ctx)
