"""The bot's level on the local table: `--level hard` plays the bot's seats with the search (a real one, of two
iterations here), the level is kept with the saved game and shown when it is resumed; an unknown level is refused
before anything is opened."""
from __future__ import annotations

import pytest
from terminal_script import Keyboard, play

from bot.policy.bot_levels import LevelError, ThinkSettings
from bot.store import Store

QUICK = ThinkSettings(iterations=2)


async def test_a_hard_bot_plays_the_local_table_and_the_saved_game_keeps_its_level(tmp_path) -> None:
    keyboard = Keyboard(moves=6)
    game_id = await play(tmp_path, "electioneer", keyboard, bot_seats={"REP"}, level="hard", thinking_settings=QUICK,
                         render=False, seed=3)
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        assert (await store.settings(f"game:{game_id}"))["bot_level:REP"] == "hard"
        journal = await store.load_journal(game_id)
        assert len([e for e in journal if e.seat == "REP"]) >= 3  # the bot answered each of DEM's months
    finally:
        await store.close()
    resumed = Keyboard(moves=0)
    await play(tmp_path, "electioneer", resumed, thinking_settings=QUICK, render=False)
    assert "2 players: DEM, REP (bot, hard))" in resumed.text
    easier = Keyboard(moves=0)
    await play(tmp_path, "electioneer", easier, level="easy", thinking_settings=QUICK, render=False)
    assert "2 players: DEM, REP (bot, easy))" in easier.text


async def test_an_unknown_level_is_refused_before_anything_is_opened(tmp_path) -> None:
    with pytest.raises(LevelError, match="`expert` is not a level of the bot. The bot plays at easy, normal or hard."):
        await play(tmp_path, "electioneer", Keyboard(), bot_seats={"REP"}, level="expert")
    assert not (tmp_path / "local.sqlite3").exists()
