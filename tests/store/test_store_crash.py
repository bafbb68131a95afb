"""Crash safety: a writer process is SIGKILLed at random moments and restarted on the same game.

After every kill the database must be intact, every acknowledged move must be in the journal,
the journal must be contiguous, and the snapshot, version, jobs and outbox must all agree with
the journal (one move = one transaction). Process death, not power loss: that part rests on
synchronous=FULL and the OS honouring fsync.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_helpers import read_to_mid_stream

WRITER = Path(__file__).with_name("crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]
KILLS = 24

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")


def spawn(db: Path, seed: int, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, str(WRITER), str(db), "--seed", str(seed), *extra], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def acked(stdout: str) -> list[int]:
    # Only whole lines count: a line cut by the kill was never completely acknowledged.
    return [int(line.split()[1]) for line in stdout.splitlines(keepends=True)
            if line.startswith("ACK ") and line.endswith("\n")]


def check(db: Path, acknowledged: set[int]) -> int:
    """Every invariant of one game written by crash_writer. Returns the last seq."""
    if not db.exists():
        assert not acknowledged
        return 0
    con = sqlite3.connect(db, isolation_level=None)  # the first connection after a crash replays the WAL
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        if "games" not in {r[0] for r in con.execute("SELECT name FROM sqlite_schema WHERE type='table'")}:
            assert not acknowledged  # killed before the first migration committed
            return 0
        con.execute("BEGIN")  # one consistent view of every table
        game = con.execute("SELECT status, version FROM games WHERE id=1").fetchone()
        seqs = [r[0] for r in con.execute("SELECT seq FROM journal WHERE game_id=1 ORDER BY seq")]
        assert seqs == list(range(1, len(seqs) + 1)), "journal seqs must be contiguous"
        missing = acknowledged - set(seqs)
        assert not missing, f"acknowledged moves lost: {sorted(missing)[:10]}"
        last = len(seqs)
        snap = con.execute("SELECT seq, state, state_hash FROM snapshots WHERE game_id=1").fetchone()
        if game is None or game[0] == "lobby":
            assert not seqs and snap is None
            return 0
        status, version = game
        assert status == "active"
        assert snap is not None and snap[0] == last, "snapshot must follow the last journal row"
        assert json.loads(snap[1])["seq"] == last
        assert snap[2] == hashlib.sha256(snap[1].encode()).hexdigest()
        if seqs:
            assert con.execute("SELECT state_hash FROM journal WHERE game_id=1 AND seq=?", (last,)).fetchone()[0] == snap[2]
        assert version == 2 + 1 + last  # two seats, the start, one bump per move: nothing half-applied
        jobs = [json.loads(r[0])["seq"] for r in con.execute("SELECT payload FROM jobs WHERE game_id=1")]
        assert jobs == [last], "the move's jobs replaced the previous ones in the same transaction"
        out = sorted(r[0] for r in con.execute("SELECT created_seq FROM outbox WHERE game_id=1"))
        assert out == list(range(0, last + 1)), "one outbox row per move, written with it"
        con.execute("COMMIT")
        return last
    finally:
        con.close()


def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path) -> None:
    rng = random.Random(20240611)
    db = tmp_path / "crash.sqlite3"
    acknowledged: set[int] = set()
    kills_after_progress = 0
    for i in range(KILLS):
        proc = spawn(db, i)
        # Mostly mid-stream (after the writer's first acknowledged moves, so a loaded machine's slow start-up
        # does not turn them into start-up kills); some during start-up (opening, migrating, creating the game).
        ready = ""
        if i % 4 == 0:
            time.sleep(rng.uniform(0.0, 0.12))
        else:
            ready = read_to_mid_stream(proc, rng)
            time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        # read through the same buffered file as readline did (communicate would skip what it buffered)
        out, err = ready + proc.stdout.read(), proc.stderr.read()
        proc.stdout.close(), proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL, f"writer exited by itself ({proc.returncode}): {err[-2000:]}"
        new = acked(out)
        assert new == sorted(new) and not set(new) & acknowledged, "seqs are acknowledged once, in order"
        acknowledged |= set(new)
        kills_after_progress += bool(new)
        last = check(db, acknowledged)
        assert last >= max(acknowledged, default=0)
    assert kills_after_progress >= KILLS // 2, "most kills should land while moves are being committed"
    # Afterwards the store opens normally and the game carries on from where the journal ends.
    proc = spawn(db, 999, "--max-moves", "5")
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert acked(out) == list(range(last + 1, last + 6))
    check(db, acknowledged | set(acked(out)))


def test_several_writer_processes_share_one_game(tmp_path) -> None:
    """Shards sharing one database: conflicting moves retry, none is lost or doubled, nobody sees SQLITE_BUSY."""
    db = tmp_path / "shared.sqlite3"
    first = spawn(db, 100, "--max-moves", "1")  # creates and starts the game
    out, err = first.communicate(timeout=30)
    assert first.returncode == 0, err
    procs = [spawn(db, 200 + i, "--max-moves", "40") for i in range(3)]
    outputs = [p.communicate(timeout=60) for p in procs]
    for p, (_, err) in zip(procs, outputs):
        assert p.returncode == 0, err
        assert "Busy" not in err and "locked" not in err
    per_writer = [acked(o) for o, _ in outputs]
    assert all(len(a) == 40 for a in per_writer)
    everything = sorted([1] + [s for a in per_writer for s in a])
    assert everything == list(range(1, 122))
    assert check(db, set(everything)) == 121
