"""Every data file validates against its strict model; all problems are reported at once."""
from __future__ import annotations

from engine.electioneer import content as electioneer


def test_all_content_valid() -> None:
    problems: list[str] = []
    _, found = electioneer.collect_problems()
    problems += found
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)


def test_bad_content_reports_every_problem(broken_data) -> None:
    """A broken copy of the data reports each broken card, not just the first."""
    problems = broken_data("electioneer", [
        ("policies.yaml", "effects: {healthcare: 2, immigration: -1}", "effects: {healthcare: 2, weather: -1}"),
        ("policies.yaml", "party: REP, name: Tax Cut Extension", "party: REP, nmae: Tax Cut Extension"),
    ], electioneer.collect_problems)
    text = "\n".join(problems)
    assert "nmae" in text, text
    assert "policies[15]" in text, text
    assert "weather" in text, text
