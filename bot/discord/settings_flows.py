"""`/settings`, the Discord side: a server's admins see and change the defaults of
its games. The command is hidden from members without Manage Server (its default permissions), but a server
can grant it to anyone in its Integrations settings, so every flow checks Manage Server itself: anyone else
gets a private refusal and nothing changes. Values are checked by the manager (bot/policy/server_settings.py); a
channel or a role is also checked here against the server (a channel the bot can post in, a role that is
not @everyone). Each change is shown back privately with the default it replaced."""
from __future__ import annotations

import discord

from bot.policy import server_settings
from bot.discord import flows, lobby_flows, ui
from bot.discord.respond import ack, send_private
from bot.service import ManagerError

NOTE = {
    "deadline_hours": "New games on this server get it; games already open keep theirs.",
    "civil_disorder_after": "New games on this server get it; games already open keep theirs (`/clock deadline missed:` changes one game's).",
    "lobby_expiry_hours": "Lobbies opened from now on are cancelled if not started within it.",
    "response_hours": "Every game on this server that did not set its own uses it for its next waits.",
    "vacation_days": "Every game on this server that did not set its own allowance uses it.",
    "threads": "Applies to lobbies opened from now on (`/game new thread:` still decides for one game).",
    "games_channel": "`/game new` anywhere else is refused privately, pointing there.",
    "organizer_role": "Its members may pause, resume, extend, cancel and reseat any game here, like Manage Server.",
}


def _require_manage_server(interaction: discord.Interaction) -> str:
    if interaction.guild_id is None:
        raise ManagerError("Server settings are set in a server.", code="no_guild")
    perms = getattr(interaction, "permissions", None)
    if not (perms and perms.manage_guild):
        raise ManagerError("Only members with the **Manage Server** permission can see or change this server's "
                           "settings. Nothing was changed.", code="not_admin")
    return str(interaction.guild_id)


def _embed(settings: server_settings.ServerSettings) -> discord.Embed:
    embed = discord.Embed(title="Server settings", colour=ui.COLOUR,
                          description="\n".join(server_settings.lines(settings)))
    embed.set_footer(text="Change one with /settings <name>; /settings reset puts one back to its default.")
    return embed


async def show(interaction: discord.Interaction) -> None:
    await ack(interaction)
    guild = _require_manage_server(interaction)
    await send_private(interaction, embeds=[_embed(await flows.manager_of(interaction).community.server_settings(guild))])


async def change(interaction: discord.Interaction, key: str, value: object) -> None:
    await ack(interaction)
    guild = _require_manage_server(interaction)
    settings = await flows.manager_of(interaction).community.set_server_setting(guild, key, value)
    await send_private(interaction, _shown(settings, key, "set"))


def _shown(settings: server_settings.ServerSettings, key: str, verb: str) -> str:
    spec = server_settings.SPECS[key]
    return (f"✅ {spec.label} {verb}: **{spec.show(settings.value(key))}** (default: {spec.show(spec.default)}). "
            f"{NOTE[key]}")


async def games_channel(interaction: discord.Interaction, channel: discord.abc.GuildChannel) -> None:
    await ack(interaction)
    guild = _require_manage_server(interaction)
    manager = flows.manager_of(interaction)
    real = interaction.guild.get_channel(channel.id) if interaction.guild is not None else None
    if not isinstance(real, discord.TextChannel):
        raise ManagerError("The games channel must be a text channel of this server. Nothing was changed.",
                           code="bad_setting")
    threads = (await manager.community.server_settings(guild)).threads
    missing = lobby_flows.missing_permissions(real.permissions_for(real.guild.me), thread=threads, in_thread=False)
    if missing:
        raise ManagerError(f"I can't run games in {real.mention}: I'm missing the "
                           f"{', '.join(f'**{m}**' for m in missing)} permission{'s' if len(missing) > 1 else ''} there. "
                           "Grant them first. Nothing was changed.", code="bad_setting")
    await change(interaction, "games_channel", str(real.id))


async def organizer_role(interaction: discord.Interaction, role: discord.Role) -> None:
    await ack(interaction)
    _require_manage_server(interaction)
    if role.is_default():
        raise ManagerError("@everyone can't be the organizer role: every member would act as every game's host. "
                           "Pick a role of its own. Nothing was changed.", code="bad_setting")
    if role.guild.id != interaction.guild_id:
        raise ManagerError("That role is not one of this server's. Nothing was changed.", code="bad_setting")
    await change(interaction, "organizer_role", str(role.id))


async def reset(interaction: discord.Interaction, key: str) -> None:
    await ack(interaction)
    guild = _require_manage_server(interaction)
    settings = await flows.manager_of(interaction).community.reset_server_setting(guild, key)
    await send_private(interaction, _shown(settings, key, "is back to its default"))
