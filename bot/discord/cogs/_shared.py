"""What the cogs share, below every cog: the three groups their subcommands attach to, the words of the `game` option,
and the ruleset choices of `/game new`, `/game help` and `/leaderboard`. It imports no cog, so the cogs import it and
the package's `all_commands` imports the cogs, one way (tests/architecture/test_import_cycles.py).

The groups, by who reaches for them and how often (Discord allows 25 subcommands and 4,000 characters a group;
tests/discord/test_command_tree.py keeps each at 20 or fewer, with room to grow):
- `/game`: a game's everyday life, from the lobby to the log — what every player uses;
- `/seat`: seats changing hands mid-game (the host's offer, the bot's seats, taking one back);
- `/clock`: time (deadlines and civil disorder, pauses, extensions, vacations), mostly the host's.
"""
from __future__ import annotations

from discord import app_commands

from engine import registry

# Usable in DMs too (/game mine, /game hand, /clock vacation…): a command that names a game checks, in flows.game_here,
# that it belongs to the server it is used in or, by DM, that the user is seated in it.
ANYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False)

game = app_commands.Group(name="game", description="Play US-election board games", allowed_contexts=ANYWHERE)
seat = app_commands.Group(name="seat", description="Seats changing hands mid-game: offers, the bot's seats",
                          allowed_contexts=ANYWHERE)
clock = app_commands.Group(name="clock", description="A game's time: deadlines, pauses, extensions, vacations",
                           allowed_contexts=ANYWHERE)

GAME = "Game number (default: the game here)"  # the `game` option's words, where a command says nothing closer

RULESETS = [app_commands.Choice(name=r.title, value=name) for name, r in registry.RULESETS.items()][:25]
