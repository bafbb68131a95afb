"""Every Store call on a real SQLite file: results, typed errors, one-transaction atomicity."""
from __future__ import annotations

import dataclasses
import json
import sqlite3

import pytest

from bot.store import (
    AlreadySeated,
    DuplicateMove,
    GameRecord,
    JobRecord,
    JournalEntry,
    MoveCommit,
    NewJob,
    NewMessage,
    NotFound,
    NotSeated,
    OutboxRecord,
    SeatRecord,
    SeatTaken,
    Snapshot,
    Store,
    StoreClosed,
    StoreError,
    VersionConflict,
    WrongStatus,
)
from store_helpers import T0, make_active, make_lobby, move, state

# ---------------------------------------------------------------- games and lobby


async def test_create_and_get_game(store: Store) -> None:
    g = await store.create_game("electioneer", {"theatrics": 2, "nested": {"a": [1, 2]}}, 2**63 - 1, "host", "Title",
                                T0, guild_id="g", channel_id="c", deadline_hours=24)
    assert isinstance(g, GameRecord)
    assert (g.status, g.version, g.created_at, g.updated_at, g.thread_id, g.result) == ("lobby", 0, T0, T0, None, None)
    assert g.options == {"theatrics": 2, "nested": {"a": [1, 2]}} and g.seed == 2**63 - 1 and g.deadline_hours == 24
    assert await store.get_game(g.id) == g
    assert await store.get_game(g.id + 1) is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.status = "active"  # type: ignore[misc]


async def test_create_game_rejects_bad_input_before_touching_the_db(store: Store) -> None:
    with pytest.raises(ValueError):
        await store.create_game("r", {}, 2**64, "h", "t", T0)  # seed must fit in 64 bits
    with pytest.raises(ValueError):
        await store.create_game("r", {"x": float("nan")}, 1, "h", "t", T0)  # not JSON
    with pytest.raises(ValueError):
        await store.create_game("r", {}, 1, "h", "t", T0, deadline_hours=0)
    with pytest.raises(TypeError):
        await store.create_game("r", {}, 1, "h", "t", 1.5)  # times are integer seconds
    assert await store.list_games() == []


async def test_list_games_filters(store: Store) -> None:
    a = await make_lobby(store, guild_id="g1", channel_id="c1")
    b = await make_active(store, guild_id="g1", channel_id="c2", seats=(("DEM", "u-x"), ("REP", "u-dem")))
    c = await store.create_game("electioneer", {}, 1, "u-z", "other guild", T0, guild_id="g2", channel_id="c3")
    ids = lambda games: [g.id for g in games]  # noqa: E731
    assert ids(await store.list_games()) == [a.id, b.id, c.id]
    assert ids(await store.list_games(status="lobby")) == [a.id, c.id]
    assert ids(await store.list_games(status=["active", "finished"])) == [b.id]
    assert await store.list_games(status=[]) == []
    assert ids(await store.list_games(guild_id="g1")) == [a.id, b.id]
    assert ids(await store.list_games(channel_id="c2")) == [b.id]
    assert ids(await store.list_games(user_id="u-dem")) == [a.id, b.id]
    assert ids(await store.list_games(user_id="u-dem", status="active", guild_id="g1")) == [b.id]
    assert await store.list_games(user_id="nobody") == []
    await store.set_thread(b.id, "t9")
    assert ids(await store.list_games(thread_id="t9")) == [b.id]
    with pytest.raises(ValueError):
        await store.list_games(status="paused")


async def test_set_thread_keeps_the_version(store: Store) -> None:
    g = await make_lobby(store)
    await store.set_thread(g.id, "thread-1")
    after = await store.get_game(g.id)
    assert after.thread_id == "thread-1" and after.version == g.version
    with pytest.raises(NotFound):
        await store.set_thread(999, "t")


async def test_update_lobby(store: Store) -> None:
    g = await make_lobby(store)
    up = await store.update_lobby(g.id, g.version, options={"theatrics": 1}, deadline_hours=12, title="New", now=T0 + 5)
    assert (up.options, up.deadline_hours, up.title, up.version, up.updated_at) == (
        {"theatrics": 1}, 12, "New", g.version + 1, T0 + 5)
    assert await store.get_game(g.id) == up
    # Only what is given changes; without `now`, updated_at stays.
    up2 = await store.update_lobby(g.id, up.version, title="Newer")
    assert (up2.options, up2.deadline_hours, up2.title, up2.updated_at) == ({"theatrics": 1}, 12, "Newer", T0 + 5)
    with pytest.raises(VersionConflict) as exc:
        await store.update_lobby(g.id, g.version, title="stale")
    assert (exc.value.expected, exc.value.actual) == (g.version, up2.version)
    with pytest.raises(NotFound):
        await store.update_lobby(999, 0, title="x")
    with pytest.raises(ValueError):
        await store.update_lobby(g.id, up2.version, deadline_hours=0)
    active = await make_active(store)
    with pytest.raises(WrongStatus):
        await store.update_lobby(active.id, active.version, title="too late")


# ---------------------------------------------------------------- seats


async def test_seats_join_leave_and_errors(store: Store) -> None:
    g = await store.create_game("electioneer", {}, 1, "host", "t", T0)
    g1 = await store.add_seat(g.id, 0, "DEM", "host", "Host", T0 + 1)
    assert (g1.version, g1.updated_at) == (1, T0 + 1)
    with pytest.raises(SeatTaken) as taken:
        await store.add_seat(g.id, 1, "DEM", "other", "Other", T0 + 2)
    assert taken.value.holder == "host"
    with pytest.raises(AlreadySeated) as already:
        await store.add_seat(g.id, 1, "REP", "host", "Host", T0 + 2)
    assert already.value.seat == "DEM"
    with pytest.raises(VersionConflict):
        await store.add_seat(g.id, 0, "REP", "other", "Other", T0 + 2)
    with pytest.raises(NotFound):
        await store.add_seat(999, 0, "REP", "other", "Other", T0 + 2)
    g2 = await store.add_seat(g.id, 1, "REP", "other", "Other", T0 + 2)
    seats = await store.list_seats(g.id)
    assert seats == [SeatRecord(g.id, "DEM", "host", "Host", T0 + 1, None, {}),
                     SeatRecord(g.id, "REP", "other", "Other", T0 + 2, None, {})]
    with pytest.raises(NotSeated):
        await store.remove_seat(g.id, g2.version, "stranger")
    g3 = await store.remove_seat(g.id, g2.version, "host", now=T0 + 3)
    assert (g3.version, g3.updated_at) == (3, T0 + 3)
    assert [s.user_id for s in await store.list_seats(g.id)] == ["other"]
    with pytest.raises(VersionConflict):
        await store.remove_seat(g.id, g2.version, "other")
    # Failed calls changed nothing.
    assert (await store.get_game(g.id)).version == 3


async def test_seats_are_listed_in_join_order(store: Store) -> None:
    g = await store.create_game("electioneer", {}, 1, "host", "t", T0)
    for i, (seat, user) in enumerate([("REP", "b"), ("DEM", "a"), ("GRN", "c")]):
        g = await store.add_seat(g.id, g.version, seat, user, user, T0 + 10)  # same second: insertion order
    assert [s.seat for s in await store.list_seats(g.id)] == ["REP", "DEM", "GRN"]


async def test_seats_freeze_when_the_game_starts(store: Store) -> None:
    g = await make_active(store)
    with pytest.raises(WrongStatus):
        await store.add_seat(g.id, g.version, "GRN", "late", "Late", T0 + 20)
    with pytest.raises(WrongStatus):
        await store.remove_seat(g.id, g.version, "u-dem")


async def test_seat_dm_ok_and_prefs(store: Store) -> None:
    g = await make_lobby(store)
    await store.set_seat_dm_ok(g.id, "DEM", False)
    await store.set_seat_prefs(g.id, "REP", {"auto_pass": True, "ask": ["debate"]})
    seats = {s.seat: s for s in await store.list_seats(g.id)}
    assert seats["DEM"].dm_ok is False and seats["REP"].dm_ok is None
    assert seats["REP"].prefs == {"auto_pass": True, "ask": ["debate"]} and seats["DEM"].prefs == {}
    await store.set_seat_dm_ok(g.id, "DEM", True)
    assert (await store.list_seats(g.id))[0].dm_ok is True
    assert (await store.get_game(g.id)).version == g.version  # not a game change
    with pytest.raises(NotFound):
        await store.set_seat_dm_ok(g.id, "GRN", True)
    with pytest.raises(NotFound):
        await store.set_seat_prefs(999, "DEM", {})


# ---------------------------------------------------------------- start, moves, undo, status


async def test_start_game_writes_snapshot_jobs_and_outbox_together(store: Store) -> None:
    g = await make_active(store)
    assert (g.status, g.updated_at) == ("active", T0 + 10)
    assert await store.get_game(g.id) == g
    snap = await store.load_snapshot(g.id)
    assert snap == Snapshot(g.id, 0, *state(0))
    jobs = await store.jobs_for_game(g.id)
    assert [(j.kind, j.seat, j.due_at, j.payload, j.created_at) for j in jobs] == [
        ("deadline", "DEM", T0 + 3600, {"seq": 0}, T0 + 10)]
    out = await store.pending_outbox()
    assert [(o.game_id, o.created_seq, o.audience, o.kind, o.payload) for o in out] == [
        (g.id, 0, "public", "board", {"text": "begins"})]
    assert await store.load_journal(g.id) == [] and await store.last_journal_entry(g.id) is None
    with pytest.raises(WrongStatus):
        await store.start_game(g.id, g.version, "{}", "h", T0)
    lobby = await make_lobby(store)
    with pytest.raises(VersionConflict):
        await store.start_game(lobby.id, lobby.version - 1, "{}", "h", T0)
    with pytest.raises(NotFound):
        await store.start_game(999, 0, "{}", "h", T0)


async def test_a_moves_step_is_kept_on_its_journal_row(store: Store) -> None:
    """commit_move writes the move's step (what the record keeps of it) on its journal row, in the move's own
    transaction; record_rows brings each row's beside the journal (None: a row written without one); a step that
    is not plain JSON is refused before anything is written; an undo takes it away with its row."""
    g = await make_active(store)
    told = {"public": ["DEM campaigns in Ohio 🗳", "REP: \u2028 a line"], "line_seats": ["DEM", None],
            "proofs": [], "seals": [{"seat": "DEM", "digest": "d1", "choice": "c", "salt": "s"}], "note": None,
            "setup_hash": "h0"}
    c1 = await move(store, g, 1, step=told)
    c2 = await move(store, (g.id, c1.version), 2, seat="REP")
    with pytest.raises(ValueError):
        await move(store, (g.id, c2.version), 3, step={"public": [float("nan")]})
    rows = await store.record_rows(g.id)
    assert [e.seq for e in rows.journal] == [1, 2] and rows.steps[1] is None
    assert json.loads(rows.steps[0]) == told
    assert (await store.get_game(g.id)).version == c2.version
    unchanged = await store.record_rows(g.id, known_version=c2.version)
    assert (unchanged.journal, unchanged.steps) == (None, None)
    text, digest = state(1)
    await store.undo_last(g.id, c2.version, expected_seq=2, state_json=text, state_hash=digest, now=T0 + 300)
    await store.undo_last(g.id, c2.version + 1, expected_seq=1, state_json=text, state_hash=digest, now=T0 + 301)
    c3 = await move(store, (g.id, c2.version + 2), 1)
    rows = await store.record_rows(g.id)
    assert ([e.seq for e in rows.journal], rows.steps) == ([1], [None]) and c3.seq == 1


async def test_the_tables_posting_rides_with_the_snapshot_through_start_moves_and_undo(store: Store) -> None:
    """The posting beside a state (the lines held for the turn's post) is written in the same transaction as the
    state: a move sets it or clears it, an undo puts back the one given, and a snapshot without one reads None."""
    lobby = await make_lobby(store)
    text, digest = state(0)
    held = '{"held":[{"text":"DEM campaigns in Ohio 🗳","seat":"DEM","cause":"12"}]}'
    g = await store.start_game(lobby.id, lobby.version, text, digest, T0 + 10, posting=held)
    assert (await store.load_snapshot(g.id)).posting == held
    c1 = await move(store, g, 1, posting='{"last_changed":["OH"]}')
    assert (await store.load_snapshot(g.id)).posting == '{"last_changed":["OH"]}'
    c2 = await move(store, (g.id, c1.version), 2)
    assert (await store.load_snapshot(g.id)).posting is None
    text, digest = state(1)
    await store.undo_last(g.id, c2.version, expected_seq=2, state_json=text, state_hash=digest, now=T0 + 300,
                          posting=held)
    assert await store.load_snapshot(g.id) == Snapshot(g.id, 1, text, digest, held)
    with pytest.raises(ValueError):
        await move(store, (g.id, c2.version + 1), 2, posting="not json")


async def test_commit_move_appends_and_replaces_everything(store: Store) -> None:
    g = await make_active(store)
    jobs = [NewJob(kind="deadline", seat="REP", due_at=T0 + 7200, payload={"seq": 1}),
            NewJob(kind="reminder", seat="REP", due_at=T0 + 5400)]
    out = [NewMessage(audience="public", kind="board", payload={"text": "DEM plays"}),
           NewMessage(audience="seat:REP", kind="brief", payload={"prompt": True}),
           NewMessage(audience="seat:DEM", kind="brief", payload={}, created_seq=77)]
    c = await move(store, g, 1, idem_key="i-1", jobs=jobs, outbox=out, now=T0 + 200)
    assert isinstance(c, MoveCommit) and (c.seq, c.version) == (1, g.version + 1) and len(c.outbox_ids) == 3
    after = await store.get_game(g.id)
    assert (after.version, after.updated_at, after.status) == (c.version, T0 + 200, "active")
    text, digest = state(1)
    assert await store.load_journal(g.id) == [
        JournalEntry(g.id, 1, "DEM", "play 1", "u-dem", "i-1", True, digest, T0 + 200)]
    assert await store.last_journal_entry(g.id) == (await store.load_journal(g.id))[0]
    assert await store.load_snapshot(g.id) == Snapshot(g.id, 1, text, digest)
    got = await store.jobs_for_game(g.id)
    assert [(j.kind, j.seat, j.due_at) for j in got] == [("reminder", "REP", T0 + 5400), ("deadline", "REP", T0 + 7200)]
    pending = await store.pending_outbox()
    assert [o.id for o in pending][-3:] == c.outbox_ids
    assert [(o.created_seq, o.audience) for o in pending[-3:]] == [(1, "public"), (1, "seat:REP"), (77, "seat:DEM")]
    # jobs=None keeps the jobs as they are; the version moves on.
    c2 = await move(store, (g.id, c.version), 2, seat="REP")
    assert (c2.seq, c2.version) == (2, c.version + 1)
    assert [j.id for j in await store.jobs_for_game(g.id)] == [j.id for j in got]
    # jobs=[] clears them.
    c3 = await move(store, (g.id, c2.version), 3, jobs=[])
    assert await store.jobs_for_game(g.id) == []
    assert [e.seq for e in await store.load_journal(g.id)] == [1, 2, 3]
    assert [e.seq for e in await store.load_journal(g.id, after_seq=1)] == [2, 3]
    assert (await store.load_snapshot(g.id)).seq == 3 == c3.seq


async def test_same_idem_key_applies_once(store: Store) -> None:
    g = await make_active(store)
    first = await move(store, g, 1, idem_key="interaction-9")
    before = (await store.get_game(g.id), await store.load_snapshot(g.id), await store.pending_outbox(),
              await store.jobs_for_game(g.id))
    for version in (first.version, g.version, 12345):  # the key wins over any version check
        with pytest.raises(DuplicateMove) as dup:
            await move(store, (g.id, version), 2, idem_key="interaction-9", jobs=[])
        assert (dup.value.seq, dup.value.game_id, dup.value.idem_key) == (1, g.id, "interaction-9")
    after = (await store.get_game(g.id), await store.load_snapshot(g.id), await store.pending_outbox(),
             await store.jobs_for_game(g.id))
    assert after == before
    assert len(await store.load_journal(g.id)) == 1
    assert (await store.move_for_idem_key("interaction-9")).seq == 1
    assert await store.move_for_idem_key("other") is None
    # Keys are global (interaction ids are); None never collides.
    other = await make_active(store)
    with pytest.raises(DuplicateMove):
        await move(store, other, 1, idem_key="interaction-9")
    await move(store, other, 1, idem_key=None)
    await move(store, (g.id, first.version), 2, seat="REP", idem_key=None)


async def test_version_conflict_changes_nothing(store: Store) -> None:
    g = await make_active(store)
    c = await move(store, g, 1)
    with pytest.raises(VersionConflict) as exc:
        await move(store, g, 1, idem_key="k", jobs=[])  # stale: read before move 1
    assert (exc.value.game_id, exc.value.expected, exc.value.actual) == (g.id, g.version, c.version)
    assert len(await store.load_journal(g.id)) == 1
    assert len(await store.jobs_for_game(g.id)) == 1
    assert await store.move_for_idem_key("k") is None  # the rolled-back key is free
    with pytest.raises(NotFound):
        await move(store, (999, 0), 1)


async def test_moves_need_an_active_game(store: Store) -> None:
    lobby = await make_lobby(store)
    with pytest.raises(WrongStatus):
        await move(store, lobby, 1)
    with pytest.raises(ValueError):
        await move(store, (lobby.id, lobby.version), 1, status="lobby")


async def test_finishing_move_sets_result_and_clears_jobs(store: Store) -> None:
    g = await make_active(store)
    with pytest.raises(ValueError):  # a finished game cannot keep deadlines
        await move(store, g, 1, status="finished", jobs=[NewJob(kind="deadline", due_at=T0)])
    c = await move(store, g, 1, status="finished", result={"winners": ["DEM"], "scores": {"DEM": 270}})
    after = await store.get_game(g.id)
    assert (after.status, after.result, after.version) == ("finished", {"winners": ["DEM"], "scores": {"DEM": 270}},
                                                           c.version)
    assert await store.jobs_for_game(g.id) == []  # cleared although jobs=None
    with pytest.raises(WrongStatus):
        await move(store, (g.id, c.version), 2)


async def test_undo_last(store: Store) -> None:
    g = await make_active(store)
    c1 = await move(store, g, 1, idem_key="a")
    c2 = await move(store, (g.id, c1.version), 2, seat="REP", idem_key="b")
    with pytest.raises(VersionConflict):  # not the last move
        await store.undo_last(g.id, c2.version, expected_seq=1, state_json="{}", state_hash="h", now=T0, jobs=[])
    with pytest.raises(VersionConflict):  # stale version
        await store.undo_last(g.id, c1.version, expected_seq=2, state_json="{}", state_hash="h", now=T0, jobs=[])
    text, digest = state(1)
    undone = await store.undo_last(g.id, c2.version, expected_seq=2, state_json=text, state_hash=digest, now=T0 + 500,
                                   jobs=[NewJob(kind="deadline", seat="REP", due_at=T0 + 900)],
                                   outbox=[NewMessage(audience="public", kind="text", payload={"text": "undo"})])
    assert (undone.version, undone.updated_at, undone.status) == (c2.version + 1, T0 + 500, "active")
    assert [e.seq for e in await store.load_journal(g.id)] == [1]
    assert await store.load_snapshot(g.id) == Snapshot(g.id, 1, text, digest)
    assert [(j.seat, j.due_at) for j in await store.jobs_for_game(g.id)] == [("REP", T0 + 900)]
    last_out = (await store.pending_outbox())[-1]
    assert (last_out.created_seq, last_out.payload) == (1, {"text": "undo"})
    # The undone move's key is free again; the next move reuses seq 2.
    assert await store.move_for_idem_key("b") is None
    c3 = await move(store, undone, 2, seat="REP", idem_key="b")
    assert c3.seq == 2
    # Undo down to the start, then there is nothing left.
    u = await store.undo_last(g.id, c3.version, expected_seq=2, state_json="{}", state_hash="h", now=T0, jobs=None)
    u = await store.undo_last(g.id, u.version, expected_seq=1, state_json="{}", state_hash="h0", now=T0, jobs=None)
    assert (await store.load_snapshot(g.id)).seq == 0
    with pytest.raises(NotFound):
        await store.undo_last(g.id, u.version, expected_seq=0, state_json="{}", state_hash="h", now=T0, jobs=None)


async def test_set_status_transitions(store: Store) -> None:
    lobby = await make_lobby(store)
    gone = await store.set_status(lobby.id, lobby.version, "abandoned", T0 + 50,
                                  outbox=[NewMessage(audience="public", kind="text", payload={"text": "cancelled"})])
    assert (gone.status, gone.version, gone.updated_at) == ("abandoned", lobby.version + 1, T0 + 50)
    assert (await store.pending_outbox())[-1].created_seq == 0
    with pytest.raises(WrongStatus):
        await store.set_status(lobby.id, gone.version, "finished", T0)
    with pytest.raises(WrongStatus):  # a lobby cannot be "finished"
        other = await make_lobby(store)
        await store.set_status(other.id, other.version, "finished", T0)
    with pytest.raises(ValueError):
        await store.set_status(other.id, other.version, "active", T0)
    g = await make_active(store)
    c = await move(store, g, 1)
    with pytest.raises(VersionConflict):
        await store.set_status(g.id, g.version, "finished", T0)
    done = await store.set_status(g.id, c.version, "finished", T0 + 60, result={"winners": ["REP"], "reason": "DEM conceded."},
                                  outbox=[NewMessage(audience="public", kind="text", payload={})])
    assert (done.status, done.result) == ("finished", {"winners": ["REP"], "reason": "DEM conceded."})
    assert await store.get_game(g.id) == done
    assert await store.jobs_for_game(g.id) == []  # leaving 'active' clears the deadlines
    assert (await store.pending_outbox())[-1].created_seq == 1  # stamped with the last move
    with pytest.raises(NotFound):
        await store.set_status(999, 0, "abandoned", T0)


async def test_failed_transaction_rolls_back_every_table(store: Store) -> None:
    g = await make_active(store)
    before = (await store.get_game(g.id), await store.load_snapshot(g.id), await store.pending_outbox(),
              await store.jobs_for_game(g.id), await store.load_journal(g.id))
    # The outbox row is the last write of the transaction; a NOT NULL violation there undoes the rest.
    bad = [NewMessage(audience="public", kind=None, payload={})]  # type: ignore[arg-type]
    with pytest.raises(StoreError):
        await move(store, g, 1, jobs=[], outbox=bad, idem_key="x")
    after = (await store.get_game(g.id), await store.load_snapshot(g.id), await store.pending_outbox(),
             await store.jobs_for_game(g.id), await store.load_journal(g.id))
    assert after == before
    assert (await move(store, g, 1, idem_key="x")).seq == 1  # and the store still works


async def test_bad_audience_is_refused() -> None:
    with pytest.raises(ValueError):
        NewMessage(audience="everyone", kind="text")
    with pytest.raises(ValueError):
        NewMessage(audience="seat:", kind="text")


# ---------------------------------------------------------------- jobs


async def test_due_jobs_next_due_and_delete(store: Store) -> None:
    assert await store.next_job_due() is None and await store.due_jobs(T0 * 2) == []
    a = await make_active(store)  # deadline at T0+3600
    b = await make_active(store)
    cb = await move(store, b, 1, jobs=[NewJob(kind="deadline", seat="REP", due_at=T0 + 100),
                                       NewJob(kind="reminder", seat="REP", due_at=T0 + 50, payload={"n": 1})])
    assert await store.next_job_due() == T0 + 50
    assert await store.due_jobs(T0 + 49) == []
    due = await store.due_jobs(T0 + 100)
    assert all(isinstance(j, JobRecord) for j in due)
    assert [(j.game_id, j.kind, j.due_at, j.payload) for j in due] == [
        (b.id, "reminder", T0 + 50, {"n": 1}), (b.id, "deadline", T0 + 100, {})]
    assert [j.game_id for j in await store.due_jobs(T0 + 4000)] == [b.id, b.id, a.id]
    assert len(await store.due_jobs(T0 + 4000, limit=2)) == 2
    assert await store.delete_job(due[0].id) is True
    assert await store.delete_job(due[0].id) is False
    assert await store.next_job_due() == T0 + 100
    assert (await store.get_game(b.id)).version == cb.version  # deleting a job is not a game change


# ---------------------------------------------------------------- outbox


async def test_outbox_pending_and_mark_sent(store: Store) -> None:
    g = await make_active(store)
    c = await move(store, g, 1, outbox=[NewMessage(audience="public", kind="board", payload={"n": i}) for i in range(3)])
    pending = await store.pending_outbox()
    assert all(isinstance(o, OutboxRecord) for o in pending)
    assert [o.id for o in pending] == sorted(o.id for o in pending) and len(pending) == 4
    assert await store.mark_sent([pending[0].id, c.outbox_ids[1]], T0 + 300) == 2
    assert [o.id for o in await store.pending_outbox()] == [c.outbox_ids[0], c.outbox_ids[2]]
    assert [o.id for o in await store.pending_outbox(limit=1)] == [c.outbox_ids[0]]
    # Marking again keeps the first delivery time.
    assert await store.mark_sent([pending[0].id], T0 + 999) == 0
    assert await store.mark_sent([], T0) == 0
    rows = {o.id: o for o in await store.outbox_for_game(g.id)}
    assert rows[pending[0].id].sent_at == T0 + 300 and rows[c.outbox_ids[0]].sent_at is None
    assert await store.prune_outbox(T0 + 301) == 2
    assert len(await store.outbox_for_game(g.id)) == 2
    # Ids are never reused after pruning (AUTOINCREMENT).
    await store.mark_sent(c.outbox_ids, T0 + 400)
    assert await store.prune_outbox(T0 + 401) == 2
    c2 = await move(store, (g.id, c.version), 2)
    assert c2.outbox_ids[0] > c.outbox_ids[-1]


# ---------------------------------------------------------------- settings, maintenance, lifecycle


async def test_settings(store: Store) -> None:
    assert await store.get_setting("guild:1", "locale") is None
    await store.set_setting("guild:1", "locale", "fr")
    await store.set_setting("guild:1", "deadline_hours", "24")
    await store.set_setting("user:7", "locale", "en")
    assert await store.get_setting("guild:1", "locale") == "fr"
    await store.set_setting("guild:1", "locale", "de")
    assert await store.settings("guild:1") == {"deadline_hours": "24", "locale": "de"}
    await store.set_setting("guild:1", "locale", None)
    assert await store.get_setting("guild:1", "locale") is None
    assert await store.get_setting("user:7", "locale") == "en"


async def test_checkpoint_and_integrity(store: Store) -> None:
    g = await make_active(store)
    for seq in range(1, 20):
        g = await store.get_game(g.id)
        await move(store, g, seq)
    result = await store.checkpoint()
    assert not result.busy and result.wal_frames >= result.checkpointed_frames > 0
    assert await store.integrity_check() == "ok"


async def test_background_checkpoints(store: Store) -> None:
    import asyncio

    task = store.start_background_checkpoints(0.01)
    assert store.start_background_checkpoints(0.01) is task  # idempotent
    g = await make_active(store)
    for seq in range(1, 10):
        g = await store.get_game(g.id)
        await move(store, g, seq)
    await asyncio.sleep(0.05)
    assert not task.done()
    await store.stop_background_checkpoints()
    assert task.cancelled()
    await store.stop_background_checkpoints()  # twice is fine
    # close() stops a running checkpointer too.
    store.start_background_checkpoints(0.01)
    await store.close()
    assert store.closed


async def test_closed_store_refuses_calls(tmp_path) -> None:
    s = await Store.open(tmp_path / "x.sqlite3")
    assert s.path == tmp_path / "x.sqlite3"
    await s.close()
    await s.close()  # idempotent
    with pytest.raises(StoreClosed):
        await s.get_game(1)
    with pytest.raises(StoreClosed):
        await s.checkpoint()


async def test_pragmas_on_disk(tmp_path) -> None:
    s = await Store.open(tmp_path / "p.sqlite3")
    await make_active(s)
    await s.close()
    con = sqlite3.connect(tmp_path / "p.sqlite3")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


async def test_store_as_async_context_manager(tmp_path) -> None:
    async with await Store.open(tmp_path / "cm.sqlite3") as s:
        g = await make_lobby(s)
    assert s.closed
    async with await Store.open(tmp_path / "cm.sqlite3") as s2:
        assert (await s2.get_game(g.id)).version == g.version


async def test_data_survives_reopen(tmp_path) -> None:
    s = await Store.open(tmp_path / "r.sqlite3")
    g = await make_active(s)
    c = await move(s, g, 1, idem_key="k1")
    await s.set_setting("guild:1", "a", "b")
    await s.close()
    s = await Store.open(tmp_path / "r.sqlite3")
    assert (await s.get_game(g.id)).version == c.version
    assert [e.idem_key for e in await s.load_journal(g.id)] == ["k1"]
    with pytest.raises(DuplicateMove):
        await move(s, (g.id, c.version), 2, idem_key="k1")
    assert await s.get_setting("guild:1", "a") == "b"
    await s.close()


async def test_a_sweep_claims_jobs_digests_and_the_bots_games_in_one_call(store):
    """`claim_sweep` is the three claims a sweep makes, in one transaction: the due jobs (claimed: a second
    sweep gets none of them), the due digests (claimed, their next one moved on) and the games the bot plays in
    (none here). Run on both backends (tests/store_pg/test_store_api_on_pg.py reruns it)."""
    game = await make_active(store)
    await store.follow(game.id, "u-fan", "digest", T0, T0 + 60)
    claims = await store.claim_sweep(T0 + 4000, "me", digest_period=86400)
    assert [(j.kind, j.seat) for j in claims.jobs] == [("deadline", "DEM")]
    assert [(f.user_id, f.digest_to, f.digest_due_at) for f in claims.digests] == [("u-fan", T0 + 4000, T0 + 60 + 86400)]
    assert claims.bot_games == []
    again = await store.claim_sweep(T0 + 4001, "another", digest_period=86400)
    assert again.jobs == [] and again.digests == []
