"""The live DM prompt: a seat's decision in progress lives in ONE direct message, which the bot edits as the player
builds the decision: each step of the walk (card → action → states), each step of a compound turn, the news that
comes with it, the fresh move number after someone else's move. A new message is sent only when the player must be
told: a decision newly owed, a reminder, or news while nothing is owed (bot/discord/table.py's `tell` sends it).
When the decision is over, the live prompt becomes one short line of what was done ("✓ You played: `campaign D03`").
Where it is is stored with the game's settings (`dm:<SEAT>`), so the edits go on after a restart.
"""
from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass, field
import discord

from bot.discord import jump, limits, ui
from bot.discord.host import TableHost
from bot.present import echo
from bot.service.table import PrivateBrief, PublicPost

log = logging.getLogger("stumpbot.discord.table")  # the table's log: its DMs and its posts in one place

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


class LivePrompts:
    """The seats' live DM prompts of every game: found, rendered, kept current, closed when the decision is over."""

    def __init__(self, client: TableHost) -> None:
        self.client = client

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


    async def _held_prompt(self, brief: PrivateBrief) -> LivePrompt | None:
        """The seat's live prompt, if its current holder has it; a former holder's prompt is retired."""
        live = await self.live_prompt(brief.game.id, brief.seat)
        if live is not None and live.user_id and live.user_id != brief.user_id:  # a former holder's prompt
            await self._retire_prompt(brief.game.id, brief.seat, live.channel_id, live.message_id, gone=True)
            return None
        return live

    async def _news_of_own_move(self, brief: PrivateBrief, live: LivePrompt | None) -> bool:
        """Whether the brief's news follows the seat's own move (what it drew, what it put aside): the player is at
        the prompt, so it needs no new message; other news while nothing is owed does."""
        if not brief.text or live is None:
            return False
        last = await self.client.manager.store.last_journal_entry(brief.game.id)
        return last is not None and last.seat == brief.seat and last.seq == brief.game.seq

    async def _edit_in_place(self, brief: PrivateBrief, live: LivePrompt, embeds: list[discord.Embed],
                            view: discord.ui.View, news: list[list], owes: bool) -> bool:
        """The decision goes into the live prompt the player is at; False when that message is gone."""
        kept = live.note_at(brief.game.seq)  # the line of what the seat did at this move stays over its prompt
        try:
            await self._message(live).edit(content=kept, embeds=embeds, view=view)
        except discord.NotFound:
            return False
        live.news, live.owes, live.note = news, owes, live.note if kept else []
        await self._store_live(brief.game.id, brief.seat, live)
        return True
