"""Server settings: values checked before they are stored, the defaults a server sets applied to its
new games, open lobbies cancelled when nobody starts them in time (once, across a restart), and a lobby whose
host leaves handed to the next player (the last one out closes it). The real SQLite store in tmp_path, the
recording table and a fake clock."""
from __future__ import annotations

import pytest

from bot.policy import server_settings
from bot.service import GameManager
from bot.policy.server_settings import SettingError
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock

H = 3600
GUILD = "g1"


async def setup(tmp_path, clock: Clock, name: str = "s.sqlite3") -> tuple[Store, RecordingTable, GameManager]:
    store = await Store.open(tmp_path / name)
    table = RecordingTable()
    return store, table, GameManager(store, table, clock=clock, render=False)


async def lobby(manager: GameManager, host: str = "u-dem", guild: str | None = GUILD, ruleset: str = "electioneer",
                **create) -> int:
    seat = "DEM" if ruleset == "electioneer" else None
    record = await manager.games.create(ruleset, host, "Dana", seat=seat, seed=5, guild_id=guild, channel_id="c1", **create)
    return record.id


@pytest.mark.parametrize(("key", "value"), [
    ("deadline_hours", 0), ("deadline_hours", 337), ("deadline_hours", -5), ("deadline_hours", "48"),
    ("deadline_hours", True), ("response_hours", 10_000), ("civil_disorder_after", 101), ("civil_disorder_after", -1),
    ("vacation_days", 366), ("lobby_expiry_hours", 0), ("lobby_expiry_hours", 721), ("threads", "yes"),
    ("threads", 1), ("games_channel", "<#123>"), ("games_channel", "12 OR 1=1"), ("organizer_role", "@everyone"),
    ("organizer_role", "9" * 21), ("no_such_setting", 5), ("'; DROP TABLE settings; --", 1),
])
async def test_a_bad_value_is_refused_and_changes_nothing(tmp_path, key, value) -> None:
    store, _, manager = await setup(tmp_path, Clock())
    await manager.community.set_server_setting(GUILD, "deadline_hours", 24)
    before = await store.settings("guild:g1")
    with pytest.raises(SettingError) as refused:
        await manager.community.set_server_setting(GUILD, key, value)
    assert refused.value.message and len(refused.value.message) < 300
    assert await store.settings("guild:g1") == before
    await store.close()


async def test_good_values_are_stored_shown_and_reset(tmp_path) -> None:
    store, _, manager = await setup(tmp_path, Clock())
    fresh = await manager.community.server_settings(GUILD)
    assert (fresh.deadline_hours, fresh.response_hours, fresh.civil_disorder_after, fresh.lobby_expiry_hours,
            fresh.vacation_days, fresh.threads, fresh.games_channel, fresh.organizer_role) == (48, 12, 3, 72, 14, False,
                                                                                               None, None)
    assert all("*(default)*" in line for line in server_settings.lines(fresh))
    await manager.community.set_server_setting(GUILD, "deadline_hours", 336)
    await manager.community.set_server_setting(GUILD, "civil_disorder_after", 0)
    await manager.community.set_server_setting(GUILD, "threads", True)
    await manager.community.set_server_setting(GUILD, "games_channel", "123456789012345678")
    now = await manager.community.set_server_setting(GUILD, "organizer_role", 987654321)
    assert (now.deadline_hours, now.civil_disorder_after, now.threads, now.games_channel, now.organizer_role) == (
        336, 0, True, "123456789012345678", "987654321")
    shown = "\n".join(server_settings.lines(now))
    assert "336 h (default: 48 h)" in shown and "<#123456789012345678>" in shown and "Civil disorder** (`civil_disorder_after`): off" in shown
    # another server is untouched
    assert (await manager.community.server_settings("g2")).deadline_hours == 48
    after = await manager.community.reset_server_setting(GUILD, "deadline_hours")
    assert after.deadline_hours == 48 and "deadline_hours" not in after.changed
    with pytest.raises(SettingError):
        await manager.community.reset_server_setting(GUILD, "nonsense")
    # a hand-edited, unreadable row reads as the default, never as a zero wait
    await store.set_setting("guild:g1", "response_hours", "soon")
    assert (await manager.community.server_settings(GUILD)).response_hours == 12
    await store.close()


async def test_new_games_get_the_servers_defaults(tmp_path) -> None:
    clock = Clock()
    store, _, manager = await setup(tmp_path, clock)
    before = await lobby(manager)  # made before the change: keeps its own values
    await manager.community.set_server_setting(GUILD, "deadline_hours", 6)
    await manager.community.set_server_setting(GUILD, "response_hours", 2)
    await manager.community.set_server_setting(GUILD, "civil_disorder_after", 5)
    gid = await lobby(manager)
    record = await manager.views.game(gid)
    assert record.deadline_hours == 6
    assert await store.civil_disorder_after(gid) == 5
    assert (await manager.clock.game_clock(record)).window_hours() == 2
    assert (await manager.views.game(before)).deadline_hours == 48 and await store.civil_disorder_after(before) == 3
    # the host's own choice wins over the server's default; another server keeps the built-in one
    assert (await manager.views.game(await lobby(manager, host="u-x", deadline_hours=30))).deadline_hours == 30
    other = await lobby(manager, host="u-y", guild="g2")
    assert (await manager.views.game(other)).deadline_hours == 48 and await store.civil_disorder_after(other) == 3
    # the started game's first deadlines are the server's 6 h
    await manager.games.join(gid, "u-rep", "Remy", seat="REP")
    await manager.games.start(gid, "u-dem")
    dues = [j.due_at for j in await store.jobs_for_game(gid) if j.kind == "deadline"]
    assert dues and all(d == int(clock.t) + 6 * H for d in dues)
    await store.close()


async def test_an_unstarted_lobby_expires_once_even_across_a_restart(tmp_path) -> None:
    clock = Clock()
    store, table, manager = await setup(tmp_path, clock)
    await manager.community.set_server_setting(GUILD, "lobby_expiry_hours", 10)
    gid = await lobby(manager)
    started = await lobby(manager, host="u-s")
    await manager.games.join(started, "u-t", "Tess", seat="REP")
    await manager.games.start(started, "u-s")
    clock.t += 10 * H - 1
    await manager.sweep.run_due_jobs()
    assert (await manager.views.game(gid)).status == "lobby"
    clock.t += 1
    # A restart just before the sweep: the job is in the database, not in memory.
    await store.close()
    store, table, manager = await setup(tmp_path, clock)
    await manager.sweep.run_due_jobs()
    assert (await manager.views.game(gid)).status == "abandoned"
    notices = [p.text for p in table.posts if p.game.id == gid]
    assert len(notices) == 1 and "not started within 10 h" in notices[0]
    # Another restart and later sweeps fire nothing again; the started game was never touched.
    await store.close()
    store, table, manager = await setup(tmp_path, clock)
    clock.t += 100 * H
    await manager.sweep.run_due_jobs()
    await manager.sweep.run_due_jobs()
    assert not [p for p in table.posts if p.game.id == gid]
    assert not [j for j in await store.jobs_for_game(gid)]
    assert (await manager.views.game(started)).status == "active"
    assert all(j.kind != server_settings.LOBBY_EXPIRY_JOB for j in await store.jobs_for_game(started))
    await store.close()


async def test_the_expiry_is_the_servers_setting_when_the_lobby_opened(tmp_path) -> None:
    clock = Clock()
    store, _, manager = await setup(tmp_path, clock)
    gid = await lobby(manager)  # the default 72 h
    clock.t += 71 * H
    await manager.sweep.run_due_jobs()
    assert (await manager.views.game(gid)).status == "lobby"
    clock.t += H
    await manager.sweep.run_due_jobs()
    assert (await manager.views.game(gid)).status == "abandoned"
    await store.close()


async def test_the_host_who_leaves_hands_the_lobby_on_and_the_last_one_closes_it(tmp_path) -> None:
    clock = Clock()
    store, table, manager = await setup(tmp_path, clock)
    gid = await lobby(manager, ruleset="presidential_election")  # up to 6 players
    clock.t += 1
    await manager.games.join(gid, "u-rep", "Remy")
    clock.t += 1
    await manager.games.join(gid, "u-lib", "Lee")
    # Not the host: nobody is told, the host stays.
    await manager.seats.leave(gid, "u-lib")
    assert (await manager.views.game(gid)).host_user == "u-dem" and not table.posts
    await manager.games.join(gid, "u-lib", "Lee")
    await manager.seats.leave(gid, "u-dem")
    record = await manager.views.game(gid)
    assert record.host_user == "u-rep" and record.status == "lobby"
    (notice,) = [p.text for p in table.posts]
    assert "Remy" in notice and "hosts it now" in notice
    # The new host may start; the next in line takes over if they leave instead.
    await manager.seats.leave(gid, "u-rep")
    assert (await manager.views.game(gid)).host_user == "u-lib"
    await manager.seats.leave(gid, "u-lib")
    record = await manager.views.game(gid)
    assert record.status == "abandoned"
    assert "closed" in table.posts[-1].text
    assert not await store.jobs_for_game(gid)  # no expiry left to fire on a closed lobby
    await store.close()


async def test_the_new_host_can_start(tmp_path) -> None:
    store, _, manager = await setup(tmp_path, Clock())
    gid = await lobby(manager, ruleset="presidential_election")
    await manager.games.join(gid, "u-rep", "Remy")
    await manager.games.join(gid, "u-lib", "Lee")
    await manager.seats.leave(gid, "u-dem")
    await manager.games.start(gid, "u-rep")
    assert (await manager.views.game(gid)).status == "active"
    await store.close()
