"""Configuration from the environment (and a `.env` file beside where the bot runs). See .env.example."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bot.policy.bot_levels import ThinkSettings, settings_from_env
from bot.shards import SHARDS_ENV, ShardPlan, ShardsError, parse_shards
from engine.core.notation import is_number


class ConfigError(ValueError):
    """A setting that is present but malformed: the bot refuses to start and says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    out_dir: Path
    log_level: str
    dev_guild_id: int | None
    shards: ShardPlan | None = None  # STUMPBOT_SHARDS: this process's Discord shards (None: one unsharded process)
    thinking: ThinkSettings | None = None  # STUMPBOT_HARD_*: the budget of the bot's hard decisions


def load_config(env_file: str | os.PathLike[str] | None = ".env") -> Config:
    """The settings; raises ConfigError when one is present but malformed (STUMPBOT_SHARDS, STUMPBOT_HARD_*)."""
    if env_file and Path(env_file).is_file():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)
    token = os.environ.get("DISCORD_TOKEN", "").strip() or None
    guild = os.environ.get("STUMPBOT_DEV_GUILD_ID", "").strip()
    shards_text = os.environ.get(SHARDS_ENV, "").strip()
    try:
        shards = parse_shards(shards_text) if shards_text else None
    except ShardsError as exc:
        raise ConfigError(str(exc)) from None
    try:
        thinking = settings_from_env()
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return Config(
        token=token,
        db_path=Path(os.environ.get("STUMPBOT_DB", "stumpbot-data/stumpbot.sqlite3")),
        out_dir=Path(os.environ.get("STUMPBOT_OUT", "stumpbot-data/images")),
        log_level=os.environ.get("STUMPBOT_LOG_LEVEL", "INFO").upper(),
        dev_guild_id=int(guild) if is_number(guild, 20) else None,
        shards=shards,
        thinking=thinking,
    )
