"""One post per turn. A turn is entered as several small steps, but the table watches it as one move: a
step's public lines wait while the turn's player is still deciding alone, and are posted together (one
message, one picture) once the turn ends or someone else must decide. A step taken back with undo was then
never announced.

What waits is the table's, never the rules': a `Posting` kept beside a game's state (the service saves it with
the state's snapshot, a replay rebuilds it move by move), holding the lines not posted yet, the map keys they
changed and what the last post changed (the picture outlines those). The rules only give each step's verdict
(`ApplyResult.hold`: whether its lines wait); `post` turns a step's events into what the table posts now, and
the posting that follows. A title that posts every step at once gives no verdict.

A held line keeps who made it and why (`HeldLine`: its seat and cause), so the post it joins later still says
so, and, in memory, the facts it was worded from, so a released line keeps its kind.

Where a step plays someone else's turns too (Solo Play's AI parties), its rules cut its lines into several posts
(`Event.ends_post` markers, each with the public view pictured there, whose `changed` names what that post
changed since the previous cut); the first cut's post also carries the lines held before the step."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, ValidatorFunctionWrapHandler, model_validator

from engine.core.types import ApplyResult, Event, Facts

# The keys a state stored before the table kept its own posting held the posting under (a snapshot of then is
# read into its state and its posting by `split_stored`).
STORED_IN_STATE = ("unposted", "unposted_changed", "last_changed")


class HeldLine(BaseModel):
    """A public line waiting for a later post, with who made it and why. Postings saved before held lines had
    fields hold plain strings: those load as lines of nobody in particular.

    `facts`: what the line was worded from (its event's), so the line keeps its kind when the post releases it.
    They are never part of the line's stored form nor of its equality: a posting saved and loaded again holds the
    same lines, in words only, and a held line is what it says."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    text: str
    seat: str | None = None
    cause: str | None = None
    facts: SerializeAsAny[Facts] | None = Field(default=None, exclude=True)

    @model_validator(mode="wrap")
    @classmethod
    def _from_text(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        return handler({"text": data} if isinstance(data, str) else data)

    def _said(self) -> tuple[str, str | None, str | None]:
        return self.text, self.seat, self.cause

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HeldLine) and self._said() == other._said()

    def __hash__(self) -> int:
        return hash(self._said())

    @classmethod
    def of(cls, event: Event) -> "HeldLine":
        return cls.model_construct(text=event.public or "", seat=event.seat, cause=event.cause, facts=event.facts)

    def event(self) -> Event:
        return Event.model_construct(public=self.text, private={}, proof=None, ends_post=None, seat=self.seat,
                                     cause=self.cause, facts=self.facts)


# A title's way of saying a run of like lines as one: the step's worded events with its first lines merged into the
# last held line (`held`, a list the caller owns, its last line replaced in place).
CarryOn = Callable[[list[HeldLine], list[Event]], list[Event]]


class Posting(BaseModel):
    """What a game's table holds between posts: the public lines waiting for the next post (`held`), the map keys
    they changed (`held_changed`), and the map keys the last post changed (`last_changed`, outlined on the board
    until the next post). Immutable: `post` returns the posting that follows."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    held: tuple[HeldLine, ...] = ()
    held_changed: tuple[str, ...] = ()
    last_changed: tuple[str, ...] = ()

    def stored(self) -> str | None:
        """The posting as a snapshot keeps it: None when it holds nothing at all."""
        return self.model_dump_json() if self != EMPTY else None

    @classmethod
    def loaded(cls, text: str | None) -> "Posting":
        return EMPTY if not text else cls.model_validate_json(text)


EMPTY = Posting()


def _merged(first: Iterable[str], then: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys([*first, *then]))


def post(posting: Posting, result: ApplyResult, carry_on: CarryOn | None = None) -> tuple[list[Event], Posting]:
    """A step's events as the table gets them, and the posting that follows: its public lines held (a `hold`
    verdict) or posted with those held before; its private lines and its commit-reveal `proof` lines at once
    (proofs are never posted: they go to the record and /game status). Every line keeps its seat, cause and facts.
    A step without a verdict (a title that posts every step whole) passes through as it is."""
    if result.hold is None:
        return result.events, posting
    held = list(posting.held)
    events = result.events if carry_on is None else carry_on(held, result.events)
    lines = [e for e in events if e.public or e.ends_post is not None]
    if result.hold:  # cuts come only once the turn is over, so a held step has none
        held.extend(HeldLine.of(e) for e in lines if e.public)
        after = Posting(held=tuple(held), held_changed=_merged(posting.held_changed, result.changed),
                        last_changed=posting.last_changed)
        posted: list[Event] = []
    else:
        posted = [line.event() for line in held] + _released(lines, posting.held_changed)
        last = result.tail_changed if result.tail_changed is not None \
            else _merged(posting.held_changed, result.changed)
        after = Posting(last_changed=tuple(last))
    return (posted
            + [Event(private=e.private, seat=e.seat, cause=e.cause, facts=e.facts) for e in events if e.private]
            + [Event(proof=e.proof, seat=e.seat, cause=e.cause, facts=e.facts) for e in events if e.proof]), after


def _released(lines: list[Event], held_changed: tuple[str, ...]) -> list[Event]:
    """The step's public lines and cuts as posted; the first cut's post also outlines what the held lines changed."""
    out: list[Event] = []
    first_cut = True
    for line in lines:
        if line.ends_post is not None:
            view = line.ends_post
            if first_cut and held_changed:
                view = {**view, "changed": list(_merged(held_changed, view.get("changed") or []))}
            first_cut = False
            out.append(Event(ends_post=view))
        else:
            out.append(HeldLine.of(line).event())
    return out


def held_lines(posting: Posting) -> int:
    """How many public lines the posting holds for a later post."""
    return len(posting.held)


def split_stored(data: dict[str, Any]) -> tuple[dict[str, Any], Posting]:
    """A stored state's fields without the posting a state of earlier schemas held among them (`STORED_IN_STATE`),
    and that posting (empty for a state stored since)."""
    if not any(key in data for key in STORED_IN_STATE):
        return data, EMPTY
    rest = {key: value for key, value in data.items() if key not in STORED_IN_STATE}
    return rest, Posting(held=tuple(HeldLine.model_validate(h) for h in data.get("unposted") or ()),
                         held_changed=tuple(data.get("unposted_changed") or ()),
                         last_changed=tuple(data.get("last_changed") or ()))


def outlined(view: BaseModel, posting: Posting) -> BaseModel:
    """A public view with the map keys the last post changed outlined (`changed`), where the view draws them."""
    if "changed" not in type(view).model_fields:
        return view
    return view.model_copy(update={"changed": list(posting.last_changed)})
