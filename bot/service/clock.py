"""A game's time: its deadlines, pause and resume, vacations, extensions, and each player's reminders.

Moves stay allowed while a game is paused (Board Game Arena's way: players keep moving, the clocks are frozen): a
move made then gets its deadlines frozen too, and they start running at the resume. Where the deadlines of a move
are placed is bot/policy/timekeeping.py's (pure); the sweep that fires them is bot/service/sweep.py.

Each player chooses their reminders once, for all their games (store settings, scope `user:<id>`): offsets
before a deadline, quiet hours, a time zone (bot/policy/reminders.py reads them; bot/policy/timekeeping.py places the jobs). A choice
applies to each wait that starts after it, and to the reminders not yet sent of the waits running now.

Who is to move, as the line under a channel post names them (`to_move`): the DM is each decision's notice, so the
line pings only a player whose DMs fail or who chose channel pings, never the player who just moved."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any


from bot.policy import bot_levels, timekeeping
from bot.policy import reminders as reminder_prefs
from bot.present.posts import ToMove
from bot.store import (
    GameContext,
    GameRecord,
    SeatRecord,
    NewJob,
    NewMessage,
    Vacation,
    VersionConflict,
    guild_scope,
    user_scope,
)
from engine.core.errors import StaleState
from engine.core.ruleset import owing_seats
from bot.service.context import Context, ManagerError, Service
from bot.service.table import GameRef
from bot.service.views import Views
from bot.service.delivery import Delivery

log = logging.getLogger("stumpbot.service.clock")


class Clock(Service):
    """Changes to a game's clock, each written with its channel notice in one transaction."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery) -> None:
        super().__init__(ctx)
        self.views = views
        self.delivery = delivery

    async def game_clock(self, record: GameRecord, seats: list[SeatRecord] | None = None, *,
                         context: GameContext | None = None) -> timekeeping.GameClock:
        """The game's deadlines, pause and vacations: its own settings, else its server's, else the defaults; and
        the reminders each seat's player chose. `seats`: the game's seats, when the caller has just read them;
        `context`: the game's context read (its seats, clock and settings), when the caller holds one."""
        if context is not None:
            seats = context.seats
        seats = seats if seats is not None else await self.store.list_seats(record.id)
        people = {s.seat: user_scope(s.user_id) for s in seats if s.controller == "human"}
        server_scope = guild_scope(record.guild_id) if record.guild_id else None
        scopes = [*people.values(), *([server_scope] if server_scope else [])]
        if context is not None:
            stored = {scope: context.settings.get(scope, {}) for scope in scopes}
            time = context.time
        else:
            stored = await self.store.settings_in(scopes)
            time = await self.store.game_time(record.id)
        clock = timekeeping.GameClock.of(record.deadline_hours, time, stored[server_scope] if server_scope else {})
        # the players' own reminders (only those who chose anything)
        return replace(clock, reminders={seat: reminder_prefs.ReminderPrefs.from_settings(stored[scope])
                                         for seat, scope in people.items() if stored[scope]})

    @staticmethod
    def _check_hours(hours: int | None, what: str) -> None:
        if hours is not None and not 1 <= hours <= timekeeping.MAX_HOURS:
            raise ManagerError(f"{what} must be between 1 hour and 14 days ({timekeeping.MAX_HOURS} hours).",
                               code="bad_option")

    async def _active(self, game_id: int, what: str) -> GameRecord:
        record = await self.views.game(game_id)
        if record.status != "active":
            raise ManagerError(f"Game #{game_id} is {record.status}: only a game in progress can {what}.", code="not_active")
        return record

    async def retime(self, record: GameRecord, text: str, *, jobs: list[NewJob] | None = None,
                      statuses: tuple[str, ...] = ("active",), **changes: Any) -> GameRecord:
        """Write a clock change and its channel notice in one transaction (the caller holds the game's lock)."""
        out = [NewMessage(audience="public", kind="text", payload={"text": text})]
        try:
            updated = await self.store.retime_game(record.id, record.version, self._now(), jobs=jobs, outbox=out,
                                                   statuses=statuses, **changes)
        except VersionConflict:
            self.ctx.live.pop(record.id, None)
            raise StaleState("Someone moved at the same moment; try again.") from None
        self.ctx.bumped(record, updated)
        return updated

    async def set_deadlines(self, game_id: int, user_id: str, *, hours: int | None = None,
                            response_hours: int | None = None, name: str = "The host", admin: bool = False) -> GameRecord:
        """The host changes the game's turn deadline and/or its response-window deadline, in the lobby or
        mid-game. Waits already running move by the difference (the time waited still counts), never to
        less than an hour from now."""
        if hours is None and response_hours is None:
            raise ManagerError("Give the new deadline: `hours` (per move) and/or `response_hours` (answers out of turn).",
                               code="bad_option")
        self._check_hours(hours, "The move deadline")
        self._check_hours(response_hours, "The out-of-turn deadline")
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status not in ("lobby", "active"):
                raise ManagerError(f"Game #{game_id} is {record.status}.", code="over")
            self.ctx.host_only(record, user_id, admin, "change its deadlines")
            old = await self.game_clock(record)
            new = replace(old, turn_hours=hours or old.turn_hours, response_hours=response_hours or old.response_hours)
            jobs = None
            if record.status == "active":
                jobs = timekeeping.respanned(await self.store.jobs_for_game(game_id), self._now(), new,
                                             lambda window: new.span(window) != old.span(window))
            text = (f"⏱ {name} set game #{game_id}'s deadlines: {new.turn_hours} h per move, "
                    f"{new.window_hours()} h to answer out of turn.")
            if jobs:
                text += " Waits already running were moved by the difference (the time already waited counts)."
            updated = await self.retime(record, text, jobs=jobs, statuses=("lobby", "active"), deadline_hours=hours,
                                         time={"response_hours": response_hours} if response_hours else None)
        await self.delivery.flush()
        return updated

    async def pause(self, game_id: int, user_id: str, *, name: str = "the host", admin: bool = False) -> GameRecord:
        """Stop the game's clock: every deadline and reminder keeps its remaining time until `resume`."""
        async with self._lock(game_id):
            record = await self._active(game_id, "be paused")
            self.ctx.host_only(record, user_id, admin, "pause it")
            clock = await self.game_clock(record)
            if clock.paused:
                raise ManagerError(f"Game #{game_id} is already paused (since <t:{clock.paused_at}:f>); "
                                   "`/clock resume` starts its clock again.", code="paused")
            now = self._now()
            jobs = timekeeping.paused_jobs(await self.store.jobs_for_game(game_id), now)
            text = (f"⏸ Game #{game_id} paused by {name}: deadlines and reminders are stopped until it is resumed. "
                    "Moves can still be made.")
            updated = await self.retime(record, text, jobs=jobs, time={"paused_at": now, "paused_by": user_id})
        await self.delivery.flush()
        return updated

    async def resume(self, game_id: int, user_id: str, *, name: str = "the host", admin: bool = False) -> GameRecord:
        """Start the clock again: each deadline and reminder runs from now with the time it had left."""
        async with self._lock(game_id):
            record = await self._active(game_id, "be resumed")
            self.ctx.host_only(record, user_id, admin, "resume it")
            clock = await self.game_clock(record)
            if not clock.paused:
                raise ManagerError(f"Game #{game_id} is not paused.", code="not_paused")
            now = self._now()
            jobs = timekeeping.resumed_jobs(await self.store.jobs_for_game(game_id), now)
            dues = ", ".join(f"{j.seat} <t:{j.due_at}:R>" for j in jobs if j.kind == "deadline" and j.seat)
            text = f"▶ Game #{game_id} resumed by {name}: the clock runs again" + (f" (due: {dues})." if dues else ".")
            updated = await self.retime(record, text, jobs=jobs, time={"paused_at": None, "paused_by": None})
        await self.delivery.flush()
        return updated

    async def vacation(self, game_id: int, user_id: str, days: int) -> int:
        """A player declares `days` away: their own deadlines (running, and any that start while they are
        away) wait that much longer, within the game's allowance per player. Returns when they are back."""
        if not 1 <= days <= 365:
            raise ManagerError("Vacation is counted in whole days, from 1.", code="bad_option")
        async with self._lock(game_id):
            record = await self._active(game_id, "take vacation days")
            seat = await self.views.seat_of(game_id, user_id)
            clock = await self.game_clock(record)
            left = clock.allowance_left(seat.seat)
            if days * 86400 > left:
                raise ManagerError(f"You have {left // 86400} of {clock.vacation_days} vacation days left in game "
                                   f"#{game_id}; {days} is more than that. Nothing was changed.", code="vacation_allowance")
            now = self._now()
            start = max(now, clock.away.get(seat.seat, 0))  # a second absence follows the first
            back = start + days * 86400
            jobs = timekeeping.shifted(await self.store.jobs_for_game(game_id), now, clock.paused, seat.seat, days * 86400)
            text = (f"🏖 {seat.seat} ({seat.display_name}) is away until <t:{back}:f> (<t:{back}:R>): their deadlines "
                    f"wait {days} day{'s' if days != 1 else ''} longer.")
            await self.retime(record, text, jobs=jobs, vacation=Vacation(seat.seat, start, back))
        await self.delivery.flush()
        return back

    async def extend(self, game_id: int, user_id: str, seat: str, hours: int, *, name: str = "The host",
                     admin: bool = False) -> int | None:
        """The host gives one seat's current decision `hours` more. Returns its new deadline (None while paused)."""
        self._check_hours(hours, "An extension")
        async with self._lock(game_id):
            record = await self._active(game_id, "be extended")
            self.ctx.host_only(record, user_id, admin, "extend a deadline")
            seat = seat.strip().upper()
            jobs_now = await self.store.jobs_for_game(game_id)
            waited = sorted({j.seat for j in jobs_now if j.kind == "deadline" and j.seat})
            if seat not in waited:
                raise ManagerError(f"{seat[:20]} has no deadline running in game #{game_id}. Waiting on: "
                                   f"{', '.join(waited) or 'nobody'}.", code="no_deadline")
            clock = await self.game_clock(record)
            jobs = timekeeping.shifted(jobs_now, self._now(), clock.paused, seat, hours * 3600)
            due = next(j.due_at for j in jobs if j.kind == "deadline" and j.seat == seat)
            when = " (the game is paused)" if clock.paused else f": due <t:{due}:f> (<t:{due}:R>)"
            text = f"⏳ {name} gave {seat} {hours} more hour{'s' if hours != 1 else ''} for this decision{when}."
            await self.retime(record, text, jobs=jobs)
        await self.delivery.flush()
        return None if clock.paused else due

    async def reminder_settings(self, user_id: str) -> reminder_prefs.ReminderPrefs:
        return reminder_prefs.ReminderPrefs.from_settings(await self.store.settings(f"user:{user_id}"))

    async def set_reminders(self, user_id: str, *, before: str | None = None, quiet: str | None = None,
                            zone: str | None = None, channel_pings: bool | None = None) -> reminder_prefs.ReminderPrefs:
        """Change a player's reminders: every value is read first, so a bad one changes nothing
        (ReminderError, player-facing). Returns the choices now in force."""
        current = await self.reminder_settings(user_id)
        changes: dict[str, Any] = {}
        if before is not None:
            changes["offsets"] = reminder_prefs.parse_before(before)
        if quiet is not None:
            changes["quiet"] = reminder_prefs.parse_quiet(quiet)
        if zone is not None:
            changes["zone"] = reminder_prefs.parse_zone(zone)
        if channel_pings is not None:
            changes["channel_pings"] = channel_pings
        chosen = replace(current, **changes)
        if chosen == current:
            return chosen
        for key, value in chosen.settings().items():
            await self.store.set_setting(f"user:{user_id}", key, value)
        if replace(chosen, channel_pings=current.channel_pings) != current:  # the times changed, not only the pings
            await self._replan_reminders(user_id, chosen)
        return chosen

    async def to_move(self, game: GameRef) -> list[ToMove]:
        """The seats that owe a decision now, in turn order, for the line under the post `game` addresses (made
        at its move, `game.seq`): each with its player's name and deadline, and whether the line pings them."""
        context = await self.views.context(game.id, with_state=True)
        if context.game.status != "active":
            return []
        ruleset, state, _ = await self.views.state(context.game)
        owing = owing_seats(ruleset, state)
        if not owing:
            return []
        mover = await self._mover(game.id, game.seq)
        seats = {s.seat: s for s in context.seats}
        out = []
        for seat in owing:
            holder = seats.get(seat)
            if holder is None:
                continue
            if holder.controller == "bot":
                out.append(ToMove(seat, holder.display_name, holder.user_id, bot=True,
                                  level=bot_levels.level_of(context.game_settings, seat)))
                continue
            prefs = reminder_prefs.ReminderPrefs.from_settings(context.settings.get(user_scope(holder.user_id), {}))
            ping = reminder_prefs.channel_ping(dm_ok=holder.dm_ok, wants_pings=prefs.channel_pings,
                                               just_moved=holder.user_id == mover)
            out.append(ToMove(seat, holder.display_name, holder.user_id, game.deadline_at.get(seat), ping=ping))
        return out

    async def _mover(self, game_id: int, seq: int) -> str | None:
        """The user whose own move was the game's move `seq` (None: a deadline's, the bot's, or the start)."""
        last = await self.store.last_journal_entry(game_id)
        if last is not None and last.seq != seq:
            last = next((e for e in await self.store.load_journal(game_id, after_seq=seq - 1) if e.seq == seq), None)
        if last is None or last.seq != seq or last.actor in ("deadline", "bot"):
            return None
        return last.actor

    @staticmethod
    def renamed(clock: timekeeping.GameClock, renames: dict[str, str]) -> timekeeping.GameClock:
        """At the start, seats fitted to the table change names: each player's reminders follow their seat."""
        return replace(clock, reminders={renames.get(s, s): p for s, p in clock.reminders.items()})

    async def _replan_reminders(self, user_id: str, chosen: reminder_prefs.ReminderPrefs) -> None:
        """The user's running waits get the reminders they now chose — only those still ahead: a reminder whose
        time has passed was sent (or dropped) already, and is not sent again."""
        for record in await self.store.list_games(status="active", user_id=user_id):
            async with self._lock(record.id):
                record = await self.views.game(record.id)
                seat = next((s for s in await self.store.list_seats(record.id)
                             if s.user_id == user_id and s.controller == "human"), None)
                jobs = await self.store.jobs_for_game(record.id)
                deadline = next((j for j in jobs if seat and j.kind == "deadline" and j.seat == seat.seat), None)
                if record.status != "active" or seat is None or deadline is None:
                    continue
                clock = await self.game_clock(record)
                now = self._now()
                fresh = timekeeping.replanned(jobs, seat.seat, chosen, now, clock.paused,
                                              sent=await self._reminders_sent(record.id, seat.seat, deadline))
                try:
                    updated = await self.store.retime_game(record.id, record.version, now, jobs=fresh)
                except VersionConflict:  # a move at the same moment: its own schedule used the new choice
                    self.ctx.live.pop(record.id, None)
                    continue
                self.ctx.bumped(record, updated)

    @staticmethod
    def reminder_marks(job: Any) -> dict[str, int]:
        """What a sent reminder keeps in its outbox row: which wait (`began`) and which offset it was, so a change
        of choices never sends it again."""
        return {k: int(job.payload[k]) for k in ("offset", "began") if k in job.payload}

    async def _reminders_sent(self, game_id: int, seat: str, deadline: Any) -> set[int]:
        began = deadline.payload.get("began")
        if began is None:
            return set()
        return {int(row.payload["offset"]) for row in await self.store.outbox_for_game(game_id)
                if row.audience == f"seat:{seat}" and isinstance(row.payload, dict)
                and row.payload.get("began") == began and "offset" in row.payload}
