"""Fixtures: a SimCord world around the real bot (see simworld.py for the helpers)."""
from __future__ import annotations

import pytest
from simworld import World, make_bot


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "stumpbot.sqlite3"


@pytest.fixture
async def simcord_bot(db_path):
    bot = make_bot(db_path)
    yield bot
    if bot.store is not None:
        await bot.store.close()


@pytest.fixture
def world(simcord_env) -> World:
    env = simcord_env
    guild = env.create_guild("Election Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    return World(env=env, bot=env.bot, guild=guild, channel=channel, alice=alice, bob=bob, carol=carol)


