"""The linter and the type checker pass: ruff's rules over the code, tests and benches, and mypy over the core
and the services (both configured in pyproject.toml). Each fails with the tool's own report."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=240)


def test_ruff_finds_nothing() -> None:
    done = _run("ruff", "check", "--no-cache", "bot", "engine", "render", "tests", "bench")
    assert done.returncode == 0, f"ruff check:\n{done.stdout}{done.stderr}"


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    done = _run("mypy", "--cache-dir", str(tmp_path / "mypy"))
    assert done.returncode == 0, f"mypy:\n{done.stdout}{done.stderr}"
