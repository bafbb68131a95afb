"""A game's options can change how many play it (Campaign Trail's Solo Play: one player against the AI parties,
two in co-op): the lobby takes that many, starts with that many, and the local table's seats follow."""
from __future__ import annotations

import pytest

from bot.tables.local_seats import table_seats
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.ruleset import seat_range
from tests.fakeclock import Clock

CT = registry.get("campaign_trail")


def test_the_seat_range_follows_the_options() -> None:
    assert seat_range(CT, {}) == (2, 6)
    assert seat_range(CT, {"ai": ["REP"]}) == (1, 1)
    assert seat_range(CT, {"ai": "rep,lib"}) == (1, 1)
    assert seat_range(CT, {"ai": ["REP"], "coop": True}) == (2, 2)
    assert seat_range(CT, {"ai": "nonsense"}) == (2, 6), "options it refuses are reported where they are parsed"
    assert seat_range(registry.get("electioneer"), {}) == (2, 2)
    assert table_seats(CT, None, {"ai": ["REP"]}) == ["DEM"]
    with pytest.raises(ManagerError) as wrong:
        table_seats(CT, 3, {"ai": ["REP"]})
    assert "1 player" in wrong.value.message


async def test_a_solo_lobby_takes_one_player_and_starts_with_one(tmp_path) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    solo = await manager.games.create("campaign_trail", "u1", "Sol", options={"ai": ["REP"]}, channel_id="c", guild_id="g")
    with pytest.raises(ManagerError) as full:
        await manager.games.join(solo.id, "u2", "Two")
    assert full.value.code == "full" and "1 seat" in full.value.message
    started = await manager.games.start(solo.id, "u1")
    assert started.status == "active"
    assert [s.seat for s in await store.list_seats(solo.id)] == ["DEM"]
    _, _, decision = await manager.views.decision(solo.id, "u1")
    assert decision.owes_move, "the one player has the first decision"

    coop = await manager.games.create("campaign_trail", "u1", "Sol", options={"ai": ["REP"], "coop": True},
                                channel_id="c", guild_id="g")
    with pytest.raises(ManagerError) as few:
        await manager.games.start(coop.id, "u1")
    assert few.value.code == "too_few"
    await manager.games.join(coop.id, "u2", "Two")
    assert (await manager.games.start(coop.id, "u1")).status == "active"
    await store.close()
