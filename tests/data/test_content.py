"""Every data file validates against its strict model; all problems are reported at once."""
from __future__ import annotations

from engine.electioneer import content as electioneer


def test_all_content_valid() -> None:
    problems: list[str] = []
    _, found = electioneer.collect_problems()
    problems += found
    assert not problems, f"{len(problems)} content problems:\n" + "\n".join(problems)


def test_bad_content_reports_every_problem(tmp_path, monkeypatch) -> None:
    """A broken copy of the data reports each broken card, not just the first."""
    import shutil

    from engine import content

    data = tmp_path / "data"
    shutil.copytree(content.DATA_DIR / "electioneer", data / "electioneer")
    policies = (data / "electioneer" / "policies.yaml").read_text()
    policies = policies.replace("effects: {healthcare: 2, immigration: -1}", "effects: {healthcare: 2, weather: -1}")
    policies = policies.replace("party: REP, name: Tax Cut Extension", "party: REP, nmae: Tax Cut Extension")
    (data / "electioneer" / "policies.yaml").write_text(policies)
    monkeypatch.setattr(content, "DATA_DIR", data)
    content.read_data.cache_clear()
    try:
        _, problems = electioneer.collect_problems()
    finally:
        content.read_data.cache_clear()
    text = "\n".join(problems)
    assert "nmae" in text or "name" in text, text
    assert "R02" in text or "policies.1" in text or "policies[15]" in text, text
    assert "weather" in text, text
    assert len(problems) >= 2, text
