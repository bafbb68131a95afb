"""The game manager end to end on PostgreSQL: the same game as on SQLite, a restart, a deadline
raced by two bot processes. PgStore is a drop-in for Store, so the manager is not told which it has."""
from __future__ import annotations

import asyncio

import pytest

from bot.service import GameManager
from bot.store import Store
from bot.store import PgStore
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import StaleState
from engine.core.rng import Rng
from engine.core.ruleset import replay, state_hash
from tests.fakeclock import Clock

R = registry.get("electioneer")


async def new_game(store, clock: Clock | None = None, seed: int = 11):
    manager = GameManager(store, RecordingTable(), clock=clock or Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=seed, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return manager, record.id


async def play(manager: GameManager, game_id: int, rng: Rng, moves: int) -> int:
    """Up to ``moves`` bot moves, the seat picked by ``rng``; returns how many were made."""
    made = 0
    while made < moves:
        owing = await manager.views.owing(game_id)
        if not owing:
            break
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
        made += 1
    return made


async def test_a_whole_game_ends_as_it_does_on_sqlite(pg_url, tmp_path) -> None:
    lite = await Store.open(tmp_path / "ref.sqlite3")
    manager, gid = await new_game(lite)
    await play(manager, gid, Rng(5), 400)
    reference = ((await lite.get_game(gid)).result, (await lite.load_snapshot(gid)).state_hash,
                 [(e.seat, e.notation) for e in await lite.load_journal(gid)])
    await lite.close()

    pg = await PgStore.open(pg_url)
    try:
        manager, gid = await new_game(pg)
        await play(manager, gid, Rng(5), 400)
        record = await pg.get_game(gid)
        journal = await pg.load_journal(gid)
        assert record.status == "finished"
        assert (record.result, (await pg.load_snapshot(gid)).state_hash,
                [(e.seat, e.notation) for e in journal]) == reference
        rebuilt = replay(R, record.options, ["DEM", "REP"], record.seed, [(e.seat, e.notation) for e in journal])
        assert state_hash(rebuilt) == journal[-1].state_hash
    finally:
        await pg.close()


async def test_a_restart_mid_game_continues_identically(pg_url, tmp_path) -> None:
    lite = await Store.open(tmp_path / "ref.sqlite3")
    manager, gid = await new_game(lite)
    await play(manager, gid, Rng(9), 30)
    reference = (await lite.load_snapshot(gid)).state_hash
    await lite.close()

    rng = Rng(9)
    store = await PgStore.open(pg_url)
    manager, gid = await new_game(store)
    made = 0
    while made < 30:
        made += await play(manager, gid, rng, min(4, 30 - made))
        await store.close()  # the bot restarts every few moves
        store = await PgStore.open(pg_url)
        manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    try:
        assert (await store.load_snapshot(gid)).state_hash == reference
    finally:
        await store.close()


async def test_a_double_submit_applies_once(store) -> None:
    manager, gid = await new_game(store)
    _, _, decision = await manager.views.decision(gid, "u-dem")
    move = decision.options[0].action.notation()
    await manager.games.submit(gid, "u-dem", move, idem_key="interaction-1")
    before = len(await store.load_journal(gid))
    with pytest.raises(StaleState):
        await manager.games.submit(gid, "u-dem", move, idem_key="interaction-1")
    assert len(await store.load_journal(gid)) == before


async def test_a_deadline_raced_by_two_bot_processes_fires_once(pg_url) -> None:
    clock = Clock()
    a, b = await PgStore.open(pg_url), await PgStore.open(pg_url)
    try:
        manager_a, gid = await new_game(a, clock)
        manager_b = GameManager(b, RecordingTable(), clock=clock, render=False)
        due = max(j.due_at for j in await a.jobs_for_game(gid) if j.kind == "deadline")
        clock.t = due + 1  # both seats' deadlines have passed
        moved = await asyncio.gather(manager_a.sweep.run_due_jobs(), manager_b.sweep.run_due_jobs())
        journal = await a.load_journal(gid)
        deadline_moves = [e for e in journal if e.actor == "deadline"]
        assert sum(moved) == len(deadline_moves) == 2, (moved, [(e.seat, e.notation) for e in journal])
        assert sorted(e.seat for e in deadline_moves) == ["DEM", "REP"]  # each seat's deadline fired once
    finally:
        await a.close()
        await b.close()
