"""Crash safety on PostgreSQL (tests/store/test_store_crash.py's test, on the PgStore): a writer process that
also delivers the outbox is SIGKILLed at random moments and restarted on the same game.

After every kill: every acknowledged move is in the journal (none lost), the journal is contiguous, and the
snapshot, version, jobs and outbox agree with it (one move = one transaction); every row a writer saw marked
sent is sent, and a row went out twice only where a killed writer had claimed it and died before marking it (the
window no outbox can close without the channel's help: its lease ran out and the next process sent it). At the
end a writer that is left to finish delivers every row."""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from store_helpers import read_to_mid_stream

WRITER = Path(__file__).with_name("pg_crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 16
CLOCK = 1_900_000_000
LEASE_JUMP = 10_000  # each writer's clock starts this far after the last one's: past every lease it left

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")


def spawn(url: str, i: int, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, str(WRITER), url, "--seed", str(i), "--clock", str(CLOCK + i * LEASE_JUMP),
                             *extra], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def lines(stdout: str, tag: str) -> list[int]:
    # Only whole lines count: a line cut by the kill was never completely said.
    return [int(line.split()[1]) for line in stdout.splitlines(keepends=True)
            if line.startswith(tag + " ") and line.endswith("\n")]


async def check(url: str, acknowledged: set[int], sent_seen: set[int]) -> tuple[int, set[int], set[int]]:
    """Every invariant of the game the writers share. Returns the last seq, the ids of the unsent rows and of all
    rows (ids have gaps: a killed transaction's row took a number from the sequence)."""
    import asyncpg

    c = await asyncpg.connect(url)
    try:
        async with c.transaction(isolation="repeatable_read", readonly=True):  # one view of every table
            if await c.fetchval("SELECT to_regclass('games')") is None:
                assert not acknowledged  # killed before the first migration committed
                return 0, set(), set()
            game = await c.fetchrow("SELECT status, version FROM games WHERE id=1")
            seqs = [r[0] for r in await c.fetch("SELECT seq FROM journal WHERE game_id=1 ORDER BY seq")]
            assert seqs == list(range(1, len(seqs) + 1)), "journal seqs must be contiguous"
            missing = acknowledged - set(seqs)
            assert not missing, f"acknowledged moves lost: {sorted(missing)[:10]}"
            last = len(seqs)
            snap = await c.fetchrow("SELECT seq, state, state_hash FROM snapshots WHERE game_id=1")
            if game is None or game["status"] == "lobby":
                assert not seqs and snap is None
                return 0, set(), set()
            assert game["status"] == "active"
            assert snap is not None and snap["seq"] == last, "snapshot must follow the last journal row"
            assert json.loads(snap["state"])["seq"] == last
            assert snap["state_hash"] == hashlib.sha256(snap["state"].encode()).hexdigest()
            assert game["version"] == 2 + 1 + last  # two seats, the start, one bump per move: nothing half-applied
            jobs = [json.loads(r[0])["seq"] for r in await c.fetch("SELECT payload FROM jobs WHERE game_id=1")]
            assert jobs == [last], "the move's jobs replaced the previous ones in the same transaction"
            out = await c.fetch("SELECT id, created_seq, sent_at FROM outbox WHERE game_id=1 ORDER BY id")
            assert [r["created_seq"] for r in out] == list(range(0, last + 1)), "one outbox row per move, with it"
            unsent = {r["id"] for r in out if r["sent_at"] is None}
            assert not sent_seen & unsent, "a row its claimer marked sent is unsent"
            return last, unsent, {r["id"] for r in out}
    finally:
        await c.close()


def test_sigkill_at_random_moments_loses_nothing_acknowledged_on_postgres(pg_url) -> None:
    rng = random.Random(20261125)
    acknowledged: set[int] = set()
    posted: list[tuple[int, int]] = []  # (writer, row id) in the order the writers said them
    sent_by: dict[int, set[int]] = {}
    kills_after_progress = 0
    last = 0
    for i in range(KILLS):
        proc = spawn(pg_url, i)
        # Mostly mid-stream (after the writer's first acknowledged moves, so a loaded machine's slow start-up
        # does not turn them into start-up kills); some during start-up (connecting, migrating, creating the game).
        ready = ""
        if i % 4 == 0:
            time.sleep(rng.uniform(0.0, 0.3))
        else:
            ready = read_to_mid_stream(proc, rng)
            time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        # read through the same buffered file as readline did (communicate would skip what it buffered)
        out, err = ready + proc.stdout.read(), proc.stderr.read()
        proc.stdout.close(), proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL, f"writer exited by itself ({proc.returncode}): {err[-2000:]}"
        new = lines(out, "ACK")
        assert new == sorted(new) and not set(new) & acknowledged, "seqs are acknowledged once, in order"
        acknowledged |= set(new)
        kills_after_progress += bool(new)
        posted += [(i, row) for row in lines(out, "POST")]
        sent_by[i] = set(lines(out, "SENT"))
        last, _, _ = asyncio.run(check(pg_url, acknowledged, set().union(*sent_by.values())))
        assert last >= max(acknowledged, default=0)
    assert kills_after_progress >= KILLS // 2, "most kills should land while moves are being committed"
    # Afterwards the store opens normally, the game carries on where the journal ends, and everything goes out.
    proc = spawn(pg_url, KILLS, "--max-moves", "5", "--drain")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert lines(out, "ACK") == list(range(last + 1, last + 6))
    posted += [(KILLS, row) for row in lines(out, "POST")]
    sent_by[KILLS] = set(lines(out, "SENT"))
    sent = set().union(*sent_by.values())
    final, unsent, rows = asyncio.run(check(pg_url, acknowledged | set(lines(out, "ACK")), sent))
    assert (final, unsent) == (last + 5, set()), "every row delivered, the crashed claimers' ones after their lease"
    assert rows - sent <= {r for _, r in posted}, "a row marked sent was never sent"
    for row, times in Counter(row for _, row in posted).items():
        if times > 1:  # only a claimer killed between sending and marking leaves a row to be sent again
            earlier = [w for w, r in posted if r == row][:-1]
            assert all(row not in sent_by[w] for w in earlier), f"row {row} went out again after it was marked"
    assert all(len(v) == len(set(v)) for v in [[r for w, r in posted if w == k] for k in sent_by])
