"""DiscordTable: the Table protocol over Discord.

`publish` posts to the game's thread (or channel) one message: the text (what does not fit the content goes on
in embeds below the board), the board PNG as an attachment with alt text, who must move with their deadline, and a
"Show my hand" button. The DM is each
decision's notice: the channel pings only a player whose DMs fail or who chose channel pings,
never the player who just moved. `tell` DMs one seat its news, hand and choices; if the DM is
refused (HTTP 403, code 50007: DMs closed or the bot blocked) it returns False and posts a
content-free nudge, which pings unless the post's line pinged that player for the same decision.

What it builds on, a module each: the seats' live DM prompts (live_prompt.py), a thread per game
(game_threads.py), the followers' DM copies (follower_dms.py).
"""
from __future__ import annotations

import dataclasses
import io
import logging
import discord

from bot.discord import dashboard as dashboards
from bot.discord import jump, limits, ui
from bot.discord.follower_dms import copy_to_followers, dm_follower
from bot.discord.game_threads import per_game_thread
from bot.discord.host import TableHost
from bot.discord.live_prompt import LivePrompt, LivePrompts
from bot.present import posts
from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost

log = logging.getLogger("stumpbot.discord.table")

CANNOT_DM = 50007
NUDGE = "<@{user}>, I can't DM you — use /game hand to see your hand and choices."
REMINDER = "Reminder:"  # the manager's reminder brief: it must notify, so it comes as a new message


class DiscordTable(LivePrompts):
    def __init__(self, client: TableHost) -> None:
        super().__init__(client)
        # game id -> (move number, user ids) the latest post's "To move" line pinged: a player it pinged is not
        # pinged again by the nudge of the DM that fails for the same decision
        self._pinged: dict[int, tuple[int, frozenset[str]]] = {}

    def _destination(self, channel_id: str | None, thread_id: str | None) -> discord.abc.Messageable | None:
        target = thread_id or channel_id
        if not target:
            return None
        channel = self.client.get_channel(int(target))
        return channel if channel is not None else self.client.get_partial_messageable(int(target))  # type: ignore[return-value]

    async def _turn_line(self, post: PublicPost) -> tuple[str, list[discord.Object]]:
        """Who is to move, under the post, and the users it pings (bot/service/clock.py's `to_move`: only a player
        whose DMs fail or who chose channel pings, never the one who just moved)."""
        manager = self.client.manager
        if manager is None or post.game.status != "active":
            return "", []
        seats = await manager.clock.to_move(post.game)
        users = posts.pinged(seats)
        self._pinged[post.game.id] = (post.game.seq, frozenset(users))
        return posts.to_move_line(seats), [discord.Object(int(u)) for u in users]

    async def publish(self, post: PublicPost, *, mention_turn: bool = True) -> list[str] | None:
        """Post in the game's channel; returns the followers a DM copy could not reach (None: no copies made)."""
        post = await per_game_thread(self.client, post)  # server settings
        channel = self._destination(post.game.channel_id, post.game.thread_id)
        if channel is None:
            return
        text = post.text or ""
        if post.final:  # the result post says how to play again
            text = f"{text}\n{ui.REMATCH_HOW_TO}" if text else ui.REMATCH_HOW_TO
        users: list[discord.Object] = []
        tail = ""  # a turn line that pings stays in the content, where a mention notifies
        mention_turn = mention_turn and post.turn_line
        if mention_turn:
            line, users = await self._turn_line(post)
            if line and users:
                tail = line
            elif line:
                text = f"{text}\n{line}" if text else line
        file, text = self._board_file(post, channel, text)
        board = len(post.picture.png) if file is not None and post.picture is not None else 0
        files = [f for f in (file, self._replay_file(post, channel, board)) if f is not None]
        files += self._closeup_file(post, limits.attachment_limit(guild=getattr(channel, "guild", None)) - board)
        parts = limits.pages(text, tail=tail)  # one message, its long text going on in embeds below the board
        if not parts and file is None:
            return None
        if not parts:
            parts = [limits.Page("")]
        posted = await self._send_pages(post, channel, parts, files, users)
        if mention_turn:
            try:
                await self._refresh_prompts(post)
            except Exception:  # noqa: BLE001 - the post is out; a failed refresh must not resend it
                log.exception("could not refresh the DM prompts of game %s", post.game.id)
            await dashboards.keep_current(self.client, post, self._destination(post.game.channel_id, post.game.thread_id))  # the pinned election-night dashboard
        if not posted or not post.followers:
            return None
        # A follower's copy carries the pictures the channel's post did: the board and the close-up, as far as a
        # DM's attachment limit takes them.
        room, pictures = limits.attachment_limit(guild=None), []
        for picture in (post.picture if file is not None else None, post.closeup):
            if picture is not None and len(picture.png) <= room:
                pictures.append(picture)
                room -= len(picture.png)
        return await copy_to_followers(self.client, post, parts, pictures)

    @staticmethod
    def _board_file(post: PublicPost, channel: discord.abc.Messageable, text: str) -> tuple[discord.File | None, str]:
        """The board as the post's attachment, and the post's text: one that says so when the board is too large."""
        if post.picture is None:
            return None, text
        limit = limits.attachment_limit(guild=getattr(channel, "guild", None))
        if len(post.picture.png) > limit:
            log.warning("board image of game %s is %d bytes, over the %d limit: not attached",
                        post.game.id, len(post.picture.png), limit)
            return None, "(The board image was too large to attach; `/game status` shows the board as text.)\n" + text
        return discord.File(io.BytesIO(post.picture.png), filename=post.picture.filename,
                            description=limits.clip(post.picture.alt, limits.ATTACHMENT_DESCRIPTION) or None), text

    async def _send_pages(self, post: PublicPost, channel: discord.abc.Messageable, parts: list[limits.Page],
                          files: list[discord.File], users: list[discord.Object]) -> bool:
        """Send the post's pages, the files and buttons with the last; False when the channel is closed to us."""
        mentions = discord.AllowedMentions(users=users or False, roles=False, everyone=False, replied_user=False)
        view = ui.hand_button_view(post.game.id) if post.game.status == "active" else None
        if post.final or post.replay is not None:  # the result and its replay offer a rematch
            view = ui.rematch_view(post.game.id)
        first = None
        try:
            for i, part in enumerate(parts):
                last = i == len(parts) - 1
                kwargs: dict = {"allowed_mentions": mentions}
                if part.content:
                    kwargs["content"] = part.content
                if part.descriptions:
                    kwargs["embeds"] = part.embeds()
                if last and files:
                    kwargs["files"] = files
                if last and view is not None:
                    kwargs["view"] = view
                if post.key:  # Discord returns the first message for a repeated nonce (discord.py enforces it)
                    kwargs["nonce"] = f"{post.key}.{i}"
                sent = await channel.send(**kwargs)
                first = first or sent
            posted = True
        except (discord.Forbidden, discord.NotFound) as exc:
            # The channel is gone or closed to us: retrying would block every later delivery.
            log.warning("could not post for game %s (HTTP %s, code %s)", post.game.id, exc.status, exc.code)
            posted = False
        if first is not None and self.client.manager is not None:
            try:  # the jump link of the DMs; the post is out, so this must not fail the delivery
                await jump.remember_post(self.client.manager.store, post.game.id, first)
            except Exception:  # noqa: BLE001
                log.exception("could not record the latest post of game %s", post.game.id)
        return posted

    # ------------------------------------------------------------ the replay

    @staticmethod
    def _replay_file(post: PublicPost, channel: discord.abc.Messageable, beside: int) -> discord.File | None:
        """The animated replay (the post after the result), when it fits the upload limit beside a board's `beside`
        bytes (the manager keeps it under 8 MB; in practice it is well under 1 MB)."""
        if post.replay is None:
            return None
        if len(post.replay.png) + beside > limits.attachment_limit(guild=getattr(channel, "guild", None)):
            log.warning("replay of game %s is %d bytes: not attached", post.game.id, len(post.replay.png))
            return None
        return discord.File(io.BytesIO(post.replay.png), filename=post.replay.filename,
                            description=limits.clip(post.replay.alt, limits.ATTACHMENT_DESCRIPTION) or None)

    # ------------------------------------------------------------ a turn's close-up

    @staticmethod
    def _closeup_file(post: PublicPost, room: int) -> list[discord.File]:
        """The close-up as the post's second attachment, when the upload has room for it beside the board."""
        if post.closeup is None:
            return []
        if len(post.closeup.png) > room:
            log.warning("close-up of game %s is %d bytes, %d left in the upload: not attached",
                        post.game.id, len(post.closeup.png), room)
            return []
        return [discord.File(io.BytesIO(post.closeup.png), filename=post.closeup.filename,
                             description=limits.clip(post.closeup.alt, limits.ATTACHMENT_DESCRIPTION) or None)]

    # ------------------------------------------------------------ a seat's brief, by DM

    async def tell(self, brief: PrivateBrief) -> bool:
        """Deliver a seat's brief. Its decision goes into the live prompt when the player is already at it (a
        later step of the same turn, changed options, news that came with them); a new message is sent when the
        player must be told — a decision newly owed, a reminder, news while nothing is owed — and the previous
        live prompt is closed (one line of what was done, or deleted if nothing was)."""
        game_id, seat = brief.game.id, brief.seat
        if brief.coach and (brief.decision is None or not brief.decision.owes_move):
            await self._coach_note(brief)  # a lesson's last words, with no prompt to put them in: a message of their own
            brief = dataclasses.replace(brief, coach="")
        live = await self._held_prompt(brief)
        owes = brief.decision is not None and brief.decision.owes_move
        news = (await self.current_news(game_id, seat, live)) if live is not None else []
        if brief.text:
            news = [*news, [brief.game.seq, brief.text]] if owes else [[brief.game.seq, brief.text]]
        embeds, view = self.render_live(brief, news, await self._link_if_owed(brief))
        reminder = brief.text.startswith(REMINDER)
        own = await self._news_of_own_move(brief, live)
        notify = (owes and (live is None or not live.owes)) or reminder or (bool(brief.text) and not owes and not own)
        if live is not None and view is not None and not notify:
            if await self._edit_in_place(brief, live, embeds, view, news, owes):
                return True
            live = None
        if view is None and live is not None and (own or not brief.text):
            # nothing left to decide: the decision is over, in one line (with the news of its own last move)
            await self.close_live(game_id, seat, live, news=brief.text if own else "")
            await self._store_live(game_id, seat, None)
            return True
        if view is None and not brief.text:
            return True
        if view is None and live is None and not owes and await self._add_to_line(brief):
            return True
        return await self._send_prompt(brief, live, embeds, view, news, owes)

    async def _send_prompt(self, brief: PrivateBrief, live: LivePrompt | None, embeds: list[discord.Embed],
                           view: discord.ui.View | None, news: list[list], owes: bool) -> bool:
        """The brief as a new DM, which becomes the seat's live prompt (the previous one closed); False when the
        DM could not be delivered (the channel tells the player instead, for a decision owed)."""
        game_id, seat = brief.game.id, brief.seat
        try:
            dm = await self.client.create_dm(discord.Object(int(brief.user_id)))
            kwargs: dict = {"embeds": embeds}
            if view is not None:
                kwargs["view"] = view
            message = await dm.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("DM to a player of game %s refused (code %s)", game_id, exc.code)
            if owes:
                await self._refused(brief)
            return False
        except discord.NotFound:
            log.warning("a player of game %s no longer exists", game_id)
            return False
        try:  # delivered: from here on nothing may fail the delivery (it would be sent twice)
            if live is not None:
                await self.close_live(game_id, seat, live)
            fresh = LivePrompt(message.channel.id, message.id, brief.user_id, brief.game.seq, owes,
                               news) if view is not None else None
            await self._store_live(game_id, seat, fresh)
        except Exception:  # noqa: BLE001
            log.exception("could not record the DM prompt of game %s", game_id)
        return True

    async def _coach_note(self, brief: PrivateBrief) -> None:
        """A lesson's last words, in a DM of their own."""
        try:
            dm = await self.client.create_dm(discord.Object(int(brief.user_id)))
            await dm.send(limits.clip(brief.coach, limits.CONTENT), allowed_mentions=discord.AllowedMentions.none())
        except (discord.Forbidden, discord.NotFound):
            log.warning("the coach's words to a player of game %s could not be sent", brief.game.id)

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

    async def _refused(self, brief: PrivateBrief) -> None:
        """A decision's DM could not be delivered: the channel tells the player instead, with one ping per decision —
        none when the post's "To move" line pinged them already, nor for the player who just moved (they are at
        the table)."""
        store = self.client.manager.store
        if not brief.text.startswith(REMINDER):
            last = await store.last_journal_entry(brief.game.id)
            if last is not None and last.seq == brief.game.seq and last.actor == brief.user_id:
                return
        seq, users = self._pinged.get(brief.game.id, (-1, frozenset()))
        if seq != brief.game.seq or brief.user_id not in users:
            await self.nudge(brief)
            return
        seat = next((s for s in await store.list_seats(brief.game.id) if s.seat == brief.seat), None)
        if seat is None or seat.dm_ok is not False:  # the first DM that fails: say where to look, without a ping
            await self.nudge(brief, ping=False)

    async def nudge(self, brief: PrivateBrief, *, ping: bool = True) -> None:
        """Public and content-free: who, and where to look — never anything from the hand."""
        channel = self._destination(brief.game.channel_id, brief.game.thread_id)
        if channel is None:
            return
        users = [discord.Object(int(brief.user_id))] if ping else False
        try:
            await channel.send(NUDGE.format(user=int(brief.user_id)), view=ui.hand_button_view(brief.game.id),
                               allowed_mentions=discord.AllowedMentions(users=users, roles=False, everyone=False))
        except (discord.Forbidden, discord.NotFound):
            log.warning("could not post the DM nudge for game %s", brief.game.id)

    # ------------------------------------------------------------ spectators and members: DMs of public news

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        """A follower's digest: public text and the latest picture, by DM."""
        fits = picture is not None and len(picture.png) <= limits.attachment_limit(guild=None)
        return await dm_follower(self.client, game.id, user_id, limits.pages(text) or [limits.Page("")],
                                 [picture] if fits else [])

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        """A notice about the member (a seat of theirs changed hands), by DM, with a link to the game's channel."""
        link = jump.channel_link(game)
        body = f"{text}\n[↪ Go to the game's channel]({link})" if link else text
        return await dm_follower(self.client, game.id, user_id, limits.pages(body) or [limits.Page("")], [])
