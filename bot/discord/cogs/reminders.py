"""/reminders: top-level, in servers and by DM — the choices are the player's, for all their games (channel pings
included)."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.discord import flows, reminder_flows

TEXT = app_commands.Range[str, 1, 100]


@app_commands.command(name="reminders", description="Privately: your reminders before deadlines, quiet hours, time zone")
@app_commands.describe(before="Times before a deadline, like 12h,1h — or none",
                       quiet="Hours without reminders in your time zone, like 22-08 — or off",
                       timezone="Your time zone (IANA name, like Europe/Berlin)",
                       channel_pings="Ping you in the game's channel too when you are to move (else your DM is the notice)")
@app_commands.autocomplete(timezone=reminder_flows.zone_choices)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
async def reminders_command(interaction: discord.Interaction, before: TEXT | None = None, quiet: TEXT | None = None,
                            timezone: TEXT | None = None, channel_pings: bool | None = None) -> None:
    await flows.guarded(interaction, reminder_flows.reminders_command(interaction, before, quiet, timezone,
                                                                      channel_pings))


COMMANDS = [reminders_command]
