"""DiscordTable: the Table protocol over Discord.

`publish` posts to the game's thread (or channel): the text, the board PNG as an attachment
with alt text, a mention of whoever must move with their deadline, and a "Show my hand"
button. `tell` DMs one seat its news, hand and choices; if the DM is refused (HTTP 403, code
50007: DMs closed or the bot blocked) it returns False and posts a content-free nudge.
"""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import limits, ui
from bot.tables.base import GameRef, PrivateBrief, PublicPost

if TYPE_CHECKING:
    from bot.discord.client import Stumpbot

log = logging.getLogger("stumpbot.discord.table")

CANNOT_DM = 50007
NUDGE = "<@{user}>, I can't DM you — use /game hand to see your hand and choices."


class DiscordTable:
    def __init__(self, client: Stumpbot) -> None:
        self.client = client

    def _destination(self, channel_id: str | None, thread_id: str | None) -> discord.abc.Messageable | None:
        target = thread_id or channel_id
        if not target:
            return None
        channel = self.client.get_channel(int(target))
        return channel if channel is not None else self.client.get_partial_messageable(int(target))  # type: ignore[return-value]

    async def _turn_line(self, post: PublicPost) -> tuple[str, list[discord.Object]]:
        manager = self.client.manager
        if manager is None or post.game.status != "active":
            return "", []
        owing = await manager.owing(post.game.id)
        if not owing:
            return "", []
        seats = {s.seat: s for s in await manager.store.list_seats(post.game.id)}
        parts, users = [], []
        for seat in owing:
            holder = seats.get(seat)
            if holder is None:
                continue
            if holder.controller == "bot":  # the bot answers at once: nobody to ping
                parts.append(f"🤖 {seat} (bot)")
                continue
            due = post.game.deadline_at.get(seat)
            parts.append(f"<@{holder.user_id}> ({seat}" + (f", due {ui.ts(due)}" if due else "") + ")")
            users.append(discord.Object(int(holder.user_id)))
        return ("**To move:** " + ", ".join(parts)) if parts else "", users

    async def publish(self, post: PublicPost, *, mention_turn: bool = True) -> None:
        channel = self._destination(post.game.channel_id, post.game.thread_id)
        if channel is None:
            return
        text = post.text or ""
        users: list[discord.Object] = []
        if mention_turn:
            line, users = await self._turn_line(post)
            if line:
                text = f"{text}\n{line}" if text else line
        file = None
        if post.picture is not None:
            limit = limits.attachment_limit(guild=getattr(channel, "guild", None))
            if len(post.picture.png) <= limit:
                file = discord.File(io.BytesIO(post.picture.png), filename=post.picture.filename,
                                    description=limits.clip(post.picture.alt, limits.ATTACHMENT_DESCRIPTION) or None)
            else:
                log.warning("board image of game %s is %d bytes, over the %d limit: not attached",
                            post.game.id, len(post.picture.png), limit)
                text = "(The board image was too large to attach; `/game status` shows the board as text.)\n" + text
        parts = limits.split_content(text)
        if not parts and file is None:
            return
        if not parts:
            parts = [""]
        mentions = discord.AllowedMentions(users=users or False, roles=False, everyone=False, replied_user=False)
        view = ui.hand_button_view(post.game.id) if post.game.status == "active" else None
        try:
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                kwargs: dict = {"allowed_mentions": mentions}
                if part:
                    kwargs["content"] = part
                if last and file is not None:
                    kwargs["file"] = file
                if last and view is not None:
                    kwargs["view"] = view
                await channel.send(**kwargs)
        except (discord.Forbidden, discord.NotFound) as exc:
            # The channel is gone or closed to us: retrying would block every later delivery.
            log.warning("could not post for game %s (HTTP %s, code %s)", post.game.id, exc.status, exc.code)
        if mention_turn:
            try:
                await self._refresh_prompts(post)
            except Exception:  # noqa: BLE001 - the post is out; a failed refresh must not resend it
                log.exception("could not refresh the DM prompts of game %s", post.game.id)

    # ------------------------------------------------------------ keeping DM buttons current

    async def _remember_prompt(self, brief: PrivateBrief, message: discord.Message | None) -> None:
        """The seat's newest DM with buttons is the one kept current; an older one loses its buttons."""
        manager = self.client.manager
        key = f"dm:{brief.seat}"
        old = await manager.store.get_setting(f"game:{brief.game.id}", key)
        # channel:message:user — the user, so a prompt left with a seat's former holder is never kept current
        value = f"{message.channel.id}:{message.id}:{brief.user_id}" if message is not None else None
        if old and old != value:
            channel_id, message_id = (int(x) for x in old.split(":")[:2])
            try:
                await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
            except discord.HTTPException:
                pass
        await manager.store.set_setting(f"game:{brief.game.id}", key, value)

    async def _refresh_prompts(self, post: PublicPost) -> None:
        """After a move, bring each seat's latest DM prompt up to date: hand, deadline, and buttons
        carrying the new move number.

        Every move changes the game's seq, which makes older buttons stale by design. When a
        seat's own options did not change (the other player acted in a simultaneous phase),
        the manager sends no new prompt; without this, that seat's next click would only get
        "the board has changed". One message edit per seat per move; the seq check stays the
        authority for races. When the game is over, the buttons are removed.
        """
        manager = self.client.manager
        if manager is None:
            return
        refs = await manager.store.settings(f"game:{post.game.id}")
        prompts = {k[3:]: v for k, v in refs.items() if k.startswith("dm:")}
        if not prompts:
            return
        seats = {s.seat: s for s in await manager.store.list_seats(post.game.id)}
        for seat, ref in prompts.items():
            holder = seats.get(seat)
            if holder is None:
                continue
            channel_id, message_id = (int(x) for x in ref.split(":")[:2])
            owner = ref.split(":")[2] if ref.count(":") >= 2 else holder.user_id
            if owner != holder.user_id or holder.controller == "bot":
                await self._retire_prompt(post.game.id, seat, channel_id, message_id, gone=owner != holder.user_id)
                continue
            view = None
            changes: dict = {}
            if post.game.status == "active":
                try:
                    brief = await manager.brief(post.game.id, holder.user_id)
                except Exception:  # noqa: BLE001 - a refresh must never break delivery
                    log.exception("could not read the brief of %s in game %s", seat, post.game.id)
                    continue
                embeds, view = ui.hand_message(brief)
                changes["embeds"] = limits.fit_embeds(embeds)
            message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
            try:
                await message.edit(view=view, **changes)
            except discord.HTTPException as exc:
                log.info("could not refresh a DM prompt in game %s (HTTP %s)", post.game.id, exc.status)
            if view is None:
                await manager.store.set_setting(f"game:{post.game.id}", f"dm:{seat}", None)

    async def _retire_prompt(self, game_id: int, seat: str, channel_id: int, message_id: int, *, gone: bool) -> None:
        """The seat changed hands, or the bot plays it: its last DM prompt loses its buttons and is no longer kept
        current (the former holder would otherwise see the new holder's hand). When the holder is gone, the hand
        shown goes too."""
        changes: dict = {"view": None}
        if gone:
            changes.update(content=f"You no longer hold {seat} in game #{game_id}.", embeds=[])
        try:
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**changes)
        except discord.HTTPException as exc:
            log.info("could not retire a DM prompt in game %s (HTTP %s)", game_id, exc.status)
        await self.client.manager.store.set_setting(f"game:{game_id}", f"dm:{seat}", None)

    async def tell(self, brief: PrivateBrief) -> bool:
        embeds, view = ui.hand_message(brief)
        try:
            dm = await self.client.create_dm(discord.Object(int(brief.user_id)))
            kwargs: dict = {"embeds": limits.fit_embeds(embeds)}
            if view is not None:
                kwargs["view"] = view
            message = await dm.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("DM to a player of game %s refused (code %s)", brief.game.id, exc.code)
            if brief.decision is not None and brief.decision.owes_move:
                await self.nudge(brief)
            return False
        except discord.NotFound:
            log.warning("a player of game %s no longer exists", brief.game.id)
            return False
        try:  # delivered: from here on nothing may fail the delivery (it would be sent twice)
            await self._remember_prompt(brief, message if view is not None else None)
        except Exception:  # noqa: BLE001
            log.exception("could not record the DM prompt of game %s", brief.game.id)
        return True

    async def alert(self, game: GameRef, text: str, host_user: str) -> None:
        """Post the notice in the game's channel and DM it to the host: each on its own, since the
        channel may be the very thing that fails."""
        channel = self._destination(game.channel_id, game.thread_id)
        if channel is not None:
            try:
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as exc:
                log.warning("could not post the notice of game %s (HTTP %s)", game.id, exc.status)
        try:
            dm = await self.client.create_dm(discord.Object(int(host_user)))
            await dm.send(text)
        except (discord.HTTPException, ValueError) as exc:
            log.warning("could not DM the notice of game %s to its host (%s)", game.id, type(exc).__name__)

    async def nudge(self, brief: PrivateBrief) -> None:
        """Public and content-free: who, and where to look — never anything from the hand."""
        channel = self._destination(brief.game.channel_id, brief.game.thread_id)
        if channel is None:
            return
        try:
            await channel.send(NUDGE.format(user=int(brief.user_id)), view=ui.hand_button_view(brief.game.id),
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(brief.user_id))],
                                                                        roles=False, everyone=False))
        except (discord.Forbidden, discord.NotFound):
            log.warning("could not post the DM nudge for game %s", brief.game.id)
