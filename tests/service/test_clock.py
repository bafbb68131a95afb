"""Time that bends: per-game turn and response-window deadlines changed mid-game, pause and
resume with the remaining time (across restarts), vacation within an allowance, extensions. The real
SQLite store in tmp_path, the recording table and a fake clock; nothing fires twice."""
from __future__ import annotations

import pytest

from bot.policy.timekeeping import PAUSED_DUE
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.errors import NotYourDecision, StaleState
from engine.core.rng import Rng
from engine.core.ruleset import replay, state_hash
from engine.core.types import PendingKind
from tests.fakeclock import Clock

H = 3600
DAY = 86400


async def open_game(tmp_path, clock: Clock, name: str = "t.sqlite3", **create):
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=11, channel_id="c1",
                                  guild_id="g1", **create)
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, table, manager, record.id


async def reopen(tmp_path, store: Store, clock: Clock, name: str = "t.sqlite3"):
    """Restart: close the database, open it again under a new manager (a new process, as far as we know)."""
    await store.close()
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    return store, table, GameManager(store, table, clock=clock, render=False)


async def jobs(store: Store, gid: int, kind: str = "deadline") -> dict[str, object]:
    return {j.seat: j for j in await store.jobs_for_game(gid) if j.kind == kind}


async def first_option(manager: GameManager, gid: int, user: str) -> str:
    _, _, decision = await manager.views.decision(gid, user)
    return decision.options[0].action.notation()


async def next_wait(manager: GameManager, clock: Clock, gid: int, seat: str) -> None:
    """Play first options, an hour apart (`seat` first when it owes), until `seat` has finished its
    decision and owes a new one."""
    users = {"DEM": "u-dem", "REP": "u-rep"}
    done = False
    for _ in range(40):
        owing = await manager.views.owing(gid)
        if seat not in owing:
            done = True
        elif done:
            return
        clock.t += H
        mover = seat if seat in owing else owing[0]
        await manager.games.submit(gid, users[mover], await first_option(manager, gid, users[mover]))
    raise AssertionError(f"{seat} never owed a new decision")


async def test_pause_and_resume_keep_the_remaining_time_across_restarts(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock)
    assert {s: j.due_at for s, j in (await jobs(store, gid)).items()} == {"DEM": t0 + 48 * H, "REP": t0 + 48 * H}

    clock.t += 10 * H
    with pytest.raises(ManagerError) as refused:
        await manager.clock.pause(gid, "u-rep", name="Remy")
    assert refused.value.code == "not_host"
    await manager.clock.pause(gid, "u-dem", name="Dana")
    assert any("⏸" in p.text and "paused by Dana" in p.text for p in table.posts)
    frozen = await store.jobs_for_game(gid)
    assert frozen and all(j.due_at == PAUSED_DUE for j in frozen)
    assert {(j.kind, j.seat): j.payload["remaining"] for j in frozen} == {
        ("deadline", "DEM"): 38 * H, ("deadline", "REP"): 38 * H, ("reminder", "DEM"): 26 * H, ("reminder", "REP"): 26 * H,
        ("stall", None): 14 * H}  # the stall line (a day after the last move) is frozen too
    with pytest.raises(ManagerError) as twice:
        await manager.clock.pause(gid, "u-dem")
    assert twice.value.code == "paused"

    # The bot restarts; days pass, far beyond the old deadlines: nothing fires while paused.
    store, table, manager = await reopen(tmp_path, store, clock)
    clock.t += 100 * H
    assert await manager.sweep.run_due_jobs() == 0
    assert await store.load_journal(gid) == [] and table.briefs == []
    # A move while paused is allowed (the clocks stay frozen): DEM moves, REP keeps its remaining time.
    await manager.games.submit(gid, "u-dem", await first_option(manager, gid, "u-dem"))
    rep = (await jobs(store, gid))["REP"]
    assert rep.due_at == PAUSED_DUE and rep.payload["remaining"] == 38 * H
    assert await manager.sweep.run_due_jobs() == 0

    store, table, manager = await reopen(tmp_path, store, clock)
    with pytest.raises(ManagerError):
        await manager.clock.resume(gid, "u-rep")
    resumed_at = int(clock.t)
    await manager.clock.resume(gid, "u-dem", name="Dana")
    assert any(p.text.startswith("▶") and "resumed by Dana" in p.text for p in table.posts)
    rep = (await jobs(store, gid))["REP"]
    assert rep.due_at == resumed_at + 38 * H and "remaining" not in rep.payload
    assert (await jobs(store, gid, "reminder"))["REP"].due_at == resumed_at + 26 * H
    with pytest.raises(ManagerError) as not_paused:
        await manager.clock.resume(gid, "u-dem")
    assert not_paused.value.code == "not_paused"

    clock.t = resumed_at + 38 * H - 1
    assert await manager.sweep.run_due_jobs() == 0
    reminders = [b for b in table.briefs if b.seat == "REP" and "Reminder" in b.text]
    assert len(reminders) == 1
    clock.t = resumed_at + 38 * H
    assert await manager.sweep.run_due_jobs() == 1
    journal = await store.load_journal(gid)
    assert journal[-1].actor == "deadline" and journal[-1].seat == "REP"
    # DEM's next decision (owed from REP's move on) has its own fresh wait: sweeping REP's deadline
    # did not delete it (job ids are never reused, migration 0003).
    assert (await jobs(store, gid))["DEM"].due_at == int(clock.t) + 48 * H
    # REP's turn had more steps: its time is up, so the following sweeps default them, each once.
    while await manager.sweep.run_due_jobs():
        pass
    journal = await store.load_journal(gid)
    assert {e.seat for e in journal if e.actor == "deadline"} == {"REP"}
    assert len({e.idem_key for e in journal}) == len(journal)
    # Nothing fires twice: not again now, nor after another restart.
    assert await manager.sweep.run_due_jobs() == 0
    store, table, manager = await reopen(tmp_path, store, clock)
    assert await manager.sweep.run_due_jobs() == 0
    assert len(await store.load_journal(gid)) == len(journal)
    assert not [b for b in table.briefs if "Reminder" in b.text]
    await store.close()


async def test_vacation_stretches_only_that_players_deadlines_within_the_allowance(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock)
    clock.t += H
    back = await manager.clock.vacation(gid, "u-rep", 3)
    assert back == t0 + H + 3 * DAY
    deadlines = await jobs(store, gid)
    assert deadlines["REP"].due_at == t0 + 48 * H + 3 * DAY
    assert deadlines["DEM"].due_at == t0 + 48 * H, "another player's deadline is not stretched"
    assert (await jobs(store, gid, "reminder"))["REP"].due_at == t0 + 36 * H + 3 * DAY
    assert any(f"REP (Remy) is away until <t:{back}:f>" in p.text for p in table.posts)

    # The allowance (14 days per player per game by default) is counted across declarations.
    with pytest.raises(ManagerError) as refused:
        await manager.clock.vacation(gid, "u-rep", 12)
    assert refused.value.code == "vacation_allowance" and "11 of 14" in refused.value.message
    assert (await jobs(store, gid))["REP"].due_at == t0 + 48 * H + 3 * DAY, "a refusal changes nothing"
    second = await manager.clock.vacation(gid, "u-rep", 1)
    assert second == back + DAY, "a second absence follows the first"
    with pytest.raises(NotYourDecision):
        await manager.clock.vacation(gid, "u-carol", 1)

    # A deadline that starts while REP is away waits the rest of the absence too; DEM's fresh ones do not.
    users = {"DEM": "u-dem", "REP": "u-rep"}
    owing_before = set(await manager.views.owing(gid))
    checked = set()
    for _ in range(40):
        clock.t += H
        owing = await manager.views.owing(gid)
        mover = "REP" if "REP" in owing else owing[0]
        await manager.games.submit(gid, users[mover], await first_option(manager, gid, users[mover]))
        now_owing = set(await manager.views.owing(gid))
        deadlines = await jobs(store, gid)
        for seat in now_owing - owing_before:
            expected = second + 48 * H if seat == "REP" else int(clock.t) + 48 * H
            assert deadlines[seat].due_at == expected, seat
            checked.add(seat)
        if checked == {"DEM", "REP"}:
            break
        owing_before = now_owing
    assert checked == {"DEM", "REP"}

    # The game's allowance is a setting: a server default of 2 days applies to a new game.
    await store.set_setting("guild:g1", "vacation_days", "2")
    store2, _, manager2, gid2 = await open_game(tmp_path, clock, name="u.sqlite3")
    await store2.set_setting("guild:g1", "vacation_days", "2")
    with pytest.raises(ManagerError):
        await manager2.clock.vacation(gid2, "u-dem", 3)
    await manager2.clock.vacation(gid2, "u-dem", 2)
    await store2.close()
    await store.close()


async def test_extend_gives_one_decision_more_time(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock)
    with pytest.raises(ManagerError) as refused:
        await manager.clock.extend(gid, "u-rep", "REP", 24)
    assert refused.value.code == "not_host"
    due = await manager.clock.extend(gid, "u-dem", "rep", 24, name="Dana")
    assert due == t0 + 72 * H
    deadlines = await jobs(store, gid)
    assert deadlines["REP"].due_at == t0 + 72 * H and deadlines["DEM"].due_at == t0 + 48 * H
    assert (await jobs(store, gid, "reminder"))["REP"].due_at == t0 + 60 * H
    assert any("Dana gave REP 24 more hours" in p.text for p in table.posts)
    # An admin (Manage Server) may extend too; a seat with no running deadline can't be extended.
    await manager.clock.extend(gid, "u-carol", "DEM", 2, admin=True)
    assert (await jobs(store, gid))["DEM"].due_at == t0 + 50 * H
    with pytest.raises(ManagerError) as nobody:
        await manager.clock.extend(gid, "u-dem", "LIB", 2)
    assert nobody.value.code == "no_deadline"

    # The extension is for this decision only: REP's next one gets the game's usual deadline.
    clock.t += H
    await manager.games.submit(gid, "u-dem", await first_option(manager, gid, "u-dem"))
    assert (await jobs(store, gid))["REP"].due_at == t0 + 72 * H, "the same wait keeps its extension"
    await next_wait(manager, clock, gid, "REP")
    assert (await jobs(store, gid))["REP"].due_at == int(clock.t) + 48 * H
    await store.close()


async def test_the_host_changes_the_deadline_mid_game(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock)
    clock.t += 10 * H
    with pytest.raises(ManagerError):
        await manager.clock.set_deadlines(gid, "u-rep", hours=24)
    await manager.clock.set_deadlines(gid, "u-dem", hours=24, name="Dana")
    assert (await manager.views.game(gid)).deadline_hours == 24
    # 10 hours already waited count: the waits end 24 h after they began.
    assert {s: j.due_at for s, j in (await jobs(store, gid)).items()} == {"DEM": t0 + 24 * H, "REP": t0 + 24 * H}
    assert {s: j.due_at for s, j in (await jobs(store, gid, "reminder")).items()} == {"DEM": t0 + 18 * H,
                                                                                        "REP": t0 + 18 * H}
    assert any("Dana set game" in p.text and "24 h per move" in p.text for p in table.posts)
    # Shortened below the time already waited: due an hour from now, not in the past.
    await manager.clock.set_deadlines(gid, "u-dem", hours=2)
    now = int(clock.t)
    assert {s: j.due_at for s, j in (await jobs(store, gid)).items()} == {"DEM": now + H, "REP": now + H}
    assert await jobs(store, gid, "reminder") == {}, "a two-hour wait has no reminder"

    # Restart: the new deadline is the game's; the next fresh wait uses it.
    store, table, manager = await reopen(tmp_path, store, clock)
    await next_wait(manager, clock, gid, "DEM")
    assert (await jobs(store, gid))["DEM"].due_at == int(clock.t) + 2 * H
    with pytest.raises(ManagerError) as bad:
        await manager.clock.set_deadlines(gid, "u-dem", hours=24 * 15)
    assert bad.value.code == "bad_option"
    await store.close()


async def test_a_response_window_gets_the_shorter_deadline(tmp_path) -> None:
    clock = Clock()
    store = await Store.open(tmp_path / "r.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    sixty = registry.get("nineteen_sixty")
    record = await manager.games.create("nineteen_sixty", "u0", "Ken", seat="KEN", seed=3, guild_id="g1")
    await manager.games.join(record.id, "u1", "Nix", seat="NIX")
    # The server's default for response windows is 6 h; this game's host sets 3 h in the lobby.
    await store.set_setting("guild:g1", "response_hours", "6")
    assert (await manager.clock.game_clock(record)).window_hours() == 6
    await manager.clock.set_deadlines(record.id, "u0", response_hours=3)
    assert (await manager.clock.game_clock(await manager.views.game(record.id))).window_hours() == 3
    await manager.games.start(record.id, "u0")
    rng = Rng(2)
    for _ in range(300):  # play until a response window opens
        state = sixty.load_state((await store.load_snapshot(record.id)).state)
        owing = await manager.views.owing(record.id)
        windows = [s for s in owing if sixty.decisions(state, s).kind == PendingKind.RESPONSE]
        if windows:
            break
        for seat, job in (await jobs(store, record.id)).items():  # turns keep the game's 48 h
            assert job.payload["window"] is False and job.payload["span"] == 48 * H
        clock.t += 60
        await manager.games.bot_move(record.id, owing[0], rng)
    else:
        raise AssertionError("no response window opened")
    seat = windows[0]
    job = (await jobs(store, record.id))[seat]
    assert job.payload["window"] is True and job.due_at == int(clock.t) + 3 * H
    # The window's deadline passes: the deadline answers for the seat, once.
    before = len(await store.load_journal(record.id))
    clock.t += 3 * H
    assert await manager.sweep.run_due_jobs() == 1
    journal = await store.load_journal(record.id)
    assert len(journal) == before + 1 and journal[-1].actor == "deadline" and journal[-1].seat == seat
    assert await manager.sweep.run_due_jobs() == 0
    await store.close()


async def test_a_deadline_claimed_just_before_a_pause_does_not_play(tmp_path) -> None:
    """A sweep claims a due deadline; the host pauses before the sweep gets the game's lock: the
    deadline move is refused as stale, and after the resume the wait fires once, when it is due."""
    clock = Clock()
    store, table, manager, gid = await open_game(tmp_path, clock)
    rep = (await jobs(store, gid))["REP"]
    clock.t = rep.due_at - 60
    await manager.clock.pause(gid, "u-dem")
    await manager.clock.resume(gid, "u-dem")  # 60 s left; now claim it as a sweep would, a minute later
    clock.t += 60
    claimed = [j for j in await store.claim_due_jobs(int(clock.t), "another-sweep") if j.kind == "deadline"]
    assert {j.seat for j in claimed} == {"DEM", "REP"}
    await manager.clock.pause(gid, "u-dem")
    electioneer = registry.get("electioneer")
    state = electioneer.load_state((await store.load_snapshot(gid)).state)
    for job in claimed:  # what run_due_jobs does with a claimed deadline
        action = electioneer.deadline_action(state, job.seat)
        with pytest.raises(StaleState):
            await manager.games.submit(gid, "", [action], actor="deadline", seat_override=job.seat, deadline_at=job.due_at)
    assert await store.load_journal(gid) == []
    clock.t += 7 * DAY
    assert await manager.sweep.run_due_jobs() == 0
    await manager.clock.resume(gid, "u-dem")
    assert await manager.sweep.run_due_jobs() == 2  # both waits had 0 s left: each fires now, once
    journal = await store.load_journal(gid)
    assert sorted((e.seat, e.actor) for e in journal) == [("DEM", "deadline"), ("REP", "deadline")]
    await store.close()


@pytest.mark.parametrize("ruleset_name", sorted(registry.RULESETS))
async def test_random_pauses_vacations_and_extensions_keep_every_journal_replayable(tmp_path, ruleset_name) -> None:
    """Every ruleset, played through the manager by the built-in bot with the clock jumping ahead, deadlines
    swept, and the host pausing, resuming, extending and changing deadlines and the players taking vacation
    at random moments: nothing fires while paused, paused jobs are all frozen and running ones are not, no
    move is journalled twice, and the journal replays to the stored state."""
    ruleset = registry.get(ruleset_name)
    clock = Clock()
    store = await Store.open(tmp_path / "fuzz.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=clock, render=False)
    seats = ruleset.seat_names(ruleset.min_seats)
    record = await manager.games.create(ruleset_name, "u0", "P0", seat=seats[0], seed=5, deadline_hours=6)
    for i, seat in enumerate(seats[1:], 1):
        await manager.games.join(record.id, f"u{i}", f"P{i}", seat=seat)
    await manager.games.start(record.id, "u0")
    users = {s.seat: s.user_id for s in await store.list_seats(record.id)}
    rng = Rng(17)
    paused = False
    for _ in range(120):
        if (await manager.views.game(record.id)).status != "active":
            break
        roll = rng.below(20)
        if roll == 0:
            await (manager.clock.resume if paused else manager.clock.pause)(record.id, "u0")
            paused = not paused
        elif roll == 1:
            await manager.clock.vacation(record.id, users[seats[rng.below(len(seats))]], 1)  # 14 days allowance: enough
        elif roll == 2 and (waited := sorted((await jobs(store, record.id)).keys())):
            await manager.clock.extend(record.id, "u0", waited[rng.below(len(waited))], 1 + rng.below(6))
        elif roll == 3:
            await manager.clock.set_deadlines(record.id, "u0", hours=1 + rng.below(12), response_hours=1 + rng.below(4))
        elif roll < 10:
            before = await store.load_journal(record.id)
            clock.t += rng.below(30) * H
            fired = await manager.sweep.run_due_jobs()
            if paused:
                assert fired == 0 and await store.load_journal(record.id) == before
        elif owing := await manager.views.owing(record.id):
            await manager.games.bot_move(record.id, owing[rng.below(len(owing))], rng)
        dues = [j.due_at for j in await store.jobs_for_game(record.id)]
        assert all((d == PAUSED_DUE) == paused for d in dues), (paused, dues)
    record = await manager.views.game(record.id)
    journal = await store.load_journal(record.id)
    assert journal, "something was played"
    assert len({e.idem_key for e in journal if e.idem_key}) == len([e for e in journal if e.idem_key])
    final_seats = [s.seat for s in await store.list_seats(record.id)]
    rebuilt = replay(ruleset, record.options, final_seats, record.seed, [(e.seat, e.notation) for e in journal])
    assert state_hash(rebuilt) == (await store.load_snapshot(record.id)).state_hash
    await store.close()
