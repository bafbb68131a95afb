"""A seat changing hands refuses, in words, a name or seat with a lone surrogate (half of an emoji cut from its
other half), which no database or message can carry, and changes nothing: the offer, the acceptance, a seat taken
back from the bot and a seat handed to the bot. Real SQLite files, the recording table."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock

LONE = "\ud800"  # a lone surrogate: a Python string no database can store as UTF-8


async def started(tmp_path) -> tuple[Store, GameManager, int]:
    store = await Store.open(tmp_path / "seats.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1",
                                        guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, manager, record.id


async def unchanged(store: Store, game_id: int, before: tuple) -> None:
    assert (await store.get_game(game_id), await store.list_seats(game_id), await store.seat_offers()) == before


def refused_in_words(info: pytest.ExceptionInfo[ManagerError]) -> None:
    assert info.value.code == "bad_text", info.value
    assert LONE not in info.value.message and "retype" in info.value.message.lower()
    info.value.message.encode()  # the refusal itself can be sent


async def snapshot(store: Store, game_id: int) -> tuple:
    return await store.get_game(game_id), await store.list_seats(game_id), await store.seat_offers()


async def refused_untouched(store: Store, game_id: int, attempt) -> None:  # noqa: ANN001 - a call making a coroutine
    """`attempt()` is refused in words and leaves the game, its seats and offers as they were."""
    before = await snapshot(store, game_id)
    with pytest.raises(ManagerError) as info:
        await attempt()
    refused_in_words(info)
    await unchanged(store, game_id, before)


@pytest.mark.parametrize("field", ["name", "seat"])
async def test_an_offer_to_a_name_or_seat_with_a_lone_surrogate_is_refused(tmp_path, field) -> None:
    store, manager, gid = await started(tmp_path)
    try:
        args = {"name": "Sam", "seat": "REP"}
        args[field] += LONE
        await refused_untouched(store, gid, lambda: manager.seats.offer_seat(gid, "u-dem", args["seat"], "u-sub", args["name"]))
    finally:
        await store.close()


@pytest.mark.parametrize("field", ["name", "seat"])
async def test_accepting_an_offer_with_a_lone_surrogate_is_refused(tmp_path, field) -> None:
    store, manager, gid = await started(tmp_path)
    try:
        await manager.seats.offer_seat(gid, "u-dem", "REP", "u-sub", "Sam")
        args = {"name": "Sam", "seat": "REP"}
        args[field] += LONE
        await refused_untouched(store, gid, lambda: manager.seats.accept_seat(gid, "u-sub", args["name"], args["seat"]))
    finally:
        await store.close()


@pytest.mark.parametrize("field", ["name", "seat"])
async def test_taking_a_seat_back_with_a_lone_surrogate_is_refused(tmp_path, field) -> None:
    store, manager, gid = await started(tmp_path)
    try:
        await manager.seats.leave_to_bot(gid, "u-rep")
        args = {"name": "Remy", "seat": "REP"}
        args[field] += LONE
        await refused_untouched(store, gid, lambda: manager.seats.take_seat(gid, "u-rep", args["name"], args["seat"]))
    finally:
        await store.close()


@pytest.mark.parametrize("field", ["name", "seat"])
async def test_handing_a_seat_to_the_bot_with_a_lone_surrogate_is_refused(tmp_path, field) -> None:
    store, manager, gid = await started(tmp_path)
    try:
        args = {"name": "Dana", "seat": "REP"}
        args[field] += LONE
        await refused_untouched(store, gid, lambda: manager.seats.bot_seat(gid, "u-dem", args["seat"], name=args["name"]))
    finally:
        await store.close()
