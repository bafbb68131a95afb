"""Games stay in their server (Views.game_here, the one check every Discord command and click
that names a game goes through) and `/game mine` (Views.games_of), on a real SQLite store."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock

HOUR = 3600


async def open_manager(tmp_path, clock: Clock | None = None) -> tuple[Store, GameManager]:
    store = await Store.open(tmp_path / "guard.sqlite3")
    return store, GameManager(store, RecordingTable(), clock=clock or Clock(), render=False)


async def started(manager: GameManager, host: str, other: str, *, guild: str, channel: str, hours: int = 48,
                  ruleset: str = "electioneer") -> int:
    record = await manager.games.create(ruleset, host, host.title(), seed=7, guild_id=guild, channel_id=channel,
                                  deadline_hours=hours)
    await manager.games.join(record.id, other, other.title())
    await manager.games.start(record.id, host)
    return record.id


async def test_a_game_is_found_only_in_its_own_server_or_by_its_players(tmp_path) -> None:
    store, manager = await open_manager(tmp_path)
    gid = await started(manager, "ann", "ben", guild="g1", channel="c1")
    assert (await manager.views.game_here(gid, guild_id="g1", user_id="zed")).id == gid  # anyone in its server
    assert (await manager.views.game_here(gid, guild_id=None, user_id="ben")).id == gid  # a player, by DM

    with pytest.raises(ManagerError) as info:
        await manager.views.game_here(gid, guild_id="g2", user_id="ann")  # even its host, from another server
    assert info.value.code == "not_here" and info.value.message == f"No game #{gid} in this server."
    with pytest.raises(ManagerError) as info:
        await manager.views.game_here(gid, guild_id=None, user_id="zed")
    assert info.value.code == "not_seated" and info.value.message == f"You are not seated in game #{gid}."

    # A number that exists nowhere gets the same answers: no other server's game numbers leak.
    with pytest.raises(ManagerError) as info:
        await manager.views.game_here(gid + 1, guild_id="g1", user_id="ann")
    assert info.value.message == f"No game #{gid + 1} in this server."
    with pytest.raises(ManagerError) as info:
        await manager.views.game_here(gid + 1, guild_id=None, user_id="ann")
    assert info.value.message == f"You are not seated in game #{gid + 1}."
    with pytest.raises(ManagerError) as info:
        await manager.views.game_here(10**30, guild_id="g1", user_id="ann")  # beyond SQLite's integers
    assert info.value.code == "not_here"

    # A game with no server (the local table's) is no server's.
    local = await manager.games.create("electioneer", "ann", "Ann", seed=1)
    with pytest.raises(ManagerError):
        await manager.views.game_here(local.id, guild_id="g1", user_id="ann")
    await store.close()


async def test_games_of_lists_lobbies_and_games_in_progress_in_every_server(tmp_path) -> None:
    clock = Clock()
    store, manager = await open_manager(tmp_path, clock)
    t0 = int(clock.t)
    here = await started(manager, "ann", "ben", guild="g1", channel="c1", hours=24)
    there = await started(manager, "cat", "ann", guild="g2", channel="c2", hours=10, ruleset="campaign_trail")
    lobby = (await manager.games.create("electioneer", "ann", "Ann", guild_id="g3", channel_id="c3", title="Next week")).id
    others = await started(manager, "ben", "cat", guild="g1", channel="c1")  # Ann not seated
    done = await started(manager, "ann", "cat", guild="g1", channel="c4")
    await manager.seats.concede(done, "cat")  # finished: not listed
    cancelled = (await manager.games.create("electioneer", "ann", "Ann", guild_id="g1", channel_id="c1")).id
    await manager.games.abandon(cancelled, "ann")

    mine = await manager.views.games_of("ann")
    assert [g.record.id for g in mine] == [here, there, lobby]
    assert others not in [g.record.id for g in mine]
    first, second, third = mine

    assert (first.record.guild_id, first.record.channel_id, first.ruleset_title) == ("g1", "c1", "Electioneer US")
    assert first.seat == "DEM" and first.owing == ["DEM", "REP"] and first.your_move
    assert first.owing_users == {"DEM": "ann", "REP": "ben"}
    assert first.deadline_at == t0 + 24 * HOUR

    assert second.record.guild_id == "g2" and second.ruleset_title == "Campaign Trail"
    assert second.seat == (await manager.views.seat_of(there, "ann")).seat
    assert second.owing == await manager.views.owing(there)
    assert second.deadline_at == t0 + 10 * HOUR

    assert third.record.status == "lobby" and third.record.title == "Next week"
    assert third.owing == [] and third.deadline_at is None and not third.your_move
    await store.close()


async def test_games_of_says_whose_move_and_their_deadline(tmp_path) -> None:
    clock = Clock()
    store, manager = await open_manager(tmp_path, clock)
    gid = await started(manager, "ann", "ben", guild="g1", channel="c1", hours=24)
    clock.t += 2 * HOUR
    await manager.games.bot_move(gid, "DEM", Rng(3))  # Ann discards; Ben still owes his
    assert await manager.views.owing(gid) == ["REP"]
    (ann,) = await manager.views.games_of("ann")
    assert not ann.your_move and ann.owing == ["REP"] and ann.owing_users == {"REP": "ben"}
    assert ann.deadline_at == int(Clock().t) + 24 * HOUR  # Ben's, started with the game
    (ben,) = await manager.views.games_of("ben")
    assert ben.your_move and ben.deadline_at == ann.deadline_at
    assert await manager.views.games_of("nobody") == []
    await store.close()
