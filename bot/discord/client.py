"""The Discord client: wiring only. Intents: `guilds` (no privileged intents, no message content).

`setup_hook` opens the store and the GameManager, registers the commands and the persistent
components, and starts one background loop that fires due deadlines and delivers the outbox
(deadlines are rows in the database, never a sleep per game). The loop's first run happens
at start, so notifications left undelivered by a restart go out at once.

Sharded (STUMPBOT_SHARDS, bot/shards.py), the bot is a `ShardedStumpbot` (discord.py's AutoShardedBot
running the given shard ids of the given count) and several processes share one PostgreSQL database.
Only the primary process (the one running shard 0) syncs the slash commands; deadlines, reminders, digests,
posts, replays and ratings are claimed or locked in the store, so every process sweeps them.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from pathlib import Path
from typing import Any, Callable

import discord
from discord.ext import commands, tasks

from bot.discord import components
from bot.discord import logging as redaction
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.errors import Tree
from bot.discord.respond import Metrics
from bot.discord.table import DiscordTable
from bot.policy.bot_levels import ThinkSettings
from bot.service import GameManager
from bot.shards import ShardPlan
from bot.store import StoreError
from bot.store.factory import AnyStore, is_postgres_url, open_store, store_target

log = logging.getLogger("stumpbot.discord")

LOOP_SECONDS = 30.0


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class Stumpbot(commands.Bot):
    def __init__(self, db_path: str | Path, *, render: bool = True, sync_commands: bool = True,
                 dev_guild_id: int | None = None, clock: Callable[[], float] | None = None,
                 checkpoints: bool = True, new_seed: Callable[[], int] | None = None,
                 database: str | Path | None = None, shards: ShardPlan | None = None,
                 channel_budget: bool = True, thinking: ThinkSettings | None = None) -> None:
        sharding: dict[str, Any] = {}
        if shards is not None:
            if not isinstance(self, discord.AutoShardedClient):
                raise TypeError("a sharded bot is a ShardedStumpbot: create it with create_bot(..., shards=plan)")
            sharding = {"shard_ids": list(shards.ids), "shard_count": shards.count}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), tree_cls=Tree, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **sharding)
        self.shard_plan = shards
        # The one process (of several sharing the database) that syncs the commands and runs the upkeep that
        # must run once: unsharded, this one; sharded, the one running shard 0.
        self.primary = shards is None or shards.primary
        self.db_path = Path(db_path)
        # Where games are stored: STUMPBOT_DATABASE_URL (postgresql://…) when set, else the SQLite file.
        self.database = database if database is not None else store_target(self.db_path)
        self.render = render
        self.sync_commands = sync_commands
        self.dev_guild_id = dev_guild_id
        self.clock = clock
        self.checkpoints = checkpoints
        self.channel_budget = channel_budget  # at most 5 messages in 5 s per channel (bot/service/budget.py)
        self.new_seed = new_seed
        self.thinking = thinking  # the bot's hard decisions: budget and worker processes (bot/policy/bot_levels.py)
        self.metrics = Metrics()
        self.store: AnyStore | None = None
        self.manager: GameManager | None = None
        self.table = DiscordTable(self)

    # ------------------------------------------------------------ lifecycle

    async def setup_hook(self) -> None:
        from bot.discord.cogs import all_commands, clicks

        if not is_postgres_url(self.database):
            Path(self.database).parent.mkdir(parents=True, exist_ok=True)
        self.store = await open_store(self.database)
        kwargs: dict[str, Any] = {"render": self.render, "channel_budget": self.channel_budget,
                                  "thinking": self.thinking}
        if self.clock is not None:
            kwargs["clock"] = self.clock
        if self.new_seed is not None:
            kwargs["new_seed"] = self.new_seed
        self.manager = GameManager(self.store, self.table, **kwargs)
        components.answer_clicks(clicks)  # what a click runs: the flows, as the commands do
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for command in all_commands():
            self.tree.add_command(command)
        if self.shard_plan is not None:
            log.info("running %s%s", self.shard_plan.describe(), " (primary)" if self.primary else "")
            if not self.shard_plan.everything and not is_postgres_url(self.database):
                log.warning("other processes run the other shards, but the games are in a SQLite file: "
                            "processes on several machines need one PostgreSQL database (STUMPBOT_DATABASE_URL)")
        if self.sync_commands and self.primary:
            await self._sync_if_changed()
        if self.checkpoints:
            self.store.start_background_checkpoints()
        self.upkeep.start()

    async def _sync_if_changed(self) -> None:
        """Sync the slash commands only when their definitions changed (syncs are rate limited)."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = json.dumps([c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)], sort_keys=True)
        digest = hashlib.sha256(payload.encode()).hexdigest()
        key = f"commands:{self.dev_guild_id or 'global'}"
        assert self.store is not None
        if await self.store.get_setting("bot", key) == digest:
            return
        await self.tree.sync(guild=guild)
        await self.store.set_setting("bot", key, digest)
        log.info("slash commands synced (%s)", "guild" if guild else "global")

    @tasks.loop(seconds=LOOP_SECONDS)
    async def upkeep(self) -> None:
        """Fire due deadlines and reminders, then deliver anything undelivered."""
        if self.manager is None:
            return
        try:
            moves = await self.manager.sweep.run_due_jobs()
            if moves:
                log.info("deadlines made %d move(s)", moves)
        except Exception:
            log.exception("running due jobs failed")
        try:
            await self.manager.memory.rate_finished()  # games a crash left unrated; normally none
        except Exception:
            log.exception("rating finished games failed")
        try:
            await self.manager.delivery.flush()
        except Exception:
            log.exception("delivering the outbox failed")
        try:  # claimed in the store (migration 0007): whichever process sweeps first posts a replay, once
            await self.manager.memory.post_replays()  # finished games' animated replays, drawn off the move's path
        except Exception:
            log.exception("posting the replays failed")

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # Stamp interactions as they arrive (synchronously, before any handler runs), so the
        # acknowledgement delay can be measured (respond.ack records it).
        if event_name == "interaction" and args:
            self.metrics.seen(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def close(self) -> None:
        if self.upkeep.is_running():
            self.upkeep.cancel()
        if self.manager is not None:
            self.manager.close()  # the bot's thinking stops; the moves it owes are played after the next start
        await super().close()
        if self.store is not None:
            await self.store.close()


class ShardedStumpbot(Stumpbot, commands.AutoShardedBot):
    """The same bot on discord.py's AutoShardedBot, running the shards of its ShardPlan (STUMPBOT_SHARDS)."""


def create_bot(db_path: str | Path, **options: Any) -> Stumpbot:
    """A bot whose games live in the SQLite file `db_path`, or at `database` (a postgresql:// URL; default:
    STUMPBOT_DATABASE_URL if set). Options: render, sync_commands, dev_guild_id, clock, checkpoints, new_seed, database,
    shards (a ShardPlan: a ShardedStumpbot running those shards; None, the default: one unsharded Stumpbot),
    thinking (a ThinkSettings: the budget of the bot's hard decisions)."""
    if options.get("shards") is not None:
        return ShardedStumpbot(db_path, **options)
    return Stumpbot(db_path, **options)


def run(token: str, db_path: str, *, dev_guild_id: int | None = None, shards: ShardPlan | None = None,
        thinking: ThinkSettings | None = None) -> None:
    """Run the bot until interrupted. The token is passed in (never argv) and redacted from every log."""
    redaction.install(token)
    bot = create_bot(db_path, dev_guild_id=dev_guild_id, shards=shards, thinking=thinking)

    async def main() -> None:
        async with bot:
            await bot.start(token)

    try:
        asyncio.run(main())
    except (StoreError, OSError) as exc:  # e.g. a read-only or full disk, found by the store at start-up
        log.error("Can't start: %s", exc)
        raise SystemExit(1) from None
    except discord.LoginFailure:
        log.error("Discord refused the bot token. Check DISCORD_TOKEN (it is not shown here).")
        raise SystemExit(1) from None
    except discord.PrivilegedIntentsRequired:
        log.error("Discord asked for a privileged intent; Stumpbot needs none. Check the bot's settings.")
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        pass
