"""A typed move sent twice applies once unless the player confirms (without the guard, two identical `/move`
interactions both apply, once in 77 tries, when the step was legal twice in a row)."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.service.games import REPEAT_SECONDS
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from twice_legal import advance_to_twice_legal
from tests.fakeclock import Clock


async def _twice_legal(tmp_path):
    store = await Store.open(tmp_path / "repeat.sqlite3")
    clock = Clock()
    manager = GameManager(store, RecordingTable(), render=False, clock=clock)
    record = await manager.games.create("campaign_trail", "u0", "P0", seat="DEM", seed=5)
    await manager.games.join(record.id, "u1", "P1", seat="REP")
    await manager.games.start(record.id, "u0")
    users = {s.seat: s.user_id for s in await store.list_seats(record.id)}
    seat, notation = await advance_to_twice_legal(manager, record.id, Rng(4))
    return store, manager, clock, record.id, users[seat], notation


async def test_the_same_typed_move_twice_is_applied_once_until_confirmed(tmp_path) -> None:
    store, manager, clock, game, user, notation = await _twice_legal(tmp_path)
    try:
        seq = len(await store.load_journal(game))
        await manager.games.submit(game, user, notation, idem_key="i-1", repeat_guard=True)
        with pytest.raises(ManagerError) as info:
            await manager.games.submit(game, user, notation, idem_key="i-2", repeat_guard=True)
        assert info.value.code == "repeat" and notation in info.value.message and "again" in info.value.message
        assert len(await store.load_journal(game)) == seq + 1  # the double send changed nothing
        await manager.games.submit(game, user, notation, idem_key="i-3", repeat_guard=False)  # `again:True`
        assert len(await store.load_journal(game)) == seq + 2
    finally:
        await store.close()


async def test_a_repeat_after_the_window_needs_no_confirmation(tmp_path) -> None:
    store, manager, clock, game, user, notation = await _twice_legal(tmp_path)
    try:
        seq = len(await store.load_journal(game))
        await manager.games.submit(game, user, notation, repeat_guard=True)
        clock.t += REPEAT_SECONDS + 1
        await manager.games.submit(game, user, notation, repeat_guard=True)
        assert len(await store.load_journal(game)) == seq + 2
    finally:
        await store.close()
