"""Play commands: /game hand, hint, undo, concede, board, status, log, export, mine — and the top-level /move and /card."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import card_flows, flows, info_flows, play_flows
from bot.discord.cogs._shared import GAME, game


@game.command(name="hand", description="Privately: your hand and your choices (works with DMs closed)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def hand(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, play_flows.show_hand(interaction, game))


@game.command(name="hint", description="Privately: the search's top three moves for you now (games opened with hints=on)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def hint(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, play_flows.hint(interaction, game))


@game.command(name="undo", description="Take back your last step, if nothing was revealed since")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def undo(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, play_flows.undo(interaction, game))


@game.command(name="concede", description="Resign the game")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def concede(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, play_flows.concede(interaction, game))


@game.command(name="board", description="Post the current board image in the game's channel")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def board(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, info_flows.board(interaction, game))


@game.command(name="status", description="Who is playing, whose move it is, and the deadlines")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def status(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, info_flows.status(interaction, game))


@game.command(name="log", description="The whole game, page by page (the last page first)")
@app_commands.describe(page="Page number (1 is the start of the game; the last page by default)", game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def log(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None,
              page: app_commands.Range[int, 1, 99999] | None = None) -> None:
    await flows.guarded(interaction, info_flows.game_log(interaction, game, page))


@game.command(name="export", description="Privately: the game's record as a file (complete, with the seed, after the end)")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def export(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, info_flows.export(interaction, game))


@game.command(name="mine", description="Privately: every game you are seated in, in every server, and whose move it is")
async def mine(interaction: discord.Interaction) -> None:
    await flows.guarded(interaction, info_flows.mine(interaction))


async def _notation_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await play_flows.move_choices(interaction, current, getattr(interaction.namespace, "game", None))


@app_commands.command(name="move", description="Type a move in notation (suggestions show your legal moves)")
@app_commands.describe(notation="Your move in the game's notation — start typing to see your legal moves", game=GAME,
                       again="True to repeat the move you just made (a repeat within a minute asks first)")
@app_commands.autocomplete(notation=_notation_choices, game=flows.game_choices)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
async def move_command(interaction: discord.Interaction, notation: app_commands.Range[str, 1, 300],
                       game: app_commands.Range[int, 1] | None = None, again: bool = False) -> None:
    await flows.guarded(interaction, play_flows.move(interaction, notation, game, again))


@app_commands.command(name="card", description="Privately: a card, event or news card of a game, whole")
@app_commands.describe(card="Its id, as prompts show it", game="Game number (default: the game here)")
@app_commands.autocomplete(game=flows.game_choices)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
async def card_command(interaction: discord.Interaction, card: app_commands.Range[str, 1, 40],
                       game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, card_flows.show_card(interaction, card, game))
