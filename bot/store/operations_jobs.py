"""Jobs (deadlines, reminders), each a row due at a time, turned into the outbox's messages when due: each operation
once, for both backends (see bot/store/dialect.py). Claims are leases, as bot/store/operations_delivery.py says."""
from __future__ import annotations

from bot.store.dialect import Calls, Conn
from bot.store.reads import read_jobs
from bot.store.records import (
    JobRecord,
    NewJob,
    NewMessage,
    _int,
    _prep_jobs,
    _prep_outbox,
)
from bot.store.sweeps import claim_jobs
from bot.store.rows import (
    _JOB_COLS,
    _fetch_game,
    _job,
)


class JobOperations(Calls):
    async def due_jobs(self, now: int, limit: int = 100) -> list[JobRecord]:
        """Jobs due at or before ``now``, earliest first."""
        async def work(c: Conn) -> list[JobRecord]:
            return [_job(r) for r in await c.all(
                f"SELECT {_JOB_COLS} FROM jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT ?", (now, limit))]

        return await self._query(work)

    async def claim_due_jobs(self, now: int, owner: str, lease_seconds: int = 300, limit: int = 100) -> list[JobRecord]:
        """Due jobs, claimed for ``owner`` inside one write transaction: another process sweeping the same
        database gets none of them until the lease runs out (only if this one died before acting)."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")
        return await self._write(claim_jobs, now, owner, lease_seconds, limit)

    async def job_to_outbox(self, job_id: int, game_id: int, message: NewMessage, idem_key: str, now: int) -> bool:
        """Turn a fired job into a notification in one transaction: the outbox row (once per ``idem_key``,
        however many processes fire it) and the job's deletion. False if the key was used already, or if the
        job is gone: a move in the same sweep replaced it (its copy fires in its own time, once)."""
        rows = _prep_outbox([message])

        async def work(c: Conn) -> bool:
            created_seq, audience, kind, payload = rows[0]
            if await c.run("DELETE FROM jobs WHERE id=?", (job_id,)) != 1:
                return False
            return await c.run("INSERT INTO outbox (game_id, created_seq, audience, kind, payload, created_at, idem_key) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idem_key) WHERE idem_key IS NOT NULL DO NOTHING",
                               (game_id, created_seq or 0, audience, kind, payload, _int(now, "now"), idem_key)) == 1

        return await self._write(work)

    async def next_job_due(self) -> int | None:
        async def work(c: Conn) -> int | None:
            return (await c.one("SELECT min(due_at) FROM jobs"))[0]

        return await self._query(work)

    async def delete_job(self, job_id: int) -> bool:
        """Delete one job; False if it was already gone (fired, or replaced by a move)."""
        async def work(c: Conn) -> bool:
            return await c.run("DELETE FROM jobs WHERE id=?", (job_id,)) == 1

        return await self._write(work)

    async def jobs_for_game(self, game_id: int) -> list[JobRecord]:
        return await self._query(read_jobs, game_id)

    async def add_job(self, game_id: int, job: NewJob, now: int) -> None:
        """Add one job to a game's jobs, keeping the others (a lobby's expiry: a lobby has no other jobs)."""
        rows = _prep_jobs([job]) or []

        async def work(c: Conn) -> None:
            await _fetch_game(c, game_id)
            kind, seat, due, payload = rows[0]
            await c.run("INSERT INTO jobs (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                        (game_id, kind, seat, due, payload, _int(now, "now")))

        await self._write(work)
