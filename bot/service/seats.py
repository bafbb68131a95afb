"""Seats that change hands, concessions, civil disorder, and the bot playing the seats it holds.

A seat is held by a person (controller 'human': seats.user_id plays it) or by the built-in bot (controller
'bot': the bot plays it with ruleset.bot_action whenever it owes a move; user_id stays the last person who held
it, who may take it back). The host offers a seat to a member, who accepts; the seat's user changes at once, so
the old holder's buttons and commands are refused by the usual "not seated" checks, and the new holder gets the
seat's hand and current decision by DM. A member whose seat changes hands without them (the host hands it to the bot
or to a substitute, or the bot takes it over after missed deadlines) is told by DM, through the outbox. The game's
state never changes with the hands: a pending decision or response window stays pending. A concession is ruled by bot/policy/concession.py."""

from __future__ import annotations

import logging


from bot.policy import concession
from bot.present import seat_notes
from bot.policy import record as records
from bot.store import (
    AlreadySeated,
    GameRecord,
    NewMessage,
    SeatOffer,
    SeatRecord,
    VersionConflict,
)
from engine import registry
from engine.core.errors import StaleState
from bot.policy import bot_levels
from bot.service.bot_play import BotPlay
from bot.service.context import Context, ManagerError, Service, storable
from bot.service.views import Views
from bot.service.delivery import Delivery
from bot.service.clock import Clock
from bot.service.memory import Memory
from bot.service.games import Games

log = logging.getLogger("stumpbot.service.seats")


class Seats(Service):
    """Who holds each seat, and the bot's play for the seats it holds."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery, clock: Clock, memory: Memory, games: Games) -> None:
        super().__init__(ctx)
        self.views = views
        self.delivery = delivery
        self.clock = clock
        self.memory = memory
        self.games = games
        self.bots = BotPlay(ctx, views, games)

    async def leave(self, game_id: int, user_id: str) -> GameRecord:
        if (await self.views.game(game_id)).status == "active":  # mid-game: the bot plays the seat
            return await self.leave_to_bot(game_id, user_id)
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "lobby":
                raise ManagerError("The game has started: use `/game concede` to resign instead.", code="started")
            seat = await self.views.seat_of(game_id, user_id)
            updated = await self._leave_lobby(record, seat)  # the host hands the lobby on
        await self.delivery.flush()
        return updated

    async def concede(self, game_id: int, user_id: str) -> GameRecord:
        """Resign, as bot/policy/concession.py rules it: a running mate hands the seat to the bot and the partner
        carries on; a party's last person takes the party out; the game ends when one party is left."""
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "active":
                raise ManagerError(f"Game #{game_id} is not in progress.", code="not_active")
            seat = await self.views.seat_of(game_id, user_id)
            seats = await self.store.list_seats(game_id)
            names = [s.seat for s in seats]
            ruleset = registry.get(record.ruleset)
            conceded = await self.views.conceded_seats(game_id)
            if seat.seat in conceded:
                raise ManagerError(f"{seat.seat} has already conceded game #{game_id}.", code="conceded")
            humans = {s.seat for s in seats if s.controller == "human"}
            step = concession.concede(ruleset, names, humans, conceded, seat.seat,
                                      concession.seatless(ruleset, record.options))
            if not step.party_out:
                await self._mark_conceded(game_id, conceded | {seat.seat})
                await self._to_bot(record, seat, reason="conceded", public=(
                    f"🏳 {seat.seat} ({seat.display_name}) concedes game #{game_id}; {', '.join(step.partners)} "
                    f"carries on for {step.party}, and the bot plays {seat.seat}'s hand."))
                updated = await self.views.game(game_id)
            elif not step.winners:
                members = [s for s in seats if concession.party_of(ruleset, s.seat) == step.party]
                await self._mark_conceded(game_id, conceded | {s.seat for s in members})
                running = [p for p in concession.parties(ruleset, names)
                           if p != step.party and not set(concession.parties(ruleset, names)[p]) <= conceded]
                notice = (f"🏳 {seat.seat} ({seat.display_name}) concedes game #{game_id}: {step.party} is out of the "
                          f"race and the bot moves its pieces to the end; {', '.join(running)} play on.")
                held = [m for m in members if m.controller == "human"]
                if not held:  # the bot held it already (the player had left): only the notice is new
                    await self.clock.retime(record, notice)
                for member in held:
                    await self._to_bot(await self.views.game(game_id), member, reason="conceded", public=notice)
                    notice = f"🤖 The bot plays {member.seat} too."
                updated = await self.views.game(game_id)
            else:
                result = {"winners": step.winners, "scores": {}, "reason": f"{seat.seat} conceded.",
                          "conceded": sorted(conceded | {seat.seat})}
                text = (f"🏳 {seat.seat} ({seat.display_name}) concedes. {', '.join(step.winners)} "
                        f"win{'s' if len(step.winners) == 1 else ''} game #{game_id}.")
                text += "\n" + ((await records.reveal_event(self.store, game_id, record.seed)).public or "")
                out = [NewMessage(audience="public", kind="text", payload={"text": text, "final": True}, created_seq=0)]
                updated = await self.store.set_status(game_id, record.version, "finished", self._now(), result=result,
                                                      outbox=out)
                self.ctx.live.pop(game_id, None)
        if updated.status == "finished":
            await self.memory.rate_finished()  # ratings: right after the result, before the flush posts both
        await self.delivery.flush()
        if updated.status == "active":
            await self.play_bots(game_id)
        return updated

    async def _mark_conceded(self, game_id: int, seats: set[str]) -> None:
        # A settings row, not a column: written before the seat changes hands, so a crash between the two leaves
        # a seat marked conceded that a second `/game concede` finishes handing over.
        await self.store.set_setting(f"game:{game_id}", "conceded", ",".join(sorted(seats)))

    async def _in_progress(self, game_id: int) -> GameRecord:
        record = await self.views.game(game_id)
        if record.status != "active":
            raise ManagerError(f"Game #{game_id} is {record.status}: seats change hands only in a game in progress.",
                               code="not_active")
        return record

    async def _seat_named(self, game_id: int, seat: str) -> SeatRecord:
        name = seat.strip().upper()
        seats = await self.store.list_seats(game_id)
        for s in seats:
            if s.seat == name:
                return s
        raise ManagerError(f"`{name[:20]}` is not a seat of game #{game_id}. Seats: {', '.join(s.seat for s in seats)}.",
                           code="bad_seat")

    async def _change_hands(self, record: GameRecord, seat: SeatRecord, *, user_id: str, name: str, controller: str,
                            reason: str, public: str, private: str = "", notice: str = "") -> GameRecord:
        """Write a change of hands and its notices in one transaction (the caller holds the game's lock).
        A person who takes the seat gets its hand and current decision by DM (the seat's private brief); `notice`
        goes by DM to the member who held the seat until now (a row of kind "notice" addressed to them: they get it
        whoever holds the seat when it is delivered)."""
        out = [NewMessage(audience="public", kind="text", payload={"text": public})]
        if notice:
            out.append(NewMessage(audience=f"seat:{seat.seat}", kind="notice",
                                  payload={"to": seat.user_id, "text": notice}))
        if controller == "human":
            out.append(NewMessage(audience=f"seat:{seat.seat}", kind="brief", payload={"text": private, "prompt": True}))
        try:
            updated = await self.store.hand_over_seat(record.id, record.version, seat.seat, user_id=user_id,
                                                      display_name=name[:64], controller=controller, reason=reason,
                                                      now=self._now(), outbox=out)
        except AlreadySeated as exc:
            raise ManagerError(f"That member already holds {exc.seat} in game #{record.id}.",
                               code="already_seated") from None
        except VersionConflict:
            self.ctx.live.pop(record.id, None)
            raise StaleState("Someone moved at the same moment; try again.") from None
        self.ctx.bumped(record, updated)
        return updated

    async def offer_seat(self, game_id: int, user_id: str, seat: str, to_user: str, to_name: str, *,
                         admin: bool = False) -> SeatOffer:
        """The host (or an admin) offers a seat — a person's or the bot's — to a member not seated in the game.
        The member takes it with `accept_seat`; a new offer of the seat replaces this one."""
        storable(seat, "seat")
        storable(to_name, "name")
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            self.ctx.host_only(record, user_id, admin, "offer a seat to someone else")
            target = await self._seat_named(game_id, seat)
            await self._refuse_party_out(record, target.seat)
            holder = next((s for s in await self.store.list_seats(game_id) if s.user_id == to_user), None)
            if holder is not None:
                what = "already plays" if holder.controller == "human" else "held"
                hint = "" if holder.controller == "human" else f"; they can take it back with `/seat take seat:{holder.seat}`"
                raise ManagerError(f"That member {what} {holder.seat} in game #{game_id}{hint}.", code="already_seated")
            return await self.store.offer_seat(game_id, target.seat, to_user, to_name[:64], user_id, self._now())

    async def offers(self, game_id: int) -> list[SeatOffer]:
        return await self.store.seat_offers(game_id=game_id)

    async def accept_seat(self, game_id: int, user_id: str, name: str, seat: str | None = None) -> SeatRecord:
        """A member takes the seat the host offered them, with its hand and pending decision."""
        storable(name, "name")
        storable(seat, "seat")
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            offers = await self.store.seat_offers(game_id=game_id, user_id=user_id)
            if seat is not None:
                offers = [o for o in offers if o.seat == seat.strip().upper()]
            if not offers:
                raise ManagerError(f"No seat of game #{game_id} is offered to you"
                                   + (f" ({seat.strip().upper()[:20]})" if seat else "") + ". The host can offer one "
                                   "with `/seat offer`.", code="no_offer")
            if len(offers) > 1:
                raise ManagerError(f"Several seats are offered to you ({', '.join(o.seat for o in offers)}): say which "
                                   "with the `seat` option.", code="ambiguous")
            target = await self._seat_named(game_id, offers[0].seat)
            await self._hand_to_person(record, target, user_id, name, reason="substitute", offer=offers[0])
        await self.delivery.flush()
        return await self._seat_named(game_id, target.seat)

    async def decline_seat(self, game_id: int, user_id: str, seat: str) -> bool:
        """The member turns the offer down (or the host withdraws it)."""
        storable(seat, "seat")
        record = await self.views.game(game_id)
        seat = seat.strip().upper()
        if user_id == record.host_user:
            return await self.store.withdraw_offer(game_id, seat)
        return await self.store.withdraw_offer(game_id, seat, user_id)

    async def _refuse_party_out(self, record: GameRecord, seat: str) -> None:
        ruleset = registry.get(record.ruleset)
        conceded = await self.views.conceded_seats(record.id)
        party = concession.party_of(ruleset, seat)
        members = concession.parties(ruleset, [s.seat for s in await self.store.list_seats(record.id)])[party]
        if all(m in conceded for m in members):
            raise ManagerError(f"{party} conceded game #{record.id} and is out of the race: its seats stay with the bot.",
                               code="conceded")

    async def _hand_to_person(self, record: GameRecord, target: SeatRecord, user_id: str, name: str, *,
                              reason: str, offer: SeatOffer | None = None) -> GameRecord:
        # a person plays the seat now: should the bot take it again (a player leaving, civil disorder), it plays
        # at the usual level until the host chooses another
        await self.store.set_setting(f"game:{record.id}", bot_levels.level_key(target.seat), None)
        conceded = await self.views.conceded_seats(record.id)
        if target.seat in conceded:  # a substitute for a running mate who conceded: the seat is in the race again
            await self._mark_conceded(record.id, conceded - {target.seat})
        notice = ""
        if target.user_id == user_id:
            public = f"🙋 {name} takes {target.seat} back from the bot in game #{record.id}."
            private = f"You play **{target.seat}** again in game #{record.id}. Here are your hand and the current decision."
        else:
            # the member who held the seat is named (never pinged) in the channel and told by DM
            before = (f"the bot (playing it for {target.display_name})" if target.controller == "bot"
                      else target.display_name)
            by = await self._offerer(record, offer)
            public = f"🔁 {target.seat} in game #{record.id} is now played by {name}, replacing {before}, on {by}'s offer."
            private = (f"You now play **{target.seat}** in game #{record.id}, replacing {before}. Here are your hand "
                       "and the current decision.")
            notice = seat_notes.substituted(target.seat, record.id, record.title, name, by)
        return await self._change_hands(record, target, user_id=user_id, name=name, controller="human", reason=reason,
                                        public=public, private=private, notice=notice)

    async def _offerer(self, record: GameRecord, offer: SeatOffer | None) -> str:
        """Who offered the seat, in words: their name at the table when they are seated, else their role."""
        by = offer.offered_by if offer is not None else record.host_user
        seated = next((s.display_name for s in await self.store.list_seats(record.id) if s.user_id == by), None)
        return seat_notes.offerer(seated, by == record.host_user)

    async def take_seat(self, game_id: int, user_id: str, name: str, seat: str) -> SeatRecord:
        """Take a seat back from the bot: the person who held it, or a member the host offered it to."""
        storable(name, "name")
        storable(seat, "seat")
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            target = await self._seat_named(game_id, seat)
            offered = any(o.seat == target.seat for o in await self.store.seat_offers(game_id=game_id, user_id=user_id))
            if not offered and target.seat in await self.views.conceded_seats(game_id):
                raise ManagerError(f"{target.seat} conceded game #{game_id}, and a concession is final.", code="conceded")
            if offered:
                offer = next(o for o in await self.store.seat_offers(game_id=game_id, user_id=user_id)
                             if o.seat == target.seat)
                await self._hand_to_person(record, target, user_id, name, reason="substitute", offer=offer)
            elif target.controller == "bot" and target.user_id == user_id:
                await self._hand_to_person(record, target, user_id, name, reason="takeseat")
            elif target.controller == "human" and target.user_id == user_id:
                raise ManagerError(f"You already play {target.seat}.", code="already_seated")
            elif target.controller == "bot":
                raise ManagerError(f"The bot plays {target.seat}: {target.display_name}, who held it, can take it back, or "
                                   "a member the host offers it to (`/seat offer`).", code="not_yours")
            else:
                raise ManagerError(f"{target.seat} is played by {target.display_name}. The host can offer you a seat "
                                   "with `/seat offer`.", code="not_yours")
        await self.delivery.flush()
        return await self._seat_named(game_id, target.seat)

    async def bot_seat(self, game_id: int, user_id: str, seat: str, *, admin: bool = False,
                       name: str = "The host", level: str | None = None) -> SeatRecord:
        """The host (or an admin) hands a seat to the bot, which plays it at once if it owes a move, at `level`
        (easy, normal or hard; none: normal). A seat the bot already plays changes level when one is given."""
        storable(name, "name")
        storable(seat, "seat")
        chosen = bot_levels.parse_level(level)
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            self.ctx.host_only(record, user_id, admin, "hand a seat to the bot")
            target = await self._seat_named(game_id, seat)
            if target.controller == "bot" and level is None:
                raise ManagerError(f"The bot already plays {target.seat}. To change how well it plays, give a level: "
                                   f"`/seat bot seat:{target.seat} level:hard` (easy, normal or hard).", code="bot_seat")
            if target.controller == "bot":
                await self._set_level(record, target.seat, chosen, public=(
                    f"🤖 {name} set the bot's level for {target.seat} in game #{game_id}: "
                    f"{bot_levels.LEVEL_WORDS[chosen]}."))
            else:
                # the member who held the seat is named (never pinged) in the channel and told by DM
                notice = ("" if target.user_id == user_id
                          else seat_notes.handed_to_bot(target.seat, game_id, record.title, name))
                at = "" if chosen == bot_levels.DEFAULT_LEVEL else f", at {chosen} level"
                updated = await self._to_bot(record, target, reason="host", notice=notice,
                                             public=f"🤖 {name} handed {target.seat} to the bot in game #{game_id}: it "
                                                    f"plays {target.seat} from now on{at}. {target.display_name} can "
                                                    f"take it back with `/seat take seat:{target.seat}`.")
                await self._set_level(updated, target.seat, chosen)
        await self.delivery.flush()
        await self.play_bots(game_id)
        return await self._seat_named(game_id, target.seat)

    async def _set_level(self, record: GameRecord, seat: str, level: str, *, public: str = "") -> None:
        """The bot's level for `seat`, a game setting (the caller holds the game's lock); `public`: said in the
        game's channel."""
        await self.store.set_setting(f"game:{record.id}", bot_levels.level_key(seat),
                                     None if level == bot_levels.DEFAULT_LEVEL else level)
        if public:
            await self.clock.retime(record, public)

    async def leave_to_bot(self, game_id: int, user_id: str) -> GameRecord:
        """A player leaves a game in progress: the bot plays their seat, which they can take back."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            target = await self.views.seat_of(game_id, user_id)
            if target.controller == "bot":
                raise ManagerError(f"The bot already plays {target.seat} for you. `/seat take seat:{target.seat}` "
                                   "takes it back.", code="bot_seat")
            updated = await self._to_bot(record, target, reason="left",
                                         public=f"🤖 {target.seat} ({target.display_name}) left game #{game_id}: the bot "
                                                f"plays {target.seat} from now on. They can come back with "
                                                f"`/seat take seat:{target.seat}`, or the host can offer the seat "
                                                "to someone (`/seat offer`).")
        await self.delivery.flush()
        await self.play_bots(game_id)
        return updated

    async def _to_bot(self, record: GameRecord, target: SeatRecord, *, reason: str, public: str,
                      notice: str = "") -> GameRecord:
        return await self._change_hands(record, target, user_id=target.user_id, name=target.display_name,
                                        controller="bot", reason=reason, public=public, notice=notice)

    async def set_civil_disorder(self, game_id: int, user_id: str, count: int, *, admin: bool = False) -> int:
        """The host sets after how many missed deadlines in a row the bot takes a seat over (0: never)."""
        if not 0 <= count <= 100:
            raise ManagerError("Civil disorder: a number of missed deadlines in a row from 1 to 100, or 0 for never.",
                               code="bad_option")
        record = await self.views.game(game_id)
        if record.status not in ("lobby", "active"):
            raise ManagerError(f"Game #{game_id} is {record.status}.", code="over")
        self.ctx.host_only(record, user_id, admin, "change when the bot takes over a seat")
        await self.store.set_civil_disorder_after(game_id, count)
        return count

    async def missed_deadline(self, game_id: int, seat: str, due_at: int) -> None:
        """A deadline passed for `seat` (its default was played): count it, once per deadline; at the game's
        threshold of misses in a row the bot takes the seat over (civil disorder)."""
        seats = {s.seat: s for s in await self.store.list_seats(game_id)}
        if seat not in seats or seats[seat].controller == "bot":
            return
        missed = await self.store.note_missed_deadline(game_id, seat, due_at)
        after = await self.store.civil_disorder_after(game_id)
        if not after or missed < after:
            return
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            target = next((s for s in await self.store.list_seats(game_id) if s.seat == seat), None)
            if record.status != "active" or target is None or target.controller == "bot":
                return
            await self._to_bot(record, target, reason="civil_disorder",
                               notice=seat_notes.taken_over(seat, game_id, record.title, missed),
                               public=f"🤖 {seat} ({target.display_name}) missed {missed} deadlines in a row: the bot "
                                      f"plays {seat} from now on (civil disorder). `/seat take seat:{seat}` takes it "
                                      "back, or the host can offer the seat to someone (`/seat offer`).")
        await self.delivery.flush()
        await self.play_bots(game_id)

    async def _leave_lobby(self, record: GameRecord, seat: SeatRecord) -> GameRecord:
        """A player leaves a lobby (the caller holds its lock). The host's leaving hands the lobby to the next
        player who joined; the last player's leaving closes it. Either is told in the channel."""
        settings = await self.store.settings(f"game:{record.id}")
        rest = [s for s in await self.store.list_seats(record.id) if s.user_id != seat.user_id
                and not settings.get(bot_levels.level_key(s.seat))]  # a seat the bot holds hosts nothing
        new_host, out = None, []
        if not rest:
            text = f"🚪 Game #{record.id}'s lobby is closed: its last player, {seat.display_name}, left."
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
        elif seat.user_id == record.host_user:
            new_host = rest[0]
            text = (f"👑 {seat.display_name} left game #{record.id}'s lobby: {new_host.display_name} "
                    f"(<@{new_host.user_id}>) hosts it now and can start it.")
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
        try:
            return await self.store.leave_lobby(record.id, record.version, seat.user_id, self._now(),
                                                new_host=new_host.user_id if new_host else None, close=not rest,
                                                outbox=out)
        except VersionConflict:
            raise StaleState("Someone joined or left at the same moment; try again.") from None

    async def after_move(self, game_id: int, seat: str, actor: str, seats: list[SeatRecord]) -> None:
        """Subscribed to the move path: a person who moved has missed no deadline in a row; the bot plays what it
        owes in the game's bot seats (`seats`: as the move saw them, under the game's lock)."""
        if actor not in ("bot", "deadline") and any(s.seat == seat and s.missed_deadlines for s in seats):
            await self.store.reset_missed_deadlines(game_id, seat)
        if any(s.controller == "bot" for s in seats):
            await self.play_bots(game_id)

    async def play_bots(self, game_id: int) -> int:
        """Play every move the bot owes in the game's bot seats, until a person owes one or the game ends
        (bot/service/bot_play.py). Returns the moves made; a game with a hard bot seat is played in the
        background, and 0 returned at once."""
        return await self.bots.play(game_id)

    async def bots_catch_up(self, game_ids: list[int] | None = None) -> None:
        """Moves the bot owes that no move triggered (a restart between a move and the bot's answer). `game_ids`:
        the games where the bot plays a seat, when the caller has just read them."""
        for game_id in (game_ids if game_ids is not None else await self.store.games_with_bot_seats()):
            try:
                await self.play_bots(game_id)
            except Exception:  # noqa: BLE001 - one game's trouble must not stop the sweep
                log.exception("the bot could not play in game %s", game_id)
