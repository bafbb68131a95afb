"""The host's and the reader's odds and ends on /game: abandon and redeliver (host, or a member with Manage Server),
and /game help."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, info_flows, lobby_flows
from bot.discord.cogs._shared import GAME, RULESETS, game


@game.command(name="abandon", description="Cancel a game (its host, or a member with Manage Server)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def abandon(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.abandon(interaction, game))


@game.command(name="redeliver", description="Send a game's paused updates again (its host, or Manage Server)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def redeliver(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, info_flows.redeliver(interaction, game))


@game.command(name="help", description="The rules, and how to play with buttons or notation")
@app_commands.describe(ruleset="Which game's rules (default: the first in the list)")
@app_commands.choices(ruleset=RULESETS)
async def help_(interaction: discord.Interaction, ruleset: str | None = None) -> None:
    await flows.guarded(interaction, info_flows.help_text(interaction, ruleset))
