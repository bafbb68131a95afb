"""The table's memory of a game: its log, its record (export), seals, ratings and the animated replay.

A finished game is rated right after its result is written (the move path, a concession) and, for any game a
crash left unrated, by the upkeep loop: the store rates each game once, in one transaction with its marker
(games.rated_at), in the order the games ended. The rule is bot/policy/ratings.py's; records are bot/policy/record.py's;
the replay is drawn by bot/policy/replay.py (render/replay.py encodes it).

A record's public lines, proofs and seals are what the engine said of each move: each journal row keeps them (its
stored step, written with the move), and `/game status`, `/game log` and `/game export` read them from the record
cache (Replayed, one per game in Context.replayed), which takes the rows it has not seen from their stored steps.
A game holding a row journalled before rows kept them is replayed instead, only the moves the cache has not seen (a
worker thread, one replay of a game at a time). Each read is one store call (Store.record_rows), which brings the
journal too unless the game is still at the version the cache read it at; a journal that parts from the cache's
(an undo) keeps the steps they agree on, and a replay goes on from one of the last states the entry keeps, or from
the setup. The log's pages are kept beside it, for the rows they were built from."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from bot.present import pictures
from bot.policy import ratings
from bot.policy import record as records
from bot.policy import record_log
from bot.policy import rematch as rematches
from bot.store import (
    GameRecord,
    JournalEntry,
    SeatRecord,
    game_scope,
)
from bot.store.operations_play import RecordRows
from bot.service.table import PublicPost
from engine import registry
from engine.core.posting import EMPTY, Posting
from engine.core.ruleset import Ruleset, state_hash
from engine.core.types import result_headline
from bot.service.context import Context, ManagerError, Service
from bot.service.hints import OPTION as HINTS
from bot.service.views import Views

log = logging.getLogger("stumpbot.service.memory")
KEEP_STATES = 8  # the latest replayed states a game's entry keeps: an undo goes back to one without a replay
READ_HERE = 32  # stored steps read on the event loop at most (a new move's few); more are read in a worker thread


@dataclass(frozen=True)
class Replayed:
    """A game's journal as replayed or read from its stored steps: each move's step (its lines, proofs and seals,
    without its state) and, when it was replayed, the latest few states, to go on from or back to."""
    setup: tuple[str, int, str, tuple[str, ...]]  # ruleset, seed, options (JSON), seats: what the game was dealt from
    initial_hash: str
    # the digests of the sealed choices the setup dealt: read only beside a kept state (an entry built from stored
    # steps keeps none and leaves this empty)
    initial_seals: frozenset[str]
    journal: tuple[JournalEntry, ...]
    steps: tuple[records.Step, ...]  # one per journal row
    # move number -> the state after it (0: the setup's) and the table's posting then
    states: dict[int, tuple[Any, Posting]]
    # the game's version when the journal was read: every write to a journal moves the version on, so a game
    # still at it has this journal
    version: int = -1


def _row(entry: JournalEntry) -> tuple[str, str, str, str]:
    """What a move's step is made from."""
    return entry.seat, entry.notation, entry.actor, entry.state_hash


def setup_of(game: GameRecord, seats: list[SeatRecord]) -> tuple[str, int, str, tuple[str, ...]]:
    return game.ruleset, game.seed, json.dumps(game.options, sort_keys=True), tuple(s.seat for s in seats)


def _agree(kept: tuple[JournalEntry, ...], journal: tuple[JournalEntry, ...]) -> int:
    """How many first moves two journals share."""
    return next((i for i, (a, b) in enumerate(zip(kept, journal)) if _row(a) != _row(b)), min(len(kept), len(journal)))


def stored_on(entry: Replayed | None, game: GameRecord, seats: list[SeatRecord], journal: tuple[JournalEntry, ...],
              told: list[str | None]) -> Replayed | None:
    """The entry for `journal` with no replay: `entry`'s steps as far as they agree with it, then each row's stored
    step (`told`, one JSON text or None per journal row). None when a row past that point has none (journalled
    before rows kept their steps), or when nothing says the setup's hash (no entry and no move 1 that keeps it)."""
    setup = setup_of(game, seats)
    agree = 0 if entry is None or entry.setup != setup else _agree(entry.journal, journal)
    if any(text is None for text in told[agree:]):
        return None
    new = [json.loads(text) for text in told[agree:] if text is not None]
    if entry is None or entry.setup != setup:
        if not new or records.SETUP_HASH not in new[0] or journal[0].seq != 1:
            return None
        entry = Replayed(setup=setup, initial_hash=new[0][records.SETUP_HASH], initial_seals=frozenset(),
                         journal=(), steps=(), states={})
    steps = entry.steps[:agree] + tuple(records.stored_step(e.seq, e.seat, e.notation, data)
                                        for e, data in zip(journal[agree:], new))
    return replace(entry, journal=journal, steps=steps,
                   states={seq: state for seq, state in entry.states.items() if seq <= agree})


def replay_on(entry: Replayed | None, ruleset: Ruleset, game: GameRecord, seats: list[SeatRecord],
              journal: tuple[JournalEntry, ...]) -> Replayed:
    """The entry for `journal`: `entry`'s steps as far as they agree with it, from the latest kept state at or
    before that point, and the moves after it replayed; from the setup when nothing agrees. CPU work: run it in a
    worker thread."""
    setup = setup_of(game, seats)
    base = None
    if entry is not None and entry.setup == setup:
        base = max((seq for seq in entry.states if seq <= _agree(entry.journal, journal)), default=None)
    if entry is None or base is None:
        first = next(records.replay_steps(ruleset, game.options, list(setup[3]), game.seed, []))
        entry = Replayed(setup=setup, initial_hash=state_hash(first.state), journal=(), steps=(),
                         states={0: (first.state, first.posting)},
                         initial_seals=frozenset(records.seal_digests(first.state)))
        base = 0
    states = {seq: state for seq, state in entry.states.items() if seq <= base}
    known = set(entry.initial_seals) | {s["digest"] for step in entry.steps[:base] for s in step.seals}
    steps = list(entry.steps[:base])
    moves = [(e.seat, e.notation, e.actor) for e in journal[base:]]
    for step in records.more_steps(ruleset, *states[base], known, moves, start=base + 1):
        states[step.seq] = step.state, step.posting
        steps.append(replace(step, state=None, posting=EMPTY))
    kept = {seq: states[seq] for seq in sorted(states)[-(KEEP_STATES + 1):]}
    return replace(entry, journal=journal, steps=tuple(steps), states=kept)


class Memory(Service):
    """Who may have what of a game's past; the logic lives in the modules named above."""

    def __init__(self, ctx: Context, views: Views) -> None:
        super().__init__(ctx)
        self.views = views

    async def rate_finished(self) -> int:
        """Rate every finished game not rated yet, oldest first. Returns how many were looked at."""
        done = 0
        for game_id in await self.store.unrated_games():
            now = self._now()
            hints = (await self.store.settings(game_scope(game_id))).get(HINTS) == "on"

            def settle(game: GameRecord, *rows: Any, now: int = now, hints: bool = hints) -> Any:
                title = registry.get(game.ruleset).title if game.ruleset in registry.RULESETS else game.ruleset
                return ratings.settle(game, *rows, now=now, title=title, hints=hints)
            try:
                await self.store.rate_game(game_id, now, settle)
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

    async def export(self, game_id: int, user_id: str) -> dict[str, Any]:
        """The game's record (docs/record-format.md): to a seated player at any time — while the game is in
        progress its public part only (no seed, no notation, nothing private) — and to anyone after the end."""
        rows, replayed = await self._rows(game_id)
        if rows.game.status not in records.ENDED:
            self.ctx.seat_in(rows.seats, user_id)  # mid-game, only the players
        return await asyncio.to_thread(self._assemble, rows, replayed)

    async def log_page(self, game_id: int, page: int | None = None) -> tuple[list[str], int, int]:
        """One page of the whole game's log, as the record holds it (each move's public lines; its notation
        too once the game is over): (lines, page, pages); pages count from 1, and None is the last page. The
        pages are kept for what they were made of."""
        rows, replayed = await self._rows(game_id)
        game = rows.game
        made_of = (replayed.journal, game.status, game.title, json.dumps(game.result, sort_keys=True), rows.seats,
                   rows.holders, rows.settings.get(records.SALT_KEY), rows.settings.get(records.HINTS_KEY))
        kept = self.ctx.log_pages.get(game_id)
        if kept is None or kept[0] != made_of:
            kept = (made_of, await asyncio.to_thread(lambda: record_log.paginate_entries(record_log.log_entries(
                self._assemble(rows, replayed)))))
        self.ctx.keep(self.ctx.log_pages, game_id, kept)
        return record_log.page_of(kept[1], page)

    async def seals(self, game_id: int, limit: int = 8) -> list[str]:
        """The latest commit-reveal lines (seals and their salts), for `/game status`: public, never posted."""
        entry = self.ctx.replayed.get(game_id)
        rows = await self.store.record_rows(game_id, known_version=entry.version if entry else None)
        if rows is None or not rows.started:
            return []
        replayed = await self._replayed(rows)
        lines = [f"{e.seq}. {proof}" for e, step in zip(replayed.journal, replayed.steps) for proof in step.proofs]
        return lines[-limit:]

    @staticmethod
    def _assemble(rows: RecordRows, replayed: Replayed) -> dict[str, Any]:
        # who played under which name: every person who ever held a seat (substitutes included), today's last
        names = {h.user_id: h.display_name for h in rows.holders if h.controller == "human"}
        names.update({s.user_id: s.display_name for s in rows.seats})
        return records.assemble_steps(rows.game, rows.seats, list(replayed.journal), rows.settings.get(records.SALT_KEY),
                                      names, replayed.initial_hash, list(replayed.steps),
                                      records.hints_taken(rows.settings))

    async def _rows(self, game_id: int) -> tuple[RecordRows, Replayed]:
        """A started game's rows and its journal as replayed; the journal is read only when the record cache's copy
        is not the game's version's."""
        entry = self.ctx.replayed.get(game_id)
        rows = await self.store.record_rows(game_id, known_version=entry.version if entry else None)
        if rows is None:
            raise ManagerError(f"There is no game #{game_id}. `/game list` shows the games in this channel.", code="no_game")
        if rows.game.status == "lobby" or not rows.started:
            raise ManagerError(f"Game #{game_id} never started: it has no moves to show.", code="not_started")
        return rows, await self._replayed(rows)

    async def _replayed(self, rows: RecordRows) -> Replayed:
        """The game's journal and its steps: from the record cache when it holds the game's version; otherwise the
        rows it lacks are read from their stored steps or, a game with a row that has none, replayed in a worker
        thread (by one caller: the others wait, then find it current)."""
        game, setup = rows.game, setup_of(rows.game, rows.seats)
        async with self.ctx.replaying.setdefault(game.id, asyncio.Lock()):
            entry: Replayed | None = self.ctx.replayed.get(game.id)
            journal, told, version = rows.journal, rows.steps, game.version
            if journal is None and (entry is None or entry.version != version or entry.setup != setup):
                # the cache moved on while the rows were read: this journal is read apart, so no version is vouched
                again = await self.store.record_rows(game.id)
                journal, told, version = (again.journal, again.steps, -1) if again is not None else ([], [], -1)
            if journal is not None:
                moves = tuple(journal)
                if entry is None or entry.setup != setup or [_row(e) for e in entry.journal] != [_row(e) for e in moves]:
                    entry = await self._stepped(entry, game, rows.seats, moves, told)
                entry = replace(entry, journal=moves, version=version)
            assert entry is not None, "rows come without their journal only when the cache holds the game's version"
            self.ctx.keep(self.ctx.replayed, game.id, entry)
            return entry

    @staticmethod
    async def _stepped(entry: Replayed | None, game: GameRecord, seats: list[SeatRecord],
                       journal: tuple[JournalEntry, ...], told: list[str | None] | None) -> Replayed:
        """The entry for `journal`: from the rows' stored steps (a few read here, many in a worker thread), else
        replayed in a worker thread."""
        told = told if told is not None and len(told) == len(journal) else [None] * len(journal)
        if len(journal) - (len(entry.journal) if entry is not None else 0) <= READ_HERE:
            stepped = stored_on(entry, game, seats, journal, told)
        else:
            stepped = await asyncio.to_thread(stored_on, entry, game, seats, journal, told)
        if stepped is not None:
            return stepped
        return await asyncio.to_thread(replay_on, entry, registry.get(game.ruleset), game, seats, journal)

    async def position_after(self, game: GameRecord, seats: list[SeatRecord],
                             journal: tuple[JournalEntry, ...]) -> tuple[Any, Posting]:
        """The state and the table's posting after the last move of `journal` (a game's journal, or its first moves:
        where an undo goes back to): what the record cache keeps for it, or else replayed in a worker thread, from the
        latest kept state the journal agrees with or from the setup; the entry so made is kept for the reads that
        follow."""
        async with self.ctx.replaying.setdefault(game.id, asyncio.Lock()):
            entry: Replayed | None = self.ctx.replayed.get(game.id)
            if entry is not None and entry.setup == setup_of(game, seats) and len(journal) in entry.states \
                    and _agree(entry.journal, journal) >= len(journal):
                return entry.states[len(journal)]
            entry = await asyncio.to_thread(replay_on, entry, registry.get(game.ruleset), game, seats, journal)
            self.ctx.keep(self.ctx.replayed, game.id, replace(entry, version=-1))  # a journal no version vouches for
            return entry.states[len(journal)]

    async def log_lines(self, game_id: int, limit: int = 30) -> list[str]:
        record = await self.views.game(game_id)
        journal = await self.store.load_journal(game_id)
        names = await self._actor_names(game_id)
        lines = [self._log_line(e, names) for e in journal[-limit:]]
        if record.status == "finished":
            lines.append(result_headline(record.result))
        return lines

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

    async def replay_picture(self, record: GameRecord) -> pictures.Picture | None:
        """The animated replay of a finished game, for the post that follows its result; None when its ruleset has no
        picture or drawing it failed (logged; `post_replays` tries again)."""
        from bot.policy import replay as replays

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
        # claimed for a lease before the seconds of drawing: another process skips it; taken off the
        # queue once posted, or given back with one more try counted
        for game_id, tries in await rematches.claim_replays(self.store, self.ctx.owner, self._now()):
            record = await self.store.get_game(game_id)
            if record is None or record.status != "finished":
                await rematches.replay_done(self.store, game_id, self.ctx.owner)
                continue
            picture = await self.replay_picture(record)
            if picture is None:
                await rematches.replay_failed(self.store, game_id, tries, self.ctx.owner)
                continue
            text = (f"🎞 Replay of game #{record.id} ({record.title}): the board at each posted move, "
                    "from the start to the result.")
            snap = await self.store.load_snapshot(game_id)
            try:
                await self.table.publish(PublicPost(game=self.ctx.ref(record, snap.seq if snap else 0), text=text,
                                                    replay=picture, key=f"r{game_id}"))
            except Exception as exc:  # noqa: BLE001 - the channel's trouble: the next sweep tries again
                log.warning("could not post the replay of game %s (%s)", game_id, type(exc).__name__)
                await rematches.replay_failed(self.store, game_id, tries, self.ctx.owner)
                continue
            await rematches.replay_done(self.store, game_id, self.ctx.owner)
            posted += 1
        return posted
