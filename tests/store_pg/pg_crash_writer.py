"""A writer process for the PostgreSQL crash test (not a test itself): tests/store/crash_writer.py's game, on a
PgStore, which also delivers the outbox as a bot process would.

    python tests/store_pg/pg_crash_writer.py URL --seed N --clock BASE [--max-moves N] [--drain]

Opens the store (creating, seating and starting game 1 if that has not happened yet), then commits moves in a
loop. ``ACK <seq>`` is printed (and flushed) only after ``commit_move`` returned. After each move it claims the
outbox (as owner ``w<seed>``, its clock at BASE + moves made) and, for each claimed row, prints ``POST <id>``
(the row is out, as far as a channel can tell) and then ``SENT <id>`` once ``mark_claimed_sent`` returned True.
With ``--drain`` it claims and delivers until nothing is left before exiting.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "store"))

from bot.store import NewJob, NewMessage, VersionConflict  # noqa: E402
from bot.store import PgStore  # noqa: E402
from crash_writer import T0, ensure_started, fake_state  # noqa: E402  (the SQLite writer's game, shared)


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def deliver(store: PgStore, owner: str, now: int) -> int:
    claimed = await store.claim_outbox(now, owner)
    for row in claimed:
        say(f"POST {row.id}")
        if await store.mark_claimed_sent([row.id], now, owner):
            say(f"SENT {row.id}")
    return len(claimed)


async def main(url: str, seed: int, clock: int, max_moves: int | None, drain: bool, game_id: int = 1) -> None:
    rng = random.Random(seed)
    owner = f"w{seed}"
    store = await PgStore.open(url, max_size=2)
    await ensure_started(store, game_id)
    say("READY")
    done = 0
    while max_moves is None or done < max_moves:
        game = await store.get_game(game_id)
        snap = await store.load_snapshot(game_id)
        seq = snap.seq + 1
        text, digest = fake_state(seq, rng)
        seat = ("DEM", "REP")[seq % 2]
        try:
            commit = await store.commit_move(
                game_id, game.version, seat=seat, notation=f"move {seq}", actor=owner,
                idem_key=f"{owner}-{done}-{rng.getrandbits(64):x}", undoable=False, state_json=text,
                state_hash=digest, now=T0 + 100 + seq,
                jobs=[NewJob(kind="deadline", seat=seat, due_at=T0 + 3600 + seq, payload={"seq": seq})],
                outbox=[NewMessage(audience=f"seat:{seat}", kind="brief", payload={"seq": seq})])
        except VersionConflict:
            continue
        assert commit.seq == seq, (commit.seq, seq)
        say(f"ACK {commit.seq}")
        done += 1
        await deliver(store, owner, clock + done)
    while drain and await deliver(store, owner, clock + done):
        pass
    await store.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--clock", type=int, required=True)
    ap.add_argument("--max-moves", type=int, default=None)
    ap.add_argument("--drain", action="store_true")
    a = ap.parse_args()
    asyncio.run(main(a.url, a.seed, a.clock, a.max_moves, a.drain))
