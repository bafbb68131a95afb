"""One post per turn. A turn is entered as several small steps, but the table watches it as one move: a
step's public lines wait in the game state while the turn's player is still deciding alone, and are
posted together (one message, one picture) once the turn ends or someone else must decide. A step taken
back with undo was then never announced. Every ruleset that batches its posts does it through here."""
from __future__ import annotations

from typing import Any

from engine.core.types import Event


def hold_or_post(held: list[str], held_changed: list[str], lines: list[str], changed: list[str], *,
                 hold: bool) -> tuple[list[str], list[str] | None]:
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
    commit-reveal `proof` lines at once (proofs are never posted: they go to the record and /game status)."""
    lines, posted = hold_or_post(state.unposted, state.unposted_changed, [e.public for e in events if e.public],
                                 changed, hold=hold)
    if posted is not None:
        state.last_changed = posted
    return ([Event(public=line) for line in lines] + [Event(private=e.private) for e in events if e.private]
            + [Event(proof=e.proof) for e in events if e.proof])
