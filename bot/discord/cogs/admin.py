"""Admin and help: /game abandon, redeliver, deadline (with civil disorder: `missed`), pause, resume and extend
(host, or a member with Manage Server), /game help."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import clock_flows, flows, info_flows, lobby_flows
from bot.discord.cogs._shared import RULESETS, game


@game.command(name="abandon", description="Cancel a game (its host, or a member with Manage Server)")
@app_commands.autocomplete(game=flows.game_choices)
async def abandon(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.abandon(interaction, game))


@game.command(name="redeliver", description="Send a game's paused updates again (its host, or Manage Server)")
@app_commands.autocomplete(game=flows.game_choices)
async def redeliver(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, info_flows.redeliver(interaction, game))


@game.command(name="help", description="The rules, and how to play with buttons or notation")
@app_commands.choices(ruleset=RULESETS)
async def help_(interaction: discord.Interaction, ruleset: str | None = None) -> None:
    await flows.guarded(interaction, info_flows.help_text(interaction, ruleset))


@game.command(name="deadline", description="Change a game's deadlines, even mid-game (its host, or Manage Server)")
@app_commands.describe(hours="Hours per move", response_hours="Hours to answer out of turn, e.g. whether to respond to a rival's play (shorter)",
                       missed="Missed deadlines in a row before the bot takes the seat over (civil disorder; default 3; 0: never)",
                       game="Game number (default: the game here)")
@app_commands.autocomplete(game=flows.game_choices)
async def deadline(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336] | None = None,
                   response_hours: app_commands.Range[int, 1, 336] | None = None,
                   game: app_commands.Range[int, 1] | None = None,
                   missed: app_commands.Range[int, 0, 100] | None = None) -> None:
    # `missed` was /game civildisorder: folded in here to free a slot of the 25 the /game group may hold
    await flows.guarded(interaction, clock_flows.deadline(interaction, hours, response_hours, missed, game))


@game.command(name="pause", description="Stop a game's deadlines and reminders (its host, or Manage Server)")
@app_commands.autocomplete(game=flows.game_choices)
async def pause(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.pause(interaction, game))


@game.command(name="resume", description="Restart a paused game's deadlines with the time they had left")
@app_commands.autocomplete(game=flows.game_choices)
async def resume(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.resume(interaction, game))


@game.command(name="extend", description="Give one player's current decision more time (its host, or Manage Server)")
@app_commands.describe(seat="The seat to wait for, e.g. DEM", hours="How many more hours",
                       game="Game number (default: the game here)")
@app_commands.autocomplete(game=flows.game_choices)
async def extend(interaction: discord.Interaction, seat: app_commands.Range[str, 1, 10],
                 hours: app_commands.Range[int, 1, 336], game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, clock_flows.extend(interaction, seat, hours, game))
