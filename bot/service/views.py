"""Reading a game: its record, a seat's view and decision, its pictures, who owes, a user's games."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.policy import timekeeping
from bot.present import pictures
from bot.present.posts import POST_VIEW
from bot.store import (
    GameContext,
    GameRecord,
    JobRecord,
    SeatRecord,
    Snapshot,
)
from bot.service.table import PrivateBrief
from engine import registry
from engine.core.ruleset import (Ruleset, owing_seats)
from engine.core.posting import STORED_IN_STATE, Posting, outlined, split_stored
from engine.core.types import Decision
from bot.service.context import ManagerError, Service

log = logging.getLogger("stumpbot.service.views")


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


def deadlines_of(jobs: list[JobRecord]) -> dict[str, int]:
    """Each seat's running deadline, as a seat's brief and `/game status` show it (a frozen one is not shown)."""
    return {j.seat: j.due_at for j in jobs if j.kind == "deadline" and j.seat and timekeeping.visible(j.due_at)}


def load_position(ruleset: Ruleset, snapshot: Snapshot) -> tuple[Any, Posting]:
    """A snapshot's state and the table's posting beside it. A snapshot written before the table kept its posting
    apart holds it among the state's own fields: it is read apart from them."""
    if any(f'"{key}":' in snapshot.state for key in STORED_IN_STATE):  # looked for in the text: a cheap first sieve
        data = json.loads(snapshot.state)
        if any(key in data for key in STORED_IN_STATE):
            data, posting = split_stored(data)
            return ruleset.load_state(json.dumps(data)), posting
    return ruleset.load_state(snapshot.state), Posting.loaded(snapshot.posting)


class Views(Service):
    """Reads only: nothing here writes to the store."""

    async def game(self, game_id: int) -> GameRecord:
        record = await self.store.get_game(game_id)
        if record is None:
            raise ManagerError(f"There is no game #{game_id}. `/game list` shows the games in this channel.", code="no_game")
        return record

    async def context(self, game_id: int, *, followers: bool = False, with_state: bool = False) -> GameContext:
        """The game's record, seats, jobs, clock and settings (and its followers) in one store call — one server
        transaction on PostgreSQL. `with_state`: the snapshot comes along unless the live-game cache is current,
        and primes the cache with it, so `state(record)` needs no read of its own."""
        live = self.ctx.live.get(game_id)
        context = await self.store.game_context(game_id, followers=followers, snapshot=with_state,
                                                cached_version=live.version if live is not None else None)
        if context is None:
            raise ManagerError(f"There is no game #{game_id}. `/game list` shows the games in this channel.", code="no_game")
        if context.snapshot is not None:  # the cache was behind (another process moved the game): bring it up to date
            ruleset = registry.get(context.game.ruleset)
            self.ctx.remember(game_id, context.game.version, context.snapshot.seq,
                              *load_position(ruleset, context.snapshot))
        return context

    async def state(self, record: GameRecord) -> tuple[Ruleset, Any, int]:
        """(ruleset, state, seq) for an active or finished game, from the LRU (which `context` keeps up to date) or
        the snapshot."""
        ruleset, state, seq, _ = await self.position(record)
        return ruleset, state, seq

    async def position(self, record: GameRecord) -> tuple[Ruleset, Any, int, Posting]:
        """`state`, and the table's posting beside it."""
        ruleset = registry.get(record.ruleset)
        live = self.ctx.live.get(record.id)
        if live is not None and live.version == record.version:
            self.ctx.live.move_to_end(record.id)
            return ruleset, live.state, live.seq, live.posting
        snap = await self.store.load_snapshot(record.id)
        if snap is None:
            raise ManagerError(f"Game #{record.id} has not started yet.", code="not_started")
        state, posting = load_position(ruleset, snap)
        self.ctx.remember(record.id, record.version, snap.seq, state, posting)
        return ruleset, state, snap.seq, posting

    async def seat_of(self, game_id: int, user_id: str) -> SeatRecord:
        return self.ctx.seat_in(await self.store.list_seats(game_id), user_id)

    async def view(self, game_id: int, user_id: str | None) -> tuple[GameRecord, BaseModel]:
        record = await self.game(game_id)
        ruleset, state, _, posting = await self.position(record)
        seat = None
        if user_id is not None:
            seat = (await self.seat_of(game_id, user_id)).seat
        return record, outlined(ruleset.view(state, seat), posting)

    async def decision(self, game_id: int, user_id: str) -> tuple[GameRecord, int, Decision]:
        record = await self.game(game_id)
        ruleset, state, seq = await self.state(record)
        seat = await self.seat_of(game_id, user_id)
        return record, seq, ruleset.decisions(state, seat.seat)

    async def brief(self, game_id: int, user_id: str, text: str = "", *, record: GameRecord | None = None,
                    seats: list[SeatRecord] | None = None, jobs: list[JobRecord] | None = None) -> PrivateBrief:
        """What a seat is sent: its view, its decision and the game's deadlines. A caller that has just read the
        game's record, seats or jobs hands them in (a delivery reads each once per notification, not once per use)."""
        record = record or await self.game(game_id)
        ruleset, state, seq, posting = await self.position(record)
        seat = self.ctx.seat_in(seats if seats is not None else await self.store.list_seats(game_id), user_id)
        jobs = jobs if jobs is not None else await self.store.jobs_for_game(game_id)
        return PrivateBrief(game=self.ctx.ref(record, seq, deadlines_of(jobs)), seat=seat.seat, user_id=user_id,
                            text=text, view=outlined(ruleset.view(state, seat.seat), posting),
                            decision=ruleset.decisions(state, seat.seat))

    async def board_view(self, record: GameRecord, payload: dict[str, Any]) -> BaseModel:
        """The public view a board post shows: the board where its post ended within a step (`ends_post`, e.g.
        Solo Play's AI turn before the next), else the board now."""
        ruleset, state, _, posting = await self.position(record)
        view = outlined(ruleset.view(state, None), posting)
        if payload.get(POST_VIEW):
            try:
                return type(view).model_validate(payload[POST_VIEW])
            except ValidationError:  # written by an older view shape: the board now is the closest picture
                log.warning("game %s: a post's board no longer reads; drawing the board now", record.id)
        return view

    async def picture(self, game_id: int) -> pictures.Picture | None:
        record = await self.game(game_id)
        if record.status == "lobby":
            return None
        _, view = await self.view(game_id, None)
        return await asyncio.to_thread(pictures.picture_for, view)

    async def deadlines(self, game_id: int) -> dict[str, int]:
        return deadlines_of(await self.store.jobs_for_game(game_id))

    async def owing(self, game_id: int) -> list[str]:
        record = await self.game(game_id)
        if record.status != "active":
            return []
        ruleset, state, _ = await self.state(record)
        return owing_seats(ruleset, state)

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
            deadlines = await self.deadlines(record.id) if owing else {}
            due = deadlines.get(mine.seat) if mine.seat in owing else None
            if due is None:
                due = min((deadlines[s] for s in owing if s in deadlines), default=None)
            out.append(SeatedGame(record=record, ruleset_title=registry.get(record.ruleset).title, seat=mine.seat,
                                  owing=list(owing), owing_users={s: holders[s] for s in owing if s in holders},
                                  deadline_at=due))
        return out

    async def conceded_seats(self, game_id: int, game_settings: dict[str, str] | None = None) -> set[str]:
        """The seats that conceded; `game_settings`: the game's settings, when the caller has just read them."""
        if game_settings is None:
            game_settings = await self.store.settings(f"game:{game_id}")
        raw = game_settings.get("conceded", "")
        return {s for s in raw.split(",") if s}
