"""Admin and help: /game abandon and /game redeliver (host, or a member with Manage Server), /game help."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows
from bot.discord.cogs import game
from bot.discord.cogs.lobby import RULESETS


@game.command(name="abandon", description="Cancel a game (its host, or a member with Manage Server)")
@app_commands.autocomplete(game=flows.game_choices)
async def abandon(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, flows.abandon(interaction, game))


@game.command(name="redeliver", description="Send a game's paused updates again (its host, or Manage Server)")
@app_commands.autocomplete(game=flows.game_choices)
async def redeliver(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, flows.redeliver(interaction, game))


@game.command(name="help", description="The rules, and how to play with buttons or notation")
@app_commands.choices(ruleset=RULESETS)
async def help_(interaction: discord.Interaction, ruleset: str | None = None) -> None:
    await flows.guarded(interaction, flows.help_text(interaction, ruleset))
