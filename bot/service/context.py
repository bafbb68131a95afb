"""What every service shares, and the one typed error they raise: below all of them, importing none.

The context holds the store, the table, the clock, the live-game cache (parsed states of recently played games,
checked against the game's version on every read), the record cache (each recently read game's journal as
replayed once, checked against the journal on every read: bot/service/memory.py) and one lock per game (a game's
moves, seat changes and clock changes run one at a time in this process; other processes are kept out by the
store's version checks).
"""
from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from bot.store import claims as delivery_claims
from bot.store import GameRecord, SeatRecord, StoreInterface
from bot.service.table import GameRef, Table
from engine.core.errors import EngineError, NotYourDecision
from engine.core.posting import EMPTY, Posting

LIVE_GAMES = 64  # games kept parsed in memory; the rest are loaded on demand
RECORD_GAMES = 32  # games whose replayed journal (and log pages) are kept; the rest are replayed on demand


class ManagerError(EngineError):
    """A player-facing problem outside the rules (lobby, permissions, unknown game)."""

    code = "manager"


def storable(text: str | None, what: str) -> None:
    """Refuse, in words, a text no database or message can carry: one with a lone surrogate (half of a pair that
    writes an emoji or a rare character, cut from its other half)."""
    if text is None:
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ManagerError(f"The {what} you gave has a broken character in it (half of an emoji or symbol). "
                           f"Retype the {what} and try again; nothing was changed.", code="bad_text") from None


@dataclass
class Live:
    version: int
    seq: int
    state: Any
    posting: Posting = EMPTY  # what the game's table holds between posts, beside the state (engine/core/posting.py)
    # the state and posting after move seq - 1, when the move that made `state` was played here (for an undo)
    before: tuple[Any, Posting] | None = None


@dataclass
class Context:
    store: StoreInterface  # SQLite or PostgreSQL
    table: Table | None
    clock: Callable[[], float]
    render: bool
    new_seed: Callable[[], int]  # fresh games' seeds: unpredictable in play, fixed by a test that needs one game
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    live: OrderedDict[int, Live] = field(default_factory=OrderedDict)
    owner: str = field(default_factory=lambda: secrets.token_hex(6))  # claims due jobs, outbox rows and replays
    # How long this process's outbox claims last, in the clock's seconds (a test clock running faster than time
    # scales it, or the lease would run out while a row is being sent).
    outbox_lease_s: int = delivery_claims.OUTBOX_LEASE_S
    last_delivery_ok: int | None = None  # when any game's notification last went out
    botting: set[int] = field(default_factory=set)  # games whose bot seats are being played now (Seats.play_bots)
    # game id -> its journal as replayed (Memory's Replayed), and -> (what they were built from, its log's pages)
    replayed: OrderedDict[int, Any] = field(default_factory=OrderedDict)
    log_pages: OrderedDict[int, tuple[Any, Any]] = field(default_factory=OrderedDict)
    replaying: dict[int, asyncio.Lock] = field(default_factory=dict)  # one replay of a game at a time

    def now(self) -> int:
        return int(self.clock())

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    def remember(self, game_id: int, version: int, seq: int, state: Any, posting: Posting,
                 before: tuple[Any, Posting] | None = None) -> None:
        self.live[game_id] = Live(version=version, seq=seq, state=state, posting=posting, before=before)
        self.live.move_to_end(game_id)
        while len(self.live) > LIVE_GAMES:
            self.live.popitem(last=False)

    @staticmethod
    def keep(cache: OrderedDict[int, Any], game_id: int, value: Any, size: int = RECORD_GAMES) -> None:
        """Put a game's entry in one of the record caches, the least recently kept going first past `size`."""
        cache[game_id] = value
        cache.move_to_end(game_id)
        while len(cache) > size:
            cache.popitem(last=False)

    def bumped(self, before: GameRecord, after: GameRecord) -> None:
        """A write that changed the game's version but not its state (a clock, a seat's holder): the cached state
        stays good under the new version."""
        live = self.live.get(before.id)
        if live is not None and live.version == before.version:
            live.version = after.version

    @staticmethod
    def host_only(record: GameRecord, user_id: str, admin: bool, what: str) -> None:
        if user_id != record.host_user and not admin:
            raise ManagerError(f"Only the host of game #{record.id} (or a member with Manage Server or the server's "
                               f"organizer role) can {what}.", code="not_host")

    @staticmethod
    def seat_in(seats: list[SeatRecord], user_id: str) -> SeatRecord:
        for seat in seats:
            if seat.user_id == user_id:
                return seat
        raise NotYourDecision("You are not seated in this game. Spectators can follow the channel posts.")

    @staticmethod
    def ref(record: GameRecord, seq: int, deadlines: dict[str, int] | None = None) -> GameRef:
        return GameRef(id=record.id, ruleset=record.ruleset, title=record.title, status=record.status,
                       guild_id=record.guild_id, channel_id=record.channel_id, thread_id=record.thread_id,
                       seq=seq, deadline_at=deadlines or {})


class Service:
    """A service's access to the shared context (the names the move path has always used)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    @property
    def store(self) -> StoreInterface:
        return self.ctx.store

    @property
    def table(self) -> Table | None:
        return self.ctx.table

    @property
    def render(self) -> bool:
        return self.ctx.render

    def _now(self) -> int:
        return self.ctx.now()

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self.ctx.lock(game_id)
