"""One post per turn. A turn is entered as several small steps, but the table watches it as one move: a
step's public lines wait in the game state while the turn's player is still deciding alone, and are
posted together (one message, one picture) once the turn ends or someone else must decide. A step taken
back with undo was then never announced. Every ruleset that batches its posts does it through here.

A held line keeps who made it and why (`HeldLine`: its seat and cause), so the post it joins
later still says so, and, in memory, the facts it was worded from, so a released line keeps its kind.

A title whose rules state facts batches through the contract: its rules give a step's events unheld with the verdict
(`ApplyResult.hold`), and `ModuleRuleset.apply` words them, then holds or posts them here. Its silent path (a
search's) words nothing and so holds nothing: the fields a post is made from (`PRESENTATION`) are the table's, never
the rules', and a search may leave them as they were."""
from __future__ import annotations

import hashlib
from typing import Any, TypeVar

from pydantic import BaseModel

from engine.core.types import Event, HeldLine

T = TypeVar("T")

# The state fields that only make the table's posts (the lines held for the turn's post, the map keys they changed,
# what the last post changed): no rule reads them, and a silent path may leave them as they were.
PRESENTATION = ("unposted", "unposted_changed", "last_changed")


def without_presentation(state: BaseModel) -> dict[str, Any]:
    """The state's dump without its `PRESENTATION` fields: what a silent path must reach, field for field."""
    return state.model_dump(exclude=set(PRESENTATION))


def hold_or_post(held: list[T], held_changed: list[str], lines: list[T], changed: list[str], *,
                 hold: bool) -> tuple[list[T], list[str] | None]:
    """Add one step's public `lines` and `changed` map keys to the held ones (mutated in place) if `hold`,
    else release everything held with them. Returns (the lines to post now, the map keys the posted lines
    changed — None while holding, so the picture keeps outlining what the last post changed)."""
    if hold:
        held.extend(lines)
        held_changed.extend(code for code in changed if code not in held_changed)
        return [], None
    posted = [*held, *lines]
    posted_changed = [*held_changed, *(code for code in changed if code not in held_changed)]
    held.clear()
    held_changed.clear()
    return posted, posted_changed


def held_lines(state: Any) -> int:
    """How many public lines the state holds for a later post (0 for a ruleset that posts every step at once)."""
    return len(getattr(state, "unposted", None) or [])


def post_step(state: Any, events: list[Event], changed: list[str], *, hold: bool) -> list[Event]:
    """A step's events as the table gets them: its public lines held in `state.unposted` (or released with
    what was held, `state.last_changed` then naming what the posted lines changed), its private lines and its
    commit-reveal `proof` lines at once (proofs are never posted: they go to the record and /game status).
    Every line keeps its seat, cause and facts."""
    lines, posted = hold_or_post(state.unposted, state.unposted_changed,
                                 [HeldLine.of(e) for e in events if e.public], changed, hold=hold)
    if posted is not None:
        state.last_changed = posted
    return ([line.event() for line in lines]
            + [Event(private=e.private, seat=e.seat, cause=e.cause, facts=e.facts) for e in events if e.private]
            + [Event(proof=e.proof, seat=e.seat, cause=e.cause, facts=e.facts) for e in events if e.proof])


def text_only_hash(state: BaseModel) -> str:
    """The state's hash as it was computed before held lines had fields (their texts alone): what a game
    recorded then says after a move that left lines held, so its record still verifies (bot/policy/record.py)."""
    held = getattr(state, "unposted", None)
    if not held:
        return hashlib.sha256(state.model_dump_json().encode()).hexdigest()
    old = state.model_copy(update={"unposted": [h.text if isinstance(h, HeldLine) else h for h in held]})
    return hashlib.sha256(old.model_dump_json(warnings=False).encode()).hexdigest()
