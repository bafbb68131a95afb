"""The store on aiosqlite: one connection shared by every coroutine, so its guarantees rest on the
store's lock and tasks rather than on one thread hop per call. Each test here fails if that layer is weakened."""
from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.store import DuplicateMove, NewJob, NewMessage, Store
from store_helpers import T0, make_active, move

ROOT = Path(__file__).resolve().parents[2]


async def test_a_rolled_back_move_never_takes_a_concurrent_move_with_it(store: Store) -> None:
    """A refused move fails after its guarded UPDATE has run (its key is only caught by the journal row), so its
    ROLLBACK undoes a statement already applied. Were another coroutine's statements interleaved in the same
    transaction, that ROLLBACK would undo them too, or a COMMIT would keep half of the refused move."""
    taken = await make_active(store)
    await move(store, taken, 1, idem_key="used")
    taken = await store.get_game(taken.id)
    others = [await make_active(store) for _ in range(8)]

    async def refused(k: int) -> None:
        with pytest.raises(DuplicateMove):
            await move(store, taken, 2, idem_key="used", jobs=[NewJob(kind="deadline", due_at=k)])

    commits = await asyncio.gather(*(move(store, g, 1, idem_key=f"k{g.id}") for g in others),
                                   *(refused(k) for k in range(8)))
    assert [c.seq for c in commits[:8]] == [1] * 8
    for g in others:
        assert (await store.get_game(g.id)).version == g.version + 1
        assert [e.seq for e in await store.load_journal(g.id)] == [1]
    after = await store.get_game(taken.id)
    assert after.version == taken.version and [e.seq for e in await store.load_journal(taken.id)] == [1]
    assert [j.due_at for j in await store.jobs_for_game(taken.id)] == [T0 + 3600]  # the refused moves' jobs: rolled back


async def test_a_read_never_sees_a_move_half_written(store: Store) -> None:
    """A move is written in several statements (several awaits); a read between two of them must not see the
    game's new version without its journal row and snapshot."""
    games = [await make_active(store) for _ in range(4)]
    seen: list[tuple[int, int, int]] = []

    async def reader() -> None:
        for _ in range(60):
            for g in games:
                game = await store.get_game(g.id)
                snap = await store.load_snapshot(g.id)
                last = await store.last_journal_entry(g.id)
                seen.append((game.version, snap.seq, 0 if last is None else last.seq))
            await asyncio.sleep(0)

    async def writer(g) -> None:
        for seq in range(1, 11):
            g = await store.get_game(g.id)
            await move(store, g, seq)

    await asyncio.gather(reader(), *(writer(g) for g in games))
    # Each read is its own call, so later reads may see later moves, never earlier ones than the first read:
    # the snapshot and the last journal row are never behind the version that was read before them.
    start = games[0].version
    assert all(snap_seq >= version - start and last_seq >= version - start for version, snap_seq, last_seq in seen)


async def test_the_driver_debug_log_shows_no_statement_parameters(tmp_path, caplog) -> None:
    """aiosqlite logs each call with its arguments at DEBUG: a state (hands, seeds) must never reach a log."""
    caplog.set_level(logging.DEBUG)
    s = await Store.open(tmp_path / "log.sqlite3")
    try:
        g = await make_active(s)
        await s.commit_move(g.id, g.version, seat="DEM", notation="secret-notation", actor="u-dem", idem_key="k",
                            undoable=True, state_json='{"hand": "SECRET-HAND-CARD"}', state_hash="h", now=1,
                            outbox=[NewMessage(audience="seat:DEM", kind="brief", payload={"text": "SECRET-BRIEF"})])
    finally:
        await s.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "SECRET" not in logged and "secret-notation" not in logged


def test_a_process_that_never_closes_its_store_still_exits(tmp_path) -> None:
    """aiosqlite's thread is not a daemon: without the store's pre-join hook the interpreter would wait for it
    forever at exit. The old one-thread executor let its worker go; so must this."""
    script = textwrap.dedent(f"""
        import asyncio
        from bot.store import Store
        KEPT = []
        async def main():
            store = await Store.open({str(tmp_path / "forgotten.sqlite3")!r})
            KEPT.append(store)  # still referenced at exit: never collected, never closed
            await store.get_game(1)
        asyncio.run(main())
        print("returned")
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "returned"
