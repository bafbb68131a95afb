"""Two PgStore instances on one database, as two bot processes would have: each its own pool."""
from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store import DuplicateMove, MoveCommit, NewJob, NewMessage, StoreBusy, VersionConflict
from bot.store import PgStore
from store_helpers import T0, make_active, move


@pytest.fixture
async def two(pg_url):
    a, b = await PgStore.open(pg_url), await PgStore.open(pg_url)
    yield a, b
    await a.close()
    await b.close()


async def test_the_same_move_raced_from_two_processes_commits_once(two) -> None:
    a, b = two
    g = await make_active(a)
    version = g.version
    for seq in range(1, 21):
        ra, rb = await asyncio.gather(move(a, (g.id, version), seq, seat="DEM"),
                                      move(b, (g.id, version), seq, seat="REP"), return_exceptions=True)
        wins = [r for r in (ra, rb) if isinstance(r, MoveCommit)]
        losses = [r for r in (ra, rb) if not isinstance(r, MoveCommit)]
        assert len(wins) == 1 and len(losses) == 1, (ra, rb)
        assert isinstance(losses[0], VersionConflict), repr(losses[0])
        assert (losses[0].expected, losses[0].actual) == (version, version + 1)
        assert wins[0].seq == seq
        version = wins[0].version
    assert [e.seq for e in await b.load_journal(g.id)] == list(range(1, 21))
    assert (await a.load_snapshot(g.id)).seq == 20
    assert (await b.get_game(g.id)).version == version


async def test_a_double_click_through_two_processes_applies_once(two) -> None:
    a, b = two
    g = await make_active(a)
    version = g.version
    for seq in range(1, 11):
        key = f"interaction-{seq}"
        results = await asyncio.gather(move(a, (g.id, version), seq, idem_key=key),
                                       move(b, (g.id, version), seq, idem_key=key), return_exceptions=True)
        wins = [r for r in results if isinstance(r, MoveCommit)]
        dups = [r for r in results if isinstance(r, DuplicateMove)]
        assert len(wins) == 1 and len(dups) == 1, results
        assert dups[0].seq == wins[0].seq == seq
        version = wins[0].version
    assert len(await a.load_journal(g.id)) == 10


async def test_one_key_raced_on_two_games_is_one_move(two) -> None:
    """Keys are global: the game locks do not cover two games, the unique constraint does."""
    a, b = two
    for round_ in range(8):
        g1, g2 = await make_active(a), await make_active(b)
        key = f"shared-{round_}"
        results = await asyncio.gather(move(a, g1, 1, idem_key=key), move(b, g2, 1, idem_key=key),
                                       return_exceptions=True)
        wins = [r for r in results if isinstance(r, MoveCommit)]
        dups = [r for r in results if isinstance(r, DuplicateMove)]
        assert len(wins) == 1 and len(dups) == 1, results
        owner = await a.move_for_idem_key(key)
        assert (dups[0].game_id, dups[0].seq) == (owner.game_id, 1)


async def test_a_due_job_swept_by_two_processes_fires_once(two) -> None:
    a, b = two
    games = [await make_active(a) for _ in range(6)]
    for i, g in enumerate(games):  # each game: its start deadline (T0+3600) plus five more, all due
        await a.retime_game(g.id, g.version, T0 + 20, jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 + 100 + i * 10 + k)
                                                             for k in range(6)])
    now = T0 + 10_000
    fired: list[tuple[str, int]] = []

    async def sweep(store: PgStore, owner: str) -> None:
        while True:
            claimed = await store.claim_due_jobs(now, owner, lease_seconds=600, limit=3)
            if not claimed:
                return
            for job in claimed:
                fired.append((owner, job.id))
                await store.job_to_outbox(job.id, job.game_id, NewMessage(audience="public", kind="text",
                                                                          payload={"job": job.id}),
                                          f"job-{job.id}", now)

    await asyncio.gather(sweep(a, "proc-a"), sweep(b, "proc-b"))
    ids = [job_id for _, job_id in fired]
    assert len(ids) == len(set(ids)) == 36, fired  # every job once, none twice
    assert {owner for owner, _ in fired} <= {"proc-a", "proc-b"}
    assert await a.due_jobs(now) == []
    notes = [o for g in games for o in await b.outbox_for_game(g.id) if o.kind == "text"]
    assert sorted(o.payload["job"] for o in notes) == sorted(ids)


async def test_claims_skip_rows_another_process_is_claiming(pg_url, two) -> None:
    """A job row locked by another transaction (a sweeper mid-claim) is skipped, not waited for."""
    a, _ = two
    g = await make_active(a)  # one job, due at T0+3600
    other = await asyncpg.connect(pg_url)
    try:
        async with other.transaction():
            await other.execute("SELECT id FROM jobs FOR UPDATE")
            assert await asyncio.wait_for(a.claim_due_jobs(T0 + 4000, "proc-a"), 5) == []
        assert [j.game_id for j in await a.claim_due_jobs(T0 + 4000, "proc-a")] == [g.id]
    finally:
        await other.close()


async def test_a_writer_waits_for_the_game_lock_then_reports_busy(pg_url) -> None:
    impatient = await PgStore.open(pg_url, lock_timeout_ms=300)
    other = await asyncpg.connect(pg_url)
    try:
        g = await make_active(impatient)
        async with other.transaction():
            await other.execute("SELECT 1 FROM games WHERE id=$1 FOR UPDATE", g.id)
            with pytest.raises(StoreBusy):
                await move(impatient, g, 1)
        assert (await move(impatient, g, 1)).seq == 1  # lock released: the same write goes through
    finally:
        await other.close()
        await impatient.close()


async def test_a_cancelled_caller_does_not_cut_its_transaction_short(pg_url, store) -> None:
    """Like SQLite's hop: once the write started, it commits (or not) as a whole, whoever waits for it."""
    g = await make_active(store)
    other = await asyncpg.connect(pg_url)
    try:
        async with other.transaction():
            await other.execute("SELECT 1 FROM games WHERE id=$1 FOR UPDATE", g.id)
            caller = asyncio.create_task(move(store, g, 1, idem_key="k"))
            await asyncio.sleep(0.3)  # the write is queued behind our lock
            caller.cancel()
            with pytest.raises(asyncio.CancelledError):
                await caller
        for _ in range(100):  # lock released: the shielded transaction finishes
            if await store.move_for_idem_key("k") is not None:
                break
            await asyncio.sleep(0.05)
        assert (await store.move_for_idem_key("k")).seq == 1
        assert (await store.get_game(g.id)).version == g.version + 1
    finally:
        await other.close()
