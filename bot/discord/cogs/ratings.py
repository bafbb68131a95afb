"""Ratings: the top-level /stats and /leaderboard, in servers only (ratings are per server)."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, rating_flows
from bot.discord.cogs._shared import RULESETS


@app_commands.command(name="stats", description="Privately: games, wins, rating and its trend per game, on this server")
@app_commands.describe(member="Whose stats (default: yours)")
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
async def stats_command(interaction: discord.Interaction, member: discord.Member | None = None) -> None:
    await flows.guarded(interaction, rating_flows.stats(interaction, member))


@app_commands.command(name="leaderboard", description="Privately: this server's top players of a game")
@app_commands.describe(ruleset="Which game")
@app_commands.choices(ruleset=RULESETS)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
async def leaderboard_command(interaction: discord.Interaction, ruleset: str) -> None:
    await flows.guarded(interaction, rating_flows.leaderboard(interaction, ruleset))


COMMANDS = [stats_command, leaderboard_command]
