"""A lobby opens in one store transaction: the game, its host's seat, its expiry job, its civil-disorder threshold
and its settings, or none of them. Rerun on PostgreSQL by tests/store_pg/test_open_lobby_on_pg.py."""
from __future__ import annotations

import pytest

from bot.store import NewJob, Store, StoreError, game_scope
from store_helpers import T0

LONE = "\ud800"  # half of a surrogate pair: UTF-8 cannot encode it


async def open_one(store: Store, **kw):
    args = dict(seat="DEM", display_name="Dana", guild_id="g1", channel_id="c1", deadline_hours=24,
                civil_disorder_after=5, jobs=[NewJob(kind="lobby_expiry", seat=None, due_at=T0 + 3600,
                                                     payload={"hours": 1})],
                settings=[("seed_salt", "abc")])
    args.update(kw)
    title = args.pop("title", "Friday")
    return await store.open_lobby("electioneer", {"theatrics": 3}, 42, "u-dem", title, T0, **args)


async def assert_empty(store: Store) -> None:
    assert await store.list_games() == []
    assert await store.settings(game_scope(1)) == {}
    assert await store.due_jobs(T0 * 2) == []


async def test_a_lobby_opens_with_its_host_seated_its_job_and_settings(store: Store) -> None:
    game = await open_one(store)
    assert (game.status, game.version, game.title, game.host_user, game.deadline_hours) == \
        ("lobby", 1, "Friday", "u-dem", 24)
    assert await store.get_game(game.id) == game
    assert [(s.seat, s.user_id, s.display_name, s.joined_at) for s in await store.list_seats(game.id)] == \
        [("DEM", "u-dem", "Dana", T0)]
    assert [(j.kind, j.due_at, j.payload) for j in await store.jobs_for_game(game.id)] == \
        [("lobby_expiry", T0 + 3600, {"hours": 1})]
    assert await store.civil_disorder_after(game.id) == 5
    assert await store.settings(game_scope(game.id)) == {"seed_salt": "abc"}
    # a lobby like any other: the next player joins at its version
    joined = await store.add_seat(game.id, game.version, "REP", "u-rep", "Remy", T0 + 1)
    assert joined.version == 2


async def test_a_local_lobby_needs_no_job_setting_or_threshold(store: Store) -> None:
    game = await store.open_lobby("electioneer", {}, 1, "u-dem", "Local", T0, seat="REP", display_name="Dana")
    assert [s.seat for s in await store.list_seats(game.id)] == ["REP"]
    assert await store.jobs_for_game(game.id) == [] and await store.settings(game_scope(game.id)) == {}
    assert await store.civil_disorder_after(game.id) == 3  # the schema's default


async def test_a_failure_inside_the_transaction_leaves_no_lobby(store: Store) -> None:
    # The job is written after the game and the seat; a NOT NULL violation there undoes both.
    bad = [NewJob(kind=None, seat=None, due_at=T0)]  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        await open_one(store, jobs=bad)
    await assert_empty(store)
    assert (await open_one(store)).version == 1  # and the store still works


@pytest.mark.parametrize("field", ["title", "seat", "display_name", "setting"])
async def test_a_lone_surrogate_is_refused_before_anything_is_written(store: Store, field: str) -> None:
    kw = {"title": "Friday" + LONE} if field == "title" else \
        {"settings": [("seed_salt", "abc" + LONE)]} if field == "setting" else {field: "Dana" + LONE}
    with pytest.raises(ValueError, match="lone surrogate"):
        await open_one(store, **kw)
    await assert_empty(store)


async def test_a_seat_with_a_lone_surrogate_is_refused_and_changes_nothing(store: Store) -> None:
    game = await open_one(store)
    for seat, name in (("REP" + LONE, "Remy"), ("REP", "Remy" + LONE)):
        with pytest.raises(ValueError, match="lone surrogate"):
            await store.add_seat(game.id, game.version, seat, "u-rep", name, T0 + 1)
    assert await store.get_game(game.id) == game
    assert [s.user_id for s in await store.list_seats(game.id)] == ["u-dem"]
