"""Jump links: the "your move" DM and its reminders link to the
game's latest post in its channel, so a player goes from the DM to the table in one click.

The table records where each public post of a game went (its first message: a long post reads from there) in
the game's settings, `post` = "<channel>:<message>"; before any post is known the link opens the channel."""
from __future__ import annotations

import discord

from bot.store import Store
from bot.service.table import GameRef

POST_KEY = "post"
BASE = "https://discord.com/channels"


async def remember_post(store: Store, game_id: int, message: discord.Message) -> None:
    await store.set_setting(f"game:{game_id}", POST_KEY, f"{message.channel.id}:{message.id}")


async def table_link(store: Store, game: GameRef) -> str | None:
    """The game's latest channel post, else its channel (thread), else None (a game with no channel)."""
    guild = game.guild_id or "@me"
    raw = await store.get_setting(f"game:{game.id}", POST_KEY)
    if raw:
        channel, _, message = raw.partition(":")
        if channel and message:
            return f"{BASE}/{guild}/{channel}/{message}"
    target = game.thread_id or game.channel_id
    return f"{BASE}/{guild}/{target}" if target else None


def channel_link(game: GameRef) -> str | None:
    """The game's thread (or channel), else None (a game with no channel)."""
    target = game.thread_id or game.channel_id
    return f"{BASE}/{game.guild_id or '@me'}/{target}" if target else None


def with_link(embeds: list[discord.Embed], url: str | None) -> list[discord.Embed]:
    """The hand embed with the jump link as its description's last line."""
    if url and embeds:
        line = f"[↪ Go to the table's latest post]({url})"
        description = embeds[0].description or ""
        embeds[0].description = f"{description}\n{line}" if description else line
    return embeds
