"""/game follow through the real discord.py (SimCord): a member who is not seated follows a game each turn
(a DM copy of every channel post, picture included) or by a daily digest (the bot's sweep, on a fake
clock), stops with `mode:off` (also from the DM), and is refused privately — seated, a finished game,
a game of another server or none, by DM — with nothing changed. Closed DMs hold nothing up."""
from __future__ import annotations

import discord
import pytest

from bot.policy.follow import DIGEST_PERIOD, GIVE_UP_AFTER
from engine.core.rng import Rng
from simworld import RENDER, World, make_bot, open_game
from tests.fakeclock import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def simcord_bot(db_path, clock):
    bot = make_bot(db_path, clock=clock)  # the manager reads the fake clock the test moves
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def bot_moves(w: World, game_id: int, n: int, salt: int = 0) -> None:
    for i in range(n):
        seat = (await w.manager.views.owing(game_id))[0]
        await w.manager.games.bot_move(game_id, seat, Rng(salt + i))


def lines(messages: list[discord.Message]) -> list[str]:
    return [x for m in messages for x in m.content.splitlines() if x.strip()]


async def test_follow_each_turn_then_off(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=336)
    lobby = next(m for m in w.public() if m.embeds and f"game #{game_id}" in (m.embeds[0].title or ""))
    assert f"/game follow game:{game_id}" in (lobby.embeds[0].footer.text or "")  # the lobby says how
    assert any("begins" in m.content and f"/game follow game:{game_id}" in m.content for m in w.public())  # the start too

    r = w.record(await w.carol.slash(w.channel, "game follow", game=game_id))  # each turn by default
    assert r.ephemeral and f"You follow game #{game_id}" in r.response.content and "each of its public posts" in r.response.content
    seen = len(w.public())
    await bot_moves(w, game_id, 3)
    posts = w.public()[seen:]
    copies = w.dms(w.carol)
    assert [m.content for m in copies] == [m.content for m in posts] and len(copies) >= 3
    if RENDER:
        for copy, post in zip(copies, posts):
            assert [await a.read() for a in copy.attachments] == [await a.read() for a in post.attachments]
        assert any(c.attachments for c in copies)

    r = w.record(await w.carol.user.slash("game follow", game=game_id, mode="off"))  # from the DM
    assert r.ephemeral and f"You no longer follow game #{game_id}" in r.response.content
    await bot_moves(w, game_id, 2, salt=10)
    assert len(w.dms(w.carol)) == len(copies)
    r = await w.carol.slash(w.channel, "game follow", game=game_id, mode="off")
    assert r.ephemeral and "You don't follow" in r.response.content


async def test_daily_digest_with_a_fake_clock(world: World, clock: Clock) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=336)
    clock.t += 60
    r = w.record(await w.carol.slash(w.channel, "game follow", game=game_id, mode="digest"))
    assert r.ephemeral and "once a day" in r.response.content
    seen = len(w.public())
    clock.t += 3600
    await bot_moves(w, game_id, 3)
    day = w.public()[seen:]
    clock.t += DIGEST_PERIOD - 3600 - 1
    await w.manager.sweep.run_due_jobs()  # the bot's sweep (its loop runs it every 30 s)
    assert w.dms(w.carol) == []  # nothing as it happens, nor before the day is out
    clock.t += 1
    await w.manager.sweep.run_due_jobs()
    await w.env.advance_time(60)  # …and the loop's own rounds send nothing more
    digests = w.dms(w.carol)
    assert len(digests) == 1
    # the day's posts line by line, without the "To move" line the channel post adds for the moment it is posted
    assert lines(digests)[0].startswith(f"📰 Game #{game_id}")
    assert lines(digests)[1:] == [x for x in lines(day) if not x.startswith("**To move:**")]
    assert not digests[0].embeds and not digests[0].components
    if RENDER:
        last_image = next(a for m in reversed(w.public()) for a in m.attachments)
        assert [await a.read() for a in digests[0].attachments] == [await last_image.read()]
    # A restart sends nothing again (a quiet day sends nothing either: tests/service/test_follow.py).
    fresh = make_bot(w.env.bot.store.path, clock=clock)
    old = w.env.bot
    await w.env.restart_bot(fresh)
    await old.close()
    clock.t += 600
    await w.env.advance_time(60)
    await fresh.manager.sweep.run_due_jobs()
    assert len(w.dms(w.carol)) == 1
    await fresh.store.close()


async def test_refusals_are_private_and_specific(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=336)
    other_guild = w.env.create_guild("Other Place")
    other = other_guild.create_text_channel("games")
    dave = other_guild.add_member(w.env.create_user("dave"))
    before = len(w.public())
    cases = [
        (w.alice, w.channel, {"game": game_id}, "You are seated in game"),
        (w.carol, w.channel, {"game": 99}, "No game #99 in this server."),
        (dave, other, {"game": game_id}, f"No game #{game_id} in this server."),
    ]
    for member, where, options, text in cases:
        r = await member.slash(where, "game follow", **options)
        assert r.ephemeral and text in r.response.content, r.response.content
    r = await w.carol.user.slash("game follow", game=game_id)  # by DM: only `off`
    assert r.ephemeral and "in its server" in r.response.content
    r = w.record(await w.bob.slash(w.channel, "game concede"))
    r = await w.carol.slash(w.channel, "game follow", game=game_id, mode="digest")
    assert r.ephemeral and f"Game #{game_id} is over" in r.response.content
    assert await w.manager.store.followers(game_id) == []
    assert w.dms(w.carol) == [] and not any("follow" in m.content.lower() for m in w.public()[before:]
                                            if "begins" not in m.content)


async def test_closed_dms_end_the_follow_and_the_game_goes_on(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=336)
    r = w.record(await w.carol.slash(w.channel, "game follow", game=game_id))
    assert r.ephemeral
    w.env.inject_error("POST", f"/channels/{w.carol.user.dm_channel.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=None)
    seen = len(w.public())
    await bot_moves(w, game_id, GIVE_UP_AFTER + 1)
    assert await w.manager.store.followers(game_id) == []
    assert await w.manager.store.pending_outbox() == []
    posts = w.public()[seen:]
    assert len({m.content for m in posts}) == len(posts) >= GIVE_UP_AFTER + 1  # each post once, none sent again
