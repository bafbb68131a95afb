"""The bot's levels on real SQLite files: a hard bot seat plays legal moves through the service, thinking in its
worker process while another game's move is answered; a restart mid-thought loses nothing; an unknown level is
refused and changes nothing; the level is a game setting, shown beside the seat."""
from __future__ import annotations

import asyncio
import time

import pytest

from bot.policy import bot_levels
from bot.policy.bot_levels import LevelError, ThinkSettings
from bot.present.posts import ToMove, to_move_line
from bot.service import GameManager
from bot.service.thinking import Thinker
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import replay, state_hash
from tests.fakeclock import Clock

R = registry.get("electioneer")
QUICK = ThinkSettings(iterations=2)  # a search of two iterations: a real hard decision, at a test's cost


async def manager_on(path, thinking: ThinkSettings = QUICK) -> tuple[Store, GameManager]:
    store = await Store.open(path)
    return store, GameManager(store, RecordingTable(), clock=Clock(), render=False, thinking=thinking)


async def electioneer(manager: GameManager, seed: int = 5) -> int:
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=seed, channel_id="c1",
                                        guild_id="g1")
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return record.id


async def dem_moves(manager: GameManager, game_id: int) -> bool:
    """DEM plays its first choice when it owes one; whether it did."""
    if "DEM" not in await manager.views.owing(game_id):
        return False
    _, _, decision = await manager.views.decision(game_id, "u-dem")
    await manager.games.submit(game_id, "u-dem", decision.options[0].action.notation())
    return True


async def bot_moves(store: Store, game_id: int) -> list[str]:
    return [e.notation for e in await store.load_journal(game_id) if e.seat == "REP" and e.actor == "bot"]


async def assert_replays(store: Store, game_id: int) -> None:
    """Every move of the journal, the bot's included, is legal: the journal replays to the stored state."""
    record = await store.get_game(game_id)
    journal = await store.load_journal(game_id)
    rebuilt = replay(R, record.options, ["DEM", "REP"], record.seed, [(e.seat, e.notation) for e in journal])
    assert state_hash(rebuilt) == (await store.load_snapshot(game_id)).state_hash


async def test_a_hard_bot_seat_plays_legal_moves_to_the_end_of_a_game(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        gid = await electioneer(manager)
        seat = await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana", level="HARD")
        assert seat.controller == "bot"
        assert (await store.settings(f"game:{gid}"))[bot_levels.level_key("REP")] == "hard"
        for _ in range(200):
            await manager.seats.bots.settled()
            if (await manager.views.game(gid)).status != "active" or not await dem_moves(manager, gid):
                break
        await manager.seats.bots.settled()
        assert (await manager.views.game(gid)).status == "finished"
        assert len(await bot_moves(store, gid)) >= 7  # a choice a month at least
        await assert_replays(store, gid)
        assert any("handed REP to the bot in game" in line and "at hard level" in line
                   for line in manager.table.public_text().splitlines())
    finally:
        manager.close()
        await store.close()


async def test_a_hard_decision_is_its_seed_s(tmp_path) -> None:
    """The same random stream gives the same decision: in a worker process, in a thread, in this one."""
    state = R.setup({}, ["DEM", "REP"], 11)
    in_processes, in_a_thread = Thinker(QUICK), Thinker(QUICK)
    in_a_thread.in_processes = False  # as where no worker process can be started
    try:
        first = await in_processes.decide(R, state, "REP", "hard", Rng(42))
        again = await in_a_thread.decide(R, state, "REP", "hard", Rng(42))
    finally:
        in_processes.close()
        in_a_thread.close()
    assert first == again == bot_levels.decide("electioneer", state.model_dump_json(), "REP", "hard", 42, 2.0, 2)


async def test_another_game_s_move_is_answered_while_a_hard_seat_thinks(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3", ThinkSettings(seconds=1.5))
    try:
        thinking = await electioneer(manager, seed=5)
        other = await electioneer(manager, seed=6)
        await manager.seats.bot_seat(thinking, "u-dem", "REP", name="Dana", level="hard")  # REP owes its first choice
        assert manager.seats.bots.thinking()
        started = time.monotonic()
        assert await dem_moves(manager, other)  # a person's move in another game, while the bot thinks
        answered = time.monotonic() - started
        assert await bot_moves(store, thinking) == []  # the hard decision was still being thought about
        assert manager.seats.bots.thinking()
        await manager.seats.bots.settled()
        assert len(await bot_moves(store, thinking)) == 1
        assert answered < 1.0, answered
    finally:
        manager.close()
        await store.close()


async def test_a_restart_mid_thought_loses_nothing(tmp_path) -> None:
    path = tmp_path / "s.sqlite3"
    store, manager = await manager_on(path, ThinkSettings(seconds=1.0))
    gid = await electioneer(manager)
    await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana", level="hard")
    await asyncio.sleep(0.1)  # the decision is in its worker now
    assert manager.seats.bots.thinking() and await bot_moves(store, gid) == []
    manager.close()  # the process stops mid-thought: the decision is lost, not the game
    await store.close()

    store, manager = await manager_on(path)
    try:
        assert await bot_moves(store, gid) == []
        await manager.sweep.run_due_jobs()  # the sweep's catch-up finds the move the bot owes
        await manager.seats.bots.settled()
        assert len(await bot_moves(store, gid)) == 1
        await assert_replays(store, gid)
    finally:
        manager.close()
        await store.close()


async def test_an_unknown_level_is_refused_and_changes_nothing(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        gid = await electioneer(manager)
        with pytest.raises(LevelError) as refused:
            await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana", level="expert")
        assert refused.value.code == "bad_level"
        assert refused.value.message == "`expert` is not a level of the bot. The bot plays at easy, normal or hard."
        assert {s.seat: s.controller for s in await store.list_seats(gid)}["REP"] == "human"
        assert bot_levels.level_key("REP") not in await store.settings(f"game:{gid}")
    finally:
        manager.close()
        await store.close()


async def test_the_host_changes_the_level_of_a_seat_the_bot_plays_and_a_person_taking_it_resets_it(tmp_path) -> None:
    store, manager = await manager_on(tmp_path / "s.sqlite3")
    try:
        gid = await electioneer(manager)
        await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana", level="easy")
        assert bot_levels.level_of(await store.settings(f"game:{gid}"), "REP") == "easy"
        await manager.seats.bot_seat(gid, "u-dem", "REP", name="Dana", level="hard")
        assert bot_levels.level_of(await store.settings(f"game:{gid}"), "REP") == "hard"
        assert any("set the bot's level for REP" in line and "hard" in line for line in manager.table.public_text().splitlines())
        await manager.seats.bots.settled()
        await manager.seats.take_seat(gid, "u-rep", "Remy", "REP")  # Remy takes REP back
        assert bot_levels.level_of(await store.settings(f"game:{gid}"), "REP") == "normal"
    finally:
        manager.close()
        await store.close()


def test_the_to_move_line_names_the_bot_s_level() -> None:
    hard = ToMove("REP", "Remy", "u-rep", bot=True, level="hard")
    usual = ToMove("DEM", "Dana", "u-dem", bot=True)
    assert to_move_line([hard, usual]) == "**To move:** 🤖 REP (bot, hard), 🤖 DEM (bot)"


def test_the_budget_settings_are_checked() -> None:
    assert bot_levels.settings_from_env({}) == ThinkSettings(seconds=2.0, iterations=None, workers=1)
    assert bot_levels.settings_from_env({"STUMPBOT_HARD_SECONDS": "0.5", "STUMPBOT_HARD_WORKERS": "2"}) == \
        ThinkSettings(seconds=0.5, workers=2)
    for bad in ({"STUMPBOT_HARD_SECONDS": "fast"}, {"STUMPBOT_HARD_SECONDS": "0"}, {"STUMPBOT_HARD_WORKERS": "0"},
                {"STUMPBOT_HARD_ITERATIONS": "1.5"}):
        with pytest.raises(ValueError, match="STUMPBOT_HARD_"):
            bot_levels.settings_from_env(bad)
