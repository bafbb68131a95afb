"""PostgreSQL-specific parts of the store: migrations, the factory, lifecycle, and that PgStore
offers every public method of Store with the same signature."""
from __future__ import annotations

import asyncio
import inspect

import asyncpg
import pytest

from bot.store import SCHEMA_VERSION, DuplicateMove, Store, StoreClosed, StoreError, load_migrations
from bot.store.factory import DATABASE_URL_ENV, is_postgres_url, open_store, store_target
from bot.store.postgres import PgStore, redact_url
from store_helpers import make_active, make_lobby, move

# ---------------------------------------------------------------- one interface


def _public(cls: type) -> dict[str, object]:
    return {name: member for name, member in inspect.getmembers(cls) if not name.startswith("_")}


def test_pg_store_offers_every_public_method_of_store_with_its_signature() -> None:
    sqlite_api, pg_api = _public(Store), _public(PgStore)
    missing = sorted(set(sqlite_api) - set(pg_api))
    assert not missing, f"PgStore lacks {missing}: add them to bot/store/postgres.py (same signature, same behaviour)"
    for name, member in sqlite_api.items():
        if name == "open" or isinstance(member, property):
            continue  # open takes a URL instead of a path; properties have no signature
        want, got = inspect.signature(member), inspect.signature(pg_api[name])
        assert list(want.parameters) == list(got.parameters), name
        for p in want.parameters.values():
            q = got.parameters[p.name]
            assert (p.kind, p.default) == (q.kind, q.default), f"{name}({p.name})"
        assert inspect.iscoroutinefunction(member) == inspect.iscoroutinefunction(pg_api[name]), name


# ---------------------------------------------------------------- migrations


def test_pg_migrations_line_up_with_the_sqlite_ones() -> None:
    assert [(m.version, m.name) for m in load_migrations(dialect="postgres")] == [(m.version, m.name) for m in load_migrations()]


def test_pg_migration_scripts_may_not_manage_the_transaction(tmp_path) -> None:
    (tmp_path / "0001_a.sql").write_text("CREATE TABLE a (x INT);\nCOMMIT;\n")
    with pytest.raises(StoreError, match="COMMIT"):
        load_migrations(tmp_path, dialect="postgres")
    (tmp_path / "0001_a.sql").write_text("CREATE TABLE a (x INT); -- COMMIT in a comment is fine\n")
    (tmp_path / "0003_c.sql").write_text("CREATE TABLE c (x INT);\n")
    with pytest.raises(StoreError, match="without gaps"):
        load_migrations(tmp_path, dialect="postgres")


async def test_a_fresh_database_is_migrated_once_and_reopens_unchanged(fresh_pg_url) -> None:
    s = await PgStore.open(fresh_pg_url)
    assert s.schema_version == SCHEMA_VERSION and s.backup_path is None
    assert await s.integrity_check() == "ok"
    g = await make_active(s)
    await s.close()
    s = await PgStore.open(fresh_pg_url)
    try:
        assert (await s.get_game(g.id)).version == g.version
        c = await asyncpg.connect(fresh_pg_url)
        try:
            rows = await c.fetch("SELECT version, name FROM stumpbot_schema ORDER BY version")
        finally:
            await c.close()
        assert [(r[0], r[1]) for r in rows] == [(m.version, m.name) for m in load_migrations()]
    finally:
        await s.close()


async def test_processes_starting_together_migrate_once(fresh_pg_url) -> None:
    stores = await asyncio.gather(*(PgStore.open(fresh_pg_url) for _ in range(3)))
    try:
        assert {s.schema_version for s in stores} == {SCHEMA_VERSION}
        await make_lobby(stores[0])
        assert len(await stores[2].list_games()) == 1
    finally:
        for s in stores:
            await s.close()


async def test_refuses_a_database_from_a_newer_stumpbot(fresh_pg_url) -> None:
    await (await PgStore.open(fresh_pg_url)).close()
    c = await asyncpg.connect(fresh_pg_url)
    try:
        await c.execute("INSERT INTO stumpbot_schema (version, name) VALUES ($1, 'future')", SCHEMA_VERSION + 1)
    finally:
        await c.close()
    with pytest.raises(StoreError, match="newer Stumpbot"):
        await PgStore.open(fresh_pg_url)


async def test_a_failing_migration_rolls_back_whole_and_says_where(fresh_pg_url, tmp_path) -> None:
    (tmp_path / "0001_ok.sql").write_text("CREATE TABLE settings (scope TEXT, key TEXT, value TEXT, "
                                          "PRIMARY KEY (scope, key));\n")
    (tmp_path / "0002_bad.sql").write_text("CREATE TABLE half (x INT);\nSELECT no_such_function();\n")
    with pytest.raises(StoreError, match=r"(?s)0002_bad failed .* schema version 1"):
        await PgStore.open(fresh_pg_url, migrations_dir=tmp_path)
    c = await asyncpg.connect(fresh_pg_url)
    try:  # the failed script left nothing behind
        assert await c.fetchval("SELECT to_regclass('half')") is None
    finally:
        await c.close()


# ---------------------------------------------------------------- lifecycle and the factory


async def test_closed_store_refuses_calls_and_data_survives_reopen(pg_url) -> None:
    s = await PgStore.open(pg_url)
    g = await make_active(s)
    c = await move(s, g, 1, idem_key="k1")
    await s.set_setting("guild:1", "a", "b")
    await s.close()
    await s.close()  # idempotent
    assert s.closed
    with pytest.raises(StoreClosed):
        await s.get_game(g.id)
    with pytest.raises(StoreClosed):
        await s.checkpoint()
    async with await PgStore.open(pg_url) as s2:
        assert (await s2.get_game(g.id)).version == c.version
        with pytest.raises(DuplicateMove):
            await move(s2, (g.id, c.version), 2, idem_key="k1")
        assert await s2.get_setting("guild:1", "a") == "b"
    assert s2.closed


async def test_background_checkpoints_are_a_quiet_task(store) -> None:
    task = store.start_background_checkpoints(0.01)
    assert store.start_background_checkpoints(0.01) is task
    await asyncio.sleep(0.05)
    assert not task.done()
    assert (await store.checkpoint()).busy is False
    await store.stop_background_checkpoints()
    assert task.cancelled()


async def test_an_unreachable_server_is_a_store_error_without_the_password(pg_server) -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(StoreError) as exc:
        await PgStore.open(f"postgresql://bot:s3cret@127.0.0.1:{port}/x", connect_timeout_s=2)
    assert "s3cret" not in str(exc.value) and "bot:***@127.0.0.1" in str(exc.value)
    assert DATABASE_URL_ENV in str(exc.value)  # the message names the setting to fix


def test_redact_url() -> None:
    assert redact_url("postgresql://u:pw@h:5/db?x=1") == "postgresql://u:***@h:5/db?x=1"
    assert redact_url("postgresql://u@h/db") == "postgresql://u@h/db"


def test_the_target_comes_from_the_environment() -> None:
    assert store_target("data/x.sqlite3", {}) == "data/x.sqlite3"
    assert store_target("data/x.sqlite3", {DATABASE_URL_ENV: "  "}) == "data/x.sqlite3"
    assert store_target("data/x.sqlite3", {DATABASE_URL_ENV: "postgresql://h/db"}) == "postgresql://h/db"
    assert is_postgres_url("postgres://h/db") and is_postgres_url("PostgreSQL://h/db")
    assert not is_postgres_url("postgresql.sqlite3")


async def test_open_store_picks_the_backend(pg_url, tmp_path) -> None:
    pg = await open_store(pg_url)
    lite = await open_store(tmp_path / "x.sqlite3")
    try:
        assert isinstance(pg, PgStore) and isinstance(lite, Store)
    finally:
        await pg.close()
        await lite.close()
