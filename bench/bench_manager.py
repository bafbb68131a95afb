"""Manager move latency (no render) over 1,000 stored games, beside a raw sqlite3 transaction floor.

    python bench/bench_manager.py [--games 1000] [--moves 1000]
"""
from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameManager  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine.core.rng import Rng  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def raw_floor(path: Path, n: int) -> list[float]:
    """BEGIN IMMEDIATE; one INSERT of a 4 KB row; COMMIT — with the store's pragmas (WAL, synchronous=FULL)."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    body = "x" * 4096
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO t (body) VALUES (?)", (body,))
        con.execute("COMMIT")
        out.append((time.perf_counter() - t0) * 1000)
    con.close()
    return out


async def measure(games: int, moves: int, deliver: bool) -> tuple[float, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        store = await Store.open(tmpdir / "bench.sqlite3")
        manager = GameManager(store, RecordingTable() if deliver else None, render=False)
        ids = []
        t0 = time.perf_counter()
        for i in range(games):
            rec = await manager.games.create("electioneer", f"a{i}", "A", seat="DEM", seed=i)
            await manager.games.join(rec.id, f"b{i}", "B", seat="REP")
            await manager.games.start(rec.id, f"a{i}")
            ids.append(rec.id)
        setup_s = time.perf_counter() - t0
        manager.ctx.live.clear()
        rng = Rng(42)
        lat = []
        done = 0
        while done < moves:
            gid = ids[rng.below(len(ids))]
            owing = await manager.views.owing(gid)
            if not owing:
                continue
            seat = owing[0]
            user = ("a" if seat == "DEM" else "b") + str(gid - ids[0])
            _, _, decision = await manager.views.decision(gid, user)
            move = decision.options[rng.below(len(decision.options))].action.notation()
            t0 = time.perf_counter()
            await manager.games.submit(gid, user, move)
            lat.append((time.perf_counter() - t0) * 1000)
            done += 1
        await store.close()
    return setup_s, lat


async def main(games: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        floor = raw_floor(Path(tmp) / "floor.sqlite3", moves)
    f50, f99 = statistics.median(floor), pct(floor, 0.99)
    print(f"floor: raw sqlite3 BEGIN IMMEDIATE / INSERT 4 KB / COMMIT (WAL, synchronous=FULL): p50 {f50:.3f} ms, p99 {f99:.3f} ms")
    for deliver in (False, True):
        setup_s, lat = await measure(games, moves, deliver)
        p50, p99 = statistics.median(lat), pct(lat, 0.99)
        what = "with delivery of posts and briefs to a recording table" if deliver else "commit path, no table"
        print(f"manager.games.submit, no render, {what}: {moves} moves over {games} stored games "
              f"(setup {setup_s:.1f} s): p50 {p50:.2f} ms, p99 {p99:.2f} ms — ratio to floor p50 {p50 / f50:.1f}x, p99 {p99 / f99:.1f}x")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=1000)
    a = ap.parse_args()
    asyncio.run(main(a.games, a.moves))
