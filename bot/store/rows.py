"""Rows → records, and the steps several operations share inside a transaction (read or lock a game, bump its
version, append the snapshot, replace the jobs, write the outbox), each written once against :class:`Conn`."""
from __future__ import annotations

import json
from typing import Any, NoReturn, Sequence

from bot.store.dialect import Conn, Row
from bot.store.records import (
    DuplicateMove,
    Follower,
    GameRecord,
    JobRecord,
    JournalEntry,
    NotFound,
    OutboxRecord,
    SeatRecord,
    StoreError,
    VersionConflict,
    WrongStatus,
    _JobRow,
    _loads,
    _MsgRow,
)

_GAME_COLS = ("id, ruleset, options, seed, status, version, guild_id, channel_id, thread_id, host_user, title, "
              "created_at, updated_at, deadline_hours, result, delivery_held_at")
_SEAT_COLS = "game_id, seat, user_id, display_name, joined_at, dm_ok, prefs, controller, missed_deadlines"
_JOURNAL_COLS = "game_id, seq, seat, notation, actor, idem_key, undoable, state_hash, created_at"
_JOB_COLS = "id, game_id, kind, seat, due_at, payload, created_at"
_OUTBOX_COLS = "id, game_id, created_seq, audience, kind, payload, created_at, sent_at, attempts, first_failed_at"
_RATING_COLS = "guild_id, ruleset, user_id, name, mu, sigma, games, wins, updated_at"
_FOLLOWER_COLS = "game_id, user_id, mode, since, digest_from, digest_due_at, digest_to, failures"


def qualified(table: str, cols: str) -> str:
    """``cols`` each prefixed with ``table.`` (a statement that joins or updates FROM another table)."""
    return ", ".join(f"{table}.{col.strip()}" for col in cols.split(","))


def _game(r: Row) -> GameRecord:
    return GameRecord(id=r[0], ruleset=r[1], options=json.loads(r[2]), seed=r[3], status=r[4], version=r[5],
                      guild_id=r[6], channel_id=r[7], thread_id=r[8], host_user=r[9], title=r[10],
                      created_at=r[11], updated_at=r[12], deadline_hours=r[13], result=_loads(r[14]),
                      delivery_held_at=r[15])


def _seat(r: Row) -> SeatRecord:
    return SeatRecord(game_id=r[0], seat=r[1], user_id=r[2], display_name=r[3], joined_at=r[4],
                      dm_ok=None if r[5] is None else bool(r[5]), prefs=json.loads(r[6]), controller=r[7],
                      missed_deadlines=r[8])


def _entry(r: Row) -> JournalEntry:
    return JournalEntry(game_id=r[0], seq=r[1], seat=r[2], notation=r[3], actor=r[4], idem_key=r[5],
                        undoable=bool(r[6]), state_hash=r[7], created_at=r[8])


def _job(r: Row) -> JobRecord:
    return JobRecord(id=r[0], game_id=r[1], kind=r[2], seat=r[3], due_at=r[4], payload=json.loads(r[5]), created_at=r[6])


def _outbox(r: Row) -> OutboxRecord:
    return OutboxRecord(id=r[0], game_id=r[1], created_seq=r[2], audience=r[3], kind=r[4], payload=json.loads(r[5]),
                        created_at=r[6], sent_at=r[7], attempts=r[8], first_failed_at=r[9])


def _follower(r: Row) -> Follower:
    return Follower(*r)


# ---------------------------------------------------------------- steps inside a transaction


async def _fetch_game(c: Conn, game_id: int) -> GameRecord:
    row = await c.one(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
    if row is None:
        raise NotFound(f"no game {game_id}")
    return _game(row)


async def _lock_game(c: Conn, game_id: int) -> GameRecord:
    """The game row, which the transaction now holds: writers of one game queue here (SQLite's BEGIN IMMEDIATE
    already holds the whole database; PostgreSQL locks the row until the transaction ends)."""
    row = await c.one(f"SELECT {_GAME_COLS} FROM games WHERE id=?{c.d.for_update}", (game_id,))
    if row is None:
        raise NotFound(f"no game {game_id}")
    return _game(row)


def _expect(game: GameRecord, expected_version: int, statuses: Sequence[str], operation: str) -> None:
    if game.version != expected_version:
        raise VersionConflict(game.id, expected_version, game.version)
    if game.status not in statuses:
        raise WrongStatus(game.id, game.status, statuses, operation)


async def _bump(c: Conn, game_id: int, version: int, now: int | None, **columns: Any) -> None:
    """Set columns and version+1 where the version is still ``version`` (optimistic concurrency)."""
    sets = ["version = version + 1"] + [f"{name} = ?" for name in columns]
    params = list(columns.values())
    if now is not None:
        sets.append("updated_at = ?")
        params.append(now)
    if await c.run(f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?", (*params, game_id, version)) != 1:
        # Cannot happen while the game is held (_lock_game); kept as the check of last resort.
        actual = await c.one("SELECT version FROM games WHERE id=?", (game_id,))
        raise VersionConflict(game_id, version, actual[0] if actual else -1)


async def _last_seq(c: Conn, game_id: int) -> int:
    return (await c.one("SELECT coalesce(max(seq), 0) FROM journal WHERE game_id=?", (game_id,)))[0]


async def _put_snapshot(c: Conn, game_id: int, seq: int, state_json: str, state_hash: str,
                        posting: str | None) -> None:
    await c.run("INSERT INTO snapshots (game_id, seq, state, state_hash, posting) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state, "
                "state_hash = excluded.state_hash, posting = excluded.posting",
                (game_id, seq, state_json, state_hash, posting))


async def _refuse_move(c: Conn, game_id: int, expected_version: int, idem_key: str | None) -> NoReturn:
    """Why commit_move's guarded UPDATE (or its journal row) was refused, checked in the order callers rely
    on: a used idempotency key first (DuplicateMove), then NotFound, VersionConflict, WrongStatus."""
    if idem_key is not None:
        dup = await c.one("SELECT game_id, seq FROM journal WHERE idem_key=?", (idem_key,))
        if dup is not None:
            raise DuplicateMove(dup[0], dup[1], idem_key)
    row = await c.one("SELECT version, status FROM games WHERE id=?", (game_id,))
    if row is None:
        raise NotFound(f"no game {game_id}")
    if row[0] != expected_version:
        raise VersionConflict(game_id, expected_version, row[0])
    if row[1] == "active":  # the guarded UPDATE went through, yet the journal row could not be written
        raise StoreError(f"game {game_id}: the journal refused move row after version {expected_version}")
    raise WrongStatus(game_id, row[1], ("active",), "make a move in")


async def _replace_jobs(c: Conn, game_id: int, jobs: list[_JobRow] | None, now: int) -> list[JobRecord] | None:
    """The game's jobs replaced by ``jobs`` (None: kept as they are), in one DELETE and one multi-row INSERT; returns
    the new jobs as the game's context lists them (by due time), or None when they were kept."""
    if jobs is None:
        return None
    await c.run("DELETE FROM jobs WHERE game_id=?", (game_id,))
    if not jobs:
        return []
    params = [v for kind, seat, due, payload in jobs for v in (game_id, kind, seat, due, payload, now)]
    rows = await c.all("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES "
                       + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(jobs)) + f" RETURNING {_JOB_COLS}", params)
    return sorted((_job(r) for r in rows), key=lambda j: (j.due_at, j.id))


_OUTBOX_ROWS_PER_INSERT = 1000  # 8 parameters a row: well under SQLite's 32,766 (and PostgreSQL's 32,767) a statement


async def _insert_outbox(c: Conn, game_id: int, messages: list[_MsgRow], default_seq: int, now: int,
                         claim: tuple[str, int] | None = None) -> list[int]:
    """The rows in one multi-row INSERT … RETURNING id: one statement for a move's messages, not one each.
    RETURNING's row order is unspecified, but the rows are inserted in order and ids only grow (AUTOINCREMENT, an
    identity sequence), so sorted ids are the messages' ids in order. ``claim``: (owner, lease end) the rows are
    written already claimed with, as a claim of the outbox would leave them."""
    ids: list[int] = []
    claim_cols, claim_marks = (", claimed_by, claimed_until", ", ?, ?") if claim is not None else ("", "")
    for start in range(0, len(messages), _OUTBOX_ROWS_PER_INSERT):
        chunk = messages[start:start + _OUTBOX_ROWS_PER_INSERT]
        params = [v for created_seq, audience, kind, payload in chunk
                  for v in (game_id, default_seq if created_seq is None else created_seq, audience, kind, payload, now,
                            *(claim or ()))]
        rows = await c.all(f"INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at{claim_cols}) "
                           "VALUES " + ", ".join([f"(?, ?, ?, ?, ?, ?{claim_marks})"] * len(chunk)) + " RETURNING id",
                           params)
        ids += sorted(r[0] for r in rows)
    return ids
