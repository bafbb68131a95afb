"""Pause and resume through the real discord.py (SimCord): the host pauses, the channel is told, a
non-host is refused privately and nothing changes, the deadlines keep their remaining time; a
player declares vacation; the host extends one seat's deadline."""
from __future__ import annotations

import discord
import pytest

from bot.policy.timekeeping import PAUSED_DUE
from simworld import World, make_bot, open_game


def virtual_now() -> float:
    return discord.utils.utcnow().timestamp()


@pytest.fixture
async def simcord_bot(db_path):
    bot = make_bot(db_path, clock=virtual_now)  # the manager reads SimCord's virtual clock
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def deadlines(w: World, game_id: int) -> dict[str, int]:
    return {j.seat: j.due_at for j in await w.manager.store.jobs_for_game(game_id) if j.kind == "deadline"}


async def test_the_host_pauses_and_resumes_and_others_are_refused(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=2)
    due = await deadlines(w, game_id)
    assert set(due) == {"DEM", "REP"}

    # A player who is not the host, and a spectator, are refused privately; nothing is posted or paused.
    posted = len(w.public())
    for member in (w.bob, w.carol):
        r = await member.slash(w.channel, "clock pause")
        assert r.ephemeral and "Only the host" in r.response.content
    assert len(w.public()) == posted
    assert (await w.manager.store.game_time(game_id)).paused_at is None

    await w.env.advance_time(1800)
    r = w.record(await w.alice.slash(w.channel, "clock pause"))
    assert r.ephemeral and "is paused" in r.response.content
    assert any("⏸" in m.content and "paused by alice" in m.content for m in w.public())
    assert all(d == PAUSED_DUE for d in (await deadlines(w, game_id)).values())
    r = await w.alice.slash(w.channel, "game status")
    assert r.ephemeral and "Paused by" in "\n".join(f.value for f in r.response.embeds[0].fields)

    # Hours pass beyond the 2 h deadlines: the bot's loop fires nothing while paused.
    await w.env.advance_time(3 * 3600)
    assert await w.manager.store.load_journal(game_id) == []

    r = await w.bob.slash(w.channel, "clock resume")
    assert r.ephemeral and "Only the host" in r.response.content
    r = w.record(await w.alice.slash(w.channel, "clock resume"))
    assert r.ephemeral and "running again" in r.response.content
    assert any(m.content.startswith("▶") and "resumed by alice" in m.content for m in w.public())
    now = int(virtual_now())
    for seat, at in (await deadlines(w, game_id)).items():
        assert 5400 - 60 <= at - now <= 5400, (seat, at - now)  # 1.5 h of the 2 h were left

    # A player declares vacation; the host extends the other seat. Both privately confirmed, publicly told.
    r = w.record(await w.bob.slash(w.channel, "clock vacation", days=2))
    assert r.ephemeral and "vacation days left" in r.response.content
    assert any("REP (bob) is away until <t:" in m.content for m in w.public())
    r = w.record(await w.alice.slash(w.channel, "clock extend", seat="dem", hours=5))
    assert r.ephemeral and "DEM has 5 more hours" in r.response.content
    r = await w.bob.slash(w.channel, "clock extend", seat="REP", hours=5)
    assert r.ephemeral and "Only the host" in r.response.content
    after = await deadlines(w, game_id)
    assert 5400 + 2 * 86400 - 60 <= after["REP"] - now <= 5400 + 2 * 86400
    assert 5400 + 5 * 3600 - 60 <= after["DEM"] - now <= 5400 + 5 * 3600
