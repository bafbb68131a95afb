"""Rulesets stay apart: the scenario runner and the core know none of them, and no
ruleset package imports another. Checked on the source, imports inside functions included."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
# a ruleset package is a folder of engine/ holding a ruleset object's module (engine/core/ruleset.py
# is the contract they implement, not a ruleset)
RULESET_PACKAGES = sorted(p.name for p in ENGINE.iterdir() if (p / "ruleset.py").is_file() and p.name != "core")


def _engine_packages_imported(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """(line, package) for every `engine.<package>` an engine module imports, relative imports resolved."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"), filename=str(path))
    own = path.relative_to(ROOT).with_suffix("").parts  # ("engine", "electioneer", "rules")
    found: set[tuple[int, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = own[: len(own) - node.level] if node.level else ()
            module = ".".join((*base, node.module or ""))
            # `from engine import electioneer` names the package in the imported names
            modules = [module.rstrip(".")] + [f"{module.rstrip('.')}.{a.name}" for a in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if len(parts) >= 2 and parts[0] == "engine":
                found.add((node.lineno, parts[1]))
    return sorted(found)


def test_there_are_ruleset_packages() -> None:
    assert set(registry.RULESETS) <= set(RULESET_PACKAGES), (registry.RULESETS, RULESET_PACKAGES)


@pytest.mark.parametrize("module", ["scenario.py", "scenario_expect.py", "scenario_setup.py"])
def test_the_scenario_runner_imports_and_names_no_ruleset(module: str) -> None:
    runner = ENGINE / module
    imports = [f"line {n} imports engine.{p}" for n, p in _engine_packages_imported(runner) if p in RULESET_PACKAGES]
    text = runner.read_text(encoding="utf-8").lower()
    names = {*registry.RULESETS, *RULESET_PACKAGES, *(r.title.lower() for r in registry.RULESETS.values())}
    named = sorted(n for n in names if n.lower() in text)
    assert not imports and not named, f"engine/{module} must stay generic: {imports} names {named}"


def test_the_core_imports_no_ruleset() -> None:
    problems = [f"{path.relative_to(ROOT)}:{n} imports engine.{p}"
                for path in sorted((ENGINE / "core").rglob("*.py"))
                for n, p in _engine_packages_imported(path) if p in RULESET_PACKAGES]
    assert not problems, "\n".join(problems)


def test_no_ruleset_imports_another() -> None:
    problems = [f"{path.relative_to(ROOT)}:{n} imports engine.{p}"
                for package in RULESET_PACKAGES
                for path in sorted((ENGINE / package).rglob("*.py"))
                for n, p in _engine_packages_imported(path) if p in RULESET_PACKAGES and p != package]
    assert not problems, "a ruleset imports another (shared code belongs in engine/core/):\n" + "\n".join(problems)


def test_the_import_check_sees_what_it_must() -> None:
    """The checker itself: absolute, from-package and relative imports, at any depth, all count."""
    source = ("import engine.campaign_trail.rules\nfrom engine import campaign_trail\n"
              "def f():\n    from ..campaign_trail import x\nfrom . import rules\n")
    found = _engine_packages_imported(ENGINE / "electioneer" / "probe.py", source)
    assert found == [(1, "campaign_trail"), (2, "campaign_trail"), (4, "campaign_trail"), (5, "electioneer")]
