"""The election-night dashboard on Discord: one message per game, pinned, edited after each turn.

The text is bot/present/dashboard.py's, from the game's public view. The first turn post of a game (its start) sends the
dashboard to the game's thread or channel and pins it; every later turn post edits that message, and the last
one (the game over) leaves the final map and unpins it: the message stays, and the channel's pins are left to the
games still running (a channel holds 50 at most). A game cancelled mid-way is unpinned too. Where it is is stored
with the game's settings (`dashboard`), so the edits go on after a restart; a dashboard deleted meanwhile is sent
again.

Pinning needs the Pin Messages permission (Discord split it out of Manage Messages on 2026-02-23), which the
bot does not require. When a pin fails — no such permission, or the channel's pins used up — the message stays
unpinned, the channel is told why and what an admin can do, once per game, and everything else goes on. Nothing
here may stop the turn post it follows: failures are logged.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
from dataclasses import dataclass

import discord

from bot.discord.host import TableHost
from bot.present import dashboard
from bot.service.table import PublicPost

log = logging.getLogger("stumpbot.discord.dashboard")

SETTING = "dashboard"  # the game's setting: where its dashboard message is
UNPINNED_SAID = "dashboard_unpinned"  # the game's setting: the channel was told why its dashboard is not pinned
UNPINNED = ("📌 I couldn't pin game #{game_id}'s election-night dashboard (the message above): I need the **Pin "
            "Messages** permission in this channel. A server admin can grant it; until then the dashboard is still "
            "kept up to date, just not pinned.")
UNPINNED_FULL = ("📌 I couldn't pin game #{game_id}'s election-night dashboard (the message above): this channel "
                 "already has as many pinned messages as Discord allows (50). A server admin, or anyone with **Pin "
                 "Messages**, can unpin old messages; until then the dashboard is still kept up to date, just not "
                 "pinned. (A game's dashboard is unpinned when the game ends.)")
UNPINNED_OTHER = ("📌 I couldn't pin game #{game_id}'s election-night dashboard (the message above): Discord refused "
                  "the pin. If it goes on, a server admin can check that I have **Pin Messages** here and unpin old "
                  "messages; the dashboard is still kept up to date, just not pinned.")
TOO_MANY_PINS = 30003  # Discord's error code: the channel's pins are used up
ENDED = ("finished", "abandoned")
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True)
class Pinned:
    channel_id: int
    message_id: int
    digest: str = ""  # of the text it shows: an unchanged dashboard is not edited again
    pinned: bool = True  # pinned (or may be: a setting stored without it); False once unpinned or never pinned

    @classmethod
    def parse(cls, value: str | None) -> Pinned | None:
        if not value:
            return None
        try:
            d = json.loads(value)
            return cls(int(d["c"]), int(d["m"]), str(d.get("h", "")), bool(d.get("p", True)))
        except (ValueError, KeyError, TypeError):
            log.warning("unreadable dashboard setting %r", value[:80])
            return None

    def dump(self) -> str:
        return json.dumps({"c": self.channel_id, "m": self.message_id, "h": self.digest, "p": self.pinned})


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


async def stored(client: TableHost, game_id: int) -> Pinned | None:
    return Pinned.parse(await client.manager.store.get_setting(f"game:{game_id}", SETTING))


async def keep_current(client: TableHost, post: PublicPost, channel: discord.abc.Messageable | None) -> None:
    """After a game's turn post: send its dashboard to `channel` (the game's thread or channel) and pin it the first
    time, else edit it to the map now; once the game is over, unpin it."""
    if client.manager is None or post.game.status not in ("active", *ENDED):
        return
    try:
        if post.game.status != "abandoned":  # a cancelled game's dashboard keeps its last map
            await _keep_current(client, post, channel)
        if post.game.status in ENDED:
            await _unpin(client, post.game.id)
    except Exception:  # noqa: BLE001 - the turn post is out; a failed dashboard must not send it again
        log.exception("could not update the dashboard of game %s", post.game.id)


async def _keep_current(client: TableHost, post: PublicPost, channel: discord.abc.Messageable | None) -> None:
    manager = client.manager
    game_id = post.game.id
    text = await dashboard.refresh(manager, game_id)
    if text is None:
        return
    pinned = await stored(client, game_id)
    if pinned is not None:
        if pinned.digest == digest(text):
            return
        message = client.get_partial_messageable(pinned.channel_id).get_partial_message(pinned.message_id)
        try:
            await message.edit(content=text, allowed_mentions=NO_MENTIONS)
            await _store(client, game_id, Pinned(pinned.channel_id, pinned.message_id, digest(text), pinned.pinned))
            return
        except discord.NotFound:
            log.info("the dashboard of game %s was deleted: sending it again", game_id)
    if channel is None:
        return
    try:
        message = await channel.send(content=text, allowed_mentions=NO_MENTIONS)
    except (discord.Forbidden, discord.NotFound) as exc:
        log.warning("could not post the dashboard of game %s (HTTP %s, code %s)", game_id, exc.status, exc.code)
        return
    await _store(client, game_id, Pinned(message.channel.id, message.id, digest(text), pinned=False))
    if post.game.status in ENDED:  # sent again at the very end: nothing to pin
        return
    try:
        await message.pin(reason=f"The election-night dashboard of game #{game_id}")
    except discord.HTTPException as exc:
        log.warning("could not pin the dashboard of game %s (HTTP %s, code %s)", game_id, exc.status, exc.code)
        if isinstance(exc, discord.Forbidden):
            why = UNPINNED
        else:
            why = UNPINNED_FULL if exc.code == TOO_MANY_PINS else UNPINNED_OTHER
        await _say_unpinned(client, game_id, message.channel, why)
        return
    await _store(client, game_id, Pinned(message.channel.id, message.id, digest(text)))


async def _unpin(client: TableHost, game_id: int) -> None:
    """The game is over: its dashboard is unpinned (the message stays), once."""
    pinned = await stored(client, game_id)
    if pinned is None or not pinned.pinned:
        return
    message = client.get_partial_messageable(pinned.channel_id).get_partial_message(pinned.message_id)
    try:
        await message.unpin(reason=f"Game #{game_id} is over")
    except discord.NotFound:
        pass  # deleted meanwhile: nothing is pinned
    except discord.HTTPException as exc:  # no Pin Messages any more: it stays pinned, which is harmless
        log.warning("could not unpin the dashboard of game %s (HTTP %s, code %s)", game_id, exc.status, exc.code)
    await _store(client, game_id, dataclasses.replace(pinned, pinned=False))


async def _say_unpinned(client: TableHost, game_id: int, channel: discord.abc.Messageable, why: str) -> None:
    """Tell the game's channel, once per game, why its dashboard is not pinned and who can fix it."""
    store = client.manager.store
    if await store.get_setting(f"game:{game_id}", UNPINNED_SAID):
        return
    await store.set_setting(f"game:{game_id}", UNPINNED_SAID, "1")  # before sending: never said twice
    try:
        await channel.send(why.format(game_id=game_id), allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as exc:
        log.warning("could not say why game %s's dashboard is unpinned (HTTP %s)", game_id, exc.status)


async def _store(client: TableHost, game_id: int, pinned: Pinned) -> None:
    await client.manager.store.set_setting(f"game:{game_id}", SETTING, pinned.dump())
