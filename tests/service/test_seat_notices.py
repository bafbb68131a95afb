"""A member whose seat changes hands without them is told privately: the host hands it to the bot, a substitute takes
it on the host's offer, the bot takes it over after missed deadlines. The notice is an outbox row written with the
change of hands, so a process that dies before delivering it leaves it for the next one; it goes to the member the
seat was taken from, never to whoever holds the seat now. Real SQLite files, the recording table, a fake clock."""
from __future__ import annotations

from bot.service import GameManager
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock


async def started(tmp_path, table: RecordingTable | None) -> tuple[Store, GameManager, int]:
    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, table, clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1",
                                        guild_id="g1", title="Spring race")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, manager, record.id


async def test_the_notice_of_a_seat_handed_to_the_bot_survives_a_restart(tmp_path) -> None:
    store, manager, gid = await started(tmp_path, None)  # no table: the process dies before it delivers
    await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana")
    pending = [r for r in await store.pending_outbox() if r.kind == "notice"]
    assert [(r.audience, r.payload["to"]) for r in pending] == [("seat:REP", "u-rep")]
    await store.close()

    store = await Store.open(tmp_path / "s.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=False)
    await manager.delivery.flush()
    assert [u for u, _ in table.notices] == ["u-rep"]
    text = table.notices[0][1]
    assert "Dana handed your seat, **REP** in game #1 (Spring race), to the bot" in text
    assert "`/seat take seat:REP`" in text
    assert not [b for b in table.briefs if b.user_id == "u-rep"]  # the bot's seat gets no brief
    assert await store.pending_outbox() == []
    await store.close()


async def test_a_substitute_takes_the_bots_seat_and_its_last_player_is_told(tmp_path) -> None:
    table = RecordingTable()
    store, manager, gid = await started(tmp_path, table)
    await manager.seats.leave_to_bot(gid, "u-rep")
    assert table.notices == []  # Remy left himself: nothing to tell him
    await manager.seats.offer_seat(gid, "u-dem", "REP", "u-sub", "Sam")
    await manager.seats.accept_seat(gid, "u-sub", "Sam")
    assert [u for u, _ in table.notices] == ["u-rep"]  # not Sam, who holds REP now
    text = table.notices[0][1]
    assert "Sam now plays your seat, **REP** in game #1 (Spring race): Dana offered it to them" in text
    assert "`/seat take seat:REP`" in text and "ask the host" in text
    # the channel names him, in words
    assert any("REP in game #1 is now played by Sam, replacing the bot (playing it for Remy), on Dana's offer"
               in p.text for p in table.posts)
    await store.close()


async def test_the_host_handing_their_own_seat_to_the_bot_is_told_nothing(tmp_path) -> None:
    table = RecordingTable()
    store, manager, gid = await started(tmp_path, table)
    await manager.seats.bot_seat(gid, "u-dem", "DEM", name="Dana")
    assert table.notices == []
    await store.close()
