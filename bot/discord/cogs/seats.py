"""Seat commands: /game substitute, takeseat (which also accepts an offer: Discord allows 25
subcommands in a group, so there is no separate /game accept), botseat. (`/game leave` in a game in progress,
in lobby.py, hands the caller's seat to the bot after a confirmation; civil disorder is `/game deadline missed:`,
in admin.py, for the same reason.)"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, seat_flows
from bot.discord.cogs._shared import game

SEAT = app_commands.Range[str, 1, 10]


@game.command(name="substitute", description="Offer a seat to another member, mid-game (the host, or Manage Server)")
@app_commands.describe(seat="The seat to hand over (as in /game status)", member="Who is offered the seat",
                       game="Game number (default: the game in progress here)")
@app_commands.autocomplete(game=flows.game_choices)
async def substitute(interaction: discord.Interaction, seat: SEAT, member: discord.User,
                     game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.substitute(interaction, seat, member, game))


@game.command(name="takeseat", description="Take the seat the host offered you, or take yours back from the bot")
@app_commands.describe(seat="The seat the bot plays now", game="Game number (default: the game in progress here)")
@app_commands.autocomplete(game=flows.game_choices)
async def takeseat(interaction: discord.Interaction, seat: SEAT, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.takeseat(interaction, seat, game))


@game.command(name="botseat", description="Hand a seat to the built-in bot (the host, or Manage Server)")
@app_commands.describe(seat="The seat the bot will play", game="Game number (default: the game in progress here)")
@app_commands.autocomplete(game=flows.game_choices)
async def botseat(interaction: discord.Interaction, seat: SEAT, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.botseat(interaction, seat, game))
