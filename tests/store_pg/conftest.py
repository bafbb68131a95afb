"""The PostgreSQL store tests: `store` is a PgStore on the test's empty database (pg_fixtures.py, registered
for every package by tests/conftest.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The contract suite reruns tests/store's tests (test_store_api_on_pg.py imports them), and those import
# store_helpers by name: put that folder on the path even when only this one is collected.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "store"))


@pytest.fixture
async def store(pg_url):
    from bot.store_pg import PgStore

    s = await PgStore.open(pg_url)
    yield s
    await s.close()
