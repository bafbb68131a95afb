"""Spectators: a member not seated in a game follows it by DM — each public post as it is posted,
or a daily digest — on real SQLite files with the recording table and a fake clock. Followers get public
posts only, a finished game ends every follow (with a last DM), and closed DMs never hold the game up."""
from __future__ import annotations

import pytest

from bot.policy.follow import DIGEST_PERIOD, GIVE_UP_AFTER
from bot.service import GameManager, ManagerError
from bot.store import Store
from bot.tables.recording import RecordingTable
from tests.fakeclock import Clock
from tests.service.table_games import OPENED

HOUR = 3600


async def game(tmp_path, clock: Clock, *, guild: str = "g1", start: bool = True):
    store = await Store.open(tmp_path / "s.sqlite3")
    OPENED.append(store)  # closed when the test ends (tests/service/conftest.py)
    table = RecordingTable()
    manager = GameManager(store, table, clock=clock, render=False)
    record = await manager.games.create("electioneer", "u-dem", "Dana", seat="DEM", seed=5, channel_id="c1", guild_id=guild,
                                  deadline_hours=336)  # no deadline passes in these tests' days
    await manager.games.join(record.id, "u-rep", "Remy", seat="REP")
    if start:
        await manager.games.start(record.id, "u-dem")
    return store, table, manager, record.id


async def move(manager: GameManager, game_id: int) -> None:
    """The first option of whoever owes a move."""
    seats = {s.seat: s.user_id for s in await manager.store.list_seats(game_id)}
    seat = (await manager.views.owing(game_id))[0]
    _, _, decision = await manager.views.decision(game_id, seats[seat])
    await manager.games.submit(game_id, seats[seat], decision.options[0].action.notation())


def dms(table: RecordingTable, user: str) -> list[str]:
    return [text for u, text, _ in table.follower_dms if u == user]


async def test_each_turn_a_follower_gets_every_public_post_then_the_result_and_the_follow_ends(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await game(tmp_path, clock)
    before = len(table.posts)
    follow = await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    assert follow is not None and follow.mode == "turn"
    for _ in range(4):
        await move(manager, gid)
    await manager.seats.concede(gid, "u-rep")
    posts = [p.text for p in table.posts[before:]]
    assert len(posts) >= 5 and dms(table, "u-fan") == posts  # every post since, exactly, and nothing else
    assert any("concedes" in text for text in dms(table, "u-fan")[-2:])  # the result (then the ratings)
    assert not any(b.user_id == "u-fan" for b in table.briefs)  # never a seat's brief
    assert await store.followers(gid) == []  # the game's end ended the follow
    with pytest.raises(ManagerError) as over:
        await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    assert over.value.code == "over" and "is over" in over.value.message


async def test_a_follower_of_a_lobby_gets_the_game_from_its_first_post(tmp_path) -> None:
    store, table, manager, gid = await game(tmp_path, Clock(), start=False)
    await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    await manager.games.start(gid, "u-dem")
    assert dms(table, "u-fan") == [p.text for p in table.posts] and "begins" in dms(table, "u-fan")[0]


async def test_refusals_are_specific_and_change_nothing(tmp_path) -> None:
    store, table, manager, gid = await game(tmp_path, Clock())
    cases = [
        (dict(game_id=gid, user_id="u-dem", mode="turn", guild_id="g1"), "seated", "You are seated in game"),
        (dict(game_id=999, user_id="u-fan", mode="turn", guild_id="g1"), "not_here", "No game #999 in this server"),
        (dict(game_id=gid, user_id="u-fan", mode="turn", guild_id="g2"), "not_here", f"No game #{gid} in this server"),
        (dict(game_id=gid, user_id="u-fan", mode="digest", guild_id=None), "not_here", "in its server"),
        (dict(game_id=gid, user_id="u-fan", mode="off", guild_id="g1"), "not_following", "You don't follow"),
        (dict(game_id=gid, user_id="u-fan", mode="off", guild_id=None), "not_following", "You don't follow"),
        (dict(game_id=gid, user_id="u-fan", mode="sometimes", guild_id="g1"), "bad_option", "each turn"),
    ]
    for kwargs, code, text in cases:
        gid_, user = kwargs.pop("game_id"), kwargs.pop("user_id")
        with pytest.raises(ManagerError) as refused:
            await manager.community.follow(gid_, user, **kwargs)
        assert refused.value.code == code and text in refused.value.message, (kwargs, refused.value.message)
    assert await store.followers(gid) == []
    await manager.games.abandon(gid, "u-dem")
    with pytest.raises(ManagerError) as cancelled:
        await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    assert cancelled.value.code == "over" and "cancelled" in cancelled.value.message


async def test_off_stops_the_dms_in_the_server_or_by_dm(tmp_path) -> None:
    store, table, manager, gid = await game(tmp_path, Clock())
    await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    await manager.community.follow(gid, "u-pal", "turn", guild_id="g1")
    await move(manager, gid)
    assert len(dms(table, "u-fan")) == len(dms(table, "u-pal")) == 1
    assert await manager.community.follow(gid, "u-fan", "off", guild_id="g1") is None
    assert await manager.community.follow(gid, "u-pal", "off", guild_id=None) is None  # from the DM the copies come to
    await move(manager, gid)
    assert len(dms(table, "u-fan")) == len(dms(table, "u-pal")) == 1
    assert await store.followers(gid) == []


async def test_the_daily_digest_goes_out_once_a_day_with_the_days_public_lines(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await game(tmp_path, clock)
    clock.t += 60  # the game's first post is older than the follow
    start = clock.t
    follow = await manager.community.follow(gid, "u-fan", "digest", guild_id="g1")
    assert follow.digest_due_at == start + DIGEST_PERIOD
    clock.t += HOUR
    await move(manager, gid)
    await move(manager, gid)
    day_one = [p.text for p in table.posts[-2:]]
    assert dms(table, "u-fan") == []  # nothing as it happens
    clock.t = start + DIGEST_PERIOD - 1
    await manager.sweep.run_due_jobs()
    assert dms(table, "u-fan") == []
    clock.t = start + DIGEST_PERIOD
    await manager.sweep.run_due_jobs()
    await manager.sweep.run_due_jobs()
    assert len(dms(table, "u-fan")) == 1
    digest = dms(table, "u-fan")[0].splitlines()
    assert digest[0].startswith(f"📰 Game #{gid}") and digest[1:] == [x for t in day_one for x in t.splitlines() if x.strip()]

    mark = len(table.posts)  # what the channel was told after the first digest
    # A restart (a new manager on the same file) sends nothing again; a day without moves sends nothing more
    # than the channel got (a day after the last move, the channel's stall line).
    manager = GameManager(store, table, clock=clock, render=False)
    clock.t += 60
    await manager.sweep.run_due_jobs()
    clock.t = start + 2 * DIGEST_PERIOD - 2 * HOUR
    await manager.sweep.run_due_jobs()
    assert len(dms(table, "u-fan")) == 1
    # The next digest has only what came after the last one.
    clock.t += HOUR
    await move(manager, gid)
    clock.t = start + 2 * DIGEST_PERIOD
    await manager.sweep.run_due_jobs()
    day_two = [x for p in table.posts[mark:] for x in p.text.splitlines() if x.strip()]
    assert len(dms(table, "u-fan")) == 2 and dms(table, "u-fan")[1].splitlines()[1:] == day_two


async def test_a_digest_claimed_by_a_process_that_died_goes_out_once_after_its_lease(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await game(tmp_path, clock)
    clock.t += 60  # the game's first post is older than the follow
    start = clock.t
    await manager.community.follow(gid, "u-fan", "digest", guild_id="g1")
    await move(manager, gid)
    clock.t = start + DIGEST_PERIOD
    claimed = await store.claim_digests(int(clock.t), period=DIGEST_PERIOD)  # claimed, then the process died
    assert [f.user_id for f in claimed] == ["u-fan"]
    clock.t += 10
    await move(manager, gid)  # after the span the dead claim covers: the next digest's
    manager = GameManager(store, table, clock=clock, render=False)
    await manager.sweep.run_due_jobs()
    assert dms(table, "u-fan") == []  # the claim still holds
    clock.t += 300
    await manager.sweep.run_due_jobs()
    await manager.sweep.run_due_jobs()
    assert len(dms(table, "u-fan")) == 1
    assert dms(table, "u-fan")[0].splitlines()[1:] == table.posts[-2].text.splitlines()  # the claimed span only


async def test_a_digest_follower_gets_a_last_digest_with_the_result(tmp_path) -> None:
    clock = Clock()
    store, table, manager, gid = await game(tmp_path, clock)
    await manager.community.follow(gid, "u-fan", "digest", guild_id="g1")
    clock.t += HOUR
    await move(manager, gid)
    await manager.seats.concede(gid, "u-dem")
    assert len(dms(table, "u-fan")) == 1 and "concedes" in dms(table, "u-fan")[0]
    assert table.posts[-2].text.splitlines()[0] in dms(table, "u-fan")[0]  # the move before it too
    assert await store.followers(gid) == []
    clock.t += 2 * DIGEST_PERIOD
    await manager.sweep.run_due_jobs()
    assert len(dms(table, "u-fan")) == 1


async def test_closed_dms_end_the_follow_and_never_hold_the_game(tmp_path) -> None:
    store, table, manager, gid = await game(tmp_path, Clock())
    await manager.community.follow(gid, "u-fan", "turn", guild_id="g1")
    table.unreachable.add("u-fan")
    for _ in range(GIVE_UP_AFTER):
        await move(manager, gid)
    assert await store.followers(gid) == []
    assert await store.pending_outbox() == []  # every post went out once
    posts = len(table.posts)
    await move(manager, gid)
    assert len(table.posts) == posts + 1


async def test_a_follower_who_takes_a_seat_gets_the_seats_dms_not_copies(tmp_path) -> None:
    store, table, manager, gid = await game(tmp_path, Clock())
    await manager.community.follow(gid, "u-sub", "turn", guild_id="g1")
    await manager.seats.offer_seat(gid, "u-dem", "REP", "u-sub", "Sam")
    await manager.seats.accept_seat(gid, "u-sub", "Sam")
    copies = len(dms(table, "u-sub"))
    await move(manager, gid)
    assert len(dms(table, "u-sub")) == copies
