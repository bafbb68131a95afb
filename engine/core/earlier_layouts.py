"""How a title's states were stored before the table kept its own posting (engine/core/posting.py): the posting's
fields sat among the state's, and some fields were left out at their defaults; and, for a title whose states once
kept something since made apart from them (a question's words, say), what they kept. A game's record hashes each
move's state as it was stored then, so a record made before still verifies when its states are laid out again that
way (bot/policy/record.py's `hash_matches`). Nothing else reads these layouts: the rules, the table and every record
made since hash the state alone."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from engine.core.posting import STORED_IN_STATE, Posting


@dataclass(frozen=True)
class EarlierLayout:
    """`posting_before`: the state field the posting's fields came just before. `left_out`: (dotted field path,
    value) pairs a stored state left out while the field held that value. `restore`: puts back into a state's dump,
    in place, what the states of then kept that the state keeps no more (both while they held the posting and after
    it was kept apart). `later`: for each time since, between two changes of what the state keeps, the same for a
    state stored then (each on a dump of its own: what was kept then, and nothing kept only before). `said_then`: a
    line as the words of then said it, where the words have changed since: a record made then keeps its public lines
    so (bot/policy/record.py's `lines_match`), and, while states held the posting, hashed its held lines so."""

    posting_before: str
    left_out: tuple[tuple[str, Any], ...] = ()
    restore: Callable[[dict[str, Any]], None] | None = None
    later: tuple[Callable[[dict[str, Any]], None], ...] = ()
    said_then: Callable[[str], str] | None = None


def earlier_hashes(layout: EarlierLayout, state: BaseModel, posting: Posting) -> list[str]:
    """The hashes a record made before could name for `state` with the table's `posting`: with what the layout
    restores, alone (as stored once the posting was kept apart) and with its held lines among its fields, with their
    seats and causes and as plain texts (as stored before held lines had fields); and with what each later time's
    restore puts back."""
    dump = state.model_dump_json()
    alone: list[str] = []
    for restore in layout.later:
        then = json.loads(dump)
        restore(then)
        alone.append(_hash(then))
    data = json.loads(dump)
    if layout.restore is not None:
        layout.restore(data)
        alone.append(_hash(data))
    for path, value in layout.left_out:
        *parents, last = path.split(".")
        holder = data
        for key in parents:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(holder, dict) and last in holder and holder[last] == value:
            del holder[last]
    said = [layout.said_then(h.text) if layout.said_then else h.text for h in posting.held]
    full = [{"text": text, "seat": h.seat, "cause": h.cause} for text, h in zip(said, posting.held)]
    return alone + [_hash(_laid_out(data, layout.posting_before, held, posting)) for held in (full, said)]


def _laid_out(data: dict[str, Any], before: str, held: list[Any], posting: Posting) -> dict[str, Any]:
    fields = dict(zip(STORED_IN_STATE, (held, list(posting.held_changed), list(posting.last_changed))))
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == before:
            out.update(fields)
        out[key] = value
    return out


def _hash(data: dict[str, Any]) -> str:
    # as pydantic writes a model's JSON: no spaces, text unescaped
    return hashlib.sha256(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()
