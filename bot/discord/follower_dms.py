"""Spectators: DMs to followers. A follower gets the channel post itself — the same content, message by message, and
the same image bytes — and nothing else: no buttons (they hold no hand), no mention that pings. A DM that fails is
reported to the manager, never raised: the post is out, and a raise would post it again.
"""
from __future__ import annotations

import io
import logging

import discord

from bot.discord import limits
from bot.discord.host import TableHost
from bot.service.table import Picture, PublicPost

log = logging.getLogger("stumpbot.discord.table")  # the table's log: a follower's copy goes out with each post


async def copy_to_followers(client: TableHost, post: PublicPost, parts: list[limits.Page],
                            pictures: list[Picture]) -> list[str]:
    """The post's copy to each of its followers; returns those it could not reach."""
    missed = []
    for user_id in post.followers:
        if not await dm_follower(client, post.game.id, user_id, parts, pictures):
            missed.append(user_id)
    return missed


async def dm_follower(client: TableHost, game_id: int, user_id: str, parts: list[limits.Page],
                      pictures: list[Picture]) -> bool:
    """The pages and pictures, by DM to one member, without a ping; False when the DM could not be sent."""
    try:
        dm = await client.create_dm(discord.Object(int(user_id)))
        for i, part in enumerate(parts):
            kwargs: dict = {"allowed_mentions": discord.AllowedMentions.none()}
            if part.content:
                kwargs["content"] = part.content
            if part.descriptions:
                kwargs["embeds"] = part.embeds()
            if i == len(parts) - 1 and pictures:
                kwargs["files"] = [discord.File(io.BytesIO(p.png), filename=p.filename,
                                                description=limits.clip(p.alt, limits.ATTACHMENT_DESCRIPTION) or None)
                                   for p in pictures]
            if len(kwargs) > 1:
                await dm.send(**kwargs)
    except (discord.HTTPException, ValueError) as exc:
        log.info("could not DM a follower of game %s (%s)", game_id, type(exc).__name__)
        return False
    except Exception:  # noqa: BLE001 - never let a follower's DM fail the channel's delivery
        log.exception("DM to a follower of game %s failed", game_id)
        return False
    return True
