"""Games, lobbies and seats: each operation once, for both backends (see bot/store/dialect.py)."""
from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Sequence

from bot.store.dialect import Calls, Conn
from bot.store.operations_context import game_scope
from bot.store.reads import read_seats, write_settings
from bot.store.records import (
    _INT64,
    AlreadySeated,
    GameRecord,
    NewJob,
    NewMessage,
    NotFound,
    NotSeated,
    SeatRecord,
    SeatTaken,
    _dumps,
    _int,
    _prep_outbox,
    _prep_jobs,
    _status,
    _text,
)
from bot.store.rows import (
    _GAME_COLS,
    _bump,
    _expect,
    _fetch_game,
    _game,
    _insert_outbox,
    _lock_game,
    _replace_jobs,
)


_GameRow = tuple[str, str, int, str | None, str | None, str, str, int, int]


def _game_row(ruleset: str, options: dict[str, Any], seed: int, host_user: str, title: str, now: int,
              guild_id: str | None, channel_id: str | None, deadline_hours: int) -> _GameRow:
    """A new game's values, checked before any SQL runs."""
    options_json = _dumps(options)
    _int(seed, "seed")
    _int(now, "now")
    if _int(deadline_hours, "deadline_hours") < 1:
        raise ValueError("deadline_hours must be at least 1")
    for value, name in ((ruleset, "ruleset"), (options_json, "options"), (host_user, "host_user"), (title, "title")):
        _text(value, name)
    for value, name in ((guild_id, "guild_id"), (channel_id, "channel_id")):
        if value is not None:
            _text(value, name)
    return ruleset, options_json, seed, guild_id, channel_id, host_user, title, now, deadline_hours


async def _insert_game(c: Conn, row: _GameRow, version: int) -> GameRecord:
    ruleset, options_json, seed, guild_id, channel_id, host_user, title, now, deadline_hours = row
    (game_id,) = await c.one(
        "INSERT INTO games (ruleset, options, seed, status, version, guild_id, channel_id, host_user, title, "
        "created_at, updated_at, deadline_hours) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (ruleset, options_json, seed, version, guild_id, channel_id, host_user, title, now, now, deadline_hours))
    return GameRecord(id=game_id, ruleset=ruleset, options=json.loads(options_json), seed=seed, status="lobby",
                      version=version, guild_id=guild_id, channel_id=channel_id, thread_id=None, host_user=host_user,
                      title=title, created_at=now, updated_at=now, deadline_hours=deadline_hours, result=None)


class GameOperations(Calls):
    # ------------------------------------------------------------ games

    async def create_game(self, ruleset: str, options: dict[str, Any], seed: int, host_user: str, title: str, now: int,
                          guild_id: str | None = None, channel_id: str | None = None,
                          deadline_hours: int = 48) -> GameRecord:
        """A new game in the lobby, at version 0, nobody seated."""
        row = _game_row(ruleset, options, seed, host_user, title, now, guild_id, channel_id, deadline_hours)
        return await self._write(_insert_game, row, 0)

    async def open_lobby(self, ruleset: str, options: dict[str, Any], seed: int, host_user: str, title: str, now: int,
                         *, seat: str, display_name: str, guild_id: str | None = None, channel_id: str | None = None,
                         deadline_hours: int = 48, civil_disorder_after: int | None = None,
                         jobs: Sequence[NewJob] = (), settings: Sequence[tuple[str, str]] = ()) -> GameRecord:
        """A new lobby with its host in ``seat``, in one transaction: the game (at version 1, as after its first
        seat), the seat, the game's ``jobs`` (its expiry), its civil-disorder threshold (None: the default) and
        its ``settings`` (key, value) in the game's scope (the seed's secret salt). Every value is checked before
        any SQL runs, and nothing is written unless all of it is."""
        row = _game_row(ruleset, options, seed, host_user, title, now, guild_id, channel_id, deadline_hours)
        seated = (_text(seat, "seat"), _text(display_name, "display_name"))
        if civil_disorder_after is not None and not 0 <= _int(civil_disorder_after, "civil_disorder_after") <= 100:
            raise ValueError("the civil-disorder threshold must be between 0 and 100")
        job_rows = _prep_jobs(jobs) or []
        kept = [(_text(key, "setting key"), _text(value, "setting value")) for key, value in settings]

        async def work(c: Conn) -> GameRecord:
            game = await _insert_game(c, row, 1)
            await c.run("INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                        (game.id, seated[0], host_user, seated[1], now))
            if civil_disorder_after is not None:
                await c.run("UPDATE games SET civil_disorder_after=? WHERE id=?", (civil_disorder_after, game.id))
            await _replace_jobs(c, game.id, job_rows, now)
            await write_settings(c, [(game_scope(game.id), key, value) for key, value in kept])
            return game

        return await self._write(work)

    async def get_game(self, game_id: int) -> GameRecord | None:
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not _INT64[0] <= game_id <= _INT64[1]:
            return None  # no row can have an id the database cannot even store (binding it would raise)

        async def work(c: Conn) -> GameRecord | None:
            row = await c.one(f"SELECT {_GAME_COLS} FROM games WHERE id=?", (game_id,))
            return None if row is None else _game(row)

        return await self._query(work)

    async def list_games(self, *, status: str | Sequence[str] | None = None, guild_id: str | None = None,
                         channel_id: str | None = None, thread_id: str | None = None,
                         user_id: str | None = None) -> list[GameRecord]:
        """Games matching every filter given, oldest first. ``user_id``: games where that user holds a seat."""
        statuses: list[str] | None = None
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            for s in statuses:
                _status(s)
            if not statuses:
                return []

        async def work(c: Conn) -> list[GameRecord]:
            where: list[str] = []
            params: list[Any] = []
            if statuses is not None:
                condition, param = c.d.one_of("status", statuses, "text")
                where.append(condition)
                params.append(param)
            for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("thread_id", thread_id)):
                if value is not None:
                    where.append(f"{column} = ?")
                    params.append(value)
            if user_id is not None:
                where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
                params.append(user_id)
            sql = f"SELECT {_GAME_COLS} FROM games" + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY id"
            return [_game(r) for r in await c.all(sql, params)]

        return await self._query(work)

    async def set_thread(self, game_id: int, thread_id: str | None) -> None:
        """Record the game's thread. Not a game change: the version stays (no conflict with a move)."""
        async def work(c: Conn) -> None:
            if await c.run("UPDATE games SET thread_id=? WHERE id=?", (thread_id, game_id)) != 1:
                raise NotFound(f"no game {game_id}")

        await self._write(work)

    async def update_lobby(self, game_id: int, expected_version: int, *, options: dict[str, Any] | None = None,
                           deadline_hours: int | None = None, title: str | None = None,
                           now: int | None = None) -> GameRecord:
        """Change a lobby's options, deadline or title (version + 1)."""
        columns: dict[str, Any] = {}
        if options is not None:
            columns["options"] = _dumps(options)
        if deadline_hours is not None:
            if _int(deadline_hours, "deadline_hours") < 1:
                raise ValueError("deadline_hours must be at least 1")
            columns["deadline_hours"] = deadline_hours
        if title is not None:
            columns["title"] = title

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "change the lobby of")
            await _bump(c, game_id, expected_version, now, **columns)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    async def leave_lobby(self, game_id: int, expected_version: int, user_id: str, now: int, *,
                          new_host: str | None = None, close: bool = False,
                          outbox: list[NewMessage] | None = None) -> GameRecord:
        """Unseat a user from a lobby in one transaction (version + 1), with its notices: ``new_host`` hosts it
        from now on (the leaver hosted it), or ``close`` ends it (nobody is left: abandoned, its jobs gone). The
        version check makes the caller's view of the seats, from which it chose, the one that holds. Raises
        NotSeated."""
        _int(now, "now")
        msg_rows = _prep_outbox(outbox)

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if await c.run("DELETE FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            columns: dict[str, Any] = {}
            if close:
                columns["status"] = "abandoned"
                await c.run("DELETE FROM jobs WHERE game_id=?", (game_id,))
            elif new_host is not None:
                columns["host_user"] = new_host
            await _bump(c, game_id, expected_version, now, **columns)
            await _insert_outbox(c, game_id, msg_rows, 0, now)
            return await _fetch_game(c, game_id)

        return await self._write(work)

    # ------------------------------------------------------------ seats

    async def add_seat(self, game_id: int, expected_version: int, seat: str, user_id: str, display_name: str,
                       now: int) -> GameRecord:
        """Seat a user in a lobby (version + 1). Raises AlreadySeated, SeatTaken."""
        _int(now, "now")
        _text(seat, "seat"), _text(display_name, "display_name")

        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "seat a player in")
            mine = await c.one("SELECT seat FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id))
            if mine is not None:
                raise AlreadySeated(game_id, user_id, mine[0])
            holder = await c.one("SELECT user_id FROM seats WHERE game_id=? AND seat=?", (game_id, seat))
            if holder is not None:
                raise SeatTaken(game_id, seat, holder[0])
            await c.run("INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                        (game_id, seat, user_id, display_name, now))
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=now)

        return await self._write(work)

    async def remove_seat(self, game_id: int, expected_version: int, user_id: str, *, now: int | None = None) -> GameRecord:
        """Unseat a user from a lobby (version + 1). Raises NotSeated."""
        async def work(c: Conn) -> GameRecord:
            game = await _lock_game(c, game_id)
            _expect(game, expected_version, ("lobby",), "unseat a player from")
            if await c.run("DELETE FROM seats WHERE game_id=? AND user_id=?", (game_id, user_id)) != 1:
                raise NotSeated(game_id, user_id)
            await _bump(c, game_id, expected_version, now)
            return replace(game, version=game.version + 1, updated_at=game.updated_at if now is None else now)

        return await self._write(work)

    async def list_seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in the order they were taken."""
        return await self._query(read_seats, game_id)

    async def set_seat_dm_ok(self, game_id: int, seat: str, ok: bool | None) -> None:
        """Whether direct messages reach this seat (None: unknown). No version change."""
        value = None if ok is None else bool(ok)

        async def work(c: Conn) -> None:
            if await c.run("UPDATE seats SET dm_ok=? WHERE game_id=? AND seat=?", (value, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)

    async def set_seat_prefs(self, game_id: int, seat: str, prefs: dict[str, Any]) -> None:
        """Replace a seat's preferences (e.g. auto-pass). No version change."""
        prefs_json = _dumps(prefs)

        async def work(c: Conn) -> None:
            if await c.run("UPDATE seats SET prefs=? WHERE game_id=? AND seat=?", (prefs_json, game_id, seat)) != 1:
                raise NotFound(f"no seat {seat} in game {game_id}")

        await self._write(work)
