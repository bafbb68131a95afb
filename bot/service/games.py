"""The move path: lobbies, the start, a move (a person's, the bot's, a deadline's), undo, and the rematch.

A move is checked by the engine (pure), then written in one store transaction — its journal row, snapshot,
deadlines and outbox — then delivered. What follows a move runs one way: this module calls delivery, the
clock's scheduling and ratings; services that act after a move (Seats: the bot's seats, missed deadlines)
subscribe to `Games.after_move`."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any, Awaitable, Callable

from pydantic import ValidationError

from bot.present import bot_notes
from bot.present import captions, option_hints
from bot.present import typed_rest
from bot.policy import timekeeping
from bot.policy import concession
from bot.present.posts import board_posts
from bot.policy import record as records
from bot.policy import rematch as rematches
from bot.store import (
    DuplicateMove,
    GameRecord,
    NewJob,
    NewMessage,
    SeatRecord,
    VersionConflict,
)
from bot.present.undo_refusal import SHOWN_OR_PASSED_ON, nothing_to_undo
from engine import registry
from engine.core.errors import EngineError, StaleState
from engine.core.rng import Rng
from engine.core.posting import held_lines
from engine.core.ruleset import (Ruleset, lobby_seat_names, owing_seats, play_until_handoff,
                                 seat_range, state_hash)
from engine.core.types import Action, Event, PendingKind
from bot.service.context import Context, ManagerError, Service, storable
from bot.service.views import Views
from bot.service.delivery import Delivery
from bot.service.clock import Clock
from bot.service.community import Community
from bot.service.memory import Memory

log = logging.getLogger("stumpbot.service.games")
MAX_TITLE = 80
REPEAT_SECONDS = 60  # a typed move identical to the sender's last one within this window asks first


@dataclass(frozen=True)
class SubmitResult:
    seq: int
    events: list[Event]
    notation: str
    finished: bool
    # the steps of a compound move not applied because the decision passed to others first (a response
    # window opened on the declaration): the player sends them again when it is their move
    pending: str = ""


def _seat_for(ruleset: Ruleset, taken: set[str], seat: str | None) -> str:
    """The seat a player takes in a lobby whose seats `taken` are held: the one asked for, or the first free one."""
    names = ruleset.seat_names(ruleset.max_seats)
    free = [n for n in names if n not in taken]
    seat = (free[0] if seat is None else seat).upper()
    if seat not in lobby_seat_names(ruleset):
        raise ManagerError(f"`{seat[:20]}` is not a seat in {ruleset.title}. Seats: {', '.join(names)}.", code="bad_seat")
    if seat in taken:
        raise ManagerError(f"{seat} is taken. Free seats: {', '.join(free)}.", code="seat_taken")
    return seat


class Games(Service):
    """Every change of a game's state goes through here."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery, clock: Clock, community: Community,
                 memory: Memory) -> None:
        super().__init__(ctx)
        # Called after every move that was not the bot's own, in order: (game id, the seat that moved, the actor:
        # a user id, "bot" or "deadline", the seats as the move saw them). Seats subscribes here, so the move path
        # never imports it.
        self.after_move: list[Callable[[int, str, str, list[SeatRecord]], Awaitable[None]]] = []
        self.views = views
        self.delivery = delivery
        self.clock = clock
        self.community = community
        self.memory = memory

    async def create(self, ruleset_name: str, host_user: str, host_name: str, *, options: dict[str, Any] | None = None,
                     title: str | None = None, guild_id: str | None = None, channel_id: str | None = None,
                     seat: str | None = None, deadline_hours: int | None = None, seed: int | None = None) -> GameRecord:
        """Open a lobby with its host seated. Everything is checked first and written in one store transaction
        (the game, the host's seat, its expiry, its seed's secret salt): a refused `/game new` leaves nothing."""
        storable(title, "game name")
        storable(host_name, "name")
        storable(seat, "seat")
        try:
            ruleset = registry.get(ruleset_name)
        except KeyError as exc:
            raise ManagerError(str(exc.args[0]), code="unknown_ruleset") from None
        try:
            parsed = ruleset.parse_options(options or {})
        except ValidationError as exc:  # in words: the option, what it takes, and every option of the game
            raise ManagerError(option_hints.refusal(ruleset, options or {}, exc), code="bad_option") from None
        opts = parsed.model_dump()
        server = await self.community.server_settings(guild_id)  # the server's defaults for its new games
        chosen: int = opts["deadline_hours"] if "deadline_hours" in (options or {}) else server.deadline_hours
        hours = deadline_hours or chosen
        if not 1 <= hours <= 24 * 14:
            raise ManagerError("The move deadline must be between 1 hour and 14 days.", code="bad_option")
        host_seat = _seat_for(ruleset, set(), seat)
        clean_title = (title or ruleset.title).strip()[:MAX_TITLE] or ruleset.title
        now = self._now()
        if seed is None:  # fresh games get an unpredictable seed; demos and tests pass their own
            seed = self.ctx.new_seed()
        civil_disorder, jobs = self.community.lobby_defaults(guild_id, server, now)
        return await self.store.open_lobby(ruleset.name, opts, seed, host_user, clean_title, now, seat=host_seat,
                                           display_name=host_name[:64], guild_id=guild_id, channel_id=channel_id,
                                           deadline_hours=hours, civil_disorder_after=civil_disorder, jobs=jobs,
                                           # the seed commitment's secret salt
                                           settings=[(records.SALT_KEY, records.new_salt())])

    async def join(self, game_id: int, user_id: str, name: str, *, seat: str | None = None) -> GameRecord:
        storable(name, "name")
        storable(seat, "seat")
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status != "lobby":
                raise ManagerError(f"Game #{game_id} has already started; you can follow it as a spectator.", code="started")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise ManagerError(f"You are already seated in game #{game_id}.", code="already_seated")
            most = seat_range(ruleset, record.options)[1]
            if len(seats) >= most:
                raise ManagerError(f"Game #{game_id} is full ({most} seat{'s' if most != 1 else ''}).", code="full")
            chosen = _seat_for(ruleset, {s.seat for s in seats}, seat)
            return await self.store.add_seat(game_id, record.version, chosen, user_id, name[:64], self._now())

    async def start(self, game_id: int, user_id: str) -> GameRecord:
        async with self._lock(game_id):
            record = await self.views.game(game_id)
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
            sealed_seed = await records.commit_seed(self.store, game_id, record.seed)  # fair randomness
            outbox, jobs = self._after_move(ruleset, state, None, [intro, sealed_seed], seats, record, 0, started=True,
                                            clock=self.clock.renamed(await self.clock.game_clock(record), renames))
            now = self._now()
            updated = await self.store.start_game(game_id, record.version, state.model_dump_json(), state_hash(state),
                                                  now, jobs=jobs, outbox=outbox, renames=renames)
            self.ctx.remember(game_id, updated.version, 0, state)
        await self.delivery.flush()
        return updated

    async def abandon(self, game_id: int, user_id: str, *, admin: bool = False) -> GameRecord:
        async with self._lock(game_id):
            record = await self.views.game(game_id)
            if record.status in ("finished", "abandoned"):
                raise ManagerError(f"Game #{game_id} is already {record.status}.", code="over")
            if user_id != record.host_user and not admin:
                raise ManagerError("Only the host (or a server admin) can cancel a game.", code="not_host")
            text = f"Game #{game_id} was cancelled by its host."
            if record.status == "active":
                text += "\n" + ((await records.reveal_event(self.store, game_id, record.seed)).public or "")
            out = [NewMessage(audience="public", kind="text", payload={"text": text}, created_seq=0)]
            updated = await self.store.set_status(game_id, record.version, "abandoned", self._now(), outbox=out)
            self.ctx.live.pop(game_id, None)
        await self.delivery.flush()
        return updated

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
            # the game, its seats, jobs, clock and settings (held bot notes, the last board shown, typed rests) and,
            # when the cache is behind, its state: one store call, one server transaction on PostgreSQL
            # (the followers too: the move's posts are delivered from this context, without a read of their own)
            context = await self.views.context(game_id, followers=True, with_state=True)
            record, seats = context.game, context.seats
            if record.status != "active":
                raise ManagerError(f"Game #{game_id} is {record.status}; no moves can be made.", code="not_active")
            if deadline_at is not None and not any(j.kind == "deadline" and j.seat == seat_override and j.due_at == deadline_at
                                                   for j in context.jobs):
                raise StaleState("That deadline was moved meanwhile (a pause, an extension or a new wait).")
            seat = seat_override or self.ctx.seat_in(seats, user_id).seat
            if seat_override is None:
                self._refuse_bot_seat(seats, seat)
            ruleset, state, seq = await self.views.state(record)  # the context brought it into the cache
            game_settings = context.game_settings
            try:
                if expected_seq is not None and expected_seq != seq:
                    raise StaleState("The board has changed since these buttons were sent. Here are your current choices.")
                actions = ruleset.parse(move) if isinstance(move, str) else list(move)
                result, actions, rest = play_until_handoff(ruleset, state, seat, actions)
            except EngineError:
                # A double click arrives after its twin moved the game on: say so, rather than "illegal".
                if idem_key is not None and (done := await self.store.move_for_idem_key(idem_key)) is not None:
                    raise StaleState(f"That move was already applied (move {done.seq}).") from None
                raise
            notation = ruleset.format(actions)
            if repeat_guard:
                await self._refuse_quick_repeat(game_id, user_id, notation)
            events = result.events
            # the bot's or the deadline's line, placed by the seat the engine names on each line (bot/present/bot_notes.py)
            bot_note = bot_notes.note(seat, held_lines(state)) if actor == "bot" \
                else bot_notes.deadline_note(seat, held_lines(state), note) if note else None
            out = ruleset.outcome(result.state)
            result_extra: dict[str, Any] = {}
            if out is not None:
                conceded = await self.views.conceded_seats(game_id, game_settings)
                out, why = concession.final_outcome(ruleset, [s.seat for s in seats], conceded, out)
                if why:
                    events = [*events, Event(public=f"🏳 {why}")]
                if conceded:
                    result_extra["conceded"] = sorted(conceded)
                # the result post reveals the seed
                events = [*events, await records.reveal_event(self.store, game_id, record.seed)]
            outbox, jobs = self._after_move(ruleset, result.state, state, events, seats, record, seq + 1,
                                            existing=context.jobs,
                                            clock=await self.clock.game_clock(record, context=context), mover=seat)
            held_notes = bot_notes.held(game_settings.get(bot_notes.HELD_KEY))
            notes = [*held_notes, *([bot_note] if bot_note else [])]
            if note and not any(m.audience == "public" and m.kind == "board" for m in outbox):
                # a deadline's line is said at once, even while the step's own lines wait for the turn's post
                outbox.insert(0, NewMessage(audience="public", kind="board", payload={"text": note}, created_seq=seq + 1))
                notes = [n for n in notes if n is not bot_note]
            notes_posted = bot_notes.place_in_first_post(outbox, notes)
            outbox = self._caption_turn(record, ruleset, state, result.state, seat, outbox, game_settings)
            status = "finished" if out else "active"
            now = self._now()
            final = {**out.model_dump(), **result_extra} if out else None
            try:
                # the move's posts are written claimed for this process, which delivers them below; the last
                # move's go out with the ratings' posts, by a flush; a manager with no table to send them leaves them to
                # whoever flushes next
                commit = await self.store.commit_move(
                    game_id, record.version, seat=seat, notation=notation, actor=actor or user_id, idem_key=idem_key,
                    undoable=result.undoable, state_json=result.state.model_dump_json(), state_hash=state_hash(result.state),
                    now=now, status=status, result=final, jobs=[] if out else jobs, outbox=outbox,
                    claim_for=None if out or self.table is None else self.ctx.owner,
                    lease_seconds=self.ctx.outbox_lease_s,
                    step=records.move_told(ruleset, state, result, seat, actor or user_id, seq + 1))
            except DuplicateMove as dup:
                raise StaleState(f"That move was already applied (move {dup.seq}).") from None
            except VersionConflict:
                self.ctx.live.pop(game_id, None)
                raise StaleState("Someone moved at the same moment; look at the board and try again.") from None
            self.ctx.remember(game_id, commit.version, commit.seq, result.state, before=state)
            # the game as the move left it, which its posts are delivered from
            after = replace(context, game=replace(record, version=commit.version, status=status, updated_at=now,
                                                  result=final if out else record.result),
                            jobs=context.jobs if commit.jobs is None else commit.jobs, snapshot=None)
            kept = await self._keep_typed_rest(game_id, seat, user_id, actor, ruleset.format(rest) if rest else "",
                                               game_settings)
            if notes_posted and held_notes:  # the held notes went out with this post
                await self.store.set_setting(f"game:{game_id}", bot_notes.HELD_KEY, bot_notes.dump([]))
            elif not notes_posted and bot_note:  # held beside the engine's held lines, for the post that shows them
                await self.store.set_setting(f"game:{game_id}", bot_notes.HELD_KEY, bot_notes.dump(notes))
        if out is not None:
            await self.memory.rate_finished()  # ratings: right after the result, before the flush posts both
        await self.delivery.deliver_claimed(commit.claimed, after)
        if out is not None or not commit.claimed:  # what the move's posts waited behind, or the ratings' after them
            await self.delivery.flush(after_game=game_id)
        await self._after_submit(game_id, seat, actor or user_id, seats, kept)
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
            record = await self.views.game(game_id)
            if record.status != "active":
                raise ManagerError("Only moves in a game in progress can be undone.", code="not_active")
            seat = await self.views.seat_of(game_id, user_id)
            last = await self.store.last_journal_entry(game_id)
            if last is None or last.seat != seat.seat or last.actor in ("deadline", "bot"):
                # say which move closed it, as the log shows it (bot/present/undo_refusal.py)
                why = nothing_to_undo(await self.store.load_journal(game_id), seat.seat)
                raise ManagerError(why or "There is nothing of yours to undo.", code="no_undo")
            if not last.undoable:
                raise ManagerError(SHOWN_OR_PASSED_ON, code="no_undo")
            ruleset = registry.get(record.ruleset)
            seats = await self.store.list_seats(game_id)
            live = self.ctx.live.get(game_id)
            if live is not None and live.before is not None and (live.version, live.seq) == (record.version, last.seq):
                state = live.before  # this process played the move: the state it was played from
            else:  # the record cache's, or replayed in a worker thread
                journal = tuple(await self.store.load_journal(game_id))
                state = await self.memory.state_after(record, seats, journal[:-1])
            ev = Event(public=f"{seat.seat} took back their last step.")
            outbox, jobs = self._after_move(ruleset, state, None, [ev], seats, record, last.seq - 1,
                                            existing=await self.store.jobs_for_game(game_id),
                                            clock=await self.clock.game_clock(record))
            updated = await self.store.undo_last(game_id, record.version, expected_seq=last.seq,
                                                 state_json=state.model_dump_json(), state_hash=state_hash(state),
                                                 now=self._now(), jobs=jobs, outbox=outbox)
            self.ctx.remember(game_id, updated.version, last.seq - 1, state)
            # the step the rest followed is gone
            await self._keep_typed_rest(game_id, seat.seat, user_id, None, "",
                                        await self.store.settings(f"game:{game_id}"))
        await self.delivery.flush()
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
        if done and outbox:  # the result post (the last), which offers a rematch (the replay follows)
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
            # Deadlines and reminders (bot/policy/timekeeping.py): a seat still owing the same kind of decision keeps its
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

    async def bot_move(self, game_id: int, seat: str, rng: Rng) -> SubmitResult | None:
        """Let the built-in bot player act for `seat` (demo, local table). Returns None when it owes nothing."""
        record = await self.views.game(game_id)
        ruleset, state, _ = await self.views.state(record)
        if not ruleset.decisions(state, seat).all_options():
            return None
        action = ruleset.bot_action(state, seat, rng)
        return await self.submit(game_id, "", [action], actor="bot", seat_override=seat)

    async def _keep_typed_rest(self, game_id: int, seat: str, user_id: str, actor: str | None, rest: str,
                               game_settings: dict[str, str]) -> bool:
        """After a seat's move (the game's lock held): keep a typed move's rest for when the seat owes again, or
        drop an older one — the seat moved anew. `game_settings`: the game's settings as read under the lock.
        Returns whether any seat's rest is kept now."""
        scope, name = f"game:{game_id}", typed_rest.key(seat)
        if rest and actor not in ("bot", "deadline"):
            await self.store.set_setting(scope, name, typed_rest.dump(typed_rest.TypedRest(user_id, rest)))
            return True
        if game_settings.get(name):
            await self.store.set_setting(scope, name, "")
        return any(k.startswith(typed_rest.key("")) and v for k, v in game_settings.items() if k != name)

    async def _resume_typed(self, game_id: int) -> None:
        """Play the kept rest of each seat that owes a move again, as its player would send it; a rest no longer
        legal is dropped, nothing of it applied, and the player is told why with their choices."""
        scope = f"game:{game_id}"
        kept = {k: v for k, v in (await self.store.settings(scope)).items() if k.startswith(typed_rest.key("")) and v}
        if not kept:  # the common case: one read, no state loaded
            return
        for seat in await self.views.owing(game_id):
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
                    await self.table.tell(await self.views.brief(game_id, rest.user_id, text=text))

    @staticmethod
    def _caption_turn(record: GameRecord, ruleset: Ruleset, before: Any, after: Any, seat: str,
                      outbox: list[NewMessage], game_settings: dict[str, str]) -> list[NewMessage]:
        """The move's board post led by one line of what changed since the board the channel last saw."""
        if not any(m.audience == "public" and m.kind == "board" for m in outbox):
            return outbox
        shown = captions.shown_tally(game_settings)
        after_view = ruleset.view(after, None)
        return captions.caption_outbox(outbox, record.ruleset, shown, ruleset.view(before, None), after_view, seat,
                                       view_of=lambda data: type(after_view).model_validate(data))

    @staticmethod
    def _refuse_bot_seat(seats: list[SeatRecord], seat: str) -> None:
        if any(s.seat == seat and s.controller == "bot" for s in seats):
            raise ManagerError(f"The bot plays {seat} now. `/game takeseat seat:{seat}` takes it back.", code="bot_seat")

    async def rematch(self, game_id: int, user_id: str, name: str | None = None) -> rematches.Rematch:
        """A former player of a finished game opens its rematch: a lobby with the same ruleset, options, deadline
        and title, in the same channel, hosted by them in their former seat. The other former players are not
        seated (each one chooses to Join); the table invites them. One rematch at a time per game."""
        async with self._lock(game_id):
            record = await self.views.game(game_id)
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

    async def _after_submit(self, game_id: int, seat: str, actor: str, seats: list[SeatRecord],
                            kept: bool) -> None:
        """After a move: what subscribed to moves acts (the bot plays what it owes; a person who moved has missed
        no deadline in a row), then a typed move's rest kept for a seat that owes again is played (`kept`: the
        move found or left one). `seats`: the game's seats as the move saw them."""
        if game_id in self.ctx.botting:  # a bot's own move: the loop playing it goes on by itself
            return
        for hook in self.after_move:
            await hook(game_id, seat, actor, seats)
        if kept:
            await self._resume_typed(game_id)
