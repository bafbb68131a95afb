"""The bot seated in a lobby, on real SQLite files: it plays its seat from the first move at its level, it is not
rated (as a seat the bot takes over mid-game is not) and the people are rated among themselves; refusals are in
words and change nothing; Start keeps its level when it fits the seats to the table; a host who leaves hands the
lobby to a person, never to the bot."""
from __future__ import annotations

import pytest

from bot.policy import bot_levels
from bot.policy.bot_levels import LevelError
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from tests.fakeclock import Clock
from toy_podium import RULESET as PODIUM

BOT = "stumpbot"


@pytest.fixture(autouse=True)
def podium(monkeypatch):
    monkeypatch.setitem(registry.RULESETS, "toy_podium", PODIUM)


@pytest.fixture
async def manager(tmp_path):
    store = await Store.open(tmp_path / "lobby.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    yield manager
    manager.close()
    await store.close()


async def podium_lobby(manager: GameManager) -> int:
    record = await manager.games.create("toy_podium", "a", "Ada", seat="P1", guild_id="g1", channel_id="c1")
    return record.id


async def test_a_bot_seated_in_a_lobby_plays_from_the_start_and_only_the_people_are_rated(manager) -> None:
    gid = await podium_lobby(manager)
    assert await manager.games.add_bot(gid, "a", "p2", bot_user=BOT) == "P2"
    await manager.games.join(gid, "c", "Cy", seat="P3")
    assert await manager.games.lobby_bots(gid) == {"P2": "normal"}
    await manager.games.start(gid, "a")
    await manager.seats.play_bots(gid)
    assert {s.seat: s.controller for s in await manager.store.list_seats(gid)} == {"P1": "human", "P2": "bot",
                                                                                  "P3": "human"}
    for _ in range(20):  # the people score; the bot warms up twice, then scores 10
        owing = await manager.views.owing(gid)
        if not owing:
            break
        seat = owing[0]
        await manager.games.submit(gid, {"P1": "a", "P3": "c"}[seat], {"P1": "score 5", "P3": "score 3"}[seat])
    record = await manager.views.game(gid)
    assert record.status == "finished" and record.result["winners"] == ["P2"]
    assert all(e.actor == "bot" for e in await manager.store.load_journal(gid) if e.seat == "P2")
    rated = {r.user_id for r in await manager.store.ruleset_ratings("g1", "toy_podium")}
    assert rated == {"a", "c"}
    public = manager.table.public_text()
    assert f"game #{gid}. Seats: P1: Ada, P2: 🤖 bot (normal), P3: Cy" in public
    assert "Not rated" in public and "P2" in public


async def test_refusals_are_in_words_and_change_nothing(manager) -> None:
    gid = await podium_lobby(manager)
    with pytest.raises(ManagerError) as refused:
        await manager.games.add_bot(gid, "c", "P2", bot_user=BOT)
    assert refused.value.code == "not_host" and "Only the host of game" in refused.value.message
    with pytest.raises(LevelError) as refused:
        await manager.games.add_bot(gid, "a", "P2", bot_user=BOT, level="expert")
    assert refused.value.message == "`expert` is not a level of the bot. The bot plays at easy, normal or hard."
    with pytest.raises(ManagerError) as refused:
        await manager.games.add_bot(gid, "a", "P1", bot_user=BOT)
    assert refused.value.message.startswith("P1 is taken.")
    with pytest.raises(ManagerError) as refused:
        await manager.games.remove_bot(gid, "a", "P1")
    assert refused.value.code == "not_bot_seat"
    assert [s.seat for s in await manager.store.list_seats(gid)] == ["P1"]
    assert await manager.games.lobby_bots(gid) == {}

    solo = await manager.games.create("campaign_trail", "a", "Ada", guild_id="g1", channel_id="c2",
                                      options={"ai": "REP,LIB"})
    with pytest.raises(ManagerError) as refused:
        await manager.games.add_bot(solo.id, "a", "REP", bot_user=BOT)
    assert refused.value.code == "one_player" and "is a game for one player" in refused.value.message

    await manager.games.add_bot(gid, "a", "P2", bot_user=BOT, level="hard")
    await manager.games.remove_bot(gid, "a", "P2")  # freed: a person who takes the seat plays it
    await manager.games.join(gid, "c", "Cy", seat="P2")
    await manager.games.start(gid, "a")
    assert {s.seat: s.controller for s in await manager.store.list_seats(gid)} == {"P1": "human", "P2": "human"}
    assert bot_levels.level_key("P2") not in await manager.store.settings(f"game:{gid}")
    with pytest.raises(ManagerError) as refused:
        await manager.games.add_bot(gid, "a", "P3", bot_user=BOT)
    assert refused.value.code == "started"


async def test_start_keeps_the_level_when_it_fits_the_seats_to_the_table(manager) -> None:
    record = await manager.games.create("campaign_trail", "d", "Dana", seat="DEM-P", guild_id="g1", channel_id="c1")
    await manager.games.join(record.id, "r", "Remy", seat="REP-P")
    await manager.games.add_bot(record.id, "d", "LIB-P", bot_user=BOT, level="hard")
    await manager.games.start(record.id, "d")  # three players: DEM, REP and LIB
    seats = {s.seat: s.controller for s in await manager.store.list_seats(record.id)}
    assert seats == {"DEM": "human", "REP": "human", "LIB": "bot"}
    settings = await manager.store.settings(f"game:{record.id}")
    assert bot_levels.level_of(settings, "LIB") == "hard" and bot_levels.level_key("LIB-P") not in settings
    assert "Seats: DEM: Dana, REP: Remy, LIB: 🤖 bot (hard)" in manager.table.public_text()


async def test_a_host_who_leaves_hands_the_lobby_to_a_person_never_to_the_bot(manager) -> None:
    gid = await podium_lobby(manager)
    await manager.games.add_bot(gid, "a", "P2", bot_user=BOT, level="easy")
    await manager.games.add_bot(gid, "a", "P3", bot_user=BOT)  # a second bot seat, under its own user id
    await manager.games.join(gid, "c", "Cy", seat="P4")
    assert await manager.games.lobby_bots(gid) == {"P2": "easy", "P3": "normal"}
    await manager.seats.leave(gid, "a")
    assert (await manager.views.game(gid)).host_user == "c"
    await manager.seats.leave(gid, "c")  # only the bot is left: the lobby closes
    assert (await manager.views.game(gid)).status == "abandoned"
