"""What a turn changed on the map, in one line: "DEM +4 in OH, takes OH (18)".

Every ruleset's presenter maps its PUBLIC view to one common shape, a `MapTally` (per state: each side's
count, its leader, its electoral votes); the diff and the wording are shared here, so each game's caption
reads alike and no caption can say more than the public board does. Pure and Discord-free.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MAX_PER_SIDE = 4  # states named in one list before "and N more": the line stays one line on a phone
MINUS = "−"  # a caption is read, not typed back: a true minus sign


class StateTally(BaseModel):
    """One state as the public sees it: each side's count there, who leads it, what it is worth."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    code: str
    ev: int = 0
    counts: dict[str, int] = Field(default_factory=dict)  # side -> cubes / voters / votes
    leader: str | None = None  # the side that holds or leads it; None: nobody (empty or tied)


class MapTally(BaseModel):
    """A whole public board in the common shape. `sides` in the order a caption names them after the mover;
    `side_of` maps a seat to the side it plays for (Campaign Trail's running mates share a party)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    sides: list[str]
    states: dict[str, StateTally]
    side_of: dict[str, str] = Field(default_factory=dict)
    verb: str = "takes"  # what a side does to a state it newly leads: "takes", "wins"


def _seen(tally: MapTally, code: str) -> tuple[dict[str, int], str | None]:
    """What of a state a caption speaks of: its counts and leader (a state coming into play empty is no change)."""
    st = tally.states.get(code)
    return ({s: n for s, n in st.counts.items() if n}, st.leader) if st is not None else ({}, None)


def changed_codes(before: MapTally, after: MapTally) -> list[str]:
    """The states whose public tally differs, the biggest change first (then by code)."""
    codes = [code for code in {*before.states, *after.states} if _seen(before, code) != _seen(after, code)]

    def size(code: str) -> tuple[int, str]:
        b, a = before.states.get(code), after.states.get(code)
        moved = 0
        if a is not None and b is not None:
            moved = sum(abs(a.counts.get(s, 0) - b.counts.get(s, 0)) for s in {*a.counts, *b.counts})
        return (-moved - (100 if (a.leader if a else None) != (b.leader if b else None) else 0), code)

    return sorted(codes, key=size)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"{MINUS}{-n}"


def _and(items: list[str]) -> str:
    """"OH", "OH and PA", "OH, PA and MI", "OH, PA, MI, WI and 3 more": a long list stays short."""
    if len(items) > MAX_PER_SIDE:
        items = [*items[:MAX_PER_SIDE], f"{len(items) - MAX_PER_SIDE} more"]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def summarise(before: MapTally, after: MapTally, seat: str | None) -> str | None:
    """One line of what changed between two public tallies, the mover's side first; None when nothing did."""
    codes = changed_codes(before, after)
    if not codes:
        return None
    deltas: dict[str, dict[int, list[str]]] = {}  # side -> change -> states, in the order first met
    takes: dict[str, list[str]] = {}
    open_now: list[str] = []
    for code in codes:
        b, a = before.states.get(code), after.states.get(code)
        # a state that left the contested board (won and taken off, its cubes no longer shown) has no counts
        # to compare: its caption is who took it
        if a is not None and (a.counts or a.leader is None):
            was_counts = b.counts if b is not None else {}  # a state coming into play: from nothing
            for side in [*after.sides, *sorted({*a.counts, *was_counts} - set(after.sides))]:
                moved = a.counts.get(side, 0) - was_counts.get(side, 0)
                if moved:
                    deltas.setdefault(side, {}).setdefault(moved, []).append(code)
        was, now = (b.leader if b else None), (a.leader if a else None)
        if now != was:
            if now is None:
                open_now.append(code)
            else:
                takes.setdefault(now, []).append(f"{code} ({a.ev if a else 0})")
    mover = after.side_of.get(seat or "", seat)
    order = [s for s in [mover, *after.sides, *deltas, *takes] if s]
    clauses: list[str] = []
    for side in dict.fromkeys(order):
        parts = [f"{_signed(moved)} in {_and(codes_)}" for moved, codes_ in deltas.get(side, {}).items()]
        if side in takes:
            parts.append(f"{after.verb} {_and(takes[side])}")
        if parts:
            clauses.append(f"{side} " + ", ".join(parts))
    if open_now:
        clauses.append(_and(open_now) + (" is" if len(open_now) == 1 else " are") + " up for grabs")
    return "; ".join(clauses) if clauses else None
