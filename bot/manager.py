"""The game manager: async orchestration between tables, the engine and the store.

No Discord import. Every move is: check (engine, pure) → one store transaction (journal row,
snapshot, deadlines, outbox) → deliver the outbox through the table. The journal is the truth;
the snapshot and the in-memory LRU are caches.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Callable

from pydantic import BaseModel, ValidationError

from bot import bot_notes, captions, typed_rest
from bot import clock as timekeeping
from bot import concession
from bot import delivery_claims
from bot import follow as spectators
from bot import pictures
from bot.posts import POST_VIEW, board_posts
from bot import ratings
from bot import record as records
from bot import server_settings
from bot import reminders as reminder_prefs
from bot import rematch as rematches
from bot.store import (
    AlreadySeated,
    DuplicateMove,
    Follower,
    GameRecord,
    NewJob,
    NewMessage,
    SeatOffer,
    SeatRecord,
    Store,
    Vacation,
    VersionConflict,
)
from bot.tables.base import GameRef, PrivateBrief, PublicPost, Table
from bot.undo_refusal import nothing_to_undo
from engine import registry
from engine.core.errors import EngineError, NotYourDecision, StaleState
from engine.core.rng import Rng
from engine.core.posting import held_lines
from engine.core.ruleset import (Ruleset, lobby_seat_names, owing_seats, play, play_until_handoff, seat_range,
                                 state_hash)
from engine.core.types import Action, Decision, Event, PendingKind, result_headline

log = logging.getLogger("stumpbot.manager")

LIVE_GAMES = 64  # games kept parsed in memory; the rest are loaded on demand
MAX_TITLE = 80
# A failed delivery waits this long before its next try (then hourly); only its own game waits.
RETRY_BACKOFF = (10, 60, 300, 900, 3600)
# After this many failed tries in a row, while other games' deliveries went out meanwhile (so it is
# this game, not Discord, that fails), a game's notifications are held until the host asks again.
HOLD_AFTER = 6
DELIVERY_LANES = 8  # games delivered at the same time in one flush
REPEAT_SECONDS = 60  # a typed move identical to the sender's last one within this window asks first
BOT_MOVES_AT_ONCE = 1000  # the bot's moves in a row for one game in one go (the next sweep goes on)
HELD_NOTICE = ("⚠️ Game #{id} ({title}): the bot failed {n} times in a row to deliver this game's updates, so they "
               "are paused. No move is lost and the game goes on; the host or a server admin can run "
               "`/game redeliver` to send them again.")


class ManagerError(EngineError):
    """A player-facing problem outside the rules (lobby, permissions, unknown game)."""

    code = "manager"


@dataclass(frozen=True)
class SubmitResult:
    seq: int
    events: list[Event]
    notation: str
    finished: bool
    # the steps of a compound move not applied because the decision passed to others first (a response
    # window opened on the declaration): the player sends them again when it is their move
    pending: str = ""


@dataclass(frozen=True)
class SeatedGame:
    """One line of `/game mine`: a lobby or game in progress where the user holds a seat."""
    record: GameRecord
    ruleset_title: str
    seat: str
    owing: list[str]  # the seats whose move it is (empty in a lobby)
    owing_users: dict[str, str]  # seat -> user id, for the owing seats
    deadline_at: int | None  # the user's own deadline when they owe a move, else the earliest owing one

    @property
    def your_move(self) -> bool:
        return self.seat in self.owing


@dataclass
class _Live:
    version: int
    seq: int
    state: Any


class GameManager:
    def __init__(self, store: Store, table: Table | None = None, *, clock: Callable[[], float] = time.time,
                 render: bool = True, new_seed: Callable[[], int] = lambda: secrets.randbits(63)) -> None:
        self.store = store
        self.new_seed = new_seed  # fresh games' seeds: unpredictable in play, fixed by a test that needs one game
        self.table = table
        self.clock = clock
        self.render = render
        self._locks: dict[int, asyncio.Lock] = {}
        self._live: OrderedDict[int, _Live] = OrderedDict()
        self._flush_lock = asyncio.Lock()
        self._owner = secrets.token_hex(6)  # claims due jobs, outbox rows and replays in the store under this name
        # How long this process's outbox claims last, in the manager's clock's seconds (a test clock running faster
        # than time scales it, or the lease would run out while a row is being sent).
        self.outbox_lease_s = delivery_claims.OUTBOX_LEASE_S
        self._last_delivery_ok: int | None = None  # when any game's notification last went out
        self._botting: set[int] = set()  # games whose bot seats are being played now (play_bots)

    # ------------------------------------------------------------ helpers

    def _now(self) -> int:
        return int(self.clock())

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def game(self, game_id: int) -> GameRecord:
        record = await self.store.get_game(game_id)
        if record is None:
            raise ManagerError(f"There is no game #{game_id}. `/game list` shows the games in this channel.", code="no_game")
        return record

    async def _state(self, record: GameRecord) -> tuple[Ruleset, Any, int]:
        """(ruleset, state, seq) for an active or finished game, from the LRU or the snapshot."""
        ruleset = registry.get(record.ruleset)
        live = self._live.get(record.id)
        if live is not None and live.version == record.version:
            self._live.move_to_end(record.id)
            return ruleset, live.state, live.seq
        snap = await self.store.load_snapshot(record.id)
        if snap is None:
            raise ManagerError(f"Game #{record.id} has not started yet.", code="not_started")
        state = ruleset.load_state(snap.state)
        self._remember(record.id, record.version, snap.seq, state)
        return ruleset, state, snap.seq

    def _remember(self, game_id: int, version: int, seq: int, state: Any) -> None:
        self._live[game_id] = _Live(version=version, seq=seq, state=state)
        self._live.move_to_end(game_id)
        while len(self._live) > LIVE_GAMES:
            self._live.popitem(last=False)

    async def seat_of(self, game_id: int, user_id: str) -> SeatRecord:
        return self._seat_in(await self.store.list_seats(game_id), user_id)

    @staticmethod
    def _seat_in(seats: list[SeatRecord], user_id: str) -> SeatRecord:
        for seat in seats:
            if seat.user_id == user_id:
                return seat
        raise NotYourDecision("You are not seated in this game. Spectators can follow the channel posts.")

    def _ref(self, record: GameRecord, seq: int, deadlines: dict[str, int] | None = None) -> GameRef:
        return GameRef(id=record.id, ruleset=record.ruleset, title=record.title, status=record.status,
                       guild_id=record.guild_id, channel_id=record.channel_id, thread_id=record.thread_id,
                       seq=seq, deadline_at=deadlines or {})

    # ------------------------------------------------------------ lobby

    async def create(self, ruleset_name: str, host_user: str, host_name: str, *, options: dict[str, Any] | None = None,
                     title: str | None = None, guild_id: str | None = None, channel_id: str | None = None,
                     seat: str | None = None, deadline_hours: int | None = None, seed: int | None = None) -> GameRecord:
        try:
            ruleset = registry.get(ruleset_name)
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        try:
            parsed = ruleset.parse_options(options or {})
        except ValidationError as exc:
            first = exc.errors()[0]
            raise ManagerError(f"Bad option `{'.'.join(map(str, first['loc']))}`: {first['msg']}.", code="bad_option") from None
        opts = parsed.model_dump()
        server = await self.server_settings(guild_id)  # the server's defaults for its new games (issue 14)
        hours = deadline_hours or (opts.get("deadline_hours") if "deadline_hours" in (options or {}) else server.deadline_hours)
        if not 1 <= hours <= 24 * 14:
            raise ManagerError("The move deadline must be between 1 hour and 14 days.", code="bad_option")
        clean_title = (title or ruleset.title).strip()[:MAX_TITLE] or ruleset.title
        now = self._now()
        if seed is None:  # fresh games get an unpredictable seed; demos and tests pass their own
            seed = self.new_seed()
        record = await self.store.create_game(ruleset.name, opts, seed, host_user, clean_title, now,
                                              guild_id=guild_id, channel_id=channel_id, deadline_hours=hours)
        await self._new_lobby_defaults(record, server)
        await records.prepare_seed(self.store, record.id)  # the seed commitment's secret salt (issue 16)
        return await self.join(record.id, host_user, host_name, seat=seat)

    async def join(self, game_id: int, user_id: str, name: str, *, seat: str | None = None) -> GameRecord:
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise ManagerError(f"Game #{game_id} has already started; you can follow it as a spectator.", code="started")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise ManagerError(f"You are already seated in game #{game_id}.", code="already_seated")
            names = ruleset.seat_names(ruleset.max_seats)
            taken = {s.seat for s in seats}
            free = [n for n in names if n not in taken]
            most = seat_range(ruleset, record.options)[1]
            if len(seats) >= most:
                raise ManagerError(f"Game #{game_id} is full ({most} seat{'s' if most != 1 else ''}).", code="full")
            if seat is None:
                seat = free[0]
            seat = seat.upper()
            if seat not in lobby_seat_names(ruleset):
                raise ManagerError(f"`{seat[:20]}` is not a seat in {ruleset.title}. Seats: {', '.join(names)}.", code="bad_seat")
            if seat in taken:
                raise ManagerError(f"{seat} is taken. Free seats: {', '.join(free)}.", code="seat_taken")
            return await self.store.add_seat(game_id, record.version, seat, user_id, name[:64], self._now())

    async def leave(self, game_id: int, user_id: str) -> GameRecord:
        if (await self.game(game_id)).status == "active":  # mid-game: the bot plays the seat (issue 14)
            return await self.leave_to_bot(game_id, user_id)
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise ManagerError("The game has started: use `/game concede` to resign instead.", code="started")
            seat = await self.seat_of(game_id, user_id)
            updated = await self._leave_lobby(record, seat)  # the host hands the lobby on (issue 14)
        await self.flush()
        return updated

    async def start(self, game_id: int, user_id: str) -> GameRecord:
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise ManagerError(f"Game #{game_id} is already {record.status}.", code="started")
            if user_id != record.host_user:
                raise ManagerError("Only the host who created the game can start it.", code="not_host")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            fewest = seat_range(ruleset, record.options)[0]
            if len(seats) < fewest:
                raise ManagerError(f"{ruleset.title} needs at least {fewest} players; {len(seats)} joined. "
                                   "Ask others to press Join or use `/game join`.", code="too_few")
            picked = [s.seat for s in seats]
            try:
                final = ruleset.assign_seats(picked, record.options)
                state = ruleset.setup(record.options, final, record.seed)
            except EngineError as exc:
                raise ManagerError(exc.message, code=exc.code) from None
            renames = dict(zip(picked, final))
            seats = [replace(s, seat=renames[s.seat]) for s in seats]
            seat_list = ", ".join(f"{s.seat}: {s.display_name}" for s in seats)
            intro = Event(public=f"**{record.title}** begins — {ruleset.title}, game #{game_id}. Seats: {seat_list}. "
                                 f"Each player gets their hand and choices privately; anyone else can follow the game by DM "
                                 f"with `/game follow game:{game_id}`.")
            sealed_seed = await records.commit_seed(self.store, game_id, record.seed)  # issue 16: fair randomness
            outbox, jobs = self._after_move(ruleset, state, None, [intro, sealed_seed], seats, record, 0, started=True,
                                            clock=self._renamed(await self.game_clock(record), renames))
            now = self._now()
            updated = await self.store.start_game(game_id, record.version, state.model_dump_json(), state_hash(state),
                                                  now, jobs=jobs, outbox=outbox, renames=renames)
            self._remember(game_id, updated.version, 0, state)
        await self.flush()
        return updated

    async def abandon(self, game_id: int, user_id: str, *, admin: bool = False) -> GameRecord:
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status in ("finished", "abandoned"):
                raise ManagerError(f"Game #{game_id} is already {record.status}.", code="over")
            if user_id != record.host_user and not admin:
                raise ManagerError("Only the host (or a server admin) can cancel a game.", code="not_host")
            text = f"Game #{game_id} was cancelled by its host."
            if record.status == "active":
                text += "\n" + (await records.reveal_event(self.store, game_id, record.seed)).public
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
            updated = await self.store.set_status(game_id, record.version, "abandoned", self._now(), outbox=out)
            self._live.pop(game_id, None)
        await self.flush()
        return updated

    async def concede(self, game_id: int, user_id: str) -> GameRecord:
        """Resign, as bot/concession.py rules it: a running mate hands the seat to the bot and the partner
        carries on; a party's last person takes the party out; the game ends when one party is left."""
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise ManagerError(f"Game #{game_id} is not in progress.", code="not_active")
            seat = await self.seat_of(game_id, user_id)
            seats = await self.store.list_seats(game_id)
            names = [s.seat for s in seats]
            ruleset = registry.get(record.ruleset)
            conceded = await self.conceded_seats(game_id)
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
                updated = await self.game(game_id)
            elif not step.winners:
                members = [s for s in seats if concession.party_of(ruleset, s.seat) == step.party]
                await self._mark_conceded(game_id, conceded | {s.seat for s in members})
                running = [p for p in concession.parties(ruleset, names)
                           if p != step.party and not set(concession.parties(ruleset, names)[p]) <= conceded]
                notice = (f"🏳 {seat.seat} ({seat.display_name}) concedes game #{game_id}: {step.party} is out of the "
                          f"race and the bot moves its pieces to the end; {', '.join(running)} play on.")
                held = [m for m in members if m.controller == "human"]
                if not held:  # the bot held it already (the player had left): only the notice is new
                    await self._retime(record, notice)
                for member in held:
                    await self._to_bot(await self.game(game_id), member, reason="conceded", public=notice)
                    notice = f"🤖 The bot plays {member.seat} too."
                updated = await self.game(game_id)
            else:
                result = {"winners": step.winners, "scores": {}, "reason": f"{seat.seat} conceded.",
                          "conceded": sorted(conceded | {seat.seat})}
                text = (f"🏳 {seat.seat} ({seat.display_name}) concedes. {', '.join(step.winners)} "
                        f"win{'s' if len(step.winners) == 1 else ''} game #{game_id}.")
                text += "\n" + (await records.reveal_event(self.store, game_id, record.seed)).public
                out = [NewMessage(audience="public", kind="text", payload={"text": text, "final": True}, created_seq=0)]
                updated = await self.store.set_status(game_id, record.version, "finished", self._now(), result=result,
                                                      outbox=out)
                self._live.pop(game_id, None)
        if updated.status == "finished":
            await self.rate_finished()  # ratings (issue 16): right after the result, before the flush posts both
        await self.flush()
        if updated.status == "active":
            await self.play_bots(game_id)
        return updated

    async def conceded_seats(self, game_id: int) -> set[str]:
        raw = (await self.store.settings(f"game:{game_id}")).get("conceded", "")
        return {s for s in raw.split(",") if s}

    async def _mark_conceded(self, game_id: int, seats: set[str]) -> None:
        # A settings row, not a column: written before the seat changes hands, so a crash between the two leaves
        # a seat marked conceded that a second `/game concede` finishes handing over.
        await self.store.set_setting(f"game:{game_id}", "conceded", ",".join(sorted(seats)))

    # ------------------------------------------------------------ seats that change hands (issue 14)
    #
    # A seat is held by a person (controller 'human': seats.user_id plays it) or by the built-in bot
    # (controller 'bot': the manager plays it with ruleset.bot_action whenever it owes a move; user_id
    # stays the last person who held it, who may take it back). The host offers a seat to a member, who
    # accepts; the seat's user changes at once, so the old holder's buttons and commands are refused by
    # the usual "not seated" checks, and the new holder gets the seat's hand and current decision by DM.
    # The game's state never changes with the hands: a pending decision or response window stays pending.

    @staticmethod
    def _by_host(record: GameRecord, user_id: str, admin: bool, what: str) -> None:
        if user_id != record.host_user and not admin:
            raise ManagerError(f"Only the host of game #{record.id} (or a member with Manage Server or the server's organizer role) can {what}.",
                               code="not_host")

    async def _in_progress(self, game_id: int) -> GameRecord:
        record = await self.game(game_id)
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

    @staticmethod
    def _refuse_bot_seat(seats: list[SeatRecord], seat: str) -> None:
        if any(s.seat == seat and s.controller == "bot" for s in seats):
            raise ManagerError(f"The bot plays {seat} now. `/game takeseat seat:{seat}` takes it back.", code="bot_seat")

    async def _actor_names(self, game_id: int) -> dict[str, str]:
        """user id → the name they played under, for every person who held a seat of the game."""
        names = {h.user_id: h.display_name for h in await self.store.seat_history(game_id) if h.controller == "human"}
        names.update({s.user_id: s.display_name for s in await self.store.list_seats(game_id)})
        return names

    @staticmethod
    def _log_line(e: Any, names: dict[str, str]) -> str:
        """One move of the log, saying who played it: a person, the bot or the deadline default."""
        if e.actor == "bot":
            return f"{e.seq}. 🤖 {e.seat} (bot): {e.notation}"
        if e.actor == "deadline":
            return f"{e.seq}. ⏰ {e.seat} (deadline): {e.notation}"
        name = names.get(e.actor, "").replace("`", "'")
        return f"{e.seq}. {e.seat} ({name}): {e.notation}" if name else f"{e.seq}. {e.seat}: {e.notation}"

    async def _change_hands(self, record: GameRecord, seat: SeatRecord, *, user_id: str, name: str, controller: str,
                            reason: str, public: str, private: str = "") -> GameRecord:
        """Write a change of hands and its notices in one transaction (the caller holds the game's lock).
        A person who takes the seat gets its hand and current decision by DM (the seat's private brief)."""
        out = [NewMessage(audience="public", kind="text", payload={"text": public})]
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
            self._live.pop(record.id, None)
            raise StaleState("Someone moved at the same moment; try again.") from None
        live = self._live.get(record.id)
        if live is not None and live.version == record.version:
            live.version = updated.version  # the state did not change, only who holds a seat
        return updated

    async def offer_seat(self, game_id: int, user_id: str, seat: str, to_user: str, to_name: str, *,
                         admin: bool = False) -> SeatOffer:
        """The host (or an admin) offers a seat — a person's or the bot's — to a member not seated in the game.
        The member takes it with `accept_seat`; a new offer of the seat replaces this one."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            self._by_host(record, user_id, admin, "offer a seat to someone else")
            target = await self._seat_named(game_id, seat)
            await self._refuse_party_out(record, target.seat)
            holder = next((s for s in await self.store.list_seats(game_id) if s.user_id == to_user), None)
            if holder is not None:
                what = "already plays" if holder.controller == "human" else "held"
                hint = "" if holder.controller == "human" else f"; they can take it back with `/game takeseat seat:{holder.seat}`"
                raise ManagerError(f"That member {what} {holder.seat} in game #{game_id}{hint}.", code="already_seated")
            return await self.store.offer_seat(game_id, target.seat, to_user, to_name[:64], user_id, self._now())

    async def offers(self, game_id: int) -> list[SeatOffer]:
        return await self.store.seat_offers(game_id=game_id)

    async def accept_seat(self, game_id: int, user_id: str, name: str, seat: str | None = None) -> SeatRecord:
        """A member takes the seat the host offered them, with its hand and pending decision."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            offers = await self.store.seat_offers(game_id=game_id, user_id=user_id)
            if seat is not None:
                offers = [o for o in offers if o.seat == seat.strip().upper()]
            if not offers:
                raise ManagerError(f"No seat of game #{game_id} is offered to you"
                                   + (f" ({seat.strip().upper()[:20]})" if seat else "") + ". The host can offer one "
                                   "with `/game substitute`.", code="no_offer")
            if len(offers) > 1:
                raise ManagerError(f"Several seats are offered to you ({', '.join(o.seat for o in offers)}): say which "
                                   "with the `seat` option.", code="ambiguous")
            target = await self._seat_named(game_id, offers[0].seat)
            await self._hand_to_person(record, target, user_id, name, reason="substitute")
        await self.flush()
        return await self._seat_named(game_id, target.seat)

    async def decline_seat(self, game_id: int, user_id: str, seat: str) -> bool:
        """The member turns the offer down (or the host withdraws it)."""
        record = await self.game(game_id)
        seat = seat.strip().upper()
        if user_id == record.host_user:
            return await self.store.withdraw_offer(game_id, seat)
        return await self.store.withdraw_offer(game_id, seat, user_id)

    async def _refuse_party_out(self, record: GameRecord, seat: str) -> None:
        ruleset = registry.get(record.ruleset)
        conceded = await self.conceded_seats(record.id)
        party = concession.party_of(ruleset, seat)
        members = concession.parties(ruleset, [s.seat for s in await self.store.list_seats(record.id)])[party]
        if all(m in conceded for m in members):
            raise ManagerError(f"{party} conceded game #{record.id} and is out of the race: its seats stay with the bot.",
                               code="conceded")

    async def _hand_to_person(self, record: GameRecord, target: SeatRecord, user_id: str, name: str, *,
                              reason: str) -> GameRecord:
        conceded = await self.conceded_seats(record.id)
        if target.seat in conceded:  # a substitute for a running mate who conceded: the seat is in the race again
            await self._mark_conceded(record.id, conceded - {target.seat})
        before = "the bot" if target.controller == "bot" else target.display_name
        if target.user_id == user_id:
            public = f"🙋 {name} takes {target.seat} back from the bot in game #{record.id}."
            private = f"You play **{target.seat}** again in game #{record.id}. Here are your hand and the current decision."
        else:
            public = f"🔁 {target.seat} in game #{record.id} is now played by {name}, replacing {before}."
            private = (f"You now play **{target.seat}** in game #{record.id}, replacing {before}. Here are your hand "
                       "and the current decision.")
        return await self._change_hands(record, target, user_id=user_id, name=name, controller="human", reason=reason,
                                        public=public, private=private)

    async def take_seat(self, game_id: int, user_id: str, name: str, seat: str) -> SeatRecord:
        """Take a seat back from the bot: the person who held it, or a member the host offered it to."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            target = await self._seat_named(game_id, seat)
            offered = any(o.seat == target.seat for o in await self.store.seat_offers(game_id=game_id, user_id=user_id))
            if not offered and target.seat in await self.conceded_seats(game_id):
                raise ManagerError(f"{target.seat} conceded game #{game_id}, and a concession is final.", code="conceded")
            if offered:
                await self._hand_to_person(record, target, user_id, name, reason="substitute")
            elif target.controller == "bot" and target.user_id == user_id:
                await self._hand_to_person(record, target, user_id, name, reason="takeseat")
            elif target.controller == "human" and target.user_id == user_id:
                raise ManagerError(f"You already play {target.seat}.", code="already_seated")
            elif target.controller == "bot":
                raise ManagerError(f"The bot plays {target.seat}: {target.display_name}, who held it, can take it back, or "
                                   "a member the host offers it to (`/game substitute`).", code="not_yours")
            else:
                raise ManagerError(f"{target.seat} is played by {target.display_name}. The host can offer you a seat "
                                   "with `/game substitute`.", code="not_yours")
        await self.flush()
        return await self._seat_named(game_id, target.seat)

    async def bot_seat(self, game_id: int, user_id: str, seat: str, *, admin: bool = False,
                       name: str = "The host") -> SeatRecord:
        """The host (or an admin) hands a seat to the bot, which plays it at once if it owes a move."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            self._by_host(record, user_id, admin, "hand a seat to the bot")
            target = await self._seat_named(game_id, seat)
            if target.controller == "bot":
                raise ManagerError(f"The bot already plays {target.seat}.", code="bot_seat")
            await self._to_bot(record, target, reason="host",
                               public=f"🤖 {name} handed {target.seat} to the bot in game #{game_id}: it plays "
                                      f"{target.seat} from now on. {target.display_name} can take it back with "
                                      f"`/game takeseat seat:{target.seat}`.")
        await self.flush()
        await self.play_bots(game_id)
        return await self._seat_named(game_id, target.seat)

    async def leave_to_bot(self, game_id: int, user_id: str) -> GameRecord:
        """A player leaves a game in progress: the bot plays their seat, which they can take back."""
        async with self._lock(game_id):
            record = await self._in_progress(game_id)
            target = await self.seat_of(game_id, user_id)
            if target.controller == "bot":
                raise ManagerError(f"The bot already plays {target.seat} for you. `/game takeseat seat:{target.seat}` "
                                   "takes it back.", code="bot_seat")
            updated = await self._to_bot(record, target, reason="left",
                                         public=f"🤖 {target.seat} ({target.display_name}) left game #{game_id}: the bot "
                                                f"plays {target.seat} from now on. They can come back with "
                                                f"`/game takeseat seat:{target.seat}`, or the host can offer the seat "
                                                "to someone (`/game substitute`).")
        await self.flush()
        await self.play_bots(game_id)
        return updated

    async def _to_bot(self, record: GameRecord, target: SeatRecord, *, reason: str, public: str) -> GameRecord:
        return await self._change_hands(record, target, user_id=target.user_id, name=target.display_name,
                                        controller="bot", reason=reason, public=public)

    async def set_civil_disorder(self, game_id: int, user_id: str, count: int, *, admin: bool = False) -> int:
        """The host sets after how many missed deadlines in a row the bot takes a seat over (0: never)."""
        if not 0 <= count <= 100:
            raise ManagerError("Civil disorder: a number of missed deadlines in a row from 1 to 100, or 0 for never.",
                               code="bad_option")
        record = await self.game(game_id)
        if record.status not in ("lobby", "active"):
            raise ManagerError(f"Game #{game_id} is {record.status}.", code="over")
        self._by_host(record, user_id, admin, "change when the bot takes over a seat")
        await self.store.set_civil_disorder_after(game_id, count)
        return count

    async def _missed_deadline(self, game_id: int, seat: str, due_at: int) -> None:
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
            record = await self.game(game_id)
            target = next((s for s in await self.store.list_seats(game_id) if s.seat == seat), None)
            if record.status != "active" or target is None or target.controller == "bot":
                return
            await self._to_bot(record, target, reason="civil_disorder",
                               public=f"🤖 {seat} ({target.display_name}) missed {missed} deadlines in a row: the bot "
                                      f"plays {seat} from now on (civil disorder). `/game takeseat seat:{seat}` takes it "
                                      "back, or the host can offer the seat to someone (`/game substitute`).")
        await self.flush()
        await self.play_bots(game_id)

    async def _after_submit(self, game_id: int, seat: str, actor: str) -> None:
        """After a move: a person who moved has missed no deadline in a row; the bot plays what it owes; a typed
        move's rest kept for a seat that owes again is played."""
        if game_id in self._botting:  # a bot's own move: the loop playing it goes on by itself
            return
        seats = await self.store.list_seats(game_id)
        if actor not in ("bot", "deadline") and any(s.seat == seat and s.missed_deadlines for s in seats):
            await self.store.reset_missed_deadlines(game_id, seat)
        if any(s.controller == "bot" for s in seats):
            await self.play_bots(game_id)
        await self._resume_typed(game_id)

    async def _keep_typed_rest(self, game_id: int, seat: str, user_id: str, actor: str | None, rest: str) -> None:
        """After a seat's move (the game's lock held): keep a typed move's rest for when the seat owes again, or
        drop an older one — the seat moved anew."""
        scope, name = f"game:{game_id}", typed_rest.key(seat)
        if rest and actor not in ("bot", "deadline"):
            await self.store.set_setting(scope, name, typed_rest.dump(typed_rest.TypedRest(user_id, rest)))
        elif await self.store.get_setting(scope, name):
            await self.store.set_setting(scope, name, "")

    async def _resume_typed(self, game_id: int) -> None:
        """Play the kept rest of each seat that owes a move again, as its player would send it; a rest no longer
        legal is dropped, nothing of it applied, and the player is told why with their choices."""
        scope = f"game:{game_id}"
        kept = {k: v for k, v in (await self.store.settings(scope)).items() if k.startswith(typed_rest.key("")) and v}
        if not kept:  # the common case: one read, no state loaded
            return
        for seat in await self.owing(game_id):
            name = typed_rest.key(seat)
            rest = typed_rest.load(kept.get(name))
            if rest is None:
                continue
            await self.store.set_setting(scope, name, "")  # tried once, whatever happens
            holder = next((s for s in await self.store.list_seats(game_id) if s.seat == seat), None)
            if holder is None or holder.user_id != rest.user_id or holder.controller != "human":
                continue  # the seat changed hands meanwhile: the rest was the other player's
            try:
                await self.submit(game_id, rest.user_id, rest.notation)
            except (EngineError, ManagerError) as exc:
                if self.table is not None:
                    text = typed_rest.refused_note(rest.notation, str(exc))
                    await self.table.tell(await self.brief(game_id, rest.user_id, text=text))

    async def play_bots(self, game_id: int) -> int:
        """Play every move the bot owes in the game's bot seats (with `bot_move`), until a person owes one or
        the game ends. Returns the moves made. Re-entrant calls (a bot move's own submit) return at once."""
        if game_id in self._botting:
            return 0
        self._botting.add(game_id)
        moves = 0
        try:
            while moves < BOT_MOVES_AT_ONCE:
                record = await self.store.get_game(game_id)
                if record is None or record.status != "active":
                    break
                bots = {s.seat for s in await self.store.list_seats(game_id) if s.controller == "bot"}
                if not bots:
                    break
                ruleset, state, seq = await self._state(record)
                seat = next((s for s in owing_seats(ruleset, state) if s in bots), None)
                if seat is None:
                    break
                # The bot's choices are a function of the game's seed and move number: a replay plays the same.
                try:
                    if await self.bot_move(game_id, seat, Rng(record.seed ^ (0x9E3779B97F4A7C15 * (seq + 1)))) is None:
                        break
                except StaleState:  # someone moved first: another process's sweep, or the player of another seat
                    log.debug("bot move for game %s seat %s: the game moved meanwhile; the next sweep looks again",
                              game_id, seat)
                    break
                except EngineError as exc:  # a bot that cannot move: the deadline will
                    log.warning("bot move for game %s seat %s refused: %s", game_id, seat, exc.code)
                    break
                moves += 1
        finally:
            self._botting.discard(game_id)
        return moves

    async def _bots_catch_up(self) -> None:
        """Moves the bot owes that no move triggered (a restart between a move and the bot's answer)."""
        for game_id in await self.store.games_with_bot_seats():
            try:
                await self.play_bots(game_id)
            except Exception:  # noqa: BLE001 - one game's trouble must not stop the sweep
                log.exception("the bot could not play in game %s", game_id)

    # ------------------------------------------------------------ play

    async def submit(self, game_id: int, user_id: str, move: str | list[Action], *, idem_key: str | None = None,
                     expected_seq: int | None = None, actor: str | None = None, seat_override: str | None = None,
                     note: str | None = None, repeat_guard: bool = False, deadline_at: int | None = None) -> SubmitResult:
        """Apply one player's move. Raises a typed, player-facing error and changes nothing if it is not legal.

        `repeat_guard` is for typed moves, which carry no sequence number (buttons send `expected_seq`):
        the same notation as the sender's own last move within REPEAT_SECONDS is refused with code
        `repeat` until sent again deliberately, since a double-sent `/move` would otherwise apply twice
        whenever the step is legal twice in a row.

        `deadline_at` is the due time of the deadline a deadline move answers: unless the seat's deadline
        still stands at that time once the game's lock is held (a pause, an extension, a vacation or a
        new wait moved it), nothing is played."""
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
            if deadline_at is not None and not any(j.kind == "deadline" and j.seat == seat_override and j.due_at == deadline_at
                                                   for j in await self.store.jobs_for_game(game_id)):
                raise StaleState("That deadline was moved meanwhile (a pause, an extension or a new wait).")
            seats = await self.store.list_seats(game_id)
            seat = seat_override or self._seat_in(seats, user_id).seat
            if seat_override is None:
                self._refuse_bot_seat(seats, seat)
            ruleset, state, seq = await self._state(record)
            try:
                if expected_seq is not None and expected_seq != seq:
                    raise StaleState("The board has changed since these buttons were sent. Here are your current choices.")
                actions = ruleset.parse(move) if isinstance(move, str) else list(move)
                result, rest = play_until_handoff(ruleset, state, seat, actions)
                actions = actions[:len(actions) - len(rest)]
            except EngineError:
                # A double click arrives after its twin moved the game on: say so, rather than "illegal".
                if idem_key is not None and (done := await self.store.move_for_idem_key(idem_key)) is not None:
                    raise StaleState(f"That move was already applied (move {done.seq}).") from None
                raise
            notation = ruleset.format(actions)
            if repeat_guard:
                await self._refuse_quick_repeat(game_id, user_id, notation)
            events = [Event(public=note), *result.events] if note else result.events
            bot_note = bot_notes.note(seat, held_lines(state)) if actor == "bot" else None
            out = ruleset.outcome(result.state)
            result_extra: dict[str, Any] = {}
            if out is not None:
                conceded = await self.conceded_seats(game_id)
                out, why = concession.final_outcome(ruleset, [s.seat for s in seats], conceded, out)
                if why:
                    events = [*events, Event(public=f"🏳 {why}")]
                if conceded:
                    result_extra["conceded"] = sorted(conceded)
                # the result post reveals the seed (issue 16)
                events = [*events, await records.reveal_event(self.store, game_id, record.seed)]
            outbox, jobs = self._after_move(ruleset, result.state, state, events, seats, record, seq + 1,
                                            existing=await self.store.jobs_for_game(game_id),
                                            clock=await self.game_clock(record), mover=seat)
            held_notes = bot_notes.held(await self.store.get_setting(f"game:{game_id}", bot_notes.HELD_KEY))
            notes = [*held_notes, *([bot_note] if bot_note else [])]
            notes_posted = bot_notes.place_in_first_post(outbox, notes, lead=1 if note else 0)
            outbox = await self._caption_turn(record, ruleset, state, result.state, seat, outbox)
            status = "finished" if out else "active"
            try:
                commit = await self.store.commit_move(
                    game_id, record.version, seat=seat, notation=notation, actor=actor or user_id, idem_key=idem_key,
                    undoable=result.undoable, state_json=result.state.model_dump_json(), state_hash=state_hash(result.state),
                    now=self._now(), status=status, result={**out.model_dump(), **result_extra} if out else None,
                    jobs=[] if out else jobs, outbox=outbox)
            except DuplicateMove as dup:
                raise StaleState(f"That move was already applied (move {dup.seq}).") from None
            except VersionConflict:
                self._live.pop(game_id, None)
                raise StaleState("Someone moved at the same moment; look at the board and try again.") from None
            self._remember(game_id, commit.version, commit.seq, result.state)
            await self._keep_typed_rest(game_id, seat, user_id, actor, ruleset.format(rest) if rest else "")
            if notes_posted and held_notes:  # the held notes went out with this post
                await self.store.set_setting(f"game:{game_id}", bot_notes.HELD_KEY, bot_notes.dump([]))
            elif not notes_posted and bot_note:  # held beside the engine's held lines, for the post that shows them
                await self.store.set_setting(f"game:{game_id}", bot_notes.HELD_KEY, bot_notes.dump(notes))
        if out is not None:
            await self.rate_finished()  # ratings (issue 16): right after the result, before the flush posts both
        await self.flush()
        await self._after_submit(game_id, seat, actor or user_id)
        return SubmitResult(seq=commit.seq, events=events, notation=notation, finished=out is not None,
                            pending=ruleset.format(rest) if rest else "")

    async def _refuse_quick_repeat(self, game_id: int, user_id: str, notation: str) -> None:
        last = await self.store.last_journal_entry(game_id)
        if last is not None and last.actor == user_id and last.notation == notation \
                and self._now() - last.created_at <= REPEAT_SECONDS:
            raise ManagerError(f"You sent `{notation}` {max(self._now() - last.created_at, 0)} s ago and it was applied "
                               f"(move {last.seq}). If you mean to do it again, confirm: the move is still legal.",
                               code="repeat")

    async def undo(self, game_id: int, user_id: str) -> int:
        """Take back your own last step, if nothing was revealed, drawn or passed on since (Rally the Troops' rule)."""
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise ManagerError("Only moves in a game in progress can be undone.", code="not_active")
            seat = await self.seat_of(game_id, user_id)
            last = await self.store.last_journal_entry(game_id)
            if last is None or last.seat != seat.seat or last.actor in ("deadline", "bot"):
                # issue 18: say which move closed it, as the log shows it (bot/undo_refusal.py)
                why = nothing_to_undo(await self.store.load_journal(game_id), seat.seat)
                raise ManagerError(why or "There is nothing of yours to undo.", code="no_undo")
            if not last.undoable:
                raise ManagerError("That move can't be undone: it revealed information or moved the game on.", code="no_undo")
            ruleset = registry.get(record.ruleset)
            journal = await self.store.load_journal(game_id)
            state = ruleset.setup(record.options, [s.seat for s in await self.store.list_seats(game_id)], record.seed)
            for entry in journal[:-1]:
                state = play(ruleset, state, entry.seat, ruleset.parse(entry.notation)).state
            seats = await self.store.list_seats(game_id)
            ev = Event(public=f"{seat.seat} took back their last step.")
            outbox, jobs = self._after_move(ruleset, state, None, [ev], seats, record, last.seq - 1,
                                            existing=await self.store.jobs_for_game(game_id),
                                            clock=await self.game_clock(record))
            updated = await self.store.undo_last(game_id, record.version, expected_seq=last.seq,
                                                 state_json=state.model_dump_json(), state_hash=state_hash(state),
                                                 now=self._now(), jobs=jobs, outbox=outbox)
            self._remember(game_id, updated.version, last.seq - 1, state)
            await self._keep_typed_rest(game_id, seat.seat, user_id, None, "")  # the step the rest followed is gone
        await self.flush()
        return last.seq

    def _after_move(self, ruleset: Ruleset, state: Any, before: Any, events: list[Event], seats: list[SeatRecord],
                    record: GameRecord, seq: int, *, existing: list[Any] | None = None,
                    started: bool = False, clock: timekeeping.GameClock | None = None, mover: str | None = None,
                    ) -> tuple[list[NewMessage], list[NewJob]]:
        """The outbox rows and deadline jobs that follow a move (`mover`'s, if a seat moved), written in the
        move's transaction."""
        outbox: list[NewMessage] = [NewMessage(audience="public", kind="board", payload=payload, created_seq=seq)
                                    for payload in board_posts(events, started=started)]
        owing_now = set(owing_seats(ruleset, state))
        owing_before = set(owing_seats(ruleset, before)) if before is not None else set()
        done = ruleset.outcome(state) is not None
        if done and outbox:  # issue 16: the result post (the last), which offers a rematch (the replay follows)
            outbox[-1].payload["final"] = True
        for s in seats:
            private = [e.private[s.seat] for e in events if s.seat in e.private]
            # Prompt a seat when it newly owes a decision, or its options changed while it still owes one.
            needs_prompt = s.seat in owing_now and (
                s.seat not in owing_before or before is None
                or ruleset.decisions(before, s.seat).options != ruleset.decisions(state, s.seat).options)
            # A seat whose decision this move ended (its own move from another table, a rival's, a deadline's) is
            # told too: its live prompt must say so, or its next decision would be taken for more of this one and
            # would not notify.
            ended = s.seat in owing_before and s.seat not in owing_now
            if private or needs_prompt or done or ended:
                payload = {"text": "\n".join(private), "prompt": needs_prompt, **({"ended": True} if ended else {})}
                outbox.append(NewMessage(audience=f"seat:{s.seat}", kind="brief", payload=payload, created_seq=seq))
        jobs: list[NewJob] = []
        if not done:
            # Deadlines and reminders (bot/clock.py): a seat still owing the same kind of decision keeps its
            # wait (unless its move may have begun its next turn: `_renewed`); a fresh wait is the turn or the
            # response-window span, plus what is left of the seat's vacation; in a paused game every wait is
            # stored frozen with its remaining seconds.
            windows = {seat: ruleset.decisions(state, seat).kind == PendingKind.RESPONSE for seat in owing_now}
            jobs = timekeeping.schedule(existing or [], owing_now, owing_before,
                                        windows, self._now(), clock or timekeeping.GameClock(record.deadline_hours), seq,
                                        renewed=self._renewed(ruleset, record, mover))
        return outbox, jobs

    @staticmethod
    def _renewed(ruleset: Ruleset, record: GameRecord, mover: str | None) -> set[str]:
        """The seat whose move begins a decision of its own even though it owed before. Where parties no seat
        plays take their turns inside a step (Solo Play's AI), the seat that moved and still owes may be on its
        next turn, with the hand-off invisible to the owing seats: it gets a fresh wait, as a seat does after
        a hand-off in any other game. Else it would keep one wait for the whole game, and once that passed a
        default would play at every sweep, counted as one missed deadline (never civil disorder)."""
        if mover is None or not concession.seatless(ruleset, record.options):
            return set()
        return {mover}

    # ------------------------------------------------------------ reading

    async def view(self, game_id: int, user_id: str | None) -> tuple[GameRecord, BaseModel]:
        record = await self.game(game_id)
        ruleset, state, _ = await self._state(record)
        seat = None
        if user_id is not None:
            seat = (await self.seat_of(game_id, user_id)).seat
        return record, ruleset.view(state, seat)

    async def decision(self, game_id: int, user_id: str) -> tuple[GameRecord, int, Decision]:
        record = await self.game(game_id)
        ruleset, state, seq = await self._state(record)
        seat = await self.seat_of(game_id, user_id)
        return record, seq, ruleset.decisions(state, seat.seat)

    async def brief(self, game_id: int, user_id: str, text: str = "") -> PrivateBrief:
        record, seq, decision = await self.decision(game_id, user_id)
        _, view = await self.view(game_id, user_id)
        seat = await self.seat_of(game_id, user_id)
        return PrivateBrief(game=self._ref(record, seq, await self._deadlines(game_id)), seat=seat.seat,
                            user_id=user_id, text=text, view=view, decision=decision)

    async def _board_view(self, record: GameRecord, payload: dict[str, Any]) -> BaseModel:
        """The public view a board post shows: the board where its post ended within a step (`ends_post`, e.g.
        Solo Play's AI turn before the next), else the board now."""
        _, view = await self.view(record.id, None)
        if payload.get(POST_VIEW):
            try:
                return type(view).model_validate(payload[POST_VIEW])
            except ValidationError:  # written by an older view shape: the board now is the closest picture
                log.warning("game %s: a post's board no longer reads; drawing the board now", record.id)
        return view

    async def _board_picture(self, record: GameRecord, payload: dict[str, Any]) -> pictures.Picture | None:
        if not payload.get(POST_VIEW):
            return await self.picture(record.id)
        return await asyncio.to_thread(pictures.picture_for, await self._board_view(record, payload))

    async def picture(self, game_id: int) -> pictures.Picture | None:
        record = await self.game(game_id)
        if record.status == "lobby":
            return None
        _, view = await self.view(game_id, None)
        return await asyncio.to_thread(pictures.picture_for, view)

    async def log_lines(self, game_id: int, limit: int = 30) -> list[str]:
        record = await self.game(game_id)
        journal = await self.store.load_journal(game_id)
        names = await self._actor_names(game_id)
        lines = [self._log_line(e, names) for e in journal[-limit:]]
        if record.status == "finished":
            lines.append(result_headline(record.result))
        return lines

    async def _deadlines(self, game_id: int) -> dict[str, int]:
        return {j.seat: j.due_at for j in await self.store.jobs_for_game(game_id)
                if j.kind == "deadline" and j.seat and timekeeping.visible(j.due_at)}

    # ------------------------------------------------------------ delivery and deadlines

    async def flush(self) -> int:
        """Deliver every due notification through the table, each game's in order. Safe to call any time.

        Each round claims, for this process, every game's next run of unsent rows (store.claim_outbox, issue 17):
        another bot process on the same database skips a game while its rows are claimed, so each row goes out
        once and each game's in order. A failure defers that row with backoff and gives the run back, so only its
        own game waits while every other game's rows go on; a game that keeps failing while others succeed is
        held and its channel and host are told (no secrets)."""
        if self.table is None:
            return 0
        delivered = 0
        lanes = asyncio.Semaphore(DELIVERY_LANES)

        async def deliver(run: list[Any]) -> int:
            sent = 0
            async with lanes:
                for row in run:
                    try:
                        await self._deliver(row)
                    except Exception as exc:  # anything the table raises: retried later, never blocks others
                        await self._delivery_failed(row, exc)
                        return sent
                    if not await self.store.mark_claimed_sent(row.id, self._now(), self._owner,
                                                              lease_seconds=self.outbox_lease_s):
                        # the lease ran out mid-delivery and another process took the run over
                        log.warning("outbox row %s of game %s: claim lost while delivering", row.id, row.game_id)
                        return sent
                    self._last_delivery_ok = self._now()
                    sent += 1
            return sent

        async with self._flush_lock:
            while True:
                claimed = await self.store.claim_outbox(self._now(), self._owner, lease_seconds=self.outbox_lease_s)
                if not claimed:
                    return delivered
                runs: dict[int, list[Any]] = {}
                for row in claimed:
                    runs.setdefault(row.game_id, []).append(row)
                # one run per game, games side by side: a slow channel (discord.py retries a 500 for
                # some 25 s) delays only its own game
                delivered += sum(await asyncio.gather(*(deliver(run) for run in runs.values())))

    async def _delivery_failed(self, row: Any, exc: Exception) -> None:
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
        others_fine = self._last_delivery_ok is not None and self._last_delivery_ok >= first_failed
        if attempts >= HOLD_AFTER and others_fine and await self.store.hold_delivery(row.game_id, now):
            log.error("game %s: deliveries held after %d failed tries (%s)", row.game_id, attempts, reason)
            record = await self.game(row.game_id)
            ref = self._ref(record, row.created_seq)
            try:
                await self.table.alert(ref, HELD_NOTICE.format(id=record.id, title=record.title, n=attempts),
                                       record.host_user)
            except Exception:  # noqa: BLE001 - the notice is best effort; the hold already stands
                log.warning("could not post the delivery notice of game %s", row.game_id)

    async def redeliver(self, game_id: int, user_id: str, *, admin: bool = False) -> int:
        """The host (or an admin) releases a game whose deliveries were held; returns the rows sent now."""
        record = await self.game(game_id)
        if user_id != record.host_user and not admin:
            raise ManagerError("Only the host (or a server admin) can ask for a game's updates again.", code="not_host")
        if record.delivery_held_at is None:
            raise ManagerError(f"Game #{game_id}'s updates are not paused; nothing to send again.", code="not_held")
        await self.store.release_delivery(game_id)
        return await self.flush()

    async def _deliver(self, row: Any) -> None:
        record = await self.game(row.game_id)
        payload = row.payload if isinstance(row.payload, dict) else json.loads(row.payload)
        seq = row.created_seq
        ref = self._ref(record, seq, await self._deadlines(record.id))
        if row.audience == "public":
            picture = None
            if row.kind == "board" and self.render and record.status != "lobby":
                picture = await self._board_picture(record, payload)
            closeup = await self._closeup(record, row.kind, payload)
            followers = await self._each_turn_followers(record)  # issue 16: spectators get a copy by DM
            final = bool(payload.get("final")) and record.status == "finished"
            missed = await self.table.publish(PublicPost(game=ref, text=payload.get("text", ""), picture=picture,
                                                         key=f"o{row.id}",
                                                         closeup=closeup, turn_line=row.kind != "stall",
                                                         followers=tuple(f.user_id for f in followers), final=final))
            await self._after_copies(record, row, followers, missed or (), payload.get("text", ""), picture)
            if final and self.render:  # issue 16: the replay follows, drawn by the next upkeep sweep
                await rematches.replay_due(self.store, record.id)
            return
        seat_name = row.audience.split(":", 1)[1]
        seat = next((s for s in await self.store.list_seats(record.id) if s.seat == seat_name), None)
        if seat is None or seat.controller == "bot":  # the bot's seat: its absent human gets no DM
            return
        brief = await self.brief(record.id, seat.user_id, payload.get("text", ""))
        if not payload.get("prompt") and not payload.get("ended") and brief.decision is not None \
                and not payload.get("text"):
            return
        ok = await self.table.tell(brief)
        if seat.dm_ok is None or bool(seat.dm_ok) != ok:
            await self.store.set_seat_dm_ok(record.id, seat.seat, ok)

    async def run_due_jobs(self) -> int:
        """Fire every deadline and reminder that is due. Returns how many moves deadlines made.

        Jobs are claimed in the store first, so two processes sweeping one database never both fire one.
        A job is deleted only after it has acted (a deadline's move replaces the game's jobs in the same
        transaction; a reminder becomes an outbox row in the transaction that deletes it), so a crash in
        between fires it again once the claim runs out, and the idempotency keys make that harmless."""
        moves = reminders = 0
        await self._bots_catch_up()  # the bot's seats play what they owe before any deadline plays a default
        for job in await self.store.claim_due_jobs(self._now(), self._owner):
            if job.kind == server_settings.LOBBY_EXPIRY_JOB:  # issue 14: a lobby nobody started in time
                await self._expire_lobby(job)  # a lobby still changing keeps its job for the next sweep
                continue
            if job.kind == "stall":  # the game's stall line (issue 14): no seat of its own
                await self._fire_stall(job)
                continue
            record = await self.store.get_game(job.game_id)
            if record is None or record.status != "active" or job.seat is None:
                await self.store.delete_job(job.id)
                continue
            ruleset, state, seq = await self._state(record)
            if not ruleset.decisions(state, job.seat).owes_move:
                await self.store.delete_job(job.id)
                continue
            if job.kind == "reminder":
                message = NewMessage(audience=f"seat:{job.seat}", kind="brief", created_seq=seq,
                                     payload={"text": "Reminder: the game is waiting on you.", "prompt": True,
                                              **self._reminder_marks(job)})
                reminders += await self.store.job_to_outbox(
                    job.id, record.id, message, f"reminder:{record.id}:{seq}:{job.seat}:{job.due_at}", self._now())
                continue
            action = ruleset.deadline_action(state, job.seat)
            default = ruleset.decisions(state, job.seat).deadline_default or "the default choice was made"
            try:
                await self.submit(record.id, "", [action], actor="deadline", seat_override=job.seat,
                                  idem_key=f"deadline:{record.id}:{seq}:{job.seat}", deadline_at=job.due_at,
                                  note=f"⏰ {job.seat}'s deadline passed: {default}.")
                moves += 1
                await self._missed_deadline(record.id, job.seat, job.due_at)
            except EngineError as exc:
                log.warning("deadline move for game %s seat %s refused: %s", record.id, job.seat, exc.code)
            await self.store.delete_job(job.id)  # a no-op when the move already replaced the jobs
        if reminders:
            await self.flush()
        await self.send_digests()  # issue 16: spectators' daily digests
        return moves

    async def bot_move(self, game_id: int, seat: str, rng: Rng) -> SubmitResult | None:
        """Let the built-in bot player act for `seat` (demo, local table). Returns None when it owes nothing."""
        record = await self.game(game_id)
        ruleset, state, _ = await self._state(record)
        if not ruleset.decisions(state, seat).all_options():
            return None
        action = ruleset.bot_action(state, seat, rng)
        return await self.submit(game_id, "", [action], actor="bot", seat_override=seat)

    async def owing(self, game_id: int) -> list[str]:
        record = await self.game(game_id)
        if record.status != "active":
            return []
        ruleset, state, _ = await self._state(record)
        return owing_seats(ruleset, state)

    # ------------------------------------------------------------ games stay in their server

    async def game_here(self, game_id: int, *, guild_id: str | None, user_id: str) -> GameRecord:
        """The game a command names, if it may be named where the command was used: in a server, only
        that server's games; by DM, only games the user is seated in. Anything else, a game that does
        not exist included, is the same refusal, so no other server's game numbers leak."""
        record = await self.store.get_game(int(game_id))
        if guild_id is not None:
            if record is None or record.guild_id != str(guild_id):
                raise ManagerError(f"No game #{game_id} in this server.", code="not_here")
            return record
        if record is None or not any(s.user_id == user_id for s in await self.store.list_seats(record.id)):
            raise ManagerError(f"You are not seated in game #{game_id}.", code="not_seated")
        return record

    async def games_of(self, user_id: str) -> list[SeatedGame]:
        """Every open lobby and game in progress, in any server, where the user holds a seat (oldest first)."""
        out = []
        for record in await self.store.list_games(status=("lobby", "active"), user_id=user_id):
            seats = await self.store.list_seats(record.id)
            mine = next((s for s in seats if s.user_id == user_id), None)
            if mine is None:
                continue
            owing = await self.owing(record.id) if record.status == "active" else []
            holders = {s.seat: s.user_id for s in seats}
            deadlines = await self._deadlines(record.id) if owing else {}
            due = deadlines.get(mine.seat) if mine.seat in owing else None
            if due is None:
                due = min((deadlines[s] for s in owing if s in deadlines), default=None)
            out.append(SeatedGame(record=record, ruleset_title=registry.get(record.ruleset).title, seat=mine.seat,
                                  owing=list(owing), owing_users={s: holders[s] for s in owing if s in holders},
                                  deadline_at=due))
        return out

    # ------------------------------------------------------------ time (issue 14): deadlines, pause, vacation, extend
    #
    # Moves stay allowed while a game is paused (Board Game Arena's way: players keep moving, the clocks
    # are frozen): a move made then gets its deadlines frozen too, and they start running at the resume.

    async def game_clock(self, record: GameRecord) -> timekeeping.GameClock:
        """The game's deadlines, pause and vacations: its own settings, else its server's, else the defaults."""
        server = await self.store.settings(f"guild:{record.guild_id}") if record.guild_id else {}
        clock = timekeeping.GameClock.of(record.deadline_hours, await self.store.game_time(record.id), server)
        return replace(clock, reminders=await self._seat_reminders(record.id))  # the players' own reminders

    @staticmethod
    def _host_only(record: GameRecord, user_id: str, admin: bool, what: str) -> None:
        if user_id != record.host_user and not admin:
            raise ManagerError(f"Only the host of game #{record.id} (or a member with Manage Server or the server's organizer role) can {what}.",
                               code="not_host")

    @staticmethod
    def _check_hours(hours: int | None, what: str) -> None:
        if hours is not None and not 1 <= hours <= timekeeping.MAX_HOURS:
            raise ManagerError(f"{what} must be between 1 hour and 14 days ({timekeeping.MAX_HOURS} hours).",
                               code="bad_option")

    async def _active(self, game_id: int, what: str) -> GameRecord:
        record = await self.game(game_id)
        if record.status != "active":
            raise ManagerError(f"Game #{game_id} is {record.status}: only a game in progress can {what}.", code="not_active")
        return record

    async def _retime(self, record: GameRecord, text: str, *, jobs: list[NewJob] | None = None,
                      statuses: tuple[str, ...] = ("active",), **changes: Any) -> GameRecord:
        """Write a clock change and its channel notice in one transaction (the caller holds the game's lock)."""
        out = [NewMessage(audience="public", kind="text", payload={"text": text})]
        try:
            updated = await self.store.retime_game(record.id, record.version, self._now(), jobs=jobs, outbox=out,
                                                   statuses=statuses, **changes)
        except VersionConflict:
            self._live.pop(record.id, None)
            raise StaleState("Someone moved at the same moment; try again.") from None
        live = self._live.get(record.id)
        if live is not None and live.version == record.version:
            live.version = updated.version  # the state did not change, only the clock
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
            record = await self.game(game_id)
            if record.status not in ("lobby", "active"):
                raise ManagerError(f"Game #{game_id} is {record.status}.", code="over")
            self._host_only(record, user_id, admin, "change its deadlines")
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
            updated = await self._retime(record, text, jobs=jobs, statuses=("lobby", "active"), deadline_hours=hours,
                                         time={"response_hours": response_hours} if response_hours else None)
        await self.flush()
        return updated

    async def pause(self, game_id: int, user_id: str, *, name: str = "the host", admin: bool = False) -> GameRecord:
        """Stop the game's clock: every deadline and reminder keeps its remaining time until `resume`."""
        async with self._lock(game_id):
            record = await self._active(game_id, "be paused")
            self._host_only(record, user_id, admin, "pause it")
            clock = await self.game_clock(record)
            if clock.paused:
                raise ManagerError(f"Game #{game_id} is already paused (since <t:{clock.paused_at}:f>); "
                                   "`/game resume` starts its clock again.", code="paused")
            now = self._now()
            jobs = timekeeping.paused_jobs(await self.store.jobs_for_game(game_id), now)
            text = (f"⏸ Game #{game_id} paused by {name}: deadlines and reminders are stopped until it is resumed. "
                    "Moves can still be made.")
            updated = await self._retime(record, text, jobs=jobs, time={"paused_at": now, "paused_by": user_id})
        await self.flush()
        return updated

    async def resume(self, game_id: int, user_id: str, *, name: str = "the host", admin: bool = False) -> GameRecord:
        """Start the clock again: each deadline and reminder runs from now with the time it had left."""
        async with self._lock(game_id):
            record = await self._active(game_id, "be resumed")
            self._host_only(record, user_id, admin, "resume it")
            clock = await self.game_clock(record)
            if not clock.paused:
                raise ManagerError(f"Game #{game_id} is not paused.", code="not_paused")
            now = self._now()
            jobs = timekeeping.resumed_jobs(await self.store.jobs_for_game(game_id), now)
            dues = ", ".join(f"{j.seat} <t:{j.due_at}:R>" for j in jobs if j.kind == "deadline" and j.seat)
            text = f"▶ Game #{game_id} resumed by {name}: the clock runs again" + (f" (due: {dues})." if dues else ".")
            updated = await self._retime(record, text, jobs=jobs, time={"paused_at": None, "paused_by": None})
        await self.flush()
        return updated

    async def vacation(self, game_id: int, user_id: str, days: int) -> int:
        """A player declares `days` away: their own deadlines (running, and any that start while they are
        away) wait that much longer, within the game's allowance per player. Returns when they are back."""
        if not 1 <= days <= 365:
            raise ManagerError("Vacation is counted in whole days, from 1.", code="bad_option")
        async with self._lock(game_id):
            record = await self._active(game_id, "take vacation days")
            seat = await self.seat_of(game_id, user_id)
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
            await self._retime(record, text, jobs=jobs, vacation=Vacation(seat.seat, start, back))
        await self.flush()
        return back

    async def extend(self, game_id: int, user_id: str, seat: str, hours: int, *, name: str = "The host",
                     admin: bool = False) -> int | None:
        """The host gives one seat's current decision `hours` more. Returns its new deadline (None while paused)."""
        self._check_hours(hours, "An extension")
        async with self._lock(game_id):
            record = await self._active(game_id, "be extended")
            self._host_only(record, user_id, admin, "extend a deadline")
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
            await self._retime(record, text, jobs=jobs)
        await self.flush()
        return None if clock.paused else due

    # ------------------------------------------------------------ ratings and stats (issue 16)
    #
    # A finished game is rated right after its result is written (submit, concede) and, for any game a
    # crash left unrated, by the upkeep loop: the store rates each game once, in one transaction with
    # its marker (games.rated_at), in the order the games ended. The rule is bot/ratings.py's.

    async def rate_finished(self) -> int:
        """Rate every finished game not rated yet, oldest first. Returns how many were looked at."""
        done = 0
        for game_id in await self.store.unrated_games():
            record = await self.store.get_game(game_id)
            if record is None:
                continue
            title = registry.get(record.ruleset).title if record.ruleset in registry.RULESETS else record.ruleset
            now = self._now()
            try:
                await self.store.rate_game(game_id, now, lambda *rows: ratings.settle(*rows, now=now, title=title))
            except Exception:  # a rating never undoes or blocks the game's end; the next sweep tries again
                log.exception("rating game %s failed", game_id)
                continue
            done += 1
        return done

    async def stats(self, guild_id: str, user_id: str) -> list[ratings.StatLine]:
        """A member's rated games, wins, rating, its last changes and leaderboard place, per ruleset, on a server."""
        lines = []
        for row in await self.store.player_ratings(guild_id, user_id):
            history = await self.store.rating_history(guild_id, row.ruleset, user_id, limit=ratings.TREND)
            board = ratings.standings(await self.store.ruleset_ratings(guild_id, row.ruleset,
                                                                       min_games=ratings.LEADERBOARD_MIN_GAMES))
            place = next((s.place for s in board if s.user_id == user_id), None)
            lines.append(ratings.StatLine(ruleset=row.ruleset, games=row.games, wins=row.wins,
                                          rating=ratings.display(row.mu, row.sigma), ordinal=ratings.ordinal(row.mu, row.sigma),
                                          trend=ratings.trend(history), place=place))
        return lines

    async def leaderboard(self, guild_id: str, ruleset: str) -> list[ratings.Standing]:
        """A server's top players of a ruleset (those with at least LEADERBOARD_MIN_GAMES rated games)."""
        try:
            name = registry.get(ruleset).name
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        rows = await self.store.ruleset_ratings(guild_id, name, min_games=ratings.LEADERBOARD_MIN_GAMES)
        return ratings.standings(rows)

    # ------------------------------------------------------------ records (issue 16): export and the log's pages
    # The logic lives in bot/record.py; these only decide who may have what.

    async def export(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The game's record (docs/record-format.md): to a seated player at any time — while the game is in
        progress its public part only (no seed, no notation, nothing private) — and to anyone after the end."""
        record = await self._started(game_id)
        if record.status not in records.ENDED:
            await self.seat_of(game_id, user_id)  # mid-game, only the players
        return await records.build_record(self.store, game_id)

    async def log_page(self, game_id: int, page: int | None = None) -> tuple[list[str], int, int]:
        """One page of the whole game's log, as the record holds it (each move's public lines; its notation
        too once the game is over): (lines, page, pages); pages count from 1, and None is the last page."""
        await self._started(game_id)
        return await records.log_page(self.store, game_id, page)

    async def _started(self, game_id: int) -> GameRecord:
        record = await self.game(game_id)
        if record.status == "lobby" or await self.store.load_snapshot(game_id) is None:
            raise ManagerError(f"Game #{game_id} never started: it has no moves to show.", code="not_started")
        return record

    async def seals(self, game_id: int, limit: int = 8) -> list[str]:
        """The latest commit-reveal lines (seals and their salts), for `/game status`: public, never posted."""
        if await self.store.load_snapshot(game_id) is None:
            return []
        return await records.proof_lines(self.store, game_id, limit)

    # ------------------------------------------------------------ server settings (issue 14)
    #
    # A server's admins set defaults for its new games (bot/server_settings.py): the turn deadline and the
    # civil-disorder threshold are copied into each new game, so a later change never alters a game under way;
    # the response-window deadline and the vacation allowance are read by the game's clock (game_clock) for a
    # game that set none of its own. An open lobby not started in time is cancelled by a job, which fires
    # once: the cancel, its notice and the job's deletion are one transaction.

    async def server_settings(self, guild_id: str | None) -> server_settings.ServerSettings:
        if guild_id is None:
            return server_settings.ServerSettings()
        return server_settings.ServerSettings.of(await self.store.settings(server_settings.SCOPE.format(guild_id)))

    async def set_server_setting(self, guild_id: str, key: str, value: Any) -> server_settings.ServerSettings:
        """Change one of a server's settings (the caller checked the member may). Refused, with the allowed
        values, if the value is not one; nothing changes then."""
        text = server_settings.stored(key, value)
        await self.store.set_setting(server_settings.SCOPE.format(guild_id), key, text)
        return await self.server_settings(guild_id)

    async def reset_server_setting(self, guild_id: str, key: str) -> server_settings.ServerSettings:
        """Back to the default for one setting."""
        server_settings.spec_of(key)
        await self.store.set_setting(server_settings.SCOPE.format(guild_id), key, None)
        return await self.server_settings(guild_id)

    async def _new_lobby_defaults(self, record: GameRecord, server: server_settings.ServerSettings) -> None:
        if record.guild_id is None:  # a local game (bot/local.py) has no server and no expiry
            return
        if server.civil_disorder_after != await self.store.civil_disorder_after(record.id):
            await self.store.set_civil_disorder_after(record.id, server.civil_disorder_after)
        due = record.created_at + server.lobby_expiry_hours * 3600
        await self.store.add_job(record.id, NewJob(kind=server_settings.LOBBY_EXPIRY_JOB, seat=None, due_at=due,
                                                   payload={"hours": server.lobby_expiry_hours}), self._now())

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
        await self.flush()

    async def _leave_lobby(self, record: GameRecord, seat: SeatRecord) -> GameRecord:
        """A player leaves a lobby (the caller holds its lock). The host's leaving hands the lobby to the next
        player who joined; the last player's leaving closes it. Either is told in the channel."""
        rest = [s for s in await self.store.list_seats(record.id) if s.user_id != seat.user_id]
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

    # ------------------------------------------------------------ a turn's caption and close-up (issues 16 and 18)

    async def _caption_turn(self, record: GameRecord, ruleset: Ruleset, before: Any, after: Any, seat: str,
                            outbox: list[NewMessage]) -> list[NewMessage]:
        """The move's board post led by one line of what changed since the board the channel last saw."""
        if not any(m.audience == "public" and m.kind == "board" for m in outbox):
            return outbox
        shown = await captions.shown_tally(self.store, record.id)
        after_view = ruleset.view(after, None)
        return captions.caption_outbox(outbox, record.ruleset, shown, ruleset.view(before, None), after_view, seat,
                                       view_of=lambda data: type(after_view).model_validate(data))

    async def _closeup(self, record: GameRecord, kind: str, payload: dict[str, Any]) -> pictures.Picture | None:
        """At a board post's delivery: remember the board it shows (the next caption's start) and draw the
        close-up of the states its caption names."""
        if kind != "board" or record.status == "lobby":
            return None
        view = await self._board_view(record, payload)
        await captions.remember_shown(self.store, record.id, record.ruleset, view)
        if not self.render or not payload.get("closeup"):
            return None
        return await asyncio.to_thread(pictures.closeup_for, view, list(payload["closeup"]), payload.get("caption", ""))
    # ------------------------------------------------------------ reminders and the table's pulse (issue 14)
    #
    # Each player chooses their reminders once, for all their games (store settings, scope `user:<id>`):
    # offsets before a deadline, quiet hours, a time zone (bot/reminders.py reads them; bot/clock.py places
    # the jobs). A choice applies to each wait that starts after it, and to the reminders not yet sent of
    # the waits running now. The stall line: one public line when a game has waited on the same seats (in
    # turn, never a response window's) for a day since its last move.

    async def reminder_settings(self, user_id: str) -> reminder_prefs.ReminderPrefs:
        return reminder_prefs.ReminderPrefs.from_settings(await self.store.settings(f"user:{user_id}"))

    async def set_reminders(self, user_id: str, *, before: str | None = None, quiet: str | None = None,
                            zone: str | None = None) -> reminder_prefs.ReminderPrefs:
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
        chosen = replace(current, **changes)
        if chosen == current:
            return chosen
        for key, value in chosen.settings().items():
            await self.store.set_setting(f"user:{user_id}", key, value)
        await self._replan_reminders(user_id, chosen)
        return chosen

    @staticmethod
    def _renamed(clock: timekeeping.GameClock, renames: dict[str, str]) -> timekeeping.GameClock:
        """At the start, seats fitted to the table change names: each player's reminders follow their seat."""
        return replace(clock, reminders={renames.get(s, s): p for s, p in clock.reminders.items()})

    async def _seat_reminders(self, game_id: int) -> dict[str, reminder_prefs.ReminderPrefs]:
        """Each seat held by a person: that person's reminder choices (only those who chose anything)."""
        out = {}
        for seat in await self.store.list_seats(game_id):
            if seat.controller == "human":
                stored = await self.store.settings(f"user:{seat.user_id}")
                if stored:
                    out[seat.seat] = reminder_prefs.ReminderPrefs.from_settings(stored)
        return out

    async def _replan_reminders(self, user_id: str, chosen: reminder_prefs.ReminderPrefs) -> None:
        """The user's running waits get the reminders they now chose — only those still ahead: a reminder whose
        time has passed was sent (or dropped) already, and is not sent again."""
        for record in await self.store.list_games(status="active", user_id=user_id):
            async with self._lock(record.id):
                record = await self.game(record.id)
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
                    self._live.pop(record.id, None)
                    continue
                live = self._live.get(record.id)
                if live is not None and live.version == record.version:
                    live.version = updated.version  # the state did not change, only the jobs

    @staticmethod
    def _reminder_marks(job: Any) -> dict[str, int]:
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

    async def _fire_stall(self, job: Any) -> None:
        """Post the stall line once: only if its job still stands (no move replaced it) and the seats it names
        still owe, in turn, what they owed."""
        async with self._lock(job.game_id):
            record = await self.store.get_game(job.game_id)
            if record is None or record.status != "active" or not any(
                    j.id == job.id for j in await self.store.jobs_for_game(job.game_id)):
                await self.store.delete_job(job.id)
                return
            ruleset, state, seq = await self._state(record)
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
        await self.flush()

    # ------------------------------------------------------------ spectators follow a game by DM (issue 16)
    #
    # The rules and texts are bot/follow.py's, the rows the store's (followers, migration 0006). A follower
    # gets public posts only: each one as the table posted it to the channel (PublicPost.followers), or a
    # daily digest of the public rows' lines and the current picture — never anything of a seat's. A DM
    # that cannot be delivered is counted, never retried (a retry would post the channel's post again);
    # after a few in a row the follow ends. The game's last post ends every follow (digests get a last one).

    async def follow(self, game_id: int, user_id: str, mode: str, *, guild_id: str | None) -> Follower | None:
        """Follow a lobby or game in progress of this server (mode 'turn' or 'digest'), or stop ('off', also by
        DM). Returns the follow (None after 'off')."""
        if mode not in ("turn", "digest", "off"):
            raise ManagerError("Follow mode: each turn, daily digest or off.", code="bad_option")
        if guild_id is None:  # by DM: a follow can only be stopped ("You don't follow" leaks no game numbers)
            if mode != "off":
                raise ManagerError("Follow a game with `/game follow` in its server; by DM you can only stop a follow "
                                   "(`mode:off`).", code="not_here")
            if not await self.store.unfollow(int(game_id), user_id):
                raise ManagerError(spectators.not_following(game_id), code="not_following")
            return None
        record = await self.game_here(game_id, guild_id=guild_id, user_id=user_id)
        if mode == "off":
            if not await self.store.unfollow(record.id, user_id):
                raise ManagerError(spectators.not_following(record.id), code="not_following")
            return None
        why = spectators.refusal(record.id, record.status)
        if why is not None:
            raise ManagerError(why, code="over")
        if any(s.user_id == user_id for s in await self.store.list_seats(record.id)):
            raise ManagerError(spectators.seated_refusal(record.id), code="seated")
        now = self._now()
        return await self.store.follow(record.id, user_id, mode, now,
                                       now + spectators.DIGEST_PERIOD if mode == "digest" else None)

    async def _watchers(self, record: GameRecord) -> list[Follower]:
        """The game's followers who are not seated in it (one who took a seat since gets the seat's DMs)."""
        followers = await self.store.followers(record.id)
        if not followers:
            return []
        seated = {s.user_id for s in await self.store.list_seats(record.id)}
        return [f for f in followers if f.user_id not in seated]

    async def _each_turn_followers(self, record: GameRecord) -> list[Follower]:
        return [f for f in await self._watchers(record) if f.mode == "turn"]

    async def _note_copy(self, follower: Follower, ok: bool) -> None:
        if ok and not follower.failures:
            return
        failures = await self.store.note_follow_delivery(follower.game_id, follower.user_id, ok)
        if failures >= spectators.GIVE_UP_AFTER:
            log.info("game %s: a follower's DMs failed %d times in a row; the follow ends", follower.game_id, failures)
            await self.store.unfollow(follower.game_id, follower.user_id)

    async def _after_copies(self, record: GameRecord, row: Any, followers: list[Follower], missed: Any,
                            text: str, picture: pictures.Picture | None) -> None:
        """After a public post and its copies: count the copies that failed; after an ended game's last post,
        the digest followers get their last digest (this post included) and every follow ends."""
        try:
            for f in followers:
                await self._note_copy(f, f.user_id not in set(missed))
            if record.status not in spectators.ENDED or await self.store.public_posts_pending(record.id, row.id):
                return
            for f in await self._watchers(record):
                if f.mode != "digest":
                    continue
                posts = await self.store.public_posts(record.id, f.digest_from, self._now() + 1)
                body = spectators.digest_text(record.id, record.title, [*posts, text])
                await self.table.forward(self._ref(record, row.created_seq), f.user_id, body, picture)
            await self.store.clear_followers(record.id)
        except Exception:  # noqa: BLE001 - the channel post is out: nothing here may make it go out again
            log.exception("game %s: follower copies failed", record.id)

    async def send_digests(self) -> int:
        """Send every daily digest that is due (claimed in the store first: each goes out once). Returns how many."""
        sent = 0
        for f in await self.store.claim_digests(self._now(), period=spectators.DIGEST_PERIOD):
            try:
                record = await self.store.get_game(f.game_id)
                if record is None or record.status in spectators.ENDED:
                    await self.store.clear_followers(f.game_id)  # the last post's clean-up never ran (a crash)
                    continue
                if f.user_id not in {w.user_id for w in await self._watchers(record)}:
                    await self.store.digest_done(f.game_id, f.user_id, f.digest_to)  # seated now: nothing to send
                    continue
                text = spectators.digest_text(record.id, record.title,
                                              await self.store.public_posts(f.game_id, f.digest_from, f.digest_to))
                if text and self.table is not None:
                    picture = await self.picture(record.id) if self.render and record.status != "lobby" else None
                    last = await self.store.last_journal_entry(record.id)
                    ok = await self.table.forward(self._ref(record, last.seq if last else 0), f.user_id, text, picture)
                    await self._note_copy(f, ok)
                    sent += 1
                await self.store.digest_done(f.game_id, f.user_id, f.digest_to)
            except Exception:  # noqa: BLE001 - one digest's trouble never stops the sweep; its lease runs out, it goes again
                log.exception("the digest of game %s could not be sent", f.game_id)
        return sent

    # ------------------------------------------------------------ replay and rematch (issue 16)
    # The replay is drawn by bot/replay.py (render/replay.py encodes it); who may rematch is bot/rematch.py's.

    async def replay_picture(self, record: GameRecord) -> pictures.Picture | None:
        """The animated replay of a finished game, for the post that follows its result; None when its ruleset has no
        picture or drawing it failed (logged; `post_replays` tries again)."""
        from bot import replay as replays

        try:
            animation = await replays.for_game(self.store, record.id)
        except Exception:  # noqa: BLE001 - a replay never holds up the result
            log.exception("could not draw the replay of game %s", record.id)
            return None
        if animation is None:
            return None
        ended = f" {result_headline(record.result)}" if record.result else ""
        alt = (f"Animated replay of game #{record.id} ({record.title}): the public board at each posted move, "
               f"{animation.n_frames} frames.{ended}")
        return pictures.Picture(png=animation.data, alt=alt, filename=animation.filename)

    async def post_replays(self) -> int:
        """Post the animated replay of every game whose result went out since the last sweep (the upkeep loop
        calls this): drawing one takes seconds, so it never delays the last move's answer or the result post.
        At most once per game: a failure is tried again at the next sweeps, up to REPLAY_TRIES in all."""
        if self.table is None or not self.render:
            return 0
        posted = 0
        # claimed for a lease before the seconds of drawing (issue 17): another process skips it; taken off the
        # queue once posted, or given back with one more try counted
        for game_id, tries in await rematches.claim_replays(self.store, self._owner, self._now()):
            record = await self.store.get_game(game_id)
            if record is None or record.status != "finished":
                await rematches.replay_done(self.store, game_id, self._owner)
                continue
            picture = await self.replay_picture(record)
            if picture is None:
                await rematches.replay_failed(self.store, game_id, tries, self._owner)
                continue
            text = (f"🎞 Replay of game #{record.id} ({record.title}): the board at each posted move, "
                    "from the start to the result.")
            snap = await self.store.load_snapshot(game_id)
            try:
                await self.table.publish(PublicPost(game=self._ref(record, snap.seq if snap else 0), text=text,
                                                    replay=picture, key=f"r{game_id}"))
            except Exception as exc:  # noqa: BLE001 - the channel's trouble: the next sweep tries again
                log.warning("could not post the replay of game %s (%s)", game_id, type(exc).__name__)
                await rematches.replay_failed(self.store, game_id, tries, self._owner)
                continue
            await rematches.replay_done(self.store, game_id, self._owner)
            posted += 1
        return posted

    async def rematch(self, game_id: int, user_id: str, name: str | None = None) -> rematches.Rematch:
        """A former player of a finished game opens its rematch: a lobby with the same ruleset, options, deadline
        and title, in the same channel, hosted by them in their former seat. The other former players are not
        seated (each one chooses to Join); the table invites them. One rematch at a time per game."""
        async with self._lock(game_id):
            record = await self.game(game_id)
            if record.status != "finished":
                raise ManagerError(f"Game #{game_id} is {record.status}: only a finished game can be rematched.",
                                   code="not_finished")
            players = await rematches.former_players(self.store, game_id)
            if user_id not in players:
                raise ManagerError(f"Only the players of game #{game_id} can start its rematch; press Join on the "
                                   "rematch lobby when one is open.", code="not_player")
            current = await rematches.open_rematch(self.store, game_id)
            if current is not None:
                where = "is open: press Join on it" if current.status == "lobby" else "is already under way"
                raise ManagerError(f"The rematch of game #{game_id}, game #{current.id}, {where}.", code="rematch_open")
            ruleset = registry.get(record.ruleset)
            seat = await rematches.former_seat(self.store, game_id, user_id)
            lobby = await self.create(record.ruleset, user_id, name or players[user_id], options=record.options,
                                      title=record.title, guild_id=record.guild_id, channel_id=record.channel_id,
                                      seat=seat if seat in lobby_seat_names(ruleset) else None,
                                      deadline_hours=record.deadline_hours)
            await rematches.link(self.store, game_id, lobby.id)
        return rematches.Rematch(of=game_id, lobby=lobby,
                                 invited={u: n for u, n in players.items() if u != user_id})
