"""The suite's own order: every file tests/conftest.py names to run first exists, so a rename cannot quietly send a
whole game back to the end of the run."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import RUN_FIRST

ROOT = Path(__file__).resolve().parents[2]


def test_every_file_named_to_run_first_exists() -> None:
    assert [path for path in RUN_FIRST if not (ROOT / path).is_file()] == []
    assert len(set(RUN_FIRST)) == len(RUN_FIRST)
