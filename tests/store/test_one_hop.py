"""A store call is one hop to aiosqlite's thread (a move's commit within 3× of the raw sqlite3 floor, as
bench/bench_store_backends.py measures it). The store reaches aiosqlite's thread through the two private names its
own Cursor uses; these tests fail if a release of aiosqlite renames them or if a call starts hopping per statement."""
from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from bot.store import sqlite_conn as store_module
from bot.store import NewJob, NewMessage, Store
from store_helpers import T0, make_active, move


def test_aiosqlite_still_has_what_the_store_uses() -> None:
    assert callable(getattr(aiosqlite.Connection, "_execute", None))
    assert isinstance(getattr(aiosqlite.Connection, "_conn", None), property)


async def test_a_move_with_jobs_and_notifications_is_one_hop(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await make_active(store)
    hops = []
    real = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        hops.append(fn)
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    commit = await move(store, game, 1, jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 + 60),
                                               NewJob(kind="reminder", seat="DEM", due_at=T0 + 30)],
                        outbox=[NewMessage(audience="public", kind="board", payload={"text": f"post {i}"})
                                for i in range(3)])
    assert len(hops) == 1, f"{len(hops)} hops for one move"
    hops.clear()
    assert [e.seq for e in await store.load_journal(game.id)] == [commit.seq]  # a read: one hop too
    assert len(hops) == 1


def test_work_that_suspends_is_refused_not_run_half() -> None:
    async def suspends() -> int:
        await asyncio.sleep(0)
        return 1

    with pytest.raises(RuntimeError, match="awaited something other than its connection"):
        store_module._drive(suspends())
