"""Store.commit_move latency over 1,000 stored games, beside a raw sqlite3 floor measured in the same run.

    python bench/bench_store.py [--games 1000] [--moves 2000] [--state-kb 4] [--dir PATH]

Each move is what the manager writes: a journal row, a ~4 KB snapshot, the game's version,
two jobs replaced, three outbox rows, an idempotency key. The latency is the caller's
(`await commit_move(...)`: its thread hops + transaction + fsync). The floor is the cheapest durable
write with the same pragmas: BEGIN IMMEDIATE; one INSERT of a row the size of the state; COMMIT,
on its own file, run in blocks interleaved with the store's so both see the same disk.

Two checkpoint modes are measured: the background PASSIVE checkpointer (the intended setup) and
SQLite's default inline auto-checkpoint (a commit copies the WAL back every ~1,000 pages).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.store import NewJob, NewMessage, Store  # noqa: E402

T0 = 1_800_000_000
BLOCK = 50


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def fake_state(rng: random.Random, size: int) -> str:
    """A JSON document shaped like an engine state (boards, hands, decks), about `size` bytes."""
    states = ["WI", "NV", "AZ", "MI", "PA", "GA", "NC", "OH", "FL", "TX", "VA", "NH", "MN", "IA"]
    issues = ["economy", "immigration", "healthcare", "crime", "energy", "taxes", "education"]
    doc: dict = {"ruleset": "electioneer", "seats": ["DEM", "REP"], "rng": rng.getrandbits(63), "month": rng.randint(1, 7),
                 "phase": "campaign", "boards": {}, "players": {}}
    i = 0
    while len(json.dumps(doc)) < size:
        code = f"{states[i % len(states)]}{i // len(states) or ''}"
        doc["boards"][code] = {"code": code, "issues": rng.sample(issues, 2), "revealed": rng.random() < 0.5,
                               "played": {"DEM": [f"D{rng.randint(1, 40):02d}"], "REP": [f"R{rng.randint(1, 40):02d}"]},
                               "totals": {"DEM": rng.randint(0, 9), "REP": rng.randint(0, 9)}, "markers": []}
        i += 1
    return json.dumps(doc, separators=(",", ":"))


class Floor:
    """BEGIN IMMEDIATE; one INSERT; COMMIT on a file with the store's pragmas."""

    def __init__(self, path: Path, body: str) -> None:
        self.con = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=FULL", "busy_timeout=5000", "foreign_keys=ON"):
            self.con.execute(f"PRAGMA {pragma}")
        self.con.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        self.body = body

    def once(self) -> float:
        t0 = time.perf_counter()
        self.con.execute("BEGIN IMMEDIATE")
        self.con.execute("INSERT INTO t (body) VALUES (?)", (self.body,))
        self.con.execute("COMMIT")
        return (time.perf_counter() - t0) * 1000

    def close(self) -> None:
        self.con.close()


async def setup(store: Store, games: int, rng: random.Random, size: int) -> list[list[int]]:
    out = []
    for i in range(games):
        g = await store.create_game("electioneer", {"theatrics": 3}, i, f"a{i}", f"Game {i}", T0, guild_id="g",
                                    channel_id=f"c{i % 50}")
        g = await store.add_seat(g.id, g.version, "DEM", f"a{i}", "A", T0)
        g = await store.add_seat(g.id, g.version, "REP", f"b{i}", "B", T0)
        g = await store.start_game(g.id, g.version, fake_state(rng, size), f"{i:064x}", T0,
                                   jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 + 172800)],
                                   outbox=[NewMessage(audience="public", kind="board", payload={"text": "begins"})])
        out.append([g.id, g.version])
    return out


async def run_mode(tmp: Path, name: str, args: argparse.Namespace, background: bool) -> dict:
    rng = random.Random(42)
    size = args.state_kb * 1024
    store = await Store.open(tmp / f"{name}.sqlite3")
    floor = Floor(tmp / f"{name}-floor.sqlite3", "x" * size)
    t0 = time.perf_counter()
    games = await setup(store, args.games, rng, size)
    setup_s = time.perf_counter() - t0
    await store.checkpoint()
    if background:
        store.start_background_checkpoints(args.checkpoint_s)
    states = [fake_state(rng, size) for _ in range(64)]  # prepared outside the timed section
    lat: list[float] = []
    base: list[float] = []
    seq_of = {g[0]: 0 for g in games}
    now = T0 + 60
    for block in range(0, args.moves, BLOCK):
        for n in range(block, min(args.moves, block + BLOCK)):
            g = games[rng.randrange(len(games))]
            seat = "DEM" if seq_of[g[0]] % 2 == 0 else "REP"
            other = "REP" if seat == "DEM" else "DEM"
            now += 1
            jobs = [NewJob(kind="deadline", seat=other, due_at=now + 172800, payload={"seq": seq_of[g[0]] + 1}),
                    NewJob(kind="reminder", seat=other, due_at=now + 129600, payload={"seq": seq_of[g[0]] + 1})]
            outbox = [NewMessage(audience="public", kind="board", payload={"text": f"{seat} plays a card"}),
                      NewMessage(audience=f"seat:{seat}", kind="brief", payload={"text": "", "prompt": False}),
                      NewMessage(audience=f"seat:{other}", kind="brief", payload={"text": "", "prompt": True})]
            t = time.perf_counter()
            c = await store.commit_move(g[0], g[1], seat=seat, notation="campaign D07 VA4", actor=f"user-{seat}",
                                        idem_key=f"interaction-{n}", undoable=True, state_json=states[n % len(states)],
                                        state_hash=f"{n:064x}", now=now, jobs=jobs, outbox=outbox)
            lat.append((time.perf_counter() - t) * 1000)
            g[1] = c.version
            seq_of[g[0]] = c.seq
        base += [floor.once() for _ in range(min(BLOCK, args.moves - block))]
        if background:
            await asyncio.sleep(0)  # let the checkpointer's timer run between blocks, as idle time would
    await store.stop_background_checkpoints()
    ok = await store.integrity_check()
    await store.close()
    floor.close()
    return {"name": name, "setup_s": setup_s, "lat": lat, "floor": base, "integrity": ok}


async def hop_overhead(tmp: Path, n: int) -> dict:
    loop = asyncio.get_running_loop()
    ex = ThreadPoolExecutor(max_workers=1)
    noop = [0.0] * n
    for i in range(n):
        t = time.perf_counter()
        await loop.run_in_executor(ex, int)
        noop[i] = (time.perf_counter() - t) * 1000
    ex.shutdown()
    store = await Store.open(tmp / "hop.sqlite3")
    await store.set_setting("bench", "k", "v")
    read = [0.0] * n
    for i in range(n):
        t = time.perf_counter()
        await store.get_setting("bench", "k")
        read[i] = (time.perf_counter() - t) * 1000
    await store.close()
    con = sqlite3.connect(tmp / "hop.sqlite3")
    direct = [0.0] * n
    for i in range(n):
        t = time.perf_counter()
        con.execute("SELECT value FROM settings WHERE scope=? AND key=?", ("bench", "k")).fetchone()
        direct[i] = (time.perf_counter() - t) * 1000
    con.close()
    return {"noop": noop, "read": read, "direct": direct}


def line(label: str, values: list[float]) -> str:
    return (f"  {label:<44} p50 {statistics.median(values):7.3f} ms   p99 {pct(values, 0.99):7.3f} ms"
            f"   max {max(values):7.3f} ms")


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        tmp = Path(d)
        print(f"SQLite {sqlite3.sqlite_version}, Python {sys.version.split()[0]}, files in {tmp}")
        print(f"{args.moves} commit_move over {args.games} started games, state ≈ {args.state_kb} KB, "
              f"2 jobs replaced + 3 outbox rows per move\n")
        for background in (True, False):
            name = "background" if background else "inline"
            r = await run_mode(tmp, name, args, background)
            lat, floor = r["lat"], r["floor"]
            title = (f"background PASSIVE checkpoint every {args.checkpoint_s:g} s" if background
                     else "SQLite default inline auto-checkpoint")
            print(f"[{title}]  (setup of {args.games} games {r['setup_s']:.1f} s; integrity {r['integrity']})")
            print(line("Store.commit_move (await, incl. hop)", lat))
            print(line("floor: raw BEGIN IMMEDIATE/INSERT/COMMIT", floor))
            print(f"  {'ratio':<44} p50 {statistics.median(lat) / statistics.median(floor):6.2f}x     "
                  f"p99 {pct(lat, 0.99) / pct(floor, 0.99):6.2f}x\n")
        h = await hop_overhead(tmp, args.hop_samples)
        print("[one thread hop]")
        print(line("run_in_executor(no-op) on a 1-thread pool", h["noop"]))
        print(line("Store.get_setting (hop + 1 indexed SELECT)", h["read"]))
        print(line("same SELECT on a direct connection", h["direct"]))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--state-kb", type=int, default=4)
    ap.add_argument("--checkpoint-s", type=float, default=1.0)
    ap.add_argument("--hop-samples", type=int, default=5000)
    ap.add_argument("--dir", default=None, help="where to put the database files (default: the system temp dir)")
    asyncio.run(main(ap.parse_args()))
