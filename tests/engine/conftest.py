"""Shared fixtures for the engine tests: one fuzz run per session, read by several tests."""
from __future__ import annotations

import pytest

import electioneer_fuzz



@pytest.fixture(scope="session")
def fuzz_report() -> electioneer_fuzz.FuzzReport:
    """1,000 seeded random-legal-move games, every check run after every step (≈ 50 s)."""
    return electioneer_fuzz.run(electioneer_fuzz.FUZZ_GAMES)
