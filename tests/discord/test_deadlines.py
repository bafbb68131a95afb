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


async def test_a_reminder_comes_as_a_new_message_and_the_old_prompt_goes(world: World) -> None:
    """A decision lives in one DM message, edited in place — but a reminder must notify, so it comes as a
    new message that takes the decision over, and the prompt it replaces (nothing was done in it) is deleted."""
    from simworld import message_text

    w = world
    game_id = await open_game(w, deadline_hours=4)
    before = w.live_menus(w.alice, game_id)
    created = w.dm_created(w.alice)
    assert len(before) == 1
    await w.env.advance_time(3 * 3600 + 45)  # the reminder: a quarter of the wait before the deadline
    assert await journal_len(w, game_id) == 0
    after = w.live_menus(w.alice, game_id)
    assert len(after) == 1 and after != before, "the decision moved to a new message"
    assert w.dm_created(w.alice) == created + 1
    newest = w.dms(w.alice)[-1]
    assert newest.id == after[0] and "Reminder" in message_text(newest)
    assert all(m.id != before[0] for m in w.dms(w.alice)), "the replaced prompt is gone, not left as a dead menu"
