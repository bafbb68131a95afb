"""A line whose words have changed is read back as the words of then said it (each title's earlier layout's
`said_then`): a record made then holds its public lines so, and, while states held the posting, hashed its held lines
so (engine/core/earlier_layouts.py)."""
from __future__ import annotations

from engine import registry
from engine.campaign_manager_2008 import facts as cm_facts
from engine.core.types import Event
from engine.nineteen_sixty import facts_effects as fe
from engine.nineteen_sixty import facts_tell as t
from engine.nineteen_sixty import words_tell


def _said_then(title: str, text: str) -> str:
    layout = registry.get(title).earlier_layout
    assert layout is not None and layout.said_then is not None
    return layout.said_then(text)


def test_a_1960_momentum_line_is_read_back_as_then_without_now() -> None:
    said_now = [words_tell.line(x) for x in (
        fe.MomentumChanged(side="N", n=1, lost=True, momentum=1),
        t.RewardTaken(seat="KEN", issue="economy", momentum=2),
        t.IssueRewarded(side="K", issue="defense", place=1, momentum=12))]
    assert [_said_then("nineteen_sixty", text) for text in said_now] == [
        "Nixon loses 1 momentum (1).",
        "KEN leads Economy (2nd) and takes 1 momentum (2).",
        "Kennedy leads Defense (1st) and gains 1 momentum (12) and an endorsement."]
    unchanged = "NIX triggers the event of #11 Harry F. Byrd (1 momentum; 1 left): Kennedy loses 2 support."
    assert _said_then("nineteen_sixty", unchanged) == unchanged


def test_a_campaign_manager_rally_is_read_back_as_then_with_its_counts_bare() -> None:
    words = registry.get("campaign_manager_2008").words
    rally = cm_facts.Rallied(group="seniors", seat="MCC", taken=(("FL", 4), ("CO", 1)))
    (line,) = [e.public for e in words.tell([Event(facts=rally)])]
    assert line == "Seniors rally to MCC: FL (4 undecided blocks), CO (1 undecided block)."
    assert _said_then("campaign_manager_2008", line) == "Seniors rally to MCC: FL (4), CO (1)."

