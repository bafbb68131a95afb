"""A writer process for the crash and multi-process tests (not a test itself).

    python tests/store/crash_writer.py DB --seed N [--max-moves N] [--game 1]

Opens the store (creating, seating and starting game 1 if that has not happened yet: it may
have been killed half-way through), then commits moves to that game in a loop. Each move
replaces the game's one deadline job and adds one outbox row, both tagged with the move's seq,
so the checker can see that every table moved together. ``ACK <seq>`` is printed (and
flushed) only after ``commit_move`` has returned: every printed seq was acknowledged.
With several writers on one game, a VersionConflict is answered by re-reading and retrying.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import NewJob, NewMessage, Store, VersionConflict  # noqa: E402

T0 = 1_800_000_000
SEATS = (("DEM", "u-dem"), ("REP", "u-rep"))


def fake_state(seq: int, rng: random.Random) -> tuple[str, str]:
    text = json.dumps({"seq": seq, "pad": "s" * rng.randint(200, 8000)})
    return text, hashlib.sha256(text.encode()).hexdigest()


async def ensure_started(store: Store, game_id: int) -> None:
    while True:
        try:
            game = await store.get_game(game_id)
            if game is None:
                game = await store.create_game("crash", {}, 7, "u-dem", "crash test", T0)
                assert game.id == game_id, "the crash test expects a fresh database"
            if game.status != "lobby":
                return
            seated = {s.seat for s in await store.list_seats(game_id)}
            for i, (seat, user) in enumerate(SEATS):
                if seat not in seated:
                    game = await store.add_seat(game_id, game.version, seat, user, user, T0 + i)
            text, digest = fake_state(0, random.Random(0))
            await store.start_game(game_id, game.version, text, digest, T0 + 10,
                                   jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 + 3600, payload={"seq": 0})],
                                   outbox=[NewMessage(audience="public", kind="board", payload={"seq": 0})])
            return
        except VersionConflict:  # another writer set the game up at the same moment
            continue


async def main(db: str, seed: int, max_moves: int | None, game_id: int) -> None:
    rng = random.Random(seed)
    store = await Store.open(db)
    await ensure_started(store, game_id)
    print("READY", flush=True)
    done = 0
    while max_moves is None or done < max_moves:
        game = await store.get_game(game_id)  # version first, then the snapshot: a race shows as a conflict
        snap = await store.load_snapshot(game_id)
        seq = snap.seq + 1
        text, digest = fake_state(seq, rng)
        seat = SEATS[seq % 2][0]
        try:
            commit = await store.commit_move(
                game_id, game.version, seat=seat, notation=f"move {seq}", actor=f"writer-{seed}",
                idem_key=f"w{seed}-{done}-{rng.getrandbits(64):x}", undoable=False, state_json=text, state_hash=digest,
                now=T0 + 100 + seq,
                jobs=[NewJob(kind="deadline", seat=seat, due_at=T0 + 3600 + seq, payload={"seq": seq})],
                outbox=[NewMessage(audience=f"seat:{seat}", kind="brief", payload={"seq": seq})])
        except VersionConflict:
            continue
        assert commit.seq == seq, (commit.seq, seq)
        sys.stdout.write(f"ACK {commit.seq}\n")
        sys.stdout.flush()
        done += 1
    await store.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("db")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-moves", type=int, default=None)
    ap.add_argument("--game", type=int, default=1)
    a = ap.parse_args()
    asyncio.run(main(a.db, a.seed, a.max_moves, a.game))
