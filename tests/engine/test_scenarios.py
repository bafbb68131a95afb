"""Every scenario file under tests/scenarios/ (the rules test cases, docs/scenarios.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import run_file

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted(p for p in ROOT.rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert FILES, f"no scenario files under {ROOT}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_scenario_file(path: Path) -> None:
    results = run_file(path)
    failed = [r.line for r in results if not r.passed]
    assert results, f"{path} has no cases"
    assert not failed, f"{len(failed)} of {len(results)} cases failed:\n" + "\n".join(failed)


def test_every_ruling_is_pinned_by_an_existing_case() -> None:
    """docs/rulings.md names its pinning cases as `tests/scenarios/<file>.yaml::<case>`."""
    import re

    from engine import yamlfile

    repo = ROOT.parents[1]
    text = (repo / "docs" / "rulings.md").read_text(encoding="utf-8")
    refs = re.findall(r"`(tests/scenarios/[\w/]+\.yaml)::(\w+)`", text)
    assert len(refs) >= 10
    missing = []
    names: dict[str, set[str]] = {}  # file → its case names: each file parsed once, not once per citation (266)
    for file, case in refs:
        if file not in names:
            path = repo / file
            names[file] = ({c.get("name") for c in yamlfile.load(path.read_text(encoding="utf-8"))["cases"]}
                           if path.exists() else set())
        if case not in names[file]:
            missing.append(f"{file}::{case}")
    assert not missing, "rulings.md cites cases that do not exist: " + ", ".join(missing)
    sections = re.findall(r"^## (.+)$", text, flags=re.M)
    for title in sections:
        block = text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
        for field in ("**Section**", "**Reading**", "**Why**", "**Pinned by**"):
            assert field in block, f"ruling '{title}' lacks {field}"
