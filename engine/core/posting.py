"""One post per turn. A turn is entered as several small steps, but the table watches it as one move: a
step's public lines wait in the game state while the turn's player is still deciding alone, and are
posted together (one message, one picture) once the turn ends or someone else must decide. A step taken
back with undo was then never announced. Every ruleset that batches its posts does it through here."""
from __future__ import annotations


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
