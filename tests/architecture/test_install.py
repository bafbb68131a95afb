"""The install is reproducible: one lock pins every dependency, and CI runs the README's command on it.

A green CI once hid a failure a fresh machine saw (PyYAML 6.0.4 read merge keys differently from the
6.0.2 CI had): these tests fail when the lock misses a package, drifts from pyproject.toml, or when the
environment running the tests is not the one the lock describes.
"""
from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock"


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"requirements.lock: `{line}` is not pinned with =="
            pins[canonicalize_name(name)] = version.strip()
    return pins


def _direct() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        reqs += extra
    return [Requirement(r) for r in reqs]


def _closure(roots: list[Requirement]) -> set[str]:
    """Every distribution the project needs, transitively, as installed metadata says."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen or (req.marker is not None and not req.marker.evaluate({"extra": ""})):
            continue
        seen.add(name)
        for sub in metadata.requires(req.name) or []:
            todo.append(Requirement(sub))
    return seen


def test_every_direct_dependency_is_pinned_within_its_range() -> None:
    pins = _pins()
    for req in _direct():
        name = canonicalize_name(req.name)
        assert name in pins, (f"{req.name} is in pyproject.toml but not in requirements.lock: refresh the lock "
                              "(docs/developers.md, \"The lock\")")
        assert req.specifier.contains(pins[name], prereleases=True), \
            f"requirements.lock pins {req.name}=={pins[name]}, outside pyproject's `{req}`: refresh the lock"


def test_every_transitive_dependency_is_pinned_and_installed_at_its_pin() -> None:
    pins = _pins()
    needed = _closure(_direct())
    missing = sorted(needed - set(pins))
    assert not missing, f"installed dependencies missing from requirements.lock: {missing}"
    drift = {n: (metadata.version(n), pins[n]) for n in needed if metadata.version(n) != pins[n]}
    assert not drift, ("the tests run on packages other than the lock's (installed, locked): "
                       f"{drift}; install with the README's command")


def test_ci_runs_the_readme_test_command_in_a_fresh_venv_from_the_lock() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [ln.strip() for ln in ci.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    last = commands[-1]
    assert "-c requirements.lock" in last and "pytest" in last
    assert last in (ROOT / "README.md").read_text(encoding="utf-8"), "CI's command is not the README's"
    venv = next(i for i, c in enumerate(commands) if re.search(r"-m venv\b", c))
    activate = next(i for i, c in enumerate(commands) if "/bin/activate" in c)
    assert venv < activate < len(commands) - 1
    assert any(c.startswith("rm -rf") for c in commands[:venv]), "CI's venv is made afresh"


def test_the_build_backend_is_pinned_too() -> None:
    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    assert all("==" in r for r in build), build
