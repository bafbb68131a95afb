"""The schema's history, for both backends: the numbered scripts of ``bot/store/migrations`` and the one loop
that applies them.

A version is one number on both backends: ``NNNN_name.sql`` when SQLite and PostgreSQL run the same text, else
``NNNN_name.sqlite.sql`` beside ``NNNN_name.postgres.sql``. Each backend keeps its own record of where a database
stands (SQLite's ``PRAGMA user_version``, PostgreSQL's ``stumpbot_schema`` table, as since version 1), so an
existing database of either kind upgrades in place. What differs in *how* a script is applied — SQLite's
``VACUUM INTO`` backup, ``BEGIN IMMEDIATE`` and foreign-key check; PostgreSQL's advisory lock — is a small
:class:`History` in each backend's module (bot/store/sqlite.py, bot/store/postgres.py); :func:`migrate` is the
rest, once: refuse a database newer than this code, back it up, then apply each missing script in its own
transaction, re-reading the version inside it so processes starting together apply each script once.
"""
from __future__ import annotations

import logging
import re
import sqlite3
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Protocol

from bot.store.records import Migration, StoreError

log = logging.getLogger("stumpbot.store")

MIGRATIONS_DIR = Path(__file__).resolve().with_name("migrations")
DIALECTS = ("sqlite", "postgres")

_MIGRATION_NAME = re.compile(r"^([0-9]{4})_([A-Za-z0-9_]+?)(?:\.(sqlite|postgres))?\.sql$")
# Transaction control and the pragmas the runner owns: a script is plain DDL/DML.
_FORBIDDEN_SQLITE = re.compile(
    r"(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|VACUUM|ATTACH|DETACH)\b"
    r"|PRAGMA\s+(\w+\.)?(user_version|foreign_keys|journal_mode|synchronous)\b", re.IGNORECASE)
_FORBIDDEN_POSTGRES = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|START\s+TRANSACTION)\b",
                                 re.IGNORECASE | re.MULTILINE)
_LEADING_COMMENTS = re.compile(r"\A(\s+|--[^\n]*(\n|\Z)|/\*.*?\*/)*", re.DOTALL)


def _strip_leading_comments(statement: str) -> str:
    return statement[_LEADING_COMMENTS.match(statement).end():]


def _split_sql(script: str) -> list[str]:
    """Split a SQLite script into statements, respecting strings, comments and trigger bodies."""
    statements, start = [], 0
    for m in re.finditer(";", script):
        candidate = script[start:m.end()]
        if sqlite3.complete_statement(candidate):
            statements.append(candidate.strip())
            start = m.end()
    rest = script[start:].strip()
    if rest:
        statements.append(rest)
    return statements


def _forbidden(sql: str, dialect: str) -> str | None:
    """The transaction control a script must not hold (the runner's job), or None."""
    if dialect == "postgres":
        bad = _FORBIDDEN_POSTGRES.search(re.sub(r"--[^\n]*", "", sql))
        return bad.group(1) if bad else None
    for statement in _split_sql(sql):
        if _FORBIDDEN_SQLITE.match(_strip_leading_comments(statement)):
            return " ".join(_strip_leading_comments(statement).split()[:2]).rstrip(";")
    return None


def load_migrations(directory: str | Path = MIGRATIONS_DIR, dialect: str = "sqlite") -> list[Migration]:
    """``dialect``'s numbered scripts of ``directory`` (``0001_initial.sqlite.sql``, ``0002_….sql``…), checked
    1..N without gaps and free of transaction control. The other backend's scripts are left alone."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    found: dict[int, Migration] = {}
    for path in sorted(Path(directory).glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if not m:
            raise StoreError(f"migration file {path.name} is not named NNNN_name.sql (or NNNN_name.{dialect}.sql)")
        if m.group(3) not in (None, dialect):
            continue
        number = int(m.group(1))
        if number in found:
            raise StoreError(f"two {dialect} migrations are numbered {number:04d}")
        sql = path.read_text(encoding="utf-8")
        what = _forbidden(sql, dialect)
        if what:
            raise StoreError(f"migration {path.name} must not contain `{what}`: the store runs each script "
                             "in its own transaction and records the version itself")
        found[number] = Migration(number, m.group(2), sql)
    if not found:
        raise StoreError(f"no migrations (NNNN_name.sql) in {directory}: is bot/store/migrations installed with the package?")
    if sorted(found) != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations in {directory} must be numbered 0001..N without gaps, found {sorted(found)}")
    return [found[n] for n in sorted(found)]


SCHEMA_VERSION = len(load_migrations())  # the newest schema this code knows (the same number on both backends)
if SCHEMA_VERSION != len(load_migrations(dialect="postgres")):
    raise StoreError("bot/store/migrations must hold the same versions for SQLite and PostgreSQL")


class History(Protocol):
    """How one backend reads, guards and extends a database's schema history (see :func:`migrate`)."""

    where: str  # the database, for messages (a path, or a URL without its password)
    restore: str  # how to go back to before an upgrade, for messages

    async def start(self, target: int) -> int:
        """The database's version, once it can be migrated (PostgreSQL: its history table exists)."""

    async def backup(self, current: int) -> str | None:
        """A copy of the database as it is, before any script runs (or None: nothing worth saving, or no copy)."""

    def applying(self) -> AbstractAsyncContextManager[None]:
        """Around all the scripts (SQLite: foreign keys off, so a table can be rebuilt)."""

    def step(self) -> AbstractAsyncContextManager[None]:
        """One script's transaction, holding the lock that makes other processes wait (commits on a clean exit)."""

    async def version(self) -> int:
        """The version now (inside a step: as this transaction sees it)."""

    async def apply(self, mig: Migration) -> None:
        """Run the script and record its version, in the step's transaction."""


async def migrate(history: History, migrations: list[Migration]) -> tuple[int, str | None]:
    """Bring the database up to the newest migration. Returns (version, backup path or None)."""
    target = len(migrations)
    current = await history.start(target)
    if current > target:
        raise StoreError(
            f"{history.where} has schema version {current}, but this Stumpbot knows only versions up to {target}: "
            f"it was written by a newer Stumpbot. Run that version (or newer), or {history.restore} made before "
            "the upgrade.")
    if current == target:
        return current, None
    backup = await history.backup(current)
    async with history.applying():
        for mig in migrations[current:]:
            try:
                async with history.step():
                    now_at = await history.version()  # another process may have migrated meanwhile
                    if now_at >= mig.version:
                        continue
                    if now_at != mig.version - 1:
                        raise StoreError(f"database is at schema version {now_at}, cannot apply {mig.version}")
                    await history.apply(mig)
            except Exception as exc:
                where = f"; a copy from before the upgrade is {backup}" if backup else ""
                raise StoreError(
                    f"migration {mig.version:04d}_{mig.name} failed on {history.where}: {exc}. The database was "
                    f"left at schema version {await history.version()}{where}.") from exc
            log.info("migrated %s to schema v%d (%s)", history.where, mig.version, mig.name)
    final = await history.version()
    if final != target:
        raise StoreError(f"{history.where} ended at schema version {final}, expected {target}")
    return final, backup
