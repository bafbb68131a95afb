"""The store: every game, seat, move, deadline and notification, in one SQLite file.

No Discord import. The journal is the truth; the snapshot is a cache of the state after the
last journal row. Nothing here reads the clock: every time is an integer UNIX second passed in
by the caller (the migration backup's file name is the one exception).

Design (DESIGN.md §4):

* One aiosqlite connection per Store (aiosqlite runs it in its own thread; a call's whole work — a read, or a
  write's ``BEGIN IMMEDIATE … COMMIT`` — is one hop there and back, `_one_hop`). An asyncio lock keeps one
  transaction (or read) at a time on it, so no call's statements interleave with another's: a read never sees
  uncommitted writes, and a write is rolled back on any error (keeping that error). Each call runs in a
  shielded task of its own: a caller cancelled mid-way does not stop its transaction; it commits or
  not as a whole, like a crash. The hot path is written in few statements (``commit_move``, see there).
* WAL, ``synchronous=FULL`` (a move acknowledged is on disk), ``busy_timeout``, foreign keys.
  ``BEGIN IMMEDIATE`` for every read-modify-write: a deferred transaction that upgrades to a
  writer fails at once with SQLITE_BUSY_SNAPSHOT whatever the busy timeout.
* Optimistic concurrency: every game has a ``version``; writes name the version they read and
  get :class:`VersionConflict` if another writer got there first. A move's idempotency key
  (the interaction id) makes a double click apply once (:class:`DuplicateMove`).
* The outbox is written in the move's transaction and marked sent after delivery: after a
  crash nothing acknowledged is lost, and nothing delivered and marked is sent again.
* Migrations are numbered scripts in ``bot/migrations``, tracked by ``PRAGMA user_version``,
  each applied in its own ``BEGIN IMMEDIATE``; an existing database is first copied with
  ``VACUUM INTO``; a database newer than this code is refused. Before any of it (or any other write),
  an existing file must pass ``PRAGMA quick_check``; a damaged one is refused untouched (:class:`StoreDamaged`).
* WAL checkpoints run off the move path: :meth:`Store.checkpoint` (PASSIVE) runs on a second,
  maintenance aiosqlite connection (its own thread), so it never queues in front of a move, and the
  background task raises the move connection's auto-checkpoint threshold so commits rarely
  checkpoint inline.
* All SQL lives behind this class; callers see frozen dataclasses and typed errors, never
  ``sqlite3``/``aiosqlite`` objects; ``bot/store_pg.py`` offers the same methods on PostgreSQL.
"""
from __future__ import annotations

import asyncio
import glob
import json
import logging
import os
import re
import shlex
import sqlite3
import threading
import time
import weakref
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, NoReturn, Sequence, TypeVar

import aiosqlite

from bot.delivery_claims import OUTBOX_LEASE_S, OUTBOX_RUN, REPLAY_LEASE_S

__all__ = [
    "AlreadySeated", "CheckpointResult", "DuplicateMove", "GameRecord", "JobRecord", "JournalEntry",
    "MIGRATIONS_DIR", "Migration", "MoveCommit", "NewJob", "NewMessage", "NotFound", "NotSeated",
    "OutboxRecord", "SCHEMA_VERSION", "SeatRecord", "SeatTaken", "Snapshot", "Store", "StoreBusy", "StoreUnwritable",
    "StoreClosed", "StoreDamaged", "StoreError", "VersionConflict", "WrongStatus", "load_migrations",
]

log = logging.getLogger("stumpbot.store")
# aiosqlite logs every call it runs, with its parameters (hands, seeds, sealed choices), at DEBUG: hidden
# information must never reach a log line, whatever level the bot or a test sets on the root logger.
logging.getLogger("aiosqlite").setLevel(logging.INFO)

MIGRATIONS_DIR = Path(__file__).resolve().with_name("migrations")
STATUSES = ("lobby", "active", "finished", "abandoned")
# set_status may move a game only along these edges (lobby→active is start_game's job).
ENDINGS = {"lobby": ("abandoned",), "active": ("finished", "abandoned")}
BUSY_TIMEOUT_MS = 5000
AUTOCHECKPOINT_PAGES = 1000  # SQLite's default: a commit checkpoints inline past ~4 MB of WAL
BACKGROUND_AUTOCHECKPOINT_PAGES = 16384  # safety net (~64 MB) while the background task runs
JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024
_INT64 = (-(2**63), 2**63 - 1)

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


# ---------------------------------------------------------------- errors


class StoreError(Exception):
    """Base of every error the store raises (sqlite3 errors are wrapped in it)."""


class NotFound(StoreError):
    """No such game, seat or journal row."""


class StoreClosed(StoreError):
    """The store was closed."""


class StoreUnwritable(StoreError):
    """The database cannot be written (read-only file or mount, full disk): found at start-up, with the fix."""

    def __init__(self, path: str | Path, detail: str) -> None:
        super().__init__(
            f"The game database {path} cannot be written ({detail}). The bot needs to write it on every move. "
            f"Fix: make the file and its folder writable by this user (and the disk not read-only or full), or "
            f"set STUMPBOT_DB to a writable path.")
        self.path = str(path)
        self.detail = detail


class StoreDamaged(StoreError):
    """The database file failed SQLite's quick_check at start-up: refused before anything was written to it,
    naming what was found and the ways back (a migration backup, or the sqlite3 shell's ``.recover``)."""

    def __init__(self, path: str | Path, findings: Sequence[str], backups: Sequence[str]) -> None:
        path = Path(path)
        recovered = path.with_name(f"{path.stem}-recovered{path.suffix}")
        super().__init__(
            f"The game database {path} is damaged: SQLite's quick_check found {_found(findings)}. Nothing was "
            f"written to it, and the bot will not start on it. To recover, {_backup_advice(path, backups)}, or "
            f"salvage what SQLite can still read with its shell (sqlite.org's build: some distributions' lack "
            f"the sqlite_dbpage table .recover needs): `sqlite3 {shlex.quote(str(path))} .recover | sqlite3 "
            f"{shlex.quote(str(recovered))}`, then put the recovered file in its place. Keep the damaged file "
            f"until the games check out.")
        self.path = str(path)
        self.findings = list(findings)
        self.backups = list(backups)


def _found(findings: Sequence[str]) -> str:
    return "; ".join(f'"{line[:200]}"' for line in findings)


def _backup_advice(path: Path, backups: Sequence[str]) -> str:
    """Backups are written beside the database before each schema upgrade (see _migrate), newest last."""
    pattern = f"{path}.bak-v*"
    if not backups:
        return f"restore a copy you trust (no migration backup, {pattern}, exists beside it)"
    return (f"restore the newest migration backup, {backups[-1]} (made before the last schema upgrade: moves "
            f"since then are not in it; all of them are {pattern})")


class StoreBusy(StoreError):
    """The database stayed locked by another writer for longer than the busy timeout."""


class VersionConflict(StoreError):
    """The game changed since the caller read it (or the named move is no longer the last)."""

    def __init__(self, game_id: int, expected: int, actual: int, detail: str | None = None) -> None:
        self.game_id, self.expected, self.actual = game_id, expected, actual
        super().__init__(detail or f"game {game_id} is at version {actual}, not {expected}")


class DuplicateMove(StoreError):
    """This idempotency key was already used: the move it names is journal row ``seq``."""

    def __init__(self, game_id: int, seq: int, idem_key: str) -> None:
        self.game_id, self.seq, self.idem_key = game_id, seq, idem_key
        super().__init__(f"idempotency key {idem_key!r} already applied as move {seq} of game {game_id}")


class WrongStatus(StoreError):
    """The game's status does not allow this operation (e.g. a move in the lobby)."""

    def __init__(self, game_id: int, status: str, wanted: Iterable[str], operation: str) -> None:
        self.game_id, self.status, self.wanted = game_id, status, tuple(wanted)
        super().__init__(f"cannot {operation} game {game_id}: it is {status} (needs {' or '.join(self.wanted)})")


class SeatTaken(StoreError):
    def __init__(self, game_id: int, seat: str, holder: str) -> None:
        self.game_id, self.seat, self.holder = game_id, seat, holder
        super().__init__(f"seat {seat} of game {game_id} is taken")


class AlreadySeated(StoreError):
    def __init__(self, game_id: int, user_id: str, seat: str) -> None:
        self.game_id, self.user_id, self.seat = game_id, user_id, seat
        super().__init__(f"user {user_id} already holds seat {seat} of game {game_id}")


class NotSeated(StoreError):
    def __init__(self, game_id: int, user_id: str) -> None:
        self.game_id, self.user_id = game_id, user_id
        super().__init__(f"user {user_id} holds no seat in game {game_id}")


# ---------------------------------------------------------------- records (backend-neutral)


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    ruleset: str
    options: dict[str, Any]
    seed: int
    status: str  # lobby | active | finished | abandoned
    version: int
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    host_user: str
    title: str
    created_at: int
    updated_at: int
    deadline_hours: int
    result: dict[str, Any] | None
    delivery_held_at: int | None = None  # deliveries kept failing: held until the host asks again


@dataclass(frozen=True, slots=True)
class SeatRecord:
    game_id: int
    seat: str
    user_id: str
    display_name: str
    joined_at: int
    dm_ok: bool | None  # None: not known yet
    prefs: dict[str, Any]
    controller: str = "human"  # 'human' | 'bot' (the built-in bot plays it; user_id is the last human holder)
    missed_deadlines: int = 0  # deadlines in a row its holder let pass


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """The host's pending offer of a seat to a member (migration 0004)."""
    game_id: int
    seat: str
    user_id: str
    display_name: str
    offered_by: str
    created_at: int


@dataclass(frozen=True, slots=True)
class SeatHolder:
    """One line of a seat's history: who held it from which move on, and why (migration 0004)."""
    game_id: int
    seat: str
    from_seq: int
    user_id: str
    display_name: str
    controller: str
    reason: str
    at: int


@dataclass(frozen=True, slots=True)
class JournalEntry:
    game_id: int
    seq: int
    seat: str
    notation: str
    actor: str  # a user id, or 'deadline' / 'bot'
    idem_key: str | None
    undoable: bool
    state_hash: str
    created_at: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    game_id: int
    seq: int  # the journal row this state follows (0: the initial state)
    state: str  # JSON text, as the engine wrote it
    state_hash: str


@dataclass(frozen=True, slots=True)
class JobRecord:
    id: int
    game_id: int
    kind: str
    seat: str | None
    due_at: int
    payload: dict[str, Any]
    created_at: int


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    id: int
    game_id: int
    created_seq: int
    audience: str  # 'public' or 'seat:<SEAT>'
    kind: str
    payload: dict[str, Any]
    created_at: int
    sent_at: int | None
    attempts: int = 0  # failed deliveries so far
    first_failed_at: int | None = None


@dataclass(frozen=True, slots=True)
class NewJob:
    kind: str
    due_at: int
    seat: str | None = None
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NewMessage:
    audience: str  # 'public' or 'seat:<SEAT>'
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    created_seq: int | None = None  # None: the seq the write produces (the new move, 0 at start…)

    def __post_init__(self) -> None:
        if self.audience != "public" and not (self.audience.startswith("seat:") and len(self.audience) > 5):
            raise ValueError(f"outbox audience must be 'public' or 'seat:<SEAT>', not {self.audience!r}")


@dataclass(frozen=True, slots=True)
class MoveCommit:
    seq: int
    version: int
    outbox_ids: list[int]


@dataclass(frozen=True, slots=True)
class CheckpointResult:
    busy: bool  # a reader or writer kept part of the WAL from being copied
    wal_frames: int
    checkpointed_frames: int


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class Vacation:
    seat: str
    starts_at: int
    ends_at: int


@dataclass(frozen=True, slots=True)
class GameTime:
    """A game's own clock (migration 0003): None means the default (bot/clock.py)."""
    game_id: int
    response_hours: int | None = None
    vacation_days: int | None = None
    paused_at: int | None = None
    paused_by: str | None = None
    vacations: tuple[Vacation, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A member's rating in one ruleset on one server (migration 0005): OpenSkill's mu and sigma."""
    guild_id: str
    ruleset: str
    user_id: str
    name: str  # display name at their last rated game
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One rated seat of one finished game: the rank it was given (1 best) and the rating before and after."""
    game_id: int
    user_id: str
    name: str
    seat: str
    rank: int
    won: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    at: int


# ---------------------------------------------------------------- migrations

_MIGRATION_NAME = re.compile(r"^([0-9]{4})_([A-Za-z0-9_]+)\.sql$")
_FORBIDDEN_IN_MIGRATIONS = re.compile(
    r"(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|VACUUM|ATTACH|DETACH)\b"
    r"|PRAGMA\s+(\w+\.)?(user_version|foreign_keys|journal_mode|synchronous)\b", re.IGNORECASE)
_LEADING_COMMENTS = re.compile(r"\A(\s+|--[^\n]*(\n|\Z)|/\*.*?\*/)*", re.DOTALL)


def _strip_leading_comments(statement: str) -> str:
    return statement[_LEADING_COMMENTS.match(statement).end():]


def _split_sql(script: str) -> list[str]:
    """Split a script into statements, respecting strings, comments and trigger bodies."""
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


def load_migrations(directory: str | Path = MIGRATIONS_DIR) -> list[Migration]:
    """The numbered scripts of ``directory`` (``0001_initial.sql``, ``0002_…``), checked 1..N without gaps."""
    found: dict[int, Migration] = {}
    for path in sorted(Path(directory).glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if not m:
            raise StoreError(f"migration file {path.name} is not named NNNN_name.sql")
        number = int(m.group(1))
        if number in found:
            raise StoreError(f"two migrations are numbered {number:04d}")
        sql = path.read_text(encoding="utf-8")
        for statement in _split_sql(sql):
            if _FORBIDDEN_IN_MIGRATIONS.match(_strip_leading_comments(statement)):
                what = " ".join(_strip_leading_comments(statement).split()[:2]).rstrip(";")
                raise StoreError(f"migration {path.name} must not contain `{what}`: the store runs each script "
                                 "in its own transaction and sets the pragmas and user_version itself")
        found[number] = Migration(number, m.group(2), sql)
    if not found:
        raise StoreError(f"no migrations (NNNN_name.sql) in {directory}: is bot/migrations installed with the package?")
    if sorted(found) != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations in {directory} must be numbered 0001..N without gaps, found {sorted(found)}")
    return [found[n] for n in sorted(found)]


SCHEMA_VERSION = len(load_migrations())  # the newest schema this code knows


def _backup_path(path: str, version: int, stamp: str) -> str:
    base = f"{path}.bak-v{version}-{stamp}"
    candidate, n = base, 1
    while os.path.exists(candidate):
        candidate = f"{base}-{n}"
        n += 1
    return candidate


def _fsync_file(path: str) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    try:  # make the new directory entry durable too (POSIX)
        dfd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


async def _one(c: Db, sql: str, params: Sequence[Any] = ()) -> tuple | None:
    """The first row of a query (or None), the rows fetched in the store's thread."""
    rows = await c.execute_fetchall(sql, params)
    return rows[0] if rows else None  # type: ignore[index]


async def _all(c: Db, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
    """Every row of a query (or of an INSERT/UPDATE … RETURNING)."""
    return list(await c.execute_fetchall(sql, params))


async def _run(c: Db, sql: str, params: Sequence[Any] = ()) -> int:
    """A statement that returns no rows; its row count."""
    cursor = await c.execute(sql, params)
    return cursor.rowcount


async def _many(c: Db, sql: str, rows: Iterable[Sequence[Any]]) -> int:
    """One statement over many parameter rows, whatever their number."""
    cursor = await c.executemany(sql, rows)
    return cursor.rowcount


class _InThread:
    """The store's connection as seen from its own thread: the three calls the store's statements make
    (`_one`, `_all`, `_run`, `_many`), answered at once, with no hop. A store call's whole work — every statement of
    a transaction, BEGIN and COMMIT included — runs in the connection's thread in one hop (`_one_hop`): a move's
    commit is one round trip to the thread, not eight (issue 27: the commit within 3× of the raw sqlite3 floor)."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._raw.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._raw.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        return self._raw.executemany(sql, rows)


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


def _quiet_rollback_now(raw: sqlite3.Connection, where: str) -> None:
    """`_quiet_rollback` in the connection's thread."""
    try:
        raw.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if "no transaction is active" not in str(exc):
            log.exception("rollback failed on %s", where)  # SQLite rolls back on close anyway


async def _user_version(c: Db) -> int:
    return (await _one(c, "PRAGMA user_version"))[0]


async def _holds_rows(c: Db) -> bool:
    """Whether any table holds a row: only then is there anything a backup could save. (Schema alone is
    not enough: processes racing to create a new file see each other's half-applied migrations.)"""
    tables = [r[0] for r in await _all(c, "SELECT name FROM sqlite_schema WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
    if not tables:
        return False
    return bool((await _one(c, "SELECT " + " OR ".join(f'EXISTS (SELECT 1 FROM "{t}")' for t in tables)))[0])


async def _quiet_rollback(c: Db, where: str) -> None:
    """ROLLBACK, keeping the caller's error: a transaction that never began (BEGIN failed) or already
    committed (a COMMIT queued before a cancellation) has nothing to roll back, and says so."""
    try:
        await c.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if "no transaction is active" not in str(exc):
            log.exception("rollback failed on %s", where)  # SQLite rolls back on close anyway


async def _migrate(c: Db, path: str, migrations: list[Migration], stamp: str | None) -> tuple[int, str | None]:
    """Bring the database up to the newest migration. Returns (version, backup path or None)."""
    target = len(migrations)
    await c.execute("BEGIN")  # one read snapshot: the version and whether the file holds anything
    try:
        current = await _user_version(c)
        populated = current < target and await _holds_rows(c)
    finally:
        await c.execute("COMMIT")
    if current > target:
        raise StoreError(
            f"{path} has schema version {current}, but this Stumpbot knows only versions up to {target}: "
            f"it was written by a newer Stumpbot. Run that version (or newer), or restore a backup "
            f"({os.path.basename(path)}.bak-v*) made before the upgrade.")
    if current == target:
        return current, None
    backup = None
    if populated:
        backup = _backup_path(path, current, stamp or time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
        await c.execute("VACUUM INTO ?", (backup,))
        await asyncio.to_thread(_fsync_file, backup)
        log.info("backed up %s (schema v%d) to %s before migrating", path, current, backup)
    # Foreign keys off while scripts run, so a table can be rebuilt (create, copy, drop, rename);
    # foreign_key_check must be clean before each commit. The pragma is a no-op inside a transaction.
    await c.execute("PRAGMA foreign_keys=OFF")
    try:
        for mig in migrations[current:]:
            await c.execute("BEGIN IMMEDIATE")
            try:
                now_at = await _user_version(c)  # another process may have migrated meanwhile
                if now_at >= mig.version:
                    await c.execute("ROLLBACK")
                    continue
                if now_at != mig.version - 1:
                    raise StoreError(f"database is at schema version {now_at}, cannot apply {mig.version}")
                for statement in _split_sql(mig.sql):
                    await _all(c, statement)
                    if not c.in_transaction:
                        raise StoreError("a migration script must not end the transaction (no BEGIN/COMMIT)")
                if await _user_version(c) != mig.version - 1:
                    raise StoreError("a migration script must not set PRAGMA user_version")
                problems = await _all(c, "PRAGMA foreign_key_check")
                if problems:
                    raise StoreError(f"foreign key violations after migration: {problems[:5]}")
                await c.execute(f"PRAGMA user_version={int(mig.version)}")
                await c.execute("COMMIT")
                log.info("migrated %s to schema v%d (%s)", path, mig.version, mig.name)
            except BaseException as exc:
                await _quiet_rollback(c, path)
                if isinstance(exc, Exception):
                    where = f"; a copy from before the upgrade is {backup}" if backup else ""
                    raise StoreError(
                        f"migration {mig.version:04d}_{mig.name} failed on {path}: {exc}. The database was "
                        f"left at schema version {await _user_version(c)}{where}.") from exc
                raise
    finally:
        await c.execute("PRAGMA foreign_keys=ON")
    final = await _user_version(c)
    if final != target:
        raise StoreError(f"{path} ended at schema version {final}, expected {target}")
    return final, backup


# ---------------------------------------------------------------- sqlite plumbing (aiosqlite connections)


async def _switch_to_wal(c: Db, busy_timeout_ms: int) -> str:
    """PRAGMA journal_mode=WAL, retried: on a brand-new file several processes race to convert it and
    SQLite reports the loser busy at once, without its busy handler (seen in the open-race test)."""
    deadline = time.monotonic() + busy_timeout_ms / 1000
    delay = 0.005
    while True:
        try:
            return str((await _one(c, "PRAGMA journal_mode=WAL"))[0])
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() + delay > deadline:
                raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.1)


_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_FINDINGS_SHOWN = 3  # quick_check stops after this many problems: enough to say what is wrong


def _check_uri(path: str) -> str:
    """A URI for the start-up check, which must never write the database file. Read-only when a WAL is
    already there: it is read as it is, never checkpointed into the file. Without one, a read-only connection
    would leave an empty -wal and -shm behind; a read-write one creates them and, as the last connection
    out, deletes them on close with nothing to copy back (it wrote no frame). ``mode=rw`` never creates
    the database itself."""
    mode = "ro" if os.path.exists(path + "-wal") else "rw"
    return f"{Path(path).absolute().as_uri()}?mode={mode}"


def _decoded(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _printable(text: str) -> str:
    """Text from a damaged file (any characters at all), fit for one line of a message."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def _quick_check(path: str, busy_timeout_ms: int) -> list[str]:
    """The first problems ``PRAGMA quick_check`` finds in the file at ``path``, one a line ([] when intact)."""
    c = sqlite3.connect(_check_uri(path), uri=True, timeout=busy_timeout_ms / 1000)
    c.text_factory = _decoded  # a damaged page can hold any bytes where text should be
    try:
        rows = c.execute(f"PRAGMA quick_check({_FINDINGS_SHOWN})").fetchall()
    except sqlite3.DatabaseError as exc:  # damage bad enough that the check itself cannot read on
        if not (getattr(exc, "sqlite_errorname", "") or "").startswith(_DAMAGED):
            raise
        lines = [str(exc)]
    except UnicodeDecodeError as exc:  # SQLite's own error message quoted damaged schema text, undecodable
        lines = [_decoded(exc.object)]
    else:  # the problems come as one text per table, under a "*** in database main ***" heading
        lines = [line for (text,) in rows for line in str(text).splitlines() if not line.startswith("*** ")]
    finally:
        c.close()
    return [] if lines == ["ok"] else [_printable(line) for line in lines[:_FINDINGS_SHOWN]]


def _refuse_if_damaged(path: str, busy_timeout_ms: int) -> None:
    """Check an existing file before anything writes to it (the WAL switch, migrations, the start-up probe):
    a damaged one opens as if healthy, takes writes, and fails only moves later with SQLITE_CORRUPT."""
    try:
        if os.path.getsize(path) == 0:
            return  # a new file (perhaps being created by another process): nothing to check yet
    except FileNotFoundError:
        return
    findings = _quick_check(path, busy_timeout_ms)
    if findings:
        backups = sorted(glob.glob(glob.escape(path) + ".bak-v*"), key=os.path.getmtime)
        raise StoreDamaged(path, findings, backups)


async def _connect(path: str, busy_timeout_ms: int) -> Db:
    """An aiosqlite connection (its own thread) in autocommit mode: the store writes BEGIN/COMMIT itself."""
    # Open it once with plain sqlite3 first: a path that cannot be opened fails here, with the same sqlite3
    # error. aiosqlite, failing to connect, stops its thread with a future nobody awaits, whose result the
    # thread later hands to an event loop that may be closed by then.
    await asyncio.to_thread(lambda: sqlite3.connect(path, timeout=busy_timeout_ms / 1000).close())
    c = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout_ms / 1000)
    _OPEN_CONNECTIONS.add(c)
    try:
        await _all(c, f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        mode = await _switch_to_wal(c, busy_timeout_ms)
        if str(mode).lower() != "wal":
            raise StoreError(f"{path}: could not switch to WAL journaling (got {mode!r})")
        await _all(c, "PRAGMA synchronous=FULL")
        await _all(c, "PRAGMA foreign_keys=ON")
        await _all(c, f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
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


async def _probe_write(c: Db) -> None:
    """Write once at start-up, so a read-only file or mount or a full disk is found now, with its fix,
    rather than as an apology on every move. The row is the time of the last start."""
    await c.execute("BEGIN IMMEDIATE")
    try:
        await c.execute("INSERT OR REPLACE INTO settings (scope, key, value) VALUES ('store', 'started_at', ?)",
                        (str(int(time.time())),))
        await c.execute("COMMIT")
    except BaseException:
        await _quiet_rollback(c, "the start-up probe")
        raise


def _translate(exc: sqlite3.Error) -> StoreError:
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return StoreBusy(f"database busy: {text}")
    return StoreError(f"{name or type(exc).__name__}: {text}")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


_GAME_COLS = ("id, ruleset, options, seed, status, version, guild_id, channel_id, thread_id, host_user, title, "
              "created_at, updated_at, deadline_hours, result, delivery_held_at")
_SEAT_COLS = "game_id, seat, user_id, display_name, joined_at, dm_ok, prefs, controller, missed_deadlines"
_JOURNAL_COLS = "game_id, seq, seat, notation, actor, idem_key, undoable, state_hash, created_at"
_JOB_COLS = "id, game_id, kind, seat, due_at, payload, created_at"
_OUTBOX_COLS = "id, game_id, created_seq, audience, kind, payload, created_at, sent_at, attempts, first_failed_at"
_RATING_COLS = "guild_id, ruleset, user_id, name, mu, sigma, games, wins, updated_at"


def _game(r: tuple) -> GameRecord:
    return GameRecord(id=r[0], ruleset=r[1], options=json.loads(r[2]), seed=r[3], status=r[4], version=r[5],
                      guild_id=r[6], channel_id=r[7], thread_id=r[8], host_user=r[9], title=r[10],
                      created_at=r[11], updated_at=r[12], deadline_hours=r[13], result=_loads(r[14]),
                      delivery_held_at=r[15])


def _seat(r: tuple) -> SeatRecord:
    return SeatRecord(game_id=r[0], seat=r[1], user_id=r[2], display_name=r[3], joined_at=r[4],
                      dm_ok=None if r[5] is None else bool(r[5]), prefs=json.loads(r[6]), controller=r[7],
                      missed_deadlines=r[8])


def _entry(r: tuple) -> JournalEntry:
    return JournalEntry(game_id=r[0], seq=r[1], seat=r[2], notation=r[3], actor=r[4], idem_key=r[5],
                        undoable=bool(r[6]), state_hash=r[7], created_at=r[8])


def _job(r: tuple) -> JobRecord:
    return JobRecord(id=r[0], game_id=r[1], kind=r[2], seat=r[3], due_at=r[4], payload=json.loads(r[5]), created_at=r[6])


def _outbox(r: tuple) -> OutboxRecord:
    return OutboxRecord(id=r[0], game_id=r[1], created_seq=r[2], audience=r[3], kind=r[4], payload=json.loads(r[5]),
                        created_at=r[6], sent_at=r[7], attempts=r[8], first_failed_at=r[9])


async def _fetch_game(c: Db, game_id: int) -> GameRecord:
    row = await _one(c, f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
    if row is None:
        raise NotFound(f"no game {game_id}")
    return _game(row)


def _expect(game: GameRecord, expected_version: int, statuses: Sequence[str], operation: str) -> None:
    if game.version != expected_version:
        raise VersionConflict(game.id, expected_version, game.version)
    if game.status not in statuses:
        raise WrongStatus(game.id, game.status, statuses, operation)


async def _bump(c: Db, game_id: int, version: int, now: int | None, **columns: Any) -> None:
    """Set columns and version+1 where the version is still ``version`` (optimistic concurrency)."""
    sets = ["version = version + 1"] + [f"{name} = ?" for name in columns]
    params = list(columns.values())
    if now is not None:
        sets.append("updated_at = ?")
        params.append(now)
    if await _run(c, f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?", (*params, game_id, version)) != 1:  # cannot happen under BEGIN IMMEDIATE; kept for backends without it
        actual = await _one(c, "SELECT version FROM games WHERE id=?", (game_id,))
        raise VersionConflict(game_id, version, actual[0] if actual else -1)


async def _last_seq(c: Db, game_id: int) -> int:
    return (await _one(c, "SELECT coalesce(max(seq), 0) FROM journal WHERE game_id=?", (game_id,)))[0]


async def _put_snapshot(c: Db, game_id: int, seq: int, state_json: str, state_hash: str) -> None:
    await _run(c, "INSERT INTO snapshots (game_id, seq, state, state_hash) VALUES (?, ?, ?, ?) "
              "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
              "state_hash = excluded.state_hash", (game_id, seq, state_json, state_hash))


async def _refuse_move(c: Db, game_id: int, expected_version: int, idem_key: str | None) -> NoReturn:
    """Why commit_move's guarded UPDATE (or its journal row) was refused, checked in the order callers rely
    on: a used idempotency key first (DuplicateMove), then NotFound, VersionConflict, WrongStatus."""
    if idem_key is not None:
        dup = await _one(c, "SELECT game_id, seq FROM journal WHERE idem_key=?", (idem_key,))
        if dup is not None:
            raise DuplicateMove(dup[0], dup[1], idem_key)
    row = await _one(c, "SELECT version, status FROM games WHERE id=?", (game_id,))
    if row is None:
        raise NotFound(f"no game {game_id}")
    if row[0] != expected_version:
        raise VersionConflict(game_id, expected_version, row[0])
    raise WrongStatus(game_id, row[1], ("active",), "make a move in")


_JobRow = tuple[str, str | None, int, str]  # kind, seat, due_at, payload json
_MsgRow = tuple[int | None, str, str, str]  # created_seq, audience, kind, payload json


async def _replace_jobs(c: Db, game_id: int, jobs: list[_JobRow] | None, now: int) -> None:
    if jobs is None:
        return
    await _run(c, "DELETE FROM jobs WHERE game_id=?", (game_id,))
    if jobs:
        await _many(c, "INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                      [(game_id, kind, seat, due, payload, now) for kind, seat, due, payload in jobs])


_OUTBOX_ROWS_PER_INSERT = 1000  # 6 parameters a row: well under SQLite's 32,766 per statement


async def _insert_outbox(c: Db, game_id: int, messages: list[_MsgRow], default_seq: int, now: int) -> list[int]:
    """The rows in one multi-row INSERT … RETURNING id: one hop for a move's messages, not one each.
    RETURNING's row order is unspecified, but the rows are inserted in order and ids only grow
    (AUTOINCREMENT), so sorted ids are the messages' ids in order."""
    ids: list[int] = []
    for start in range(0, len(messages), _OUTBOX_ROWS_PER_INSERT):
        chunk = messages[start:start + _OUTBOX_ROWS_PER_INSERT]
        params = [v for created_seq, audience, kind, payload in chunk
                  for v in (game_id, default_seq if created_seq is None else created_seq, audience, kind, payload, now)]
        rows = await _all(c, "INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) VALUES "
                          + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(chunk)) + " RETURNING id", params)
        ids += sorted(r[0] for r in rows)
    return ids


def _prep_jobs(jobs: Iterable[NewJob] | None) -> list[_JobRow] | None:
    if jobs is None:
        return None
    return [(j.kind, j.seat, _int(j.due_at, "due_at"), _dumps(j.payload)) for j in jobs]


def _prep_outbox(outbox: Iterable[NewMessage] | None) -> list[_MsgRow]:
    return [(m.created_seq, m.audience, m.kind, _dumps(m.payload)) for m in (outbox or ())]


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not _INT64[0] <= value <= _INT64[1]:
        raise ValueError(f"{name} does not fit in a signed 64-bit integer")
    return value


def _status(value: str) -> str:
    if value not in STATUSES:
        raise ValueError(f"unknown game status {value!r}; expected one of {', '.join(STATUSES)}")
    return value


# ---------------------------------------------------------------- the store


class Store:
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

        ``migrations_dir`` replaces ``bot/migrations`` (tests); ``backup_stamp`` replaces the UTC
        time in the backup's name (``<path>.bak-v<N>-<stamp>``).
        """
        path = Path(path)
        if str(path) == ":memory:" or str(path).startswith("file:"):
            raise StoreError("the store needs a file path (its checkpointer opens a second connection)")
        migrations = load_migrations(migrations_dir) if migrations_dir is not None else load_migrations()
        db: Db | None = None
        try:
            await asyncio.to_thread(_refuse_if_damaged, str(path), busy_timeout_ms)
            db = await _connect(str(path), busy_timeout_ms)
            version, backup = await _migrate(db, str(path), migrations, backup_stamp)
            await _probe_write(db)
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
    # (or read) at a time on the connection, so no call's statements ever interleave with another's: a read never sees a write that has not committed, and a rollback
    # undoes only its own transaction. Each call runs in a shielded task of its own: a caller cancelled
    # mid-way does not cut a transaction short; it commits or rolls back whole, like a crash.

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
        async with self._lock:
            c = self._connection()
            try:
                return await _one_hop(c, lambda raw: _drive(fn(_InThread(raw), *args)))
            except sqlite3.Error as exc:
                raise _translate(exc) from exc

    async def _query(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Reads, under the lock: never in the middle of another call's transaction."""
        self._check_open()
        return await self._spawn(self._read(fn, args))

    async def _transaction(self, fn: Callable[..., Awaitable[T]], args: tuple, relaxed: bool) -> T:
        """``BEGIN IMMEDIATE``, ``fn``, ``COMMIT`` under the lock, in one hop; ROLLBACK (keeping the error) on any
        failure. ``relaxed``: under ``synchronous=NORMAL`` (a claim: see _claim)."""
        def whole(raw: sqlite3.Connection) -> T:
            if relaxed:
                raw.execute("PRAGMA synchronous=NORMAL")
            try:
                try:
                    raw.execute("BEGIN IMMEDIATE")
                    result = _drive(fn(_InThread(raw), *args))
                    raw.execute("COMMIT")
                    return result
                except BaseException:
                    _quiet_rollback_now(raw, str(self._path))
                    raise
            finally:
                if relaxed:
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

    # ------------------------------------------------------------ games

    async def create_game(self, ruleset: str, options: dict[str, Any], seed: int, host_user: str, title: str, now: int,
                          guild_id: str | None = None, channel_id: str | None = None,
                          deadline_hours: int = 48) -> GameRecord:
        """A new game in the lobby, at version 0."""
        options_json = _dumps(options)
        _int(seed, "seed")
        _int(now, "now")
        if _int(deadline_hours, "deadline_hours") < 1:
            raise ValueError("deadline_hours must be at least 1")

        async def work(c: Db) -> GameRecord:
            (game_id,) = await _one(
                c, "INSERT INTO games (ruleset, options, seed, status, version, guild_id, channel_id, host_user, title, "
                "created_at, updated_at, deadline_hours) VALUES (?, ?, ?, 'lobby', 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (ruleset, options_json, seed, guild_id, channel_id, host_user, title, now, now, deadline_hours))
            return GameRecord(id=game_id, ruleset=ruleset, options=json.loads(options_json), seed=seed,
                              status="lobby", version=0, guild_id=guild_id, channel_id=channel_id, thread_id=None,
                              host_user=host_user, title=title, created_at=now, updated_at=now,
                              deadline_hours=deadline_hours, result=None)

        return await self._write(work)

    async def get_game(self, game_id: int) -> GameRecord | None:
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not _INT64[0] <= game_id <= _INT64[1]:
            return None  # no row can have an id SQLite cannot even store (binding it raises OverflowError)

        async def work(c: Db) -> GameRecord | None:
            row = await _one(c, f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
            return None if row is None else _game(row)

        return await self._query(work)

    async def list_games(self, *, status: str | Sequence[str] | None = None, guild_id: str | None = None,
                         channel_id: str | None = None, thread_id: str | None = None,
                         user_id: str | None = None) -> list[GameRecord]:
        """Games matching every filter given, oldest first. ``user_id``: games where that user holds a seat."""
        where: list[str] = []
        params: list[Any] = []
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            for s in statuses:
                _status(s)
            if not statuses:
                return []
            where.append(f"status IN ({', '.join('?' * len(statuses))})")
            params += statuses
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("thread_id", thread_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        sql = f"SELECT {_GAME_COLS} FROM games" + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY id"

        async def work(c: Db) -> list[GameRecord]:
            return [_game(r) for r in await _all(c, sql, params)]

        return await self._query(work)

    async def set_thread(self, game_id: int, thread_id: str | None) -> None:
        """Record the game's thread. Not a game change: the version stays (no conflict with a move)."""
        async def work(c: Db) -> None:
            if await _run(c, "UPDATE games SET thread_id=? WHERE id=?", (thread_id, game_id)) != 1:
                raise NotFound(f"no game {game_id}")

        await self._write(work)

    async def update_lobby(self, game_id: int, expected_version: int, *, options: dict[str, Any] | None = None,
                           deadline_hours: int | None = None, title: str | None = None,
                           now: int | None = None) -> GameRecord:
        """Change a lobby's options, deadline or title (version + 1)."""
        columns: dict[str, Any] = {}
        if options is not None:
            columns["options"] = _dumps(options)
        if deadline_hours is not None:
            if _int(deadline_hours, "deadline_hours") < 1:
                raise ValueError("deadline_hours must be at least 1")
            columns["deadline_hours"] = deadline_hours
        if title is not None:
            columns["title"] = title

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "change the lobby of")
            await _bump(c, game_id, expected_version, now, **columns)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    # ------------------------------------------------------------ seats

    async def add_seat(self, game_id: int, expected_version: int, seat: str, user_id: str, display_name: str,
                       now: int) -> GameRecord:
        """Seat a user in a lobby (version + 1). Raises AlreadySeated, SeatTaken."""
        _int(now, "now")

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "seat a player in")
            mine = await _one(c, "SELECT seat FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id))
            if mine is not None:
                raise AlreadySeated(game_id, user_id, mine[0])
            holder = await _one(c, "SELECT user_id FROM seats WHERE game_id=? AND seat=?", (game_id, seat))
            if holder is not None:
                raise SeatTaken(game_id, seat, holder[0])
            await _run(c, "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                      (game_id, seat, user_id, display_name, now))
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def remove_seat(self, game_id: int, expected_version: int, user_id: str, *, now: int | None = None) -> GameRecord:
        """Unseat a user from a lobby (version + 1). Raises NotSeated."""
        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if await _run(c, "DELETE FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=game.updated_at if now is None else now)

        return await self._write(work)

    async def list_seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in the order they were taken."""
        async def work(c: Db) -> list[SeatRecord]:
            return [_seat(r) for r in await _all(c,
                f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY joined_at, rowid", (game_id,))]

        return await self._query(work)

    async def set_seat_dm_ok(self, game_id: int, seat: str, ok: bool | None) -> None:
        """Whether direct messages reach this seat (None: unknown). No version change."""
        value = None if ok is None else int(bool(ok))

        async def work(c: Db) -> None:
            if await _run(c, "UPDATE seats SET dm_ok=? WHERE game_id=? AND seat=?", (value, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)

    async def set_seat_prefs(self, game_id: int, seat: str, prefs: dict[str, Any]) -> None:
        """Replace a seat's preferences (e.g. auto-pass). No version change."""
        prefs_json = _dumps(prefs)

        async def work(c: Db) -> None:
            if await _run(c, "UPDATE seats SET prefs=? WHERE game_id=? AND seat=?", (prefs_json, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)

    # ------------------------------------------------------------ seats changing hands (issue 14, migration 0004)

    async def hand_over_seat(self, game_id: int, expected_version: int, seat: str, *, user_id: str, display_name: str,
                             controller: str, reason: str, now: int,
                             outbox: list[NewMessage] | None = None) -> GameRecord:
        """Give a seat of an active game to another holder, or to the bot and back, in one transaction
        (version + 1): its user and controller; its missed-deadline count cleared; the offers of that seat,
        and the new holder's offers of other seats of the game, withdrawn; a line in the seat's history
        (the first change also records the holder it had from the start); the outbox rows. A new user
        starts with unknown DM status and no preferences. Raises AlreadySeated (the user holds another
        seat of the game), NotFound, VersionConflict, WrongStatus."""
        if controller not in ("human", "bot"):
            raise ValueError(f"controller must be 'human' or 'bot', not {controller!r}")
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("active",), "hand over a seat of")
            row = await _one(c, "SELECT user_id, display_name, controller, joined_at FROM seats WHERE game_id=? AND seat=?",
                            (game_id, seat))
            if row is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            other = await _one(c, "SELECT seat FROM seats WHERE game_id=? AND user_id=? AND seat<>?",
                              (game_id, user_id, seat))
            if other is not None:
                raise AlreadySeated(game_id, user_id, other[0])
            if not await _one(c, "SELECT 1 FROM seat_holders WHERE game_id=? AND seat=?", (game_id, seat)):
                await _run(c, "INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, reason, at) "
                          "VALUES (?, ?, 0, ?, ?, ?, 'start', ?)", (game_id, seat, row[0], row[1], row[2], row[3]))
            if row[0] == user_id:
                await _run(c, "UPDATE seats SET display_name=?, controller=?, missed_deadlines=0, last_missed_due=NULL "
                          "WHERE game_id=? AND seat=?", (display_name, controller, game_id, seat))
            else:
                await _run(c, "UPDATE seats SET user_id=?, display_name=?, controller=?, missed_deadlines=0, "
                          "last_missed_due=NULL, dm_ok=NULL, prefs='{}' WHERE game_id=? AND seat=?",
                          (user_id, display_name, controller, game_id, seat))
            await _run(c, "DELETE FROM seat_offers WHERE game_id=? AND (seat=? OR user_id=?)", (game_id, seat, user_id))
            seq = await _last_seq(c, game_id)
            await _run(c, "INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, reason, at) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, seat, seq, user_id, display_name, controller, reason, now))
            await _bump(c, game_id, expected_version, now)
            await _insert_outbox(c, game_id, msg_rows, seq, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def seat_history(self, game_id: int) -> list[SeatHolder]:
        """Every change of hands of the game's seats, oldest first (empty when no seat ever changed hands)."""
        async def work(c: Db) -> list[SeatHolder]:
            return [SeatHolder(*r) for r in await _all(c,
                "SELECT game_id, seat, from_seq, user_id, display_name, controller, reason, at FROM seat_holders "
                "WHERE game_id=? ORDER BY rowid", (game_id,))]

        return await self._query(work)

    async def offer_seat(self, game_id: int, seat: str, user_id: str, display_name: str, offered_by: str,
                         now: int) -> SeatOffer:
        """Offer a seat to a member; replaces an earlier offer of that seat. No version change."""
        _int(now, "now")

        async def work(c: Db) -> SeatOffer:
            if not await _one(c, "SELECT 1 FROM seats WHERE game_id=? AND seat=?", (game_id, seat)):
                raise NotFound(f"no seat {seat} in game {game_id}")
            await _run(c, "INSERT INTO seat_offers (game_id, seat, user_id, display_name, offered_by, created_at) "
                      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE SET user_id=excluded.user_id, "
                      "display_name=excluded.display_name, offered_by=excluded.offered_by, created_at=excluded.created_at",
                      (game_id, seat, user_id, display_name, offered_by, now))
            return SeatOffer(game_id, seat, user_id, display_name, offered_by, now)

        return await self._write(work)

    async def seat_offers(self, *, game_id: int | None = None, user_id: str | None = None) -> list[SeatOffer]:
        """Pending offers, of a game and/or to a user, oldest first."""
        where, params = [], []
        for column, value in (("game_id", game_id), ("user_id", user_id)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        sql = ("SELECT game_id, seat, user_id, display_name, offered_by, created_at FROM seat_offers"
               + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY created_at, rowid")

        async def work(c: Db) -> list[SeatOffer]:
            return [SeatOffer(*r) for r in await _all(c, sql, params)]

        return await self._query(work)

    async def withdraw_offer(self, game_id: int, seat: str, user_id: str | None = None) -> bool:
        """Drop the offer of a seat (only if it was made to ``user_id``, when given)."""
        async def work(c: Db) -> bool:
            if user_id is None:
                return await _run(c, "DELETE FROM seat_offers WHERE game_id=? AND seat=?", (game_id, seat)) > 0
            return await _run(c, "DELETE FROM seat_offers WHERE game_id=? AND seat=? AND user_id=?",
                             (game_id, seat, user_id)) > 0

        return await self._write(work)

    async def note_missed_deadline(self, game_id: int, seat: str, due_at: int) -> int:
        """Count a deadline the seat let pass, once per deadline (``due_at``); returns the count in a row."""
        _int(due_at, "due_at")

        async def work(c: Db) -> int:
            await _run(c, "UPDATE seats SET missed_deadlines = missed_deadlines + 1, last_missed_due = ? "
                      "WHERE game_id=? AND seat=? AND last_missed_due IS NOT ?", (due_at, game_id, seat, due_at))
            row = await _one(c, "SELECT missed_deadlines FROM seats WHERE game_id=? AND seat=?", (game_id, seat))
            if row is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            return row[0]

        return await self._write(work)

    async def reset_missed_deadlines(self, game_id: int, seat: str) -> None:
        """Its holder moved: the seat has missed no deadline in a row."""
        async def work(c: Db) -> None:
            await _run(c, "UPDATE seats SET missed_deadlines=0, last_missed_due=NULL WHERE game_id=? AND seat=?",
                      (game_id, seat))

        await self._write(work)

    async def civil_disorder_after(self, game_id: int) -> int:
        """Missed deadlines in a row after which the bot takes a seat over (0: never)."""
        async def work(c: Db) -> int:
            row = await _one(c, "SELECT civil_disorder_after FROM games WHERE id=?", (game_id,))
            if row is None:
                raise NotFound(f"no game {game_id}")
            return row[0]

        return await self._query(work)

    async def set_civil_disorder_after(self, game_id: int, count: int) -> None:
        """Set the game's civil-disorder threshold (0..100; 0: never). No version change."""
        if not 0 <= _int(count, "count") <= 100:
            raise ValueError("the civil-disorder threshold must be between 0 and 100")

        async def work(c: Db) -> None:
            if await _run(c, "UPDATE games SET civil_disorder_after=? WHERE id=?", (count, game_id)) != 1:
                raise NotFound(f"no game {game_id}")

        await self._write(work)

    async def games_with_bot_seats(self) -> list[int]:
        """Active games where the bot plays at least one seat."""
        async def work(c: Db) -> list[int]:
            return [r[0] for r in await _all(c,
                "SELECT id FROM games WHERE status='active' AND id IN (SELECT game_id FROM seats WHERE controller='bot') "
                "ORDER BY id")]

        return await self._query(work)

    # ------------------------------------------------------------ play

    async def start_game(self, game_id: int, expected_version: int, state_json: str, state_hash: str, now: int,
                         jobs: list[NewJob] | None = None, outbox: list[NewMessage] | None = None,
                         renames: dict[str, str] | None = None) -> GameRecord:
        """lobby → active: the seats' final names (`renames`: lobby pick → seat), the initial snapshot
        (seq 0), its jobs and outbox, in one transaction."""
        _int(now, "now")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)
        moves = {old: new for old, new in (renames or {}).items() if old != new}

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "start")
            # Two steps through unique temporary names, so a swap (A→B, B→A) never collides on the key.
            for old in moves:
                await _run(c, "UPDATE seats SET seat=? WHERE game_id=? AND seat=?", ("\x00" + old, game_id, old))
            for old, new in moves.items():
                await _run(c, "UPDATE seats SET seat=? WHERE game_id=? AND seat=?", (new, game_id, "\x00" + old))
            await _bump(c, game_id, expected_version, now, status="active")
            await _put_snapshot(c, game_id, 0, state_json, state_hash)
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, 0, now)
            return replace(game, status="active", version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          status: str = "active", result: dict[str, Any] | None = None,
                          jobs: list[NewJob] | None = None, outbox: list[NewMessage] | None = None) -> MoveCommit:
        """Append one move, in one transaction: journal row seq = last + 1, the snapshot, version + 1,
        status/result, the game's jobs (replaced when ``jobs`` is not None; cleared when the game
        leaves 'active') and the outbox rows.

        Raises DuplicateMove (the idem_key was used; nothing changes), VersionConflict, WrongStatus, NotFound.
        """
        _int(now, "now")
        if _status(status) == "lobby":
            raise ValueError("a move cannot put a game back in the lobby")
        if status != "active" and jobs:
            raise ValueError(f"a game that becomes {status} cannot keep jobs")
        job_rows = [] if status != "active" else _prep_jobs(jobs)
        msg_rows = _prep_outbox(outbox)
        result_json = None if result is None else _dumps(result)

        bump = ("UPDATE games SET version = version + 1, status = ?, updated_at = ?"
                + ("" if result_json is None else ", result = ?")
                + " WHERE id = ? AND version = ? AND status = 'active'"
                " RETURNING (SELECT coalesce(max(seq), 0) FROM journal WHERE game_id = games.id)")
        bump_params = (status, now, *(() if result_json is None else (result_json,)), game_id, expected_version)

        # The hot path, in few statements (the whole transaction is one hop to the connection's thread): BEGIN
        # IMMEDIATE; the guarded UPDATE … RETURNING (version, status and the last seq in one statement); the journal
        # row; the snapshot; DELETE + executemany of the jobs; one multi-row INSERT … RETURNING of the outbox rows;
        # COMMIT. The checks are done by the statements themselves; only a refused move pays a diagnosing SELECT.
        async def work(c: Db) -> MoveCommit:
            guarded = await _one(c, bump, bump_params)
            if guarded is None:
                await _refuse_move(c, game_id, expected_version, idem_key)
            seq = guarded[0] + 1
            try:
                await _run(c, f"INSERT INTO journal ({_JOURNAL_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (game_id, seq, seat, notation, actor, idem_key, int(bool(undoable)), state_hash, now))
            except sqlite3.IntegrityError as exc:
                if idem_key is None or "journal.idem_key" not in str(exc):
                    raise
                await _refuse_move(c, game_id, expected_version, idem_key)
            await _put_snapshot(c, game_id, seq, state_json, state_hash)
            await _replace_jobs(c, game_id, job_rows, now)
            ids = await _insert_outbox(c, game_id, msg_rows, seq, now)
            return MoveCommit(seq=seq, version=expected_version + 1, outbox_ids=ids)

        return await self._write(work)

    async def undo_last(self, game_id: int, expected_version: int, *, expected_seq: int, state_json: str,
                        state_hash: str, now: int, jobs: list[NewJob] | None = None,
                        outbox: list[NewMessage] | None = None) -> GameRecord:
        """Delete the last journal row (which must be ``expected_seq``), put back the state before it,
        version + 1, replace the jobs (when not None), write the outbox.

        The undone row's idem_key is freed with it (a deadline at that seq may fire again).
        """
        _int(now, "now")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("active",), "undo a move in")
            last = await _last_seq(c, game_id)
            if last == 0:
                raise NotFound(f"game {game_id} has no move to undo")
            if last != expected_seq:
                raise VersionConflict(game_id, expected_version, game.version,
                                      f"move {expected_seq} is not the last move of game {game_id} (that is {last})")
            await _run(c, "DELETE FROM journal WHERE game_id=? AND seq=?", (game_id, last))
            await _put_snapshot(c, game_id, last - 1, state_json, state_hash)
            await _bump(c, game_id, expected_version, now)
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, last - 1, now)
            return replace(game, version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def set_status(self, game_id: int, expected_version: int, status: str, now: int,
                         result: dict[str, Any] | None = None, outbox: list[NewMessage] | None = None) -> GameRecord:
        """End a game: lobby → abandoned, active → finished | abandoned (version + 1, jobs cleared)."""
        _int(now, "now")
        if status not in ("finished", "abandoned"):
            raise ValueError(f"set_status ends a game (finished or abandoned), not {status!r}; use start_game to start one")
        result_json = None if result is None else _dumps(result)
        msg_rows = _prep_outbox(outbox)

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            allowed = [s for s, ends in ENDINGS.items() if status in ends]
            _expect(game, expected_version, allowed, f"make {status}")
            columns: dict[str, Any] = {"status": status}
            if result_json is not None:
                columns["result"] = result_json
            await _bump(c, game_id, expected_version, now, **columns)
            await _run(c, "DELETE FROM jobs WHERE game_id=?", (game_id,))
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return replace(game, status=status, version=game.version + 1, updated_at=now,
                           result=game.result if result is None else json.loads(result_json))

        return await self._write(work)

    # ------------------------------------------------------------ time (issue 14: deadlines, pause, vacation)

    async def game_time(self, game_id: int) -> GameTime:
        """The game's clock settings, pause and vacations (defaults when it never changed any)."""
        async def work(c: Db) -> GameTime:
            row = await _one(c, "SELECT response_hours, vacation_days, paused_at, paused_by FROM game_time WHERE game_id=?",
                            (game_id,))
            vacations = tuple(Vacation(*r) for r in await _all(c,
                "SELECT seat, starts_at, ends_at FROM vacations WHERE game_id=? ORDER BY starts_at, seat", (game_id,)))
            return GameTime(game_id, *(row or (None, None, None, None)), vacations=vacations)

        return await self._query(work)

    async def retime_game(self, game_id: int, expected_version: int, now: int, *, jobs: list[NewJob] | None = None,
                          deadline_hours: int | None = None, time: dict[str, Any] | None = None,
                          vacation: Vacation | None = None, outbox: list[NewMessage] | None = None,
                          statuses: Sequence[str] = ("active",)) -> GameRecord:
        """Change a game's clock in one transaction (version + 1): its turn deadline, its game_time
        columns (``time``: response_hours, vacation_days, paused_at, paused_by; None clears one), a new
        vacation, its jobs (replaced when not None) and outbox rows. Raises VersionConflict, WrongStatus."""
        _int(now, "now")
        allowed = {"response_hours", "vacation_days", "paused_at", "paused_by"}
        if time and not set(time) <= allowed:
            raise ValueError(f"unknown game_time columns: {sorted(set(time) - allowed)}")
        if deadline_hours is not None and _int(deadline_hours, "deadline_hours") < 1:
            raise ValueError("deadline_hours must be at least 1")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, statuses, "change the clock of")
            if deadline_hours is not None:
                await _bump(c, game_id, expected_version, now, deadline_hours=deadline_hours)
            else:
                await _bump(c, game_id, expected_version, now)
            if time:
                await _run(c, "INSERT INTO game_time (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING", (game_id,))
                await _run(c, f"UPDATE game_time SET {', '.join(f'{k} = ?' for k in time)} WHERE game_id=?",
                          (*time.values(), game_id))
            if vacation is not None:
                await _run(c, "INSERT INTO vacations (game_id, seat, starts_at, ends_at) VALUES (?, ?, ?, ?)",
                          (game_id, vacation.seat, _int(vacation.starts_at, "starts_at"), _int(vacation.ends_at, "ends_at")))
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def load_journal(self, game_id: int, *, after_seq: int = 0) -> list[JournalEntry]:
        """The game's moves in order (those after ``after_seq``)."""
        async def work(c: Db) -> list[JournalEntry]:
            return [_entry(r) for r in await _all(c,
                f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? AND seq>? ORDER BY seq", (game_id, after_seq))]

        return await self._query(work)

    async def last_journal_entry(self, game_id: int) -> JournalEntry | None:
        async def work(c: Db) -> JournalEntry | None:
            row = await _one(c, f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? ORDER BY seq DESC LIMIT 1",
                            (game_id,))
            return None if row is None else _entry(row)

        return await self._query(work)

    async def move_for_idem_key(self, idem_key: str) -> JournalEntry | None:
        """The move already applied under this idempotency key, if any (to answer a double click
        before re-checking the move against a board that has since moved on)."""
        async def work(c: Db) -> JournalEntry | None:
            row = await _one(c, f"SELECT {_JOURNAL_COLS} FROM journal WHERE idem_key=?", (idem_key,))
            return None if row is None else _entry(row)

        return await self._query(work)

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        async def work(c: Db) -> Snapshot | None:
            row = await _one(c, "SELECT game_id, seq, state, state_hash FROM snapshots WHERE game_id=?", (game_id,))
            return None if row is None else Snapshot(*row)

        return await self._query(work)

    # ------------------------------------------------------------ ratings (issue 16: ratings and stats)

    async def unrated_games(self, limit: int = 100) -> list[int]:
        """Finished games not rated yet (no games.rated_at), in the order they ended."""
        async def work(c: Db) -> list[int]:
            return [r[0] for r in await _all(c,
                "SELECT id FROM games WHERE status = 'finished' AND rated_at IS NULL ORDER BY updated_at, id LIMIT ?",
                (limit,))]

        return await self._query(work)

    async def rate_game(self, game_id: int, now: int, settle: Callable[
            [GameRecord, list[SeatRecord], list[JournalEntry], dict[str, PlayerRating]],
            tuple[list[RatingChange], list[NewMessage]]]) -> list[RatingChange] | None:
        """Rate a finished game once, in one transaction. ``settle`` (pure, bot/ratings.py) gets the game,
        its seats, its journal and the current ratings (by user id) of its seated members in its ruleset
        on its server; it returns the new ratings of the rated seats and any outbox rows (the channel's
        notice). They are written together with the marker games.rated_at. Returns None, without calling
        ``settle``, when the game is not finished or is rated already (a second process, a restart)."""
        _int(now, "now")

        async def work(c: Db) -> list[RatingChange] | None:
            row = await _one(c, "SELECT status, rated_at FROM games WHERE id=?", (game_id,))
            if row is None or row[0] != "finished" or row[1] is not None:
                return None
            game = await _fetch_game(c, game_id)
            seats = [_seat(r) for r in await _all(c, f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY joined_at, seat",
                                                 (game_id,))]
            journal = [_entry(r) for r in await _all(c, f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? ORDER BY seq",
                                                    (game_id,))]
            current: dict[str, PlayerRating] = {}
            if game.guild_id is not None:
                for s in seats:
                    r = await _one(c, f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND ruleset=? AND user_id=?",
                                  (game.guild_id, game.ruleset, s.user_id))
                    if r is not None:
                        current[s.user_id] = PlayerRating(*r)
            changes, messages = settle(game, seats, journal, current)
            if changes and game.guild_id is None:
                raise ValueError("only a game in a server is rated")
            for ch in changes:
                await _run(c, f"INSERT INTO ratings ({_RATING_COLS}) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) "
                          "ON CONFLICT (guild_id, ruleset, user_id) DO UPDATE SET name = excluded.name, "
                          "mu = excluded.mu, sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins, "
                          "updated_at = excluded.updated_at",
                          (game.guild_id, game.ruleset, ch.user_id, ch.name, float(ch.mu_after), float(ch.sigma_after),
                           int(ch.won), now))
                await _run(c, "INSERT INTO rating_history (game_id, guild_id, ruleset, user_id, seat, rank, won, mu_before, "
                          "sigma_before, mu_after, sigma_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (game_id, game.guild_id, game.ruleset, ch.user_id, ch.seat, _int(ch.rank, "rank"), int(ch.won),
                           float(ch.mu_before), float(ch.sigma_before), float(ch.mu_after), float(ch.sigma_after), now))
            await _insert_outbox(c, game_id, _prep_outbox(messages), await _last_seq(c, game_id), now)
            await _run(c, "UPDATE games SET rated_at = ? WHERE id = ?", (now, game_id))
            return [replace(ch, game_id=game_id, at=now) for ch in changes]

        return await self._write(work)

    async def player_ratings(self, guild_id: str, user_id: str) -> list[PlayerRating]:
        """A member's ratings on a server, one per ruleset they have a rated game in."""
        async def work(c: Db) -> list[PlayerRating]:
            return [PlayerRating(*r) for r in await _all(c,
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND user_id=? ORDER BY ruleset", (guild_id, user_id))]

        return await self._query(work)

    async def ruleset_ratings(self, guild_id: str, ruleset: str, *, min_games: int = 0) -> list[PlayerRating]:
        """Every rating of a ruleset on a server with at least ``min_games`` rated games (unsorted)."""
        async def work(c: Db) -> list[PlayerRating]:
            return [PlayerRating(*r) for r in await _all(c,
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=? AND ruleset=? AND games>=?",
                (guild_id, ruleset, min_games))]

        return await self._query(work)

    async def rating_history(self, guild_id: str, ruleset: str, user_id: str, limit: int = 5) -> list[RatingChange]:
        """A member's last ``limit`` rating changes in a ruleset on a server, oldest first."""
        async def work(c: Db) -> list[RatingChange]:
            rows = await _all(c,
                "SELECT h.game_id, h.user_id, coalesce(s.display_name, ''), h.seat, h.rank, h.won, h.mu_before, "
                "h.sigma_before, h.mu_after, h.sigma_after, h.at FROM rating_history h "
                "LEFT JOIN seats s ON s.game_id = h.game_id AND s.user_id = h.user_id "
                "WHERE h.guild_id=? AND h.ruleset=? AND h.user_id=? ORDER BY h.rowid DESC LIMIT ?",
                (guild_id, ruleset, user_id, limit))
            return [RatingChange(r[0], r[1], r[2], r[3], r[4], bool(r[5]), *r[6:]) for r in reversed(rows)]

        return await self._query(work)

    # ------------------------------------------------------------ jobs (deadlines, reminders)

    async def due_jobs(self, now: int, limit: int = 100) -> list[JobRecord]:
        """Jobs due at or before ``now``, earliest first."""
        async def work(c: Db) -> list[JobRecord]:
            return [_job(r) for r in await _all(c,
                f"SELECT {_JOB_COLS} FROM jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit))]

        return await self._query(work)

    async def claim_due_jobs(self, now: int, owner: str, lease_seconds: int = 300, limit: int = 100) -> list[JobRecord]:
        """Due jobs, claimed for ``owner`` inside one write transaction: another process sweeping the same
        database gets none of them until the lease runs out (only if this one died before acting)."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Db) -> list[JobRecord]:
            jobs = [_job(r) for r in await _all(c,
                f"SELECT {_JOB_COLS} FROM jobs WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) "
                "ORDER BY due_at, id LIMIT ?", (now, now, limit))]
            await _many(c, "UPDATE jobs SET claimed_by=?, claimed_until=? WHERE id=?",
                          [(owner, now + lease_seconds, j.id) for j in jobs])
            return jobs

        return await self._write(work)

    async def job_to_outbox(self, job_id: int, game_id: int, message: NewMessage, idem_key: str, now: int) -> bool:
        """Turn a fired job into a notification in one transaction: the outbox row (once per ``idem_key``,
        however many processes fire it) and the job's deletion. False if the key was used already, or if the
        job is gone: a move in the same sweep replaced it (its copy fires in its own time, once)."""
        rows = _prep_outbox([message])

        async def work(c: Db) -> bool:
            created_seq, audience, kind, payload = rows[0]
            if await _run(c, "DELETE FROM jobs WHERE id=?", (job_id,)) != 1:
                return False
            return await _run(c, "INSERT OR IGNORE INTO outbox (game_id, created_seq, audience, kind, payload, "
                              "created_at, idem_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                              (game_id, created_seq or 0, audience, kind, payload, _int(now, "now"), idem_key)) == 1

        return await self._write(work)

    async def next_job_due(self) -> int | None:
        async def work(c: Db) -> int | None:
            return (await _one(c, "SELECT min(due_at) FROM jobs"))[0]

        return await self._query(work)

    async def delete_job(self, job_id: int) -> bool:
        """Delete one job; False if it was already gone (fired, or replaced by a move)."""
        async def work(c: Db) -> bool:
            return await _run(c, "DELETE FROM jobs WHERE id=?", (job_id,)) == 1

        return await self._write(work)

    async def jobs_for_game(self, game_id: int) -> list[JobRecord]:
        async def work(c: Db) -> list[JobRecord]:
            return [_job(r) for r in await _all(c,
                f"SELECT {_JOB_COLS} FROM jobs WHERE game_id=? ORDER BY due_at, id", (game_id,))]

        return await self._query(work)

    # ------------------------------------------------------------ outbox

    async def pending_outbox(self, limit: int = 100) -> list[OutboxRecord]:
        """Unsent notifications, oldest first."""
        async def work(c: Db) -> list[OutboxRecord]:
            return [_outbox(r) for r in await _all(c,
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?", (limit,))]

        return await self._query(work)

    async def outbox_heads(self, now: int, limit: int = 100) -> list[OutboxRecord]:
        """The next notification of each game whose deliveries are not held: its oldest unsent row,
        if that row is due (not waiting out a retry backoff). Oldest first.

        One row per game keeps each game's notifications in order while a failing game waits alone:
        its head is not due, so it drops out and every other game's head still comes back."""
        _int(now, "now")

        async def work(c: Db) -> list[OutboxRecord]:
            cols = ", ".join(f"o.{col.strip()}" for col in _OUTBOX_COLS.split(","))
            return [_outbox(r) for r in await _all(c,
                f"SELECT {cols} FROM outbox o "
                "JOIN (SELECT game_id, min(id) AS id FROM outbox WHERE sent_at IS NULL GROUP BY game_id) head "
                "ON head.id = o.id JOIN games g ON g.id = o.game_id "
                "WHERE g.delivery_held_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
                "ORDER BY o.id LIMIT ?", (now, limit))]

        return await self._query(work)

    async def defer_outbox(self, row_id: int, now: int, retry_at: int, error: str) -> None:
        """Record a failed delivery: one more attempt, the next one not before ``retry_at``."""
        _int(row_id, "row_id"), _int(now, "now"), _int(retry_at, "retry_at")

        async def work(c: Db) -> None:
            await _run(c, "UPDATE outbox SET attempts=attempts+1, next_attempt_at=?, last_error=?, "
                      "first_failed_at=coalesce(first_failed_at, ?) WHERE id=? AND sent_at IS NULL",
                      (retry_at, error[:200], now, row_id))
            # issue 17: the failed row's claimer gives back its whole run (the game waits out the backoff)
            await _run(c, "UPDATE outbox SET claimed_by=NULL, claimed_until=NULL WHERE sent_at IS NULL AND game_id="
                      "(SELECT game_id FROM outbox WHERE id=?) AND claimed_by=(SELECT claimed_by FROM outbox WHERE id=?)",
                      (row_id, row_id))

        return await self._write(work)

    async def hold_delivery(self, game_id: int, now: int) -> bool:
        """Hold a game's notifications (its deliveries keep failing). False if it was held already."""
        async def work(c: Db) -> bool:
            return await _run(c, "UPDATE games SET delivery_held_at=? WHERE id=? AND delivery_held_at IS NULL",
                             (_int(now, "now"), game_id)) == 1

        return await self._write(work)

    async def release_delivery(self, game_id: int) -> int:
        """Deliver a held game's notifications again, from a fresh count of attempts. Returns the rows waiting."""
        async def work(c: Db) -> int:
            await _run(c, "UPDATE games SET delivery_held_at=NULL WHERE id=?", (game_id,))
            return await _run(c, "UPDATE outbox SET attempts=0, next_attempt_at=NULL, first_failed_at=NULL "
                             "WHERE game_id=? AND sent_at IS NULL", (game_id,))

        return await self._write(work)

    async def mark_sent(self, ids: Iterable[int], now: int) -> int:
        """Mark delivered rows; returns how many were still unsent (a row's first sent_at is kept)."""
        id_list = [_int(i, "id") for i in ids]
        _int(now, "now")
        if not id_list:
            return 0

        async def work(c: Db) -> int:
            return await _many(c, "UPDATE outbox SET sent_at=? WHERE id=? AND sent_at IS NULL",
                                 [(now, i) for i in id_list])

        return await self._write(work)

    async def outbox_for_game(self, game_id: int) -> list[OutboxRecord]:
        async def work(c: Db) -> list[OutboxRecord]:
            return [_outbox(r) for r in await _all(c,
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE game_id=? ORDER BY id", (game_id,))]

        return await self._query(work)

    async def prune_outbox(self, sent_before: int) -> int:
        """Delete rows delivered before ``sent_before``; returns how many."""
        async def work(c: Db) -> int:
            return await _run(c, "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (sent_before,))

        return await self._write(work)

    # ------------------------------------------------------------ settings

    async def get_setting(self, scope: str, key: str) -> str | None:
        async def work(c: Db) -> str | None:
            row = await _one(c, "SELECT value FROM settings WHERE scope=? AND key=?", (scope, key))
            return None if row is None else row[0]

        return await self._query(work)

    async def set_setting(self, scope: str, key: str, value: str | None) -> None:
        """Set a setting (scope e.g. 'guild:<id>' or 'user:<id>'); None deletes it."""
        async def work(c: Db) -> None:
            if value is None:
                await _run(c, "DELETE FROM settings WHERE scope=? AND key=?", (scope, key))
            else:
                await _run(c, "INSERT INTO settings (scope, key, value) VALUES (?, ?, ?) "
                          "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value", (scope, key, str(value)))

        await self._write(work)

    async def settings(self, scope: str) -> dict[str, str]:
        async def work(c: Db) -> dict[str, str]:
            return dict(await _all(c, "SELECT key, value FROM settings WHERE scope=? ORDER BY key", (scope,)))

        return await self._query(work)

    async def settings_in(self, scopes: Sequence[str]) -> dict[str, dict[str, str]]:
        """The settings of several scopes in one read (every scope given is a key, empty when it has none)."""
        wanted = sorted(set(scopes))
        out: dict[str, dict[str, str]] = {s: {} for s in wanted}
        if not wanted:
            return out

        async def work(c: Db) -> dict[str, dict[str, str]]:
            for scope, key, value in await _all(c, "SELECT scope, key, value FROM settings WHERE scope IN "
                                                   f"({','.join('?' * len(wanted))}) ORDER BY scope, key", wanted):
                out[scope][key] = value
            return out

        return await self._query(work)

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
            busy, frames, done = await _one(c, "PRAGMA wal_checkpoint(PASSIVE)")
            return CheckpointResult(busy=bool(busy), wal_frames=frames, checkpointed_frames=done)

        return await self._maintenance(work)

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check`` plus ``foreign_key_check``: 'ok', or the problems found, one a line."""
        async def work(c: Db) -> str:
            rows = [r[0] for r in await _all(c, "PRAGMA integrity_check")]
            fk = await _all(c, "PRAGMA foreign_key_check")
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
        async def work(c: Db) -> None:
            await _all(c, f"PRAGMA wal_autocheckpoint={int(pages)}")

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

    # ------------------------------------------------------------ server settings (issue 14): lobbies that expire
    # and lobbies that change hosts

    async def add_job(self, game_id: int, job: NewJob, now: int) -> None:
        """Add one job to a game's jobs, keeping the others (a lobby's expiry: a lobby has no other jobs)."""
        rows = _prep_jobs([job]) or []

        async def work(c: Db) -> None:
            await _fetch_game(c, game_id)
            kind, seat, due, payload = rows[0]
            await _run(c, "INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                      (game_id, kind, seat, due, payload, _int(now, "now")))

        await self._write(work)

    async def leave_lobby(self, game_id: int, expected_version: int, user_id: str, now: int, *,
                          new_host: str | None = None, close: bool = False,
                          outbox: list[NewMessage] | None = None) -> GameRecord:
        """Unseat a user from a lobby in one transaction (version + 1), with its notices: ``new_host`` hosts it
        from now on (the leaver hosted it), or ``close`` ends it (nobody is left: abandoned, its jobs gone). The
        version check makes the caller's view of the seats, from which it chose, the one that holds. Raises
        NotSeated."""
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Db) -> GameRecord:
            game = await _fetch_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if await _run(c, "DELETE FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            columns: dict[str, Any] = {}
            if close:
                columns["status"] = "abandoned"
                await _run(c, "DELETE FROM jobs WHERE game_id=?", (game_id,))
            elif new_host is not None:
                columns["host_user"] = new_host
            await _bump(c, game_id, expected_version, now, **columns)
            await _insert_outbox(c, game_id, msg_rows, 0, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)
    # ------------------------------------------------------------ spectators who follow a game (issue 16, migration 0006)
    #
    # One row per (game, member). A digest is claimed like a job (a lease, in one write transaction) and
    # confirmed once sent; see 0006_followers.sql for why that sends each day's digest once.

    async def follow(self, game_id: int, user_id: str, mode: str, now: int, digest_due_at: int | None) -> Follower:
        """Start following (or change the mode of a follow): the next digest covers from now on."""
        _int(now, "now")

        async def work(c: Db) -> Follower:
            await _run(c, "INSERT INTO followers (game_id, user_id, mode, since, digest_from, digest_due_at) "
                      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET mode=excluded.mode, "
                      "digest_from=excluded.digest_from, digest_due_at=excluded.digest_due_at, digest_to=NULL, "
                      "claimed_until=NULL, failures=0", (game_id, user_id, mode, now, now, digest_due_at))
            return _follower(await _one(c, f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=? AND user_id=?",
                                       (game_id, user_id)))

        return await self._write(work)

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        async def work(c: Db) -> bool:
            return await _run(c, "DELETE FROM followers WHERE game_id=? AND user_id=?", (game_id, user_id)) == 1

        return await self._write(work)

    async def followers(self, game_id: int) -> list[Follower]:
        async def work(c: Db) -> list[Follower]:
            return [_follower(r) for r in await _all(c,
                f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=? ORDER BY since, user_id", (game_id,))]

        return await self._query(work)

    async def clear_followers(self, game_id: int) -> int:
        async def work(c: Db) -> int:
            return await _run(c, "DELETE FROM followers WHERE game_id=?", (game_id,))

        return await self._write(work)

    async def note_follow_delivery(self, game_id: int, user_id: str, ok: bool) -> int:
        """Count a DM to a follower that could not be delivered (or clear the count): the failures in a row."""
        async def work(c: Db) -> int:
            await _run(c, "UPDATE followers SET failures=" + ("0" if ok else "failures+1") + " WHERE game_id=? AND user_id=?",
                      (game_id, user_id))
            row = await _one(c, "SELECT failures FROM followers WHERE game_id=? AND user_id=?", (game_id, user_id))
            return 0 if row is None else row[0]

        return await self._write(work)

    async def claim_digests(self, now: int, *, lease_seconds: int = 300, period: int = 86400,
                            limit: int = 100) -> list[Follower]:
        """Due digests, claimed in one write transaction: a fresh one covers up to now and its next one is moved
        a whole number of periods on (a bot down for days sends one digest, not one per day missed); one
        claimed before whose lease ran out (its sender died) is claimed again for the same span."""
        _int(now, "now")

        async def work(c: Db) -> list[Follower]:
            rows = [_follower(r) for r in await _all(c,
                f"SELECT {_FOLLOWER_COLS} FROM followers WHERE mode='digest' AND ("
                "(digest_to IS NULL AND digest_due_at <= ?) OR (digest_to IS NOT NULL AND claimed_until <= ?)) "
                "ORDER BY digest_due_at, game_id, user_id LIMIT ?", (now, now, limit))]
            out = []
            for f in rows:
                if f.digest_to is None:
                    due = f.digest_due_at if f.digest_due_at is not None else now
                    following = due + period * ((now - due) // period + 1)
                    await _run(c, "UPDATE followers SET digest_to=?, claimed_until=?, digest_due_at=? "
                              "WHERE game_id=? AND user_id=?", (now, now + lease_seconds, following, f.game_id, f.user_id))
                    f = replace(f, digest_to=now, digest_due_at=following)
                else:
                    await _run(c, "UPDATE followers SET claimed_until=? WHERE game_id=? AND user_id=?",
                              (now + lease_seconds, f.game_id, f.user_id))
                out.append(f)
            return out

        return await self._write(work)

    async def digest_done(self, game_id: int, user_id: str, to: int) -> bool:
        """A claimed digest went out (or had nothing to say): the next one starts where it ended."""
        async def work(c: Db) -> bool:
            return await _run(c, "UPDATE followers SET digest_from=?, digest_to=NULL, claimed_until=NULL "
                             "WHERE game_id=? AND user_id=? AND digest_to=?", (to, game_id, user_id, to)) == 1

        return await self._write(work)

    async def public_posts(self, game_id: int, since: int, until: int) -> list[str]:
        """The text of the game's public posts that went out in [since, until), oldest first."""
        async def work(c: Db) -> list[str]:
            rows = await _all(c, "SELECT payload FROM outbox WHERE game_id=? AND audience='public' AND sent_at IS NOT NULL "
                             "AND sent_at >= ? AND sent_at < ? ORDER BY id", (game_id, since, until))
            return [str((_loads(r[0]) or {}).get("text", "")) for r in rows]

        return await self._query(work)

    async def public_posts_pending(self, game_id: int, after_id: int) -> int:
        """How many public posts of the game wait to be sent after outbox row ``after_id``."""
        async def work(c: Db) -> int:
            return (await _one(c, "SELECT count(*) FROM outbox WHERE game_id=? AND audience='public' AND sent_at IS NULL "
                             "AND id > ?", (game_id, after_id)))[0]

        return await self._query(work)

    # ------------------------------------------------------------ claimed delivery (issue 17: exactly once across processes)
    # Migration 0007; the leases are bot/delivery_claims.py's. A deliverer claims runs of unsent rows (claim_outbox),
    # marks each row sent as its claimer (mark_claimed_sent, which renews the lease on the rest of the run) and gives
    # the run back when a row fails (defer_outbox). The replay queue is claimed the same way.

    # A claim lost to a power cut only makes its rows claimable again, as a lease running out does (the
    # mark_sent that matters is a FULL commit, whose fsync also covers this one): claims are written
    # with relaxed=True (synchronous=NORMAL for that transaction), no fsync of their own.

    async def claim_outbox(self, now: int, owner: str, *, lease_seconds: int = OUTBOX_LEASE_S, limit: int = 100,
                           run: int = OUTBOX_RUN) -> list[OutboxRecord]:
        """Claim for ``owner`` the due notifications of up to ``limit`` games, in one write transaction: of each game
        whose oldest unsent row is due, not held and not claimed by a live lease, that row and the unsent rows after
        it (up to ``run``), oldest first. Every other deliverer skips a game while its oldest row is claimed, so each
        game's rows go out once and in order whichever process sends them. Sorted by id."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        # One statement (one hop, however many games): the heads that may be claimed, each one's run of unsent rows
        # numbered by a window, and those rows claimed and returned.
        claim = ("WITH heads AS (SELECT o.game_id FROM outbox o "
                 "JOIN (SELECT game_id, min(id) AS id FROM outbox WHERE sent_at IS NULL GROUP BY game_id) head "
                 "ON head.id = o.id JOIN games g ON g.id = o.game_id "
                 "WHERE g.delivery_held_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
                 "AND (o.claimed_until IS NULL OR o.claimed_until <= ?) ORDER BY o.id LIMIT ?), "
                 "runs AS (SELECT id, row_number() OVER (PARTITION BY game_id ORDER BY id) AS n FROM outbox "
                 "WHERE sent_at IS NULL AND game_id IN (SELECT game_id FROM heads)) "
                 "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (SELECT id FROM runs WHERE n <= ?) "
                 f"RETURNING {_OUTBOX_COLS}")

        async def work(c: Db) -> list[OutboxRecord]:
            rows = await _all(c, claim, (now, now, limit, owner, now + lease_seconds, run))
            return sorted((_outbox(r) for r in rows), key=lambda r: r.id)

        return await self._write(work, relaxed=True)

    async def mark_claimed_sent(self, row_ids: Sequence[int], now: int, owner: str, *,
                                lease_seconds: int = OUTBOX_LEASE_S) -> int:
        """Mark delivered rows sent — those ``owner`` still holds the claim of — in one transaction, and renew the
        lease on the rest of their games' runs. Returns how many were marked: fewer than given when another process
        took rows over (the lease ran out mid-delivery) or they were sent already."""
        ids = [_int(i, "row_id") for i in row_ids]
        _int(now, "now")
        if not ids:
            return 0
        marks = ",".join("?" * len(ids))

        async def work(c: Db) -> int:
            marked = await _run(c, f"UPDATE outbox SET sent_at=? WHERE id IN ({marks}) AND sent_at IS NULL "
                                   "AND claimed_by=?", (now, *ids, owner))
            if marked:
                await _run(c, "UPDATE outbox SET claimed_until=? WHERE game_id IN (SELECT game_id FROM outbox WHERE "
                              f"id IN ({marks})) AND sent_at IS NULL AND claimed_by=?", (now + lease_seconds, *ids, owner))
            return marked

        return await self._write(work)

    async def queue_replay(self, game_id: int, tries: int = 0) -> None:
        """A finished game's replay is (again) to be posted, after ``tries`` failed tries; any claim on it ends.
        Nothing is queued for a game that is gone."""
        async def work(c: Db) -> None:
            await _run(c, "INSERT INTO replay_queue (game_id, tries) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id=?) "
                      "ON CONFLICT (game_id) DO UPDATE SET tries=excluded.tries, claimed_by=NULL, claimed_until=NULL",
                      (_int(game_id, "game_id"), _int(tries, "tries"), game_id))

        return await self._write(work)

    async def claim_replays(self, now: int, owner: str, *, lease_seconds: int = REPLAY_LEASE_S,
                            limit: int = 10) -> list[tuple[int, int]]:
        """(game id, failed tries) of the queued replays no live lease covers, claimed for ``owner``, oldest game
        first: only the claimer draws and posts them."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Db) -> list[tuple[int, int]]:
            due = [(r[0], r[1]) for r in await _all(c,
                "SELECT game_id, tries FROM replay_queue WHERE claimed_until IS NULL OR claimed_until <= ? "
                "ORDER BY game_id LIMIT ?", (now, limit))]
            await _many(c, "UPDATE replay_queue SET claimed_by=?, claimed_until=? WHERE game_id=?",
                          [(owner, now + lease_seconds, g) for g, _ in due])
            return due

        return await self._write(work, relaxed=True)

    async def replay_posted(self, game_id: int, owner: str) -> bool:
        """Take a replay off the queue (posted, or given up) if ``owner`` still holds its claim."""
        async def work(c: Db) -> bool:
            return await _run(c, "DELETE FROM replay_queue WHERE game_id=? AND claimed_by=?", (game_id, owner)) == 1

        return await self._write(work)

    async def queued_replays(self) -> list[tuple[int, int]]:
        """(game id, failed tries) of every replay still to be posted, claimed or not, oldest game first."""
        async def work(c: Db) -> list[tuple[int, int]]:
            return [(r[0], r[1]) for r in await _all(c, "SELECT game_id, tries FROM replay_queue ORDER BY game_id")]

        return await self._query(work)


@dataclass(frozen=True, slots=True)
class Follower:
    """A member following a game's public posts by DM (mode 'turn': each post; 'digest': once a day)."""
    game_id: int
    user_id: str
    mode: str
    since: int
    digest_from: int
    digest_due_at: int | None
    digest_to: int | None
    failures: int


_FOLLOWER_COLS = "game_id, user_id, mode, since, digest_from, digest_due_at, digest_to, failures"


def _follower(r: tuple) -> Follower:
    return Follower(*r)
