"""SQLite's connections as the store drives them: an aiosqlite connection per store (its own thread), and a store
call's whole work — every statement of a transaction, BEGIN and COMMIT included — run in that thread in one hop.
Also the connection's set-up (WAL, synchronous=FULL, busy timeout, foreign keys) and SQLite's errors as the store's."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
import weakref
from typing import Any, Awaitable, Callable, Iterable, Sequence, TypeVar

import aiosqlite

from bot.store.dialect import SQLITE, Row
from bot.store.records import StoreBusy, StoreError

log = logging.getLogger("stumpbot.store")
# aiosqlite logs every call it runs, with its parameters (hands, seeds, sealed choices), at DEBUG: hidden
# information must never reach a log line, whatever level the bot or a test sets on the root logger.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024

T = TypeVar("T")
Db = aiosqlite.Connection  # the store's connection; a call's statements run in its thread in one hop (_one_hop)


# aiosqlite's thread is not a daemon and waits for work until its connection is closed, so a store never
# closed (a crash path, a forgetful caller) would keep the process from exiting: the interpreter joins its
# threads before atexit runs. threading's own pre-join hook (the one concurrent.futures uses to let its
# workers go) stops every connection still open; SQLite rolls back anything unfinished, as after a crash.
_OPEN_CONNECTIONS: weakref.WeakSet[aiosqlite.Connection] = weakref.WeakSet()


async def _close(db: aiosqlite.Connection) -> None:
    _OPEN_CONNECTIONS.discard(db)
    await db.close()


def _stop_unclosed_connections() -> None:
    for db in list(_OPEN_CONNECTIONS):
        db.stop()


threading._register_atexit(_stop_unclosed_connections)


def _forget(inflight: set[asyncio.Task[Any]]) -> Callable[[asyncio.Task[Any]], None]:
    """Done callback of a call's task: drop it from the in-flight set and mark its outcome seen (its caller
    may have been cancelled and gone; a transaction committed or rolled back whole either way)."""
    def done(task: asyncio.Task[Any]) -> None:
        inflight.discard(task)
        if not task.cancelled():
            task.exception()
    return done


# ---------------------------------------------------------------- one hop: a call's statements in the connection's thread


class _InThread:
    """The store's connection as an operation sees it (bot/store/dialect.py's Conn), from the connection's own
    thread: each call answered at once, with no hop. A store call's whole work — every statement of a transaction,
    BEGIN and COMMIT included — runs in that thread in one hop (`_one_hop`): a move's commit is one round trip to
    the thread, not eight (the commit within 3× of the raw sqlite3 floor)."""

    __slots__ = ("_raw",)
    d = SQLITE

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = self._raw.execute(sql, params).fetchall()  # every row: a RETURNING statement runs to its end
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._raw.execute(sql, params).fetchall()

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._raw.execute(sql, params).rowcount

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._raw.executemany(sql, rows)


def _drive(work: Awaitable[T]) -> T:
    """Run a store call's work, written as a coroutine over `_InThread`, to its end without an event loop: none of
    its awaits suspends (each is answered at once), so one step finishes it. One that does suspend is a store bug
    (the work awaited something other than its connection), refused before anything more runs."""
    coro = work.__await__()
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("a store call awaited something other than its connection")


async def _one_hop(c: Db, fn: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``fn`` with the sqlite3 connection in aiosqlite's own thread, as one queued call. aiosqlite has no public
    way to; `_execute` and `_conn` are what its own Cursor and `execute_*` methods use (pinned by
    requirements.lock; tests/store/test_one_hop.py fails if a release changes them)."""
    return await c._execute(lambda: fn(c._conn))


async def _in_thread(c: Db, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``fn(conn, *args)`` (an operation's work, or a step of start-up) run whole in one hop."""
    return await _one_hop(c, lambda raw: _drive(fn(_InThread(raw), *args)))


def _quiet_rollback_now(raw: sqlite3.Connection, where: str) -> None:
    """ROLLBACK, keeping the caller's error: a transaction that never began (BEGIN failed) or already
    committed (a COMMIT queued before a cancellation) has nothing to roll back, and says so."""
    try:
        raw.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if "no transaction is active" not in str(exc):
            log.exception("rollback failed on %s", where)  # SQLite rolls back on close anyway


def _immediate(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T], where: str) -> T:
    """``BEGIN IMMEDIATE``, ``fn``, ``COMMIT``; ROLLBACK (keeping the error) on any failure. In the thread."""
    try:
        raw.execute("BEGIN IMMEDIATE")
        result = fn(raw)
        raw.execute("COMMIT")
        return result
    except BaseException:
        _quiet_rollback_now(raw, where)
        raise


# ---------------------------------------------------------------- connections


async def _switch_to_wal(c: Db, busy_timeout_ms: int) -> str:
    """PRAGMA journal_mode=WAL, retried: on a brand-new file several processes race to convert it and
    SQLite reports the loser busy at once, without its busy handler (seen in the open-race test)."""
    deadline = time.monotonic() + busy_timeout_ms / 1000
    delay = 0.005
    while True:
        try:
            return str((await c.execute_fetchall("PRAGMA journal_mode=WAL"))[0][0])  # type: ignore[index]
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() + delay > deadline:
                raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.1)


async def _connect(path: str, busy_timeout_ms: int) -> Db:
    """An aiosqlite connection (its own thread) in autocommit mode: the store writes BEGIN/COMMIT itself."""
    # Open it once with plain sqlite3 first: a path that cannot be opened fails here, with the same sqlite3
    # error. aiosqlite, failing to connect, stops its thread with a future nobody awaits, whose result the
    # thread later hands to an event loop that may be closed by then.
    await asyncio.to_thread(lambda: sqlite3.connect(path, timeout=busy_timeout_ms / 1000).close())
    c = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout_ms / 1000)
    _OPEN_CONNECTIONS.add(c)
    try:
        await c.execute_fetchall(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        mode = await _switch_to_wal(c, busy_timeout_ms)
        if str(mode).lower() != "wal":
            raise StoreError(f"{path}: could not switch to WAL journaling (got {mode!r})")
        await c.execute_fetchall("PRAGMA synchronous=FULL")
        await c.execute_fetchall("PRAGMA foreign_keys=ON")
        await c.execute_fetchall(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
        return c
    except BaseException:
        await _close(c)
        raise


_UNWRITABLE = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")


def _unwritable(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc).lower()
    return name.startswith(_UNWRITABLE) or any(w in text for w in ("readonly", "read-only", "disk is full",
                                                                    "unable to open", "disk i/o"))


def _short_reason(exc: sqlite3.Error) -> str:
    return str(exc).strip().rstrip(".")[:120] or type(exc).__name__


def _probe_write(raw: sqlite3.Connection) -> None:
    """Write once at start-up, so a read-only file or mount or a full disk is found now, with its fix,
    rather than as an apology on every move. The row is the time of the last start."""
    raw.execute("INSERT INTO settings (scope, key, value) VALUES ('store', 'started_at', ?) "
                "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value", (str(int(time.time())),))


def _translate(exc: sqlite3.Error) -> StoreError:
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return StoreBusy(f"database busy: {text}")
    return StoreError(f"{name or type(exc).__name__}: {text}")

