"""`/game status`, `/game log` (first and last page) and `/game export` of a long game: milliseconds per call,
p50 and p95, as served (the record cache) and as replayed from the seed (the journal through the engine on every
call), beside a floor measured in the same run.

    python bench/bench_read_path.py [--moves 500] [--players 6] [--seed 5] [--runs 30]

The game: Presidential Election, 6 seats, every move the built-in bot's, played through the real manager into a
temporary SQLite file until `--moves` moves (a 6-seat game runs past 500).
Status: the reads `/game status` makes of the manager (seats, who owes, deadlines, offers, civil disorder, the
public board and its text, the latest seals). Log: one page. Export: the record as a dict.
Served: a second manager on the same file, its caches warmed by one call (the first call of each, which reads
every journal row's stored step, is printed on its own). Replayed: bot/policy/record.py's build_record path.
After a move: one more bot move (not timed), then the call, which reads the journal again and that move's step.
`--old-rows` clears the rows' stored steps first, as a store before schema version 8 wrote them: the served path
then replays the journal once, in a worker thread.
Floor: the store's one-call read of the game's context (`Store.game_context`: its record, seats, jobs, clock and
settings), less than any of these calls reads. The machine's load average is printed: the numbers scale with it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.policy import record as records  # noqa: E402
from bot.policy import record_log  # noqa: E402
from bot.present import text as plain  # noqa: E402
from bot.service import GameManager  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables.local_seats import table_seats  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402

RULESET = "presidential_election"


class FixedClock:
    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        self.t += 1
        return self.t


async def build_game(path: Path, players: int, seed: int, moves: int) -> tuple[int, int]:
    """A game of `moves` bot moves (fewer if it ends first): (game id, moves played)."""
    store = await Store.open(path)
    manager = GameManager(store, RecordingTable(), clock=FixedClock(), render=False)
    seats = table_seats(registry.get(RULESET), players, None)
    record = await manager.games.create(RULESET, "u0", "Player 0", seat=seats[0], seed=seed, channel_id="c",
                                        guild_id="g")
    for i, seat in enumerate(seats[1:], start=1):
        await manager.games.join(record.id, f"u{i}", f"Player {i}", seat=seat)
    await manager.games.start(record.id, "u0")
    rng, played = Rng(seed), 0
    while played < moves:
        owing = await manager.views.owing(record.id)
        if not owing:
            break
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
        played += 1
    await store.close()
    return record.id, played


async def status(manager: GameManager, game_id: int, seals: Callable[[], Awaitable[list[str]]]) -> None:
    """The manager's reads behind `/game status` (bot/discord/info_flows.py), the seals by `seals`."""
    await manager.store.list_seats(game_id)
    await manager.views.owing(game_id)
    await manager.store.jobs_for_game(game_id)
    await manager.seats.offers(game_id)
    await manager.store.civil_disorder_after(game_id)
    _, view = await manager.views.view(game_id, None)
    plain.board_text(view)
    await seals()


async def timed(call: Callable[[], Awaitable[object]], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def line(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"  {name:<28} p50 {statistics.median(ms):8.2f} ms   p95 {p95:8.2f} ms   (n={len(ms)})"


async def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=500)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--replay-runs", type=int, default=5, help="runs of the replaying path (each costs the replay)")
    ap.add_argument("--old-rows", action="store_true", help="the journal's rows without their stored steps")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        start = time.perf_counter()
        game_id, played = await build_game(path, args.players, args.seed, args.moves)
        print(f"{registry.get(RULESET).title}, {args.players} seats, seed {args.seed}: {played} moves "
              f"(built in {time.perf_counter() - start:.1f} s)")
        if args.old_rows:
            with sqlite3.connect(path) as con:
                con.execute("UPDATE journal SET step = NULL")
            con.close()
        store = await Store.open(path)
        manager = GameManager(store, RecordingTable(), clock=FixedClock(), render=False)
        memory = manager.memory
        served = {
            "status": lambda: status(manager, game_id, lambda: memory.seals(game_id)),
            "log, first page": lambda: memory.log_page(game_id, 1),
            "log, last page": lambda: memory.log_page(game_id),
            "export": lambda: memory.export(game_id, "u0"),
        }
        replayed = {
            "status": lambda: status(manager, game_id, lambda: record_log.proof_lines(store, game_id)),
            "log, first page": lambda: record_log.log_page(store, game_id, 1),
            "log, last page": lambda: record_log.log_page(store, game_id, None),
            "export": lambda: records.build_record(store, game_id),
        }

        async def floor() -> None:
            await store.game_context(game_id)

        async def after_a_move(call: Callable[[], Awaitable[object]]) -> list[float]:
            out = []
            for _ in range(max(args.runs // 3, 3)):
                owing = await manager.views.owing(game_id)
                await manager.games.bot_move(game_id, owing[0], Rng(len(out)))
                out += await timed(call, 1)
            return out

        how = "the journal replayed once, in a worker thread" if args.old_rows else "the rows' stored steps read"
        print(f"first served call (a fresh process: {how}):")
        for name, call in served.items():
            print(line(name, await timed(call, 1)))
        print("served (the record cache current):")
        for name, call in served.items():
            print(line(name, await timed(call, args.runs)))
        print("served, each call right after a new move:")
        for name in ("status", "export"):
            print(line(name, await after_a_move(served[name])))
        print("floor:")
        print(line("game_context", await timed(floor, args.runs)))
        print("replayed on every call (the engine from the seed):")
        for name, call in replayed.items():
            print(line(name, await timed(call, args.replay_runs)))
        await store.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
