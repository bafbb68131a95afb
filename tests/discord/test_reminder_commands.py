"""/reminders through the real discord.py (SimCord): shown and set privately, in a server and by DM; a bad value
is refused privately with what is wrong, and nothing changes; the time zone is suggested as it is typed. The "your
move" DM and a reminder carry a jump link to the game's latest channel post; the stall line reaches the channel."""
from __future__ import annotations

import re

import discord
import pytest

from simworld import World, make_bot, message_text, open_game

LINK = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)/(\d+)")


def virtual_now() -> float:
    return discord.utils.utcnow().timestamp()


AHEAD = [0.0]  # seconds the manager's clock runs ahead of SimCord's (a day of the bot's 30 s loop is too slow to run)


@pytest.fixture
async def simcord_bot(db_path):
    AHEAD[0] = 0.0
    bot = make_bot(db_path, clock=lambda: virtual_now() + AHEAD[0])
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def test_reminders_are_shown_and_set_privately_and_bad_values_refused(world: World) -> None:
    w = world
    r = await w.alice.slash(w.channel, "reminders")
    assert r.ephemeral and "a quarter of the wait" in message_text(r.response) and "Quiet hours: off" in message_text(r.response)
    posted = len(w.public())

    r = await w.alice.slash(w.channel, "reminders", before="12h,1h", quiet="22-08", timezone="Europe/Berlin")
    text = message_text(r.response)
    assert r.ephemeral and "12 h, 1 h before each deadline" in text and "22:00–08:00" in text and "Europe/Berlin" in text
    stored = await w.manager.store.settings(f"user:{w.alice.user.id}")
    assert stored == {"reminders_before": "43200,3600", "reminders_quiet": "1320-480", "timezone": "Europe/Berlin"}

    for options, says in (({"before": "soon"}, "`soon` is not a time before a deadline"),
                          ({"quiet": "25-08"}, "`25` is not a time of day"),
                          ({"timezone": "Mars/Olympus_Mons"}, "`Mars/Olympus_Mons` is not a time zone"),
                          ({"before": "1h", "timezone": "@everyone"}, "is not a time zone")):
        r = await w.alice.slash(w.channel, "reminders", **options)
        assert r.ephemeral and says in r.response.content and "Nothing was changed" in r.response.content, options
        assert "@everyone" not in r.response.content
        assert await w.manager.store.settings(f"user:{w.alice.user.id}") == stored, options
    assert len(w.public()) == posted, "nothing of it in the channel"

    # By DM too; `none` and `off` take them away.
    r = await w.alice.user.slash("reminders", before="none", quiet="off")
    assert r.ephemeral and "Reminders: none" in message_text(r.response) and "Quiet hours: off" in message_text(r.response)
    assert (await w.manager.clock.reminder_settings(str(w.alice.user.id))).offsets == ()


async def test_the_time_zone_is_suggested_as_it_is_typed(world: World) -> None:
    w = world
    assert [c["value"] for c in await w.alice.autocomplete(w.channel, "reminders", "timezone", "berl")] == ["Europe/Berlin"]
    everything = await w.alice.autocomplete(w.channel, "reminders", "timezone", "")
    assert len(everything) == 25
    americas = await w.alice.autocomplete(w.channel, "reminders", "timezone", "america/")
    assert americas and all(c["value"].startswith("America/") for c in americas)


def turn_posts(w: World) -> set[int]:
    """The channel's posts a link may open: not the pinned dashboard, edited in place, nor Discord's notice
    that it was pinned."""
    return {m.id for m in w.public() if m.type is discord.MessageType.default and not message_text(m).startswith("📊")}


async def test_the_your_move_dm_and_a_reminder_link_to_the_latest_post(world: World) -> None:
    w = world
    await w.bob.slash(w.channel, "reminders", before="3h")
    game_id = await open_game(w, deadline_hours=4)
    posts = turn_posts(w)
    first = w.dms(w.bob)[-1]
    found = LINK.search(message_text(first))
    assert found, message_text(first)
    assert (int(found.group(1)), int(found.group(2))) == (w.guild.id, w.channel.id)
    assert int(found.group(3)) in posts, "the link opens a post of the game's channel"
    assert int(found.group(3)) == max(posts), "the latest one"

    await w.env.advance_time(3600 + 45)  # bob's reminder: 3 h before the 4 h deadline
    newest = w.dms(w.bob)[-1]
    assert "Reminder" in message_text(newest)
    link = LINK.search(message_text(newest))
    assert link and int(link.group(3)) == max(turn_posts(w))
    assert "Reminder" not in "\n".join(message_text(m) for m in w.dms(w.alice)), "alice keeps the default (3 h in)"
    assert await w.manager.store.load_journal(game_id) == []


async def test_the_stall_line_reaches_the_channel_once(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=72)
    AHEAD[0] = 24 * 3600 - 60
    await w.env.advance_time(45)
    assert not [m for m in w.public() if m.content.startswith("⏳ Waiting on")], "not before a day has passed"
    await w.env.advance_time(60)
    lines = [m for m in w.public() if m.content.startswith("⏳ Waiting on")]
    assert len(lines) == 1
    assert re.fullmatch(r"⏳ Waiting on DEM \(alice\), REP \(bob\) since <t:\d+:R>\.", lines[0].content), lines[0].content
    assert not lines[0].mentions, "no ping: reminders are the players' own"
    AHEAD[0] += 6 * 3600
    await w.env.advance_time(120)
    assert len([m for m in w.public() if m.content.startswith("⏳ Waiting on")]) == 1
    assert await w.manager.store.load_journal(game_id) == []
