"""The context 1960's effect handlers run in: the state, the events they log, what they changed, and who
`who` names in a frame (the resolving player is the frame local `actor`, a seat)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.frames import Frame
from engine.core.types import Event, Facts
from engine.nineteen_sixty.primitives import rival, side_of
from engine.nineteen_sixty.state import NSState


@dataclass(slots=True)
class Ctx:
    state: NSState
    events: list[Event]
    changed: list[str]
    cause: str | None = None  # the card whose play or event the lines logged now belong to
    # False on the search's silent path: no line is wanted, so none is stated (the primitives are given None)
    words: bool = True
    mine: int = 0  # how many of the events the deciding seat's own step made (the rest: the game moving on)

    def log(self, line: Facts) -> None:
        """A public line, stated as facts (the words make its text), caused by the card behind it now."""
        if self.words:
            self.events.append(Event(facts=line, cause=self.cause))

    @property
    def worded(self) -> list[Event] | None:
        """Where a primitive states its lines: the events, or None on the silent path (no line wanted)."""
        return self.events if self.words else None

    def touch(self, code: str) -> None:
        if code not in self.changed:
            self.changed.append(code)


def who_side(ctx: Ctx | None, frame: Frame, who: str) -> str | None:
    """The side `who` names: K or N as written, self the resolving player, opponent the other, leader the side an
    earlier `leader` op named (None when it named nobody)."""
    if who in ("K", "N"):
        return who
    actor = side_of(frame.locals["actor"])
    if who == "self":
        return actor
    if who == "opponent":
        return rival(actor)
    return frame.locals.get("leader")  # `leader`



def bound(frame: Frame, value: Any) -> Any:
    """A parameter's value: a `$name` reads the frame local a choice bound, anything else stands as it is."""
    return frame.locals.get(value[1:]) if isinstance(value, str) and value.startswith("$") else value
