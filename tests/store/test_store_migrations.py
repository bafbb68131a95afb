"""Migrations: numbered scripts, PRAGMA user_version, BEGIN IMMEDIATE, VACUUM INTO backups, refusal of newer DBs."""
from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS_DIR, SCHEMA_VERSION, Store, StoreError, load_migrations
from bot.store.migrations import _split_sql
from store_helpers import make_active, move

TABLES = {"games", "seats", "journal", "snapshots", "jobs", "outbox", "settings"}


def user_version(path: Path) -> int:
    con = sqlite3.connect(path)
    try:
        return con.execute("PRAGMA user_version").fetchone()[0]
    finally:
        con.close()


def tables(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_schema WHERE type='table'")}
    finally:
        con.close()


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".bak-*"))


def migrations_plus(tmp_path: Path, extra: dict[str, str]) -> Path:
    """A copy of bot/migrations with extra scripts (test-only future versions)."""
    d = tmp_path / "migrations"
    d.mkdir(parents=True, exist_ok=True)
    for f in MIGRATIONS_DIR.glob("*.sql"):
        shutil.copy(f, d / f.name)
    for name, sql in extra.items():
        (d / name).write_text(sql, encoding="utf-8")
    return d


NEXT = f"{SCHEMA_VERSION + 1:04d}"


async def test_fresh_database_gets_the_whole_schema(tmp_path) -> None:
    path = tmp_path / "fresh.sqlite3"
    s = await Store.open(path)
    assert s.schema_version == SCHEMA_VERSION and s.backup_path is None
    await s.close()
    assert user_version(path) == SCHEMA_VERSION
    assert TABLES <= tables(path)
    assert backups(path) == []  # nothing to back up in a new file


async def test_reopening_changes_nothing(tmp_path) -> None:
    path = tmp_path / "again.sqlite3"
    s = await Store.open(path)
    g = await make_active(s)
    await s.close()
    for _ in range(2):
        s = await Store.open(path)
        assert s.backup_path is None
        assert (await s.get_game(g.id)).version == g.version
        await s.close()
    assert backups(path) == [] and user_version(path) == SCHEMA_VERSION


async def test_refuses_a_newer_database(tmp_path) -> None:
    path = tmp_path / "newer.sqlite3"
    s = await Store.open(path)
    await make_active(s)
    await s.close()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match=rf"schema version {SCHEMA_VERSION + 1}.*newer Stumpbot"):
        await Store.open(path)
    assert user_version(path) == SCHEMA_VERSION + 1 and backups(path) == []


async def test_unversioned_database_with_data_is_backed_up_first(tmp_path) -> None:
    path = tmp_path / "legacy.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE legacy_notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.executemany("INSERT INTO legacy_notes (body) VALUES (?)", [("a",), ("b",)])
    con.commit()
    con.close()
    s = await Store.open(path, backup_stamp="20300101T000000Z")
    expected = Path(f"{path}.bak-v0-20300101T000000Z")
    assert s.backup_path == str(expected)
    await s.close()
    assert backups(path) == [expected]
    bak = sqlite3.connect(expected)
    assert bak.execute("SELECT body FROM legacy_notes ORDER BY id").fetchall() == [("a",), ("b",)]
    assert bak.execute("PRAGMA user_version").fetchone()[0] == 0
    assert bak.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    bak.close()
    assert user_version(path) == SCHEMA_VERSION and TABLES | {"legacy_notes"} <= tables(path)


async def test_upgrade_backs_up_and_keeps_data(tmp_path) -> None:
    path = tmp_path / "up.sqlite3"
    s = await Store.open(path)
    g = await make_active(s)
    c = await move(s, g, 1, idem_key="k")
    await s.close()
    future = migrations_plus(tmp_path, {
        f"{NEXT}_game_language.sql": "ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';\n"
                                     "CREATE INDEX games_language ON games (language);\n",
    })
    s = await Store.open(path, migrations_dir=future, backup_stamp="STAMP")
    assert s.schema_version == SCHEMA_VERSION + 1
    assert s.backup_path == f"{path}.bak-v{SCHEMA_VERSION}-STAMP"
    assert (await s.get_game(g.id)).version == c.version
    assert [e.idem_key for e in await s.load_journal(g.id)] == ["k"]
    await s.close()
    bak = Path(f"{path}.bak-v{SCHEMA_VERSION}-STAMP")
    assert user_version(bak) == SCHEMA_VERSION
    con = sqlite3.connect(bak)
    assert con.execute("SELECT count(*) FROM journal").fetchone()[0] == 1
    con.close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT language FROM games").fetchall() == [("en",)]
    con.close()
    # The migrated file is now newer than the shipped code: refused, untouched.
    with pytest.raises(StoreError, match="newer"):
        await Store.open(path)


async def test_backup_never_overwrites_an_earlier_one(tmp_path) -> None:
    path = tmp_path / "twice.sqlite3"
    await (await Store.open(path)).close()
    earlier = Path(f"{path}.bak-v{SCHEMA_VERSION}-SAME")
    earlier.write_bytes(b"an earlier backup")
    future = migrations_plus(tmp_path, {f"{NEXT}_noop.sql": "CREATE TABLE extra (x INTEGER);"})
    s = await Store.open(path, migrations_dir=future, backup_stamp="SAME")
    assert s.backup_path == f"{earlier}-1"
    await s.close()
    assert earlier.read_bytes() == b"an earlier backup"
    assert user_version(Path(f"{earlier}-1")) == SCHEMA_VERSION


async def test_failed_migration_rolls_back_whole_script(tmp_path) -> None:
    path = tmp_path / "fail.sqlite3"
    s = await Store.open(path)
    g = await make_active(s)
    await s.close()
    broken = migrations_plus(tmp_path, {
        f"{NEXT}_broken.sql": "CREATE TABLE half_done (x INTEGER);\n"
                              "UPDATE games SET title = 'changed';\n"
                              "INSERT INTO no_such_table VALUES (1);\n",
    })
    with pytest.raises(StoreError, match=rf"migration {NEXT}_broken failed.*version {SCHEMA_VERSION}.*bak-v"):
        await Store.open(path, migrations_dir=broken)
    assert user_version(path) == SCHEMA_VERSION
    assert "half_done" not in tables(path)
    assert len(backups(path)) == 1
    s = await Store.open(path)  # the shipped code still opens it
    assert (await s.get_game(g.id)).title == "Test game"
    assert await s.integrity_check() == "ok"
    await s.close()


async def test_migration_can_rebuild_a_table_with_foreign_keys(tmp_path) -> None:
    """The SQLite way to change a column: new table, copy, drop, rename — with foreign keys off, checked after."""
    path = tmp_path / "rebuild.sqlite3"
    s = await Store.open(path)
    g = await make_active(s)
    await s.close()
    rebuild = migrations_plus(tmp_path, {f"{NEXT}_rebuild_jobs.sql": """
        CREATE TABLE jobs_new (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind TEXT NOT NULL, seat TEXT, due_at INTEGER NOT NULL,
            payload TEXT NOT NULL DEFAULT '{}', created_at INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0  -- new; a comment with a ; inside
        ) STRICT;
        INSERT INTO jobs_new (id, game_id, kind, seat, due_at, payload, created_at)
            SELECT id, game_id, kind, seat, due_at, payload, created_at FROM jobs;
        DROP TABLE jobs;
        ALTER TABLE jobs_new RENAME TO jobs;
        CREATE INDEX jobs_due ON jobs (due_at);
        CREATE INDEX jobs_game ON jobs (game_id);
    """})
    s = await Store.open(path, migrations_dir=rebuild)
    assert [j.kind for j in await s.jobs_for_game(g.id)] == ["deadline"]
    assert await s.integrity_check() == "ok"
    await s.close()


async def test_migration_scripts_may_not_manage_the_transaction(tmp_path) -> None:
    path = tmp_path / "tx.sqlite3"
    await (await Store.open(path)).close()
    for name, sql in [("commits", "CREATE TABLE t1 (x INTEGER);\nCOMMIT;\n"),
                      ("versions", "CREATE TABLE t2 (x INTEGER);\nPRAGMA user_version = 99;\n")]:
        d = migrations_plus(tmp_path / name, {f"{NEXT}_{name}.sql": sql})
        with pytest.raises(StoreError):
            await Store.open(path, migrations_dir=d)
        assert user_version(path) == SCHEMA_VERSION
    assert not {"t1", "t2"} & tables(path)


def test_migration_files_are_numbered_without_gaps(tmp_path) -> None:
    assert [m.version for m in load_migrations()] == list(range(1, SCHEMA_VERSION + 1))
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match="without gaps"):
        load_migrations(tmp_path)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "1_short.sql").write_text("SELECT 1;")
    with pytest.raises(StoreError, match="NNNN_name"):
        load_migrations(bad)


def test_split_sql_respects_strings_comments_and_triggers() -> None:
    script = """
    -- leading comment; with a semicolon
    CREATE TABLE a (x TEXT DEFAULT ';');  INSERT INTO a VALUES ('b;c');
    /* block; comment */
    CREATE TRIGGER tr AFTER INSERT ON a BEGIN
        INSERT INTO a VALUES ('t;');
        SELECT 1;
    END;
    SELECT 'no trailing semicolon'
    """
    parts = _split_sql(script)
    assert len(parts) == 4
    assert parts[0].endswith("CREATE TABLE a (x TEXT DEFAULT ';');")
    assert parts[1] == "INSERT INTO a VALUES ('b;c');"
    assert "CREATE TRIGGER" in parts[2] and parts[2].endswith("END;")
    assert parts[3] == "SELECT 'no trailing semicolon'"
    con = sqlite3.connect(":memory:")
    for p in parts:
        con.execute(p)


async def test_two_processes_opening_a_new_file_at_once(tmp_path) -> None:
    path = tmp_path / "race.sqlite3"
    stores = await asyncio.gather(*(Store.open(path) for _ in range(4)))
    assert {s.schema_version for s in stores} == {SCHEMA_VERSION}
    g = await make_active(stores[0])
    assert (await stores[3].get_game(g.id)).status == "active"
    for s in stores:
        await s.close()
    assert user_version(path) == SCHEMA_VERSION
    assert backups(path) == []


async def test_unopenable_path_is_a_store_error(tmp_path) -> None:
    with pytest.raises(StoreError, match="unable to open"):
        await Store.open(tmp_path / "no" / "such" / "dir" / "x.sqlite3")
    with pytest.raises(StoreError, match="file path"):
        await Store.open(":memory:")


async def test_a_live_version_1_database_upgrades_to_delivery_retries_and_job_claims(tmp_path) -> None:
    """A database written before schema 2 (retries, held deliveries, claimed jobs) keeps its games and
    their undelivered notifications, gains the new columns, and is backed up first."""
    only_first = tmp_path / "v1"
    only_first.mkdir()
    shutil.copy(MIGRATIONS_DIR / "0001_initial.sqlite.sql", only_first / "0001_initial.sqlite.sql")
    path = tmp_path / "live.sqlite3"
    old = await Store.open(path, migrations_dir=only_first)
    await old.close()
    with sqlite3.connect(path) as con:  # rows as the version-1 code wrote them (today's code reads v2 columns)
        con.execute("INSERT INTO games (id, ruleset, options, seed, status, version, host_user, title, created_at, "
                    "updated_at) VALUES (1, 'electioneer', '{}', 42, 'active', 3, 'u-dem', 'Old game', 1, 1)")
        con.execute("INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) "
                    "VALUES (1, 0, 'public', 'board', '{}', 1)")
        con.execute("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (1, 'deadline', 'DEM', 5, '{}', 1)")
    game = type("G", (), {"id": 1})
    assert user_version(path) == 1
    new = await Store.open(path, backup_stamp="UP")
    try:
        assert new.schema_version == SCHEMA_VERSION >= 2 and backups(path)
        heads = await new.outbox_heads(2_000_000_000)
        assert [(r.game_id, r.attempts, r.first_failed_at) for r in heads] == [(game.id, 0, None)]
        assert (await new.get_game(game.id)).delivery_held_at is None
        claimed = await new.claim_due_jobs(2_000_000_000, "me")
        assert [j.game_id for j in claimed] == [game.id]
        assert await new.claim_due_jobs(2_000_000_000, "another") == []  # claimed once
    finally:
        await new.close()
