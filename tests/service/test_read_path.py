"""`/game status`, `/game log` and `/game export` are served from the record cache (bot/service/memory.py): the
same record, pages and seals as replaying the journal from the seed on every call (records.build_record), for
every title, mid-game, after a deadline's move, an undo and the end. Each journal row keeps its move's step, so a
process that has read nothing of a game serves it with no engine work at all; a game journalled before rows kept
their steps is replayed once per process (never on a repeated read, nothing after an undo, and a move made since
is read from its row). An undo goes back without replaying on the event loop. Four concurrent reads of a long game
leave the event loop free."""
from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import pytest

from bot.policy import record as records
from bot.policy.record_verify import verify_record
from bot.policy import record_log
from bot.present import text as plain
from bot.service import GameManager, ManagerError
from bot.tables.local_seats import table_seats
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import EngineError
from engine.core.rng import Rng
from bot.service.memory import replay_on
from tests.fakeclock import Clock
from tests.service.table_games import table_of


class Applies:
    """Counts the engine's work on one ruleset: each `apply` and `setup` (the real ones run)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, ruleset_name: str) -> None:
        ruleset = registry.get(ruleset_name)
        self.applies = self.setups = 0
        apply, setup = ruleset.apply, ruleset.setup

        def counted_apply(*args: Any, **kwargs: Any) -> Any:
            self.applies += 1
            return apply(*args, **kwargs)

        def counted_setup(*args: Any, **kwargs: Any) -> Any:
            self.setups += 1
            return setup(*args, **kwargs)

        monkeypatch.setattr(ruleset, "apply", counted_apply)
        monkeypatch.setattr(ruleset, "setup", counted_setup)

    def reset(self) -> None:
        self.applies = self.setups = 0


async def open_game(tmp_path, ruleset_name: str, players: int = 2, seed: int = 11):
    ruleset = registry.get(ruleset_name)
    return await table_of(tmp_path, ruleset_name, table_seats(ruleset, players, None), seed=seed)


async def play(manager: GameManager, game_id: int, rng: Rng, moves: int) -> int:
    played = 0
    while played < moves:
        owing = await manager.views.owing(game_id)
        if not owing:
            break
        await manager.games.bot_move(game_id, owing[rng.below(len(owing))], rng)
        played += 1
    return played


async def status(manager: GameManager, game_id: int) -> list[str]:
    """What `/game status` asks the manager (bot/discord/info_flows.py): who owes, the public board, the seals."""
    await manager.views.owing(game_id)
    _, view = await manager.views.view(game_id, None)
    plain.board_text(view)
    return await manager.memory.seals(game_id)


async def assert_served_as_replayed(manager: GameManager, game_id: int) -> None:
    """The served record, every log page and the seals equal what replaying the journal from the seed gives."""
    store = manager.store
    seats = await store.list_seats(game_id)
    assert await manager.memory.export(game_id, seats[0].user_id) == await records.build_record(store, game_id)
    last = await manager.memory.log_page(game_id)
    assert last == await record_log.log_page(store, game_id, None)
    for page in range(1, last[2] + 2):  # and one past the end, which is the last
        assert await manager.memory.log_page(game_id, page) == await record_log.log_page(store, game_id, page)
    for limit in (8, 1000):
        assert await manager.memory.seals(game_id, limit) == await record_log.proof_lines(store, game_id, limit)


async def deadline_move(manager: GameManager, game_id: int) -> None:
    """A move the deadline made for the first seat that owes one (its record carries the deadline's note)."""
    seat = (await manager.views.owing(game_id))[0]
    record = await manager.views.game(game_id)
    ruleset, state, _ = await manager.views.state(record)
    action = ruleset.decisions(state, seat).all_options()[0].action
    await manager.games.submit(game_id, "", [action], actor="deadline", seat_override=seat)


async def undo_somewhere(manager: GameManager, game_id: int, rng: Rng, tries: int = 40) -> bool:
    """A player's own move, read, then its undo; moves on until one can be undone. Whether one was."""
    for _ in range(tries):
        owing = await manager.views.owing(game_id)
        if not owing:
            return False
        seat = owing[0]
        user = next(s.user_id for s in await manager.store.list_seats(game_id) if s.seat == seat)
        _, _, decision = await manager.views.decision(game_id, user)
        await manager.games.submit(game_id, user, [decision.all_options()[0].action])
        await manager.memory.log_page(game_id)  # the record cache has seen the move
        try:
            await manager.games.undo(game_id, user)
            return True
        except (ManagerError, EngineError):
            await play(manager, game_id, rng, 1)
    return False


@pytest.mark.parametrize("ruleset_name", list(registry.RULESETS))
async def test_served_reads_equal_the_replayed_ones(tmp_path, monkeypatch, ruleset_name) -> None:
    store, _, manager, gid = await open_game(tmp_path, ruleset_name)
    counted = Applies(monkeypatch, ruleset_name)
    rng = Rng(5)
    await play(manager, gid, rng, 30)
    await assert_served_as_replayed(manager, gid)

    # a deadline's move, then a few more: the cache goes on from where it was
    await deadline_move(manager, gid)
    await play(manager, gid, rng, 5)
    await assert_served_as_replayed(manager, gid)

    # an undo: the cache goes back to a state it kept, then on along the new line
    assert await undo_somewhere(manager, gid, rng)
    counted.reset()
    await manager.memory.export(gid, "u0")
    await manager.memory.log_page(gid, 1)
    assert (counted.applies, counted.setups) == (0, 0)
    await assert_served_as_replayed(manager, gid)
    await play(manager, gid, rng, 3)
    await assert_served_as_replayed(manager, gid)

    # the end (a concession ends a two-seat game): the record is complete, with every move's notation and the seed
    if (await manager.views.game(gid)).status == "active":
        await manager.seats.concede(gid, "u0")
    assert (await manager.views.game(gid)).status == "finished"
    await assert_served_as_replayed(manager, gid)
    data = await manager.memory.export(gid, "a-stranger")
    assert data["complete"] and verify_record(data).ok
    assert any(m["note"] and m["by"] == "deadline" for m in data["moves"])

    # a second process (a fresh manager on the same file) serves the same, from its own replay
    other = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    await assert_served_as_replayed(other, gid)


def journalled_before_steps(store, game_id: int, upto: int | None = None) -> None:
    """The game's rows (up to move `upto`) as a store before schema version 8 wrote them: with no stored step."""
    con = sqlite3.connect(store.path)
    try:
        with con:
            con.execute("UPDATE journal SET step = NULL WHERE game_id = ? AND seq <= ?", (game_id, upto or 2**62))
    finally:
        con.close()


async def test_a_fresh_process_serves_a_long_game_without_the_engine(tmp_path, monkeypatch) -> None:
    """A 200-move game read by a process that has seen nothing of it: status, every log page and the export come
    from the rows' stored steps (no apply, no setup), and equal the record replayed from the seed."""
    store, _, manager, gid = await open_game(tmp_path, "presidential_election", players=6, seed=5)
    assert await play(manager, gid, Rng(5), 210) == 210
    counted = Applies(monkeypatch, "presidential_election")
    fresh = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    await asyncio.gather(*(status(fresh, gid) for _ in range(2)))
    _, _, pages = await fresh.memory.log_page(gid)
    for page in range(1, pages + 1):
        await fresh.memory.log_page(gid, page)
    served = await fresh.memory.export(gid, "u0")
    assert (counted.applies, counted.setups) == (0, 0)
    assert len(served["moves"]) == 210

    # the same as replaying the journal from the seed, mid-game and (a concession ends it) complete
    await assert_served_as_replayed(GameManager(store, RecordingTable(), clock=Clock(), render=False), gid)
    for seat in (await store.list_seats(gid))[1:]:
        await manager.seats.concede(gid, seat.user_id)
    assert (await manager.views.game(gid)).status == "finished"
    counted.reset()
    fresh = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    data = await fresh.memory.export(gid, "a-stranger")
    assert (counted.applies, counted.setups) == (0, 0)
    assert data == await records.build_record(store, gid)
    assert data["complete"] and verify_record(data).ok
    await store.close()


async def test_a_game_journalled_before_steps_were_kept_is_replayed_once(tmp_path, monkeypatch) -> None:
    store, _, manager, gid = await open_game(tmp_path, "presidential_election", players=4)
    await play(manager, gid, Rng(2), 60)
    journalled_before_steps(store, gid)
    counted = Applies(monkeypatch, "presidential_election")
    await records.build_record(store, gid)
    replay = counted.applies  # what replaying the journal once costs
    assert replay >= 60 and counted.setups == 1

    # a process that has read nothing of the game: four status calls at once replay the journal once, between them
    fresh = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    counted.reset()
    await asyncio.gather(*(status(fresh, gid) for _ in range(4)))
    assert (counted.applies, counted.setups) == (replay, 1)

    # then: status, every page of the log and the export replay nothing
    counted.reset()
    await status(fresh, gid)
    _, _, pages = await fresh.memory.log_page(gid)
    for page in range(1, pages + 1):
        await fresh.memory.log_page(gid, page)
    await fresh.memory.export(gid, "u0")
    assert (counted.applies, counted.setups) == (0, 0)

    # after one more move (its row keeps its step), nothing is replayed
    await play(manager, gid, Rng(3), 1)
    counted.reset()
    await status(fresh, gid)
    await fresh.memory.log_page(gid)
    await fresh.memory.export(gid, "u0")
    assert (counted.applies, counted.setups) == (0, 0)
    await assert_served_as_replayed(fresh, gid)

    # a third process replays the game once, the move after the old rows with them
    counted.reset()
    await status(GameManager(store, RecordingTable(), clock=Clock(), render=False), gid)
    last = (await store.load_journal(gid))[-1]
    assert (counted.applies, counted.setups) == (replay + len(registry.get("presidential_election").parse(last.notation)), 1)
    await store.close()


async def test_an_undo_replays_nothing_on_the_event_loop(tmp_path, monkeypatch) -> None:
    """An undo goes back to the state the move was played from (this process played it), to a state the record
    cache keeps, or to one replayed in a worker thread; never a replay on the event loop."""
    store, _, manager, gid = await open_game(tmp_path, "presidential_election", players=4)
    rng = Rng(8)
    await play(manager, gid, rng, 30)
    ruleset = registry.get("presidential_election")
    counted = Applies(monkeypatch, "presidential_election")
    on_loop: list[str] = []
    apply = ruleset.apply

    def watched(*args: Any, **kwargs: Any) -> Any:
        try:
            asyncio.get_running_loop()
            on_loop.append("apply")
        except RuntimeError:  # a worker thread
            pass
        return apply(*args, **kwargs)

    monkeypatch.setattr(ruleset, "apply", watched)
    undone = []
    for undoer in ("the mover's process", "a process whose record cache keeps the state", "a fresh process"):
        for _ in range(40):
            seat = (await manager.views.owing(gid))[0]
            user = next(s.user_id for s in await store.list_seats(gid) if s.seat == seat)
            _, _, decision = await manager.views.decision(gid, user)
            other = GameManager(store, RecordingTable(), clock=Clock(), render=False)
            if undoer == "a process whose record cache keeps the state":
                journalled_before_steps(store, gid)
                await other.memory.export(gid, "u0")  # replayed: it keeps the latest states
            before = await records.build_record(store, gid)
            await manager.games.submit(gid, user, [decision.all_options()[0].action])
            on_loop.clear()
            counted.reset()
            try:
                await (manager if undoer == "the mover's process" else other).games.undo(gid, user)
            except (ManagerError, EngineError):
                continue
            replayed = {"the mover's process": False, "a process whose record cache keeps the state": False,
                        "a fresh process": True}[undoer]
            assert (on_loop, counted.setups > 0) == ([], replayed), undoer
            assert await records.build_record(store, gid) == before
            assert await other.memory.export(gid, "u0") == before
            undone.append(undoer)
            break
    assert len(undone) == 3
    await store.close()


async def test_four_status_calls_leave_the_event_loop_free(tmp_path) -> None:
    """Twelve status calls, four at a time, cost the event loop's thread next to nothing: the work is done in a
    worker thread. Measured in CPU time of the loop's thread and of the process, not in wall time, which a busy
    machine stretches without the loop being any less free."""
    store, _, manager, gid = await open_game(tmp_path, "presidential_election", players=6, seed=5)
    await play(manager, gid, Rng(5), 150)
    await status(manager, gid)  # the game's journal is replayed once, as any read in this process would have

    loop_start, cpu_start = time.thread_time(), time.process_time()
    for _ in range(3):
        await asyncio.gather(*(status(manager, gid) for _ in range(4)))
    on_loop, cpu = time.thread_time() - loop_start, time.process_time() - cpu_start
    assert on_loop < 0.05, f"the loop's thread worked {on_loop * 1000:.0f} ms of the calls' {cpu * 1000:.0f} ms"
    assert cpu < 0.5, f"twelve status calls took {cpu * 1000:.0f} ms of CPU"
    await store.close()


async def test_a_journal_that_parts_from_the_cache_below_its_kept_states_is_replayed_from_the_setup(tmp_path) -> None:
    """Another process undid moves further back than the states the entry keeps and played on: the entry is
    rebuilt, the same as a fresh one."""
    store, _, manager, gid = await open_game(tmp_path, "campaign_trail", players=3)
    await play(manager, gid, Rng(4), 40)
    record, seats = await manager.views.game(gid), await store.list_seats(gid)
    ruleset, journal = registry.get(record.ruleset), tuple(await store.load_journal(gid))
    entry = replay_on(None, ruleset, record, seats, journal)
    assert min(entry.states) > 10
    for shorter in (journal[:10], journal[:len(journal) - 3], journal[:0]):
        again = replay_on(entry, ruleset, record, seats, shorter)
        fresh = replay_on(None, ruleset, record, seats, shorter)
        assert (again.journal, again.steps, again.initial_hash) == (fresh.journal, fresh.steps, fresh.initial_hash)
        assert again.steps == entry.steps[:len(shorter)]
    await store.close()
