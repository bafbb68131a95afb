"""/reminders: a player's own reminders, for all their games, and whether the channel pings them when they are to move.
Always private; a value that does not read is refused with what is wrong, and nothing changes (the manager
reads every value before it writes any). The rules are bot/policy/reminders.py's and bot/policy/timekeeping.py's."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.policy import reminders
from bot.discord import limits, ui
from bot.discord.flows import manager_of, user_id
from bot.discord.respond import ack, send_private

HOW = ("Set them with `/reminders before:12h,1h quiet:22-08 timezone:Europe/Berlin` (`before:none`: no reminders; "
       "`quiet:off`). A reminder in your quiet hours comes just before they start, else when they end (if that is "
       "before the deadline). `channel_pings:True` pings you in the game's channel too when you are to move. They "
       "apply to all your games, the waits running now included.")


def _embed(title: str, chosen: reminders.ReminderPrefs) -> discord.Embed:
    embed = discord.Embed(title=title, colour=ui.COLOUR, description="\n".join(chosen.describe()))
    embed.set_footer(text=HOW)
    return limits.fit_embed(embed)


async def reminders_command(interaction: discord.Interaction, before: str | None, quiet: str | None,
                            timezone: str | None, channel_pings: bool | None = None) -> None:
    await ack(interaction)
    manager = manager_of(interaction)
    if before is None and quiet is None and timezone is None and channel_pings is None:
        chosen = await manager.clock.reminder_settings(user_id(interaction))
        await send_private(interaction, embeds=[_embed("Your reminders", chosen)])
        return
    chosen = await manager.clock.set_reminders(user_id(interaction), before=before, quiet=quiet, zone=timezone,
                                               channel_pings=channel_pings)
    await send_private(interaction, embeds=[_embed("Your reminders are set", chosen)])


async def zone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for `timezone`: IANA names containing what was typed (at most 25, Discord's limit)."""
    return [app_commands.Choice(name=z, value=z)
            for z in reminders.zone_choices(current or "", limits.AUTOCOMPLETE_CHOICES)]
