"""Spectators: /game follow — a member not seated in a game gets its public posts by DM."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.policy import follow as spectators
from bot.discord import flows, follow_flows
from bot.discord.cogs._shared import game

MODES = [app_commands.Choice(name=label, value=value) for label, value in spectators.MODES.items()]


@game.command(name="follow", description="Not playing? Get a game's public posts by DM: each turn, or a daily digest")
@app_commands.describe(game="Game number (in the lobby message, or /game list)",
                       mode="each turn (default), daily digest, or off to stop following")
@app_commands.choices(mode=MODES)
@app_commands.autocomplete(game=flows.game_choices)
async def follow(interaction: discord.Interaction, game: app_commands.Range[int, 1], mode: str = "turn") -> None:
    await flows.guarded(interaction, follow_flows.follow(interaction, game, mode))
