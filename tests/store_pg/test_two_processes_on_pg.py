"""Two bot processes on one PostgreSQL database: an interaction may reach either, so two GameManagers
(each with its own PgStore, its own locks and its own in-memory cache of live games) take turns on one game. Each
must see the other's moves: its cached state is used only while the game's version is the one it cached."""
from __future__ import annotations

from bot.service import GameManager
from bot.store import PgStore
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import replay, state_hash
from tests.fakeclock import Clock

R = registry.get("electioneer")
USERS = {"DEM": "u-dem", "REP": "u-rep"}


async def test_two_managers_alternating_moves_on_one_game(pg_url) -> None:
    clock = Clock()
    a, b = await PgStore.open(pg_url), await PgStore.open(pg_url)
    try:
        first = GameManager(a, RecordingTable(), clock=clock, render=False)
        second = GameManager(b, RecordingTable(), clock=clock, render=False)
        record = await first.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=21, channel_id="c1", guild_id="g1")
        await second.games.join(record.id, "u-rep", "Remy", seat="REP")
        await first.games.start(record.id, "u-dem")
        gid, rng = record.id, Rng(4)
        managers = (first, second)
        made = 0
        while made < 60:
            manager = managers[made % 2]  # the other process made the last move: this one's cache is a move behind
            owing = await manager.views.owing(gid)
            if not owing:
                break
            seat = owing[rng.below(len(owing))]
            record, seq, decision = await manager.views.decision(gid, USERS[seat])
            assert seq == made, f"manager {made % 2} saw move {seq}, but {made} moves were made"
            snap = await manager.store.load_snapshot(gid)
            action = R.bot_action(R.load_state(snap.state), seat, rng)
            # a button carries the move number it was drawn for: it must match the move number this manager sees
            result = await manager.games.submit(gid, USERS[seat], [action], idem_key=f"i-{made}", expected_seq=seq)
            assert result.seq == made + 1
            made += 1
        assert made >= 20, made
        journal = await a.load_journal(gid)
        assert [e.seq for e in journal] == list(range(1, made + 1))
        record = await a.get_game(gid)
        rebuilt = replay(R, record.options, ["DEM", "REP"], record.seed, [(e.seat, e.notation) for e in journal])
        assert state_hash(rebuilt) == (await b.load_snapshot(gid)).state_hash == journal[-1].state_hash
    finally:
        await a.close()
        await b.close()


async def test_a_cached_game_is_read_again_after_a_move_elsewhere(pg_url) -> None:
    """What the first process shows (whose move it is, the move number its buttons carry) follows a move the second
    process made, though the first one had the game cached."""
    clock = Clock()
    a, b = await PgStore.open(pg_url), await PgStore.open(pg_url)
    try:
        first = GameManager(a, RecordingTable(), clock=clock, render=False)
        second = GameManager(b, RecordingTable(), clock=clock, render=False)
        record = await first.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1", guild_id="g1")
        await first.games.join(record.id, "u-rep", "Remy", seat="REP")
        await first.games.start(record.id, "u-dem")
        gid = record.id
        cached = await first.views.owing(gid)  # the first process caches the game at this version
        version = (await a.get_game(gid)).version
        moved = await second.games.bot_move(gid, cached[0], Rng(1))  # the second process moves
        assert moved is not None and (await a.get_game(gid)).version > version
        _, seq, _ = await first.views.decision(gid, USERS[cached[0]])
        assert seq == moved.seq  # not the cached move number
        assert await first.views.owing(gid) == await second.views.owing(gid)
    finally:
        await a.close()
        await b.close()
