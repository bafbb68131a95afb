"""The reads that a single operation makes and that a context read makes together (bot/store/operations_context.py),
each written once against :class:`Conn`: the game's seats, jobs, clock, settings and followers."""
from __future__ import annotations

from typing import Sequence

from bot.store.dialect import Conn
from bot.store.records import (
    Follower,
    GameTime,
    JobRecord,
    SeatRecord,
    Snapshot,
    Vacation,
)
from bot.store.rows import _FOLLOWER_COLS, _JOB_COLS, _SEAT_COLS, _follower, _job, _seat


async def read_seats(c: Conn, game_id: int) -> list[SeatRecord]:
    """The game's seats in the order they were taken."""
    return [_seat(r) for r in await c.all(
        f"SELECT {_SEAT_COLS} FROM seats WHERE game_id=? ORDER BY joined_at, {c.d.order('seats')}", (game_id,))]


async def read_jobs(c: Conn, game_id: int) -> list[JobRecord]:
    return [_job(r) for r in await c.all(f"SELECT {_JOB_COLS} FROM jobs WHERE game_id=? ORDER BY due_at, id",
                                         (game_id,))]


async def read_time(c: Conn, game_id: int) -> GameTime:
    row = await c.one("SELECT response_hours, vacation_days, paused_at, paused_by FROM game_time WHERE game_id=?",
                      (game_id,))
    vacations = tuple(Vacation(*r) for r in await c.all(
        "SELECT seat, starts_at, ends_at FROM vacations WHERE game_id=? ORDER BY starts_at, seat", (game_id,)))
    return GameTime(game_id, *(row or (None, None, None, None)), vacations=vacations)


async def read_settings_in(c: Conn, scopes: Sequence[str]) -> dict[str, dict[str, str]]:
    """The settings of several scopes (every scope given is a key, empty when it has none)."""
    wanted = sorted(set(scopes))
    out: dict[str, dict[str, str]] = {s: {} for s in wanted}
    if wanted:
        listed, param = c.d.one_of("scope", wanted, "text")
        for scope, key, value in await c.all(f"SELECT scope, key, value FROM settings WHERE {listed} "
                                             "ORDER BY scope, key", (param,)):
            out[scope][key] = value
    return out


async def read_followers(c: Conn, game_id: int) -> list[Follower]:
    return [_follower(r) for r in await c.all(
        f"SELECT {_FOLLOWER_COLS} FROM followers WHERE game_id=? ORDER BY since, user_id", (game_id,))]


async def read_snapshot(c: Conn, game_id: int) -> Snapshot | None:
    row = await c.one("SELECT game_id, seq, state, state_hash, posting FROM snapshots WHERE game_id=?", (game_id,))
    return None if row is None else Snapshot(*row)


async def write_settings(c: Conn, settings: Sequence[tuple[str, str, str | None]]) -> None:
    """Set (scope, key, value) settings; a None value deletes one."""
    for scope, key, value in settings:
        if value is None:
            await c.run("DELETE FROM settings WHERE scope=? AND key=?", (scope, key))
        else:
            await c.run("INSERT INTO settings (scope, key, value) VALUES (?, ?, ?) "
                        "ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value", (scope, key, str(value)))
