"""The move path: a move (a person's, the bot's, a deadline's) and its undo, over the lobby (bot/service/lobby.py).

A move is checked by the engine (pure), then written in one store transaction — its journal row, snapshot,
deadlines and outbox (bot/service/move_posts.py) — then delivered. What follows a move runs one way: this module
calls delivery, the clock's scheduling and ratings; services that act after a move (Seats: the bot's seats,
missed deadlines) subscribe to `Games.after_move`."""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, AsyncIterator, Awaitable, Callable

from bot.policy import concession
from bot.policy import record as records
from bot.present import bot_notes, typed_rest
from bot.present.undo_refusal import SHOWN_OR_PASSED_ON, nothing_to_undo
from bot.policy import bot_levels
from bot.service import coaching
from bot.service.clock import Clock
from bot.service.community import Community
from bot.service.context import Context, ManagerError
from bot.service.delivery import Delivery
from bot.service.lobby import Lobby
from bot.service.memory import Memory
from bot.service.move_posts import Notes, caption_turn, place_notes, posts_and_deadlines
from bot.service.thinking import Thinker
from bot.service.views import Views
from bot.store import DuplicateMove, GameContext, GameRecord, MoveCommit, NewJob, NewMessage, SeatRecord, VersionConflict
from engine import registry
from engine.core.errors import EngineError, StaleState
from engine.core.posting import Posting, held_lines
from engine.core.rng import Rng
from engine.core.ruleset import Played, Ruleset, play_until_handoff, state_hash
from engine.core.types import Action, Event

log = logging.getLogger("stumpbot.service.games")
REPEAT_SECONDS = 60  # a typed move identical to the sender's last one within this window asks first
GATHER_ROWS = 400  # a run of gathered moves goes out in parts of about this many outbox rows


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
class BotDecision:
    """The bot's move for `seat`, decided at `level` from the state after move `seq`."""

    seat: str
    action: Action
    seq: int
    level: str


@dataclass(frozen=True)
class _Turn:
    """A move about to be made, as read under the game's lock: the game's context, the seat that moves and the
    state it moves from."""

    context: GameContext
    seat: str
    ruleset: Ruleset
    state: Any
    seq: int
    posting: Posting  # what the game's table held before the move (engine/core/posting.py)

    @property
    def record(self) -> GameRecord:
        return self.context.game

    @property
    def seats(self) -> list[SeatRecord]:
        return self.context.seats


@dataclass(frozen=True)
class _Move:
    """What the engine made of the move: the steps it applied (`notation`) and those left for later (`rest`)."""

    played: Played
    notation: str
    rest: str

    @property
    def posting(self) -> Posting:
        """What the game's table holds after the move."""
        assert self.played.posting is not None  # played at the table, with its posting
        return self.played.posting


@dataclass(frozen=True)
class _Done:
    """A move written: what it told, whether it ended the game, and what follows it."""

    commit: MoveCommit
    events: list[Event]
    finished: bool
    after: GameContext  # the game as the move left it, which its posts are delivered from
    kept: bool  # some seat's typed rest waits for its turn


@dataclass
class _Gathering:
    """A game's moves whose posts wait to go out together, since `since`."""

    since: int
    moves: list[_Done] = field(default_factory=list)


class Games(Lobby):
    """Every change of a game's state goes through here: the lobby's (Lobby), then the moves and their undo."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery, clock: Clock, community: Community,
                 memory: Memory, thinker: Thinker | None = None) -> None:
        super().__init__(ctx, views, delivery, clock, community)
        self.thinker = thinker or Thinker()  # the bot's decisions; a hard one in its worker pool
        # Called after every move that was not the bot's own, in order: (game id, the seat that moved, the actor:
        # a user id, "bot" or "deadline", the seats as the move saw them). Seats subscribes here, so the move path
        # never imports it.
        self.after_move: list[Callable[[int, str, str, list[SeatRecord]], Awaitable[None]]] = []
        self.memory = memory
        self._gathered: dict[int, _Gathering] = {}  # games whose moves' posts wait to go out as one (`gathered`)

    async def submit(self, game_id: int, user_id: str, move: str | list[Action], *, idem_key: str | None = None,
                     expected_seq: int | None = None, actor: str | None = None, seat_override: str | None = None,
                     note: str | None = None, repeat_guard: bool = False, deadline_at: int | None = None) -> SubmitResult:
        """Apply one player's move. Raises a typed, player-facing error and changes nothing if it is not legal.

        `repeat_guard` is for typed moves, which carry no sequence number (buttons send `expected_seq`):
        the same notation as the sender's own last move within REPEAT_SECONDS is refused with code
        `repeat` until sent again deliberately, since a double-sent `/move` would otherwise apply twice
        whenever the step is legal twice in a row.

        `actor` is "bot" or "deadline" when the move is not the seated person's (`seat_override` names the seat),
        and `note` the deadline's line. `deadline_at` is the due time of the deadline a deadline move answers:
        unless the seat's deadline still stands at that time once the game's lock is held (a pause, an extension,
        a vacation or a new wait moved it), nothing is played."""
        gathers = False
        try:
            async with self._lock(game_id):
                turn = await self._load(game_id, user_id, seat_override, deadline_at)
                played = await self._play(turn, move, user_id, expected_seq=expected_seq, idem_key=idem_key,
                                          repeat_guard=repeat_guard)
                # a move the bot's seats may answer: its post waits for theirs, and goes out with them as one
                gathers = game_id not in self._gathered and game_id not in self.ctx.botting \
                    and any(s.controller == "bot" for s in turn.seats)
                if gathers:
                    self._gathered[game_id] = _Gathering(self._now())
                done = await self._commit(turn, played, user_id, actor, idem_key=idem_key, note=note)
            await self._deliver(game_id, done)
            await self._after_submit(game_id, turn.seat, actor or user_id, turn.seats, done.kept)
        finally:
            if gathers:
                await self._deliver_gathered(game_id, self._gathered.pop(game_id).moves)
        return SubmitResult(seq=done.commit.seq, events=done.events, notation=played.notation, finished=done.finished,
                            pending=played.rest)

    async def _load(self, game_id: int, user_id: str, seat_override: str | None, deadline_at: int | None) -> _Turn:
        """The game, its seats, jobs, clock and settings (held bot notes, the last board shown, typed rests) and,
        when the cache is behind, its state: one store call, one server transaction on PostgreSQL (the followers
        too: the move's posts are delivered from this context, without a read of their own). Refuses a move the
        game cannot take now."""
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
        ruleset, state, seq, posting = await self.views.position(record)  # the context brought it into the cache
        return _Turn(context, seat, ruleset, state, seq, posting)

    async def _play(self, turn: _Turn, move: str | list[Action], user_id: str, *, expected_seq: int | None,
                    idem_key: str | None, repeat_guard: bool) -> _Move:
        """The engine's verdict on the move (pure), or a typed refusal."""
        ruleset = turn.ruleset
        try:
            if expected_seq is not None and expected_seq != turn.seq:
                raise StaleState("The board has changed since these buttons were sent. Here are your current choices.")
            actions = ruleset.parse(move) if isinstance(move, str) else list(move)
            played = play_until_handoff(ruleset, turn.state, turn.seat, actions, posting=turn.posting)
        except EngineError as exc:
            # A double click arrives after its twin moved the game on: say so, rather than "illegal".
            if idem_key is not None and (done := await self.store.move_for_idem_key(idem_key)) is not None:
                raise StaleState(f"That move was already applied (move {done.seq}).") from None
            if not isinstance(exc, StaleState):  # in a guided first game, the coach adds a move allowed now
                exc.message = coaching.nudged(ruleset, turn.state, turn.seat, turn.seq, turn.context.game_settings,
                                              exc.message)
                exc.args = (exc.message,)
            raise
        notation = ruleset.format(played.applied)
        if repeat_guard:
            await self._refuse_quick_repeat(turn.record.id, user_id, notation)
        return _Move(played, notation, ruleset.format(played.rest) if played.rest else "")

    async def _commit(self, turn: _Turn, move: _Move, user_id: str, actor: str | None, *, idem_key: str | None,
                      note: str | None) -> _Done:
        """Write the move with all that follows it in one store transaction, then what the game keeps beside it
        (a typed move's rest, the bot's held notes)."""
        record, result = turn.record, move.played.result
        out, events, final = await self._ending(turn, move)
        now = self._now()
        outbox, jobs, notes = await self._posts(turn, move, events, now, actor, note)
        status = "finished" if out else "active"
        commit = await self._write(turn, move, actor or user_id, idem_key, now, status, final, outbox,
                                   [] if out else jobs)
        self.ctx.remember(record.id, commit.version, commit.seq, result.state, move.posting,
                          before=(turn.state, turn.posting))
        after = replace(turn.context, game=replace(record, version=commit.version, status=status, updated_at=now,
                                                   result=final if out else record.result),
                        jobs=turn.context.jobs if commit.jobs is None else commit.jobs, snapshot=None)
        kept = await self._keep_typed_rest(record.id, turn.seat, user_id, actor, move.rest, turn.context.game_settings)
        if notes.held_after is not None:
            await self.store.set_setting(f"game:{record.id}", bot_notes.HELD_KEY, bot_notes.dump(notes.held_after))
        return _Done(commit, events, out is not None, after, kept)

    async def _posts(self, turn: _Turn, move: _Move, events: list[Event], now: int, actor: str | None,
                     note: str | None) -> tuple[list[NewMessage], list[NewJob], Notes]:
        """The move's outbox rows — its board posts with the bot's notes and a caption, each seat's brief — and
        its deadline jobs (bot/service/move_posts.py), and what the game's held notes become."""
        record, after = turn.record, move.played.result.state
        outbox, jobs = posts_and_deadlines(turn.ruleset, after, turn.state, events, turn.seats, record, turn.seq + 1,
                                           now, existing=turn.context.jobs, mover=turn.seat,
                                           clock=await self.clock.game_clock(record, context=turn.context))
        # the bot's or the deadline's line, placed by the seat the engine names on each line (bot/present/bot_notes.py)
        mine = bot_notes.note(turn.seat, held_lines(turn.posting)) if actor == "bot" \
            else bot_notes.deadline_note(turn.seat, held_lines(turn.posting), note) if note else None
        notes = place_notes(outbox, bot_notes.held(turn.context.game_settings.get(bot_notes.HELD_KEY)), mine,
                            turn.seq + 1, note)
        outbox = caption_turn(record, turn.ruleset, turn.state, after, move.posting, turn.seat, outbox,
                              turn.context.game_settings, waits=record.id in self._gathered)
        return outbox, jobs, notes

    async def _ending(self, turn: _Turn, move: _Move) -> tuple[Any, list[Event], dict[str, Any] | None]:
        """The game's result, if the move ends it — concessions counted, the seed revealed in its post — with the
        move's events and the result as the record keeps it."""
        events = move.played.result.events
        out = turn.ruleset.outcome(move.played.result.state)
        if out is None:
            return None, events, None
        extra: dict[str, Any] = {}
        conceded = await self.views.conceded_seats(turn.record.id, turn.context.game_settings)
        out, why = concession.final_outcome(turn.ruleset, [s.seat for s in turn.seats], conceded, out)
        if why:
            events = [*events, Event(public=f"🏳 {why}")]
        if conceded:
            extra["conceded"] = sorted(conceded)
        # the result post reveals the seed
        events = [*events, await records.reveal_event(self.store, turn.record.id, turn.record.seed)]
        return out, events, {**out.model_dump(), **extra}

    async def _write(self, turn: _Turn, move: _Move, actor: str, idem_key: str | None, now: int, status: str,
                     final: dict[str, Any] | None, outbox: list[NewMessage], jobs: list[NewJob]) -> MoveCommit:
        """The move's one transaction. Its posts are written claimed for this process, which delivers them next;
        the last move's go out with the ratings' posts, by a flush; a manager with no table to send them leaves
        them to whoever flushes next."""
        record, result = turn.record, move.played.result
        try:
            return await self.store.commit_move(
                record.id, record.version, seat=turn.seat, notation=move.notation, actor=actor, idem_key=idem_key,
                undoable=result.undoable, state_json=result.state.model_dump_json(), state_hash=state_hash(result.state),
                posting=move.posting.stored(),
                now=now, status=status, result=final, jobs=jobs, outbox=outbox,
                claim_for=None if final is not None or self.table is None else self.ctx.owner,
                lease_seconds=self.ctx.outbox_lease_s, after_own=record.id in self._gathered,
                step=records.move_told(turn.ruleset, turn.state, result, turn.seat, actor, turn.seq + 1))
        except DuplicateMove as dup:
            raise StaleState(f"That move was already applied (move {dup.seq}).") from None
        except VersionConflict:
            self.ctx.live.pop(record.id, None)
            raise StaleState("Someone moved at the same moment; look at the board and try again.") from None

    @asynccontextmanager
    async def gathered(self, game_id: int) -> AsyncIterator[None]:
        """The moves made inside (the bot's seats' run of moves) are delivered together when it ends, their posts
        merged into one (bot/service/merging.py): one channel post for what happened between two decisions of
        people. Inside a gathering already open for the game (a person's move the bot answers), the moves join it."""
        if game_id in self._gathered:
            yield
            return
        self._gathered[game_id] = _Gathering(self._now())
        try:
            yield
        finally:
            await self._deliver_gathered(game_id, self._gathered.pop(game_id).moves)

    async def _deliver_gathered(self, game_id: int, moves: list[_Done]) -> None:
        """Send the gathered moves' posts as one run, from the context the last of them left. The rows written
        claimed come first (a move writes its rows claimed only after rows it claimed already), the rest with a
        flush; a run that ended the game goes out whole with one flush, with its result and ratings."""
        if not moves:
            return
        if any(d.finished for d in moves):
            await self.memory.rate_finished()
            # The game's end in one post: the earlier moves' claimed rows are given back, so the one flush that sends
            # the last move's rows, the result and the ratings sends them too, merged, in order.
            await self.delivery.give_back([r for d in moves for r in d.commit.claimed])
            await self.delivery.flush(after_game=game_id)
            return
        await self.delivery.deliver_claimed([r for d in moves for r in d.commit.claimed], moves[-1].after)
        if any(d.finished or not d.commit.claimed for d in moves):
            await self.delivery.flush(after_game=game_id)

    async def _deliver(self, game_id: int, done: _Done) -> None:
        """Send the move's posts from the context it left; a game's last move rates it first, so that the flush
        posts the result and the ratings together. A move made while its game gathers moves waits for the rest
        of them (a run too long for one lease goes out in parts)."""
        if (gathering := self._gathered.get(game_id)) is not None:
            gathering.moves.append(done)
            if self._now() - gathering.since < self.ctx.outbox_lease_s // 4 \
                    and sum(len(d.commit.claimed) for d in gathering.moves) < GATHER_ROWS:
                return
            moves, gathering.moves, gathering.since = gathering.moves, [], self._now()
            await self._deliver_gathered(game_id, moves)
            return
        if done.finished:
            await self.memory.rate_finished()
        await self.delivery.deliver_claimed(done.commit.claimed, done.after)
        if done.finished or not done.commit.claimed:  # what the move's posts waited behind, or the ratings' after them
            await self.delivery.flush(after_game=game_id)

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

    @staticmethod
    def _refuse_bot_seat(seats: list[SeatRecord], seat: str) -> None:
        if any(s.seat == seat and s.controller == "bot" for s in seats):
            raise ManagerError(f"The bot plays {seat} now. `/seat take seat:{seat}` takes it back.", code="bot_seat")

    async def _refuse_quick_repeat(self, game_id: int, user_id: str, notation: str) -> None:
        last = await self.store.last_journal_entry(game_id)
        if last is not None and last.actor == user_id and last.notation == notation \
                and self._now() - last.created_at <= REPEAT_SECONDS:
            raise ManagerError(f"You sent `{notation}` {max(self._now() - last.created_at, 0)} s ago and it was applied "
                               f"(move {last.seq}). If you mean to do it again, confirm: the move is still legal.",
                               code="repeat")

    async def bot_move(self, game_id: int, seat: str, rng: Rng) -> SubmitResult | None:
        """Let the built-in bot player act for `seat` at the seat's level (the bot's seats, the demo, the local
        table). Returns None when it owes nothing."""
        decided = await self.bot_decision(game_id, seat, rng)
        return None if decided is None else await self.play_bot_decision(game_id, decided)

    async def bot_decision(self, game_id: int, seat: str, rng: Rng) -> BotDecision | None:
        """What the bot plays for `seat` now, at the seat's level (a game setting); None when it owes nothing. A
        hard decision thinks in the thinker's pool, outside the game's lock."""
        record = await self.views.game(game_id)
        ruleset, state, seq = await self.views.state(record)
        if not ruleset.decisions(state, seat).all_options():
            return None
        level = bot_levels.level_of(await self.store.settings(f"game:{game_id}"), seat)
        action = await self.thinker.decide(ruleset, state, seat, level, rng)
        return BotDecision(seat, action, seq, level)

    async def play_bot_decision(self, game_id: int, decided: BotDecision) -> SubmitResult:
        """Play what the bot decided. A hard decision was thought about while the game could move: should it have
        moved meanwhile, the move is refused as stale and nothing is played."""
        return await self.submit(game_id, "", [decided.action], actor="bot", seat_override=decided.seat,
                                 expected_seq=decided.seq if decided.level == "hard" else None)

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
                state, posting = live.before  # this process played the move: the state it was played from
            else:  # the record cache's, or replayed in a worker thread
                journal = tuple(await self.store.load_journal(game_id))
                state, posting = await self.memory.position_after(record, seats, journal[:-1])
            ev = Event(public=f"{seat.seat} took back their last step.")
            existing, clock = await self.store.jobs_for_game(game_id), await self.clock.game_clock(record)
            now = self._now()
            outbox, jobs = posts_and_deadlines(ruleset, state, None, [ev], seats, record, last.seq - 1, now,
                                               existing=existing, clock=clock)
            updated = await self.store.undo_last(game_id, record.version, expected_seq=last.seq,
                                                 state_json=state.model_dump_json(), state_hash=state_hash(state),
                                                 now=now, jobs=jobs, outbox=outbox, posting=posting.stored())
            self.ctx.remember(game_id, updated.version, last.seq - 1, state, posting)
            # the step the rest followed is gone
            await self._keep_typed_rest(game_id, seat.seat, user_id, None, "",
                                        await self.store.settings(f"game:{game_id}"))
        await self.delivery.flush()
        return last.seq
