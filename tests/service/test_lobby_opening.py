"""Opening a lobby: the game, its host's seat, its expiry and its secret salt are written together or not at all.
A `/game new` refused (a seat the game lacks, a title or name that cannot be stored) leaves no lobby behind, so
no half-made game stays joinable or makes a later `/game join` ambiguous. Real SQLite files, the recording table."""
from __future__ import annotations

import pytest

from bot.policy import record as records
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock

LONE = "\ud800"  # a lone surrogate: a Python string no database can store as UTF-8


async def manager_on(tmp_path) -> tuple[Store, GameManager]:
    store = await Store.open(tmp_path / "lobby.sqlite3")
    return store, GameManager(store, RecordingTable(), clock=Clock(), render=False)


async def nothing_written(store: Store) -> None:
    assert await store.list_games() == []
    assert await store.settings("game:1") == {}
    assert await store.due_jobs(2**62) == []


async def test_a_new_lobby_has_its_host_seated_its_expiry_and_its_salt(tmp_path) -> None:
    store, manager = await manager_on(tmp_path)
    try:
        record = await manager.games.create("electioneer", "u-dem", "Dana", seat="rep", title="Friday",
                                            channel_id="c1", guild_id="g1")
        assert (record.status, record.version, record.title, record.host_user) == ("lobby", 1, "Friday", "u-dem")
        assert [(s.seat, s.user_id, s.display_name) for s in await store.list_seats(record.id)] == \
            [("REP", "u-dem", "Dana")]
        assert [j.kind for j in await store.jobs_for_game(record.id)] == ["lobby_expiry"]
        assert await records.seed_salt(store, record.id)
        assert await store.get_game(record.id) == record
    finally:
        await store.close()


@pytest.mark.parametrize("guild_id", ["g1", None], ids=["in a server", "by DM"])
async def test_a_seat_the_game_lacks_leaves_no_lobby(tmp_path, guild_id) -> None:
    store, manager = await manager_on(tmp_path)
    try:
        with pytest.raises(ManagerError, match="not a seat in Electioneer") as info:
            await manager.games.create("electioneer", "u-dem", "Dana", seat="XYZ", channel_id="c1", guild_id=guild_id)
        assert info.value.code == "bad_seat" and "DEM, REP" in info.value.message
        await nothing_written(store)
        # the next game is the first one
        record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", channel_id="c1",
                                            guild_id=guild_id)
        assert [g.id for g in await store.list_games()] == [record.id]
    finally:
        await store.close()


@pytest.mark.parametrize("field", ["title", "name", "seat"])
async def test_a_lone_surrogate_in_a_new_lobby_is_refused_in_words_and_writes_nothing(tmp_path, field) -> None:
    store, manager = await manager_on(tmp_path)
    args = {"title": "Friday", "name": "Dana", "seat": "DEM"}
    args[field] = args[field] + LONE
    try:
        with pytest.raises(ManagerError) as info:
            await manager.games.create("electioneer", "u-dem", args["name"], seat=args["seat"], title=args["title"],
                                       channel_id="c1", guild_id="g1")
        assert info.value.code == "bad_text"
        assert LONE not in info.value.message and "retype" in info.value.message.lower()
        info.value.message.encode()  # the refusal itself can be sent
        await nothing_written(store)
    finally:
        await store.close()


@pytest.mark.parametrize("field", ["name", "seat"])
async def test_a_lone_surrogate_in_a_join_is_refused_in_words_and_changes_nothing(tmp_path, field) -> None:
    store, manager = await manager_on(tmp_path)
    try:
        record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", channel_id="c1", guild_id="g1")
        args = {"name": "Remy", "seat": "REP"}
        args[field] = args[field] + LONE
        with pytest.raises(ManagerError) as info:
            await manager.games.join(record.id, "u-rep", args["name"], seat=args["seat"])
        assert info.value.code == "bad_text" and LONE not in info.value.message
        assert await store.get_game(record.id) == record
        assert [s.user_id for s in await store.list_seats(record.id)] == ["u-dem"]
    finally:
        await store.close()
