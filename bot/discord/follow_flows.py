"""Spectators, the Discord side: `/game follow game mode`. The rules are the GameManager's
(its "spectators" block) and bot/policy/follow.py's; like every flow, this acknowledges first and answers
privately (flows.py). The DMs themselves are DiscordTable's (copies of channel posts, digests)."""
from __future__ import annotations

import discord

from bot.policy import follow as spectators
from bot.discord import flows
from bot.discord.respond import ack, send_private


async def follow(interaction: discord.Interaction, game_id: int, mode: str) -> None:
    await ack(interaction)
    manager = flows.manager_of(interaction)
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    await manager.community.follow(int(game_id), flows.user_id(interaction), mode, guild_id=guild)
    if mode == "off":
        await send_private(interaction, f"You no longer follow game #{int(game_id)}.")
        return
    record = await manager.views.game(int(game_id))
    await send_private(interaction, spectators.followed_text(record.id, record.title, mode,  # type: ignore[arg-type]
                                                             started=record.status != "lobby"))
