"""Databases written before the store was one package: a SQLite file made by the old bot/store.py
opens in place and works on. The files in fixtures/ were written by that code (its commit 2ab25c0: games
with moves, jobs and an outbox partly sent, a lobby, a seat offer, a setting, a follower, a rated game with
its replay queued); tests/store_pg/test_existing_schema.py does the same for a PostgreSQL dump of its time."""
from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.store import SCHEMA_VERSION, DuplicateMove, NewMessage, Store
from store_helpers import T0, move

FIXTURES = Path(__file__).resolve().parent / "fixtures"


async def check_what_the_old_store_wrote(s) -> None:
    """The rows the old store wrote (tests/store/fixtures, tests/store_pg/fixtures), read back and written on."""
    games = await s.list_games()
    assert [(g.id, g.status) for g in games] == [(1, "active"), (2, "lobby"), (3, "finished")]
    active = games[0]
    assert [(e.seq, e.idem_key, e.undoable) for e in await s.load_journal(1)] == [(1, "k1", True), (2, "k2", True),
                                                                                (3, "k3", True)]
    assert (await s.load_snapshot(1)).seq == 3
    assert [(j.kind, j.seat) for j in await s.jobs_for_game(1)] == [("deadline", "REP")]
    outbox = await s.outbox_for_game(1)
    assert [r.sent_at is not None for r in outbox] == [True, True] + [False] * 5
    assert [(o.seat, o.user_id) for o in await s.seat_offers(game_id=1)] == [("REP", "u-new")]
    assert [(x.seat, x.user_id, x.dm_ok) for x in await s.list_seats(1)] == [("DEM", "u-dem", None),
                                                                            ("REP", "u-rep", None)]
    assert await s.settings("guild:g1") == {"lang": "en"}
    assert [(f.user_id, f.mode) for f in await s.followers(1)] == [("u-fan", "digest")]
    assert [(r.user_id, r.games, r.wins) for r in await s.player_ratings("g1", "u-dem")] == [("u-dem", 1, 1)]
    assert [(h.rank, h.won) for h in await s.rating_history("g1", "electioneer", "u-rep")] == [(2, False)]
    assert await s.queued_replays() == [(3, 1)]
    assert (await s.record_rows(1)).steps == [None, None, None]  # journalled before rows kept their steps
    # and it goes on: a move (its key new), a used key refused, the next notifications claimed in order
    commit = await move(s, active, 4, idem_key="k4",
                        outbox=[NewMessage(audience="public", kind="board", payload={"text": "post 4"})])
    assert commit.seq == 4 and commit.version == active.version + 1
    with pytest.raises(DuplicateMove):
        await move(s, (1, commit.version), 5, idem_key="k2")
    # the column schema version 8 added: a move keeps its step beside the old rows' none
    told = {"public": ["DEM moves"], "line_seats": ["DEM"], "proofs": [], "seals": [], "note": None}
    commit = await move(s, (1, commit.version), 5, idem_key="k5", seat="REP", step=told)
    steps = (await s.record_rows(1)).steps
    assert steps[:4] == [None] * 4 and json.loads(steps[4]) == told
    claimed = await s.claim_outbox(T0 + 1000, "me")
    assert [r.id for r in claimed] == [r.id for r in await s.pending_outbox()]  # every game's, in order
    assert await s.mark_claimed_sent([r.id for r in claimed], T0 + 1001, "me") == len(claimed)
    assert await s.integrity_check() == "ok"


async def test_a_file_of_version_7_upgrades_in_place_after_its_backup_and_works(tmp_path) -> None:
    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURES / "before_issue27_v7.sqlite3", path)
    s = await Store.open(path, backup_stamp="OLD")
    try:
        assert s.schema_version == SCHEMA_VERSION == 9 and s.backup_path == f"{path}.bak-v7-OLD"
        await check_what_the_old_store_wrote(s)
    finally:
        await s.close()
    s = await Store.open(path)
    try:
        assert s.schema_version == SCHEMA_VERSION and s.backup_path is None  # once upgraded, opened untouched
    finally:
        await s.close()


async def test_a_file_one_version_behind_upgrades_in_place_after_its_backup(tmp_path) -> None:
    path = tmp_path / "bot.sqlite3"
    shutil.copy(FIXTURES / "before_issue27_v6.sqlite3", path)
    s = await Store.open(path, backup_stamp="OLD")
    try:
        assert s.schema_version == SCHEMA_VERSION and s.backup_path == f"{path}.bak-v6-OLD"
        assert [e.idem_key for e in await s.load_journal(1)] == ["v6-k1"]
        await s.queue_replay(1)  # the table migration 0007 added
        assert await s.queued_replays() == [(1, 0)]
        await move(s, await s.get_game(1), 2)
    finally:
        await s.close()
    with sqlite3.connect(f"{path}.bak-v6-OLD") as bak:
        assert bak.execute("PRAGMA user_version").fetchone()[0] == 6
        assert bak.execute("SELECT count(*) FROM journal").fetchone()[0] == 1
