"""The start-up check's cost: ``PRAGMA quick_check`` on a ~100 MB store, beside a floor measured in the same run.

    python bench/bench_quick_check.py [--mb 100] [--repeats 5] [--dir PATH]

The database has the store's schema (made by Store.open, every migration) and rows shaped like a busy
server's: games with their seats, a ~4 KB snapshot each, and ~200 journal moves per game with their
idempotency keys (the journal is the bulk, as in production), plus a few unsent outbox rows per game.
The figure is what Store.open runs before anything else (bot.store.sqlite_files._quick_check, connection included).
The floor is reading the same file start to end in 1 MB blocks, as `cat` would: quick_check reads every
page too, so the ratio is the check's work on top of just reading the file. Both run with the file in the
page cache (it was just written): a cold start adds the disk's read time to both.
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
from pathlib import Path
from typing import Callable, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_store import T0, fake_state  # noqa: E402
from bot.store import BUSY_TIMEOUT_MS, Store  # noqa: E402
from bot.store.sqlite_files import _quick_check  # noqa: E402

MOVES_PER_GAME = 200
GAMES_PER_BATCH = 100
SEATS = ("DEM", "REP")


def snowflake(rng: random.Random) -> str:
    """A Discord id (user, interaction): 18-19 digits."""
    return str(rng.randrange(10**17, 10**19))


def game_rows(rng: random.Random, game_id: int) -> dict[str, list[tuple]]:
    """One finished game's rows, table by table."""
    users = [snowflake(rng) for _ in SEATS]
    start = T0 + game_id * 3600
    return {
        "games": [(game_id, "electioneer", '{"theatrics":3}', rng.getrandbits(62), "finished", MOVES_PER_GAME + 3,
                   snowflake(rng), snowflake(rng), snowflake(rng), users[0], f"Game {game_id}", start,
                   start + MOVES_PER_GAME * 600)],
        "seats": [(game_id, seat, user, f"player {user[-4:]}", start) for seat, user in zip(SEATS, users)],
        "snapshots": [(game_id, MOVES_PER_GAME, fake_state(rng, 4096), f"{rng.getrandbits(256):064x}")],
        "journal": [(game_id, seq, SEATS[seq % 2], f"play {rng.choice('DR')}{rng.randint(1, 40):02d} in WI",
                     users[seq % 2], snowflake(rng), 1, f"{rng.getrandbits(256):064x}", start + seq * 600)
                    for seq in range(1, MOVES_PER_GAME + 1)],
        "outbox": [(game_id, MOVES_PER_GAME, "public", "board", '{"text":"' + "x" * 300 + '"}', start)
                   for _ in range(3)],
    }


INSERTS = {
    "games": "INSERT INTO games (id, ruleset, options, seed, status, version, guild_id, channel_id, thread_id, "
             "host_user, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "seats": "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
    "snapshots": "INSERT INTO snapshots (game_id, seq, state, state_hash) VALUES (?, ?, ?, ?)",
    "journal": "INSERT INTO journal (game_id, seq, seat, notation, actor, idem_key, undoable, state_hash, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "outbox": "INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at) "
              "VALUES (?, ?, ?, ?, ?, ?)",
}


def batches(rng: random.Random) -> Iterator[dict[str, list[tuple]]]:
    """Games in batches, numbered from 1, for as long as the caller asks."""
    game_id = 0
    while True:
        batch: dict[str, list[tuple]] = {table: [] for table in INSERTS}
        for _ in range(GAMES_PER_BATCH):
            game_id += 1
            for table, rows in game_rows(rng, game_id).items():
                batch[table] += rows
        yield batch


def build(path: Path, megabytes: int) -> int:
    """The store's schema at ``path``, filled until the file reaches ``megabytes``. Returns the games written."""
    async def create() -> None:
        await (await Store.open(path)).close()

    asyncio.run(create())
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("PRAGMA synchronous=OFF")  # the build is not what is measured
    games = 0
    for batch in batches(random.Random(1)):
        c.execute("BEGIN")
        for table, rows in batch.items():
            c.executemany(INSERTS[table], rows)
        c.execute("COMMIT")
        games += GAMES_PER_BATCH
        pages, page_size = (c.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "page_size"))
        if pages * page_size >= megabytes * 2**20:
            break
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the pages in the file itself, as after a clean shutdown
    c.close()
    return games


def read_file(path: Path) -> None:
    with open(path, "rb", buffering=0) as f:
        while f.read(2**20):
            pass


def median_seconds(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        work()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        path = Path(d) / "stumpbot.sqlite3"
        t = time.perf_counter()
        games = build(path, args.mb)
        size = path.stat().st_size
        print(f"SQLite {sqlite3.sqlite_version}, Python {sys.version.split()[0]}: {size / 2**20:.1f} MB, "
              f"{games} games, {games * MOVES_PER_GAME} journal moves (built in {time.perf_counter() - t:.1f} s)")
        assert _quick_check(str(path), BUSY_TIMEOUT_MS) == [], "the built database must be intact"
        read_file(path)  # warm the page cache for both, so neither pays for the disk
        floor = median_seconds(lambda: read_file(path), args.repeats)
        check = median_seconds(lambda: _quick_check(str(path), BUSY_TIMEOUT_MS), args.repeats)
        print(f"  PRAGMA quick_check (start-up check)  median of {args.repeats}: {check * 1000:8.1f} ms"
              f"  ({size / 2**20 / check:6.0f} MB/s)")
        print(f"  floor: read the file, 1 MB blocks    median of {args.repeats}: {floor * 1000:8.1f} ms"
              f"  ({size / 2**20 / floor:6.0f} MB/s)")
        print(f"  ratio                                {check / floor:8.1f}x")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=100, help="the database's size in MB (default 100)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--dir", default=None, help="where to put the database (default: the system temp dir)")
    main(ap.parse_args())
