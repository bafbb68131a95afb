"""What one sweep of the due-jobs loop claims (bot/service/sweep.py), each part written once against :class:`Conn`,
and all of it in one transaction (`Store.claim_sweep`): the games whose bot seats may owe a move, the jobs that are
due, the spectators' digests that are due. One store call, one server transaction on PostgreSQL, instead of three."""
from __future__ import annotations

from dataclasses import dataclass, replace

from bot.store.dialect import Calls, Conn
from bot.store.records import Follower, JobRecord, _int
from bot.store.rows import _FOLLOWER_COLS, _JOB_COLS, _follower, _job, qualified


@dataclass(frozen=True, slots=True)
class SweepClaims:
    bot_games: list[int]  # active games where the bot plays a seat
    jobs: list[JobRecord]  # due jobs, claimed for this process
    digests: list[Follower]  # due digests, claimed


async def bot_seat_games(c: Conn) -> list[int]:
    return [r[0] for r in await c.all(
        "SELECT id FROM games WHERE status='active' AND id IN (SELECT game_id FROM seats WHERE controller='bot') "
        "ORDER BY id")]


async def claim_jobs(c: Conn, now: int, owner: str, lease_seconds: int, limit: int) -> list[JobRecord]:
    rows = await c.all(
        "WITH picked AS (SELECT id FROM jobs WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) "
        f"ORDER BY due_at, id LIMIT ?{c.d.skip_locked}) "
        "UPDATE jobs SET claimed_by = ?, claimed_until = ? FROM picked WHERE jobs.id = picked.id "
        f"RETURNING {qualified('jobs', _JOB_COLS)}", (now, now, limit, owner, now + lease_seconds))
    return sorted((_job(r) for r in rows), key=lambda j: (j.due_at, j.id))


async def claim_digest_rows(c: Conn, now: int, lease_seconds: int, period: int, limit: int) -> list[Follower]:
    rows = [_follower(r) for r in await c.all(
        f"SELECT {_FOLLOWER_COLS} FROM followers WHERE mode='digest' AND ("
        "(digest_to IS NULL AND digest_due_at <= ?) OR (digest_to IS NOT NULL AND claimed_until <= ?)) "
        f"ORDER BY digest_due_at, game_id, user_id LIMIT ?{c.d.skip_locked}", (now, now, limit))]
    out = []
    for f in rows:
        if f.digest_to is None:
            due = f.digest_due_at if f.digest_due_at is not None else now
            following = due + period * ((now - due) // period + 1)
            await c.run("UPDATE followers SET digest_to=?, claimed_until=?, digest_due_at=? "
                        "WHERE game_id=? AND user_id=?", (now, now + lease_seconds, following, f.game_id, f.user_id))
            f = replace(f, digest_to=now, digest_due_at=following)
        else:
            await c.run("UPDATE followers SET claimed_until=? WHERE game_id=? AND user_id=?",
                        (now + lease_seconds, f.game_id, f.user_id))
        out.append(f)
    return out


class SweepOperations(Calls):
    async def claim_sweep(self, now: int, owner: str, *, lease_seconds: int = 300, limit: int = 100,
                          digest_period: int = 86400) -> SweepClaims:
        """One sweep's claims in one write transaction: the bot's games, the due jobs (claimed for ``owner``:
        another process sweeping the same database gets none of them until the lease runs out) and the due
        digests (see claim_digests)."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Conn) -> SweepClaims:
            return SweepClaims(bot_games=await bot_seat_games(c),
                               jobs=await claim_jobs(c, now, owner, lease_seconds, limit),
                               digests=await claim_digest_rows(c, now, lease_seconds, digest_period, limit))

        return await self._write(work)
