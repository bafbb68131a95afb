"""The built-in bot: always one of decisions()'s options, chosen with a little sense — grab ballots in
big states early, campaign where the lead is narrow, debate when it has votes to risk, end the turn
when money or the cap runs short."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.core.types import Action, Option
from engine.presidential_election.primitives import ev
from engine.presidential_election.rules import decisions
from engine.presidential_election.state import PEState


def bot_action(state: PEState, seat: str, rng: Rng) -> Action:
    options = decisions(state, seat).options
    if not options:
        raise ValueError(f"{seat} owes no move")
    verbs = {o.action.verb for o in options}
    if "roll" in verbs:
        return Action(verb="roll")
    if "buy" in verbs or "fly" in verbs:  # the campaign menu: a few purchases, then done
        buys = [o for o in options if o.action.verb in ("buy", "fly")]
        if buys and rng.below(3) > 0:
            return rng.choice(buys).action
        return Action(verb="done")
    if "debate" in verbs and "decline" in verbs and rng.below(4) == 0:
        return Action(verb="decline")
    picks = [o for o in options if o.action.verb not in ("decline", "cancel", "done")] or options
    return _weighted(state, picks, rng).action


def _weighted(state: PEState, options: list[Option], rng: Rng) -> Option:
    """Bigger states more often: pick among the three heaviest, at random."""
    def weight(o: Option) -> int:
        arg = o.action.args[0] if o.action.args else ""
        return ev(state, arg) if len(arg) == 2 and arg.isalpha() and arg.isupper() else 0
    ranked = sorted(options, key=lambda o: (-weight(o), o.action.notation()))
    return rng.choice(ranked[:3])
