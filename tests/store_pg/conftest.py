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
    from bot.store import PgStore

    s = await PgStore.open(pg_url)
    yield s
    await s.close()


@pytest.fixture(params=["sqlite", "postgres"])
async def two_stores(request, tmp_path):
    """Two store instances on one database, as two bot processes would open it (each backend in turn)."""
    from bot.store import Store
    from bot.store import PgStore

    if request.param == "sqlite":
        stores = [await Store.open(tmp_path / "shared.sqlite3"), await Store.open(tmp_path / "shared.sqlite3")]
    else:
        url = request.getfixturevalue("pg_url")
        stores = [await PgStore.open(url), await PgStore.open(url)]
    yield stores
    for s in stores:
        await s.close()
