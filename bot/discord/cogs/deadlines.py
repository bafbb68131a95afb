"""/clock: a game's time. deadline (with civil disorder: `missed`), pause, resume and extend are the host's (or a
member's with Manage Server or the organizer role); vacation is each player's own."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import clock_flows, flows
from bot.discord.cogs._shared import GAME, clock


@clock.command(name="deadline", description="Change a game's deadlines, even mid-game (its host, or Manage Server)")
@app_commands.describe(hours="Hours per move", response_hours="Hours to answer out of turn, e.g. whether to respond to a rival's play (shorter)",
                       missed="Missed deadlines in a row before the bot takes the seat over (civil disorder; default 3; 0: never)",
                       game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def deadline(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336] | None = None,
                   response_hours: app_commands.Range[int, 1, 336] | None = None,
                   game: app_commands.Range[int, 1] | None = None,
                   missed: app_commands.Range[int, 0, 100] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.deadline(interaction, hours, response_hours, missed, game))


@clock.command(name="pause", description="Stop a game's deadlines and reminders (its host, or Manage Server)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def pause(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.pause(interaction, game))


@clock.command(name="resume", description="Restart a paused game's deadlines with the time they had left")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def resume(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.resume(interaction, game))


@clock.command(name="extend", description="Give one player's current decision more time (its host, or Manage Server)")
@app_commands.describe(seat="The seat to wait for, e.g. DEM", hours="How many more hours", game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def extend(interaction: discord.Interaction, seat: app_commands.Range[str, 1, 10],
                 hours: app_commands.Range[int, 1, 336], game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.extend(interaction, seat, hours, game))


@clock.command(name="vacation", description="Declare days away: your deadlines in this game wait that much longer")
@app_commands.describe(days="Days away (within the game's allowance, 14 by default)", game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 1, 365],
                   game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.vacation(interaction, days, game))
