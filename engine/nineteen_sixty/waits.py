"""The facts of every question an event asks mid-effect, kept in the state with the wait (`NSState.wait`): who is
asked to pick what among which and, where the question says more than its kind, what it says (effects.asked): the
side losing support in a region, the region and how many are still to go (`loser`, `region`, `left`); the
endorsement card drawn and the side it endorses (`endorsement`, `endorsed`). All plain data, so the words (words.py)
make the same prompt from them whenever it is shown."""
from __future__ import annotations

from typing import Any

from engine.nineteen_sixty.effects import asked, interpreter
from engine.nineteen_sixty.state import NSState

FACTS = ("loser", "region", "left", "endorsement", "endorsed")  # the facts a question may keep beyond its kind


def kept(kind: str, seat: str, among: list[Any], decision: dict[str, Any]) -> dict[str, Any]:
    """The wait the state keeps: who is asked to pick what among which, and the facts of its question the waiting op
    stated with its decision."""
    return {"kind": kind, "seat": seat, "among": among, **{key: decision[key] for key in FACTS if key in decision}}


def fields(wait: dict[str, Any]) -> dict[str, Any]:
    """The question a wait keeps as the fields of its facts (facts.WaitAsk), but the card and the default."""
    return {"pick": wait["kind"], **{key: wait[key] for key in FACTS if key in wait}}


def restate(state: NSState) -> None:
    """A wait stored with its question in words (a game stored while it waited, before waits kept their facts) gets
    the facts of its question back from the state, which stands as it did when the effect began to wait: the top
    frame is the waiting one, at the op that asks."""
    wait = state.wait
    assert wait is not None
    frame = state.effect.frames[-1]
    facts = asked(state, frame, interpreter().procs[frame.proc][frame.ip])
    state.wait = kept(wait["kind"], wait["seat"], wait["among"], facts)
