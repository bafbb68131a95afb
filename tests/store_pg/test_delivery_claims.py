"""Exactly once across processes (migration 0007), on SQLite and on PostgreSQL with the same
expectations: two store instances on one database stand for two bot processes. The outbox is delivered only by
whoever claimed it (each row once, each game's rows in id order), a claimer that dies leaves its rows to the
other after the lease, a failed row gives its run back, and the replay queue is claimed the same way."""
from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from bot.store.claims import OUTBOX_LEASE_S, REPLAY_LEASE_S
from bot.store import SCHEMA_VERSION, NewJob, NewMessage, Store
from store_helpers import T0, make_active, make_lobby, move



def posts(n: int, tag: str) -> list[NewMessage]:
    return [NewMessage(audience="public", kind="board", payload={"tag": f"{tag}.{k}"}) for k in range(n)]


async def deliverer(store, owner: str, now: int, log: list[tuple[str, int, int]], rng: random.Random,
                    stop: asyncio.Event) -> None:
    """A flush loop like the manager's: claim a few games' runs, 'send' each row (append it to the shared log,
    with pauses so the two deliverers interleave), mark it sent as its claimer."""
    while True:
        claimed = await store.claim_outbox(now, owner, limit=2)
        if not claimed:
            if stop.is_set():
                return
            await asyncio.sleep(0.002)
            continue
        for row in claimed:
            await asyncio.sleep(rng.random() * 0.003)
            log.append((owner, row.game_id, row.id))
            assert await store.mark_claimed_sent([row.id], now, owner) == 1


async def test_two_processes_flushing_at_once_send_each_row_once_in_order(two_stores) -> None:
    a, b = two_stores
    games = [await make_active(a) for _ in range(6)]
    versions = {g.id: g.version for g in games}
    for n, g in enumerate(games):  # a backlog: each game's opening post and three moves of two posts
        for seq in range(1, 4):
            c = await move(a, (g.id, versions[g.id]), seq, outbox=posts(2, f"{n}.{seq}"))
            versions[g.id] = c.version
    log: list[tuple[str, int, int]] = []
    stop = asyncio.Event()

    async def writer() -> None:  # moves keep adding rows while both deliver
        for seq in range(4, 10):
            for g in games[:3]:
                c = await move(b, (g.id, versions[g.id]), seq, outbox=posts(1, f"w.{seq}"))
                versions[g.id] = c.version
            await asyncio.sleep(0.003)
        stop.set()

    await asyncio.wait_for(asyncio.gather(deliverer(a, "proc-a", T0 + 500, log, random.Random(1), stop),
                                          deliverer(b, "proc-b", T0 + 500, log, random.Random(2), stop),
                                          writer()), timeout=120)
    everything = [r for g in games for r in await a.outbox_for_game(g.id)]
    assert len(everything) == 6 * 7 + 3 * 6
    assert all(r.sent_at == T0 + 500 for r in everything)
    sent = Counter(row_id for _, _, row_id in log)
    assert sorted(sent) == sorted(r.id for r in everything) and set(sent.values()) == {1}, "each row exactly once"
    for g in games:
        ids = [row_id for _, gid, row_id in log if gid == g.id]
        assert ids == sorted(ids), f"game {g.id}'s rows went out of order"
    assert {owner for owner, _, _ in log} == {"proc-a", "proc-b"}, "both processes delivered"


async def test_a_claimer_that_dies_leaves_its_rows_to_the_other_after_the_lease(two_stores) -> None:
    a, b = two_stores
    g = await make_active(a)
    await move(a, g, 1, outbox=posts(3, "m1"))
    run = await a.claim_outbox(T0, "dead")
    assert [r.created_seq for r in run] == [0, 1, 1, 1]  # the game's whole run, oldest first
    assert await a.mark_claimed_sent([run[0].id], T0 + 1, "dead") == 1
    await a.close()  # the claimer dies with three rows claimed and unsent
    assert await b.claim_outbox(T0 + 1, "live") == []  # its lease (renewed by the row it sent) still runs
    assert await b.claim_outbox(T0 + 1 + OUTBOX_LEASE_S - 1, "live") == []
    taken = await b.claim_outbox(T0 + 1 + OUTBOX_LEASE_S, "live")
    assert [r.id for r in taken] == [r.id for r in run[1:]]  # from where it stopped, in order, once
    assert await b.mark_claimed_sent([run[0].id], T0 + 200, "live") == 0  # sent already: nothing to mark
    for r in taken:
        assert await b.mark_claimed_sent([r.id], T0 + 200, "live") == 1
    assert await b.claim_outbox(T0 + 10_000, "live") == []
    assert [r.sent_at for r in await b.outbox_for_game(g.id)] == [T0 + 1, T0 + 200, T0 + 200, T0 + 200]


async def test_a_late_claimer_cannot_mark_rows_taken_over(two_stores) -> None:
    a, b = two_stores
    g = await make_active(a)
    (row,) = await a.claim_outbox(T0, "slow")
    (again,) = await b.claim_outbox(T0 + OUTBOX_LEASE_S, "fast")  # the slow one's lease ran out mid-delivery
    assert again.id == row.id
    assert await a.mark_claimed_sent([row.id], T0 + OUTBOX_LEASE_S + 1, "slow") == 0
    assert await b.mark_claimed_sent([row.id], T0 + OUTBOX_LEASE_S + 2, "fast") == 1
    assert (await a.outbox_for_game(g.id))[0].sent_at == T0 + OUTBOX_LEASE_S + 2


async def test_a_failed_row_gives_back_its_run_and_its_game_waits_alone(two_stores) -> None:
    a, b = two_stores
    g, other = await make_active(a), await make_active(a)
    await move(a, g, 1, outbox=posts(2, "m1"))
    run = [r for r in await a.claim_outbox(T0, "a") if r.game_id == g.id]
    assert len(run) == 3
    await a.defer_outbox(run[0].id, T0 + 1, T0 + 60, "HTTP 503")
    assert [r.game_id for r in await b.claim_outbox(T0 + 59, "b")] == []  # other's row is still a's; g backs off
    retaken = await b.claim_outbox(T0 + 60, "b")
    assert [r.id for r in retaken] == [r.id for r in run]  # the whole run, given back, claimed anew in order
    assert retaken[0].attempts == 1
    held = await make_active(a)
    await a.hold_delivery(held.id, T0)
    assert held.id not in {r.game_id for r in await a.claim_outbox(T0 + 10_000, "a")}  # held games are skipped
    assert other.id not in {r.game_id for r in await b.claim_outbox(T0 + 10_000, "b")}  # a re-claimed it


async def test_a_move_writes_its_posts_claimed_for_the_mover_only_when_nothing_older_waits(two_stores) -> None:
    """The mover delivers its own posts without a claim of its own (commit_move's claim_for), and the
    exactly-once and in-order promises hold as for a claim: another process skips them while the lease runs, takes
    them over after it, and a move behind unsent rows or on a held game claims nothing."""
    a, b = two_stores
    g = await make_active(a)
    behind = await move(a, g, 1, outbox=posts(2, "m1"), claim_for="a")  # the opening post is still unsent
    assert behind.claimed == () and len(behind.outbox_ids) == 2
    for r in await a.claim_outbox(T0, "a"):
        assert await a.mark_claimed_sent([r.id], T0 + 1, "a") == 1
    c = await move(a, (g.id, behind.version), 2, outbox=posts(3, "m2"), claim_for="a", now=T0 + 5, lease_seconds=60,
                   jobs=[NewJob(kind="deadline", seat="REP", due_at=T0 + 7200)])
    assert [r.id for r in c.claimed] == c.outbox_ids and [r.payload["tag"] for r in c.claimed] == ["m2.0", "m2.1", "m2.2"]
    assert {(r.game_id, r.created_seq, r.audience, r.kind, r.sent_at) for r in c.claimed} == {(g.id, 2, "public", "board", None)}
    assert [(j.kind, j.seat, j.due_at) for j in c.jobs] == [("deadline", "REP", T0 + 7200)]
    assert c.jobs == await b.jobs_for_game(g.id)  # the jobs the commit returns are the stored ones
    assert await b.claim_outbox(T0 + 64, "b") == []  # a's lease runs
    assert await b.mark_claimed_sent([c.claimed[0].id], T0 + 64, "b") == 0  # and only a may mark them
    assert await a.mark_claimed_sent([c.claimed[0].id], T0 + 64, "a", lease_seconds=60) == 1  # renews the rest's lease
    assert await b.claim_outbox(T0 + 64 + 59, "b") == []
    taken = await b.claim_outbox(T0 + 64 + 60, "b")  # a died: b takes the rest over, in order, once
    assert [r.id for r in taken] == c.outbox_ids[1:]
    assert await a.mark_claimed_sent(c.outbox_ids[1:], T0 + 200, "a") == 0
    held = await make_active(a)
    for r in await a.claim_outbox(T0 + 300, "a"):
        await a.mark_claimed_sent([r.id], T0 + 300, "a")
    await a.hold_delivery(held.id, T0 + 300)
    assert (await move(a, held, 1, outbox=posts(1, "h"), claim_for="a")).claimed == ()  # held: nobody sends it
    assert (await move(a, (g.id, c.version), 3, outbox=[], claim_for="a")).claimed == ()


async def test_claims_cover_a_bounded_run_and_the_next_claim_continues_it(two_stores) -> None:
    a, _ = two_stores
    g = await make_active(a)
    await move(a, g, 1, outbox=posts(7, "m1"))
    first = await a.claim_outbox(T0, "a", run=5)
    assert len(first) == 5
    for r in first:
        await a.mark_claimed_sent([r.id], T0 + 1, "a")
    rest = await a.claim_outbox(T0 + 2, "a", run=5)
    assert [r.id for r in rest] == [r.id for r in await a.outbox_for_game(g.id)][5:]


async def test_replays_are_claimed_by_one_process_and_retaken_after_the_lease(two_stores) -> None:
    a, b = two_stores
    games = [await make_active(a) for _ in range(4)]
    for g in games:
        await a.queue_replay(g.id)
    await a.queue_replay(9_999)  # a game that is gone: nothing queued
    got_a, got_b = await asyncio.gather(a.claim_replays(T0, "a", limit=3), b.claim_replays(T0, "b", limit=3))
    assert sorted(got_a + got_b) == [(g.id, 0) for g in games]  # each replay to one of them
    mine = got_a[0][0]
    assert await b.replay_posted(mine, "b") is False  # only its claimer takes it off the queue
    assert await b.claim_replays(T0 + REPLAY_LEASE_S - 1, "b") == []
    await a.queue_replay(mine, 1)  # a's try failed: queued again with the try counted, free to anyone at once
    assert await b.claim_replays(T0 + 1, "b") == [(mine, 1)]
    assert await b.replay_posted(mine, "b") is True
    late = await b.claim_replays(T0 + REPLAY_LEASE_S, "b")  # the rest of a's and b's claims ran out
    assert sorted(late) == sorted((g.id, 0) for g in games if g.id != mine)
    for game_id, _ in late:
        assert await b.replay_posted(game_id, "b") is True
    assert await a.queued_replays() == []


async def test_many_processes_claiming_the_same_instant_on_postgres_never_share_a_game(pg_url) -> None:
    """The race SKIP LOCKED is for: claims that start together, before any of them committed."""
    from bot.store import PgStore

    stores = [await PgStore.open(pg_url) for _ in range(5)]
    try:
        games = [await make_active(stores[0]) for _ in range(12)]
        for g in games:
            await move(stores[0], g, 1, outbox=posts(2, "m1"))
        claims = await asyncio.gather(*(s.claim_outbox(T0, f"p{i}") for i, s in enumerate(stores)))
        owner_of: dict[int, set[str]] = {}
        for i, claimed in enumerate(claims):
            for r in claimed:
                owner_of.setdefault(r.game_id, set()).add(f"p{i}")
        every = [r.id for g in games for r in await stores[0].outbox_for_game(g.id)]
        assert sorted(r.id for c in claims for r in c) == sorted(every)  # every row claimed, once
        assert all(len(owners) == 1 for owners in owner_of.values()), owner_of  # a game's run has one claimer
    finally:
        for s in stores:
            await s.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_migration_0007_moves_the_queued_replays_out_of_settings(backend, request, tmp_path) -> None:
    """A database from before 0007 kept the replay queue as settings (scope 'replays'): its entries move over."""
    from bot.store import MIGRATIONS_DIR
    from bot.store import PgStore

    old = tmp_path / "migrations_v6"
    old.mkdir()
    for script in sorted(MIGRATIONS_DIR.glob("000[1-6]_*.sql")):  # both backends' scripts: each opener takes its own
        (old / script.name).write_text(script.read_text(encoding="utf-8"), encoding="utf-8")

    async def open_store(migrations_dir=None):
        if backend == "sqlite":
            kw = {"migrations_dir": migrations_dir} if migrations_dir else {}
            return await Store.open(tmp_path / "old.sqlite3", **kw)
        kw = {"migrations_dir": migrations_dir} if migrations_dir else {}
        return await PgStore.open(request.getfixturevalue("fresh_pg_url"), **kw)

    s = await open_store(old)
    assert s.schema_version == 6
    g, h = await make_lobby(s), await make_lobby(s)  # today's moves write what a store of then has no column for
    await s.set_setting("replays", str(g.id), "2")
    await s.set_setting("replays", str(h.id), "x")  # unreadable tries count as none
    await s.set_setting("replays", "424242", "0")  # a game deleted since: dropped
    await s.close()
    s = await open_store()
    try:
        assert s.schema_version == SCHEMA_VERSION
        assert await s.queued_replays() == [(g.id, 2), (h.id, 0)]
        assert await s.settings("replays") == {}
    finally:
        await s.close()
