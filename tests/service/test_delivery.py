"""Delivery: one game's failing notifications never hold back another's, retries back off, a game that
keeps failing is held (its channel and host told, no secrets), and jobs fire once across processes.
Real SQLite files, the real manager, a recording table that fails for chosen games."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from typing import AsyncIterator

from bot.service import GameManager, ManagerError
from bot.service.delivery import HELD_NOTICE, HOLD_AFTER
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from tests.fakeclock import Clock

R = registry.get("electioneer")


class Flaky(RecordingTable):
    """Fails every delivery (public or private) of the games in `broken`, as an HTTP 400/5xx would."""

    def __init__(self) -> None:
        super().__init__()
        self.broken: set[int] = set()
        self.tries: dict[int, int] = {}

    def _check(self, game_id: int) -> None:
        if game_id in self.broken:
            self.tries[game_id] = self.tries.get(game_id, 0) + 1
            raise RuntimeError("HTTP 400: Invalid Form Body")

    async def publish(self, post) -> None:
        self._check(post.game.id)
        await super().publish(post)

    async def tell(self, brief) -> bool:
        self._check(brief.game.id)
        return await super().tell(brief)


@asynccontextmanager
async def _world(tmp_path) -> AsyncIterator[tuple[Store, Flaky, Clock, GameManager]]:
    """A real store file, a table that fails on demand, a hand-moved clock and the manager over them."""
    store = await Store.open(tmp_path / "d.sqlite3")
    table = Flaky()
    clock = Clock()
    try:
        yield store, table, clock, GameManager(store, table, clock=clock, render=False)
    finally:
        await store.close()


async def _games(manager: GameManager, n: int) -> list[int]:
    ids = []
    for k in range(n):
        rec = await manager.games.create("electioneer", f"d{k}", "D", seat="DEM", seed=k, channel_id=f"c{k}", guild_id="g")
        await manager.games.join(rec.id, f"r{k}", "R", seat="REP")
        await manager.games.start(rec.id, f"d{k}")
        ids.append(rec.id)
    return ids


async def _moves(manager: GameManager, game_id: int, count: int, rng: Rng) -> None:
    for _ in range(count):
        owing = await manager.views.owing(game_id)
        if not owing:
            return
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)


async def test_a_game_with_many_undeliverable_rows_does_not_stall_any_other(tmp_path) -> None:
    # With 51+ unsent rows of one failing game at the head of the outbox, a flush that fetched only those
    # would skip them all and return 0 — no game anywhere would get a post again.
    async with _world(tmp_path) as (store, table, clock, manager):
        bad, good = await _games(manager, 2)
        table.broken = {bad}
        rng = Rng(1)
        while len([r for r in await store.pending_outbox(limit=500) if r.game_id == bad]) < 60:
            await _moves(manager, bad, 1, rng)
            clock.t += 1
        before = len([p for p in table.posts if p.game.id == good])
        await _moves(manager, good, 6, rng)
        after = [p for p in table.posts if p.game.id == good]
        assert len(after) > before, "the healthy game's posts were held back by the failing one"
        assert not [r for r in await store.pending_outbox(limit=500) if r.game_id == good]
        # the failing game's rows wait in order, with a backoff: one try per due retry, not per flush
        tries = table.tries[bad]
        await manager.delivery.flush()
        assert table.tries[bad] == tries


async def test_retries_back_off_then_deliver_in_order(tmp_path) -> None:
    async with _world(tmp_path) as (store, table, clock, manager):
        (game,) = await _games(manager, 1)
        table.broken = {game}
        await _moves(manager, game, 3, Rng(2))
        head = (await store.outbox_heads(int(clock.t)))
        assert head == []  # the failed head waits out its backoff
        clock.t += 5
        await manager.delivery.flush()
        assert table.tries[game] == 1  # 5 s later: still backing off
        table.broken = set()
        clock.t += 60
        await manager.delivery.flush()
        seqs = [p.game.seq for p in table.posts if p.game.id == game]
        assert seqs == sorted(seqs) and seqs[0] == 0  # the opening post first, then each move's
        assert await store.pending_outbox() == []


async def test_a_game_that_keeps_failing_while_others_succeed_is_held_and_told(tmp_path) -> None:
    async with _world(tmp_path) as (store, table, clock, manager):
        bad, good = await _games(manager, 2)
        table.broken = {bad}
        rng = Rng(3)
        await _moves(manager, bad, 2, rng)
        for _ in range(HOLD_AFTER + 2):
            clock.t += 4000  # past the longest backoff
            await _moves(manager, good, 1, rng)  # other games keep getting through
            await manager.delivery.flush()
        record = await manager.views.game(bad)
        assert record.delivery_held_at is not None
        assert table.tries[bad] == HOLD_AFTER  # held after that many tries: no more hammering
        assert table.alerts == [(bad, HELD_NOTICE.format(id=bad, title=record.title, n=HOLD_AFTER), "d0")]
        assert (await manager.views.game(good)).delivery_held_at is None
        # only the host (or an admin) releases it; then everything goes out, in order
        try:
            await manager.delivery.redeliver(bad, "r0")
            raise AssertionError("a player who is not the host released the game")
        except ManagerError as exc:
            assert exc.code == "not_host"
        table.broken = set()
        sent = await manager.delivery.redeliver(bad, "d0")
        assert sent > 0 and not [r for r in await store.pending_outbox() if r.game_id == bad]
        assert (await manager.views.game(bad)).delivery_held_at is None


async def test_an_outage_of_every_delivery_holds_no_game(tmp_path) -> None:
    async with _world(tmp_path) as (store, table, clock, manager):
        games = await _games(manager, 2)
        table.broken = set(games)
        for _ in range(HOLD_AFTER * 2):
            clock.t += 4000
            await manager.delivery.flush()
        assert [(await manager.views.game(g)).delivery_held_at for g in games] == [None, None]
        assert table.alerts == []
        table.broken = set()
        clock.t += 4000
        await manager.delivery.flush()
        assert await store.pending_outbox() == []


async def test_two_processes_fire_each_deadline_and_reminder_once(tmp_path) -> None:
    """Two managers on one database file, each with its own connection, as two bot processes are."""
    path = tmp_path / "shared.sqlite3"
    clock = Clock()
    store_a, store_b = await Store.open(path), await Store.open(path)
    table_a, table_b = RecordingTable(), RecordingTable()
    a = GameManager(store_a, table_a, clock=clock, render=False)
    b = GameManager(store_b, table_b, clock=clock, render=False)
    try:
        games = await _games(a, 3)
        jobs = await store_a.jobs_for_game(games[0])
        reminder = min(j.due_at for j in jobs if j.kind == "reminder")
        clock.t = reminder + 1
        briefs_before = len(table_a.briefs) + len(table_b.briefs)
        await asyncio.gather(a.sweep.run_due_jobs(), b.sweep.run_due_jobs())
        reminders = [x for x in table_a.briefs + table_b.briefs if "Reminder" in x.text]
        assert len(reminders) == 2 * len(games), reminders  # each seat of each game reminded once
        assert len(table_a.briefs) + len(table_b.briefs) == briefs_before + len(reminders)
        deadline = min(j.due_at for j in jobs if j.kind == "deadline")
        clock.t = deadline + 1
        moves = await asyncio.gather(a.sweep.run_due_jobs(), b.sweep.run_due_jobs())
        made = 0
        for g in games:
            journal = await store_a.load_journal(g)
            assert {e.actor for e in journal} == {"deadline"} and [e.seq for e in journal] == list(range(1, len(journal) + 1))
            # both seats' deadlines answered once each; a seat that owes again keeps its passed deadline
            # (bot/policy/timekeeping.py), so a sweep that claims after those moves may answer its next decision too
            assert sorted(e.seat for e in journal[:2]) == ["DEM", "REP"], journal
            made += len(journal)
        assert sum(moves) == made >= 2 * len(games)  # every deadline move counted by the process that made it, once
    finally:
        await store_a.close()
        await store_b.close()


async def test_a_claim_left_by_a_dead_process_is_taken_over_when_its_lease_ends(tmp_path) -> None:
    clock = Clock()
    store = await Store.open(tmp_path / "lease.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    try:
        (game,) = await _games(manager, 1)
        deadline = min(j.due_at for j in await store.jobs_for_game(game) if j.kind == "deadline")
        clock.t = deadline + 1
        claimed = await store.claim_due_jobs(int(clock.t), "a-process-that-then-died", lease_seconds=300)
        assert claimed
        assert await manager.sweep.run_due_jobs() == 0  # still claimed: not fired twice
        clock.t += 301
        assert await manager.sweep.run_due_jobs() == 2  # the lease ran out: fired once, by the survivor
    finally:
        await store.close()


async def test_a_slow_channel_does_not_delay_other_games(tmp_path) -> None:
    """discord.py retries an HTTP 500 for some 25 s inside one call: other games must not queue behind it."""
    class Slow(RecordingTable):
        def __init__(self) -> None:
            super().__init__()
            self.slow: int | None = None
            self.blocked = False
            self.others_done = asyncio.Event()

        async def publish(self, post) -> None:
            if post.game.id == self.slow:
                try:  # finishes only once another game got through meanwhile
                    await asyncio.wait_for(self.others_done.wait(), 3)
                except TimeoutError:
                    self.blocked = True
                raise RuntimeError("HTTP 500 after retries")
            await super().publish(post)
            self.others_done.set()

    store = await Store.open(tmp_path / "slow.sqlite3")
    table = Slow()
    manager = GameManager(store, table, clock=Clock(), render=False)
    manager.table = None  # set up both games without delivering
    try:
        slow, fast = await _games(manager, 2)
        manager.table = table
        table.slow = slow
        await asyncio.wait_for(manager.delivery.flush(), 10)
        assert [p.game.id for p in table.posts] == [fast] and not table.blocked
    finally:
        await store.close()
