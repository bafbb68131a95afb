"""HTTP 429 and 5xx from Discord, through discord.py's real HTTP and rate-limit code against a loopback fake
of its REST API (tests/discord/fake_rest.py): one game's failing channel holds back no other game."""
from __future__ import annotations

import discord
from fake_rest import FakeDiscord

from bot.discord import create_bot
from bot.service.delivery import HOLD_AFTER
from engine.core.rng import Rng
from tests.fakeclock import Clock

HOSTS = ("300000000000000001", "300000000000000002")
GUESTS = ("300000000000000011", "300000000000000012")
CHANNELS = ("111111111111111111", "222222222222222222")


async def test_rate_limits_are_waited_out_and_a_failing_channel_holds_back_only_its_game(tmp_path, monkeypatch) -> None:
    bad, good = CHANNELS
    fake = FakeDiscord(script={bad: 503, good: [429, 429]})  # 503 for ever; two rate limits, then fine
    monkeypatch.setattr(discord.http.Route, "BASE", await fake.start())
    clock = Clock()
    bot = create_bot(tmp_path / "http.sqlite3", render=False, sync_commands=False, checkpoints=False, clock=clock)
    try:
        await bot.login("fake.token-for-the-loopback-fake")  # runs setup_hook: store, manager, upkeep loop
        bot.upkeep.cancel()  # the test drives the deliveries itself
        manager = bot.manager
        games = []
        for host, guest, channel in zip(HOSTS, GUESTS, CHANNELS):
            rec = await manager.games.create("electioneer", host, "Host", seat="DEM", seed=7, channel_id=channel, guild_id="5")
            await manager.games.join(rec.id, guest, "Guest", seat="REP")
            await manager.games.start(rec.id, host)
            games.append(rec.id)
        bad_game, good_game = games
        assert fake.posted[good], "the rate-limited channel's opening post was not delivered after the 429s"
        assert [s for c, s in fake.answered if c == good][:3] == [429, 429, 200]
        assert not fake.posted[bad]
        assert [r.game_id for r in await manager.store.pending_outbox()].count(good_game) == 0
        rng = Rng(9)
        for _ in range(HOLD_AFTER + 1):
            clock.t += 4000  # past every backoff
            owing = await manager.views.owing(good_game)
            await manager.games.bot_move(good_game, owing[0], rng)  # the good game plays on, and is delivered
            await manager.delivery.flush()
        assert not [r for r in await manager.store.pending_outbox() if r.game_id == good_game]
        record = await manager.views.game(bad_game)
        assert record.delivery_held_at is not None
        host_dm = fake.dm_channels[HOSTS[0]]
        notices = [p.get("content", "") for p in fake.posted[host_dm] if "paused" in p.get("content", "")]
        assert len(notices) == 1 and "/game redeliver" in notices[0]
        # The channel works again; the host releases the game and its posts go out in order.
        fake.script[bad] = []
        sent = await manager.delivery.redeliver(bad_game, HOSTS[0])
        assert sent > 0 and fake.posted[bad]
        assert "begins" in fake.posted[bad][0].get("content", "")
        assert not [r for r in await manager.store.pending_outbox() if r.game_id == bad_game]
    finally:
        await bot.close()
        await fake.stop()
