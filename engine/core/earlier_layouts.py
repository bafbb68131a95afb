"""How a title's states were stored before the table kept its own posting (engine/core/posting.py): the posting's
fields sat among the state's, and some fields were left out at their defaults. A game's record hashes each move's
state as it was stored then, so a record made before still verifies when its states are laid out again that way
(bot/policy/record.py's `hash_matches`). Nothing else reads these layouts: the rules, the table and every record
made since hash the state alone."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.core.posting import STORED_IN_STATE, Posting


@dataclass(frozen=True)
class EarlierLayout:
    """`posting_before`: the state field the posting's fields came just before. `left_out`: (dotted field path,
    value) pairs a stored state left out while the field held that value."""

    posting_before: str
    left_out: tuple[tuple[str, Any], ...] = ()


def earlier_hashes(layout: EarlierLayout, state: BaseModel, posting: Posting) -> list[str]:
    """The hashes a record made before could name for `state` with the table's `posting`: its held lines with their
    seats and causes, and as plain texts (as stored before held lines had fields)."""
    data = json.loads(state.model_dump_json())
    for path, value in layout.left_out:
        *parents, last = path.split(".")
        holder = data
        for key in parents:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(holder, dict) and last in holder and holder[last] == value:
            del holder[last]
    full = [{"text": h.text, "seat": h.seat, "cause": h.cause} for h in posting.held]
    return [_hash(_laid_out(data, layout.posting_before, held, posting)) for held in (full, [h.text for h in posting.held])]


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
