"""Deadlines are rows in the database, fired by the bot's one background loop (never a sleep per
game). SimCord's virtual clock drives both the loop and the manager's clock here."""
from __future__ import annotations

import discord
import pytest

from simworld import World, journal_len, make_bot, open_game


def virtual_now() -> float:
    # discord.utils.utcnow is SimCord's virtual clock under test, the real one in production.
    return discord.utils.utcnow().timestamp()


@pytest.fixture
async def simcord_bot(db_path):
    bot = make_bot(db_path, clock=virtual_now)
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def test_a_missed_deadline_moves_for_the_player(world: World) -> None:
    w = world
    game_id = await open_game(w, deadline_hours=1)
    assert await journal_len(w, game_id) == 0
    await w.env.advance_time(3600 + 45)  # the loop runs every 30 s of virtual time
    journal = await w.manager.store.load_journal(game_id)
    assert {e.actor for e in journal} == {"deadline"} and {e.seat for e in journal} == {"DEM", "REP"}
    assert any("put a policy on the bottom" in m.content for m in w.public())
