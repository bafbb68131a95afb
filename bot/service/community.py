"""A server's community around its games: its settings, members following a game, their daily digests.

A server's admins set defaults for its new games (bot/policy/server_settings.py): the turn deadline and the
civil-disorder threshold are copied into each new game, so a later change never alters a game under way;
the response-window deadline and the vacation allowance are read by the game's clock for a game that set none
of its own. An open lobby not started in time is cancelled by a job (bot/service/sweep.py).

Spectators (the rules and texts are bot/policy/follow.py's, the rows the store's): a follower gets public
posts only — each as the channel got it (bot/service/delivery.py sends those copies), or a daily digest of the
public lines and the current picture — never anything of a seat's."""

from __future__ import annotations

import logging
from typing import Any


from bot.policy import follow as spectators
from bot.policy import server_settings
from bot.policy.server_settings import ServerSettings
from bot.store import (
    Follower,
    NewJob,
)
from bot.service.context import Context, ManagerError, Service
from bot.service.views import Views
from bot.service.delivery import Delivery

log = logging.getLogger("stumpbot.service.community")


class Community(Service):
    """Server settings, follows and digests."""

    def __init__(self, ctx: Context, views: Views, delivery: Delivery) -> None:
        super().__init__(ctx)
        self.views = views
        self.delivery = delivery

    async def server_settings(self, guild_id: str | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        return ServerSettings.of(await self.store.settings(server_settings.SCOPE.format(guild_id)))

    async def set_server_setting(self, guild_id: str, key: str, value: Any) -> ServerSettings:
        """Change one of a server's settings (the caller checked the member may). Refused, with the allowed
        values, if the value is not one; nothing changes then."""
        text = server_settings.stored(key, value)
        await self.store.set_setting(server_settings.SCOPE.format(guild_id), key, text)
        return await self.server_settings(guild_id)

    async def reset_server_setting(self, guild_id: str, key: str) -> ServerSettings:
        """Back to the default for one setting."""
        server_settings.spec_of(key)
        await self.store.set_setting(server_settings.SCOPE.format(guild_id), key, None)
        return await self.server_settings(guild_id)

    @staticmethod
    def lobby_defaults(guild_id: str | None, server: ServerSettings,
                       now: int) -> tuple[int | None, list[NewJob]]:
        """A new lobby's civil-disorder threshold and expiry job, from its server's settings, written with the
        lobby (None and none: a local game, bot/tables/local.py, has no server and no expiry)."""
        if guild_id is None:
            return None, []
        due = now + server.lobby_expiry_hours * 3600
        return server.civil_disorder_after, [NewJob(kind=server_settings.LOBBY_EXPIRY_JOB, seat=None, due_at=due,
                                                    payload={"hours": server.lobby_expiry_hours})]

    async def follow(self, game_id: int, user_id: str, mode: str, *, guild_id: str | None) -> Follower | None:
        """Follow a lobby or game in progress of this server (mode 'turn' or 'digest'), or stop ('off', also by
        DM). Returns the follow (None after 'off')."""
        if mode not in ("turn", "digest", "off"):
            raise ManagerError("Follow mode: each turn, daily digest or off.", code="bad_option")
        if guild_id is None:  # by DM: a follow can only be stopped ("You don't follow" leaks no game numbers)
            if mode != "off":
                raise ManagerError("Follow a game with `/game follow` in its server; by DM you can only stop a follow "
                                   "(`mode:off`).", code="not_here")
            if not await self.store.unfollow(int(game_id), user_id):
                raise ManagerError(spectators.not_following(game_id), code="not_following")
            return None
        record = await self.views.game_here(game_id, guild_id=guild_id, user_id=user_id)
        if mode == "off":
            if not await self.store.unfollow(record.id, user_id):
                raise ManagerError(spectators.not_following(record.id), code="not_following")
            return None
        why = spectators.refusal(record.id, record.status)
        if why is not None:
            raise ManagerError(why, code="over")
        if any(s.user_id == user_id for s in await self.store.list_seats(record.id)):
            raise ManagerError(spectators.seated_refusal(record.id), code="seated")
        now = self._now()
        return await self.store.follow(record.id, user_id, mode, now,
                                       now + spectators.DIGEST_PERIOD if mode == "digest" else None)

    async def send_digests(self, claimed: list[Follower] | None = None) -> int:
        """Send every daily digest that is due (claimed in the store first: each goes out once; `claimed`: the
        digests the caller's sweep claimed). Returns how many."""
        sent = 0
        if claimed is None:
            claimed = await self.store.claim_digests(self._now(), period=spectators.DIGEST_PERIOD)
        for f in claimed:
            if (to := f.digest_to) is None:  # claimed rows always have their span's end
                continue
            try:
                record = await self.store.get_game(f.game_id)
                if record is None or record.status in spectators.ENDED:
                    await self.store.clear_followers(f.game_id)  # the last post's clean-up never ran (a crash)
                    continue
                if f.user_id not in {w.user_id for w in await self.delivery.watchers(record)}:
                    await self.store.digest_done(f.game_id, f.user_id, to)  # seated now: nothing to send
                    continue
                text = spectators.digest_text(record.id, record.title,
                                              await self.store.public_posts(f.game_id, f.digest_from, to))
                if text and self.table is not None:
                    picture = await self.views.picture(record.id) if self.render and record.status != "lobby" else None
                    last = await self.store.last_journal_entry(record.id)
                    ok = await self.table.forward(self.ctx.ref(record, last.seq if last else 0), f.user_id, text, picture)
                    await self.delivery.note_copy(f, ok)
                    sent += 1
                await self.store.digest_done(f.game_id, f.user_id, to)
            except Exception:  # noqa: BLE001 - one digest's trouble never stops the sweep; its lease runs out, it goes again
                log.exception("the digest of game %s could not be sent", f.game_id)
        return sent
