"""The real bot, driven offline through SimCord, storing its games in a real PostgreSQL server: a game
opens, starts and takes moves from DM buttons, and what the channel and the DMs show comes from PostgreSQL."""
from __future__ import annotations

import pytest
from simworld import World, custom_ids, journal_len, latest_prompt, make_bot, open_game

from bot.store import PgStore


@pytest.fixture
async def simcord_bot(db_path, pg_url):
    bot = make_bot(db_path, database=pg_url)
    yield bot
    if bot.store is not None:
        await bot.store.close()


async def test_a_game_through_discord_on_postgresql(world: World) -> None:
    w = world
    assert isinstance(w.manager.store, PgStore)
    game_id = await open_game(w)
    for member in (w.alice, w.bob):  # each plays the first choice of its DM, which the bot edits in place
        prompt = latest_prompt(w, member, game_id)
        button = next(c["custom_id"] for c in custom_ids(prompt) if ":a:" in c["custom_id"])
        r = w.record(await member.user.click(prompt, custom_id=button))
        assert "✅" in r.response.content
    assert await journal_len(w, game_id) == 2
    assert not (w.bot.db_path).exists(), "nothing was written to the SQLite file"
