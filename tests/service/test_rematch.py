"""Rematch through the real manager and SQLite store: a former player of a finished game opens a
lobby with the same ruleset, options, deadline and channel, hosts it in their former seat, and the others are
invited, not seated; only a former player may; one rematch at a time; and the result post is marked final."""
from __future__ import annotations

import pytest

from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine.core.rng import Rng
from tests.fakeclock import Clock


async def finished_game(tmp_path, *, options=None, concede: bool = False):
    store = await Store.open(tmp_path / "g.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1", guild_id="g1",
                                  options=options, deadline_hours=30)
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    if concede:
        await manager.seats.concede(record.id, "u-rep")
    rng = Rng(4)
    while owing := await manager.views.owing(record.id):
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
    assert (await manager.views.game(record.id)).status == "finished"
    return store, table, manager, record.id


async def test_a_former_player_opens_the_rematch_and_the_others_are_invited(tmp_path) -> None:
    store, table, manager, gid = await finished_game(tmp_path, options={"theatrics": 3})
    old = await manager.views.game(gid)
    rematch = await manager.games.rematch(gid, "u-rep", "Remy")
    lobby = rematch.lobby
    assert rematch.of == gid and lobby.id != gid and lobby.status == "lobby"
    assert (lobby.ruleset, lobby.options, lobby.deadline_hours) == (old.ruleset, old.options, 30)
    assert (lobby.guild_id, lobby.channel_id, lobby.title) == ("g1", "c1", old.title)
    assert lobby.host_user == "u-rep"
    seats = await store.list_seats(lobby.id)
    assert [(s.seat, s.user_id) for s in seats] == [("REP", "u-rep")]  # the clicker, in their former seat
    assert rematch.invited == {"u-dem": "Dana"}  # invited, not seated: each one chooses to Join
    # the invited player joins and the host starts: a new game with a new seed
    await manager.games.join(lobby.id, "u-dem", "Dana")
    started = await manager.games.start(lobby.id, "u-rep")
    assert started.status == "active"
    await store.close()


async def test_only_a_former_player_may_and_one_rematch_at_a_time(tmp_path) -> None:
    store, _, manager, gid = await finished_game(tmp_path)
    games = len(await store.list_games())
    with pytest.raises(ManagerError) as refused:
        await manager.games.rematch(gid, "u-stranger", "Sam")
    assert refused.value.code == "not_player"
    first = await manager.games.rematch(gid, "u-dem", "Dana")
    with pytest.raises(ManagerError) as again:
        await manager.games.rematch(gid, "u-rep", "Remy")
    assert again.value.code == "rematch_open" and f"game #{first.lobby.id}" in again.value.message
    assert len(await store.list_games()) == games + 1  # nothing else was created
    # once the rematch lobby is cancelled, a new one may be opened
    await manager.games.abandon(first.lobby.id, "u-dem")
    second = await manager.games.rematch(gid, "u-rep", "Remy")
    assert second.lobby.id != first.lobby.id and second.lobby.host_user == "u-rep"
    # a game in progress (the rematch itself) cannot be rematched
    with pytest.raises(ManagerError) as live:
        await manager.games.rematch(second.lobby.id, "u-rep", "Remy")
    assert live.value.code == "not_finished"
    await store.close()


async def test_a_player_the_bot_replaced_is_still_a_former_player(tmp_path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    await manager.seats.leave(record.id, "u-rep")  # the bot plays REP to the end
    rng = Rng(2)
    while owing := await manager.views.owing(record.id):
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
    rematch = await manager.games.rematch(record.id, "u-rep", "Remy")
    assert rematch.invited == {"u-dem": "Dana"}
    await store.close()


@pytest.mark.parametrize("concede", [False, True])
async def test_the_result_post_is_the_final_one(tmp_path, concede: bool) -> None:
    store, table, _, _ = await finished_game(tmp_path, concede=concede)
    finals = [p for p in table.posts if p.final]
    assert len(finals) == 1
    assert finals[0].game.status == "finished"
    assert ("concedes" if concede else "wins") in finals[0].text
    assert finals[0].replay is None  # render=False: no pictures, no replay
    await store.close()


async def test_the_replay_is_posted_once_after_the_result(tmp_path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=Clock(), render=True)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    assert await manager.memory.post_replays() == 0  # nothing finished
    rng = Rng(4)
    while owing := await manager.views.owing(record.id):
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
    assert not any(p.replay for p in table.posts)  # the result went out at once, without waiting for the drawing
    assert await manager.memory.post_replays() == 1
    replays = [p for p in table.posts if p.replay is not None]
    assert len(replays) == 1 and replays[0].replay.filename == "replay.webp"
    assert f"Replay of game #{record.id}" in replays[0].text and replays[0].game.status == "finished"
    assert replays[0].replay.png[:4] == b"RIFF" and "frames" in replays[0].replay.alt
    assert await manager.memory.post_replays() == 0  # once
    await store.close()


async def test_the_rematch_seats_the_bot_again_at_its_level_and_keeps_hints_on(tmp_path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1",
                                        guild_id="g1", options={"theatrics": 1, "hints": "on"})
    await manager.games.add_bot(record.id, "u-dem", "REP", bot_user="stumpbot", level="easy")
    await manager.games.start(record.id, "u-dem")
    rng = Rng(4)
    await manager.seats.play_bots(record.id)
    while owing := await manager.views.owing(record.id):  # Dana's moves; the bot answers on its own
        if "DEM" in owing:
            await manager.games.bot_move(record.id, "DEM", rng)
        await manager.seats.bots.settled()
    with pytest.raises(ManagerError) as refused:  # the bot's account is no former player
        await manager.games.rematch(record.id, "stumpbot", "Stumpbot")
    assert refused.value.code == "not_player"
    rematch = await manager.games.rematch(record.id, "u-dem", "Dana")
    lobby = rematch.lobby
    assert rematch.invited == {} and rematch.bots == {"REP": "easy"} and rematch.missed == []
    assert [(s.seat, s.user_id) for s in await store.list_seats(lobby.id)] == [("DEM", "u-dem"), ("REP", "stumpbot")]
    assert await manager.games.lobby_bots(lobby.id) == {"REP": "easy"}
    assert lobby.options == record.options and await manager.hints.on(lobby.id)
    started = await manager.games.start(lobby.id, "u-dem")
    assert started.status == "active"
    assert {s.seat: s.controller for s in await store.list_seats(lobby.id)} == {"DEM": "human", "REP": "bot"}
    await store.close()


async def test_a_seat_the_bot_took_over_from_a_player_is_offered_to_them_not_kept_by_the_bot(tmp_path) -> None:
    store = await Store.open(tmp_path / "g.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=3, channel_id="c1", guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    await manager.seats.leave(record.id, "u-rep")  # the bot plays REP to the end, for Remy
    rng = Rng(2)
    while owing := await manager.views.owing(record.id):
        await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
    rematch = await manager.games.rematch(record.id, "u-dem", "Dana")
    assert rematch.invited == {"u-rep": "Remy"} and rematch.bots == {} and not await manager.hints.on(rematch.lobby.id)
    assert [s.seat for s in await store.list_seats(rematch.lobby.id)] == ["DEM"]
    await store.close()
