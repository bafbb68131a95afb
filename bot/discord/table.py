"""DiscordTable: the Table protocol over Discord.

`publish` posts to the game's thread (or channel) one message: the text (what does not fit the content goes on
in embeds below the board), the board PNG as an attachment with alt text, who must move with their deadline, and a
"Show my hand" button. The DM is each
decision's notice: the channel pings only a player whose DMs fail or who chose channel pings,
never the player who just moved. `tell` DMs one seat its news, hand and choices; if the DM is
refused (HTTP 403, code 50007: DMs closed or the bot blocked) it returns False and posts a
content-free nudge, which pings unless the post's line pinged that player for the same decision.
"""
from __future__ import annotations

import dataclasses
import io
import json
import logging
from dataclasses import dataclass, field
import discord

from bot.discord import dashboard as dashboards
from bot.discord import jump, limits, ui
from bot.discord.host import TableHost
from bot.discord.lobby_card import lobby_card
from bot.present import echo, posts
from bot.service.table import GameRef, Picture, PrivateBrief, PublicPost

log = logging.getLogger("stumpbot.discord.table")

CANNOT_DM = 50007
NUDGE = "<@{user}>, I can't DM you — use /game hand to see your hand and choices."
REMINDER = "Reminder:"  # the manager's reminder brief: it must notify, so it comes as a new message
NEWS_KEPT = 6  # news lines a live prompt keeps (the hand and the choices come first)
STALE_MENU = ("This menu of game #{id} is out of date and nothing was played from it. Your current choices are in "
              "my latest message (or use `/game hand`).")


def one_line(text: str) -> str:
    return " · ".join(x.strip() for x in text.splitlines() if x.strip())


@dataclass
class LivePrompt:
    """Where a seat's live DM prompt is, whose it is, and what it keeps: stored as the game's `dm:<SEAT>` setting."""

    channel_id: int
    message_id: int
    user_id: str  # so a prompt left with a seat's former holder is never kept current
    since: int = -1  # the game's move number when it was sent (-1: unknown, a setting stored without it)
    owes: bool = True  # it was sent for a decision owed (not only for plays allowed any time)
    news: list[list] = field(default_factory=list)  # [move number, private text] shown until the seat moves
    # [move number, text]: the line over the prompt (what the seat just did), kept while the game is at that move
    note: list = field(default_factory=list)

    def note_at(self, seq: int) -> str | None:
        """The line over the prompt, if it was written at move `seq` (a later move makes it old news)."""
        return str(self.note[1]) if len(self.note) == 2 and self.note[0] == seq else None

    @classmethod
    def parse(cls, value: str | None) -> LivePrompt | None:
        if not value:
            return None
        try:
            if value.startswith("{"):
                d = json.loads(value)
                note = d.get("note") or []
                return cls(int(d["c"]), int(d["m"]), str(d.get("u", "")), int(d.get("since", -1)),
                           bool(d.get("owes", True)), [[int(s), str(t)] for s, t in d.get("news", [])],
                           [int(note[0]), str(note[1])] if len(note) == 2 else [])
            parts = value.split(":")  # the older "channel:message:user"
            return cls(int(parts[0]), int(parts[1]), parts[2] if len(parts) > 2 else "")
        except (ValueError, KeyError, TypeError):
            log.warning("unreadable DM prompt setting %r", value[:80])
            return None

    def dump(self) -> str:
        kept = {"note": self.note} if self.note else {}
        return json.dumps({"c": self.channel_id, "m": self.message_id, "u": self.user_id, "since": self.since,
                           "owes": self.owes, "news": self.news[-NEWS_KEPT:], **kept})


class DiscordTable:
    def __init__(self, client: TableHost) -> None:
        self.client = client
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
        post = await self._per_game_thread(post)  # server settings
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
        board = len(post.picture.png) if file is not None and post.picture is not None else 0
        files = [f for f in (file, self._replay_file(post, channel, board)) if f is not None]
        files += self._closeup_file(post, limits.attachment_limit(guild=getattr(channel, "guild", None)) - board)
        parts = limits.pages(text, tail=tail)  # one message, its long text going on in embeds below the board
        if not parts and file is None:
            return None
        if not parts:
            parts = [limits.Page("")]
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
        return await self._copy_to_followers(post, parts, pictures)

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

    # ------------------------------------------------------------ the live DM prompt (the DM stays tidy)
    #
    # A seat's decision in progress lives in ONE direct message, the "live prompt", which the bot edits as the
    # player builds the decision: each step of the walk (card → action → states), each step of a compound turn,
    # the news that comes with it, the fresh move number after someone else's move. A new message is sent only
    # when the player must be told: a decision newly owed, a reminder, or news while nothing is owed. When the
    # decision is over, the live prompt becomes one short line of what was done ("✓ You played: `campaign D03`").
    # Where it is is stored with the game's settings (`dm:<SEAT>`), so the edits go on after a restart.

    async def live_prompt(self, game_id: int, seat: str) -> LivePrompt | None:
        return LivePrompt.parse(await self.client.manager.store.get_setting(f"game:{game_id}", f"dm:{seat}"))

    async def _store_live(self, game_id: int, seat: str, live: LivePrompt | None) -> None:
        await self.client.manager.store.set_setting(f"game:{game_id}", f"dm:{seat}",
                                                    live.dump() if live is not None else None)

    def _message(self, live: LivePrompt) -> discord.PartialMessage:
        return self.client.get_partial_messageable(live.channel_id).get_partial_message(live.message_id)

    async def current_news(self, game_id: int, seat: str, live: LivePrompt) -> list[list]:
        """The news kept in the live prompt: what arrived since the seat's own last move (the player has
        seen it once they act)."""
        if not live.news:
            return []
        first = min(seq for seq, _ in live.news)
        moved = [e.seq for e in await self.client.manager.store.load_journal(game_id, after_seq=first) if e.seat == seat]
        last = max(moved, default=None)
        return [[seq, text] for seq, text in live.news if last is None or seq >= last]

    async def _coach_note(self, brief: PrivateBrief) -> None:
        try:
            dm = await self.client.create_dm(discord.Object(int(brief.user_id)))
            await dm.send(limits.clip(brief.coach, limits.CONTENT), allowed_mentions=discord.AllowedMentions.none())
        except (discord.Forbidden, discord.NotFound):
            log.warning("the coach's words to a player of game %s could not be sent", brief.game.id)

    def render_live(self, brief: PrivateBrief, news: list[list], link: str | None = None
                    ) -> tuple[list[discord.Embed], discord.ui.View | None]:
        """The live prompt's hand embed (with the news it keeps, and `link`, the jump link to the table) and its
        first-step choices."""
        text = "\n".join(t for _, t in news[-NEWS_KEPT:])
        embeds, view = ui.hand_message(dataclasses.replace(brief, text=text))
        return limits.fit_embeds(jump.with_link(embeds, link)), view

    async def _link_if_owed(self, brief: PrivateBrief) -> str | None:
        """The jump link, for a brief whose seat owes a decision."""
        if brief.decision is None or not brief.decision.owes_move:
            return None
        return await jump.table_link(self.client.manager.store, brief.game)

    async def closing_line(self, game_id: int, seat: str, live: LivePrompt) -> str:
        """One short line of what was done in a finished decision; "" when nothing was."""
        if live.since < 0:
            return ""
        entries = [e for e in await self.client.manager.store.load_journal(game_id, after_seq=live.since) if e.seat == seat]
        if not entries:
            return ""
        mine = [f"`{echo.notation(e.notation)}`" for e in entries if e.actor not in ("deadline", "bot")]
        timed = [f"`{echo.notation(e.notation)}`" for e in entries if e.actor == "deadline"]
        botted = [f"`{echo.notation(e.notation)}`" for e in entries if e.actor == "bot"]
        parts = []
        if mine:
            parts.append("You played: " + " · ".join(mine))
        if timed:
            parts.append("at the deadline: " + " · ".join(timed))
        if botted:
            parts.append("the bot played: " + " · ".join(botted))
        return limits.clip(f"✓ Game #{game_id} ({seat}) — " + "; ".join(parts), limits.CONTENT)

    async def close_live(self, game_id: int, seat: str, live: LivePrompt, *, news: str = "") -> None:
        """The decision is over: its live prompt becomes one line of what was done, without buttons (and the news
        its last move brought, `news`); a prompt in which nothing was done is deleted (the newer message holds the
        decision now, with the news it kept)."""
        line = await self.closing_line(game_id, seat, live)
        if line and news:
            line = limits.clip(f"{line}\n-# {one_line(news)}", limits.CONTENT)
        try:
            if line:
                await self._message(live).edit(content=line, embeds=[], view=None, attachments=[])
                last = await self.client.manager.store.last_journal_entry(game_id)
                done = {"c": live.channel_id, "m": live.message_id, "u": live.user_id, "line": line,
                        "seq": last.seq if last is not None else 0, "news": bool(news)}
                await self.client.manager.store.set_setting(f"game:{game_id}", f"dmdone:{seat}", json.dumps(done))
            else:
                try:
                    await self._message(live).delete()
                except discord.HTTPException:
                    await self._message(live).edit(content=STALE_MENU.format(id=game_id), embeds=[], view=None)
        except discord.HTTPException as exc:
            log.info("could not close a DM prompt of game %s (HTTP %s)", game_id, exc.status)

    async def _add_to_line(self, brief: PrivateBrief) -> bool:
        """News of the seat's own last move that arrives once its decision is closed (the cards drawn at the end of
        a turn) goes under that decision's line rather than into a message of its own."""
        store = self.client.manager.store
        raw = await store.get_setting(f"game:{brief.game.id}", f"dmdone:{brief.seat}")
        last = await store.last_journal_entry(brief.game.id)
        if not raw or last is None or last.seat != brief.seat or last.seq != brief.game.seq:
            return False
        try:
            done = json.loads(raw)
            if done["u"] != brief.user_id or int(done["seq"]) != last.seq or done.get("news"):
                return False
            line = limits.clip(f"{done['line']}\n-# {one_line(brief.text)}", limits.CONTENT)
            await self.client.get_partial_messageable(int(done["c"])).get_partial_message(int(done["m"])).edit(
                content=line)
        except (ValueError, KeyError, TypeError, discord.HTTPException):
            return False
        done.update(line=line, news=True)
        await store.set_setting(f"game:{brief.game.id}", f"dmdone:{brief.seat}", json.dumps(done))
        return True

    async def sync(self, game_id: int, seat: str, user_id: str, *, note: str | None = None,
                   refresh: bool = False) -> None:
        """Bring the seat's live prompt up to date — current choices and move number, or, when nothing is left
        to decide, the line of what was done. Never sends a new message (deliveries do that).
        `note`: the line over the prompt (what the seat just did, or why its menu changed). `refresh`: an update
        after a delivery, which keeps the line the prompt shows while the game is still at the move it was written
        at: a post that waited for its channel (bot/service/budget.py) goes out after the move's own line."""
        manager = self.client.manager
        live = await self.live_prompt(game_id, seat)
        if live is None or (live.user_id and live.user_id != user_id):  # "": recorded before users were
            return
        record = await manager.views.game(game_id)
        if record.status != "active":
            await self.close_live(game_id, seat, live)
            await self._store_live(game_id, seat, None)
            return
        brief = await manager.views.brief(game_id, user_id)
        news = await self.current_news(game_id, seat, live)
        embeds, view = self.render_live(brief, news, await self._link_if_owed(brief))
        if view is None:
            await self.close_live(game_id, seat, live)
            await self._store_live(game_id, seat, None)
            return
        if refresh and note is None:
            note = live.note_at(brief.game.seq)
        try:
            await self._message(live).edit(content=note, embeds=embeds, view=view)
        except discord.NotFound:
            await self._store_live(game_id, seat, None)
            return
        except discord.HTTPException as exc:
            log.info("could not refresh a DM prompt in game %s (HTTP %s)", game_id, exc.status)
            return
        owes = brief.decision is not None and brief.decision.owes_move
        kept = [brief.game.seq, note] if note else []
        if news != live.news or (live.owes and not owes) or kept != live.note:
            # owes only ever goes down: a decision newly owed comes with its own message (tell), so the player is told
            live.news, live.owes, live.note = news, live.owes and owes, kept
            await self._store_live(game_id, seat, live)

    async def adopt(self, game_id: int, seat: str, user_id: str, channel_id: int, message_id: int, seq: int,
                    owes: bool) -> None:
        """A DM menu of the current move that is not the live prompt (`/game hand` by DM) becomes the live one."""
        old = await self.live_prompt(game_id, seat)
        if old is not None and old.message_id == message_id:
            return
        if old is not None and old.user_id == user_id:
            await self.close_live(game_id, seat, old)
        await self._store_live(game_id, seat, LivePrompt(channel_id, message_id, user_id, seq, owes))

    async def _refresh_prompts(self, post: PublicPost) -> None:
        """After a move, bring each seat's live DM prompt up to date: hand, deadline, and buttons carrying the
        new move number — or, once the seat has nothing left to decide (or the game is over), the one line of
        what it did. The line over a prompt of what its seat just did stays while the game is at that move: the
        post may go out after the move's own line, once the channel has room (bot/service/budget.py).

        Every move changes the game's seq, which makes older buttons stale by design. When a seat's own options
        did not change (the other player acted in a simultaneous phase), the manager sends no new prompt;
        without this, that seat's next click would only get "the board has changed". One message edit per seat
        per move; the seq check stays the authority for races.
        """
        await self.refresh_all(post.game.id)

    async def refresh_all(self, game_id: int, *, skip: str | None = None) -> None:
        """`sync` every seat's live prompt (but `skip`'s): after a post, and after a move made from Discord (a move
        that posts nothing may still end another seat's decision, and its prompt must say so)."""
        manager = self.client.manager
        if manager is None:
            return
        refs = await manager.store.settings(f"game:{game_id}")
        prompts = {k[3:]: LivePrompt.parse(v) for k, v in refs.items() if k.startswith("dm:") and k[3:] != skip}
        if not prompts:
            return
        seats = {s.seat: s for s in await manager.store.list_seats(game_id)}
        for seat, live in prompts.items():
            holder = seats.get(seat)
            if holder is None or live is None:
                continue
            owner = live.user_id or holder.user_id
            if owner != holder.user_id or holder.controller == "bot":
                await self._retire_prompt(game_id, seat, live.channel_id, live.message_id,
                                          gone=owner != holder.user_id)
                continue
            try:
                await self.sync(game_id, seat, holder.user_id, refresh=True)
            except Exception:  # noqa: BLE001 - a refresh must never break delivery
                log.exception("could not refresh the DM prompt of %s in game %s", seat, game_id)

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
        """Deliver a seat's brief. Its decision goes into the live prompt when the player is already at it (a
        later step of the same turn, changed options, news that came with them); a new message is sent when the
        player must be told — a decision newly owed, a reminder, news while nothing is owed — and the previous
        live prompt is closed (one line of what was done, or deleted if nothing was)."""
        game_id, seat = brief.game.id, brief.seat
        if brief.coach and (brief.decision is None or not brief.decision.owes_move):
            await self._coach_note(brief)  # a lesson's last words, with no prompt to put them in: a message of their own
            brief = dataclasses.replace(brief, coach="")
        live = await self.live_prompt(game_id, seat)
        if live is not None and live.user_id and live.user_id != brief.user_id:  # a former holder's prompt
            await self._retire_prompt(game_id, seat, live.channel_id, live.message_id, gone=True)
            live = None
        owes = brief.decision is not None and brief.decision.owes_move
        news = (await self.current_news(game_id, seat, live)) if live is not None else []
        if brief.text:
            news = [*news, [brief.game.seq, brief.text]] if owes else [[brief.game.seq, brief.text]]
        embeds, view = self.render_live(brief, news, await self._link_if_owed(brief))
        reminder = brief.text.startswith(REMINDER)
        # News that follows the seat's own move (what it drew, what it put aside) needs no new message: the player
        # is at the prompt; other news while nothing is owed does.
        own = False
        if brief.text and live is not None:
            last = await self.client.manager.store.last_journal_entry(game_id)
            own = last is not None and last.seat == seat and last.seq == brief.game.seq
        notify = (owes and (live is None or not live.owes)) or reminder or (bool(brief.text) and not owes and not own)
        if live is not None and view is not None and not notify:
            kept = live.note_at(brief.game.seq)  # the line of what the seat did at this move stays over its prompt
            try:
                await self._message(live).edit(content=kept, embeds=embeds, view=view)
            except discord.NotFound:
                live = None
            else:
                live.news, live.owes, live.note = news, owes, live.note if kept else []
                await self._store_live(game_id, seat, live)
                return True
        if view is None and live is not None and (own or not brief.text):
            # nothing left to decide: the decision is over, in one line (with the news of its own last move)
            await self.close_live(game_id, seat, live, news=brief.text if own else "")
            await self._store_live(game_id, seat, None)
            return True
        if view is None and not brief.text:
            return True
        if view is None and live is None and not owes and await self._add_to_line(brief):
            return True
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

    # ------------------------------------------------------------ server settings: a thread per game
    # A lobby opened while the server's `threads` setting was on is marked (the game setting THREAD_AT_START);
    # the first post after its start makes a public thread from the lobby message, and the game's posts go
    # there from then on (games.thread_id). A lobby that ends without starting has its message brought up to
    # date here, since an expiry comes from the bot's own loop with nobody's click to answer.

    async def _per_game_thread(self, post: PublicPost) -> PublicPost:
        manager = self.client.manager
        if manager is None or post.game.thread_id or post.game.status not in ("active", "abandoned"):
            return post
        if post.game.status == "abandoned":
            await self._retire_lobby(post.game.id)
            return post
        scope = f"game:{post.game.id}"
        if not await manager.store.get_setting(scope, THREAD_AT_START):
            return post
        await manager.store.set_setting(scope, THREAD_AT_START, None)  # once: a failure must not retry every post
        where = await manager.store.get_setting(scope, "lobby")
        try:
            channel_id, message_id = (int(x) for x in (where or "").split(":"))
            channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
            lobby = channel.get_partial_message(message_id)  # type: ignore[union-attr]  (a thread needs the guild)
            thread = await lobby.create_thread(name=limits.clip(f"{post.game.title} #{post.game.id}", limits.THREAD_NAME),
                                               auto_archive_duration=10080)
        except (ValueError, AttributeError, discord.HTTPException) as exc:
            log.warning("could not make the thread of game %s (%s): its posts stay in the channel", post.game.id,
                        type(exc).__name__)
            return post
        await manager.store.set_thread(post.game.id, str(thread.id))
        return dataclasses.replace(post, game=dataclasses.replace(post.game, thread_id=str(thread.id)))

    async def _retire_lobby(self, game_id: int) -> None:
        manager = self.client.manager
        where = await manager.store.get_setting(f"game:{game_id}", "lobby")
        if not where:
            return
        try:
            channel_id, message_id = (int(x) for x in where.split(":"))
            card = await lobby_card(manager, await manager.views.game(game_id))
            await self.client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(
                embed=card, view=None, allowed_mentions=discord.AllowedMentions.none())
        except (ValueError, discord.HTTPException) as exc:
            log.warning("could not update the lobby message of game %s (%s)", game_id, type(exc).__name__)


    # ------------------------------------------------------------ spectators: DMs to followers
    #
    # A follower gets the channel post itself — the same content, message by message, and the same image
    # bytes — and nothing else: no buttons (they hold no hand), no mention that pings. A DM that fails is
    # reported to the manager, never raised: the post is out, and a raise would post it again.

    async def _copy_to_followers(self, post: PublicPost, parts: list[limits.Page], pictures: list[Picture]) -> list[str]:
        missed = []
        for user_id in post.followers:
            if not await self._dm_follower(post.game.id, user_id, parts, pictures):
                missed.append(user_id)
        return missed

    async def forward(self, game: GameRef, user_id: str, text: str, picture: Picture | None) -> bool:
        """A follower's digest: public text and the latest picture, by DM."""
        fits = picture is not None and len(picture.png) <= limits.attachment_limit(guild=None)
        return await self._dm_follower(game.id, user_id, limits.pages(text) or [limits.Page("")],
                                       [picture] if fits else [])

    async def notify(self, game: GameRef, user_id: str, text: str) -> bool:
        """A notice about the member (a seat of theirs changed hands), by DM, with a link to the game's channel."""
        link = jump.channel_link(game)
        body = f"{text}\n[↪ Go to the game's channel]({link})" if link else text
        return await self._dm_follower(game.id, user_id, limits.pages(body) or [limits.Page("")], [])

    async def _dm_follower(self, game_id: int, user_id: str, parts: list[limits.Page], pictures: list[Picture]) -> bool:
        try:
            dm = await self.client.create_dm(discord.Object(int(user_id)))
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


THREAD_AT_START = "thread_at_start"  # a game setting: make the game's thread from its lobby message at the start
