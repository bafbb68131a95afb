"""Reminders a player chooses and the table's pulse: offsets before a deadline, quiet hours in the
player's own time zone (one without and one with daylight saving time), none at all, never twice (restart,
pause and resume, vacation, extension, a change of choices), and the stall line once per stall — never for a
response window. The real SQLite store in tmp_path, the recording table and a fake clock."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.policy import reminders
from bot.policy.timekeeping import PAUSED_DUE, STALL_AFTER
from bot.service import GameManager
from bot.policy.reminders import ReminderError, ReminderPrefs, out_of_quiet
from bot.store import Store
from bot.tables.recording import RecordingTable
from engine import registry
from engine.core.rng import Rng
from engine.core.types import PendingKind
from tests.fakeclock import Clock

H = 3600
DAY = 86400


def utc(text: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=timezone.utc).timestamp())


async def open_game(tmp_path, clock: Clock, name: str = "t.sqlite3", prefs: dict[str, dict] | None = None,
                    **create):
    """DEM (u-dem) and REP (u-rep) in a game of Electioneer (both owe a decision from the start); `prefs`: each
    user's /reminders options, set before the game starts."""
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    for user, options in (prefs or {}).items():
        await manager.clock.set_reminders(user, **options)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=11, channel_id="c1",
                                  guild_id="g1", **create)
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    await manager.games.start(record.id, "u-dem")
    return store, table, manager, record.id


async def reopen(tmp_path, store: Store, clock: Clock, name: str = "t.sqlite3"):
    await store.close()
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    return store, table, GameManager(store, table, clock=clock, render=False)


async def reminder_dues(store: Store, gid: int, seat: str) -> list[int]:
    return sorted(j.due_at for j in await store.jobs_for_game(gid) if j.kind == "reminder" and j.seat == seat)


def reminded(table: RecordingTable, seat: str) -> int:
    return sum(1 for b in table.briefs if b.seat == seat and b.text.startswith("Reminder"))


async def fire_at(manager: GameManager, clock: Clock, at: int) -> int:
    clock.t = at
    return await manager.sweep.run_due_jobs()


# ---------------------------------------------------------------- choices, read and refused


def test_what_a_player_types_is_read_or_refused() -> None:
    assert reminders.parse_before("12h, 1h") == (12 * H, H)
    assert reminders.parse_before("90m,2d,90min") == (2 * DAY, 90 * 60)
    assert reminders.parse_before("none") == ()
    assert reminders.parse_quiet("22-08") == (22 * 60, 8 * 60)
    assert reminders.parse_quiet("22:30–7:15") == (22 * 60 + 30, 7 * 60 + 15)
    assert reminders.parse_quiet("off") is None
    assert reminders.parse_zone("europe/berlin") == "Europe/Berlin"
    for bad in ("", "12x", "-1h", "15d", "0m", "1h,,2h", "1,2,3,4,5,6,7", "１２h", "12h; DROP TABLE settings", "²h"):
        with pytest.raises(ReminderError):
            reminders.parse_before(bad)
    for bad in ("22", "25-08", "22-22", "8:60-9", "a-b", "22-08-09"):
        with pytest.raises(ReminderError):
            reminders.parse_quiet(bad)
    for bad in ("Mars/Olympus", "../../etc/passwd", "Europe/Berlin\x00", "x" * 500, ""):
        with pytest.raises(ReminderError):
            reminders.parse_zone(bad)
    assert len(reminders.zone_choices("")) == 25
    assert reminders.zone_choices("berl") == ["Europe/Berlin"]


async def test_a_bad_value_changes_nothing(tmp_path) -> None:
    store = await Store.open(tmp_path / "s.sqlite3")
    manager = GameManager(store, RecordingTable(), clock=Clock(), render=False)
    await manager.clock.set_reminders("u1", before="6h", quiet="23-07", zone="Asia/Tokyo")
    stored = await store.settings("user:u1")
    with pytest.raises(ReminderError) as refused:
        await manager.clock.set_reminders("u1", before="1h", quiet="23-07", zone="Nowhere/Atlantis")
    assert "Nowhere/Atlantis" in refused.value.message and "Nothing was changed" in refused.value.message
    with pytest.raises(ReminderError):
        await manager.clock.set_reminders("u1", before="soon")
    assert await store.settings("user:u1") == stored, "a refusal writes nothing, not even the good values"
    assert await manager.clock.reminder_settings("u1") == ReminderPrefs((6 * H,), (23 * 60, 7 * 60), "Asia/Tokyo")
    await store.close()


# ---------------------------------------------------------------- when they fire


async def test_unset_keeps_todays_single_reminder_and_chosen_offsets_fire_at_their_times(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, prefs={"u-rep": {"before": "12h,1h"}})
    assert await reminder_dues(store, gid, "DEM") == [t0 + 36 * H], "nothing chosen: a quarter of the 48 h wait"
    assert await reminder_dues(store, gid, "REP") == [t0 + 36 * H, t0 + 47 * H]

    await fire_at(manager, clock, t0 + 36 * H - 1)
    assert reminded(table, "DEM") == reminded(table, "REP") == 0
    await fire_at(manager, clock, t0 + 36 * H)
    assert reminded(table, "DEM") == 1 and reminded(table, "REP") == 1
    await fire_at(manager, clock, t0 + 47 * H - 1)
    assert reminded(table, "REP") == 1
    await fire_at(manager, clock, t0 + 47 * H)
    assert reminded(table, "REP") == 2 and reminded(table, "DEM") == 1
    await fire_at(manager, clock, t0 + 47 * H + 600)
    assert reminded(table, "REP") == 2, "each reminder once"
    await store.close()


async def test_none_means_no_reminders(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, prefs={"u-rep": {"before": "none"}})
    assert await reminder_dues(store, gid, "REP") == []
    for hour in range(1, 48):
        await fire_at(manager, clock, t0 + hour * H)
    assert reminded(table, "REP") == 0 and reminded(table, "DEM") == 1
    await store.close()


async def test_quiet_hours_in_a_zone_without_daylight_saving(tmp_path) -> None:
    """Tokyo (UTC+9 all year), quiet 22:00–08:00 there, i.e. 13:00–23:00 UTC."""
    clock = Clock(utc("2027-01-15T00:00"))  # 09:00 in Tokyo
    store, table, manager, gid = await open_game(
        tmp_path, clock, prefs={"u-rep": {"before": "12h,6h,1h", "quiet": "22-08", "zone": "Asia/Tokyo"}})
    # deadline 2027-01-17 00:00 UTC. 12 h before: 21:00 in Tokyo, kept. 6 h before: 03:00 in Tokyo, quiet: moved to
    # a minute before the quiet hours began (22:00 the evening before, 13:00 UTC). 1 h before: 08:00, their end: kept.
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-16T12:00"), utc("2027-01-16T12:59"),
                                                      utc("2027-01-16T23:00")]
    for at in await reminder_dues(store, gid, "REP"):
        await fire_at(manager, clock, at)
    assert reminded(table, "REP") == 3
    await store.close()

    # A decision that began inside the quiet hours: its reminders cannot move before it, so they wait for the end
    # of the quiet hours (08:00 in Tokyo, 23:00 UTC) — two that land there are one reminder.
    clock = Clock(utc("2027-01-15T14:00"))  # 23:00 in Tokyo
    store, table, manager, gid = await open_game(
        tmp_path, clock, name="late.sqlite3", deadline_hours=12,
        prefs={"u-rep": {"before": "10h,4h,1h", "quiet": "22-08", "zone": "Asia/Tokyo"}})
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-15T23:00"), utc("2027-01-16T01:00")]
    await store.close()


def test_a_reminder_that_fits_nowhere_is_dropped() -> None:
    quiet = (22 * 60, 8 * 60)
    began, deadline = utc("2027-01-15T14:00"), utc("2027-01-15T22:00")  # 23:00 to 07:00 in Tokyo: all quiet
    assert out_of_quiet(utc("2027-01-15T20:00"), began, deadline, quiet, "Asia/Tokyo") is None
    assert out_of_quiet(utc("2027-01-15T20:00"), began, deadline, None, "Asia/Tokyo") == utc("2027-01-15T20:00")


async def test_quiet_hours_follow_daylight_saving_time(tmp_path) -> None:
    """Berlin, quiet 22:00–08:00 there: 21:00–07:00 UTC in winter, 20:00–06:00 UTC in summer. The clocks go forward
    on 2027-03-28 at 01:00 UTC (02:00 → 03:00 in Berlin)."""
    clock = Clock(utc("2027-03-27T12:00"))
    store, table, manager, gid = await open_game(
        tmp_path, clock, prefs={"u-rep": {"before": "35h,12h", "quiet": "22-08", "zone": "Europe/Berlin"}})
    # 35 h before the deadline (2027-03-29 12:00 UTC) is 03:00 on the night of the change: the quiet hours began
    # at 22:00 winter time, 21:00 UTC. 12 h before is 02:00 summer time: they began at 22:00 summer time, 20:00 UTC.
    assert await reminder_dues(store, gid, "REP") == [utc("2027-03-27T20:59"), utc("2027-03-28T19:59")]
    await store.close()
    assert reminders.quiet_period(utc("2027-03-28T05:30"), (22 * 60, 8 * 60), "Europe/Berlin") == (
        utc("2027-03-27T21:00"), utc("2027-03-28T06:00")), "the night of the change is an hour shorter"
    assert reminders.quiet_period(utc("2027-03-28T06:00"), (22 * 60, 8 * 60), "Europe/Berlin") is None
    assert reminders.quiet_period(utc("2027-10-31T06:30"), (22 * 60, 8 * 60), "Europe/Berlin") == (
        utc("2027-10-30T20:00"), utc("2027-10-31T07:00")), "and the autumn one an hour longer"


# ---------------------------------------------------------------- never twice


async def test_a_restart_never_sends_a_reminder_twice(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, prefs={"u-rep": {"before": "12h,1h"}})
    await fire_at(manager, clock, t0 + 36 * H)
    assert reminded(table, "REP") == 1
    store, table, manager = await reopen(tmp_path, store, clock)
    await fire_at(manager, clock, t0 + 36 * H + 60)
    assert reminded(table, "REP") == 0, "the sent one is gone from the database"
    assert await reminder_dues(store, gid, "REP") == [t0 + 47 * H]
    await fire_at(manager, clock, t0 + 47 * H)
    store, table2, manager = await reopen(tmp_path, store, clock)
    await fire_at(manager, clock, t0 + 47 * H + 60)
    assert reminded(table, "REP") == 1 and reminded(table2, "REP") == 0
    await store.close()


async def test_pause_resume_vacation_and_extension_keep_each_reminder_right(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, prefs={"u-rep": {"before": "12h,1h"}})
    clock.t = t0 + 10 * H
    await manager.clock.pause(gid, "u-dem")
    frozen = [j for j in await store.jobs_for_game(gid) if j.kind == "reminder" and j.seat == "REP"]
    assert all(j.due_at == PAUSED_DUE for j in frozen)
    assert sorted(j.payload["remaining"] for j in frozen) == [26 * H, 37 * H]
    clock.t = t0 + 100 * H
    assert await manager.sweep.run_due_jobs() == 0 and reminded(table, "REP") == 0
    store, table, manager = await reopen(tmp_path, store, clock)
    resumed = int(clock.t)
    await manager.clock.resume(gid, "u-dem")
    assert await reminder_dues(store, gid, "REP") == [resumed + 26 * H, resumed + 37 * H]

    clock.t = resumed + H
    await manager.clock.vacation(gid, "u-rep", 1)  # REP's deadline and both its reminders wait a day longer
    assert await reminder_dues(store, gid, "REP") == [resumed + 26 * H + DAY, resumed + 37 * H + DAY]
    # DEM's deadline (resumed + 38 h) makes a move in the same sweep that claimed REP's reminder: the move replaces
    # the jobs, so the claimed copy is not sent; the new copy is, by the next sweep. Once.
    await fire_at(manager, clock, resumed + 26 * H + DAY)
    await fire_at(manager, clock, resumed + 26 * H + DAY + 30)
    await fire_at(manager, clock, resumed + 26 * H + DAY + 60)
    assert reminded(table, "REP") == 1

    # The first one is sent: pausing, resuming and extending again bring back only the second.
    await manager.clock.pause(gid, "u-dem")
    clock.t += 5 * H
    await manager.clock.resume(gid, "u-dem")
    deadline = next(j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline" and j.seat == "REP")
    assert await reminder_dues(store, gid, "REP") == [deadline - H]
    await manager.clock.extend(gid, "u-dem", "REP", 3)
    assert await reminder_dues(store, gid, "REP") == [deadline + 2 * H]
    await fire_at(manager, clock, deadline + 2 * H)
    await fire_at(manager, clock, deadline + 2 * H + 60)
    assert reminded(table, "REP") == 2
    await store.close()


async def test_a_resumed_reminder_steps_out_of_the_quiet_hours(tmp_path) -> None:
    clock = Clock(utc("2027-01-15T12:00"))
    store, table, manager, gid = await open_game(tmp_path, clock,
                                                 prefs={"u-rep": {"before": "2h", "quiet": "22-07", "zone": "UTC"}})
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-17T10:00")]
    await manager.clock.pause(gid, "u-dem")
    clock.t = utc("2027-01-16T02:00")
    await manager.clock.resume(gid, "u-dem")  # 48 h left: due 2027-01-18 02:00; 2 h before is quiet: moved before them
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-17T21:59")]
    await store.close()


async def test_a_change_of_choices_applies_to_running_waits_without_repeating_one(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, prefs={"u-rep": {"before": "12h,1h"}})
    await fire_at(manager, clock, t0 + 36 * H)  # the 12 h one is sent
    clock.t = t0 + 37 * H
    await manager.clock.set_reminders("u-rep", before="12h,2h")
    assert await reminder_dues(store, gid, "REP") == [t0 + 46 * H], "the 12 h one was sent: never again"
    await manager.clock.set_reminders("u-rep", before="none")
    assert await reminder_dues(store, gid, "REP") == []
    assert reminded(table, "DEM") == 1 and await reminder_dues(store, gid, "DEM") == [], "another player's: untouched"
    await manager.clock.set_reminders("u-rep", before="12h,1h")
    assert await reminder_dues(store, gid, "REP") == [t0 + 47 * H]
    await fire_at(manager, clock, t0 + 47 * H)
    assert reminded(table, "REP") == 2
    await store.close()


async def test_a_reminder_sent_early_for_the_quiet_hours_is_not_sent_again_when_they_change(tmp_path) -> None:
    """Quiet hours moved the 1 h reminder to the evening before; it is sent; the player turns the quiet hours off
    before its own time comes: it is not sent again at that time."""
    clock = Clock(utc("2027-01-15T02:00"))  # deadline 2027-01-17 02:00 UTC; 1 h before: 01:00, quiet (22-07 UTC)
    store, table, manager, gid = await open_game(tmp_path, clock,
                                                 prefs={"u-rep": {"before": "1h", "quiet": "22-07", "zone": "UTC"}})
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-16T21:59")]
    await fire_at(manager, clock, utc("2027-01-16T21:59"))
    assert reminded(table, "REP") == 1
    clock.t = utc("2027-01-16T23:00")
    await manager.clock.set_reminders("u-rep", quiet="off")
    assert await reminder_dues(store, gid, "REP") == []
    await manager.clock.set_reminders("u-rep", before="1h,30m")
    assert await reminder_dues(store, gid, "REP") == [utc("2027-01-17T01:30")], "only the new one"
    await store.close()


# ---------------------------------------------------------------- the stall line


def stall_lines(table: RecordingTable) -> list[str]:
    return [p.text for p in table.posts if p.text.startswith("⏳ Waiting on")]


async def test_the_stall_line_comes_once_a_day_after_the_last_move(tmp_path) -> None:
    clock = Clock()
    t0 = int(clock.t)
    store, table, manager, gid = await open_game(tmp_path, clock, deadline_hours=168)
    await fire_at(manager, clock, t0 + STALL_AFTER - 1)
    assert stall_lines(table) == []
    await fire_at(manager, clock, t0 + STALL_AFTER)
    assert stall_lines(table) == [f"⏳ Waiting on DEM (Dana), REP (Remy) since <t:{t0}:R>."]
    post = next(p for p in table.posts if p.text.startswith("⏳"))
    assert post.turn_line is False, "the line says whose move it is: no second 'to move' line under it"
    store, table, manager = await reopen(tmp_path, store, clock)
    for hour in range(1, 30):
        await fire_at(manager, clock, t0 + STALL_AFTER + hour * H)
    assert stall_lines(table) == [], "once per stall, restart or not"

    # A move starts a new stall from that move; a pause holds it.
    _, _, decision = await manager.views.decision(gid, "u-dem")
    moved_at = int(clock.t)
    await manager.games.submit(gid, "u-dem", decision.options[0].action.notation())
    owing = await manager.views.owing(gid)
    stall = [j for j in await store.jobs_for_game(gid) if j.kind == "stall"]
    assert [(j.due_at, j.payload["seats"]) for j in stall] == [(moved_at + STALL_AFTER, sorted(owing))]
    clock.t = moved_at + 2 * H
    await manager.clock.pause(gid, "u-dem")
    await fire_at(manager, clock, moved_at + 3 * DAY)
    assert stall_lines(table) == []
    await manager.clock.resume(gid, "u-dem")
    await fire_at(manager, clock, moved_at + 3 * DAY + 22 * H)
    names = {"DEM": "DEM (Dana)", "REP": "REP (Remy)"}
    assert stall_lines(table) == [f"⏳ Waiting on {', '.join(names[s] for s in sorted(owing))} since <t:{moved_at}:R>."]
    await store.close()


async def test_no_stall_line_for_a_response_window(tmp_path) -> None:
    """Who is asked in a response window is not the channel's to hear about: the stall line names only seats that
    owe a decision in turn, and a game waiting on a window alone gets none."""
    clock = Clock()
    store = await Store.open(tmp_path / "r.sqlite3")
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    sixty = registry.get("nineteen_sixty")
    record = await manager.games.create("nineteen_sixty", "u0", "Ken", seat="KEN", seed=3, guild_id="g1",
                                  deadline_hours=72)
    await manager.games.join(record.id, "u1", "Nix", seat="NIX")
    await manager.clock.set_deadlines(record.id, "u0", response_hours=48)
    await manager.games.start(record.id, "u0")
    rng = Rng(2)
    for _ in range(300):
        state = sixty.load_state((await store.load_snapshot(record.id)).state)
        owing = await manager.views.owing(record.id)
        if any(sixty.decisions(state, s).kind == PendingKind.RESPONSE for s in owing):
            break
        clock.t += 60
        await manager.games.bot_move(record.id, owing[0], rng)
    else:
        raise AssertionError("no response window opened")
    in_turn = [s for s in owing if sixty.decisions(state, s).kind != PendingKind.RESPONSE]
    stalls = [j for j in await store.jobs_for_game(record.id) if j.kind == "stall"]
    assert [j.payload["seats"] for j in stalls] == ([sorted(in_turn)] if in_turn else [])
    clock.t += STALL_AFTER + 60
    await manager.sweep.run_due_jobs()
    window_seats = set(owing) - set(in_turn)
    assert not any(s in line for line in stall_lines(table) for s in window_seats)
    await store.close()
