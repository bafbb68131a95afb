"""What the table (and the dashboard it keeps) needs of the client: Discord's channels and DMs, and the game manager
once the bot has started. The client (client.py) is one. Naming this instead of the client keeps the table below the
client it serves, importing nothing of it, type-only imports included (tests/architecture/test_import_cycles.py)."""
from __future__ import annotations

from typing import Protocol

import discord

from bot.service import GameManager

Channel = discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel


class TableHost(Protocol):
    manager: GameManager | None

    def get_channel(self, id: int, /) -> Channel | None: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

    async def fetch_channel(self, channel_id: int, /) -> Channel: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...
