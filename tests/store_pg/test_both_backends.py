"""The store methods beyond tests/store/test_store_api.py (seats changing hands, the clock, ratings,
claims and delivery, lobbies), each test run on SQLite and on PostgreSQL with the same expectations:
the two backends are one contract."""
from __future__ import annotations

import pytest

from bot.store import (
    AlreadySeated,
    GameTime,
    NewJob,
    NewMessage,
    NotFound,
    NotSeated,
    RatingChange,
    SeatHolder,
    SeatOffer,
    Store,
    Vacation,
    VersionConflict,
    WrongStatus,
)
from store_helpers import T0, make_active, make_lobby, move, state


@pytest.fixture(params=["sqlite", "postgres"])
async def any_store(request, tmp_path):
    if request.param == "sqlite":
        s = await Store.open(tmp_path / "store.sqlite3")
    else:
        from bot.store import PgStore

        s = await PgStore.open(request.getfixturevalue("pg_url"))
    yield s
    await s.close()


# ---------------------------------------------------------------- seats changing hands


async def test_hand_over_seat_history_and_offers(any_store) -> None:
    s = any_store
    g = await make_active(s)
    c = await move(s, g, 1)
    await s.offer_seat(g.id, "DEM", "u-new", "NEW", "u-rep", T0 + 1)
    await s.offer_seat(g.id, "DEM", "u-new2", "NEW2", "u-rep", T0 + 2)  # replaces the first offer of DEM
    await s.offer_seat(g.id, "REP", "u-new2", "NEW2", "u-dem", T0 + 3)
    assert await s.seat_offers(game_id=g.id) == [SeatOffer(g.id, "DEM", "u-new2", "NEW2", "u-rep", T0 + 2),
                                                 SeatOffer(g.id, "REP", "u-new2", "NEW2", "u-dem", T0 + 3)]
    assert [o.seat for o in await s.seat_offers(user_id="u-new2")] == ["DEM", "REP"]
    with pytest.raises(NotFound):
        await s.offer_seat(g.id, "GRN", "x", "X", "u-dem", T0)
    await s.set_seat_prefs(g.id, "DEM", {"auto_pass": True})
    await s.set_seat_dm_ok(g.id, "DEM", True)
    assert await s.note_missed_deadline(g.id, "DEM", T0 + 50) == 1
    with pytest.raises(AlreadySeated):  # u-rep holds REP
        await s.hand_over_seat(g.id, c.version, "DEM", user_id="u-rep", display_name="R", controller="human",
                               reason="swap", now=T0 + 9)
    with pytest.raises(VersionConflict):
        await s.hand_over_seat(g.id, g.version, "DEM", user_id="u-new2", display_name="NEW2", controller="human",
                               reason="offer", now=T0 + 9)
    after = await s.hand_over_seat(g.id, c.version, "DEM", user_id="u-new2", display_name="NEW2", controller="human",
                                   reason="offer", now=T0 + 200,
                                   outbox=[NewMessage(audience="public", kind="text", payload={"t": "new holder"})])
    assert (after.version, after.updated_at) == (c.version + 1, T0 + 200)
    dem = {x.seat: x for x in await s.list_seats(g.id)}["DEM"]
    assert (dem.user_id, dem.display_name, dem.controller, dem.missed_deadlines, dem.dm_ok, dem.prefs) == (
        "u-new2", "NEW2", "human", 0, None, {})
    assert await s.seat_offers(game_id=g.id) == []  # DEM's offer and the new holder's other offers are gone
    assert await s.seat_history(g.id) == [SeatHolder(g.id, "DEM", 0, "u-dem", "U-DEM", "human", "start", T0),
                                          SeatHolder(g.id, "DEM", 1, "u-new2", "NEW2", "human", "offer", T0 + 200)]
    assert (await s.outbox_for_game(g.id))[-1].created_seq == 1
    # The bot takes the seat and gives it back: the user stays, the controller changes.
    bot = await s.hand_over_seat(g.id, after.version, "DEM", user_id="u-new2", display_name="NEW2", controller="bot",
                                 reason="civil disorder", now=T0 + 300)
    assert await s.games_with_bot_seats() == [g.id]
    await s.hand_over_seat(g.id, bot.version, "DEM", user_id="u-new2", display_name="NEW2", controller="human",
                           reason="back", now=T0 + 400)
    assert await s.games_with_bot_seats() == []
    assert [h.reason for h in await s.seat_history(g.id)] == ["start", "offer", "civil disorder", "back"]
    await s.offer_seat(g.id, "REP", "u-x", "X", "u-dem", T0 + 5)
    assert await s.withdraw_offer(g.id, "REP", "someone else") is False
    assert await s.withdraw_offer(g.id, "REP", "u-x") is True
    assert await s.withdraw_offer(g.id, "REP") is False


async def test_missed_deadlines_count_once_per_deadline(any_store) -> None:
    s = any_store
    g = await make_active(s)
    assert await s.note_missed_deadline(g.id, "REP", T0 + 10) == 1
    assert await s.note_missed_deadline(g.id, "REP", T0 + 10) == 1  # the same deadline again (a crash, a replay)
    assert await s.note_missed_deadline(g.id, "REP", T0 + 20) == 2
    await s.reset_missed_deadlines(g.id, "REP")
    assert {x.seat: x.missed_deadlines for x in await s.list_seats(g.id)} == {"DEM": 0, "REP": 0}
    assert await s.note_missed_deadline(g.id, "REP", T0 + 20) == 1  # counted again after a reset
    with pytest.raises(NotFound):
        await s.note_missed_deadline(g.id, "GRN", T0)
    assert await s.civil_disorder_after(g.id) == 3
    await s.set_civil_disorder_after(g.id, 0)
    assert await s.civil_disorder_after(g.id) == 0
    with pytest.raises(ValueError):
        await s.set_civil_disorder_after(g.id, 101)
    with pytest.raises(NotFound):
        await s.civil_disorder_after(999)
    with pytest.raises(NotFound):
        await s.set_civil_disorder_after(999, 1)


async def test_start_game_renames_seats_even_as_a_swap(any_store) -> None:
    s = any_store
    lobby = await make_lobby(s)
    text, digest = state(0)
    await s.start_game(lobby.id, lobby.version, text, digest, T0 + 10, renames={"DEM": "REP", "REP": "DEM"})
    assert {x.seat: x.user_id for x in await s.list_seats(lobby.id)} == {"REP": "u-dem", "DEM": "u-rep"}


# ---------------------------------------------------------------- the clock


async def test_retime_game_and_game_time(any_store) -> None:
    s = any_store
    g = await make_active(s)
    assert await s.game_time(g.id) == GameTime(g.id)
    paused = await s.retime_game(g.id, g.version, T0 + 30, deadline_hours=12,
                                 time={"paused_at": T0 + 30, "paused_by": "u-dem", "response_hours": 6},
                                 vacation=Vacation("REP", T0 + 40, T0 + 90),
                                 jobs=[NewJob(kind="deadline", seat="DEM", due_at=T0 * 2, payload={"remaining": 99})],
                                 outbox=[NewMessage(audience="public", kind="text", payload={"t": "paused"})])
    assert (paused.version, paused.deadline_hours, paused.updated_at) == (g.version + 1, 12, T0 + 30)
    assert await s.game_time(g.id) == GameTime(g.id, 6, None, T0 + 30, "u-dem", (Vacation("REP", T0 + 40, T0 + 90),))
    assert [(j.due_at, j.payload) for j in await s.jobs_for_game(g.id)] == [(T0 * 2, {"remaining": 99})]
    resumed = await s.retime_game(g.id, paused.version, T0 + 60, time={"paused_at": None, "paused_by": None}, jobs=[])
    assert (await s.game_time(g.id)).paused_at is None and await s.jobs_for_game(g.id) == []
    with pytest.raises(VersionConflict):
        await s.retime_game(g.id, paused.version, T0 + 70)
    with pytest.raises(ValueError):
        await s.retime_game(g.id, resumed.version, T0 + 70, time={"nonsense": 1})
    lobby = await make_lobby(s)
    with pytest.raises(WrongStatus):
        await s.retime_game(lobby.id, lobby.version, T0)
    await s.retime_game(lobby.id, lobby.version, T0, statuses=("lobby",), time={"vacation_days": 3})
    assert (await s.game_time(lobby.id)).vacation_days == 3


# ---------------------------------------------------------------- ratings


def _settle(game, seats, journal, current):
    """A pure stand-in for bot/policy/ratings.py: the first seat wins; +1 mu to the winner, -1 to the others."""
    changes = []
    for rank, seat in enumerate(seats, start=1):
        before = current.get(seat.user_id)
        mu, sigma = (before.mu, before.sigma) if before else (25.0, 8.0)
        delta = 1.0 if rank == 1 else -1.0
        changes.append(RatingChange(0, seat.user_id, seat.display_name, seat.seat, rank, rank == 1, mu, sigma,
                                    mu + delta, sigma * 0.9, 0))
    return changes, [NewMessage(audience="public", kind="text", payload={"rated": len(journal)})]


async def test_rating_a_finished_game_once(any_store) -> None:
    s = any_store
    games = []
    for i in range(2):
        g = await make_active(s)
        c = await move(s, g, 1, status="finished", result={"winners": ["DEM"]}, now=T0 + 500 + i)
        games.append(g.id)
    live = await make_active(s)
    assert await s.unrated_games() == games
    assert await s.rate_game(live.id, T0 + 600, _settle) is None  # not finished
    changes = await s.rate_game(games[0], T0 + 600, _settle)
    assert [(ch.user_id, ch.rank, ch.won, ch.mu_after, ch.game_id, ch.at) for ch in changes] == [
        ("u-dem", 1, True, 26.0, games[0], T0 + 600), ("u-rep", 2, False, 24.0, games[0], T0 + 600)]
    assert await s.rate_game(games[0], T0 + 601, _settle) is None  # rated once
    assert await s.unrated_games() == [games[1]]
    await s.rate_game(games[1], T0 + 700, _settle)
    dem = await s.player_ratings("g1", "u-dem")
    assert [(r.ruleset, r.mu, r.games, r.wins, r.name) for r in dem] == [("electioneer", 27.0, 2, 2, "U-DEM")]
    assert sorted((r.user_id, r.mu) for r in await s.ruleset_ratings("g1", "electioneer", min_games=2)) == [
        ("u-dem", 27.0), ("u-rep", 23.0)]
    assert await s.ruleset_ratings("g1", "electioneer", min_games=3) == []
    hist = await s.rating_history("g1", "electioneer", "u-rep", limit=5)
    assert [(h.game_id, h.mu_before, h.mu_after, h.won, h.name) for h in hist] == [
        (games[0], 25.0, 24.0, False, "U-REP"), (games[1], 24.0, 23.0, False, "U-REP")]
    assert [h.game_id for h in await s.rating_history("g1", "electioneer", "u-rep", limit=1)] == [games[1]]
    assert (await s.outbox_for_game(games[0]))[-1].payload == {"rated": 1}
    assert c.seq == 1


# ---------------------------------------------------------------- jobs and delivery


async def test_claims_lease_and_job_to_outbox(any_store) -> None:
    s = any_store
    g = await make_active(s)  # a deadline at T0+3600
    await s.add_job(g.id, NewJob(kind="reminder", seat="REP", due_at=T0 + 100, payload={"n": 1}), T0 + 11)
    with pytest.raises(NotFound):
        await s.add_job(999, NewJob(kind="x", due_at=T0), T0)
    first = await s.claim_due_jobs(T0 + 4000, "a", lease_seconds=60)
    assert [(j.kind, j.due_at) for j in first] == [("reminder", T0 + 100), ("deadline", T0 + 3600)]
    assert await s.claim_due_jobs(T0 + 4000, "b") == []  # leased to a
    assert [j.id for j in await s.claim_due_jobs(T0 + 4060, "b", limit=1)] == [first[0].id]  # a's lease ran out
    msg = NewMessage(audience="seat:REP", kind="reminder", payload={"n": 1})
    assert await s.job_to_outbox(first[0].id, g.id, msg, "remind-1", T0 + 4061) is True
    assert await s.job_to_outbox(first[0].id, g.id, msg, "remind-1", T0 + 4062) is False  # fired twice: one row
    rows = [o for o in await s.outbox_for_game(g.id) if o.kind == "reminder"]
    assert [(o.audience, o.created_seq, o.payload) for o in rows] == [("seat:REP", 0, {"n": 1})]
    assert [j.id for j in await s.jobs_for_game(g.id)] == [first[1].id]


async def test_outbox_heads_retries_holds_and_release(any_store) -> None:
    s = any_store
    a, b = await make_active(s), await make_active(s)
    ca = await move(s, a, 1, outbox=[NewMessage(audience="public", kind="board", payload={"n": n}) for n in range(2)])
    heads = await s.outbox_heads(T0)
    a_first = heads[0]
    assert [(h.game_id, h.created_seq) for h in heads] == [(a.id, 0), (b.id, 0)]  # one row per game, oldest first
    await s.defer_outbox(a_first.id, T0 + 1, T0 + 60, "discord said no" * 50)
    assert [h.game_id for h in await s.outbox_heads(T0 + 59)] == [b.id]  # a waits out its backoff alone
    again = await s.outbox_heads(T0 + 60)
    assert [(h.id, h.attempts, h.first_failed_at) for h in again if h.game_id == a.id] == [(a_first.id, 1, T0 + 1)]
    assert await s.hold_delivery(a.id, T0 + 70) is True
    assert await s.hold_delivery(a.id, T0 + 71) is False
    assert (await s.get_game(a.id)).delivery_held_at == T0 + 70
    assert [h.game_id for h in await s.outbox_heads(T0 + 999)] == [b.id]
    assert await s.release_delivery(a.id) == 3
    head = [h for h in await s.outbox_heads(T0 + 80) if h.game_id == a.id][0]
    assert (head.id, head.attempts, head.first_failed_at) == (a_first.id, 0, None)
    assert await s.mark_sent([head.id, head.id], T0 + 81) == 1
    assert [h.id for h in await s.outbox_heads(T0 + 82) if h.game_id == a.id] == [ca.outbox_ids[0]]


# ---------------------------------------------------------------- lobbies


async def test_leave_lobby_hands_over_or_closes(any_store) -> None:
    s = any_store
    g = await make_lobby(s)  # host u-dem
    await s.add_job(g.id, NewJob(kind="lobby_expiry", due_at=T0 + 999), T0)
    with pytest.raises(NotSeated):
        await s.leave_lobby(g.id, g.version, "stranger", T0 + 5)
    g2 = await s.leave_lobby(g.id, g.version, "u-dem", T0 + 5, new_host="u-rep",
                             outbox=[NewMessage(audience="public", kind="text", payload={"t": "host left"})])
    assert (g2.host_user, g2.status, g2.version, g2.updated_at) == ("u-rep", "lobby", g.version + 1, T0 + 5)
    assert [x.user_id for x in await s.list_seats(g.id)] == ["u-rep"]
    with pytest.raises(VersionConflict):
        await s.leave_lobby(g.id, g.version, "u-rep", T0 + 6, close=True)
    g3 = await s.leave_lobby(g.id, g2.version, "u-rep", T0 + 6, close=True)
    assert g3.status == "abandoned" and await s.jobs_for_game(g.id) == [] and await s.list_seats(g.id) == []
    assert [o.payload for o in await s.outbox_for_game(g.id)] == [{"t": "host left"}]


# ---------------------------------------------------------------- spectators (migration 0006)


async def test_followers_and_their_daily_digest(any_store) -> None:
    s = any_store
    g = await make_active(s)
    f = await s.follow(g.id, "u-fan", "digest", T0, T0 + 100)
    assert (f.mode, f.digest_from, f.digest_due_at, f.failures) == ("digest", T0, T0 + 100, 0)
    await s.follow(g.id, "u-two", "turn", T0 + 1, None)
    assert [x.user_id for x in await s.followers(g.id)] == ["u-fan", "u-two"]
    assert await s.note_follow_delivery(g.id, "u-two", False) == 1
    assert await s.note_follow_delivery(g.id, "u-two", False) == 2
    assert await s.note_follow_delivery(g.id, "u-two", True) == 0
    assert await s.claim_digests(T0 + 99) == []
    (claimed,) = await s.claim_digests(T0 + 150, lease_seconds=60, period=100)
    assert (claimed.digest_to, claimed.digest_due_at) == (T0 + 150, T0 + 200)
    assert await s.claim_digests(T0 + 160) == [], "claimed, its lease running"
    (again,) = await s.claim_digests(T0 + 211, lease_seconds=60, period=100)  # the sender died: same span
    assert again.digest_to == T0 + 150
    assert await s.digest_done(g.id, "u-fan", T0 + 150) is True
    assert await s.digest_done(g.id, "u-fan", T0 + 150) is False
    assert (await s.followers(g.id))[0].digest_from == T0 + 150
    assert await s.public_posts(g.id, T0, T0 + 1000) == []
    assert await s.public_posts_pending(g.id, 0) >= 0
    assert await s.unfollow(g.id, "u-two") is True and await s.unfollow(g.id, "u-two") is False
    assert await s.clear_followers(g.id) == 1 and await s.followers(g.id) == []
