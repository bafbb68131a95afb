"""Play: starting a game, moves, undo, endings, the game's clock, the journal and the snapshot — each operation
once, for both backends (see bot/store/dialect.py)."""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Sequence

from bot.store.claims import OUTBOX_LEASE_S
from bot.store.dialect import Calls, Conn
from bot.store.reads import read_seats, read_settings_in, read_snapshot, read_time
from bot.store.records import (
    _INT64,
    ENDINGS,
    GameRecord,
    GameTime,
    JournalEntry,
    MoveCommit,
    NewJob,
    NewMessage,
    NotFound,
    OutboxRecord,
    SeatHolder,
    SeatRecord,
    Snapshot,
    Vacation,
    VersionConflict,
    _JobRow,
    _MsgRow,
    _dumps,
    _int,
    _json_text,
    _prep_jobs,
    _prep_outbox,
    _status,
)
from bot.store.rows import (
    _GAME_COLS,
    _JOURNAL_COLS,
    _bump,
    _entry,
    _expect,
    _fetch_game,
    _game,
    _insert_outbox,
    _last_seq,
    _lock_game,
    _put_snapshot,
    _refuse_move,
    _replace_jobs,
)

# A temporary seat name during start_game's renames: PostgreSQL text cannot hold NUL, and seat names are short
# visible labels, so a leading SOH never meets a real one.
_RENAME_MARK = "\x01"


@dataclass(frozen=True, slots=True)
class RecordRows:
    """What a game's record is made of, in one read: the game, whether it was started (it has a snapshot), its
    seats, every change of a seat's hands, the game's settings and its journal (None: not asked for), with each
    row's stored step beside it (`steps`: JSON text as commit_move wrote it; None on a row journalled before
    schema version 8)."""
    game: GameRecord
    started: bool
    seats: list[SeatRecord]
    holders: list[SeatHolder]
    settings: dict[str, str]
    journal: list[JournalEntry] | None
    steps: list[str | None] | None = None


class PlayOperations(Calls):
    async def start_game(self, game_id: int, expected_version: int, state_json: str, state_hash: str, now: int,
                         jobs: list[NewJob] | None = None, outbox: list[NewMessage] | None = None,
                         renames: dict[str, str] | None = None, posting: str | None = None) -> GameRecord:
        """lobby → active: the seats' final names (`renames`: lobby pick → seat), the initial snapshot
        (seq 0, with the table's `posting` beside its state), its jobs and outbox, in one transaction."""
        _int(now, "now")
        _json_text(posting, "posting")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)
        moves = {old: new for old, new in (renames or {}).items() if old != new}

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "start")
            # Two steps through unique temporary names, so a swap (A→B, B→A) never collides on the key.
            for old in moves:
                await c.run("UPDATE seats SET seat=? WHERE game_id=? AND seat=?", (_RENAME_MARK + old, game_id, old))
            for old, new in moves.items():
                await c.run("UPDATE seats SET seat=? WHERE game_id=? AND seat=?", (new, game_id, _RENAME_MARK + old))
            await _bump(c, game_id, expected_version, now, status="active")
            await _put_snapshot(c, game_id, 0, state_json, state_hash, posting)
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, 0, now)
            return replace(game, status="active", version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def commit_move(self, game_id: int, expected_version: int, *, seat: str, notation: str, actor: str,
                          idem_key: str | None, undoable: bool, state_json: str, state_hash: str, now: int,
                          status: str = "active", result: dict[str, Any] | None = None,
                          jobs: list[NewJob] | None = None, outbox: list[NewMessage] | None = None,
                          claim_for: str | None = None, lease_seconds: int = OUTBOX_LEASE_S,
                          step: dict[str, Any] | None = None, after_own: bool = False,
                          posting: str | None = None) -> MoveCommit:
        """Append one move, in one transaction: journal row seq = last + 1 (with ``step``, what the game's record
        keeps of the move: bot/policy/record.py ``move_told``), the snapshot (with ``posting``), version + 1,
        status/result, the game's jobs (replaced when ``jobs`` is not None; cleared when the game
        leaves 'active') and the outbox rows.

        ``claim_for``: the outbox rows are written claimed for that owner for ``lease_seconds`` — as
        :meth:`claim_outbox` would claim them, so the mover delivers them without a claim of its own —
        unless the game's deliveries are held or an older row of the game is still unsent (it goes first, and
        whoever claims it claims these after it); :attr:`MoveCommit.claimed` lists the rows so claimed. With
        ``after_own``, older unsent rows that ``claim_for`` itself holds on a live lease do not stop the claim: the
        caller delivers these after them (a bot seat's moves gathered into one post with the move they answer).

        Raises DuplicateMove (the idem_key was used; nothing changes), VersionConflict, WrongStatus, NotFound.
        """
        _int(now, "now")
        _json_text(posting, "posting")
        job_rows, msg_rows = _move_rows(status, jobs, outbox)
        result_json = None if result is None else _dumps(result)
        step_json = None if step is None else _dumps(step)
        bump, bump_params = _guarded_bump(game_id, expected_version, status, now, result_json)

        # The hot path, in few statements: the guarded UPDATE … RETURNING (version, status and the last seq in one
        # statement; on PostgreSQL it also takes the game's row lock, so a racer on the same game waits here and then
        # finds the version moved on); the journal row; the snapshot; DELETE + executemany of the jobs; one multi-row
        # INSERT … RETURNING of the outbox rows. The checks are done by the statements themselves; only a refused move
        # pays a diagnosing SELECT. The journal row's idempotency key is global: one used on another game (which that
        # game's lock does not cover) makes the INSERT do nothing, and the diagnosis finds it (DuplicateMove).
        async def work(c: Conn) -> MoveCommit:
            guarded = await c.one(bump, bump_params)
            if guarded is None:
                await _refuse_move(c, game_id, expected_version, idem_key)
            seq = guarded[0] + 1
            if await c.run(_MOVE_JOURNAL, (game_id, seq, seat, notation, actor, idem_key, bool(undoable), state_hash,
                                           now, step_json)) != 1:
                await _refuse_move(c, game_id, expected_version, idem_key)
            await _put_snapshot(c, game_id, seq, state_json, state_hash, posting)
            new_jobs = await _replace_jobs(c, game_id, job_rows, now)
            claim = None
            if claim_for is not None and msg_rows and guarded[1] is None and await _nothing_older_unsent(
                    c, game_id, claim_for if after_own else None, now):
                claim = (claim_for, now + lease_seconds)
            ids = await _insert_outbox(c, game_id, msg_rows, seq, now, claim=claim)
            claimed = () if claim is None else _claimed_rows(game_id, seq, now, ids, msg_rows)
            return MoveCommit(seq=seq, version=expected_version + 1, outbox_ids=ids, jobs=new_jobs, claimed=claimed)

        return await self._write(work)

    async def undo_last(self, game_id: int, expected_version: int, *, expected_seq: int, state_json: str,
                        state_hash: str, now: int, jobs: list[NewJob] | None = None,
                        outbox: list[NewMessage] | None = None, posting: str | None = None) -> GameRecord:
        """Delete the last journal row (which must be ``expected_seq``), put back the state before it (and the
        table's ``posting`` then),
        version + 1, replace the jobs (when not None), write the outbox.

        The undone row's idem_key is freed with it (a deadline at that seq may fire again).
        """
        _int(now, "now")
        _json_text(posting, "posting")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("active",), "undo a move in")
            last = await _last_seq(c, game_id)
            if last == 0:
                raise NotFound(f"game {game_id} has no move to undo")
            if last != expected_seq:
                raise VersionConflict(game_id, expected_version, game.version,
                                      f"move {expected_seq} is not the last move of game {game_id} (that is {last})")
            await c.run("DELETE FROM journal WHERE game_id=? AND seq=?", (game_id, last))
            await _put_snapshot(c, game_id, last - 1, state_json, state_hash, posting)
            await _bump(c, game_id, expected_version, now)
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, last - 1, now)
            return replace(game, version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def set_status(self, game_id: int, expected_version: int, status: str, now: int,
                         result: dict[str, Any] | None = None, outbox: list[NewMessage] | None = None) -> GameRecord:
        """End a game: lobby → abandoned, active → finished | abandoned (version + 1, jobs cleared)."""
        _int(now, "now")
        if status not in ("finished", "abandoned"):
            raise ValueError(f"set_status ends a game (finished or abandoned), not {status!r}; use start_game to start one")
        result_json = None if result is None else _dumps(result)
        msg_rows = _prep_outbox(outbox)

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            allowed = [s for s, ends in ENDINGS.items() if status in ends]
            _expect(game, expected_version, allowed, f"make {status}")
            columns: dict[str, Any] = {"status": status}
            if result_json is not None:
                columns["result"] = result_json
            await _bump(c, game_id, expected_version, now, **columns)
            await c.run("DELETE FROM jobs WHERE game_id=?", (game_id,))
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return replace(game, status=status, version=game.version + 1, updated_at=now,
                           result=game.result if result is None else json.loads(result_json))

        return await self._write(work)

    # ------------------------------------------------------------ time (deadlines, pause, vacation)

    async def game_time(self, game_id: int) -> GameTime:
        """The game's clock settings, pause and vacations (defaults when it never changed any)."""
        return await self._query(read_time, game_id)

    async def retime_game(self, game_id: int, expected_version: int, now: int, *, jobs: list[NewJob] | None = None,
                          deadline_hours: int | None = None, time: dict[str, Any] | None = None,
                          vacation: Vacation | None = None, outbox: list[NewMessage] | None = None,
                          statuses: Sequence[str] = ("active",)) -> GameRecord:
        """Change a game's clock in one transaction (version + 1): its turn deadline, its game_time
        columns (``time``: response_hours, vacation_days, paused_at, paused_by; None clears one), a new
        vacation, its jobs (replaced when not None) and outbox rows. Raises VersionConflict, WrongStatus."""
        _int(now, "now")
        allowed = {"response_hours", "vacation_days", "paused_at", "paused_by"}
        if time and not set(time) <= allowed:
            raise ValueError(f"unknown game_time columns: {sorted(set(time) - allowed)}")
        if deadline_hours is not None and _int(deadline_hours, "deadline_hours") < 1:
            raise ValueError("deadline_hours must be at least 1")
        job_rows, msg_rows = _prep_jobs(jobs), _prep_outbox(outbox)

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, statuses, "change the clock of")
            if deadline_hours is not None:
                await _bump(c, game_id, expected_version, now, deadline_hours=deadline_hours)
            else:
                await _bump(c, game_id, expected_version, now)
            if time:
                await c.run("INSERT INTO game_time (game_id) VALUES (?) ON CONFLICT (game_id) DO NOTHING", (game_id,))
                await c.run(f"UPDATE game_time SET {', '.join(f'{k} = ?' for k in time)} WHERE game_id=?",
                            (*time.values(), game_id))
            if vacation is not None:
                await c.run("INSERT INTO vacations (game_id, seat, starts_at, ends_at) VALUES (?, ?, ?, ?)",
                            (game_id, vacation.seat, _int(vacation.starts_at, "starts_at"),
                             _int(vacation.ends_at, "ends_at")))
            await _replace_jobs(c, game_id, job_rows, now)
            await _insert_outbox(c, game_id, msg_rows, await _last_seq(c, game_id), now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    # ------------------------------------------------------------ the journal and the snapshot

    async def load_journal(self, game_id: int, *, after_seq: int = 0) -> list[JournalEntry]:
        """The game's moves in order (those after ``after_seq``)."""
        async def work(c: Conn) -> list[JournalEntry]:
            return [_entry(r) for r in await c.all(
                f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? AND seq>? ORDER BY seq", (game_id, after_seq))]

        return await self._query(work)

    async def last_journal_entry(self, game_id: int) -> JournalEntry | None:
        async def work(c: Conn) -> JournalEntry | None:
            row = await c.one(f"SELECT {_JOURNAL_COLS} FROM journal WHERE game_id=? ORDER BY seq DESC LIMIT 1",
                              (game_id,))
            return None if row is None else _entry(row)

        return await self._query(work)

    async def move_for_idem_key(self, idem_key: str) -> JournalEntry | None:
        """The move already applied under this idempotency key, if any (to answer a double click
        before re-checking the move against a board that has since moved on)."""
        async def work(c: Conn) -> JournalEntry | None:
            row = await c.one(f"SELECT {_JOURNAL_COLS} FROM journal WHERE idem_key=?", (idem_key,))
            return None if row is None else _entry(row)

        return await self._query(work)

    async def record_rows(self, game_id: int, *, known_version: int | None = None) -> RecordRows | None:
        """The rows a game's record is built from (None: no such game), in one read; the journal and its stored steps
        unless the game is at `known_version` (every write to a journal moves the game's version on: the caller's
        copy is current)."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not _INT64[0] <= game_id <= _INT64[1]:
            return None

        async def work(c: Conn) -> RecordRows | None:
            row = await c.one(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
            if row is None:
                return None
            game = _game(row)
            started = await c.one("SELECT 1 FROM snapshots WHERE game_id=?", (game_id,)) is not None
            holders = [SeatHolder(*r) for r in await c.all(
                "SELECT game_id, seat, from_seq, user_id, display_name, controller, reason, at FROM seat_holders "
                f"WHERE game_id=? ORDER BY {c.d.order('seat_holders')}", (game_id,))]
            scope = f"game:{game_id}"
            rows = None if game.version == known_version else await c.all(
                f"SELECT {_JOURNAL_COLS}, step FROM journal WHERE game_id=? ORDER BY seq", (game_id,))
            return RecordRows(game=game, started=started, seats=await read_seats(c, game_id), holders=holders,
                              settings=(await read_settings_in(c, [scope]))[scope],
                              journal=None if rows is None else [_entry(r) for r in rows],
                              steps=None if rows is None else [r[9] for r in rows])

        return await self._query(work)

    async def load_snapshot(self, game_id: int) -> Snapshot | None:
        return await self._query(read_snapshot, game_id)


_MOVE_JOURNAL = (f"INSERT INTO journal ({_JOURNAL_COLS}, step) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT DO NOTHING")
"""A move's journal row; a used idempotency key or a taken seq makes it write nothing (commit_move then
diagnoses why)."""


def _move_rows(status: str, jobs: list[NewJob] | None, outbox: list[NewMessage] | None) -> tuple[list[_JobRow], list[_MsgRow]]:
    """The job and outbox rows a move writes, checked before any statement runs: a move never puts a game back in
    the lobby, and a game that leaves play keeps no jobs."""
    if _status(status) == "lobby":
        raise ValueError("a move cannot put a game back in the lobby")
    if status != "active" and jobs:
        raise ValueError(f"a game that becomes {status} cannot keep jobs")
    return ([] if status != "active" else _prep_jobs(jobs)), _prep_outbox(outbox)


def _guarded_bump(game_id: int, expected_version: int, status: str, now: int,
                  result_json: str | None) -> tuple[str, tuple]:
    """The UPDATE that moves an active game at `expected_version` on by one version (with its new status and
    result) and returns its last journal seq and whether its deliveries are held: no row when the guard fails."""
    bump = ("UPDATE games SET version = version + 1, status = ?, updated_at = ?"
            + ("" if result_json is None else ", result = ?")
            + " WHERE id = ? AND version = ? AND status = 'active'"
            " RETURNING (SELECT coalesce(max(seq), 0) FROM journal WHERE game_id = games.id), delivery_held_at")
    return bump, (status, now, *(() if result_json is None else (result_json,)), game_id, expected_version)


async def _nothing_older_unsent(c: Conn, game_id: int, own: str | None, now: int) -> bool:
    """Whether the game has no older outbox row still unsent, so a move's rows may be claimed as they are written.
    `own`: rows that owner holds on a live lease do not count (it delivers the new rows after them)."""
    older = ("SELECT 1 FROM outbox WHERE game_id=? AND sent_at IS NULL"
             + (" AND NOT (claimed_by=? AND claimed_until>?)" if own is not None else "") + " LIMIT 1")
    return await c.one(older, (game_id, *((own, now) if own is not None else ()))) is None


def _claimed_rows(game_id: int, seq: int, now: int, ids: Sequence[int],
                  msg_rows: list[_MsgRow]) -> tuple[OutboxRecord, ...]:
    """The outbox rows a move wrote already claimed, as the mover delivers them."""
    return tuple(OutboxRecord(id=i, game_id=game_id, created_seq=seq if created is None else created, audience=audience,
                              kind=kind, payload=json.loads(payload), created_at=now, sent_at=None)
                 for i, (created, audience, kind, payload) in zip(ids, msg_rows))
