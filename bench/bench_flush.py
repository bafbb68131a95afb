"""The store calls and the latency of one move with its own flush: how many awaits of the store a
move's delivery costs, single process, SQLite, no render, a recording table.

    python bench/bench_flush.py [--games 100] [--moves 400] [--pg-url postgresql://…/empty_db]

Counts every store method the manager awaits during ``manager.games.submit`` (the commit and the flush that delivers
the move's posts and briefs), by name, and times the whole call. Run it on two checkouts to compare.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import GameManager  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine.core.rng import Rng  # noqa: E402


class Counting:
    """The store, with a count of the awaited calls by method name."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()
        self.seconds: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr) or not asyncio.iscoroutinefunction(attr):
            return attr

        async def counted(*args: Any, **kw: Any) -> Any:
            self.calls[name] += 1
            t0 = time.perf_counter()
            try:
                return await attr(*args, **kw)
            finally:
                self.seconds[name] += time.perf_counter() - t0

        return counted


async def main(games: int, moves: int, pg_url: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        if pg_url:  # an empty database of a PostgreSQL server (PgStore migrates it)
            from bot.store import PgStore

            store = await PgStore.open(pg_url)
        else:
            store = await Store.open(Path(tmp) / "bench.sqlite3")
        counting = Counting(store)
        table = RecordingTable()
        manager = GameManager(counting, table, render=False)  # type: ignore[arg-type]
        ids = []
        for i in range(games):
            rec = await manager.games.create("electioneer", f"a{i}", "A", seat="DEM", seed=i)
            await manager.games.join(rec.id, f"b{i}", "B", seat="REP")
            await manager.games.start(rec.id, f"a{i}")
            ids.append(rec.id)
        rng = Rng(7)
        lat, done = [], 0
        inside: Counter[str] = Counter()  # the calls made by submit alone
        while done < moves:
            gid = ids[rng.below(len(ids))]
            owing = await manager.views.owing(gid)
            if not owing:
                continue
            user = ("a" if owing[0] == "DEM" else "b") + str(gid - ids[0])
            _, _, decision = await manager.views.decision(gid, user)
            move = decision.options[rng.below(len(decision.options))].action.notation()
            before = counting.calls.copy()
            t0 = time.perf_counter()
            await manager.games.submit(gid, user, move)
            lat.append((time.perf_counter() - t0) * 1000)
            inside += counting.calls - before
            done += 1
        await store.close()
    print(f"{moves} moves over {games} games, {len(table.posts)} posts and {len(table.briefs)} briefs delivered: "
          f"submit p50 {statistics.median(lat):.2f} ms, mean {statistics.fmean(lat):.2f} ms, "
          f"p99 {sorted(lat)[int(0.99 * len(lat))]:.2f} ms")
    print(f"store calls per submit: {sum(inside.values()) / moves:.2f} —",
          ", ".join(f"{k} {v / moves:.2f}" for k, v in sorted(inside.items())))
    delivery = [k for k in inside if k in ("outbox_heads", "mark_sent", "claim_outbox", "mark_claimed_sent")]
    mean_ms = {k: 1000 * counting.seconds[k] / counting.calls[k] for k in delivery}
    print("delivery calls, mean ms each:", ", ".join(f"{k} {mean_ms[k]:.2f}" for k in sorted(delivery)),
          f"— the delivery's store time per submit {sum(mean_ms[k] * inside[k] for k in delivery) / moves:.2f} ms")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--pg-url", default=None)
    a = ap.parse_args()
    asyncio.run(main(a.games, a.moves, a.pg_url))
