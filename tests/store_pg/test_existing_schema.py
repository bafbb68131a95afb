"""A PostgreSQL database written before the store was one package opens in place and works on:
fixtures/before_issue27_v7.sql is a pg_dump (--inserts) of a database the old bot/store_pg.py made and filled
as tests/store/test_existing_databases.py's SQLite file was, and the same checks run on it."""
from __future__ import annotations

import itertools
from pathlib import Path

import asyncpg

from bot.store import SCHEMA_VERSION, PgStore
from test_existing_databases import check_what_the_old_store_wrote

DUMP = Path(__file__).resolve().parent / "fixtures" / "before_issue27_v7.sql"
_numbers = itertools.count(1)


async def test_a_database_of_version_7_upgrades_in_place_and_works(pg_server) -> None:
    name = f"legacy{next(_numbers)}"
    admin = await asyncpg.connect(pg_server.url())
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        c = await asyncpg.connect(pg_server.url(name))
        try:  # psql's meta-commands (\restrict) are not SQL
            await c.execute("\n".join(line for line in DUMP.read_text().splitlines() if not line.startswith("\\")))
        finally:
            await c.close()
        s = await PgStore.open(pg_server.url(name))
        try:
            assert s.schema_version == SCHEMA_VERSION == 9 and s.backup_path is None
            await check_what_the_old_store_wrote(s)
        finally:
            await s.close()
    finally:
        await admin.execute(f'DROP DATABASE "{name}"')
        await admin.close()
