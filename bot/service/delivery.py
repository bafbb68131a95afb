"""The outbox: every notification a move wrote is claimed, sent through the table and marked, each game's in order.

A failed delivery is retried with backoff and holds up only its own game; a game that keeps failing while others
succeed is held until its host asks again (`/game redeliver`). A public post's copies go to the game's each-turn
followers by DM, and an ended game's last post sends the digest followers their last digest."""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field
import logging
from typing import Any, Sequence


from bot.present import captions, for_ruleset
from bot.present.changes import changed_codes, summarise
from bot.service import budget, coaching, merging
from bot.store.claims import OUTBOX_RUN
from bot.policy import follow as spectators
from bot.present import pictures
from bot.policy import rematch as rematches
from bot.store import (
    Follower,
    GameContext,
    GameRecord,
)
from bot.service.table import GameRef, PublicPost, Table
from bot.service.context import Context, ManagerError, Service
from bot.service.views import Views, deadlines_of

log = logging.getLogger("stumpbot.service.delivery")
# A failed delivery waits this long before its next try (then hourly); only its own game waits.
RETRY_BACKOFF = (10, 60, 300, 900, 3600)
# After this many failed tries in a row, while other games' deliveries went out meanwhile (so it is
# this game, not Discord, that fails), a game's notifications are held until the host asks again.
HOLD_AFTER = 6
DELIVERY_LANES = 8  # games delivered at the same time in one flush
CLAIM_GAMES = 100  # games whose runs one claim takes
HELD_NOTICE = ("⚠️ Game #{id} ({title}): the bot failed {n} times in a row to deliver this game's updates, so they "
               "are paused. No move is lost and the game goes on; the host or a server admin can run "
               "`/game redeliver` to send them again.")


@dataclass
class _Run:
    """What one run of a game's rows shares: the table it is sent through, the game's context, read once (one store
    call) when its first row is sent, and the settings its posts leave (the board the channel was shown, for the next
    caption), written with the run's mark of sent; `shown` keeps the last of them for the run's later captions."""
    table: Table
    context: GameContext | None = None
    settings: dict[tuple[str, str], str] = field(default_factory=dict)
    shown: str | None = None


class Delivery(Service):
    """Sends what the store's outbox holds; decides nothing about the game."""

    def __init__(self, ctx: Context, views: Views, channel_budget: budget.ChannelBudget | None = None) -> None:
        super().__init__(ctx)
        self.views = views
        self._flush_lock = asyncio.Lock()
        # games whose moves' claimed rows this process is sending now (deliver_claimed), each with its end
        # (whether all its rows went out)
        self._sending: dict[int, asyncio.Future[bool]] = {}
        self._budget = channel_budget  # each channel's recent posts, kept to at most 5 in 5 s (None: no limit)
        self._wakes: set[int] = set()  # when a flush is due for posts that wait for their channel
        self._woken: set[asyncio.Task[None]] = set()

    async def flush(self, *, after_game: int | None = None) -> int:
        """Deliver every due notification through the table, each game's in order. Safe to call any time.
        `after_game`: first wait until this process has sent what it is sending of that game (deliver_claimed), whose
        claim would otherwise make this claim skip the game and leave the rows behind them to the upkeep loop.

        Each round claims, for this process, every game's next run of unsent rows (store.claim_outbox):
        another bot process on the same database skips a game while its rows are claimed, so each row goes out
        once and each game's in order. A failure defers that row with backoff and gives the run back, so only its
        own game waits while every other game's rows go on; a game that keeps failing while others succeed is
        held and its channel and host are told (no secrets)."""
        if (table := self.table) is None:
            return 0
        if after_game is not None and (sending := self._sending.get(after_game)) is not None:
            await asyncio.shield(sending)
        delivered = 0
        lanes = asyncio.Semaphore(DELIVERY_LANES)

        async def deliver(run: list[Any]) -> int:
            async with lanes:
                return await self._in_turn(run, _Run(table))

        async with self._flush_lock:
            while True:
                claimed = await self.store.claim_outbox(self._now(), self.ctx.owner, lease_seconds=self.ctx.outbox_lease_s,
                                                        limit=CLAIM_GAMES)
                runs: dict[int, list[Any]] = {}
                for row in claimed:
                    runs.setdefault(row.game_id, []).append(row)
                # one run per game, games side by side: a slow channel (discord.py retries a 500 for
                # some 25 s) delays only its own game
                delivered += sum(await asyncio.gather(*(deliver(run) for run in runs.values())))
                # Claim again only if this claim was cut short (more games, or a longer run, than one claim takes):
                # rows written meanwhile are their writer's to flush (every move flushes after its commit), and a
                # row deferred after a failure waits for its retry time (the upkeep loop flushes).
                if len(runs) < CLAIM_GAMES and all(len(run) < OUTBOX_RUN for run in runs.values()):
                    return delivered

    async def deliver_claimed(self, rows: Sequence[Any], context: GameContext) -> int:
        """Deliver one game's rows that its moves wrote already claimed for this process (store.commit_move's
        claim_for), with the game's context as the last of them left it: no claim and no read of the store of their
        own. Rows claimed after older rows this process is still sending (commit_move's after_own) go out once those
        did; if those did not all go out (a failure, a full channel), these were given back with them and wait for
        the next flush. Returns the rows marked sent; a failure defers its row as `flush` does."""
        if (table := self.table) is None or not rows:
            return 0
        return await self._in_turn(list(rows), _Run(table, context=context))

    async def give_back(self, rows: Sequence[Any]) -> None:
        """Give back this process's claim on the games of `rows` (claimed, unsent), due now: the next flush claims
        them again with whatever the games wrote after them, and sends the lot as one run."""
        for first in {r.game_id: r for r in reversed(rows)}.values():  # each game's first row
            await self.store.postpone_outbox(first.id, self._now(), self.ctx.owner)

    async def _in_turn(self, run: list[Any], reads: _Run) -> int:
        """Send a game's run once this process's earlier run of the game (if any) is through, and not at all if that
        one did not send all its rows (their failure or their wait for the channel gave these back with them)."""
        game_id = run[0].game_id
        before = self._sending.get(game_id)
        ended = self._sending[game_id] = asyncio.get_running_loop().create_future()
        marked = 0
        try:
            if before is not None:
                if not await asyncio.shield(before):
                    return 0
                reads.context = None  # read again: the posts that went out meanwhile changed the board shown
            marked = await self._send_run(run, reads)
            return marked
        finally:
            if self._sending.get(game_id) is ended:
                del self._sending[game_id]
            ended.set_result(marked == len(run))

    async def _send_run(self, run: list[Any], reads: _Run) -> int:
        """Send one game's claimed run in order, as the messages merging.plan makes of it (consecutive public posts
        as one), marking each message's rows sent as soon as it went out (which renews the lease on the rest), before
        the next one is sent: a process killed mid-run leaves at most one message that went out unmarked, so whoever
        takes the run over repeats at most that one. A row that sends nothing (a brief with no news, a bot's seat)
        is marked with the next row that does, or within a quarter of the lease. A channel post the channel has no
        room for (its budget) waits with the rest of the run, given back to the outbox until the channel has room.
        Returns the rows marked."""
        renew_after = max(self.ctx.outbox_lease_s // 4, 1)
        sent: list[int] = []  # done, not marked yet
        posted: list[str] = []  # the texts of the public posts among them (an ended game's last digest holds them)
        marked = 0
        since = self._now()

        async def mark() -> bool:
            nonlocal sent, marked, since
            done = await self.store.mark_claimed_sent(sent, self._now(), self.ctx.owner,
                                                      lease_seconds=self.ctx.outbox_lease_s,
                                                      settings=[(*k, v) for k, v in reads.settings.items()])
            reads.settings.clear()
            lost = done < len(sent)
            if lost:  # the lease ran out mid-delivery and another process took the run over
                log.warning("game %s: outbox claim lost while delivering", run[0].game_id)
            marked, sent, since = marked + done, [], self._now()
            posted.clear()
            return not lost

        items = merging.plan(run)
        for item in items:
            if self._budget is not None and item[0].audience == "public" \
                    and (until := await self._no_room(self._budget, item, reads)) is not None:
                if sent:
                    await mark()
                await self.store.postpone_outbox(item[0].id, math.ceil(until), self.ctx.owner)
                self._wake_at(until)
                return marked
            try:
                went_out, text = await self._deliver(item, posted, reads)
            except Exception as exc:  # anything the table raises: retried later, never blocks others
                await mark()  # the rows before it that sent nothing
                await self._delivery_failed(item[0], exc, reads.table)
                return marked
            sent += [row.id for row in item]
            if text is not None:
                posted.append(text)
            self.ctx.last_delivery_ok = self._now()
            if (went_out or self._now() - since >= renew_after or item is items[-1]) and not await mark():
                return marked
        return marked

    async def _no_room(self, room: budget.ChannelBudget, item: list[Any], reads: _Run) -> float | None:
        """None if the game's channel has room for this post now (counted as sent), else when it will have."""
        if reads.context is None:
            reads.context = await self.views.context(item[0].game_id, followers=True, with_state=True)
        record = reads.context.game
        if record.channel_id is None:
            return None
        text = str(merging.merged(item).get("text") or "")
        room.forget_idle(self.ctx.clock())
        return room.take((record.guild_id, record.channel_id, record.thread_id), self.ctx.clock(),
                         budget.messages_for(text))

    def _wake_at(self, until: float) -> None:
        """Flush again when a channel has room for the posts that wait for it (the upkeep loop would, later)."""
        key = math.ceil(until)
        if key in self._wakes:
            return
        self._wakes.add(key)
        loop = asyncio.get_running_loop()

        def wake() -> None:
            self._wakes.discard(key)
            task = loop.create_task(self._flush_quietly())
            self._woken.add(task)
            task.add_done_callback(self._woken.discard)

        loop.call_later(max(key - self.ctx.clock(), 0) + 0.05, wake)

    async def _flush_quietly(self) -> None:
        try:
            await self.flush()
        except Exception:  # noqa: BLE001 - the upkeep loop delivers what this could not
            log.exception("delivering the posts that waited for their channel failed")

    async def _delivery_failed(self, row: Any, exc: Exception, table: Table) -> None:
        now = self._now()
        attempts = row.attempts + 1
        first_failed = row.first_failed_at if row.first_failed_at is not None else now
        # The exception's class and HTTP status only: its text could quote a request.
        status = getattr(exc, "status", None)
        reason = type(exc).__name__ + (f" (HTTP {status})" if status else "")
        log.warning("delivery of outbox row %s of game %s failed (try %d): %s", row.id, row.game_id, attempts, reason,
                    exc_info=attempts == 1)
        retry_at = now + RETRY_BACKOFF[min(attempts, len(RETRY_BACKOFF)) - 1]
        await self.store.defer_outbox(row.id, now, retry_at, reason)
        others_fine = self.ctx.last_delivery_ok is not None and self.ctx.last_delivery_ok >= first_failed
        if attempts >= HOLD_AFTER and others_fine and await self.store.hold_delivery(row.game_id, now):
            log.error("game %s: deliveries held after %d failed tries (%s)", row.game_id, attempts, reason)
            record = await self.views.game(row.game_id)
            ref = self.ctx.ref(record, row.created_seq)
            try:
                await table.alert(ref, HELD_NOTICE.format(id=record.id, title=record.title, n=attempts),
                                       record.host_user)
            except Exception:  # noqa: BLE001 - the notice is best effort; the hold already stands
                log.warning("could not post the delivery notice of game %s", row.game_id)

    async def redeliver(self, game_id: int, user_id: str, *, admin: bool = False) -> int:
        """The host (or an admin) releases a game whose deliveries were held; returns the rows sent now."""
        record = await self.views.game(game_id)
        if user_id != record.host_user and not admin:
            raise ManagerError("Only the host (or a server admin) can ask for a game's updates again.", code="not_host")
        if record.delivery_held_at is None:
            raise ManagerError(f"Game #{game_id}'s updates are not paused; nothing to send again.", code="not_held")
        await self.store.release_delivery(game_id)
        return await self.flush()

    async def _deliver(self, item: list[Any], posted: list[str], reads: _Run) -> tuple[bool, str | None]:
        """Send one message: one outbox row, or several public posts merged (merging.plan); returns whether anything
        went out, and a public post's text. `posted`: the texts of this run's public posts sent before it and not
        yet marked sent in the store."""
        row = item[-1]
        # The game's record, jobs, seats and followers are read once per run of rows, in one store call (one
        # server transaction on PostgreSQL), and handed on: every row of the run was written before it was claimed,
        # so what is read after the claim is at least as new as each of them. The state comes from the live-game
        # cache.
        if reads.context is None:
            reads.context = await self.views.context(row.game_id, followers=True, with_state=True)
        context = reads.context
        record, jobs, seats = context.game, context.jobs, context.seats
        payload = merging.merged(item)
        if row.audience == "public":
            await self._publish(record, item, payload, self.ctx.ref(record, row.created_seq, deadlines_of(jobs)),
                                posted, reads)
            return True, str(payload.get("text", ""))
        if row.kind == "notice":  # to the member the seat was taken from, whoever holds it now; a closed DM is no failure
            await reads.table.notify(self.ctx.ref(record, row.created_seq), str(payload.get("to", "")),
                                     str(payload.get("text", "")))
            return True, None
        seat_name = row.audience.split(":", 1)[1]
        seat = next((s for s in seats if s.seat == seat_name), None)
        if seat is None or seat.controller == "bot":  # the bot's seat: its absent human gets no DM
            return False, None
        brief = await self.views.brief(record.id, seat.user_id, payload.get("text", ""), record=record, seats=seats,
                                       jobs=jobs)
        briefs, shown = [brief], None
        if coaching.learning(context.game_settings):  # a guided first game: the coach's words before the prompt
            ruleset, state, seq = await self.views.state(record)
            briefs, shown = coaching.coached(ruleset, state, seq, context.game_settings, brief,
                                             prompt=bool(payload.get("prompt")))
        if not payload.get("prompt") and not payload.get("ended") and brief.decision is not None \
                and not payload.get("text") and not any(b.coach for b in briefs):
            return False, None
        ok = True
        for each in briefs:
            ok = await reads.table.tell(each) and ok
        if ok and shown is not None:
            await coaching.remember(self.store, context, shown)
        if seat.dm_ok is None or bool(seat.dm_ok) != ok:
            await self.store.set_seat_dm_ok(record.id, seat.seat, ok)
        return True, None

    async def _publish(self, record: GameRecord, item: list[Any], payload: dict[str, Any], ref: GameRef,
                       posted: list[str], run: _Run) -> None:
        view = None
        row = item[-1]
        boards = sum(1 for r in item if r.kind == "board")
        if boards and record.status != "lobby":
            view = await self.views.board_view(record, payload)
            # one caption for the post, from the board the channel last saw: merged boards get one for them all, and
            # a board whose move was committed before the post ahead of it went out is captioned from that post
            payload = self._recaption(record, payload, view, run)
            # the board this post shows is where the next post's caption starts from (written with the mark of sent)
            if (shown := captions.shown_setting(record.id, record.ruleset, view)) is not None:
                run.settings[shown[:2]] = run.shown = shown[2]
        picture = closeup = None
        if view is not None and self.render:
            picture = await asyncio.to_thread(pictures.picture_for, view)
            if payload.get("closeup"):  # the close-up of the states the post's caption names
                closeup = await asyncio.to_thread(pictures.closeup_for, view, list(payload["closeup"]),
                                                  payload.get("caption", ""))
        # spectators who are not seated get a copy by DM
        seated = {s.user_id for s in run.context.seats} if run.context is not None else set()
        followers = [f for f in (run.context.followers if run.context is not None else [])
                     if f.mode == "turn" and f.user_id not in seated]
        final = bool(payload.get("final")) and record.status == "finished"
        missed = await run.table.publish(PublicPost(game=ref, text=payload.get("text", ""), picture=picture,
                                                     key=f"o{item[0].id}" + (f"-{row.id}" if len(item) > 1 else ""),
                                                     closeup=closeup, turn_line=row.kind != "stall",
                                                     followers=tuple(f.user_id for f in followers), final=final))
        await self._after_copies(run.table, record, row, followers, missed or (), [*posted, payload.get("text", "")],
                                 picture)
        if final and self.render:  # the replay follows, drawn by the next upkeep sweep
            await rematches.replay_due(self.store, record.id)

    def _recaption(self, record: GameRecord, payload: dict[str, Any], view: Any, run: _Run) -> dict[str, Any]:
        """A board post's caption line and close-up: what changed from the board the channel last saw (this run's
        last board, else the game's setting) to the board it shows. The move wrote a caption from the board shown
        when it was made; a post ahead of it sent since (a gathered run's) makes that one say too much. Unchanged
        where no board was shown yet or the game keeps no tally."""
        shown = run.shown
        if shown is None and run.context is not None:
            shown = run.context.game_settings.get(captions.SHOWN_KEY)
        before = captions.shown_tally({captions.SHOWN_KEY: shown} if shown else {})
        after = for_ruleset(record.ruleset).tally(view)
        if before is None or after is None:
            return payload
        text, old = str(payload.get("text", "")), payload.get("caption")
        if old and text.startswith(old):
            text = text[len(old):].lstrip("\n")
        payload = {k: v for k, v in payload.items() if k not in ("caption", "closeup")}
        if (caption := summarise(before, after, payload.get("mover"))) is None:
            return {**payload, "text": text}
        return {**payload, "text": f"{caption}\n{text}" if text else caption, "caption": caption,
                "closeup": changed_codes(before, after)}

    async def watchers(self, record: GameRecord) -> list[Follower]:
        """The game's followers who are not seated in it (one who took a seat since gets the seat's DMs)."""
        followers = await self.store.followers(record.id)
        if not followers:
            return []
        seated = {s.user_id for s in await self.store.list_seats(record.id)}
        return [f for f in followers if f.user_id not in seated]

    async def note_copy(self, follower: Follower, ok: bool) -> None:
        if ok and not follower.failures:
            return
        failures = await self.store.note_follow_delivery(follower.game_id, follower.user_id, ok)
        if failures >= spectators.GIVE_UP_AFTER:
            log.info("game %s: a follower's DMs failed %d times in a row; the follow ends", follower.game_id, failures)
            await self.store.unfollow(follower.game_id, follower.user_id)

    async def _after_copies(self, table: Table, record: GameRecord, row: Any, followers: list[Follower], missed: Any,
                            unmarked: list[str], picture: pictures.Picture | None) -> None:
        """After a public post and its copies: count the copies that failed; after an ended game's last post,
        the digest followers get their last digest and every follow ends. `unmarked`: the texts of the posts sent
        but not yet marked sent in the store (this one last), which the store's list of sent posts lacks."""
        try:
            for f in followers:
                await self.note_copy(f, f.user_id not in set(missed))
            if record.status not in spectators.ENDED or await self.store.public_posts_pending(record.id, row.id):
                return
            for f in await self.watchers(record):
                if f.mode != "digest":
                    continue
                posts = await self.store.public_posts(record.id, f.digest_from, self._now() + 1)
                body = spectators.digest_text(record.id, record.title, [*posts, *unmarked])
                await table.forward(self.ctx.ref(record, row.created_seq), f.user_id, body, picture)
            await self.store.clear_followers(record.id)
        except Exception:  # noqa: BLE001 - the channel post is out: nothing here may make it go out again
            log.exception("game %s: follower copies failed", record.id)
