"""Records exported before a line's words changed: each still verifies, its public lines read as the words of then
said them (the title's earlier layout's `said_then`), while a line changed in any other way is still refused. The
fixtures are demo games exported by the code of then: 1960 (`stumpbot demo nineteen_sixty --seed 3`), whose momentum
lines wrote the new total bare ("momentum (1)"), and Campaign Manager 2008 (seed 5), whose rallies wrote the blocks
taken as a bare count ("CO (3)")."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.policy.record_verify import verify_record

FIXTURES = Path(__file__).parent / "fixtures"
# the fixture, a line's words of then seen in it, and each line of then as the words say it now
RECORDS = {
    "nineteen_sixty": ("nineteen_sixty_record_before_momentum_said_now.json", "momentum (1)",
                       (re.compile(r"momentum \((\d+)\)"), r"momentum (now \1)")),
    "campaign_manager_2008": ("campaign_manager_2008_record_before_rallies_said_blocks.json", "CO (3)",
                              (re.compile(r"(rally to \w+: \w\w) \((\d+)\)"), r"\1 (\2 undecided blocks)")),
}


def _record(title: str) -> dict[str, Any]:
    return json.loads((FIXTURES / RECORDS[title][0]).read_text(encoding="utf-8"))


def _moves_saying(data: dict[str, Any], text: str) -> list[dict[str, Any]]:
    return [m for m in data["moves"] if any(text in line for line in m["public"])]


@pytest.mark.parametrize("title", RECORDS)
def test_a_record_worded_then_verifies(title: str) -> None:
    data = _record(title)
    _, then, _ = RECORDS[title]
    assert _moves_saying(data, then), "the record says the line as the words of then did"
    verdict = verify_record(data)
    assert verdict.ok, verdict.problems
    assert verdict.checked == len(data["moves"])


@pytest.mark.parametrize("title", RECORDS)
def test_a_line_of_then_changed_otherwise_is_refused(title: str) -> None:
    """The old words are read back exactly: the same line with the total or count changed does not verify."""
    data = _record(title)
    _, then, _ = RECORDS[title]
    move = _moves_saying(data, then)[0]
    move["public"] = [line.replace(then, then.replace("3", "4").replace("1", "2")) for line in move["public"]]
    verdict = verify_record(data)
    assert not verdict.ok
    assert any(f"move {move['seq']} " in p and "public lines differ" in p for p in verdict.problems), verdict.problems


@pytest.mark.parametrize("title", RECORDS)
def test_a_record_made_now_says_the_new_words_and_verifies_as_it_is(title: str) -> None:
    """The same record with its lines in today's words (as a record exported now holds them) verifies too."""
    data = _record(title)
    _, then, (said_then, said_now) = RECORDS[title]
    assert _moves_saying(data, then)
    for move in data["moves"]:
        move["public"] = [said_then.sub(said_now, line) for line in move["public"]]
    assert not _moves_saying(data, then)
    verdict = verify_record(data)
    assert verdict.ok, verdict.problems
