"""Shared fixtures for the engine tests: one fuzz run per session, read by several tests."""
from __future__ import annotations

import pytest

import electioneer_fuzz
from tests.fuzzing import play_games


@pytest.fixture(scope="session")
def fuzz_report() -> electioneer_fuzz.FuzzReport:
    """A seeded sample of random-legal-move games, every check run after every step (a few seconds; each xdist
    worker running a file that reads it plays it once)."""
    fuzzer = electioneer_fuzz.FUZZER
    return play_games(fuzzer, fuzzer.variants, range(electioneer_fuzz.FUZZ_GAMES))
