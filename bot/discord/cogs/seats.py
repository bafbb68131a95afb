"""/seat: seats changing hands mid-game. offer (the host offers a seat to a member, who accepts with the offer's
button or `/seat take`), take (an offered seat, or one's own back from the bot) and bot (the built-in bot plays a
seat, at a level: easy, normal or hard; on a seat it plays already, a level given changes it; in a lobby it sits
in a free seat from the start) and free (the bot off a lobby seat). `/game leave` in a game in progress (lobby.py) hands the caller's own seat to the bot after a confirmation;
civil disorder (the bot taking a seat over after missed deadlines) is `/clock deadline missed:`."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, lobby_flows, seat_flows
from bot.discord.cogs._shared import seat as seat_group
from bot.policy import bot_levels

SEAT = app_commands.Range[str, 1, 10]
GAME = "Game number (default: the game in progress here)"


@seat_group.command(name="offer", description="Offer a seat to another member, mid-game (the host, or Manage Server)")
@app_commands.describe(seat="The seat to hand over (as in /game status)", member="Who is offered the seat", game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def offer(interaction: discord.Interaction, seat: SEAT, member: discord.User,
                game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.substitute(interaction, seat, member, game))


@seat_group.command(name="take", description="Take the seat the host offered you, or take yours back from the bot")
@app_commands.describe(seat="The seat the bot plays now", game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def take(interaction: discord.Interaction, seat: SEAT, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.takeseat(interaction, seat, game))


async def level_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().casefold()
    return [app_commands.Choice(name=bot_levels.LEVEL_WORDS[level], value=level) for level in bot_levels.LEVELS
            if level.startswith(typed)]


@seat_group.command(name="bot", description="Hand a seat to the built-in bot, or change its level (the host, or Manage Server)")
@app_commands.describe(seat="The seat the bot will play (in a lobby: a free seat, played from the start)",
                       game="Game number (default: the lobby or game in progress here)",
                       level="How well the bot plays it: easy, normal (the default) or hard")
@app_commands.autocomplete(game=flows.game_choices, level=level_choices)
async def bot(interaction: discord.Interaction, seat: SEAT, game: app_commands.Range[int, 1] | None = None,
              level: app_commands.Range[str, 1, 20] | None = None) -> None:
    await flows.guarded(interaction, seat_flows.botseat(interaction, seat, game, level))


@seat_group.command(name="free", description="In a lobby: take the bot off a seat, freeing it (the host, or Manage Server)")
@app_commands.describe(seat="The lobby seat the bot holds", game="Game number (default: the open lobby here)")
@app_commands.autocomplete(game=flows.game_choices)
async def free(interaction: discord.Interaction, seat: SEAT, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.free_bot(interaction, seat, game))
