"""The store on PostgreSQL: the same operations (bot/store/operations_*.py), records and typed errors as
:class:`bot.store.Store`, on an asyncpg connection pool. Chosen by ``STUMPBOT_DATABASE_URL``
(bot/store/factory.py); SQLite stays the default. asyncpg is imported only when a PgStore is opened.

``checkpoint``/``integrity_check`` and the background checkpointer are SQLite housekeeping: here they answer
without work (PostgreSQL checkpoints itself and enforces foreign keys always). No backup before migrating
(``backup_path`` stays None: take a ``pg_dump``); no tool to copy an existing SQLite file into PostgreSQL.

How SQLite's guarantees carry over (SQLite has one writer at a time, ``BEGIN IMMEDIATE``):

* Every write is one transaction (READ COMMITTED) on one pooled connection; a write about a game first locks its
  row (``c.d.for_update``, or commit_move's guarded UPDATE), so writers of one game queue exactly as SQLite's single
  writer makes them, and every statement after the lock sees what the previous writer committed. The version check
  and the idempotency key then behave as in SQLite: of two processes racing one move, one commits and the other
  gets :class:`VersionConflict` (or :class:`DuplicateMove`, when both carried the same key).
* Claims (jobs, outbox runs, replays, digests) skip rows another claimer holds (``FOR UPDATE SKIP LOCKED``) and
  carry a lease: two processes sweeping at once never both get one.
* Reads of one call share one snapshot (REPEATABLE READ, read only).
* A caller cancelled while its write runs does not stop the transaction (it is shielded): it commits or not as a
  whole, like SQLite's hop.
* Lock waits are bounded (``lock_timeout``, SQLite's busy timeout): past it, :class:`StoreBusy`.
* Migrations: bot/store/migrations.py, tracked in the ``stumpbot_schema`` table, each applied in its own
  transaction under an advisory lock (so processes starting together migrate once).

No password ever appears in an error or log line (URLs are shown without it).
"""
from __future__ import annotations

import asyncio
import functools
import re
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Sequence, TypeVar
from urllib.parse import urlsplit, urlunsplit

from bot.store.dialect import POSTGRES, Row
from bot.store.migrations import MIGRATIONS_DIR, load_migrations, migrate
from bot.store.operations import Operations
from bot.store.records import CheckpointResult, Migration, StoreBusy, StoreClosed, StoreError

__all__ = ["LOCK_TIMEOUT_MS", "PgStore", "redact_url"]

LOCK_TIMEOUT_MS = 5000  # SQLite's busy timeout (bot/store/sqlite.py BUSY_TIMEOUT_MS)
MIGRATION_LOCK = 0x5354_554D_5042_4F54  # pg_advisory_xact_lock key: "STUMPBOT" (fits a signed bigint)

T = TypeVar("T")


def redact_url(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparseable database URL>"
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = (parts.username or "")
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[-1]}"))


def _asyncpg() -> Any:
    try:
        import asyncpg
    except ImportError as exc:  # an optional dependency: pip install 'stumpbot[postgres]'
        raise StoreError("STUMPBOT_DATABASE_URL names PostgreSQL, but the asyncpg package is not installed: "
                         "pip install 'stumpbot[postgres]'") from exc
    return asyncpg


def _translate(exc: Exception) -> StoreError:
    asyncpg = _asyncpg()
    if isinstance(exc, (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError,
                        asyncpg.SerializationError, asyncpg.QueryCanceledError)):
        return StoreBusy(f"database busy: {exc}")
    code = getattr(exc, "sqlstate", None)
    return StoreError(f"{type(exc).__name__}{f' [{code}]' if code else ''}: {exc}")


def _rowcount(status: str) -> int:
    """The row count of a command tag ('UPDATE 3', 'DELETE 0', 'INSERT 0 1')."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except (ValueError, IndexError):
        return 0


async def _keep_session(connection: Any) -> None:
    """The pool's reset between borrowers: nothing. asyncpg still rolls back a transaction left open (it does that
    before calling this); its default reset would also run `RESET ALL; UNLISTEN *; CLOSE ALL;
    pg_advisory_unlock_all()` — a server transaction of its own on every release, one for every store call (some
    74 per move). The store leaves no session state behind: it never SETs (its settings are the
    connection's start-up ones), LISTENs, declares cursors outside a transaction or takes session advisory locks
    (the migration lock is transaction-scoped), so there is nothing to reset."""


# ---------------------------------------------------------------- the operations' connection


_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|\?")  # a string literal (kept whole), or a placeholder


@functools.lru_cache(maxsize=1024)
def _numbered(sql: str) -> str:
    """``?`` placeholders as ``$1…$n``, once per statement text (the operations' texts are a few hundred)."""
    n = 0

    def number(m: re.Match[str]) -> str:
        nonlocal n
        if m.group(0) != "?":
            return m.group(0)
        n += 1
        return f"${n}"

    return _PLACEHOLDER.sub(number, sql)


class _PgConn:
    """An asyncpg connection inside one store call, as the operations see it (bot/store/dialect.py's Conn)."""

    __slots__ = ("_c",)
    d = POSTGRES

    def __init__(self, c: Any) -> None:
        self._c = c

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row = await self._c.fetchrow(_numbered(sql), *params)
        return None if row is None else tuple(row)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self._c.fetch(_numbered(sql), *params)]

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self._c.execute(_numbered(sql), *params))

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._c.executemany(_numbered(sql), list(rows))


# ---------------------------------------------------------------- schema history (bot/store/migrations.py)


class _History:
    """PostgreSQL's part of :func:`bot.store.migrations.migrate`: the ``stumpbot_schema`` table, each script in its
    own transaction holding a transaction-scoped advisory lock; no backup (a ``pg_dump`` is the operator's)."""

    restore = "restore a dump"

    def __init__(self, c: Any, where: str) -> None:
        self._c, self.where = c, where

    async def start(self, target: int) -> int:
        async with self._c.transaction():  # two processes creating the table at once would collide in the catalog
            await self._c.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await self._c.execute("CREATE TABLE IF NOT EXISTS stumpbot_schema (version INTEGER PRIMARY KEY, "
                                  "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        return await self.version()

    async def backup(self, current: int) -> str | None:
        return None

    @asynccontextmanager
    async def applying(self) -> AsyncIterator[None]:
        yield

    @asynccontextmanager
    async def step(self) -> AsyncIterator[None]:
        async with self._c.transaction():
            await self._c.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            yield

    async def version(self) -> int:
        return await self._c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")

    async def apply(self, mig: Migration) -> None:
        await self._c.execute(mig.sql)
        await self._c.execute("INSERT INTO stumpbot_schema (version, name) VALUES ($1, $2)", mig.version, mig.name)


# ---------------------------------------------------------------- the store


class PgStore(Operations):
    """The PostgreSQL store. Create with ``await PgStore.open(url)``; finish with ``await store.close()``."""

    def __init__(self, url: str, pool: Any, schema_version: int) -> None:
        # Use PgStore.open().
        self._url = url
        self._pool = pool
        self.schema_version = schema_version
        self.backup_path: str | None = None  # no copy is made before migrating: use pg_dump
        self._closed = False
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, url: str, *, migrations_dir: str | Path | None = None, min_size: int = 1, max_size: int = 10,
                   lock_timeout_ms: int = LOCK_TIMEOUT_MS, connect_timeout_s: float = 10.0) -> PgStore:
        """Connect to the PostgreSQL database at ``url`` (postgresql://user:password@host:port/db) and migrate it."""
        asyncpg = _asyncpg()
        migrations = load_migrations(MIGRATIONS_DIR if migrations_dir is None else migrations_dir, dialect="postgres")
        shown = redact_url(url)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, timeout=connect_timeout_s, reset=_keep_session,
                server_settings={"lock_timeout": str(int(lock_timeout_ms)), "application_name": "stumpbot",
                                 "TimeZone": "UTC"})
        except (OSError, asyncio.TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(f"cannot connect to the game database {shown}: {type(exc).__name__}: {exc}. Check "
                             "STUMPBOT_DATABASE_URL (host, port, database, user) and that the server is up.") from exc
        try:
            async with pool.acquire() as c:
                version, _ = await migrate(_History(c, shown), migrations)
                await c.execute("INSERT INTO settings (scope, key, value) VALUES ('store', 'started_at', "
                                "extract(epoch FROM now())::bigint::text) "
                                "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value")
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError):
                raise _translate(exc) from exc
            raise
        return cls(url, pool, version)

    @property
    def url(self) -> str:
        """The database URL without its password."""
        return redact_url(self._url)

    @property
    def path(self) -> str:
        """Where the data lives, for messages (a redacted URL: there is no file)."""
        return self.url

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Stop the (idle) checkpointer, let running writes finish and close the pool. Idempotent."""
        if self._closed:
            return
        await self.stop_background_checkpoints()
        self._closed = True
        if self._inflight:
            await asyncio.gather(*self._inflight, return_exceptions=True)
        await self._pool.close()

    async def __aenter__(self) -> PgStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------ transactions on a pooled connection

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"the store on {self.url} is closed")

    async def _run(self, fn: Callable[..., Awaitable[T]], args: tuple, write: bool) -> T:
        asyncpg = _asyncpg()
        try:
            async with self._pool.acquire() as c:
                if write:
                    async with c.transaction():
                        return await fn(_PgConn(c), *args)
                # One snapshot for the reads of one call (game_time reads two tables).
                async with c.transaction(isolation="repeatable_read", readonly=True):
                    return await fn(_PgConn(c), *args)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            # InterfaceError: a value of the wrong type for its column, or the connection went away.
            raise _translate(exc) from exc

    async def _query(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        self._check_open()
        return await self._run(fn, args, write=False)

    async def _write(self, fn: Callable[..., Awaitable[T]], *args: Any, relaxed: bool = False) -> T:
        """One transaction, shielded: a cancelled caller does not cut it short (it commits or not, whole).
        (``relaxed`` is SQLite's: PostgreSQL's commits keep their own durability settings.)"""
        self._check_open()
        task = asyncio.ensure_future(self._run(fn, args, write=True))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)
        return await asyncio.shield(task)

    # ------------------------------------------------------------ maintenance (SQLite's; nothing to do here)

    async def checkpoint(self) -> CheckpointResult:
        """SQLite's WAL checkpoint. PostgreSQL checkpoints by itself: nothing to copy, nothing busy."""
        self._check_open()
        return CheckpointResult(busy=False, wal_frames=0, checkpointed_frames=0)

    async def integrity_check(self) -> str:
        """'ok' when the server answers and the schema is at this code's version (PostgreSQL enforces
        foreign keys on every write, so there is nothing like SQLite's foreign_key_check to run)."""
        async def work(c: _PgConn) -> str:
            (version,) = await c.one("SELECT coalesce(max(version), 0) FROM stumpbot_schema")
            return "ok" if version == self.schema_version else f"schema version {version}, expected {self.schema_version}"

        return await self._query(work)

    def start_background_checkpoints(self, interval_s: float = 10.0) -> asyncio.Task[None]:
        """Kept for the interface: a task that idles until stopped (there is no WAL of ours to checkpoint)."""
        if interval_s <= 0:
            raise ValueError("interval_s must be positive")
        self._check_open()
        if self._checkpoint_task is None or self._checkpoint_task.done():
            self._checkpoint_task = asyncio.get_running_loop().create_task(
                self._idle(interval_s), name="store-checkpoints:postgresql")
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
            if current is not None and current.cancelling():
                raise

    async def _idle(self, interval_s: float) -> None:
        while not self._closed:
            await asyncio.sleep(interval_s)
