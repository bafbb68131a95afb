"""A game's context in one read: what the move path and a delivery run need of a game before they act — its
record, seats, jobs, clock, the settings of the game, its server and its players, its followers and, when the
caller's copy is out of date, its snapshot. On PostgreSQL every store call is a server transaction; reading these
one by one cost a move seven of them (a move and its deliveries in a few transactions)."""
from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.dialect import Calls, Conn
from bot.store.reads import (
    read_followers,
    read_jobs,
    read_seats,
    read_settings_in,
    read_snapshot,
    read_time,
)
from bot.store.records import (
    _INT64,
    Follower,
    GameRecord,
    GameTime,
    JobRecord,
    SeatRecord,
    Snapshot,
)
from bot.store.rows import _GAME_COLS, _game


def game_scope(game_id: int) -> str:
    return f"game:{game_id}"


def guild_scope(guild_id: str) -> str:
    return f"guild:{guild_id}"


def user_scope(user_id: str) -> str:
    return f"user:{user_id}"


@dataclass(frozen=True, slots=True)
class GameContext:
    """One consistent read of a game (a single snapshot of the database)."""
    game: GameRecord
    seats: list[SeatRecord]
    jobs: list[JobRecord]
    time: GameTime
    # the scopes game:<id>, guild:<server> (when the game has one) and user:<id> of each human seat's player
    settings: dict[str, dict[str, str]]
    followers: list[Follower] = field(default_factory=list)
    snapshot: Snapshot | None = None  # only when asked for and the caller's known version is not the game's

    @property
    def game_settings(self) -> dict[str, str]:
        return self.settings.get(game_scope(self.game.id), {})


class ContextOperations(Calls):
    async def game_context(self, game_id: int, *, followers: bool = False, snapshot: bool = False,
                           cached_version: int | None = None) -> GameContext | None:
        """The game's context, or None when there is no such game. `followers`: read them too. `snapshot`: read
        the game's snapshot too, unless the game is at `cached_version` (the caller's cached state is current)."""
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not _INT64[0] <= game_id <= _INT64[1]:
            return None

        async def work(c: Conn) -> GameContext | None:
            row = await c.one(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
            if row is None:
                return None
            game = _game(row)
            seats = await read_seats(c, game_id)
            scopes = [game_scope(game_id), *([guild_scope(game.guild_id)] if game.guild_id else []),
                      *(user_scope(s.user_id) for s in seats if s.controller == "human")]
            snap = await read_snapshot(c, game_id) if snapshot and game.version != cached_version else None
            return GameContext(game=game, seats=seats, jobs=await read_jobs(c, game_id), time=await read_time(c, game_id),
                               settings=await read_settings_in(c, scopes),
                               followers=await read_followers(c, game_id) if followers else [], snapshot=snap)

        return await self._query(work)
