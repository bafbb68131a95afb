"""The store on SQLite: every game, seat, move, deadline and notification, in one file.

No Discord import. The journal is the truth; the snapshot is a cache of the state after the last journal row.
Nothing here reads the clock: every time is an integer UNIX second passed in by the caller (the migration backup's
file name is the one exception). The operations are bot/store/operations_*.py's, shared with PostgreSQL; this
module is SQLite's transactions, schema history and housekeeping (its connections: bot/store/sqlite_conn.py; its
file's start-up check and backup names: bot/store/sqlite_files.py).

Design:

* One aiosqlite connection per Store (aiosqlite runs it in its own thread; a call's whole work — a read, or a
  write's ``BEGIN IMMEDIATE … COMMIT`` — is one hop there and back, `_one_hop`). An asyncio lock keeps one
  transaction (or read) at a time on it, so no call's statements interleave with another's: a read never sees
  uncommitted writes, and a write is rolled back on any error (keeping that error). Each call runs in a
  shielded task of its own: a caller cancelled mid-way does not stop its transaction; it commits or
  not as a whole, like a crash.
* WAL, ``synchronous=FULL`` (a move acknowledged is on disk), ``busy_timeout``, foreign keys.
  ``BEGIN IMMEDIATE`` for every read-modify-write: a deferred transaction that upgrades to a
  writer fails at once with SQLITE_BUSY_SNAPSHOT whatever the busy timeout. It is also the store's row lock:
  holding the only writer's place, a write has the game to itself (PostgreSQL locks the row instead).
* Migrations (bot/store/migrations.py) are tracked by ``PRAGMA user_version``, each applied in its own
  ``BEGIN IMMEDIATE``; an existing database is first copied with ``VACUUM INTO``. Before any of it (or any other
  write), an existing file must pass ``PRAGMA quick_check``; a damaged one is refused untouched (:class:`StoreDamaged`).
* WAL checkpoints run off the move path: :meth:`Store.checkpoint` (PASSIVE) runs on a second,
  maintenance aiosqlite connection (its own thread), so it never queues in front of a move, and the
  background task raises the move connection's auto-checkpoint threshold so commits rarely
  checkpoint inline.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

from bot.store.migrations import MIGRATIONS_DIR, _split_sql, load_migrations, migrate
from bot.store.operations import Operations
from bot.store.records import CheckpointResult, Migration, StoreClosed, StoreError, StoreUnwritable
from bot.store.sqlite_conn import (
    Db,
    _close,
    _connect,
    _drive,
    _forget,
    _immediate,
    _in_thread,
    _InThread,
    _one_hop,
    _probe_write,
    _quiet_rollback_now,
    _short_reason,
    _translate,
    _unwritable,
)
from bot.store.sqlite_files import _backup_path, _fsync_file, _refuse_if_damaged

log = logging.getLogger("stumpbot.store")

BUSY_TIMEOUT_MS = 5000
AUTOCHECKPOINT_PAGES = 1000  # SQLite's default: a commit checkpoints inline past ~4 MB of WAL
BACKGROUND_AUTOCHECKPOINT_PAGES = 16384  # safety net (~64 MB) while the background task runs

T = TypeVar("T")


# ---------------------------------------------------------------- schema history (bot/store/migrations.py)


class _History:
    """SQLite's part of :func:`bot.store.migrations.migrate`: ``PRAGMA user_version``, a ``VACUUM INTO`` backup when
    the file holds anything, foreign keys off while scripts run (a table is rebuilt the SQLite way: create, copy,
    drop, rename) and ``foreign_key_check`` clean before each script commits, each in ``BEGIN IMMEDIATE``."""

    def __init__(self, c: Db, path: str, stamp: str | None) -> None:
        self._c, self.where, self._stamp = c, path, stamp
        self.restore = f"restore a backup ({os.path.basename(path)}.bak-v*)"
        self._populated = False

    async def start(self, target: int) -> int:
        async def read(c: _InThread) -> tuple[int, bool]:  # one read snapshot: the version and whether rows exist
            current = (await c.one("PRAGMA user_version"))[0]
            if current >= target:
                return current, False
            tables = [r[0] for r in await c.all(
                "SELECT name FROM sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
            # Schema alone is not worth a backup: processes racing to create a new file see each other's
            # half-applied migrations.
            held = bool(tables) and bool((await c.one(
                "SELECT " + " OR ".join(f'EXISTS (SELECT 1 FROM "{t}")' for t in tables)))[0])
            return current, held

        def snapshot(raw: sqlite3.Connection) -> tuple[int, bool]:
            raw.execute("BEGIN")
            try:
                return _drive(read(_InThread(raw)))
            finally:
                raw.execute("COMMIT")

        current, self._populated = await _one_hop(self._c, snapshot)
        return current

    async def backup(self, current: int) -> str | None:
        if not self._populated:
            return None
        backup = _backup_path(self.where, current, self._stamp or time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
        await self._c.execute("VACUUM INTO ?", (backup,))
        await asyncio.to_thread(_fsync_file, backup)
        log.info("backed up %s (schema v%d) to %s before migrating", self.where, current, backup)
        return backup

    @asynccontextmanager
    async def applying(self) -> AsyncIterator[None]:
        await self._c.execute("PRAGMA foreign_keys=OFF")  # a no-op inside a transaction: set around them
        try:
            yield
        finally:
            await self._c.execute("PRAGMA foreign_keys=ON")

    @asynccontextmanager
    async def step(self) -> AsyncIterator[None]:
        await self._c.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            await _one_hop(self._c, lambda raw: _quiet_rollback_now(raw, self.where))
            raise
        await self._c.execute("COMMIT")

    async def version(self) -> int:
        return (await _in_thread(self._c, lambda c: c.one("PRAGMA user_version")))[0]

    async def apply(self, mig: Migration) -> None:
        def run(raw: sqlite3.Connection) -> None:
            for statement in _split_sql(mig.sql):
                raw.execute(statement).fetchall()
                if not raw.in_transaction:
                    raise StoreError("a migration script must not end the transaction (no BEGIN/COMMIT)")
            if raw.execute("PRAGMA user_version").fetchone()[0] != mig.version - 1:
                raise StoreError("a migration script must not set PRAGMA user_version")
            problems = raw.execute("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise StoreError(f"foreign key violations after migration: {problems[:5]}")
            raw.execute(f"PRAGMA user_version={int(mig.version)}")

        await _one_hop(self._c, run)


# ---------------------------------------------------------------- the store


class Store(Operations):
    """The SQLite store. Create with ``await Store.open(path)``; finish with ``await store.close()``."""

    def __init__(self, path: Path, db: Db, schema_version: int, busy_timeout_ms: int,
                 backup_path: str | None) -> None:
        # Use Store.open().
        self._path = path
        self._db: Db | None = db  # None once closed
        self._lock = asyncio.Lock()  # one transaction (or read) at a time on `_db`: see _transaction
        self._busy_timeout_ms = busy_timeout_ms
        self.schema_version = schema_version
        self.backup_path = backup_path  # the VACUUM INTO copy made by this open's migration, if any
        self._closed = False
        self._inflight: set[asyncio.Task[Any]] = set()  # calls running (their caller may have been cancelled)
        self._maint: Db | None = None
        self._maint_lock = asyncio.Lock()
        self._checkpoint_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: str | Path | None = None,
                   busy_timeout_ms: int = BUSY_TIMEOUT_MS, backup_stamp: str | None = None) -> Store:
        """Open (creating if needed) and migrate the database at ``path``. An existing file is first checked
        (``PRAGMA quick_check``) before anything writes to it: a damaged one raises :class:`StoreDamaged`.

        ``migrations_dir`` replaces ``bot/store/migrations`` (tests); ``backup_stamp`` replaces the UTC
        time in the backup's name (``<path>.bak-v<N>-<stamp>``).
        """
        path = Path(path)
        if str(path) == ":memory:" or str(path).startswith("file:"):
            raise StoreError("the store needs a file path (its checkpointer opens a second connection)")
        migrations = load_migrations(MIGRATIONS_DIR if migrations_dir is None else migrations_dir)
        db: Db | None = None
        try:
            await asyncio.to_thread(_refuse_if_damaged, str(path), busy_timeout_ms)
            db = await _connect(str(path), busy_timeout_ms)
            version, backup = await migrate(_History(db, str(path), backup_stamp), migrations)
            await _one_hop(db, lambda raw: _immediate(raw, _probe_write, "the start-up probe"))
        except BaseException as exc:
            if db is not None:
                await _close(db)
            if isinstance(exc, sqlite3.Error):
                if _unwritable(exc):
                    raise StoreUnwritable(path, _short_reason(exc)) from exc
                raise _translate(exc) from exc
            raise
        return cls(path, db, version, busy_timeout_ms, backup)

    @property
    def path(self) -> Path:
        return self._path

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Stop the checkpointer, let the calls already queued finish, and close both connections. Idempotent."""
        if self._closed:
            return
        await self.stop_background_checkpoints()
        self._closed = True
        try:
            async with self._maint_lock:
                maint, self._maint = self._maint, None
                if maint is not None:
                    await _close(maint)
        finally:
            async with self._lock:  # FIFO: after every call that got in before close
                db, self._db = self._db, None
                if db is not None:
                    await _close(db)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------ transactions on the one connection
    #
    # A store call's whole work — a read, or BEGIN IMMEDIATE … COMMIT — is one queued call to aiosqlite's thread
    # (`_one_hop`): its statements run there back to back, with no hop between them. The lock keeps one transaction
    # (or read) at a time on the connection, so no call's statements ever interleave with another's: a read never
    # sees a write that has not committed, and a rollback undoes only its own transaction. Each call runs in a
    # shielded task of its own: a caller cancelled mid-way does not cut a transaction short; it commits or rolls
    # back whole, like a crash.

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"the store on {self._path} is closed")

    def _connection(self) -> Db:
        """The connection, once the lock is held: gone if close() got the lock first."""
        if self._db is None:
            raise StoreClosed(f"the store on {self._path} is closed")
        return self._db

    async def _spawn(self, work: Awaitable[T]) -> T:
        """Run one call of the store as a task of its own, shielded from the caller's cancellation: a write
        commits or rolls back whole, and a call holding the lock always finishes before the next begins.
        (Its own task also ends exactly when the call does: an event loop that waits for the bot's work to
        finish, as the Discord tests' simulator does, sees the call end rather than a bare thread future.)"""
        task = asyncio.ensure_future(work)
        self._inflight.add(task)
        task.add_done_callback(_forget(self._inflight))
        return await asyncio.shield(task)

    async def _read(self, fn: Callable[..., Awaitable[T]], args: tuple) -> T:
        def snapshot(raw: sqlite3.Connection) -> T:
            # One read transaction (WAL: one snapshot of the file) for all of a call's statements: a game's context
            # reads its version and its snapshot together, and another process's commit between the two must not
            # pair one with the other.
            raw.execute("BEGIN")
            try:
                return _drive(fn(_InThread(raw), *args))
            finally:
                raw.execute("COMMIT")

        async with self._lock:
            c = self._connection()
            try:
                return await _one_hop(c, snapshot)
            except sqlite3.Error as exc:
                raise _translate(exc) from exc

    async def _query(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Reads, under the lock: never in the middle of another call's transaction."""
        self._check_open()
        return await self._spawn(self._read(fn, args))

    async def _transaction(self, fn: Callable[..., Awaitable[T]], args: tuple, relaxed: bool) -> T:
        """``BEGIN IMMEDIATE``, ``fn``, ``COMMIT`` under the lock, in one hop; ROLLBACK (keeping the error) on any
        failure. ``relaxed``: under ``synchronous=NORMAL`` (a claim)."""
        where = str(self._path)

        def whole(raw: sqlite3.Connection) -> T:
            if not relaxed:
                return _immediate(raw, lambda r: _drive(fn(_InThread(r), *args)), where)
            raw.execute("PRAGMA synchronous=NORMAL")
            try:
                return _immediate(raw, lambda r: _drive(fn(_InThread(r), *args)), where)
            finally:
                raw.execute("PRAGMA synchronous=FULL")

        async with self._lock:
            c = self._connection()
            try:
                return await _one_hop(c, whole)
            except sqlite3.Error as exc:
                raise _translate(exc) from exc

    async def _write(self, fn: Callable[..., Awaitable[T]], *args: Any, relaxed: bool = False) -> T:
        """One transaction (see _transaction), in a task of its own (see _spawn)."""
        self._check_open()
        return await self._spawn(self._transaction(fn, args, relaxed))

    # ------------------------------------------------------------ maintenance (second connection)

    async def _maintenance(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        """Run ``fn`` on the maintenance connection (its own aiosqlite thread): never queued in front of a move."""
        self._check_open()
        return await self._spawn(self._on_maintenance(fn))

    async def _on_maintenance(self, fn: Callable[[Db], Awaitable[T]]) -> T:
        async with self._maint_lock:
            self._check_open()  # close() may have taken the connection while we waited
            try:
                if self._maint is None:
                    self._maint = await _connect(str(self._path), self._busy_timeout_ms)
                return await fn(self._maint)
            except sqlite3.Error as exc:
                raise _translate(exc) from exc

    async def checkpoint(self) -> CheckpointResult:
        """``PRAGMA wal_checkpoint(PASSIVE)``: copy what it can from the WAL without waiting for anyone."""
        async def work(c: Db) -> CheckpointResult:
            busy, frames, done = (await c.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)"))[0]  # type: ignore[index]
            return CheckpointResult(busy=bool(busy), wal_frames=frames, checkpointed_frames=done)

        return await self._maintenance(work)

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check`` plus ``foreign_key_check``: 'ok', or the problems found, one a line."""
        async def work(c: Db) -> str:
            rows = [r[0] for r in await c.execute_fetchall("PRAGMA integrity_check")]
            fk = await c.execute_fetchall("PRAGMA foreign_key_check")
            problems = [] if rows == ["ok"] else rows
            problems += [f"foreign key: {t} row {rowid} → {parent}" for t, rowid, parent, _ in fk]
            return "\n".join(problems) or "ok"

        return await self._maintenance(work)

    def start_background_checkpoints(self, interval_s: float = 10.0) -> asyncio.Task[None]:
        """Checkpoint (PASSIVE) every ``interval_s`` seconds until stopped or closed. Call from the event loop."""
        if interval_s <= 0:
            raise ValueError("interval_s must be positive")
        if self._closed:
            raise StoreClosed(f"the store on {self._path} is closed")
        if self._checkpoint_task is None or self._checkpoint_task.done():
            self._checkpoint_task = asyncio.get_running_loop().create_task(
                self._checkpoint_loop(interval_s), name=f"store-checkpoints:{self._path.name}")
        return self._checkpoint_task

    async def stop_background_checkpoints(self) -> None:
        task, self._checkpoint_task = self._checkpoint_task, None
        if task is None:
            return
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():  # our caller is being cancelled too
                raise
        if not self._closed:
            await self._set_autocheckpoint(AUTOCHECKPOINT_PAGES)

    async def _set_autocheckpoint(self, pages: int) -> None:
        async def work(c: _InThread) -> None:
            await c.all(f"PRAGMA wal_autocheckpoint={int(pages)}")

        await self._query(work)

    async def _checkpoint_loop(self, interval_s: float) -> None:
        try:
            # While this runs, commits checkpoint inline only past a much larger WAL (a safety net).
            await self._set_autocheckpoint(BACKGROUND_AUTOCHECKPOINT_PAGES)
            while True:
                await asyncio.sleep(interval_s)
                try:
                    await self.checkpoint()
                except StoreClosed:
                    raise
                except Exception:  # keep going: a failed checkpoint only lets the WAL grow a little
                    log.exception("background checkpoint of %s failed", self._path)
        except StoreClosed:
            return
