"""Two or more Store instances (each its own connection and thread) on one file."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.store import DuplicateMove, MoveCommit, Store, StoreBusy, VersionConflict
from store_helpers import make_active, move


async def test_conflicting_moves_exactly_one_wins(tmp_path) -> None:
    path = tmp_path / "two.sqlite3"
    a, b = await Store.open(path), await Store.open(path)
    try:
        g = await make_active(a)
        version = g.version
        for seq in range(1, 31):
            ra, rb = await asyncio.gather(move(a, (g.id, version), seq, seat="DEM"),
                                          move(b, (g.id, version), seq, seat="REP"), return_exceptions=True)
            wins = [r for r in (ra, rb) if isinstance(r, MoveCommit)]
            losses = [r for r in (ra, rb) if isinstance(r, BaseException)]
            assert len(wins) == 1 and len(losses) == 1, (ra, rb)
            assert isinstance(losses[0], VersionConflict), repr(losses[0])
            assert wins[0].seq == seq
            version = wins[0].version
        journal = await b.load_journal(g.id)
        assert [e.seq for e in journal] == list(range(1, 31))
        assert (await a.load_snapshot(g.id)).seq == 30
    finally:
        await a.close()
        await b.close()


async def test_double_click_through_two_instances_applies_once(tmp_path) -> None:
    path = tmp_path / "dup.sqlite3"
    a, b = await Store.open(path), await Store.open(path)
    try:
        g = await make_active(a)
        version = g.version
        for seq in range(1, 21):
            key = f"interaction-{seq}"
            results = await asyncio.gather(move(a, (g.id, version), seq, idem_key=key),
                                           move(b, (g.id, version), seq, idem_key=key), return_exceptions=True)
            wins = [r for r in results if isinstance(r, MoveCommit)]
            dups = [r for r in results if isinstance(r, DuplicateMove)]
            assert len(wins) == 1 and len(dups) == 1, results
            assert dups[0].seq == wins[0].seq == seq
            version = wins[0].version
        assert len(await a.load_journal(g.id)) == 20
    finally:
        await a.close()
        await b.close()


async def test_many_writers_retrying_never_see_busy(tmp_path) -> None:
    """Four instances hammer one game (retrying on conflict) and four others games of their own."""
    path = tmp_path / "many.sqlite3"
    stores = [await Store.open(path) for _ in range(4)]
    try:
        shared = await make_active(stores[0])
        own = [await make_active(s) for s in stores]
        conflicts = 0

        async def hammer(s: Store, n: int) -> list[int]:
            nonlocal conflicts
            mine = []
            while len(mine) < n:
                g = await s.get_game(shared.id)
                seq = (await s.load_snapshot(shared.id)).seq + 1
                try:
                    mine.append((await move(s, g, seq)).seq)
                except VersionConflict:
                    conflicts += 1
            return mine

        async def solo(s: Store, game, n: int) -> None:
            version = game.version
            for seq in range(1, n + 1):
                version = (await move(s, (game.id, version), seq)).version

        results = await asyncio.gather(*(hammer(s, 25) for s in stores), *(solo(s, g, 25) for s, g in zip(stores, own)),
                                       return_exceptions=True)
        assert not [r for r in results if isinstance(r, BaseException)], results
        got = sorted(seq for r in results[:4] for seq in r)
        assert got == list(range(1, 101))
        assert [e.seq for e in await stores[1].load_journal(shared.id)] == list(range(1, 101))
        for g in own:
            assert len(await stores[2].load_journal(g.id)) == 25
        assert not any(isinstance(r, StoreBusy) for r in results)
        assert await stores[3].integrity_check() == "ok"
    finally:
        for s in stores:
            await s.close()


async def test_one_store_serves_concurrent_callers_in_order(tmp_path) -> None:
    """Many coroutines on one instance: one worker thread, one transaction at a time, no interleaving."""
    s = await Store.open(tmp_path / "one.sqlite3")
    try:
        games = [await make_active(s) for _ in range(20)]
        commits = await asyncio.gather(*(move(s, g, 1, idem_key=f"k{g.id}") for g in games))
        assert [c.seq for c in commits] == [1] * 20
        reads = await asyncio.gather(*(s.get_game(g.id) for g in games))
        assert [r.version for r in reads] == [c.version for c in commits]
    finally:
        await s.close()


def _hold_write_lock(path) -> sqlite3.Connection:
    con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    con.execute("BEGIN IMMEDIATE")
    con.execute("UPDATE games SET title = 'held' WHERE id = 1")
    return con


async def test_writer_waits_for_the_lock_then_commits(tmp_path) -> None:
    path = tmp_path / "wait.sqlite3"
    s = await Store.open(path)
    try:
        g = await make_active(s)
        holder = _hold_write_lock(path)
        # Readers are not blocked by a writer (WAL), and see the last committed data.
        assert (await asyncio.wait_for(s.get_game(g.id), 1)).title == "Test game"
        task = asyncio.ensure_future(move(s, g, 1))
        await asyncio.sleep(0.2)
        assert not task.done()  # waiting in BEGIN IMMEDIATE (busy_timeout), not failing
        holder.execute("ROLLBACK")
        holder.close()
        assert (await task).seq == 1
    finally:
        await s.close()


async def test_lock_held_past_busy_timeout_raises_store_busy(tmp_path) -> None:
    path = tmp_path / "busy.sqlite3"
    s = await Store.open(path, busy_timeout_ms=100)
    try:
        g = await make_active(s)
        holder = _hold_write_lock(path)
        try:
            with pytest.raises(StoreBusy):
                await move(s, g, 1)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert await s.load_journal(g.id) == []
        assert (await move(s, g, 1)).seq == 1  # and the store is fine afterwards
    finally:
        await s.close()


async def test_cancelled_caller_does_not_half_apply(tmp_path) -> None:
    """Cancelling the awaiting coroutine does not stop its transaction: it commits whole (like an
    acknowledged-but-unseen move); the idempotency key then turns a retry into DuplicateMove."""
    path = tmp_path / "cancel.sqlite3"
    s = await Store.open(path)
    try:
        g = await make_active(s)
        holder = _hold_write_lock(path)
        task = asyncio.ensure_future(move(s, g, 1, idem_key="click-1", jobs=[]))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        holder.execute("ROLLBACK")
        holder.close()
        with pytest.raises(DuplicateMove):
            await move(s, g, 1, idem_key="click-1")
        assert [e.seq for e in await s.load_journal(g.id)] == [1]
        assert await s.jobs_for_game(g.id) == [] and (await s.load_snapshot(g.id)).seq == 1
    finally:
        await s.close()
