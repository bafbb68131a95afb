"""Sharding: with STUMPBOT_SHARDS the bot is discord.py's AutoShardedBot running those shards, driven
here by SimCord's sharded gateway (events of guilds on other shards never reach it). The process running shard 0
syncs the commands and posts the replays; one without shard 0 does neither. Unset, the bot is what it always was."""
from __future__ import annotations

import random

import discord
import pytest
from discord.ext import commands

from bot.discord.client import ShardedStumpbot, Stumpbot
from bot.shards import ShardPlan
from simworld import World, journal_len, make_bot, open_game, walk_to_move

PRIMARY = ShardPlan(ids=(0, 1), count=4)
SECONDARY = ShardPlan(ids=(2, 3), count=4)


def sharded_world(env, shard_id: int) -> World:
    guild = env.create_guild("Election Night", shard_id=shard_id)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    return World(env=env, bot=env.bot, guild=guild, channel=channel, alice=alice, bob=bob, carol=carol)


async def commands_synced(bot: Stumpbot) -> bool:
    return await bot.store.get_setting("bot", "commands:global") is not None


def test_unsharded_by_default(db_path) -> None:
    bot = make_bot(db_path)
    assert type(bot) is Stumpbot and not isinstance(bot, discord.AutoShardedClient)
    assert bot.primary and bot.shard_plan is None and bot.shard_count is None


class TestPrimary:
    @pytest.fixture
    async def simcord_bot(self, db_path):
        bot = make_bot(db_path, shards=PRIMARY)
        yield bot
        if bot.store is not None:
            await bot.store.close()

    async def test_runs_its_shards_syncs_and_plays_through_dms(self, simcord_env) -> None:
        w = sharded_world(simcord_env, shard_id=1)
        bot = w.bot
        assert isinstance(bot, ShardedStumpbot) and isinstance(bot, commands.AutoShardedBot)
        assert sorted(bot.shard_ids) == [0, 1] and bot.shard_count == 4 and bot.primary
        assert await commands_synced(bot)
        game_id = await open_game(w)
        rng = random.Random(3)
        for _ in range(4):  # the moves are made in DMs, which Discord sends to shard 0
            owing = set(await w.manager.views.owing(game_id))
            member = w.alice if "DEM" in owing else w.bob
            before = await journal_len(w, game_id)
            await walk_to_move(w, member, game_id, rng)
            assert await journal_len(w, game_id) == before + 1


class TestSecondary:
    @pytest.fixture
    async def simcord_bot(self, db_path):
        bot = make_bot(db_path, shards=SECONDARY)
        yield bot
        if bot.store is not None:
            await bot.store.close()

    @pytest.mark.simcord(strict_sync=False)  # the primary process syncs the commands, not this one
    async def test_does_not_sync_but_serves_its_guilds(self, simcord_env) -> None:
        w = sharded_world(simcord_env, shard_id=3)
        bot = w.bot
        assert sorted(bot.shard_ids) == [2, 3] and not bot.primary
        assert not await commands_synced(bot)
        game_id = await open_game(w)  # a guild of its own shards: its slash commands and buttons reach it
        assert (await w.manager.views.game(game_id)).status == "active"

    @pytest.mark.simcord(strict_sync=False)
    async def test_a_guild_on_another_shard_never_reaches_it(self, simcord_env) -> None:
        w = sharded_world(simcord_env, shard_id=0)
        r = await w.alice.slash(w.channel, "game new")
        assert not r.acknowledged
        assert await w.bot.store.list_games() == []
