"""Held lines (engine/core/types.py's `HeldLine`) in a copy made in memory and in a stored state: a copy shares each
held line whole, facts and all, and nothing mutable; a stored form, its hash and equality never hold the facts."""
from __future__ import annotations

import hashlib

import pytest
from pydantic import Field, ValidationError

from engine.core.posting import text_only_hash
from engine.core.types import Facts, HeldLine, Strict, copy_state


class _Told(Facts):
    kind = "told"
    seat: str
    votes: tuple[int, ...] = ()


class _Aside(Strict):
    lines: list[HeldLine] = Field(default_factory=list)
    facts: _Told | None = None


class _Table(Strict):
    unposted: list[HeldLine] = Field(default_factory=list)
    unposted_changed: list[str] = Field(default_factory=list)
    tally: dict[str, list[int]] = Field(default_factory=dict)
    aside: _Aside = Field(default_factory=_Aside)


def _table() -> _Table:
    lines = [HeldLine(text="Kennedy campaigns in Ohio.", seat="KEN", cause="C12",
                       facts=_Told(seat="KEN", votes=(3, 1))),
             HeldLine(text="The round ends."),
             HeldLine(text="Nixon wins Ohio.", seat="NIX", facts=_Told(seat="NIX"))]
    return _Table(unposted=lines, unposted_changed=["OH"], tally={"KEN": [1, 2]},
                  aside=_Aside(lines=[HeldLine(text="Aside.", facts=_Told(seat="KEN"))], facts=_Told(seat="NIX")))


def test_a_copy_shares_each_held_line_whole_with_its_facts_and_nothing_mutable() -> None:
    table = _table()
    copied = copy_state(table)
    assert copied == table
    for mine, theirs in ((copied.unposted, table.unposted), (copied.aside.lines, table.aside.lines)):
        assert mine is not theirs and mine == theirs
        assert all(a is b for a, b in zip(mine, theirs, strict=True))  # frozen: shared, not built again
        assert [h.facts for h in mine] == [h.facts for h in theirs] and mine[0].facts is not None
    assert copied.aside is not table.aside and copied.aside.facts == table.aside.facts
    assert copied.tally is not table.tally and copied.tally["KEN"] is not table.tally["KEN"]
    copied.unposted.append(HeldLine(text="More."))
    copied.unposted_changed.append("PA")
    copied.tally["KEN"].append(3)
    assert len(table.unposted) == 3 and table.unposted_changed == ["OH"] and table.tally == {"KEN": [1, 2]}
    assert copy_state(copy_state(table)).unposted[2].facts == _Told(seat="NIX")  # a copy of a copy too


def test_a_stored_form_its_hash_and_equality_never_hold_a_held_lines_facts() -> None:
    table = _table()
    bare = table.model_copy(update={"unposted": [HeldLine(text=h.text, seat=h.seat, cause=h.cause)
                                                 for h in table.unposted]})
    assert table == bare and table.unposted == bare.unposted
    stored = table.model_dump_json()
    assert stored == bare.model_dump_json() and '"facts"' not in stored.split('"aside"')[0]
    assert table.model_dump()["unposted"][0] == {"text": "Kennedy campaigns in Ohio.", "seat": "KEN", "cause": "C12"}
    loaded = _Table.model_validate_json(stored)
    assert loaded == table and all(h.facts is None for h in loaded.unposted)
    assert copy_state(table).model_dump_json() == stored  # a copy stores just as its original does
    texts = table.model_copy(update={"unposted": [h.text for h in table.unposted]})
    assert text_only_hash(table) == hashlib.sha256(texts.model_dump_json(warnings=False).encode()).hexdigest()


def test_a_held_line_loads_from_its_stored_form_or_a_plain_text_and_nothing_else() -> None:
    loaded = _Table.model_validate({"unposted": ["Old line.", {"text": "New line.", "seat": "KEN"}]})
    assert loaded.unposted == [HeldLine(text="Old line."), HeldLine(text="New line.", seat="KEN")]
    for bad in (0, 1.5, None, ["Old line."]):
        with pytest.raises(ValidationError, match="HeldLine"):
            _Table.model_validate({"unposted": [bad]})
        with pytest.raises(ValidationError):
            HeldLine.model_validate(bad)
