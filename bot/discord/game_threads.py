"""Server settings: a thread per game. A lobby opened while the server's `threads` setting was on is marked (the game
setting THREAD_AT_START); the first post after its start makes a public thread from the lobby message, and the game's
posts go there from then on (games.thread_id). A lobby that ends without starting has its message brought up to date
here, since an expiry comes from the bot's own loop with nobody's click to answer.
"""
from __future__ import annotations

import dataclasses
import logging

import discord

from bot.discord import limits
from bot.discord.host import TableHost
from bot.discord.lobby_card import lobby_card
from bot.service.table import PublicPost

log = logging.getLogger("stumpbot.discord.table")  # the table's log: the thread is made as a post goes out

THREAD_AT_START = "thread_at_start"  # a game setting: make the game's thread from its lobby message at the start


async def per_game_thread(client: TableHost, post: PublicPost) -> PublicPost:
    """The post, sent to its game's thread: made from the lobby message by the first post after the start, when
    the lobby was marked for one (an abandoned game's lobby message is brought up to date instead)."""
    manager = client.manager
    if manager is None or post.game.thread_id or post.game.status not in ("active", "abandoned"):
        return post
    if post.game.status == "abandoned":
        await retire_lobby(client, post.game.id)
        return post
    scope = f"game:{post.game.id}"
    if not await manager.store.get_setting(scope, THREAD_AT_START):
        return post
    await manager.store.set_setting(scope, THREAD_AT_START, None)  # once: a failure must not retry every post
    where = await manager.store.get_setting(scope, "lobby")
    try:
        channel_id, message_id = (int(x) for x in (where or "").split(":"))
        channel = client.get_channel(channel_id) or await client.fetch_channel(channel_id)
        lobby = channel.get_partial_message(message_id)  # type: ignore[union-attr]  (a thread needs the guild)
        thread = await lobby.create_thread(name=limits.clip(f"{post.game.title} #{post.game.id}", limits.THREAD_NAME),
                                           auto_archive_duration=10080)
    except (ValueError, AttributeError, discord.HTTPException) as exc:
        log.warning("could not make the thread of game %s (%s): its posts stay in the channel", post.game.id,
                    type(exc).__name__)
        return post
    await manager.store.set_thread(post.game.id, str(thread.id))
    return dataclasses.replace(post, game=dataclasses.replace(post.game, thread_id=str(thread.id)))


async def retire_lobby(client: TableHost, game_id: int) -> None:
    """The lobby message of a game that ended without starting shows how it ended, without its buttons."""
    manager = client.manager
    where = await manager.store.get_setting(f"game:{game_id}", "lobby")
    if not where:
        return
    try:
        channel_id, message_id = (int(x) for x in where.split(":"))
        card = await lobby_card(manager, await manager.views.game(game_id))
        await client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(
            embed=card, view=None, allowed_mentions=discord.AllowedMentions.none())
    except (ValueError, discord.HTTPException) as exc:
        log.warning("could not update the lobby message of game %s (%s)", game_id, type(exc).__name__)
