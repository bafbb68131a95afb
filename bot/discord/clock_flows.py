"""Time: `/clock deadline` (a game's waits, and civil disorder: after how many missed deadlines in a row the bot takes
a seat over), pause, resume, extend and vacation, and the clock's lines in `/game status`. The host's commands take
the game here (the host's own, if several) or `game`; the rules are the GameManager's clock. Like every flow, each
acknowledges first and answers privately (flows.py)."""
from __future__ import annotations

from typing import Any

import discord

from bot.discord import ui
from bot.discord.flows import can_manage, find_game, hosted_game, manager_of, user_id, who
from bot.discord.lobby_flows import refresh_lobby
from bot.discord.respond import ack, send_private
from bot.service import GameManager, ManagerError


async def set_deadline(interaction: discord.Interaction, hours: int | None, response_hours: int | None,
                       game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await hosted_game(interaction, game_id, ("lobby", "active"))
    updated = await manager.clock.set_deadlines(record.id, user_id(interaction), hours=hours, response_hours=response_hours,
                                          name=who(interaction), admin=await can_manage(interaction, record))
    clock = await manager.clock.game_clock(updated)
    if updated.status == "lobby":
        await refresh_lobby(interaction, updated.id)
    await send_private(interaction, f"Game #{updated.id}: {clock.turn_hours} h per move, {clock.window_hours()} h to answer "
                                    "out of turn. The channel was told.")


async def pause(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    await _stop_or_start(interaction, game_id, pausing=True)


async def resume(interaction: discord.Interaction, game_id: int | None) -> None:
    await ack(interaction)
    await _stop_or_start(interaction, game_id, pausing=False)


async def _stop_or_start(interaction: discord.Interaction, game_id: int | None, *, pausing: bool) -> None:
    """Pause or resume a game's clock for its host (or an admin), and tell the caller what that means."""
    manager = manager_of(interaction)
    record = await hosted_game(interaction, game_id)
    change = manager.clock.pause if pausing else manager.clock.resume
    await change(record.id, user_id(interaction), name=who(interaction), admin=await can_manage(interaction, record))
    await send_private(interaction, f"Game #{record.id} is paused: no deadline or reminder runs until `/clock resume`. "
                                    "Players can still move." if pausing else
                       f"Game #{record.id} is running again: each deadline has the time it had left.")


async def vacation(interaction: discord.Interaction, days: int, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id)
    back = await manager.clock.vacation(record.id, user_id(interaction), days)
    clock = await manager.clock.game_clock(await manager.views.game(record.id))
    seat = await manager.views.seat_of(record.id, user_id(interaction))
    left = clock.allowance_left(seat.seat) // 86400
    await send_private(interaction, f"You're away from game #{record.id} until {ui.ts(back, 'f')}: your deadlines wait "
                                    f"{days} day{'s' if days != 1 else ''} longer. {left} of {clock.vacation_days} "
                                    "vacation days left in this game.")


async def extend(interaction: discord.Interaction, seat: str, hours: int, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await hosted_game(interaction, game_id)
    due = await manager.clock.extend(record.id, user_id(interaction), seat, hours, name=who(interaction),
                               admin=await can_manage(interaction, record))
    when = f"now due {ui.ts(due, 'f')}" if due else "it counts from the resume (the game is paused)"
    await send_private(interaction, f"{seat.strip().upper()[:20]} has {hours} more hour{'s' if hours != 1 else ''} "
                                    f"in game #{record.id}: {when}.")


async def clock_lines(manager: GameManager, record: Any) -> str:
    """The game's clock for /game status: deadlines, pause, who is away."""
    clock = await manager.clock.game_clock(record)
    lines = [f"{clock.turn_hours} h per move · {clock.window_hours()} h to answer out of turn"]
    if clock.paused:
        lines.append(f"⏸ Paused by <@{clock.paused_by}> {ui.ts(clock.paused_at)}")
    now = int(manager.ctx.now())
    lines += [f"🏖 {seat} away until {ui.ts(until, 'f')}" for seat, until in sorted(clock.away.items()) if until > now]
    return "\n".join(lines)


async def deadline(interaction: discord.Interaction, hours: int | None, response_hours: int | None, missed: int | None,
                   game_id: int | None) -> None:
    """`/clock deadline`: the game's waits (`set_deadline`), civil disorder (`missed`: `civil_disorder`), or both in
    one command."""
    if hours is None and response_hours is None and missed is None:
        await ack(interaction)
        raise ManagerError("Give what to change: `hours` (per move), `response_hours` (answers out of turn) and/or "
                           "`missed` (missed deadlines in a row before the bot takes the seat over; 0: never).",
                           code="bad_option")
    if missed is None:
        return await set_deadline(interaction, hours, response_hours, game_id)
    if hours is None and response_hours is None:
        return await civil_disorder(interaction, missed, game_id)
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby", "active"), seated=False,
                             empty="There is no open lobby or game in progress in this channel.")
    admin = await can_manage(interaction, record)
    updated = await manager.clock.set_deadlines(record.id, user_id(interaction), hours=hours,
                                          response_hours=response_hours, name=who(interaction), admin=admin)
    count = await manager.seats.set_civil_disorder(record.id, user_id(interaction), missed, admin=admin)
    clock = await manager.clock.game_clock(updated)
    if updated.status == "lobby":
        await refresh_lobby(interaction, updated.id)
    await send_private(interaction, f"Game #{updated.id}: {clock.turn_hours} h per move, {clock.window_hours()} h to answer "
                                    f"out of turn. The channel was told. {_disorder_line(count)}")


def _disorder_line(count: int) -> str:
    if count:
        return f"The bot takes a seat over after {count} missed deadline{'s' if count != 1 else ''} in a row (civil disorder)."
    return "The bot never takes a seat over for missed deadlines; each one plays the default."


async def civil_disorder(interaction: discord.Interaction, after: int, game_id: int | None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    record = await find_game(interaction, game_id, statuses=("lobby", "active"), seated=False,
                             empty="There is no open lobby or game in progress in this channel.")
    count = await manager.seats.set_civil_disorder(record.id, user_id(interaction), after,
                                             admin=await can_manage(interaction, record))
    line = _disorder_line(count)
    await send_private(interaction, f"Game #{record.id}: {line[0].lower()}{line[1:]}")
