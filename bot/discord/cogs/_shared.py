"""What the cogs share, below every cog: the one `/game` group their subcommands attach to, and the ruleset choices
of `/game new`, `/game help` and `/leaderboard`. It imports no cog, so the cogs import it and the package's
`all_commands` imports the cogs, one way (tests/architecture/test_import_cycles.py)."""
from __future__ import annotations

from discord import app_commands

from engine import registry

# Usable in DMs too (/game mine, /game hand…): a command that names a game checks, in flows.game_here,
# that it belongs to the server it is used in or, by DM, that the user is seated in it.
game = app_commands.Group(name="game", description="Play US-election board games",
                          allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                          private_channel=False))

RULESETS = [app_commands.Choice(name=r.title, value=name) for name, r in registry.RULESETS.items()][:25]
