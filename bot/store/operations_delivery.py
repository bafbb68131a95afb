"""The outbox, claimed delivery across processes, and replays: each operation once, for both backends (see
bot/store/dialect.py).

A claim is a lease written in one transaction. On SQLite the writer holds the whole database, so two claimers
never overlap; on PostgreSQL a claim's SELECT skips rows another claimer is taking right now (``c.d.skip_locked``)
and re-checks, once it holds a row, that row's latest version (claimed, or sent) — so no job, notification run or
replay goes to two processes. A claim lost to a power cut only makes its rows claimable again, as a lease running
out does (the mark that matters is a durable commit, whose fsync also covers the claim): claims are written with
``relaxed=True``."""
from __future__ import annotations

from typing import Iterable, Sequence

from bot.store.claims import OUTBOX_LEASE_S, OUTBOX_RUN, REPLAY_LEASE_S
from bot.store.dialect import Calls, Conn
from bot.store.reads import write_settings
from bot.store.records import (
    OutboxRecord,
    _int,
)
from bot.store.rows import (
    _OUTBOX_COLS,
    _outbox,
    qualified,
)


class DeliveryOperations(Calls):
    # ------------------------------------------------------------ outbox

    async def pending_outbox(self, limit: int = 100) -> list[OutboxRecord]:
        """Unsent notifications, oldest first."""
        async def work(c: Conn) -> list[OutboxRecord]:
            return [_outbox(r) for r in await c.all(
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?", (limit,))]

        return await self._query(work)

    async def outbox_heads(self, now: int, limit: int = 100) -> list[OutboxRecord]:
        """The next notification of each game whose deliveries are not held: its oldest unsent row,
        if that row is due (not waiting out a retry backoff). Oldest first.

        One row per game keeps each game's notifications in order while a failing game waits alone:
        its head is not due, so it drops out and every other game's head still comes back."""
        _int(now, "now")

        async def work(c: Conn) -> list[OutboxRecord]:
            return [_outbox(r) for r in await c.all(
                f"SELECT {qualified('o', _OUTBOX_COLS)} FROM outbox o "
                "JOIN (SELECT game_id, min(id) AS id FROM outbox WHERE sent_at IS NULL GROUP BY game_id) head "
                "ON head.id = o.id JOIN games g ON g.id = o.game_id "
                "WHERE g.delivery_held_at IS NULL AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
                "ORDER BY o.id LIMIT ?", (now, limit))]

        return await self._query(work)

    async def defer_outbox(self, row_id: int, now: int, retry_at: int, error: str) -> None:
        """Record a failed delivery: one more attempt, the next one not before ``retry_at``."""
        _int(row_id, "row_id"), _int(now, "now"), _int(retry_at, "retry_at")

        async def work(c: Conn) -> None:
            await c.run("UPDATE outbox SET attempts=attempts+1, next_attempt_at=?, last_error=?, "
                        "first_failed_at=coalesce(first_failed_at, ?) WHERE id=? AND sent_at IS NULL",
                        (retry_at, error[:200], now, row_id))
            # the failed row's claimer gives back its whole run (the game waits out the backoff)
            await c.run("UPDATE outbox SET claimed_by=NULL, claimed_until=NULL WHERE sent_at IS NULL AND game_id="
                        "(SELECT game_id FROM outbox WHERE id=?) AND claimed_by=(SELECT claimed_by FROM outbox WHERE id=?)",
                        (row_id, row_id))

        return await self._write(work)

    async def postpone_outbox(self, row_id: int, until: int, owner: str) -> None:
        """A game's next notification waits until ``until`` (its channel had all the messages it may take for now),
        with no failed attempt counted; ``owner`` gives back its claim on the game's unsent rows, so whoever claims
        after ``until`` sends them (merged: bot/service/merging.py)."""
        _int(row_id, "row_id"), _int(until, "until")

        async def work(c: Conn) -> None:
            await c.run("UPDATE outbox SET next_attempt_at=? WHERE id=? AND sent_at IS NULL", (until, row_id))
            await c.run("UPDATE outbox SET claimed_by=NULL, claimed_until=NULL WHERE sent_at IS NULL AND claimed_by=? "
                        "AND game_id=(SELECT game_id FROM outbox WHERE id=?)", (owner, row_id))

        return await self._write(work)

    async def hold_delivery(self, game_id: int, now: int) -> bool:
        """Hold a game's notifications (its deliveries keep failing). False if it was held already."""
        async def work(c: Conn) -> bool:
            return await c.run("UPDATE games SET delivery_held_at=? WHERE id=? AND delivery_held_at IS NULL",
                               (_int(now, "now"), game_id)) == 1

        return await self._write(work)

    async def release_delivery(self, game_id: int) -> int:
        """Deliver a held game's notifications again, from a fresh count of attempts. Returns the rows waiting."""
        async def work(c: Conn) -> int:
            await c.run("UPDATE games SET delivery_held_at=NULL WHERE id=?", (game_id,))
            return await c.run("UPDATE outbox SET attempts=0, next_attempt_at=NULL, first_failed_at=NULL "
                               "WHERE game_id=? AND sent_at IS NULL", (game_id,))

        return await self._write(work)

    async def mark_sent(self, ids: Iterable[int], now: int) -> int:
        """Mark delivered rows; returns how many were still unsent (a row's first sent_at is kept)."""
        id_list = [_int(i, "id") for i in ids]
        _int(now, "now")
        if not id_list:
            return 0

        async def work(c: Conn) -> int:
            listed, param = c.d.one_of("id", id_list, "bigint")
            return await c.run(f"UPDATE outbox SET sent_at=? WHERE {listed} AND sent_at IS NULL", (now, param))

        return await self._write(work)

    async def outbox_for_game(self, game_id: int) -> list[OutboxRecord]:
        async def work(c: Conn) -> list[OutboxRecord]:
            return [_outbox(r) for r in await c.all(
                f"SELECT {_OUTBOX_COLS} FROM outbox WHERE game_id=? ORDER BY id", (game_id,))]

        return await self._query(work)

    async def prune_outbox(self, sent_before: int) -> int:
        """Delete rows delivered before ``sent_before``; returns how many."""
        async def work(c: Conn) -> int:
            return await c.run("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?", (sent_before,))

        return await self._write(work)

    # ------------------------------------------------------------ claimed delivery (exactly once across processes)
    # The leases are bot/store/claims.py's. A deliverer claims runs of unsent rows (claim_outbox), marks each row
    # sent as its claimer (mark_claimed_sent, which renews the lease on the rest of the run) and gives the run back
    # when a row fails (defer_outbox). The replay queue is claimed the same way.

    async def claim_outbox(self, now: int, owner: str, *, lease_seconds: int = OUTBOX_LEASE_S, limit: int = 100,
                           run: int = OUTBOX_RUN) -> list[OutboxRecord]:
        """Claim for ``owner`` the due notifications of up to ``limit`` games, in one write transaction: of each game
        whose oldest unsent row is due, not held and not claimed by a live lease, that row and the unsent rows after
        it (up to ``run``), oldest first. Every other deliverer skips a game while its oldest row is claimed, so each
        game's rows go out once and in order whichever process sends them. Sorted by id."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        # One statement (however many games): the heads that may be claimed (each game's oldest unsent row, locked
        # on PostgreSQL, skipped there when another claimer holds it), each one's run of unsent rows numbered by a
        # window, and those rows claimed and returned.
        async def work(c: Conn) -> list[OutboxRecord]:
            rows = await c.all(
                "WITH heads AS (SELECT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id "
                "WHERE o.sent_at IS NULL AND g.delivery_held_at IS NULL "
                "AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?) "
                "AND (o.claimed_until IS NULL OR o.claimed_until <= ?) "
                "AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.game_id = o.game_id AND p.sent_at IS NULL AND p.id < o.id) "
                f"ORDER BY o.id LIMIT ?{c.d.skip_locked_of('o')}), "
                "runs AS (SELECT id, row_number() OVER (PARTITION BY game_id ORDER BY id) AS n FROM outbox "
                "WHERE sent_at IS NULL AND game_id IN (SELECT game_id FROM heads)) "
                "UPDATE outbox SET claimed_by = ?, claimed_until = ? WHERE id IN (SELECT id FROM runs WHERE n <= ?) "
                f"RETURNING {_OUTBOX_COLS}", (now, now, limit, owner, now + lease_seconds, run))
            return sorted((_outbox(r) for r in rows), key=lambda r: r.id)

        return await self._write(work, relaxed=True)

    async def mark_claimed_sent(self, row_ids: Sequence[int], now: int, owner: str, *,
                                lease_seconds: int = OUTBOX_LEASE_S,
                                settings: Sequence[tuple[str, str, str | None]] = ()) -> int:
        """Mark delivered rows sent — those ``owner`` still holds the claim of — in one transaction, and renew the
        lease on the rest of their games' runs. Returns how many were marked: fewer than given when another process
        took rows over (the lease ran out mid-delivery) or they were sent already. `settings`: (scope, key, value)
        settings written in the same transaction (what the delivered posts showed, for the next caption)."""
        ids = [_int(i, "row_id") for i in row_ids]
        _int(now, "now")
        if not ids:
            if settings:
                await self._write(write_settings, list(settings))
            return 0

        async def work(c: Conn) -> int:
            await write_settings(c, settings)
            listed, param = c.d.one_of("id", ids, "bigint")
            games = await c.all(f"UPDATE outbox SET sent_at=? WHERE {listed} AND sent_at IS NULL AND claimed_by=? "
                                "RETURNING game_id", (now, param, owner))
            if games:
                listed, param = c.d.one_of("game_id", sorted({g[0] for g in games}), "bigint")
                await c.run(f"UPDATE outbox SET claimed_until=? WHERE {listed} AND sent_at IS NULL AND claimed_by=?",
                            (now + lease_seconds, param, owner))
            return len(games)

        return await self._write(work)

    async def queue_replay(self, game_id: int, tries: int = 0) -> None:
        """A finished game's replay is (again) to be posted, after ``tries`` failed tries; any claim on it ends.
        Nothing is queued for a game that is gone."""
        async def work(c: Conn) -> None:
            await c.run("INSERT INTO replay_queue (game_id, tries) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE id=?) "
                        "ON CONFLICT (game_id) DO UPDATE SET tries=excluded.tries, claimed_by=NULL, claimed_until=NULL",
                        (_int(game_id, "game_id"), _int(tries, "tries"), game_id))

        return await self._write(work)

    async def claim_replays(self, now: int, owner: str, *, lease_seconds: int = REPLAY_LEASE_S,
                            limit: int = 10) -> list[tuple[int, int]]:
        """(game id, failed tries) of the queued replays no live lease covers, claimed for ``owner``, oldest game
        first: only the claimer draws and posts them."""
        _int(now, "now"), _int(lease_seconds, "lease_seconds")

        async def work(c: Conn) -> list[tuple[int, int]]:
            rows = await c.all(
                "WITH picked AS (SELECT game_id FROM replay_queue WHERE claimed_until IS NULL OR claimed_until <= ? "
                f"ORDER BY game_id LIMIT ?{c.d.skip_locked}) "
                "UPDATE replay_queue SET claimed_by = ?, claimed_until = ? FROM picked "
                "WHERE replay_queue.game_id = picked.game_id RETURNING replay_queue.game_id, replay_queue.tries",
                (now, limit, owner, now + lease_seconds))
            return sorted((int(r[0]), int(r[1])) for r in rows)

        return await self._write(work, relaxed=True)

    async def replay_posted(self, game_id: int, owner: str) -> bool:
        """Take a replay off the queue (posted, or given up) if ``owner`` still holds its claim."""
        async def work(c: Conn) -> bool:
            return await c.run("DELETE FROM replay_queue WHERE game_id=? AND claimed_by=?", (game_id, owner)) == 1

        return await self._write(work)

    async def queued_replays(self) -> list[tuple[int, int]]:
        """(game id, failed tries) of every replay still to be posted, claimed or not, oldest game first."""
        async def work(c: Conn) -> list[tuple[int, int]]:
            return [(r[0], r[1]) for r in await c.all("SELECT game_id, tries FROM replay_queue ORDER BY game_id")]

        return await self._query(work)
