"""/settings: a top-level group for a server's admins. Hidden by default from
members without Manage Server; the flows check it again (settings_flows.py), since a server may grant the
command to others."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.policy import server_settings
from bot.discord import flows, settings_flows

settings = app_commands.Group(name="settings", description="This server's game settings (Manage Server)",
                              default_permissions=discord.Permissions(manage_guild=True), guild_only=True)

KEYS = [app_commands.Choice(name=spec.label, value=key) for key, spec in server_settings.SPECS.items()]


@settings.command(name="show", description="Every setting, its value, and which are the defaults")
async def show(interaction: discord.Interaction) -> None:
    await flows.guarded(interaction, settings_flows.show(interaction))


@settings.command(name="deadline", description="Hours per move in new games (default 48)")
@app_commands.describe(hours="Hours each player has per move, 1 to 336")
async def deadline(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336]) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "deadline_hours", hours))


@settings.command(name="response", description="Hours to answer out of turn, e.g. whether to respond to a rival's play (default 12)")
@app_commands.describe(hours="Hours to answer out of turn, 1 to 336 (never longer than a move's)")
async def response(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 336]) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "response_hours", hours))


@settings.command(name="vacation", description="Away days each player may declare per game (default 14)")
@app_commands.describe(days="Days, 0 to 365 (0: no vacations)")
async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "vacation_days", days))


@settings.command(name="civildisorder", description="Missed deadlines in a row before the bot takes a seat (default 3)")
@app_commands.describe(after="Missed deadlines in a row, 1 to 100; 0: never")
async def civildisorder(interaction: discord.Interaction, after: app_commands.Range[int, 0, 100]) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "civil_disorder_after", after))


@settings.command(name="lobbyexpiry", description="Hours an open lobby waits to be started before it is cancelled")
@app_commands.describe(hours="Hours, 1 to 720 (default 72)")
async def lobbyexpiry(interaction: discord.Interaction, hours: app_commands.Range[int, 1, 720]) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "lobby_expiry_hours", hours))


@settings.command(name="threads", description="Give each game its own thread when it starts (default off)")
@app_commands.describe(enabled="On: each new game's posts go to a thread made from its lobby message")
async def threads(interaction: discord.Interaction, enabled: bool) -> None:
    await flows.guarded(interaction, settings_flows.change(interaction, "threads", enabled))


@settings.command(name="channel", description="The only channel where /game new opens lobbies (default: any)")
@app_commands.describe(channel="A text channel the bot can post in")
async def channel(interaction: discord.Interaction, channel: discord.TextChannel) -> None:
    await flows.guarded(interaction, settings_flows.games_channel(interaction, channel))


@settings.command(name="organizer", description="A role whose members may run any game like Manage Server")
@app_commands.describe(role="The organizer role (not @everyone)")
async def organizer(interaction: discord.Interaction, role: discord.Role) -> None:
    await flows.guarded(interaction, settings_flows.organizer_role(interaction, role))


@settings.command(name="reset", description="Put one setting back to its default")
@app_commands.describe(setting="Which setting")
@app_commands.choices(setting=KEYS)
async def reset(interaction: discord.Interaction, setting: str) -> None:
    await flows.guarded(interaction, settings_flows.reset(interaction, setting))
