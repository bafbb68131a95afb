"""The due-jobs sweep: deadlines' defaults, reminders, the stall line, lobbies not started in time, digests.

Jobs are claimed in the store first, so two processes sweeping one database never both fire one. The upkeep loop
(bot/discord/client.py, the local table) calls `run_due_jobs` every few seconds."""

from __future__ import annotations

import logging
from typing import Any


from bot.policy import timekeeping
from bot.policy import server_settings
from bot.policy import follow as spectators
from bot.store import (
    NewMessage,
    VersionConflict,
)
from engine.core.errors import EngineError, StaleState
from engine.core.types import PendingKind
from bot.service.context import Context, Service
from bot.service.views import Views
from bot.service.delivery import Delivery
from bot.service.clock import Clock
from bot.service.community import Community
from bot.service.games import Games
from bot.service.seats import Seats

log = logging.getLogger("stumpbot.service.sweep")


class Sweep(Service):
    """Fires what is due; each job's effect is another service's."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery, clock: Clock, community: Community, games: Games, seats: Seats) -> None:
        super().__init__(ctx)
        self.views = views
        self.delivery = delivery
        self.clock = clock
        self.community = community
        self.games = games
        self.seats = seats

    async def run_due_jobs(self) -> int:
        """Fire every deadline and reminder that is due. Returns how many moves deadlines made.

        Jobs are claimed in the store first, so two processes sweeping one database never both fire one.
        A job is deleted only after it has acted (a deadline's move replaces the game's jobs in the same
        transaction; a reminder becomes an outbox row in the transaction that deletes it), so a crash in
        between fires it again once the claim runs out, and the idempotency keys make that harmless."""
        moves = reminders = 0
        # the sweep's claims in one store call (one server transaction on PostgreSQL): the bot's games, the due
        # jobs, the due digests
        claims = await self.store.claim_sweep(self._now(), self.ctx.owner, digest_period=spectators.DIGEST_PERIOD)
        # the bot's seats play what they owe before any deadline plays a default (a job a bot's move replaced is
        # then stale: the deadline's move is refused as such, and the job deleted)
        await self.seats.bots_catch_up(claims.bot_games)
        for job in claims.jobs:
            if job.kind == server_settings.LOBBY_EXPIRY_JOB:  # a lobby nobody started in time
                await self._expire_lobby(job)  # a lobby still changing keeps its job for the next sweep
                continue
            if job.kind == "stall":  # the game's stall line: no seat of its own
                await self._fire_stall(job)
                continue
            record = await self.store.get_game(job.game_id)
            if record is None or record.status != "active" or job.seat is None:
                await self.store.delete_job(job.id)
                continue
            ruleset, state, seq = await self.views.state(record)
            if not ruleset.decisions(state, job.seat).owes_move:
                await self.store.delete_job(job.id)
                continue
            if job.kind == "reminder":
                message = NewMessage(audience=f"seat:{job.seat}", kind="brief", created_seq=seq,
                                     payload={"text": "Reminder: the game is waiting on you.", "prompt": True,
                                              **self.clock.reminder_marks(job)})
                reminders += await self.store.job_to_outbox(
                    job.id, record.id, message, f"reminder:{record.id}:{seq}:{job.seat}:{job.due_at}", self._now())
                continue
            action = ruleset.deadline_action(state, job.seat)
            default = ruleset.decisions(state, job.seat).deadline_default or "the default choice was made"
            try:
                await self.games.submit(record.id, "", [action], actor="deadline", seat_override=job.seat,
                                  idem_key=f"deadline:{record.id}:{seq}:{job.seat}", deadline_at=job.due_at,
                                  note=f"⏰ {job.seat}'s deadline passed: {default}.")
                moves += 1
                await self.seats.missed_deadline(record.id, job.seat, job.due_at)
            except StaleState:  # the job was replaced meanwhile (a bot's move this sweep, a pause, an extension)
                log.debug("deadline of game %s seat %s moved before it fired", record.id, job.seat)
            except EngineError as exc:
                log.warning("deadline move for game %s seat %s refused: %s", record.id, job.seat, exc.code)
            await self.store.delete_job(job.id)  # a no-op when the move already replaced the jobs
        if reminders:
            await self.delivery.flush()
        await self.community.send_digests(claims.digests)  # spectators' daily digests
        return moves

    async def _expire_lobby(self, job: Any) -> None:
        """Cancel a lobby that was not started in time, with a notice in its channel. A lobby started or closed
        meanwhile lost the job with the rest of its jobs; one found so anyway only loses the job."""
        async with self._lock(job.game_id):
            record = await self.store.get_game(job.game_id)
            if record is None or record.status != "lobby":
                await self.store.delete_job(job.id)
                return
            hours = int(job.payload.get("hours", 0)) or (self._now() - record.created_at) // 3600
            text = (f"⌛ Game #{record.id} ({record.title}) was cancelled: its lobby was not started within {hours} h. "
                    "`/game new` opens a new one.")
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
            try:
                await self.store.set_status(record.id, record.version, "abandoned", self._now(), outbox=out)
            except VersionConflict:  # someone joined at that moment: the next sweep tries again
                return
        await self.delivery.flush()

    async def _fire_stall(self, job: Any) -> None:
        """Post the stall line once: only if its job still stands (no move replaced it) and the seats it names
        still owe, in turn, what they owed."""
        async with self._lock(job.game_id):
            record = await self.store.get_game(job.game_id)
            if record is None or record.status != "active" or not any(
                    j.id == job.id for j in await self.store.jobs_for_game(job.game_id)):
                await self.store.delete_job(job.id)
                return
            ruleset, state, seq = await self.views.state(record)
            seats = [str(s) for s in job.payload.get("seats", [])]
            still = [s for s in seats if ruleset.decisions(state, s).owes_move
                     and ruleset.decisions(state, s).kind != PendingKind.RESPONSE]
            if not seats or still != seats:
                await self.store.delete_job(job.id)
                return
            names = {s.seat: s.display_name for s in await self.store.list_seats(record.id)}
            who = ", ".join(f"{s} ({names[s]})" if names.get(s) else s for s in seats)
            since = int(job.payload.get("since", job.due_at - timekeeping.STALL_AFTER))
            message = NewMessage(audience="public", kind="stall", created_seq=seq,
                                 payload={"text": f"⏳ Waiting on {who} since <t:{since}:R>."})
            await self.store.job_to_outbox(job.id, record.id, message, f"stall:{record.id}:{seq}:{since}", self._now())
        await self.delivery.flush()
