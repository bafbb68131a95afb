"""Lobby commands: /game new, join, leave, start, list, and /game learn (a guided first game against the bot)."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, info_flows, learn_flows, lobby_flows
from bot.discord.cogs._shared import GAME, RULESETS, game
from bot.present import coach as coaching
from engine import registry


@game.command(name="new", description="Open a game lobby in this channel")
@app_commands.describe(ruleset="Which game", title="A name for this game", deadline_hours="Hours each player has per move",
                       seat="Your seat (suggestions: the game's seats; default: the first free one)",
                       thread="Post the game in its own thread (default: the server's /settings threads)",
                       options="The game's options as name=value — suggestions show the chosen game's own (see /game help)")
@app_commands.choices(ruleset=RULESETS)
@app_commands.autocomplete(seat=lobby_flows.new_seat_choices, options=lobby_flows.option_choices)
async def new(interaction: discord.Interaction, ruleset: str = "electioneer",
              title: app_commands.Range[str, 1, 80] | None = None,
              deadline_hours: app_commands.Range[int, 1, 336] | None = None,
              seat: app_commands.Range[str, 1, 10] | None = None,
              thread: bool | None = None, options: app_commands.Range[str, 1, 200] | None = None) -> None:
    # Each game's options live in `options`, suggested from the chosen ruleset's own model, so no game's words
    # show in another's command (tests/architecture/test_tables_know_no_ruleset.py).
    await flows.guarded(interaction, lobby_flows.new_game(interaction, ruleset, title, deadline_hours, seat, thread,
                                                    options))


@game.command(name="join", description="Take a seat in the open lobby here")
@app_commands.describe(game="Game number (default: the open lobby in this channel)", seat="Which seat (default: the first free)")
@app_commands.autocomplete(game=flows.game_choices, seat=lobby_flows.join_seat_choices)
async def join(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None,
               seat: app_commands.Range[str, 1, 10] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.join(interaction, game, seat))


@game.command(name="leave", description="Leave a lobby; in a game in progress, hand your seat to the bot")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=flows.game_choices)
async def leave(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.leave(interaction, game))


@game.command(name="start", description="Start the game (host only)")
@app_commands.describe(game="Game number (default: the open lobby here)")
@app_commands.autocomplete(game=flows.game_choices)
async def start(interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None) -> None:
    await flows.guarded(interaction, lobby_flows.start(interaction, game))


@game.command(name="list", description="The games in this channel")
async def list_(interaction: discord.Interaction) -> None:
    await flows.guarded(interaction, info_flows.list_games(interaction))


LESSONS = [app_commands.Choice(name=registry.get(name).title, value=name) for name in coaching.titles()][:25]


@game.command(name="learn", description="Learn a game by playing it against the bot by DM, a coach at your side")
@app_commands.describe(ruleset="Which game", coach="False: skip the coach and play a normal game against the bot",
                       hints="False: no /game hint in this game (on by default: it is practice, never rated)")
@app_commands.choices(ruleset=LESSONS)
async def learn(interaction: discord.Interaction, ruleset: str, coach: bool = True, hints: bool = True) -> None:
    await flows.guarded(interaction, learn_flows.learn(interaction, ruleset, coach, hints))
